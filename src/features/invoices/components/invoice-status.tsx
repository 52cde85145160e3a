import { useT } from '~/core/i18n/use-locale';
import { invoiceMessages } from '../messages';

/** "DD.MM.YYYY" in Polish, "DD/MM/YYYY" in English, from 'YYYY-MM-DD'. */
export function dayOf(iso: string, locale: 'pl' | 'en'): string {
  const [y, m, d] = iso.split('-');
  return locale === 'pl' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`;
}

export function InvoiceStatus({ paidOn, overdue }: { paidOn: string | null; overdue: boolean }) {
  const t = useT(invoiceMessages);
  if (paidOn)
    return (
      <span className="inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
        {t('status.paid')}
      </span>
    );
  if (overdue)
    return (
      <span className="inline-block rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">{t('status.overdue')}</span>
    );
  return (
    <span className="inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">{t('status.open')}</span>
  );
}
