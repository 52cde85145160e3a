import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { formatDate } from '~/core/time/format';
import { AdminListPage } from '~/core/ui/admin/admin-list-page';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Textarea } from '~/core/ui/admin/fields';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { trainingMessages } from '../../messages';
import { CERTIFICATE_FILTERS, isCertificateFilter } from '../../validation';
import { listCertificates } from '../certificates-admin.server';
import { adminTrainingMessages } from '../messages';
import { trainingOptions } from '../trainings-admin.server';
import type { Route } from './+types/admin-training-certificates';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/training-certificates', title: translator(adminTrainingMessages, layout.locale)('c.title'), robots: 'noindex' });
}

/** /{locale}/admin/training-certificates (issue 42): issued certificates by status and expiring soon; revoke with a reason. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'training_certificates');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const q = new URL(args.request.url).searchParams;
  const page = parsePage(q.get('page'));
  const status = q.get('status');
  const trainingId = Number(q.get('training_id'));
  const list = await listCertificates(
    {
      status: isCertificateFilter(status) ? status : undefined,
      search: q.get('search')?.slice(0, 100) || undefined,
      trainingId: Number.isInteger(trainingId) && trainingId > 0 && trainingId < 2 ** 31 ? trainingId : undefined,
      page,
    },
    locale,
  );
  return { items: list.items, pages: list.pages, page: list.page, trainings: await trainingOptions(locale) };
}

type Row = Awaited<ReturnType<typeof listCertificates>>['items'][number];
const TONE = { valid: 'green', expired: 'amber', revoked: 'red' } as const;

function RevokeButton({ row, onDone }: { row: Row; onDone: () => void }) {
  const t = useT(adminTrainingMessages);
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      trigger={
        <>
          {t('c.revoke')}
          <span className="sr-only">: {row.number}</span>
        </>
      }
      title={t('c.revokeTitle')}
      message={
        <div className="grid gap-2">
          <p>{t('c.revokeConfirm', { number: row.number, holder: row.holder })}</p>
          <label htmlFor={`revoke-reason-${row.id}`} className="text-sm font-medium text-slate-800">
            {t('c.reason')}
          </label>
          <Textarea id={`revoke-reason-${row.id}`} name="reason" required maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      }
      submitUrl="/api/admin/training-certificates"
      id={`${row.id}/revoke`}
      method="POST"
      destructive
      body={() => ({ reason })}
      onConfirm={onDone}
    />
  );
}

export default function AdminTrainingCertificates({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const m = useT(trainingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'number',
        header: t('c.col.number'),
        cell: ({ row }) =>
          row.original.code ? (
            <a
              href={`/${locale}/certificates/${row.original.code}`}
              target="_blank"
              rel="noopener"
              className="whitespace-nowrap font-medium text-brand-800 tabular-nums hover:underline"
            >
              {row.original.number}
            </a>
          ) : (
            <span className="whitespace-nowrap font-medium tabular-nums">{row.original.number}</span>
          ),
      },
      {
        id: 'holder',
        header: t('c.col.holder'),
        cell: ({ row }) => (
          <div>
            <p className="font-medium">{row.original.holder}</p>
            <p className="text-xs text-slate-600">{row.original.email}</p>
          </div>
        ),
      },
      { id: 'training', header: t('c.col.training'), cell: ({ row }) => row.original.training },
      { id: 'issued', header: t('c.col.issued'), cell: ({ row }) => formatDate(row.original.issued_at) },
      {
        id: 'valid_until',
        header: t('c.col.validUntil'),
        cell: ({ row }) => (row.original.valid_until ? formatDate(row.original.valid_until) : m('cert.noExpiry')),
      },
      {
        id: 'status',
        header: t('c.col.status'),
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <StatusBadge tone={TONE[row.original.status]} status={row.original.status}>
              {m(`cert.badge.${row.original.status}`)}
            </StatusBadge>
            {row.original.revoked_at ? (
              <span className="max-w-xs text-xs text-slate-600">
                {t('c.revokedOn', { date: formatDate(row.original.revoked_at), reason: row.original.revoke_reason ?? '' })}
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('a.col.actions')}</span>,
        cell: ({ row }) =>
          row.original.status === 'revoked' ? null : (
            <div className="flex justify-end">
              <RevokeButton row={row.original} onDone={() => void revalidator.revalidate()} />
            </div>
          ),
      },
    ],
    [t, m, locale, revalidator],
  );
  return (
    <AdminListPage
      title={t('c.title')}
      lead={t('c.lead')}
      caption={t('c.title')}
      data={loaderData}
      columns={columns}
      filters={[
        { name: 'search', label: t('a.search'), type: 'text' },
        {
          name: 'status',
          label: t('c.filterStatus'),
          type: 'select',
          options: CERTIFICATE_FILTERS.map((s) => ({ id: s, name: s === 'expiring' ? t('c.expiring') : m(`cert.badge.${s}`) })),
        },
        { name: 'training_id', label: t('a.filterTraining'), type: 'select', options: loaderData.trainings.map((x) => ({ id: String(x.id), name: x.title })) },
      ]}
    />
  );
}
