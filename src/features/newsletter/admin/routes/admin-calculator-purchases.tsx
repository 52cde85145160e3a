import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { PURCHASE_STATUSES } from '../../constants';
import { newsletterMessages } from '../../messages';
import { listPurchases } from '../../purchases.server';
import type { Route } from './+types/admin-calculator-purchases';
import { formatTime } from '~/core/time/format';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/admin/calculator-purchases',
    title: translator(newsletterMessages, layout.locale)('admin.purchases.title'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/calculator-purchases: purchases of the calculator; a bank transfer is marked paid here. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'calculator_purchases');
  const q = new URL(args.request.url).searchParams;
  const page = parsePage(q.get('page'));
  const list = await listPurchases({ status: q.get('status') ?? undefined, page });
  return { items: list.items, pages: list.pages, page: list.page };
}

type Row = Route.ComponentProps['loaderData']['items'][number];
const when = (iso: string | null) => (iso ? formatTime(iso) : '–');
const BADGE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  paid: 'bg-green-50 text-green-900 ring-green-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export default function AdminCalculatorPurchases({ loaderData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'reference',
        header: t('admin.col.reference'),
        cell: ({ row }) => <span className="whitespace-nowrap font-mono text-sm">{row.original.reference}</span>,
      },
      {
        id: 'buyer',
        header: t('admin.col.name'),
        cell: ({ row }) => (
          <div>
            <div>{row.original.name}</div>
            <a href={`mailto:${row.original.email}`} className="text-xs text-brand-700 hover:underline">
              {row.original.email}
            </a>
          </div>
        ),
      },
      { id: 'method', header: t('admin.col.method'), cell: ({ row }) => t(`method.${row.original.method}`) },
      {
        id: 'gross',
        header: t('admin.col.gross'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatMoney(row.original.grossAmount, locale)}</span>,
      },
      {
        id: 'status',
        header: t('admin.col.status'),
        cell: ({ row }) => (
          <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${BADGE[row.original.status] ?? ''}`}>
            {t(`purchase.${row.original.status}`)}
          </span>
        ),
      },
      {
        id: 'created',
        header: t('admin.col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{when(row.original.createdAt)}</span>,
      },
      { id: 'paid', header: t('admin.col.paidAt'), cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{when(row.original.paidAt)}</span> },
      {
        id: 'actions',
        header: t('admin.col.actions'),
        cell: ({ row }) =>
          row.original.status === 'pending' && row.original.method === 'transfer' ? (
            <ConfirmDialog
              triggerClassName="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              trigger={
                <>
                  {t('admin.purchases.markPaid')}
                  <span className="sr-only">: {row.original.reference}</span>
                </>
              }
              message={t('admin.purchases.markPaidConfirm', { reference: row.original.reference })}
              submitUrl="/api/admin/calculator-purchases/paid"
              id={row.original.id}
              method="POST"
              onConfirm={() => void revalidator.revalidate()}
            />
          ) : null,
      },
    ],
    [t, locale, revalidator],
  );
  return (
    <div>
      <AdminPageHeader title={t('admin.purchases.title')} />
      <DataTable
        caption={t('admin.purchases.title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'status', label: t('admin.col.status'), type: 'select', options: PURCHASE_STATUSES.map((s) => ({ id: s, name: t(`purchase.${s}`) })) },
        ]}
      />
    </div>
  );
}
