// The calculator page without access: what it does (with a drawing in its style), and both ways in:
// subscribe to the newsletter (free) or buy (9.90 PLN net, Przelewy24 or bank transfer).
import { useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate } from '~/core/money/money';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { SubmitButton } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { Honeypot, TextInput } from '~/core/ui/form/inputs';
import { clientErrors, submitForm } from '~/core/ui/form/submit';
import { newsletterMessages } from '../messages';
import { HONEYPOT_FIELD, purchaseSchema } from '../validation';

export interface OfferData {
  price: { net: number; vat: number; gross: number };
  /** Null: neither Przelewy24 nor a bank account is configured; the page offers no purchase. */
  method: 'p24' | 'transfer' | null;
}

/** A screenshot-like drawing: a tray cross-section with packed cables and the fill result. */
function Preview({ label }: { label: string }) {
  const cables = [
    [40, 92, 9],
    [59, 92, 9],
    [78, 92, 9],
    [97, 92, 9],
    [116, 92, 9],
    [135, 92, 9],
    [154, 92, 9],
    [173, 88, 13],
    [50, 75, 9],
    [69, 75, 9],
    [88, 75, 9],
    [107, 75, 9],
    [126, 75, 9],
    [145, 75, 9],
    [200, 92, 9],
    [219, 92, 9],
    [238, 92, 9],
    [210, 75, 9],
  ];
  return (
    <figure className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-1.5 border-b border-slate-200 bg-slate-50 px-3 py-2" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-slate-300" />
        <span className="size-2.5 rounded-full bg-slate-300" />
        <span className="size-2.5 rounded-full bg-slate-300" />
      </div>
      <svg viewBox="0 0 320 170" role="img" aria-label={label} className="block w-full">
        <rect x="20" y="40" width="250" height="66" fill="#f1f5f9" />
        <path d="M20 40 V106 H270 V40" fill="none" stroke="#334155" strokeWidth="3" />
        <line x1="20" y1="57" x2="270" y2="57" stroke="#f59e0b" strokeDasharray="5 4" strokeWidth="1.5" />
        {cables.map(([cx, cy, r]) => (
          <circle key={`${cx}-${cy}`} cx={cx} cy={cy + 3} r={r} fill={r > 10 ? '#0f766e' : '#1d4ed8'} stroke="#fff" strokeWidth="1" />
        ))}
        <rect x="20" y="124" width="250" height="10" rx="5" fill="#e2e8f0" />
        <rect x="20" y="124" width="158" height="10" rx="5" fill="#16a34a" />
        <text x="20" y="156" fontSize="13" fill="#0f172a" fontFamily="sans-serif" fontWeight="600">
          63 %
        </text>
        <text x="270" y="156" fontSize="12" fill="#475569" fontFamily="sans-serif" textAnchor="end">
          200 × 60 mm
        </text>
        <text x="280" y="60" fontSize="11" fill="#b45309" fontFamily="sans-serif">
          25 %
        </text>
      </svg>
    </figure>
  );
}

function BuyForm({ method }: { method: 'p24' | 'transfer' }) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const [values, setValues] = useState({ name: '', email: '', website: '' });
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const f = useFieldErrors({ prefix: 'calculator-buy' });
  const set = (key: keyof typeof values) => (v: string) => {
    setValues((prev) => ({ ...prev, [key]: v }));
    f.clear(key);
  };
  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const local = clientErrors(purchaseSchema(locale), values);
    if (local) {
      f.showFieldErrors(local);
      return;
    }
    setPending(true);
    const res = await submitForm<{ message: string; redirect?: string }>('/api/calculator/purchase', values, { notifySuccess: false });
    if (res.ok && res.data.redirect) {
      window.location.assign(res.data.redirect);
      return;
    }
    setPending(false);
    if (res.ok) setSent(res.data.message);
    else if (res.status === 422) f.showFieldErrors(res.errors);
  };
  if (sent) {
    return (
      <Notice kind="success" className="mt-4">
        {sent}
      </Notice>
    );
  }
  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="relative mt-4 space-y-3" data-testid="calculator-buy">
      <Honeypot name={HONEYPOT_FIELD} label={t('form.honeypot')} value={values.website} onChange={set('website')} />
      <TextInput f={f} path="name" label={t('buy.name')} required value={values.name} onChange={set('name')} autoComplete="name" />
      <TextInput f={f} path="email" type="email" label={t('buy.email')} required value={values.email} onChange={set('email')} autoComplete="email" />
      {method === 'transfer' && <p className="text-sm text-slate-600">{t('calc.offer.buy.transferNote')}</p>}
      <SubmitButton pending={pending} pendingText={t('form.sending')}>
        {method === 'p24' ? t('calc.offer.buy.p24') : t('calc.offer.buy.transfer')}
      </SubmitButton>
    </form>
  );
}

export function CalculatorOffer({ offer }: { offer: OfferData }) {
  const t = useT(newsletterMessages);
  const locale = useLocale();
  const features = [t('calc.offer.f1'), t('calc.offer.f2'), t('calc.offer.f3')];
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="grid gap-10 lg:grid-cols-2 lg:items-start">
        <div>
          <p className="text-lg leading-relaxed text-slate-700">{t('calc.offer.lead')}</p>
          <ul className="mt-6 space-y-3">
            {features.map((x) => (
              <li key={x} className="flex gap-3 text-slate-800">
                <svg
                  width="22"
                  height="22"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-brand-700"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                >
                  <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{x}</span>
              </li>
            ))}
          </ul>
        </div>
        <Preview label={t('calc.offer.preview')} />
      </div>
      <div className="mt-12 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="offer-free" className="flex flex-col rounded-lg border-2 border-brand-600 bg-white p-6 shadow-sm">
          <h2 id="offer-free" className="text-xl font-bold text-slate-900">
            {t('calc.offer.free.title')}
          </h2>
          <p className="mt-3 text-slate-700">{t('calc.offer.free.text')}</p>
          <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
            {[t('page.benefit1'), t('page.benefit2'), t('page.benefit3')].map((b) => (
              <li key={b} className="flex gap-2">
                <svg
                  width="18"
                  height="18"
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="mt-0.5 shrink-0 text-brand-700"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.5"
                >
                  <path d="M5 12l5 5L20 7" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                <span>{b}</span>
              </li>
            ))}
          </ul>
          <Link to={`/${locale}/newsletter`} className="mt-5 self-start rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
            {t('form.submit')}
          </Link>
        </section>
        <section aria-labelledby="offer-buy" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="offer-buy" className="text-xl font-bold text-slate-900">
            {t('calc.offer.buy.title')}
          </h2>
          <p className="mt-2 text-lg font-semibold text-brand-800" data-testid="calculator-price">
            {t('calc.offer.buy.price', { rate: formatVatRate(), net: formatMoney(offer.price.net, locale), gross: formatMoney(offer.price.gross, locale) })}
          </p>
          <p className="mt-2 text-slate-700">{t('calc.offer.buy.text')}</p>
          {offer.method ? (
            <BuyForm method={offer.method} />
          ) : (
            <Notice kind="info" role="note" className="mt-4">
              {t('calc.offer.buy.unavailable')}{' '}
              <Link to={`/${locale}/contact`} className="font-semibold underline">
                {t('calc.offer.buy.contact')}
              </Link>
            </Notice>
          )}
        </section>
      </div>
      <p className="mt-8 text-sm text-slate-600">{t('calc.offer.login')}</p>
    </div>
  );
}
