import { type FormEvent, useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { Checkbox, TextInput } from '~/core/ui/form/inputs';
import { buttonSecondary, ShopFrame } from '../components/shop-ui';
import { shopMessages } from '../messages';
import { addressLine, PICKUP_ADDRESS } from '../rules';
import { DELIVERY_ADDRESS_FIELDS } from '../validation';
import type { Route } from './+types/cart-delivery-data';
import { cartPageData } from './cart-data.server';
import { Button } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

// /{locale}/cart/delivery-data: step 3, one of the customer's delivery addresses, a different
// address (optionally saved to the customer's addresses), or personal pickup.
export async function loader(args: Route.LoaderArgs) {
  const data = await cartPageData(args, { transport: true });
  if (data.cart.positions.length === 0) throw redirect(`/${data.locale}/cart`);
  if (!data.cart.transport_type_id) throw redirect(`/${data.locale}/cart/order-data`);
  return data;
}

// An anonymous visitor's cart lives in the session: not covered by the hook for anonymous pages.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/cart/delivery-data', title: translator(shopMessages, layout.locale)('title.deliveryData'), robots: 'noindex' });
}

type Field = (typeof DELIVERY_ADDRESS_FIELDS)[number];

export default function DeliveryDataPage({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const { cart, transportTypes } = loaderData;
  const pickupType = transportTypes.find((tt) => tt.kind === 'pickup');
  const initial =
    cart.transport_kind === 'pickup'
      ? 'pickup'
      : cart.is_different_delivery_address || cart.delivery_addresses.length === 0
        ? 'different'
        : `saved:${cart.delivery_address_id ?? cart.delivery_addresses[0]?.id}`;
  const [choice, setChoice] = useState(initial);
  const blank = Object.fromEntries(DELIVERY_ADDRESS_FIELDS.map((k) => [k, ''])) as Record<Field, string>;
  const [address, setAddress] = useState<Record<Field, string>>({
    ...blank,
    ...(cart.different_delivery_address ? pick(cart.different_delivery_address) : {}),
  });
  const [save, setSave] = useState(cart.save_delivery_address);
  const [pending, setPending] = useState(false);
  const f = useFieldErrors({ prefix: 'delivery' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let body: Record<string, unknown>;
    let next = `/${locale}/cart/summary`;
    const leavingPickup = cart.transport_kind === 'pickup' && choice !== 'pickup';
    if (choice === 'pickup') body = { transport_type_id: pickupType?.id ?? '', is_different_delivery_address: false };
    else if (choice === 'different') body = { is_different_delivery_address: true, delivery_address: address, save_delivery_address: save };
    else body = { is_different_delivery_address: false, delivery_address_id: choice.slice('saved:'.length) };
    if (leavingPickup) {
      // Personal pickup was the transport: choose a transport again for the address.
      body.transport_type_id = null;
      next = `/${locale}/cart/order-data`;
    }
    setPending(true);
    const res = await api('/api/cart', { method: 'PUT', body, notifySuccess: false });
    setPending(false);
    if (res.ok) navigate(next);
    else f.showFieldErrors(res.errors);
  };

  const radio = (value: string, label: string, detail?: string) => (
    <label
      key={value}
      className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
    >
      <input
        type="radio"
        name="delivery_choice"
        value={value}
        checked={choice === value}
        onChange={() => setChoice(value)}
        className="mt-1 h-4 w-4 accent-brand-700"
      />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        {detail && <span className="block text-sm text-slate-600">{detail}</span>}
      </span>
    </label>
  );

  return (
    <ShopFrame title={t('title.deliveryData')} step={2}>
      <form onSubmit={submit} ref={f.formRef} className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" noValidate>
        <div className="space-y-6">
          <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
            <legend className="px-1 text-lg font-semibold text-slate-900">{t('delivery.choose')}</legend>
            <div className="mt-2 space-y-2">
              {cart.delivery_addresses.map((a) => radio(`saved:${a.id}`, a.name, addressLine(a)))}
              {cart.delivery_addresses.length === 0 && <p className="text-sm text-slate-700">{t('delivery.noAddresses')}</p>}
              {radio('different', t('delivery.different'))}
              {pickupType && radio('pickup', t('delivery.pickup', { address: addressLine(PICKUP_ADDRESS) }))}
            </div>
          </fieldset>
          {choice === 'different' && (
            <fieldset className="rounded-lg border border-slate-200 bg-white p-4">
              <legend className="px-1 text-lg font-semibold text-slate-900">{t('delivery.different')}</legend>
              <div className="mt-2 grid gap-4 sm:grid-cols-6">
                {DELIVERY_ADDRESS_FIELDS.map((k) => (
                  <TextInput
                    key={k}
                    f={f}
                    path={`delivery_address.${k}`}
                    label={t(`addr.${k}`)}
                    required={k === 'name' || k === 'town' || k === 'street' || k === 'postcode'}
                    value={address[k]}
                    onChange={(v) => setAddress((a) => ({ ...a, [k]: v }))}
                    type={k === 'email' ? 'email' : k === 'phone_number' ? 'tel' : 'text'}
                    className={
                      k === 'name' || k === 'street' ? 'sm:col-span-4' : k === 'home' || k === 'flat' || k === 'postcode' ? 'sm:col-span-2' : 'sm:col-span-3'
                    }
                  />
                ))}
              </div>
              <Checkbox f={f} path="save_delivery_address" className="mt-4" label={t('delivery.save')} checked={save} onChange={setSave} />
            </fieldset>
          )}
          {choice === 'pickup' && (
            <Notice kind="info" role="note">
              {t('delivery.pickupInfo', { address: addressLine(PICKUP_ADDRESS) })}
            </Notice>
          )}
        </div>
        <aside className="flex flex-col gap-2">
          <Button type="submit" size="lg" disabled={pending}>
            {t('cart.next')}
          </Button>
          <Link to={`/${locale}/cart/order-data`} className={buttonSecondary}>
            {t('cart.back')}
          </Link>
        </aside>
      </form>
    </ShopFrame>
  );
}

function pick(a: Record<string, string>): Partial<Record<Field, string>> {
  return Object.fromEntries(DELIVERY_ADDRESS_FIELDS.map((k) => [k, a[k] ?? '']));
}
