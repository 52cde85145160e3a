import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { OrderView } from '../components/order-view';
import { buttonSecondary, PdfLink } from '../components/shop-ui';
import { shopMessages } from '../messages';
import type { Route } from './+types/my-order';
import { orderPageData } from './order-data.server';
import { Button } from '~/core/ui/form/button';

// /{locale}/my-account/order/{id}: an order with its status history, its PDF and "order again".
export async function loader(args: Route.LoaderArgs) {
  return orderPageData(args);
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData?.order.number ?? translator(shopMessages, layout.locale)('orders.title');
  return seoMeta({ ...layout, path: '/my-account/order', title, robots: 'noindex' });
}

export default function MyOrder({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const { order, history, canDecide } = loaderData;
  const [pending, setPending] = useState(false);
  const reorder = async () => {
    setPending(true);
    const res = await api(`/api/orders/${order.id}/reorder`, { method: 'POST' });
    setPending(false);
    if (res.ok) navigate(`/${locale}/cart`);
  };
  return (
    <>
      <PageHeader title={order.number} crumbs={[{ to: `/${locale}/my-account/orders`, label: t('orders.title') }]} />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
        <div className="flex flex-wrap gap-2">
          <PdfLink orderId={order.id} label={t('placed.pdf')} />
          <Button variant="secondary" size="lg" onClick={reorder} disabled={pending}>
            {t('orders.reorder')}
          </Button>
          <Link to={`/${locale}/my-account/orders`} className={buttonSecondary}>
            {t('orders.back')}
          </Link>
        </div>
        {canDecide && <ApprovalCard orderId={order.id} placedBy={order.placed_by} />}
        {(order.erp_number || order.waybill) && (
          <div className="space-y-1 text-sm text-slate-800" data-testid="order-erp">
            {order.erp_number && <p>{t('orders.erpNumber', { number: order.erp_number })}</p>}
            {order.waybill && <p>{t('orders.waybill', { waybill: order.waybill })}</p>}
          </div>
        )}
        <OrderView order={order} />
        <section aria-labelledby="history-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
            {t('orders.history')}
          </h2>
          <ol className="mt-3 space-y-2" data-testid="order-history">
            {history.map((h) => (
              <li key={`${h.created_at}-${h.to}`} className="flex flex-wrap gap-x-3 text-sm">
                <span className="tabular-nums text-slate-600">{formatDate(h.created_at)}</span>
                <span className="font-medium text-slate-900">{h.to_label}</span>
                {h.comment && <span className="text-slate-700">– {h.comment}</span>}
              </li>
            ))}
          </ol>
        </section>
      </div>
    </>
  );
}

/** Approve or reject a waiting order (issue 40): what the server allows (canDecideOrder) is what the loader offers. */
function ApprovalCard({ orderId, placedBy }: { orderId: number; placedBy: string | null }) {
  const t = useT(shopMessages);
  const revalidator = useRevalidator();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const decide = async (action: 'approve' | 'reject') => {
    setBusy(true);
    const res = await api(`/api/orders/${orderId}/${action}`, { method: 'POST', body: action === 'reject' ? { comment } : {} });
    setBusy(false);
    if (res.ok) void revalidator.revalidate();
    else if (res.status === 422) setError(res.errors?.comment?.[0] ?? res.message);
  };
  return (
    <section aria-labelledby="approval-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="order-approval">
      <h2 id="approval-heading" className="text-lg font-semibold text-slate-900">
        {t('approval.queue')}
      </h2>
      {placedBy && <p className="mt-1 text-sm text-slate-800">{t('approval.placedBy', { email: placedBy })}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="lg" onClick={() => void decide('approve')} disabled={busy}>
          {t('approval.approve')}
        </Button>
      </div>
      <form
        className="mt-4 space-y-2"
        onSubmit={(e) => {
          e.preventDefault();
          void decide('reject');
        }}
      >
        <label htmlFor="reject-comment" className="block text-sm font-medium text-slate-800">
          {t('approval.comment')}
        </label>
        <textarea
          id="reject-comment"
          name="comment"
          rows={3}
          maxLength={2000}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          className={inputClass}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'reject-comment-error' : undefined}
        />
        <FieldError id="reject-comment-error" message={error} />
        <Button type="submit" variant="danger" disabled={busy}>
          {t('approval.reject')}
        </Button>
      </form>
    </section>
  );
}
