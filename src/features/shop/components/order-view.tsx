// An order read-only: its rows, addresses, transport and totals (order-placed and my-account screens).
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatDate } from '~/core/time/format';
import { shopMessages } from '../messages';
import type { AddressJson } from '../shop.schema';
import { type CartRow, CartRows } from './cart-rows';
import { AddressBlock, type TotalsData, TotalsBox } from './shop-ui';

export interface OrderViewData extends TotalsData {
  id: number;
  number: string;
  status: string;
  status_label: string;
  created_at: string;
  delivery_name: string;
  customer_name: string;
  tax_identification_nr: string;
  invoice_address: AddressJson;
  delivery_address: AddressJson;
  additional_informations: string;
  positions: CartRow[];
}

export function OrderView({ order }: { order: OrderViewData }) {
  const t = useT(shopMessages);
  const locale = useLocale();
  void locale;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-6">
        <dl className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-slate-600">{t('orders.number')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="order-number">
              {order.number}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('orders.date')}</dt>
            <dd className="font-medium text-slate-900">{formatDate(order.created_at)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('orders.status')}</dt>
            <dd className="font-medium text-slate-900" data-testid="order-status">
              {order.status_label}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">{t('order.transport')}</dt>
            <dd className="font-medium text-slate-900">{order.delivery_name}</dd>
          </div>
        </dl>
        <CartRows rows={order.positions} editable={false} />
        <div className="grid gap-4 sm:grid-cols-2">
          <AddressBlock title={t('order.invoiceAddress')} address={order.invoice_address} />
          <AddressBlock title={t('order.deliveryAddress')} address={order.delivery_address} />
        </div>
        {order.additional_informations && (
          <section className="rounded-lg border border-slate-200 bg-white p-4">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('order.notes')}</h2>
            <p className="mt-2 whitespace-pre-line text-slate-800">{order.additional_informations}</p>
          </section>
        )}
      </div>
      <aside>
        <TotalsBox totals={order} showTerm />
      </aside>
    </div>
  );
}
