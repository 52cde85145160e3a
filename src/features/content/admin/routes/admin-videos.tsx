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
import { type AdminVideoListItem, listAdminVideos } from '../media-admin.server';
import { contentAdminMessages } from '../messages';
import { queryObject, VIDEO_KINDS, VIDEO_SORTS, videoListQuery } from '../validation';
import type { Route } from './+types/admin-videos';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/videos', title: translator(contentAdminMessages, layout.locale)('videos.title'), robots: 'noindex' });
}

/** /{locale}/admin/videos: the videos of both public lists, with search, list filter and sorting in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'videos');
  const query = videoListQuery.parse(queryObject(new URL(args.request.url).searchParams));
  return listAdminVideos(query, guardLocale(args.params));
}

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<AdminVideoListItem, unknown>[]>(
    () => [
      { id: 'poster', header: t('col.poster'), cell: ({ row }) => <Thumbnail fileId={row.original.poster_file_id} /> },
      {
        id: 'title',
        header: t('col.title'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/video/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.title}
          </Link>
        ),
      },
      { id: 'kind', header: t('col.kind'), cell: ({ row }) => <span className="whitespace-nowrap">{t(`kind.${row.original.kind}`)}</span> },
      { id: 'languages', header: t('col.languages'), cell: ({ row }) => <LanguagesCell hasEn={row.original.has_en} /> },
      { id: 'position', header: t('col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Link to={`/${locale}/admin/video/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
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
              message={t('video.deleteConfirm', { title: row.original.title })}
              submitUrl="/api/admin/videos"
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
        title={t('videos.title')}
        lead={t('videos.lead')}
        actions={
          <Link to={`/${locale}/admin/video`} className={primaryButton}>
            {t('videos.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('videos.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={[...VIDEO_SORTS]}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('videos.search'), type: 'text' },
          { name: 'kind', label: t('videos.kind'), type: 'select', options: VIDEO_KINDS.map((k) => ({ id: k, name: t(`kind.${k}`) })) },
        ]}
      />
    </div>
  );
}
