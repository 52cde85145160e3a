import { useState } from 'react';
import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { productPath } from '../../search';
import { categoryOptions } from '../categories-admin.server';
import { ActiveBadge } from '../components/active-badge';
import { ProductForm, type SaveStatus } from '../components/product-form';
import { ProductImages } from '../components/product-images';
import { ProductStock } from '../components/product-stock';
import { productStockByWarehouse } from '../../stock.server';
import { catalogAdminMessages } from '../messages';
import { getAdminProduct } from '../products-admin.server';
import { attributeDefinitions } from '../../attributes.server';
import { todayInWarsaw } from '~/core/time/days';
import type { Route } from './+types/admin-product';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(catalogAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/product/${params.id}` : '/admin/product',
    title: params.id ? t('products.title') : t('product.newTitle'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/product (new) and /{locale}/admin/product/{id} (edit, with the images). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'products');
  const locale = guardLocale(args.params);
  const today = todayInWarsaw();
  const [categories, attributeDefs] = await Promise.all([categoryOptions(locale), attributeDefinitions()]);
  if (!args.params.id) return { product: null, categories, today, attributeDefs, stock: [] };
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const product = id ? await getAdminProduct(id) : null;
  if (!product) throw data(null, { status: 404 });
  const stock = await productStockByWarehouse(product.id, locale);
  return { product, categories, today, attributeDefs, stock };
}

export default function AdminProductPage({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const { product, categories, today, attributeDefs, stock } = loaderData;
  const name = product ? (locale === 'pl' ? product.namePl : product.nameEn) : '';
  // The last save's outcome lives here: the form is made anew with the saved version.
  const [save, setSave] = useState<{ productId: number | null; status: SaveStatus }>({ productId: null, status: 'idle' });
  const status = save.productId === (product?.id ?? null) ? save.status : 'idle';
  return (
    <div className="space-y-5">
      <AdminPageHeader
        title={product ? t('product.editTitle', { name }) : t('product.newTitle')}
        lead={
          product ? (
            <span className="inline-flex flex-wrap items-center gap-2">
              <ActiveBadge active={product.isActive} product />
              {t('common.lastSaved', { version: product.version, date: formatDate(product.updatedAt) })}
            </span>
          ) : undefined
        }
        actions={
          product?.isActive ? (
            <a
              href={productPath(locale, product.id, locale === 'pl' ? product.slugPl : product.slugEn)}
              target="_blank"
              rel="noopener"
              className={secondaryButton}
            >
              {t('common.view')}
            </a>
          ) : undefined
        }
      />
      <ProductForm
        key={product ? `${product.id}-${product.version}` : 'new'}
        product={product}
        categories={categories}
        today={today}
        attributeDefs={attributeDefs}
        status={status}
        onStatus={(next, savedId) => setSave({ productId: savedId ?? product?.id ?? null, status: next })}
      />
      {product ? (
        <>
          <ProductImages key={product.id} productId={product.id} initial={product.images} />
          <ProductStock rows={stock} />
        </>
      ) : (
        <AdminCard title={t('product.sectionImages')}>
          <p className="text-sm text-slate-600">{t('product.imagesAfterCreate')}</p>
        </AdminCard>
      )}
    </div>
  );
}
