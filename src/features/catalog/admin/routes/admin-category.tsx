import { data } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { categoryPath } from '../../search';
import { categoryOptions, getAdminCategory } from '../categories-admin.server';
import { CategoryForm } from '../components/category-form';
import { catalogAdminMessages } from '../messages';
import type { Route } from './+types/admin-category';

export function meta({ matches, params }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(catalogAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: params.id ? `/admin/category/${params.id}` : '/admin/category',
    title: params.id ? t('categories.title') : t('category.newTitle'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/category (new) and /{locale}/admin/category/{id} (edit). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'categories');
  const locale = guardLocale(args.params);
  if (!args.params.id) return { category: null, parents: await categoryOptions(locale) };
  const id = /^\d{1,9}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const category = id ? await getAdminCategory(id) : null;
  if (!category) throw data(null, { status: 404 });
  return { category, parents: await categoryOptions(locale, id) };
}

export default function AdminCategoryPage({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const { category, parents } = loaderData;
  const name = category ? (locale === 'pl' ? category.namePl : category.nameEn) : '';
  return (
    <div>
      <AdminPageHeader
        title={category ? t('category.editTitle', { name }) : t('category.newTitle')}
        lead={category ? t('common.lastSaved', { version: category.version, date: formatDate(category.updatedAt) }) : undefined}
        actions={
          category?.isActive ? (
            <a
              href={categoryPath(locale, category.id, locale === 'pl' ? category.slugPl : category.slugEn)}
              target="_blank"
              rel="noopener"
              className={secondaryButton}
            >
              {t('common.view')}
            </a>
          ) : undefined
        }
      />
      <CategoryForm key={category ? `${category.id}-${category.version}` : 'new'} category={category} parents={parents} />
    </div>
  );
}
