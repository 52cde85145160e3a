// The product page's "add to cart" (issue 11): a child of the catalogue's product route, rendered
// in its <Outlet />, shown only to B2B customers. Catalogue and shop stay apart; the app composes them.
import { guardLocale } from '~/core/permissions/guards.server';
import { parseIdSlug } from '~/features/catalog/search';
import { isB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { AddToCart } from '~/features/shop/components/add-to-cart';
import { productJson } from '~/features/shop/products.server';
import type { Route } from './+types/product-order';

export async function loader(args: Route.LoaderArgs) {
  const buyer = await isB2bCustomerPage(args);
  if (!buyer) return { product: null };
  const parsed = parseIdSlug(args.params.idSlug);
  if (!parsed) return { product: null };
  return { product: await productJson(parsed.id, buyer.customerId, guardLocale(args.params)) };
}

export default function ProductOrder({ loaderData }: Route.ComponentProps) {
  const p = loaderData.product;
  if (!p) return null;
  return <AddToCart numbers={p.catalog_numbers} versions={p.versions} />;
}
