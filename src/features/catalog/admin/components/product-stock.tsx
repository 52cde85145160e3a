import { useLocale, useT } from '~/core/i18n/use-locale';
import { AdminCard } from '~/core/ui/admin/page-header';
import { formatDate, formatDateTime } from '~/core/time/format';
import { catalogAdminMessages } from '../messages';

export interface ProductStockRow {
  number: string;
  unit: string;
  warehouses: { code: string; name: string; quantity: number; next_delivery_date: string | null; lead_time_days: number | null; updated_at: string }[];
}

/** The stock of a product's catalogue numbers per warehouse, as the ERP sent it (issue 39): read-only. */
export function ProductStock({ rows }: { rows: ProductStockRow[] }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const lines = rows.flatMap((r) => r.warehouses.map((w) => ({ ...w, number: r.number, unit: r.unit })));
  const qty = new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: 3 });
  return (
    <AdminCard title={t('stock.title')}>
      <p className="text-sm text-slate-600">{t('stock.lead')}</p>
      {lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="product-stock-none">
          {t('stock.none')}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="product-stock">
            <thead className="bg-slate-50 text-slate-600">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('stock.col.number')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('stock.col.warehouse')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('stock.col.quantity')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('stock.col.next')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  {t('stock.col.lead')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('stock.col.updated')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {lines.map((l) => (
                <tr key={`${l.number}:${l.code}`}>
                  <td className="px-3 py-2 font-mono">{l.number}</td>
                  <td className="px-3 py-2">
                    <span className="font-mono">{l.code}</span> {l.name}
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">
                    {qty.format(l.quantity)} {l.unit}
                  </td>
                  <td className="px-3 py-2">{l.next_delivery_date ? formatDate(l.next_delivery_date) : '—'}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{l.lead_time_days ?? '—'}</td>
                  <td className="px-3 py-2 text-slate-600">{formatDateTime(l.updated_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminCard>
  );
}
