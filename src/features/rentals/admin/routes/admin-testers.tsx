import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, toDecimal } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { DataTable } from '~/core/ui/admin/data-table';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { getCourierFee, listAllTesters } from '../../rentals.server';
import { rentalUi } from '../../messages';
import type { Route } from './+types/admin-testers';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/testers', title: translator(rentalUi, layout.locale)('admin.testers'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'testers');
  const rows = await listAllTesters();
  return {
    items: rows.map((t) => ({
      id: t.id,
      name: t.name,
      serial: t.serialNumber,
      pricePerDay: t.pricePerDay,
      thresholdDays: t.thresholdDays,
      extraDayPrice: t.extraDayPrice,
      deposit: t.deposit,
      isActive: t.isActive,
    })),
    courierFee: toDecimal(await getCourierFee()),
  };
}

type Row = Route.ComponentProps['loaderData']['items'][number];

export default function AdminTesters({ loaderData }: Route.ComponentProps) {
  const t = useT(rentalUi);
  const locale = useLocale();
  const [fee, setFee] = useState(loaderData.courierFee.replace('.', locale === 'pl' ? ',' : '.'));
  const [feeError, setFeeError] = useState<string | undefined>();
  const columns = useMemo<ColumnDef<Row, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('admin.name'),
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/tester/${row.original.id}`} className="font-medium text-brand-800 hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: 'serial', header: t('admin.serial'), cell: ({ row }) => <span className="font-mono text-xs">{row.original.serial}</span> },
      { id: 'price', header: t('price.perDay'), cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.pricePerDay, locale)}</span> },
      { id: 'threshold', header: t('admin.threshold'), cell: ({ row }) => row.original.thresholdDays },
      {
        id: 'extra',
        header: t('price.extra'),
        cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.extraDayPrice, locale)}</span>,
      },
      { id: 'deposit', header: t('price.deposit'), cell: ({ row }) => <span className="whitespace-nowrap">{formatMoney(row.original.deposit, locale)}</span> },
      { id: 'active', header: t('admin.active'), cell: ({ row }) => (row.original.isActive ? t('admin.yes') : t('admin.no')) },
      {
        id: 'actions',
        header: () => <span className="sr-only">{t('admin.edit')}</span>,
        cell: ({ row }) => (
          <Link to={`/${locale}/admin/tester/${row.original.id}`} className="rounded px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50">
            {t('admin.edit')}
            <span className="sr-only">: {row.original.name}</span>
          </Link>
        ),
      },
    ],
    [t, locale],
  );

  async function saveFee(e: React.FormEvent) {
    e.preventDefault();
    const res = await api('/api/admin/tester-settings', { method: 'PUT', body: { courier_fee: fee } });
    setFeeError(res.ok ? undefined : res.errors?.courier_fee?.[0]);
  }

  return (
    <div>
      <AdminPageHeader
        title={t('admin.testers')}
        lead={t('admin.testersLead')}
        actions={
          <Link to={`/${locale}/admin/tester`} className={primaryButton}>
            {t('admin.addTester')}
          </Link>
        }
      />
      <DataTable caption={t('admin.testers')} columns={columns} items={loaderData.items} pages={1} page={1} getRowId={(r) => String(r.id)} />
      <AdminCard title={t('admin.courierFee')} className="mt-8 max-w-md">
        <form onSubmit={saveFee} noValidate className="flex items-end gap-3">
          <div className="flex-1">
            <Field label={t('admin.courierFee')} htmlFor="courier-fee" error={feeError}>
              <input
                id="courier-fee"
                value={fee}
                onChange={(e) => setFee(e.target.value)}
                inputMode="decimal"
                className={inputClass}
                aria-invalid={feeError ? true : undefined}
                aria-describedby={feeError ? 'courier-fee-error' : undefined}
              />
            </Field>
          </div>
          <button type="submit" className={secondaryButton}>
            {t('admin.saveFee')}
          </button>
        </form>
      </AdminCard>
    </div>
  );
}
