import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { usersAdminMessages } from '../messages';
import { type AdminUserListItem, listUsers, roleOptions } from '../users-admin.server';
import type { Route } from './+types/admin-users';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/users', title: translator(usersAdminMessages, layout.locale)('list.title'), robots: 'noindex' });
}

/** /{locale}/admin/users: registered users with search, filters and sorting in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'users');
  const q = new URL(args.request.url).searchParams;
  const get = (k: string) => q.get(k)?.slice(0, 100) ?? undefined;
  const [list, roles] = await Promise.all([
    listUsers({
      search: get('search'),
      verified: get('verified'),
      active: get('active'),
      b2b: get('b2b'),
      role: get('role'),
      sort: get('sort'),
      dir: get('dir'),
      page: parsePage(q.get('page')),
    }),
    roleOptions(guardLocale(args.params)),
  ]);
  return { items: list.items, pages: list.pages, page: list.page, total: list.total, roles };
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const t = useT(usersAdminMessages);
  const locale = useLocale();
  const roleName = useMemo(() => new Map(loaderData.roles.map((r) => [Number(r.id), r.name])), [loaderData.roles]);
  const yesNo = [
    { id: '1', name: t('list.yes') },
    { id: '0', name: t('list.no') },
  ];
  const columns = useMemo<ColumnDef<AdminUserListItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/user/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.name || row.original.email}
          </Link>
        ),
      },
      { id: 'email', header: t('col.email'), cell: ({ row }) => <span className="break-all text-slate-800">{row.original.email}</span> },
      { id: 'company', header: t('col.company'), cell: ({ row }) => <span className="text-slate-800">{row.original.company}</span> },
      {
        id: 'status',
        header: t('col.status'),
        cell: ({ row }) => {
          const u = row.original;
          return (
            <div className="flex flex-wrap gap-1">
              <StatusBadge tone={u.is_active ? 'green' : 'amber'}>{u.is_active ? t('badge.active') : t('badge.inactive')}</StatusBadge>
              {!u.has_verified_email && <StatusBadge tone="grey">{t('badge.unverified')}</StatusBadge>}
              {u.has_b2b_access ? (
                <StatusBadge tone="blue">{t('badge.b2b')}</StatusBadge>
              ) : u.is_b2b_request ? (
                <StatusBadge tone="amber">{t('badge.b2bRequest')}</StatusBadge>
              ) : null}
            </div>
          );
        },
      },
      {
        id: 'roles',
        header: t('col.roles'),
        cell: ({ row }) => <span className="text-slate-700">{row.original.role_ids.map((id) => roleName.get(id) ?? `#${id}`).join(', ')}</span>,
      },
      {
        id: 'created_at',
        header: t('col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.created_at)}</span>,
      },
      {
        id: 'last_login_at',
        header: t('col.lastLogin'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.last_login_at ? formatDate(row.original.last_login_at) : '–'}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('col.edit')}</span>,
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/user/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('col.edit')}
            <span className="sr-only">: {row.original.name || row.original.email}</span>
          </Link>
        ),
      },
    ],
    [t, locale, roleName],
  );
  return (
    <div>
      <AdminPageHeader title={t('list.title')} lead={t('list.lead')} />
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={['name', 'email', 'company', 'created_at', 'last_login_at']}
        getRowId={(u) => String(u.id)}
        filters={[
          { name: 'search', label: t('list.search'), type: 'text' },
          { name: 'verified', label: t('list.verified'), type: 'select', options: yesNo },
          { name: 'active', label: t('list.active'), type: 'select', options: yesNo },
          {
            name: 'b2b',
            label: t('list.b2b'),
            type: 'select',
            options: [
              { id: 'request', name: t('list.b2b.request') },
              { id: 'granted', name: t('list.b2b.granted') },
              { id: 'none', name: t('list.b2b.none') },
            ],
          },
          { name: 'role', label: t('list.role'), type: 'select', options: loaderData.roles },
        ]}
      />
    </div>
  );
}
