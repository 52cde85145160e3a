import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { shopMessages } from '../../messages';
import { allTransportTypes } from '../../transport.server';
import type { Route } from './+types/admin-transport-types';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/transport-types', title: translator(shopMessages, layout.locale)('admin.tt.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'transport_types');
  const rows = await allTransportTypes();
  return {
    items: rows.map((r) => ({
      id: r.id,
      namePl: r.namePl,
      nameEn: r.nameEn,
      kind: r.kind,
      unitPrice: r.unitPrice,
      maxKgPerUnit: r.maxKgPerUnit,
      maxM3PerUnit: r.maxM3PerUnit,
      maxUnits: r.maxUnits,
      maxTotalKg: r.maxTotalKg,
      isActive: r.isActive,
      position: r.position,
    })),
  };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

const dash = (v: number | null, suffix = '') => (v === null ? '—' : `${v}${suffix}`);

export default function AdminTransportTypes({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'position', header: t('admin.tt.position'), cell: ({ row }) => row.original.position },
      {
        id: 'name',
        header: t('admin.tt.namePl'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/transport-type/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {locale === 'en' ? row.original.nameEn : row.original.namePl}
          </Link>
        ),
      },
      { id: 'kind', header: t('admin.tt.kind'), cell: ({ row }) => t(`kind.${row.original.kind}`) },
      {
        id: 'price',
        header: t('admin.tt.unitPrice'),
        cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.unitPrice, locale)}</span>,
      },
      { id: 'kg', header: t('admin.tt.maxKgPerUnit'), cell: ({ row }) => dash(row.original.maxKgPerUnit, ' kg') },
      { id: 'm3', header: t('admin.tt.maxM3PerUnit'), cell: ({ row }) => dash(row.original.maxM3PerUnit, ' m³') },
      { id: 'units', header: t('admin.tt.maxUnits'), cell: ({ row }) => dash(row.original.maxUnits) },
      { id: 'total', header: t('admin.tt.maxTotalKg'), cell: ({ row }) => dash(row.original.maxTotalKg, ' kg') },
      { id: 'active', header: t('admin.tt.isActive'), cell: ({ row }) => (row.original.isActive ? t('admin.tt.yes') : t('admin.tt.no')) },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader
        title={t('admin.tt.title')}
        lead={t('admin.tt.limitsHint')}
        actions={
          <Link to={`/${locale}/admin/transport-type`} className={primaryButton}>
            {t('admin.tt.add')}
          </Link>
        }
      />
      <DataTable columns={columns} items={loaderData.items} pages={1} page={1} caption={t('admin.tt.title')} getRowId={(r) => String(r.id)} />
    </div>
  );
}
