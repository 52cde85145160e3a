import { Link } from 'react-router';
import { parsePage } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { Pagination } from '~/core/ui/pagination';
import { requireB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { money } from '../components/shop-ui';
import { shopMessages } from '../messages';
import { listOrders } from '../orders.server';
import type { Route } from './+types/my-orders';

// /{locale}/my-account/orders: the customer's orders, newest first.
export async function loader(args: Route.LoaderArgs) {
  const buyer = await requireB2bCustomerPage(args);
  const { items, pages, page } = await listOrders(buyer.customerId, parsePage(new URL(args.request.url).searchParams.get('page')), guardLocale(args.params));
  return { items, pages, page };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/orders', title: translator(shopMessages, layout.locale)('orders.title'), robots: 'noindex' });
}

export default function MyOrders({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const { items, page, pages } = loaderData;
  return (
    <>
      <PageHeader title={t('orders.title')} />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {items.length === 0 ? (
          <p className="text-slate-700">{t('orders.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="my-orders">
            {items.map((o) => (
              <li key={o.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-semibold text-slate-900">{o.number}</p>
                  <p className="text-sm text-slate-700">
                    {formatDate(o.created_at)} · {o.delivery_name} · {t('orders.gross')}: {money(o.gross, locale)}
                  </p>
                </div>
                <div className="flex items-center gap-4">
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-800">{o.status_label}</span>
                  <Link to={`/${locale}/my-account/order/${o.id}`} className="font-medium text-brand-700 hover:underline">
                    {t('orders.details')}
                    <span className="sr-only"> {o.number}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pages={pages} />
      </div>
    </>
  );
}
