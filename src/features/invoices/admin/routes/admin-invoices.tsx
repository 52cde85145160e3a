import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatAmount } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { dayOf, InvoiceStatus } from '../../components/invoice-status';
import { todayInWarsaw } from '~/core/time/days';
import { customerOptions, listInvoicesAdmin } from '../../invoices.server';
import { ksefMessages } from '../../ksef/messages';
import { invoiceMessages } from '../../messages';
import { isIsoDate } from '../../validation';
import type { Route } from './+types/admin-invoices';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/invoices', title: translator(invoiceMessages, layout.locale)('title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'invoices');
  const q = new URL(args.request.url).searchParams;
  const customer = q.get('customer') ?? '';
  const from = q.get('from') ?? '';
  const to = q.get('to') ?? '';
  const payment = q.get('payment');
  const list = await listInvoicesAdmin({
    customerId: /^\d{1,9}$/.test(customer) ? Number(customer) : null,
    from: isIsoDate(from) ? from : null,
    to: isIsoDate(to) ? to : null,
    payment: payment === 'overdue' || payment === 'unpaid' ? payment : null,
    search: q.get('search'),
    page: parsePage(q.get('page')),
  });
  return { ...list, customers: await customerOptions(), today: todayInWarsaw() };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

/** /{locale}/admin/invoices: every customer's invoices, filtered, paged; download, paid/unpaid, delete. */
export default function AdminInvoices({ loaderData }: Route.ComponentProps) {
  const t = useT(invoiceMessages);
  const tk = useT(ksefMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);

  const columns = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const setPaid = async (row: Row, paidOn: string) => {
      setBusy(row.id);
      const res = await api<{ message: string }>(`/api/admin/invoices/${row.id}/paid`, { method: 'PUT', body: { paid_on: paidOn } });
      setBusy(null);
      // api() shows the answer's message: one toast per action.
      if (res.ok) revalidator.revalidate();
    };
    return [
      {
        id: 'number',
        header: t('col.number'),
        cell: ({ row }) => (
          <div>
            <span className="font-medium text-slate-900">{row.original.number}</span>
            {row.original.hasXml && (
              <p className="font-mono text-xs text-slate-600" title={tk('col.ksef')}>
                {row.original.ksefNumber ?? tk('offline')}
              </p>
            )}
          </div>
        ),
      },
      {
        id: 'customer',
        header: t('col.customer'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/customer/${row.original.customerId}`} className="text-brand-800 hover:underline">
            {row.original.customerName}
          </Link>
        ),
      },
      { id: 'issue', header: t('col.issueDate'), cell: ({ row }) => <span className="whitespace-nowrap">{dayOf(row.original.issueDate, locale)}</span> },
      {
        id: 'due',
        header: t('col.dueDate'),
        cell: ({ row }) => (
          <span className={`whitespace-nowrap ${row.original.overdue ? 'font-semibold text-red-800' : ''}`}>{dayOf(row.original.dueDate, locale)}</span>
        ),
      },
      {
        id: 'net',
        header: `${t('col.net')} (zł)`,
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatAmount(row.original.netAmount, locale)}</span>,
      },
      {
        id: 'gross',
        header: `${t('col.gross')} (zł)`,
        cell: ({ row }) => <span className="whitespace-nowrap font-medium tabular-nums">{formatAmount(row.original.grossAmount, locale)}</span>,
      },
      {
        id: 'status',
        header: t('col.status'),
        cell: ({ row }) => (
          <div className="space-y-1">
            <InvoiceStatus paidOn={row.original.paidOn} overdue={row.original.overdue} />
            {row.original.paidOn && <p className="text-xs text-slate-600">{dayOf(row.original.paidOn, locale)}</p>}
          </div>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('col.file')}</span>,
        cell: ({ row }) => (
          <div className="flex flex-wrap justify-end gap-1">
            <a href={`/api/admin/invoices/${row.original.id}/file`} download className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
              PDF<span className="sr-only"> {row.original.number}</span>
            </a>
            {row.original.hasXml && (
              <a
                href={`/api/admin/invoices/${row.original.id}/xml`}
                download
                className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50"
              >
                XML<span className="sr-only"> {row.original.number}</span>
              </a>
            )}
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void setPaid(row.original, row.original.paidOn ? '' : [loaderData.today, row.original.issueDate].sort()[1])}
              className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-50"
            >
              {row.original.paidOn ? t('action.markUnpaid') : t('action.markPaid')}
              <span className="sr-only"> {row.original.number}</span>
            </button>
            <ConfirmDialog
              trigger={
                <>
                  {t('action.delete')}
                  <span className="sr-only"> {row.original.number}</span>
                </>
              }
              message={t('delete.confirm', { number: row.original.number })}
              submitUrl="/api/admin/invoices"
              id={row.original.id}
              onConfirm={() => revalidator.revalidate()}
            />
          </div>
        ),
      },
    ];
  }, [t, tk, locale, busy, revalidator, loaderData.today]);

  return (
    <div>
      <AdminPageHeader
        title={t('title')}
        lead={t('admin.lead')}
        actions={
          <>
            <Link to={`/${locale}/admin/invoices/import`} className={secondaryButton}>
              {t('action.import')}
            </Link>
            <Link to={`/${locale}/admin/invoices/xml`} className={secondaryButton}>
              {tk('admin.xmlTitle')}
            </Link>
            <Link to={`/${locale}/admin/invoice`} className={primaryButton}>
              {t('action.upload')}
            </Link>
          </>
        }
      />
      <DataTable
        caption={t('title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('filter.search'), type: 'text' },
          { name: 'customer', label: t('filter.customer'), type: 'select', options: loaderData.customers },
          { name: 'from', label: t('filter.from'), type: 'date' },
          { name: 'to', label: t('filter.to'), type: 'date' },
          {
            name: 'payment',
            label: t('filter.overdue'),
            type: 'select',
            options: [
              { id: 'overdue', name: t('filter.overdueOnly') },
              { id: 'unpaid', name: t('filter.unpaid') },
            ],
          },
        ]}
      />
    </div>
  );
}
