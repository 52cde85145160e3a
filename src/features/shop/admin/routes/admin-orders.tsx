import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatAmount } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { ORDER_STATUSES } from '../../order-workflow.server';
import { isDay, listOrdersAdmin, orderCustomerOptions, statusLabel } from '../orders-admin.server';
import { ordersAdminMessages } from '../messages';
import { OrderStatusBadge } from '../components/order-status-badge';
import type { Route } from './+types/admin-orders';
import { formatTime } from '~/core/time/format';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/orders', title: translator(ordersAdminMessages, layout.locale)('title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'orders');
  const locale = args.params.locale === 'en' ? 'en' : 'pl';
  const q = new URL(args.request.url).searchParams;
  const customer = q.get('customer') ?? '';
  const list = await listOrdersAdmin({
    status: q.get('status'),
    customerId: /^\d{1,9}$/.test(customer) ? Number(customer) : null,
    from: isDay(q.get('from')) ? q.get('from') : null,
    to: isDay(q.get('to')) ? q.get('to') : null,
    search: q.get('search'),
    page: parsePage(q.get('page')),
  });
  return {
    page: list.page,
    pages: list.pages,
    items: list.items.map((o) => ({
      id: o.id,
      number: o.number,
      status: o.status,
      statusLabel: statusLabel(o.status, locale),
      customerName: o.customerName,
      buyerEmail: o.buyerEmail,
      createdAt: o.createdAt.toISOString(),
      net: o.net,
      gross: o.gross,
    })),
    customers: await orderCustomerOptions(),
    statuses: ORDER_STATUSES.map((s) => ({ id: s, name: statusLabel(s, locale) })),
  };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

const when = (iso: string, locale: 'pl' | 'en') => formatTime(iso, locale);

/** /{locale}/admin/orders: every order, paged, filtered by status, customer, dates and number. */
export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const t = useT(ordersAdminMessages);
  const locale = useLocale();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('col.number'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/order/${row.original.id}`} className="whitespace-nowrap font-semibold text-brand-800 hover:underline">
            {row.original.number}
          </Link>
        ),
      },
      { id: 'date', header: t('col.date'), cell: ({ row }) => <span className="whitespace-nowrap">{when(row.original.createdAt, locale)}</span> },
      {
        id: 'customer',
        header: t('col.customer'),
        cell: ({ row }) => (
          <div>
            <p>{row.original.customerName}</p>
            <p className="text-xs text-slate-600">{row.original.buyerEmail}</p>
          </div>
        ),
      },
      { id: 'status', header: t('col.status'), cell: ({ row }) => <OrderStatusBadge status={row.original.status} label={row.original.statusLabel} /> },
      {
        id: 'net',
        header: `${t('col.net')} (zł)`,
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatAmount(row.original.net, locale)}</span>,
      },
      {
        id: 'gross',
        header: `${t('col.gross')} (zł)`,
        cell: ({ row }) => <span className="whitespace-nowrap font-medium tabular-nums">{formatAmount(row.original.gross, locale)}</span>,
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('action.show')}</span>,
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/order/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('action.show')}
            <span className="sr-only"> {row.original.number}</span>
          </Link>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader title={t('title')} lead={t('lead')} />
      <DataTable
        caption={t('title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'search', label: t('filter.search'), type: 'text' },
          { name: 'status', label: t('filter.status'), type: 'select', options: loaderData.statuses },
          { name: 'customer', label: t('filter.customer'), type: 'select', options: loaderData.customers },
          { name: 'from', label: t('filter.from'), type: 'date' },
          { name: 'to', label: t('filter.to'), type: 'date' },
        ]}
      />
    </div>
  );
}
