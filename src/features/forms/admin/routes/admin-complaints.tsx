import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { listComplaints } from '../../complaints.server';
import { COMPLAINT_STATUSES } from '../../constants';
import { DueDate, StatusBadge } from '../components';
import { formsMessages } from '../../messages';
import type { Route } from './+types/admin-complaints';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/complaints', title: translator(formsMessages, layout.locale)('admin.complaints.title'), robots: 'noindex' });
}

/** /{locale}/admin/complaints: newest first, filters (status, overdue, search) in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'complaints');
  const q = new URL(args.request.url).searchParams;
  const get = (k: string) => q.get(k)?.slice(0, 100) ?? undefined;
  const list = await listComplaints({ status: get('status'), overdue: get('overdue'), search: get('search'), page: parsePage(q.get('page')) });
  return { items: list.items, pages: list.pages, page: list.page };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

export default function AdminComplaints({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('admin.col.number'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/complaint/${row.original.id}`} className="whitespace-nowrap font-medium text-brand-800 hover:underline">
            {row.original.number}
          </Link>
        ),
      },
      {
        id: 'created',
        header: t('admin.col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatDate(row.original.createdAt)}</span>,
      },
      {
        id: 'company',
        header: t('admin.col.company'),
        cell: ({ row }) => (
          <div>
            <div>{row.original.companyName}</div>
            <div className="text-xs text-slate-600">{row.original.email}</div>
          </div>
        ),
      },
      { id: 'product', header: t('admin.col.product'), cell: ({ row }) => row.original.productName },
      {
        id: 'status',
        header: t('admin.col.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} label={t(`status.${row.original.status}`)} />,
      },
      {
        id: 'due',
        header: t('admin.col.due'),
        cell: ({ row }) => <DueDate dueDate={row.original.dueDate} overdue={row.original.overdue} soon={row.original.soon} t={t} />,
      },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader title={t('admin.complaints.title')} />
      <DataTable
        caption={t('admin.complaints.title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(c) => String(c.id)}
        filters={[
          { name: 'search', label: t('admin.filter.search'), type: 'text' },
          { name: 'status', label: t('admin.filter.status'), type: 'select', options: COMPLAINT_STATUSES.map((s) => ({ id: s, name: t(`status.${s}`) })) },
          { name: 'overdue', label: t('admin.filter.overdue'), type: 'select', options: [{ id: '1', name: t('admin.due.overdue') }] },
        ]}
      />
    </div>
  );
}
