import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { auditMessages } from '~/core/audit/messages';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { type ChangeInfoItem, changeFilterOptions, listChangeInfos } from '../change-infos.server';
import { formatDateTime } from '~/core/time/format';
import { ChangeList } from '../change-view';
import { type ChangeInfoKey, changeInfoMessages } from '../messages';
import { changeListQuery } from '../validation';
import type { Route } from './+types/admin-change-infos';

/** Admin edit screens of the entities that have one (the entry links to the record). */
const ENTITY_PATHS: Record<string, string> = {
  post: 'post',
  static_site: 'static-site',
  video: 'video',
  realization: 'realization',
  role: 'role',
};

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/change-infos', title: translator(changeInfoMessages, layout.locale)('title'), robots: 'noindex' });
}

/** /{locale}/admin/change-infos: the change log with its filters in the URL (admin access only). */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'change_infos');
  const query = changeListQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const [list, options] = await Promise.all([listChangeInfos(query, guardLocale(args.params)), changeFilterOptions()]);
  return { ...list, ...options };
}

export default function AdminChangeInfos({ loaderData }: Route.ComponentProps) {
  const t = useT(changeInfoMessages);
  const a = useT(auditMessages);
  const locale = useLocale();
  const entityName = useMemo(
    () => (entity: string) => {
      const key = `entity.${entity}` as ChangeInfoKey;
      return key in changeInfoMessages.pl ? t(key) : entity;
    },
    [t],
  );
  const columns = useMemo<ColumnDef<ChangeInfoItem, unknown>[]>(
    () => [
      {
        id: 'when',
        header: t('col.when'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(row.original.created_at)}</span>,
      },
      {
        id: 'who',
        header: t('col.who'),
        cell: ({ row }) => (
          <span className="block min-w-36 [overflow-wrap:anywhere]">
            {row.original.user_email ?? <span className="italic text-slate-500">{t('system')}</span>}
          </span>
        ),
      },
      {
        id: 'what',
        header: t('col.what'),
        cell: ({ row }) => {
          const c = row.original;
          const path = ENTITY_PATHS[c.entity];
          return (
            <div className="min-w-36">
              <div className="font-medium text-slate-900">{entityName(c.entity)}</div>
              {path && c.action !== 'delete' ? (
                <Link to={`/${locale}/admin/${path}/${c.entity_id}`} className="text-brand-700 hover:underline">
                  #{c.entity_id}
                </Link>
              ) : (
                <span className="text-slate-600">#{c.entity_id}</span>
              )}
            </div>
          );
        },
      },
      {
        id: 'action',
        header: t('col.action'),
        cell: ({ row }) => {
          const action = row.original.action;
          const style = action === 'create' ? 'bg-green-100 text-green-800' : action === 'delete' ? 'bg-red-100 text-red-800' : 'bg-sky-100 text-sky-800';
          return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${style}`}>{a(`action.${action}`)}</span>;
        },
      },
      {
        id: 'changes',
        header: t('col.changes'),
        cell: ({ row }) => (
          <div className="min-w-64 max-w-2xl">
            <ChangeList action={row.original.action} changes={row.original.changes} />
          </div>
        ),
      },
    ],
    [t, a, locale, entityName],
  );
  return (
    <div>
      <AdminPageHeader title={t('title')} lead={t('lead')} />
      <DataTable
        caption={t('caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'entity', label: t('filter.entity'), type: 'select', options: loaderData.entities.map((e) => ({ id: e, name: entityName(e) })) },
          { name: 'entity_id', label: t('filter.entityId'), type: 'text' },
          { name: 'user', label: t('filter.user'), type: 'select', options: loaderData.users },
          { name: 'from', label: t('filter.from'), type: 'date' },
          { name: 'to', label: t('filter.to'), type: 'date' },
        ]}
      />
    </div>
  );
}
