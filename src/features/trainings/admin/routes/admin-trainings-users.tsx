import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useRevalidator } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminPageHeader } from '~/core/ui/admin/page-header';
import { TrainingBadge } from '../../components/bits';
import { trainingMessages } from '../../messages';
import { adminTrainingMessages } from '../messages';
import { listTrainingUsers, trainingOptions } from '../trainings-admin.server';
import type { Route } from './+types/admin-trainings-users';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/trainings-users', title: translator(adminTrainingMessages, layout.locale)('a.users'), robots: 'noindex' });
}

/** /{locale}/admin/trainings-users: every enrolment, requests first; accept or refuse in place. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'trainings_users');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const q = new URL(args.request.url).searchParams;
  const trainingId = Number(q.get('training_id'));
  const page = parsePage(q.get('page'));
  const list = await listTrainingUsers(
    {
      trainingId: Number.isInteger(trainingId) && trainingId > 0 && trainingId < 2 ** 31 ? trainingId : undefined,
      search: q.get('search')?.slice(0, 100) ?? undefined,
      status: q.get('status') ?? undefined,
      page,
    },
    locale,
  );
  return { items: list.items, pages: list.pages, page: list.page, trainings: await trainingOptions(locale) };
}

type Row = Awaited<ReturnType<typeof listTrainingUsers>>['items'][number];

export default function AdminTrainingsUsers({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const m = useT(trainingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'user',
        header: t('a.col.user'),
        cell: ({ row }) => (
          <div>
            <Link
              to={`/${locale}/admin/trainings-users/${row.original.training_id}/${row.original.user_id}`}
              className="font-medium text-brand-800 hover:underline"
            >
              {row.original.user}
            </Link>
            <p className="text-xs text-slate-600">{row.original.email}</p>
          </div>
        ),
      },
      { id: 'training', header: t('a.col.training'), cell: ({ row }) => row.original.training },
      {
        id: 'status',
        header: t('a.col.status'),
        cell: ({ row }) => (
          <div className="flex flex-col items-start gap-1">
            <TrainingBadge badge={row.original.badge} />
            <span className="text-xs text-slate-600">{m(`status.${row.original.status}`)}</span>
          </div>
        ),
      },
      { id: 'progress', header: t('a.col.progress'), cell: ({ row }) => <span className="tabular-nums">{row.original.progress}%</span> },
      { id: 'accepted', header: t('a.col.accepted'), cell: ({ row }) => (row.original.accepted_at ? formatDate(row.original.accepted_at) : '–') },
      { id: 'expires', header: t('a.col.expires'), cell: ({ row }) => (row.original.expires_at ? formatDate(row.original.expires_at) : '–') },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('a.col.actions')}</span>,
        cell: ({ row }) => {
          const r = row.original;
          const base = `/api/admin/trainings-users/${r.training_id}`;
          return (
            <div className="flex justify-end gap-1">
              {r.status !== 'accepted' ? (
                <ConfirmDialog
                  trigger={
                    <>
                      {t('a.accept')}
                      <span className="sr-only">: {r.user}</span>
                    </>
                  }
                  message={t('a.acceptConfirm', { user: r.user, training: r.training })}
                  submitUrl={base}
                  id={`${r.user_id}/accept`}
                  method="POST"
                  onConfirm={() => void revalidator.revalidate()}
                />
              ) : null}
              {r.status !== 'refused' ? (
                <ConfirmDialog
                  trigger={
                    <>
                      {t('a.refuse')}
                      <span className="sr-only">: {r.user}</span>
                    </>
                  }
                  message={t('a.refuseConfirm', { user: r.user, training: r.training })}
                  submitUrl={base}
                  id={`${r.user_id}/refuse`}
                  method="POST"
                  onConfirm={() => void revalidator.revalidate()}
                />
              ) : null}
            </div>
          );
        },
      },
    ],
    [t, m, locale, revalidator],
  );
  return (
    <div>
      <AdminPageHeader title={t('a.users')} lead={t('a.usersLead')} />
      <DataTable
        caption={t('a.users')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => `${r.training_id}-${r.user_id}`}
        filters={[
          { name: 'search', label: t('a.search'), type: 'text' },
          {
            name: 'training_id',
            label: t('a.filterTraining'),
            type: 'select',
            options: loaderData.trainings.map((x) => ({ id: String(x.id), name: x.title })),
          },
          {
            name: 'status',
            label: t('a.filterStatus'),
            type: 'select',
            options: (['pending', 'accepted', 'refused'] as const).map((s) => ({ id: s, name: m(`status.${s}`) })),
          },
        ]}
      />
    </div>
  );
}
