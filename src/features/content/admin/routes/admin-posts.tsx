import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
import { StateBadge } from '../components/state-badge';
import { contentAdminMessages } from '../messages';
import type { AdminPostListItem } from '../posts-admin.server';
import { listAdminPosts } from '../posts-admin.server';
import { POST_STATES, POST_SORTS, postListQuery, queryObject } from '../validation';
import type { Route } from './+types/admin-posts';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/posts', title: translator(contentAdminMessages, layout.locale)('posts.title'), robots: 'noindex' });
}

/** /{locale}/admin/posts: every news post, with search, state filter and sorting in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'posts');
  const query = postListQuery.parse(queryObject(new URL(args.request.url).searchParams));
  return listAdminPosts(query, guardLocale(args.params));
}

export default function AdminPosts({ loaderData }: Route.ComponentProps) {
  const t = useT(contentAdminMessages);
  const locale = useLocale();
  const editUrl = (r: AdminPostListItem) => `/${locale}/admin/post/${r.id}`;
  const columns = useMemo<ColumnDef<AdminPostListItem, unknown>[]>(
    () => [
      titleColumn(
        t('col.title'),
        (r) => r.title,
        (r) => `/${locale}/admin/post/${r.id}`,
      ),
      {
        id: 'published_at',
        header: t('col.date'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.published_at)}</span>,
      },
      { id: 'state', header: t('col.state'), cell: ({ row }) => <StateBadge state={row.original.state} /> },
    ],
    [t, locale],
  );
  return (
    <AdminListPage
      title={t('posts.title')}
      lead={t('posts.lead')}
      caption={t('posts.caption')}
      add={{ to: `/${locale}/admin/post`, label: t('posts.add') }}
      data={loaderData}
      columns={columns}
      sortable={POST_SORTS}
      filters={[
        { name: 'search', label: t('posts.search'), type: 'text' },
        { name: 'state', label: t('posts.state'), type: 'select', options: POST_STATES.map((s) => ({ id: s, name: t(`state.${s}`) })) },
      ]}
      rowActions={{
        editUrl,
        label: (r) => r.title,
        remove: { url: '/api/admin/posts', message: (r) => t('post.deleteConfirm', { title: r.title }) },
      }}
    />
  );
}
