import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { newsletterMessages } from '../../messages';
import { SUBSCRIBER_STATUSES } from '../../constants';
import { listSubscribers } from '../../newsletter.server';
import type { Route } from './+types/admin-newsletter';
import { formatTime } from '~/core/time/format';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/newsletter', title: translator(newsletterMessages, layout.locale)('admin.subscribers.title'), robots: 'noindex' });
}

/** /{locale}/admin/newsletter: subscribers (search, status), export of the confirmed, manual unsubscribe. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'newsletter');
  const q = new URL(args.request.url).searchParams;
  const page = parsePage(q.get('page'));
  const list = await listSubscribers({ q: q.get('q') ?? undefined, status: q.get('status') ?? undefined, page });
  return { items: list.items, pages: list.pages, total: list.total, page: list.page };
}

type Row = Route.ComponentProps['loaderData']['items'][number];
const when = (iso: string | null) => (iso ? formatTime(iso) : '–');
const BADGE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-200',
  confirmed: 'bg-green-50 text-green-900 ring-green-200',
  unsubscribed: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      { id: 'name', header: t('admin.col.name'), cell: ({ row }) => row.original.name },
      {
        id: 'email',
        header: t('admin.col.email'),
        cell: ({ row }) => (
          <a href={`mailto:${row.original.email}`} className="text-brand-700 hover:underline">
            {row.original.email}
          </a>
        ),
      },
      { id: 'locale', header: t('admin.col.locale'), cell: ({ row }) => row.original.locale.toUpperCase() },
      {
        id: 'status',
        header: t('admin.col.status'),
        cell: ({ row }) => (
          <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${BADGE[row.original.status] ?? ''}`}>
            {t(`status.${row.original.status}`)}
          </span>
        ),
      },
      {
        id: 'created',
        header: t('admin.col.created'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{when(row.original.createdAt)}</span>,
      },
      {
        id: 'confirmed',
        header: t('admin.col.confirmed'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{when(row.original.confirmedAt)}</span>,
      },
      {
        id: 'actions',
        header: t('admin.col.actions'),
        cell: ({ row }) =>
          row.original.status === 'unsubscribed' ? null : (
            <ConfirmDialog
              trigger={
                <>
                  {t('admin.subscribers.unsubscribe')}
                  <span className="sr-only">: {row.original.email}</span>
                </>
              }
              message={t('admin.subscribers.unsubscribeConfirm', { email: row.original.email })}
              submitUrl="/api/admin/newsletter/unsubscribe"
              id={row.original.id}
              method="POST"
              onConfirm={() => void revalidator.revalidate()}
            />
          ),
      },
    ],
    [t, revalidator],
  );
  const exportHref = (format: 'csv' | 'xlsx') => `/api/admin/newsletter/subscribers/export?format=${format}&locale=${locale}`;
  return (
    <div>
      <AdminPageHeader
        title={t('admin.subscribers.title')}
        lead={t('admin.subscribers.total', { total: loaderData.total })}
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={exportHref('csv')} className={secondaryButton} download>
              {t('admin.subscribers.exportCsv')}
            </a>
            <a href={exportHref('xlsx')} className={secondaryButton} download>
              {t('admin.subscribers.exportXlsx')}
            </a>
          </div>
        }
      />
      <DataTable
        caption={t('admin.subscribers.title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'q', label: t('admin.subscribers.search'), type: 'text' },
          {
            name: 'status',
            label: t('admin.subscribers.status'),
            type: 'select',
            options: SUBSCRIBER_STATUSES.map((s) => ({ id: s, name: t(`status.${s}`) })),
          },
        ]}
      />
    </div>
  );
}
