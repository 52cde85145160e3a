// The product page's "add to cart" (issue 11): a child of the catalogue's product route, rendered
// in its <Outlet />, shown only to B2B customers. Catalogue and shop stay apart; the app composes them.
// The form (and the shop's messages and money kit behind it) is a chunk of its own that only a buyer's
// browser loads: guests and the cached public page pay nothing for it.
import { lazy, Suspense } from 'react';
import { guardLocale } from '~/core/permissions/guards.server';
import { parseIdSlug } from '~/features/catalog/search';
import { isB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { getProduct } from '~/features/catalog/catalog.server';
import { shopProductOf } from '~/features/shop/products.server';
import type { Route } from './+types/product-order';

const AddToCart = lazy(() => import('~/features/shop/components/add-to-cart').then((m) => ({ default: m.AddToCart })));

export async function loader(args: Route.LoaderArgs) {
  const parsed = parseIdSlug(args.params.idSlug);
  if (!parsed) return { product: null };
  const locale = guardLocale(args.params);
  // Asked for at once, the product joins the product page's own read of it (getProduct shares a
  // read under way): one query for both loaders.
  const [buyer, product] = await Promise.all([isB2bCustomerPage(args), getProduct(parsed.id, locale)]);
  if (!buyer || !product) return { product: null };
  return { product: await shopProductOf(product, buyer.customerId, locale) };
}

export default function ProductOrder({ loaderData }: Route.ComponentProps) {
  const p = loaderData.product;
  if (!p) return null;
  return (
    <Suspense fallback={null}>
      <AddToCart numbers={p.catalog_numbers} versions={p.versions} />
    </Suspense>
  );
}
