import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
import { LanguagesCell, Thumbnail } from '../components/media-cells';
import { type AdminRealizationListItem, listAdminRealizations } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import { queryObject, REALIZATION_SORTS, realizationListQuery } from '../validation';
import type { Route } from './+types/admin-realizations';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/admin/realizations',
    title: translator(contentAdminMessages, layout.locale)('realizations.title'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/realizations: every reference installation, with search and sorting in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'realizations');
  const query = realizationListQuery.parse(queryObject(new URL(args.request.url).searchParams));
  return listAdminRealizations(query, guardLocale(args.params));
}

export default function AdminRealizations({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const editUrl = (r: AdminRealizationListItem) => `/${locale}/admin/realization/${r.id}`;
  const columns = useMemo<ColumnDef<AdminRealizationListItem, unknown>[]>(
    () => [
      { id: 'image', header: t('col.image'), cell: ({ row }) => <Thumbnail fileId={row.original.image_file_id} /> },
      titleColumn(
        t('col.title'),
        (r) => r.title,
        (r) => `/${locale}/admin/realization/${r.id}`,
      ),
      { id: 'location', header: t('col.location'), cell: ({ row }) => row.original.location || t('none') },
      { id: 'year', header: t('col.year'), cell: ({ row }) => <span className="tabular-nums">{row.original.year ?? t('none')}</span> },
      { id: 'languages', header: t('col.languages'), cell: ({ row }) => <LanguagesCell hasEn={row.original.has_en} /> },
      { id: 'position', header: t('col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
    ],
    [t, locale],
  );
  return (
    <AdminListPage
      title={t('realizations.title')}
      lead={t('realizations.lead')}
      caption={t('realizations.caption')}
      add={{ to: `/${locale}/admin/realization`, label: t('realizations.add') }}
      data={loaderData}
      columns={columns}
      sortable={REALIZATION_SORTS}
      filters={[{ name: 'search', label: t('realizations.search'), type: 'text' }]}
      rowActions={{
        editUrl,
        label: (r) => r.title,
        remove: { url: '/api/admin/realizations', message: (r) => t('realization.deleteConfirm', { title: r.title }) },
      }}
    />
  );
}
