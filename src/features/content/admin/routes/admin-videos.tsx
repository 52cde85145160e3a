import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
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
  const editUrl = (r: AdminVideoListItem) => `/${locale}/admin/video/${r.id}`;
  const columns = useMemo<ColumnDef<AdminVideoListItem, unknown>[]>(
    () => [
      { id: 'poster', header: t('col.poster'), cell: ({ row }) => <Thumbnail fileId={row.original.poster_file_id} /> },
      titleColumn(
        t('col.title'),
        (r) => r.title,
        (r) => `/${locale}/admin/video/${r.id}`,
      ),
      { id: 'kind', header: t('col.kind'), cell: ({ row }) => <span className="whitespace-nowrap">{t(`kind.${row.original.kind}`)}</span> },
      { id: 'languages', header: t('col.languages'), cell: ({ row }) => <LanguagesCell hasEn={row.original.has_en} /> },
      { id: 'position', header: t('col.position'), cell: ({ row }) => <span className="tabular-nums">{row.original.position}</span> },
    ],
    [t, locale],
  );
  return (
    <AdminListPage
      title={t('videos.title')}
      lead={t('videos.lead')}
      caption={t('videos.caption')}
      add={{ to: `/${locale}/admin/video`, label: t('videos.add') }}
      data={loaderData}
      columns={columns}
      sortable={VIDEO_SORTS}
      filters={[
        { name: 'search', label: t('videos.search'), type: 'text' },
        { name: 'kind', label: t('videos.kind'), type: 'select', options: VIDEO_KINDS.map((k) => ({ id: k, name: t(`kind.${k}`) })) },
      ]}
      rowActions={{
        editUrl,
        label: (r) => r.title,
        remove: { url: '/api/admin/videos', message: (r) => t('video.deleteConfirm', { title: r.title }) },
      }}
    />
  );
}
