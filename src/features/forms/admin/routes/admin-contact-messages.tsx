import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { CONTACT_SUBJECTS } from '../../constants';
import { listContactMessages } from '../../contact.server';
import { formsMessages } from '../../messages';
import type { Route } from './+types/admin-contact-messages';
import { formatTime } from '~/core/time/format';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/contact-messages', title: translator(formsMessages, layout.locale)('admin.contact.title'), robots: 'noindex' });
}

/** /{locale}/admin/contact-messages: the contact form's messages, newest first, read/unread. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'contact_messages');
  const q = new URL(args.request.url).searchParams;
  const page = parsePage(q.get('page'));
  const list = await listContactMessages({ unread: q.get('unread') ?? undefined, subject: q.get('subject') ?? undefined, page });
  return list;
}

type Row = Route.ComponentProps['loaderData']['items'][number];
const when = (iso: string) => formatTime(iso);

export default function AdminContactMessages({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'received',
        header: t('admin.contact.col.received'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{when(row.original.createdAt)}</span>,
      },
      {
        id: 'from',
        header: t('admin.contact.col.from'),
        cell: ({ row }) => (
          <div className={row.original.read ? '' : 'font-semibold'}>
            <div>{row.original.name}</div>
            <a href={`mailto:${row.original.email}`} className="text-xs font-normal text-brand-700 hover:underline">
              {row.original.email}
            </a>
            {row.original.phone && <div className="text-xs font-normal text-slate-600">{row.original.phone}</div>}
          </div>
        ),
      },
      { id: 'subject', header: t('admin.contact.col.subject'), cell: ({ row }) => t(`contact.subject.${row.original.subject}`) },
      {
        id: 'message',
        header: t('admin.contact.col.message'),
        cell: ({ row }) => <p className="max-w-xl whitespace-pre-line text-sm">{row.original.message}</p>,
      },
      {
        id: 'state',
        header: t('admin.contact.col.state'),
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <span
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${row.original.read ? 'bg-slate-100 text-slate-700 ring-slate-300' : 'bg-sky-50 text-sky-800 ring-sky-200'}`}
            >
              {row.original.read ? t('admin.contact.read') : t('admin.contact.unread')}
            </span>
            <button
              type="button"
              className="text-xs font-medium text-brand-700 hover:underline"
              onClick={async () => {
                const res = await api(`/api/admin/contact-messages/${row.original.id}`, {
                  method: 'PUT',
                  body: { read: !row.original.read },
                  notifySuccess: false,
                });
                if (res.ok) await revalidator.revalidate();
              }}
            >
              {row.original.read ? t('admin.contact.markUnread') : t('admin.contact.markRead')}
              <span className="sr-only">: {row.original.name}</span>
            </button>
          </div>
        ),
      },
    ],
    [t, revalidator],
  );
  return (
    <div>
      <AdminPageHeader title={t('admin.contact.title')} lead={`${t('admin.contact.unread')}: ${loaderData.unread}`} />
      <DataTable
        caption={t('admin.contact.title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(c) => String(c.id)}
        filters={[
          {
            name: 'unread',
            label: t('admin.contact.col.state'),
            type: 'select',
            options: [
              { id: '1', name: t('admin.contact.unread') },
              { id: '0', name: t('admin.contact.read') },
            ],
          },
          {
            name: 'subject',
            label: t('admin.contact.col.subject'),
            type: 'select',
            options: CONTACT_SUBJECTS.map((s) => ({ id: s, name: t(`contact.subject.${s}`) })),
          },
        ]}
      />
    </div>
  );
}
