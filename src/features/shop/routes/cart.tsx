import { Link, useRevalidator } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { CartRows } from '../components/cart-rows';
import { QuickOrderBox } from '../components/quick-order';
import { buttonPrimary, buttonSecondary, ShopFrame, TotalsBox } from '../components/shop-ui';
import { shopMessages } from '../messages';
import type { Route } from './+types/cart';
import { cartPageData } from './cart-data.server';
import { Notice } from '~/core/ui/form/notice';

// /{locale}/cart: step 1, the product list (edit mode by default) and the quick-order box.
export async function loader(args: Route.LoaderArgs) {
  return cartPageData(args);
}

// An anonymous visitor's cart lives in the session: the hook leaves anonymous pages alone, so
// this keeps one visitor's cart out of shared caches and the page cache.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/cart', title: translator(shopMessages, layout.locale)('title.cart'), robots: 'noindex' });
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const { cart } = loaderData;
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  return (
    <ShopFrame title={t('title.cart')} step={0}>
      {cart.warning && (
        <Notice kind="error" className="mb-6 font-medium" data-testid="no-invoice-address">
          {cart.warning}
        </Notice>
      )}
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="space-y-6">
          <CartRows rows={cart.positions} editable onChanged={refresh} />
          <QuickOrderBox onAdded={refresh} />
        </div>
        <aside className="space-y-4">
          <TotalsBox totals={cart} />
          <div className="flex flex-col gap-2">
            {cart.positions.length > 0 && (
              <Link to={`/${locale}/cart/order-data`} className={buttonPrimary}>
                {t('cart.next')}
              </Link>
            )}
            <Link to={`/${locale}/categories`} className={buttonSecondary}>
              {t('cart.continue')}
            </Link>
          </div>
        </aside>
      </div>
    </ShopFrame>
  );
}
