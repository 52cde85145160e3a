import { type FormEvent, useId, useState } from 'react';
import { data, Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, formatVatRate } from '~/core/money/money';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field, Textarea } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { orderWorkflow, type OrderStatus } from '../../order-workflow.server';
import { getOrder, orderHistory } from '../../orders.server';
import { shopMessages } from '../../messages';
import { isVersion } from '../../rules';
import type { AddressJson } from '../../shop.schema';
import { OrderStatusBadge } from '../components/order-status-badge';
import { statusLabel } from '../orders-admin.server';
import { ordersAdminMessages } from '../messages';
import type { Route } from './+types/admin-order';
import { formatTime } from '~/core/time/format';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(ordersAdminMessages, layout.locale);
  return seoMeta({
    ...layout,
    path: `/admin/order/${loaderData?.order.id ?? ''}`,
    title: t('detail.title', { number: loaderData?.order.number ?? '' }),
    robots: 'noindex',
  });
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireAdmin(args, 'orders');
  const locale = args.params.locale === 'en' ? 'en' : 'pl';
  const id = /^\d{1,9}$/.test(args.params.id ?? '') ? Number(args.params.id) : 0;
  const detail = id ? await getOrder(id) : null;
  if (!detail) throw data(null, { status: 404 });
  const o = detail.order;
  const status = o.status as OrderStatus;
  return {
    order: {
      id: o.id,
      number: o.number,
      status,
      statusLabel: statusLabel(status, locale),
      createdAt: o.createdAt.toISOString(),
      buyerEmail: o.buyerEmail,
      customerId: o.customerId,
      customerName: o.customerName,
      taxId: o.taxIdentificationNr,
      paymentDays: o.paymentDeadlineDays,
      erpNumber: o.erpNumber,
      waybill: o.waybill,
      transportKind: o.transportKind,
      deliveryName: o.deliveryName,
      isCustomTransport: o.isCustomTransport,
      packagesCount: o.packagesCount,
      palletsCount: o.palletsCount,
      weightKg: Number(o.weightKg),
      volumeCm: Number(o.volumeCm),
      transportCost: o.transportCost,
      valueNetto: o.valueNetto,
      net: o.net,
      vat: o.vat,
      gross: o.gross,
      invoiceAddress: o.invoiceAddress,
      deliveryAddress: o.deliveryAddress,
      notes: o.additionalInformations,
    },
    positions: detail.positions.map((p) => ({
      id: p.id,
      number: p.catalogNumberNumber,
      name: p.catalogNumberName || p.productName,
      productName: p.productName,
      productId: p.productId,
      version: isVersion(p.additionalInformations) ? translator(shopMessages, locale)(`version.${p.additionalInformations}`) : p.additionalInformations,
      quantity: Number(p.quantity),
      unit: p.unit,
      basePrice: p.priceNetto,
      price: p.userPrice,
      value: p.value,
    })),
    history: await orderHistory(o.id, locale),
    next: orderWorkflow.allowedNext(status, { id: user.id, isAdmin: true }).map((s) => ({ id: s, name: statusLabel(s, locale) })),
  };
}

function Address({ a }: { a: AddressJson }) {
  return (
    <address className="not-italic text-sm leading-6 text-slate-800">
      <span className="font-medium">{a.name}</span>
      <br />
      {a.full_street || [a.street, a.home].filter(Boolean).join(' ')}
      <br />
      {a.postcode} {a.town}
      {a.phone_number && (
        <>
          <br />
          {a.phone_number}
        </>
      )}
      {a.email && (
        <>
          <br />
          {a.email}
        </>
      )}
    </address>
  );
}

const when = (iso: string, locale: 'pl' | 'en') => formatTime(iso, locale);

