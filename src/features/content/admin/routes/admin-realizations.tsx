import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
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
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<AdminRealizationListItem, unknown>[]>(
    () => [
      { id: 'image', header: t('col.image'), cell: ({ row }) => <Thumbnail fileId={row.original.image_file_id} /> },
      {
        id: 'title',
        header: t('col.title'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/realization/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.title}
          </Link>
        ),
      },
      { id: 'location', header: t('col.location'), cell: ({ row }) => row.original.location || t('none') },
      { id: 'year', header: t('col.year'), cell: ({ row }) => <span className="tabular-nums">{row.original.year ?? t('none')}</span> },
      { id: 'languages', header: t('col.languages'), cell: ({ row }) => <LanguagesCell hasEn={row.original.has_en} /> },
      { id: 'position', header: t('col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Link
              to={`/${locale}/admin/realization/${row.original.id}`}
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              {t('edit')}
              <span className="sr-only">: {row.original.title}</span>
            </Link>
            <ConfirmDialog
              trigger={
                <>
                  {t('delete')}
                  <span className="sr-only">: {row.original.title}</span>
                </>
              }
              message={t('realization.deleteConfirm', { title: row.original.title })}
              submitUrl="/api/admin/realizations"
              id={row.original.id}
              onConfirm={() => void revalidator.revalidate()}
            />
          </div>
        ),
      },
    ],
    [t, locale, revalidator],
  );
  return (
    <div>
      <AdminPageHeader
        title={t('realizations.title')}
        lead={t('realizations.lead')}
        actions={
          <Link to={`/${locale}/admin/realization`} className={primaryButton}>
            {t('realizations.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('realizations.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={[...REALIZATION_SORTS]}
        getRowId={(r) => String(r.id)}
        filters={[{ name: 'search', label: t('realizations.search'), type: 'text' }]}
      />
    </div>
  );
}
