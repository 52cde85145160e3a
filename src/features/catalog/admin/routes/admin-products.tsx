import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { imageUrl } from '~/core/files/urls';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { categoryOptions } from '../categories-admin.server';
import { ActiveBadge } from '../components/active-badge';
import { catalogAdminMessages } from '../messages';
import { type AdminProductItem, listAdminProducts } from '../products-admin.server';
import { PRODUCT_SORTS } from '../validation';
import type { Route } from './+types/admin-products';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/products', title: translator(catalogAdminMessages, layout.locale)('products.title'), robots: 'noindex' });
}

/** /{locale}/admin/products: search by name or number, category and activity filters, sorting, paging. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'products');
  const locale = guardLocale(args.params);
  const params = new URL(args.request.url).searchParams;
  const category = Number(params.get('category'));
  const [list, categories] = await Promise.all([
    listAdminProducts({
      locale,
      page: parsePage(params.get('page')),
      search: params.get('search')?.slice(0, 100) ?? undefined,
      category: Number.isInteger(category) && category > 0 ? category : undefined,
      active: params.get('active') ?? undefined,
      sort: params.get('sort') ?? undefined,
      dir: params.get('dir') ?? undefined,
    }),
    categoryOptions(locale),
  ]);
  return { list, categories };
}

/** Edit and delete of one row; its own component, so a re-render of the list keeps an open dialog. */
function RowActions({ item }: { item: AdminProductItem }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  return (
    <div className="flex justify-end gap-1">
      <Link to={`/${locale}/admin/product/${item.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
        {t('common.edit')}
        <span className="sr-only">: {item.name}</span>
      </Link>
      <ConfirmDialog
        trigger={
          <>
            {t('common.delete')}
            <span className="sr-only">: {item.name}</span>
          </>
        }
        message={t('products.deleteConfirm', { name: item.name })}
        submitUrl="/api/admin/products"
        id={item.id}
        onConfirm={() => void revalidator.revalidate()}
      />
    </div>
  );
}

export default function AdminProducts({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const { list, categories } = loaderData;
  // Columns change only with the language: cells keep their state (an open dialog) across renders.
  const columns = useMemo<ColumnDef<AdminProductItem, unknown>[]>(() => {
    const tr = translator(catalogAdminMessages, locale);
    return [
      { id: 'id', header: tr('products.col.id'), cell: ({ row }) => <span className="tabular-nums text-slate-600">{row.original.id}</span> },
      {
        id: 'name',
        header: tr('products.col.name'),
        cell: ({ row }) => (
          <div className="flex min-w-56 items-center gap-3">
            {row.original.imageFileId ? (
              <img
                src={imageUrl(row.original.imageFileId, 160)}
                alt=""
                width={48}
                height={36}
                loading="lazy"
                className="h-9 w-12 shrink-0 rounded border border-slate-200 bg-white object-contain"
              />
            ) : (
              <span aria-hidden="true" className="h-9 w-12 shrink-0 rounded border border-dashed border-slate-300 bg-slate-50" />
            )}
            <Link to={`/${locale}/admin/product/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
              {row.original.name}
            </Link>
          </div>
        ),
      },
      {
        id: 'number',
        header: tr('products.col.number'),
        cell: ({ row }) => (
          <span className="font-mono text-xs text-slate-700">
            {row.original.numbers.join(', ')}
            {row.original.numberCount > row.original.numbers.length && (
              <span className="ml-1 font-sans text-slate-500">{tr('products.more', { n: row.original.numberCount - row.original.numbers.length })}</span>
            )}
          </span>
        ),
      },
      { id: 'category', header: tr('products.col.category'), cell: ({ row }) => row.original.categoryName },
      {
        id: 'published_at',
        header: tr('products.col.published'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.publishedAt)}</span>,
      },
      { id: 'is_active', header: tr('products.col.active'), cell: ({ row }) => <ActiveBadge active={row.original.isActive} product /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{tr('common.edit')}</span>,
        cell: ({ row }) => <RowActions item={row.original} />,
      },
    ];
  }, [locale]);
  return (
    <div>
      <AdminPageHeader
        title={t('products.title')}
        lead={t('products.lead')}
        actions={
          <>
            <Link to={`/${locale}/admin/products/import`} className={secondaryButton}>
              {t('products.import')}
            </Link>
            <Link to={`/${locale}/admin/product`} className={primaryButton}>
              {t('products.add')}
            </Link>
          </>
        }
      />
      <DataTable
        caption={t('products.caption')}
        columns={columns}
        items={list.items}
        pages={list.pages}
        page={list.page}
        sortable={PRODUCT_SORTS.filter((s) => s !== 'updated_at')}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('products.filterSearch'), type: 'text' },
          { name: 'category', label: t('products.filterCategory'), type: 'select', options: categories },
          {
            name: 'active',
            label: t('products.filterActive'),
            type: 'select',
            options: [
              { id: '1', name: t('common.activeProduct') },
              { id: '0', name: t('common.inactiveProduct') },
            ],
          },
        ]}
      />
    </div>
  );
}
