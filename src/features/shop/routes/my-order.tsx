import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
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
  const { order, history } = loaderData;
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
