import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { type CustomerListItem, listCustomers } from '../../customers.server';
import { customerMessages } from '../../messages';
import type { Route } from './+types/admin-customers';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/customers', title: translator(customerMessages, layout.locale)('list.title'), robots: 'noindex' });
}

/** /{locale}/admin/customers: B2B customers with search, the active filter and sorting in the URL. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'customers');
  const q = new URL(args.request.url).searchParams;
  const get = (k: string) => q.get(k)?.slice(0, 100) ?? undefined;
  const list = await listCustomers({ search: get('search'), active: get('active'), sort: get('sort'), dir: get('dir'), page: parsePage(q.get('page')) });
  return { items: list.items, pages: list.pages, page: list.page };
}

export default function AdminCustomers({ loaderData }: Route.ComponentProps) {
  const t = useT(customerMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<CustomerListItem, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('col.name'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/customer/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'tax_identification_nr',
        header: t('col.nip'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.tax_identification_nr}</span>,
      },
      { id: 'enova_kod', header: t('col.enova'), cell: ({ row }) => <span className="font-mono text-xs">{row.original.enova_kod}</span> },
      { id: 'town', header: t('col.town'), cell: ({ row }) => row.original.town },
      {
        id: 'payment_deadline_days',
        header: t('col.payment'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{t('col.days', { days: row.original.payment_deadline_days })}</span>,
      },
      {
        id: 'is_active',
        header: t('col.active'),
        cell: ({ row }) => (
          <span
            className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${row.original.is_active ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-slate-300'}`}
          >
            {row.original.is_active ? t('common.active') : t('common.inactive')}
          </span>
        ),
      },
      { id: 'users', header: t('col.users'), cell: ({ row }) => <span className="tabular-nums">{row.original.users_count}</span> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('common.edit')}</span>,
        cell: ({ row }) => (
          <div className="flex justify-end gap-1">
            <Link to={`/${locale}/admin/customer/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
              {t('common.edit')}
              <span className="sr-only">: {row.original.name}</span>
            </Link>
            <ConfirmDialog
              trigger={
                <>
                  {t('common.delete')}
                  <span className="sr-only">: {row.original.name}</span>
                </>
              }
              message={t('delete.confirm', { name: row.original.name })}
              submitUrl="/api/admin/customers"
              id={row.original.id}
              onConfirm={() => void revalidator.revalidate()}
            />
          </div>
        ),
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
          <Link to={`/${locale}/admin/customer`} className={primaryButton}>
            {t('list.add')}
          </Link>
        }
      />
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        sortable={['name', 'tax_identification_nr', 'enova_kod', 'payment_deadline_days', 'is_active']}
        getRowId={(c) => String(c.id)}
        filters={[
          { name: 'search', label: t('list.search'), type: 'text' },
          {
            name: 'active',
            label: t('list.active'),
            type: 'select',
            options: [
              { id: '1', name: t('list.yes') },
              { id: '0', name: t('list.no') },
            ],
          },
        ]}
      />
    </div>
  );
}
