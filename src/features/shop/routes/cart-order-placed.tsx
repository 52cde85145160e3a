import { Link } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { OrderView } from '../components/order-view';
import { buttonSecondary, PdfLink, ShopFrame } from '../components/shop-ui';
import { shopMessages } from '../messages';
import type { Route } from './+types/cart-order-placed';
import { orderPageData } from './order-data.server';
import { Notice } from '~/core/ui/form/notice';

// /{locale}/cart/order-placed/{id}: step 5, the confirmation.
export async function loader(args: Route.LoaderArgs) {
  return orderPageData(args);
}

// A guest's placed order is read from the session: not covered by the hook for anonymous pages.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/cart/order-placed', title: translator(shopMessages, layout.locale)('title.placed'), robots: 'noindex' });
}

export default function OrderPlacedPage({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const { order, email } = loaderData;
  return (
    <ShopFrame title={t('title.placed')} step={4}>
      <Notice kind="success" className="mb-8">
        <p className="text-lg font-semibold" data-testid="placed-message">
          {t('placed.thanks', { number: order.number })}
        </p>
        <p className="mt-1">{t('placed.mail', { email })}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          <PdfLink orderId={order.id} label={t('placed.pdf')} />
          <Link to={`/${locale}/my-account/orders`} className={buttonSecondary}>
            {t('placed.orders')}
          </Link>
        </div>
      </Notice>
      <OrderView order={order} />
    </ShopFrame>
  );
}
