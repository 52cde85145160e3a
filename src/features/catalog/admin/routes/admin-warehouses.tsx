import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminListPage, titleColumn } from '~/core/ui/admin/admin-list-page';
import { catalogAdminMessages } from '../messages';
import { WAREHOUSE_SORTS, warehouseListQuery } from '../warehouse-validation';
import { type AdminWarehouseItem, listAdminWarehouses } from '../warehouses-admin.server';
import type { Route } from './+types/admin-warehouses';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/warehouses', title: translator(catalogAdminMessages, layout.locale)('wh.title'), robots: 'noindex' });
}

/** /{locale}/admin/warehouses: the warehouses of the stock (issue 39), searched, sorted, paged. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'warehouses');
  const query = warehouseListQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams.entries()));
  return listAdminWarehouses(query, guardLocale(args.params));
}

export default function AdminWarehouses({ loaderData }: Route.ComponentProps) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const editUrl = (r: AdminWarehouseItem) => `/${locale}/admin/warehouse/${r.id}`;
  const columns = useMemo<ColumnDef<AdminWarehouseItem, unknown>[]>(
    () => [
      { id: 'code', header: t('wh.col.code'), cell: ({ row }) => <span className="font-mono text-sm text-slate-800">{row.original.code}</span> },
      titleColumn(
        t('wh.col.name'),
        (r) => r.name,
        (r) => `/${locale}/admin/warehouse/${r.id}`,
        'name',
      ),
      { id: 'sort', header: t('wh.col.sort'), cell: ({ row }) => <span className="tabular-nums">{row.original.sort}</span> },
      { id: 'rows', header: t('wh.col.rows'), cell: ({ row }) => <span className="tabular-nums">{row.original.rows}</span> },
    ],
    [t, locale],
  );
  return (
    <AdminListPage
      title={t('wh.title')}
      lead={t('wh.lead')}
      caption={t('wh.caption')}
      add={{ to: `/${locale}/admin/warehouse`, label: t('wh.add') }}
      data={loaderData}
      columns={columns}
      sortable={WAREHOUSE_SORTS}
      filters={[{ name: 'search', label: t('wh.search'), type: 'text' }]}
      rowActions={{
        editUrl,
        label: (r) => `${r.code} ${r.name}`,
        remove: { url: '/api/admin/warehouses', message: (r) => t('wh.deleteConfirm', { code: r.code }) },
      }}
    />
  );
}
