import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Form, Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, fromDecimal } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { AdminCard, AdminPageHeader, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { dayLabel, StatusBadge } from '../../components/page-band';
import { rentalWorkflow } from '../../rental-workflow.server';
import { listAdminRentals, listAllTesters, occupancy } from '../../rentals.server';
import { addDays, dayNumber, fromDayNumber, todayInWarsaw } from '~/core/time/days';
import { RENTAL_STATUSES } from '../../statuses';
import { rentalUi } from '../../messages';
import type { Route } from './+types/admin-tester-rentals';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/tester-rentals', title: translator(rentalUi, layout.locale)('admin.rentals'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'tester_rentals');
  const locale = args.params.locale === 'en' ? 'en' : 'pl';
  const q = new URL(args.request.url).searchParams;
  const testerId = Number(q.get('tester_id'));
  const list = await listAdminRentals(
    {
      testerId: Number.isSafeInteger(testerId) && testerId > 0 ? testerId : undefined,
      status: q.get('status') ?? undefined,
      date: q.get('date') ?? undefined,
      page: parsePage(q.get('page')),
    },
    locale,
  );
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(q.get('month') ?? '') ? (q.get('month') as string) : todayInWarsaw().slice(0, 7);
  const testers = (await listAllTesters()).map((t) => ({ id: String(t.id), name: t.name }));
  return {
    ...list,
    testers,
    statuses: RENTAL_STATUSES.map((s) => ({ id: s, name: rentalWorkflow.label(s, locale) })),
    occupancy: await occupancy(month),
  };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

function monthDays(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) out.push(fromDayNumber(n));
  return out;
}

export default function AdminTesterRentals({ loaderData }: Route.ComponentProps) {
  const t = useT(rentalUi);
  const locale = useLocale();
  const occ = loaderData.occupancy;
  const days = monthDays(occ.from, occ.to);
  const prevMonth = addDays(occ.from, -1).slice(0, 7);
  const nextMonth = addDays(occ.to, 1).slice(0, 7);
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'id',
        header: t('my.number'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/tester-rentals/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.id}
          </Link>
        ),
      },
      { id: 'tester', header: t('my.meter'), cell: ({ row }) => row.original.tester_name },
      {
        id: 'dates',
        header: t('my.dates'),
        cell: ({ row }) => (
          <span className="whitespace-nowrap">
            {dayLabel(row.original.datetime_from)} – {dayLabel(row.original.datetime_to)}
          </span>
        ),
      },
      { id: 'tenant', header: t('admin.tenant'), cell: ({ row }) => row.original.tenant_name },
      {
        id: 'gross',
        header: t('my.gross'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{formatMoney(fromDecimal(row.original.gross), locale)}</span>,
      },
      { id: 'status', header: t('my.status'), cell: ({ row }) => <StatusBadge status={row.original.status} label={row.original.status_label} /> },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('my.show')}</span>,
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/tester-rentals/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('my.show')}
            <span className="sr-only">: {t('admin.rental', { id: row.original.id })}</span>
          </Link>
        ),
      },
    ],
    [t, locale],
  );
  return (
    <div>
      <AdminPageHeader title={t('admin.rentals')} lead={t('admin.rentalsLead')} />
      <DataTable
        caption={t('admin.rentals')}
        columns={columns}
        items={loaderData.items}
        pages={loaderData.pages}
        page={loaderData.page}
        getRowId={(r) => String(r.id)}
        filters={[
          { name: 'tester_id', label: t('admin.filterTester'), type: 'select', options: loaderData.testers },
          { name: 'status', label: t('admin.filterStatus'), type: 'select', options: loaderData.statuses },
          { name: 'date', label: t('admin.filterDate'), type: 'date' },
        ]}
      />
      <AdminCard title={`${t('admin.occupancy')}: ${occ.month}`} className="mt-8" id="occupancy">
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
          <Link to={`?month=${prevMonth}#occupancy`} className={secondaryButton} aria-label={t('rent.prev')}>
            ‹
          </Link>
          <label className="text-sm font-medium text-slate-800">
            {t('admin.month')}
            <input type="month" name="month" defaultValue={occ.month} className={`${inputClass} mt-1`} />
          </label>
          <button type="submit" className={secondaryButton}>
            {t('admin.filter')}
          </button>
          <Link to={`?month=${nextMonth}#occupancy`} className={secondaryButton} aria-label={t('rent.next')}>
            ›
          </Link>
        </Form>
        <div className="overflow-x-auto">
          <table className="border-separate border-spacing-0.5 text-xs" data-testid="occupancy">
            <caption className="sr-only">{t('admin.occupancy')}</caption>
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 bg-white pr-2 text-left">
                  {t('my.meter')}
                </th>
                {days.map((d) => (
                  <th key={d} scope="col" className="w-6 text-center font-normal text-slate-600">
                    {Number(d.slice(8))}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {occ.testers.map((tester) => (
                <tr key={tester.id}>
                  <th scope="row" className="sticky left-0 max-w-48 truncate bg-white pr-2 text-left font-medium text-slate-900">
                    {tester.name}
                  </th>
                  {days.map((d) => {
                    const r = tester.rentals.find((x) => x.from <= d && d <= x.to);
                    return (
                      <td key={d} className={`h-6 w-6 rounded-sm text-center ${r ? 'bg-brand-600' : 'bg-slate-100'}`}>
                        {r && (d === r.from || d === occ.from) ? (
                          <Link
                            to={`/${locale}/admin/tester-rentals/${r.id}`}
                            className="block h-6 w-6"
                            title={`${t('admin.rental', { id: r.id })}: ${dayLabel(r.from)} – ${dayLabel(r.to)}`}
                          >
                            <span className="sr-only">{`${t('admin.rental', { id: r.id })}, ${dayLabel(d)}`}</span>
                          </Link>
                        ) : null}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AdminCard>
    </div>
  );
}
