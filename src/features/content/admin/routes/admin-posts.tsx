import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
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
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<AdminPostListItem, unknown>[]>(
    () => [
      {
        id: 'title',
        header: t('col.title'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/post/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.title}
          </Link>
        ),
      },
      {
        id: 'published_at',
        header: t('col.date'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.published_at)}</span>,
      },
      { id: 'state', header: t('col.state'), cell: ({ row }) => <StateBadge state={row.original.state} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('actions')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Link
              to={`/${locale}/admin/post/${row.original.id}`}
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
              message={t('post.deleteConfirm', { title: row.original.title })}
              submitUrl="/api/admin/posts"
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
        title={t('posts.title')}
        lead={t('posts.lead')}
        actions={
          <Link to={`/${locale}/admin/post`} className={primaryButton}>
            {t('posts.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('posts.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={[...POST_SORTS]}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('posts.search'), type: 'text' },
          { name: 'state', label: t('posts.state'), type: 'select', options: POST_STATES.map((s) => ({ id: s, name: t(`state.${s}`) })) },
        ]}
      />
    </div>
  );
}
