import { type FormEvent, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { TextArea } from '~/core/ui/form/inputs';
import { CartRows } from '../components/cart-rows';
import { AddressBlock, buttonSecondary, money, ShopFrame } from '../components/shop-ui';
import { shopMessages } from '../messages';
import type { Route } from './+types/cart-order-data';
import { cartPageData } from './cart-data.server';
import { Button } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

// /{locale}/cart/order-data: step 2, buyer data (read-only), transport type and notes.
export async function loader(args: Route.LoaderArgs) {
  const data = await cartPageData(args, { transport: true });
  if (data.cart.positions.length === 0) throw redirect(`/${data.locale}/cart`);
  return data;
}

// An anonymous visitor's cart lives in the session: not covered by the hook for anonymous pages.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/cart/order-data', title: translator(shopMessages, layout.locale)('title.orderData'), robots: 'noindex' });
}

export default function OrderDataPage({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const { cart, transportTypes } = loaderData;
  const [transport, setTransport] = useState(cart.transport_type_id ? String(cart.transport_type_id) : '');
  const [notes, setNotes] = useState(cart.additional_informations);
  const [pending, setPending] = useState(false);
  const f = useFieldErrors({ prefix: 'order' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!transport) {
      f.showFieldErrors({ transport_type_id: [t('v.transport')] });
      return;
    }
    setPending(true);
    const res = await api('/api/cart', { method: 'PUT', body: { transport_type_id: transport, additional_informations: notes }, notifySuccess: false });
    setPending(false);
    if (res.ok) navigate(`/${locale}/cart/delivery-data`);
    else f.showFieldErrors(res.errors);
  };

  const transportProps = f.field('transport_type_id');
  return (
    <ShopFrame title={t('title.orderData')} step={1}>
      <form onSubmit={submit} ref={f.formRef} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
        <div className="space-y-6">
          <section className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('order.customer')}</h2>
              <p className="mt-2 font-medium text-slate-900">{cart.customer_name}</p>
              <p className="text-sm text-slate-700">
                {t('order.taxId')}: {cart.tax_identification_nr || '—'}
              </p>
              <p className="text-sm text-slate-700">
                {t('sum.paymentTerm')}: {t('sum.days', { days: cart.payment_deadline_days })}
              </p>
            </div>
            <AddressBlock title={t('order.invoiceAddress')} address={cart.invoice_address} />
          </section>
          {cart.warning && (
            <Notice kind="error" className="font-medium">
              {cart.warning}
            </Notice>
          )}
          <fieldset className="rounded-lg border border-slate-200 bg-white p-4" aria-describedby={transportProps['aria-describedby']}>
            <legend className="px-1 text-lg font-semibold text-slate-900">{t('order.transport')}</legend>
            <p className="text-sm text-slate-600">{t('order.transportHint')}</p>
            <div className="mt-3 space-y-2">
              {transportTypes.map((tt, i) => (
                <label
                  key={tt.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="transport_type_id"
                    id={i === 0 ? transportProps.id : `${transportProps.id}-${tt.id}`}
                    value={tt.id}
                    checked={transport === String(tt.id)}
                    onChange={() => setTransport(String(tt.id))}
                    aria-invalid={i === 0 ? transportProps['aria-invalid'] : undefined}
                    className="mt-1 h-4 w-4 accent-brand-700"
                  />
                  <span>
                    <span className="block font-medium text-slate-900">{tt.name}</span>
                    <span className="block text-sm text-slate-600">
                      {t(`kind.${tt.kind}`)}
                      {(tt.kind === 'courier' || tt.kind === 'pallet') && ` · ${money(tt.unit_price, locale)}`}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            {f.message('transport_type_id') && (
              <p id={f.error('transport_type_id').id} className="mt-1 text-sm font-medium text-red-700">
                {f.message('transport_type_id')}
              </p>
            )}
          </fieldset>
          <TextArea f={f} path="additional_informations" label={t('order.notes')} hint={t('order.notesHint')} value={notes} onChange={setNotes} rows={3} />
          <details className="rounded-lg border border-slate-200 bg-white p-4">
            <summary className="cursor-pointer font-medium text-slate-900">
              {t('orders.positions')} ({cart.positions.length})
            </summary>
            <div className="mt-3">
              <CartRows rows={cart.positions} editable={false} />
            </div>
          </details>
        </div>
        <aside className="flex flex-col gap-2">
          <Button type="submit" size="lg" disabled={pending}>
            {t('cart.next')}
          </Button>
          <Link to={`/${locale}/cart`} className={buttonSecondary}>
            {t('cart.back')}
          </Link>
        </aside>
      </form>
    </ShopFrame>
  );
}