/** /{locale}/admin/order/{id}: lines, totals, addresses, transport, status history and the status change. */
export default function AdminOrder({ loaderData }: Route.ComponentProps) {
  const t = useT(ordersAdminMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  const id = useId();
  const { order, positions, history, next } = loaderData;
  const [error, setError] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const num = (n: number, digits = 2) =>
    n.toLocaleString(locale === 'pl' ? 'pl-PL' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits });

  const change = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    setBusy(true);
    setError({});
    const res = await api<{ message: string }>(`/api/admin/orders/${order.id}/status`, {
      method: 'POST',
      body: { status: String(fd.get('status') ?? ''), comment: String(fd.get('comment') ?? ''), from: order.status },
    });
    setBusy(false);
    // api() shows the answer's message: one toast per action.
    if (res.ok) revalidator.revalidate();
    else if (res.errors) setError(res.errors);
  };

  return (
    <div className="space-y-5">
      <AdminPageHeader
        title={t('detail.title', { number: order.number })}
        lead={t('detail.placed', { date: when(order.createdAt, locale), buyer: order.buyerEmail || '—' })}
        actions={
          <>
            <a href={`/api/admin/orders/${order.id}/pdf`} download className={secondaryButton}>
              {t('detail.pdf')}
            </a>
            <Link to={`/${locale}/admin/orders`} className={secondaryButton}>
              {t('detail.back')}
            </Link>
          </>
        }
      />
      <div className="flex items-center gap-3">
        <OrderStatusBadge status={order.status} label={order.statusLabel} />
      </div>

      <div className="grid gap-5 lg:grid-cols-3">
        <AdminCard title={t('detail.customer')}>
          <p className="text-sm">
            <Link to={`/${locale}/admin/customer/${order.customerId}`} className="font-medium text-brand-800 hover:underline">
              {order.customerName}
            </Link>
          </p>
          <p className="mt-1 text-sm text-slate-700">
            {t('detail.taxId')}: {order.taxId || '—'}
          </p>
          <p className="mt-1 text-sm text-slate-700">{t('detail.paymentDays', { n: order.paymentDays })}</p>
          {order.erpNumber && <p className="mt-1 text-sm text-slate-700">{t('detail.erpNumber', { number: order.erpNumber })}</p>}
          {order.waybill && <p className="mt-1 text-sm text-slate-700">{t('detail.waybill', { waybill: order.waybill })}</p>}
        </AdminCard>
        <AdminCard title={t('detail.invoiceAddress')}>
          <Address a={order.invoiceAddress} />
        </AdminCard>
        <AdminCard title={t('detail.deliveryAddress')}>
          <Address a={order.deliveryAddress} />
        </AdminCard>
      </div>

      <AdminCard title={t('detail.lines')}>
        <div className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('detail.lines')}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                  {t('detail.line.number')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                  {t('detail.line.name')}
                </th>
                <th scope="col" className="px-3 py-2 text-left font-semibold text-slate-700">
                  {t('detail.line.version')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                  {t('detail.line.quantity')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                  {t('detail.line.basePrice')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                  {t('detail.line.price')}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold text-slate-700">
                  {t('detail.line.value')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {positions.map((p) => (
                <tr key={p.id}>
                  <td className="whitespace-nowrap px-3 py-2 font-mono text-xs">{p.number}</td>
                  <td className="px-3 py-2">
                    {p.productId ? (
                      <Link to={`/${locale}/admin/product/${p.productId}`} className="text-brand-800 hover:underline">
                        {p.productName}
                      </Link>
                    ) : (
                      p.productName
                    )}
                    {p.name && p.name !== p.productName && <span className="block text-xs text-slate-600">{p.name}</span>}
                  </td>
                  <td className="px-3 py-2">{p.version || '—'}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                    {num(p.quantity, Number.isInteger(p.quantity) ? 0 : 3)} {p.unit}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums text-slate-600">
                    {p.basePrice === null ? '—' : formatMoney(p.basePrice, locale)}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{formatMoney(p.price, locale)}</td>
                  <td className="whitespace-nowrap px-3 py-2 text-right font-medium tabular-nums">{formatMoney(p.value, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </AdminCard>

      <div className="grid gap-5 lg:grid-cols-2">
        <AdminCard title={t('detail.transport')}>
          <p className="text-sm font-medium text-slate-900">{order.deliveryName || t(`kind.${order.transportKind}`)}</p>
          {order.isCustomTransport && <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('detail.customTransport')}</p>}
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {order.packagesCount > 0 && <li>{t('detail.packages', { n: order.packagesCount })}</li>}
            {order.palletsCount > 0 && <li>{t('detail.pallets', { n: order.palletsCount })}</li>}
            <li>{t('detail.weight', { kg: num(order.weightKg) })}</li>
            <li>{t('detail.volume', { m3: num(order.volumeCm / 1_000_000) })}</li>
          </ul>
          {order.notes && (
            <>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('detail.notes')}</h3>
              <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{order.notes}</p>
            </>
          )}
        </AdminCard>
        <AdminCard title={t('detail.totals')}>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-700">{t('detail.valueNetto')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.valueNetto, locale)}</dd>
            <dt className="text-slate-700">{t('detail.transportCost')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.transportCost, locale)}</dd>
            <dt className="text-slate-700">{t('detail.net')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.net, locale)}</dd>
            <dt className="text-slate-700">{t('detail.vat', { rate: formatVatRate() })}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.vat, locale)}</dd>
            <dt className="border-t border-slate-200 pt-1 font-semibold text-slate-900">{t('detail.gross')}</dt>
            <dd className="border-t border-slate-200 pt-1 text-right font-semibold tabular-nums">{formatMoney(order.gross, locale)}</dd>
          </dl>
        </AdminCard>
      </div>

      <div className="grid gap-5 lg:grid-cols-2">
        <AdminCard title={t('detail.change')}>
          {next.length === 0 ? (
            <p className="text-sm text-slate-700">{t('detail.final')}</p>
          ) : (
            <form key={order.status} onSubmit={change} noValidate className="space-y-3">
              <Field label={t('detail.newStatus')} htmlFor={`${id}-status`} error={error.status?.[0]}>
                <select
                  id={`${id}-status`}
                  name="status"
                  className={inputClass}
                  defaultValue={next[0]?.id}
                  aria-invalid={error.status ? true : undefined}
                  aria-describedby={error.status ? `${id}-status-error` : undefined}
                >
                  {next.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label={t('detail.comment')} htmlFor={`${id}-comment`} error={error.comment?.[0]}>
                <Textarea id={`${id}-comment`} name="comment" maxLength={2000} />
              </Field>
              <button type="submit" className={primaryButton} disabled={busy}>
                {t('detail.save')}
              </button>
            </form>
          )}
        </AdminCard>
        <AdminCard title={t('detail.history')}>
          {history.length === 0 ? (
            <p className="text-sm text-slate-700">{t('detail.historyEmpty')}</p>
          ) : (
            <ol className="space-y-3">
              {history.map((h, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: history rows never reorder
                <li key={i} className="border-l-2 border-brand-200 pl-3">
                  <p className="text-sm font-medium text-slate-900">{h.to_label}</p>
                  <p className="text-xs text-slate-600">
                    {when(h.created_at, locale)}
                    {h.by && ` · ${t('detail.by', { who: h.by })}`}
                  </p>
                  {h.comment && <p className="mt-1 whitespace-pre-line text-sm text-slate-700">{h.comment}</p>}
                </li>
              ))}
            </ol>
          )}
        </AdminCard>
      </div>
    </div>
  );
}
