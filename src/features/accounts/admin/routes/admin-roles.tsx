import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { permissionsBeyond } from '~/core/permissions/permissions';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { rolesAdminMessages } from '../messages';
import { listAdminRoles } from '../roles-admin.server';
import type { Route } from './+types/admin-roles';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/roles', title: translator(rolesAdminMessages, layout.locale)('list.title'), robots: 'noindex' });
}

/** /{locale}/admin/roles: every role with its number of users and permissions. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireAdmin(args, 'roles');
  const list = await listAdminRoles(guardLocale(args.params));
  // The server's rule (no escalation): a role holding more than the viewer can only be looked at.
  return { items: list.map((r) => ({ ...r, beyond: permissionsBeyond(me.can, r.permissions).length > 0 })) };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

export default function AdminRoles({ loaderData }: Route.ComponentProps) {
  const t = useT(rolesAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        cell: ({ row }) => (
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/${locale}/admin/role/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
              {row.original.name}
            </Link>
            {row.original.built_in && <StatusBadge tone="grey">{t('badge.builtIn')}</StatusBadge>}
          </div>
        ),
      },
      { id: 'users', header: t('col.users'), cell: ({ row }) => <span className="tabular-nums">{row.original.users_count}</span> },
      {
        id: 'permissions',
        header: t('col.permissions'),
        cell: ({ row }) => <span className="tabular-nums">{row.original.all_permissions ? t('col.all') : row.original.permissions.length}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('col.actions')}</span>,
        cell: ({ row }) => {
          const r = row.original;
          const fixed = r.all_permissions || r.beyond;
          const reason = r.built_in ? t('delete.builtIn') : r.users_count > 0 ? t('delete.inUse', { count: r.users_count }) : null;
          return (
            <div className="flex items-center justify-end gap-1 whitespace-nowrap">
              <Link
                to={`/${locale}/admin/role/${r.id}`}
                aria-label={`${fixed ? t('view') : t('edit')}: ${r.name}`}
                className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                {fixed ? t('view') : t('edit')}
              </Link>
              {!fixed &&
                (reason ? (
                  <span className="px-2 py-1 text-xs text-slate-600">{reason}</span>
                ) : (
                  <ConfirmDialog
                    trigger={
                      <>
                        {t('delete')}
                        <span className="sr-only">: {r.name}</span>
                      </>
                    }
                    title={t('delete.title')}
                    message={t('delete.confirm', { name: r.name })}
                    submitUrl="/api/admin/roles"
                    id={r.id}
                    onConfirm={() => void revalidator.revalidate()}
                  />
                ))}
            </div>
          );
        },
      },
    ],
    [t, locale, revalidator],
  );
  return (
    <div>
      <AdminPageHeader
        title={t('list.title')}
        lead={t('list.lead')}
        actions={
          <Link to={`/${locale}/admin/role`} className={primaryButton}>
            {t('list.add')}
          </Link>
        }
      />
      <DataTable caption={t('list.caption')} columns={columns} items={loaderData.items} pages={1} page={1} getRowId={(r) => String(r.id)} />
    </div>
  );
}
