// Building blocks of the shop screens: the step indicator, the page frame, money and addresses.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { downloadFile } from '~/core/http/api-client';
import type { Locale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate, fromDecimal } from '~/core/money/money';
import { buttonClass } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { PageHeader } from '~/core/ui/page-header';
import { shopMessages } from '../messages';
import { addressLine, volumeLabel, weightLabel } from '../rules';
import type { AddressJson } from '../shop.schema';

export const STEPS = [
  { key: 'steps.cart', path: 'cart' },
  { key: 'steps.orderData', path: 'cart/order-data' },
  { key: 'steps.deliveryData', path: 'cart/delivery-data' },
  { key: 'steps.summary', path: 'cart/summary' },
  { key: 'steps.placed', path: null },
] as const;

/** Money of the API ("1234.50") as "1 234,50 zł". */
export function money(decimal: string | null | undefined, locale: Locale): string {
  return decimal == null ? '—' : formatMoney(fromDecimal(decimal), locale);
}

/** The five steps of SPEC section 2; the steps before the current one are links. */
export function StepIndicator({ current }: { current: number }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  return (
    <nav aria-label={t('steps.label')} className="mb-8">
      <ol className="grid grid-cols-5 gap-1 text-xs sm:gap-2 sm:text-sm">
        {STEPS.map((s, i) => {
          const done = i < current;
          const active = i === current;
          const label = (
            <>
              <span
                className={`mx-auto flex h-7 w-7 items-center justify-center rounded-full text-sm font-semibold ${active ? 'bg-brand-700 text-white' : done ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'}`}
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <span className={`sr-only mt-1 text-center leading-tight sm:not-sr-only sm:block ${active ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                {t(s.key)}
              </span>
            </>
          );
          return (
            <li
              key={s.key}
              aria-current={active ? 'step' : undefined}
              className={`border-t-4 pt-2 ${active || done ? 'border-brand-600' : 'border-slate-200'}`}
            >
              {done && s.path && current < 4 ? (
                <Link to={`/${locale}/${s.path}`} className="block rounded hover:bg-slate-50">
                  {label}
                </Link>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ol>
      <p aria-hidden="true" className="mt-2 text-center text-sm font-semibold text-slate-900 sm:hidden">
        {t(STEPS[current]?.key ?? 'steps.cart')}
      </p>
    </nav>
  );
}

/** The frame of a shop screen: the band with the title and the step indicator. */
export function ShopFrame({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  return (
    <>
      <PageHeader title={title} crumbs={step > 0 ? [{ to: `/${locale}/cart`, label: t('title.cart') }] : []} />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:py-10">
        <StepIndicator current={step} />
        {children}
      </div>
    </>
  );
}

export function AddressBlock({ title, address }: { title: string; address: AddressJson | null }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      {address ? (
        <address className="mt-2 not-italic text-slate-800">
          <span className="block font-medium">{address.name}</span>
          <span className="block">{addressLine(address)}</span>
          {address.phone_number && <span className="block text-sm text-slate-700">{address.phone_number}</span>}
          {address.email && <span className="block text-sm text-slate-700">{address.email}</span>}
        </address>
      ) : (
        <p className="mt-2 text-slate-700">—</p>
      )}
    </section>
  );
}

export interface TotalsData {
  value_netto_attribute: string;
  transport_cost: string;
  net: string;
  vat: string;
  gross: string;
  weight_kg: string;
  volume_cm: number;
  packages_count: number;
  pallets_count: number;
  is_custom_transport: boolean;
  payment_deadline_days?: number;
}

/** Net, VAT and gross with weight, volume and the transport counts. */
export function TotalsBox({ totals, showTerm = false }: { totals: TotalsData; showTerm?: boolean }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const row = (label: string, value: string, strong = false, testId?: string) => (
    <div className={`flex justify-between gap-4 py-1 ${strong ? 'border-t border-slate-200 pt-2 text-base font-bold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd data-testid={testId} className="text-right tabular-nums">
        {value}
      </dd>
    </div>
  );
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
      <dl>
        {row(t('sum.weight'), weightLabel(Number(totals.weight_kg), locale))}
        {row(t('sum.volume'), volumeLabel(totals.volume_cm, locale))}
        {/* A custom shipment is priced by hand: its package or pallet count would mislead. */}
        {!totals.is_custom_transport && totals.packages_count > 0 && row(t('sum.packages'), String(totals.packages_count))}
        {!totals.is_custom_transport && totals.pallets_count > 0 && row(t('sum.pallets'), String(totals.pallets_count))}
        {row(t('sum.valueNetto'), money(totals.value_netto_attribute, locale))}
        {row(t('sum.transport'), totals.is_custom_transport ? t('sum.transportCustom') : money(totals.transport_cost, locale))}
        {row(t('sum.net'), money(totals.net, locale), false, 'total-net')}
        {row(t('sum.vat', { rate: formatVatRate() }), money(totals.vat, locale), false, 'total-vat')}
        {row(t('sum.gross'), money(totals.gross, locale), true, 'total-gross')}
        {showTerm && totals.payment_deadline_days !== undefined && row(t('sum.paymentTerm'), t('sum.days', { days: totals.payment_deadline_days }))}
      </dl>
      {totals.is_custom_transport && (
        <Notice kind="warning" role="note" className="mt-3" data-testid="custom-note">
          {t('cart.customNote')}
        </Notice>
      )}
    </div>
  );
}

/** The shop screens' buttons and button-looking links: the kit's large size. */
export const buttonPrimary = buttonClass('primary', 'lg');
export const buttonSecondary = buttonClass('secondary', 'lg');

/** The order PDF: fetched with the page's language (SPEC section 7 download), a plain link without JS. */
export function PdfLink({ orderId, label }: { orderId: number; label: string }) {
  const href = `/api/orders/${orderId}/pdf`;
  return (
    <a
      href={href}
      className={buttonPrimary}
      onClick={(e) => {
        e.preventDefault();
        void downloadFile(href);
      }}
    >
      {label}
    </a>
  );
}
