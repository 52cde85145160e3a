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
import { listApplications } from '../../applications.server';
import { APPLICATION_STATUSES } from '../../constants';
import { formsMessages } from '../../messages';
import type { Route } from './+types/admin-applications';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/applications', title: translator(formsMessages, layout.locale)('app.admin.title'), robots: 'noindex' });
}

/** /{locale}/admin/applications: warranty certification applications, newest change first, by status. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'applications');
  const q = new URL(args.request.url).searchParams;
  const page = parsePage(q.get('page'));
  const list = await listApplications({ status: q.get('status') ?? undefined, page });
  return list;
}

type Row = Route.ComponentProps['loaderData']['items'][number];

export default function AdminApplications({ loaderData }: Route.ComponentProps) {
  const t = useT(formsMessages);
  const locale = useLocale();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'investment',
        header: t('app.col.investment'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/application/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.investmentName || `#${row.original.id}`}
          </Link>
        ),
      },
      {
        id: 'installer',
        header: t('app.col.installer'),
        cell: ({ row }) => String((row.original.data as Record<string, unknown>).installer_company_name ?? ''),
      },
      { id: 'status', header: t('admin.col.status'), cell: ({ row }) => t(`app.status.${row.original.status}`) },
      { id: 'submitted', header: t('app.col.submitted'), cell: ({ row }) => (row.original.submittedAt ? formatDate(row.original.submittedAt) : '—') },
      { id: 'certificate', header: t('app.col.certificate'), cell: ({ row }) => row.original.certificate?.number ?? '—' },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader title={t('app.admin.title')} />
      <DataTable
        caption={t('app.admin.title')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'status', label: t('admin.col.status'), type: 'select', options: APPLICATION_STATUSES.map((s) => ({ id: s, name: t(`app.status.${s}`) })) },
        ]}
      />
    </div>
  );
}
