import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { downloadFile } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { pricingMessages } from '../../messages';
import { exportFilename, listPriceLists } from '../price-lists-admin.server';
import type { Route } from './+types/admin-price-lists';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/price-lists', title: translator(pricingMessages, layout.locale)('title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'price_lists');
  const items = await listPriceLists();
  return { items: items.map((l) => ({ ...l, filename: exportFilename(l.code) })), allFilename: exportFilename(null) };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

/** /{locale}/admin/price-lists: the base list and the customers' price definitions, export, import, delete. */
export default function AdminPriceLists({ loaderData }: Route.ComponentProps) {
  const t = useT(pricingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [exporting, setExporting] = useState<number | 'all' | null>(null);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const exportList = async (row: Row) => {
      setExporting(row.id);
      await downloadFile(`/api/admin/price-lists/export?list=${row.id}`, { fallbackName: row.filename });
      setExporting(null);
    };
    return [
      {
        id: 'code',
        header: t('col.code'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/price-list/${row.original.id}`} className="font-mono font-semibold text-brand-800 hover:underline">
            {row.original.code}
          </Link>
        ),
      },
      { id: 'name', header: t('col.name'), cell: ({ row }) => row.original.name || '—' },
      {
        id: 'kind',
        header: t('col.kind'),
        cell: ({ row }) =>
          row.original.isBase ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('kind.base')}</span>
          ) : (
            <span className="text-sm text-slate-700">{t('kind.definition')}</span>
          ),
      },
      { id: 'items', header: t('col.items'), cell: ({ row }) => <span className="tabular-nums">{row.original.items}</span> },
      {
        id: 'customers',
        header: t('col.customers'),
        cell: ({ row }) => <span className="tabular-nums">{row.original.isBase ? '—' : row.original.customers}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('action.show')}</span>,
        cell: ({ row }) => (
          <div className="flex flex-wrap justify-end gap-1">
            <Link to={`/${locale}/admin/price-list/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
              {t('action.show')}
              <span className="sr-only">: {row.original.code}</span>
            </Link>
            <button
              type="button"
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
              disabled={exporting !== null}
              onClick={() => void exportList(row.original)}
            >
              {t('action.export')}
              <span className="sr-only">: {row.original.code}</span>
            </button>
            {!row.original.isBase && (
              <ConfirmDialog
                trigger={
                  <>
                    {t('action.delete')}
                    <span className="sr-only">: {row.original.code}</span>
                  </>
                }
                message={t('delete.confirm', { code: row.original.code })}
                submitUrl="/api/admin/price-lists"
                id={row.original.id}
                onConfirm={() => revalidator.revalidate()}
              />
            )}
          </div>
        ),
      },
    ];
  }, [t, locale, exporting, revalidator]);

  const exportAll = async () => {
    setExporting('all');
    await downloadFile('/api/admin/price-lists/export', { fallbackName: loaderData.allFilename });
    setExporting(null);
  };

  return (
    <div>
      <AdminPageHeader
        title={t('title')}
        lead={t('lead')}
        actions={
          <>
            <button type="button" className={secondaryButton} onClick={() => void exportAll()} disabled={exporting !== null || loaderData.items.length === 0}>
              {t('action.exportAll')}
            </button>
            <Link to={`/${locale}/admin/price-lists/import`} className={primaryButton}>
              {t('action.import')}
            </Link>
          </>
        }
      />
      <DataTable caption={t('list.caption')} columns={columns} items={loaderData.items} pages={1} page={1} getRowId={(r) => String(r.id)} />
    </div>
  );
}
