import { useState } from 'react';
import { Link, redirect, useNavigate } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { CartRows } from '../components/cart-rows';
import { AddressBlock, buttonSecondary, ShopFrame, TotalsBox } from '../components/shop-ui';
import { shopMessages } from '../messages';
import type { Route } from './+types/cart-summary';
import { cartPageData } from './cart-data.server';
import { Button } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

// /{locale}/cart/summary: step 4, everything read-only, then "place order" (one Idempotency-Key
// per visit of this screen: a double click or a retry never places two orders).
export async function loader(args: Route.LoaderArgs) {
  const data = await cartPageData(args);
  if (data.cart.positions.length === 0) throw redirect(`/${data.locale}/cart`);
  if (!data.cart.transport_type_id) throw redirect(`/${data.locale}/cart/order-data`);
  return { ...data, key: crypto.randomUUID() };
}

// An anonymous visitor's cart lives in the session: not covered by the hook for anonymous pages.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/cart/summary', title: translator(shopMessages, layout.locale)('title.summary'), robots: 'noindex' });
}

export default function SummaryPage({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const { cart, key } = loaderData;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const place = async () => {
    setPending(true);
    const res = await api<{ id: number }>('/api/orders', { method: 'POST', headers: { 'Idempotency-Key': key }, notifySuccess: false });
    if (res.ok) {
      navigate(`/${locale}/cart/order-placed/${res.data.id}`);
      return;
    }
    setPending(false);
    setError(res.message ?? (res.errors ? Object.values(res.errors)[0]?.[0] : undefined));
  };

  return (
    <ShopFrame title={t('title.summary')} step={3}>
      <p className="mb-6 text-slate-700">{t('summary.check')}</p>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <CartRows rows={cart.positions} editable={false} />
          <div className="grid gap-4 sm:grid-cols-2">
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('order.customer')}</h2>
              <p className="mt-2 font-medium text-slate-900">{cart.customer_name}</p>
              <p className="text-sm text-slate-700">
                {t('order.taxId')}: {cart.tax_identification_nr || '—'}
              </p>
            </section>
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('order.transport')}</h2>
              <p className="mt-2 font-medium text-slate-900" data-testid="summary-transport">
                {cart.delivery_name}
              </p>
            </section>
            <AddressBlock title={t('order.invoiceAddress')} address={cart.invoice_address} />
            <AddressBlock title={t('order.deliveryAddress')} address={cart.delivery_address} />
          </div>
          {cart.additional_informations && (
            <section className="rounded-lg border border-slate-200 bg-white p-4">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('order.notes')}</h2>
              <p className="mt-2 whitespace-pre-line text-slate-800">{cart.additional_informations}</p>
            </section>
          )}
        </div>
        <aside className="space-y-4">
          <TotalsBox totals={cart} showTerm />
          {(error || cart.warning) && (
            <Notice kind="error" className="font-medium">
              {error ?? cart.warning}
            </Notice>
          )}
          <div className="flex flex-col gap-2">
            <Button size="lg" disabled={pending || Boolean(cart.warning)} onClick={place}>
              {pending ? t('summary.placing') : t('summary.place')}
            </Button>
            <Link to={`/${locale}/cart/delivery-data`} className={buttonSecondary}>
              {t('cart.back')}
            </Link>
          </div>
        </aside>
      </div>
    </ShopFrame>
  );
}
