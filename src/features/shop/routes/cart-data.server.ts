// The loader data every cart screen shares: the B2B guard and the cart as the API answers it.
import { getDb } from '~/core/db/db.server';
import { type GuardArgs, guardLocale } from '~/core/permissions/guards.server';
import { requireB2bCustomerPage } from '~/features/customers/b2b-access.server';
import { currentCartJson } from '../cart-cache.server';
import { activeTransportTypes, transportTypeView } from '../transport.server';

export async function cartPageData(args: GuardArgs, opts: { transport?: boolean } = {}) {
  const buyer = await requireB2bCustomerPage(args);
  const locale = guardLocale(args.params);
  const cart = await currentCartJson(getDb(), buyer, locale);
  const transportTypes = opts.transport ? (await activeTransportTypes()).map((t) => transportTypeView(t, locale)) : [];
  return { locale, cart, transportTypes, email: buyer.user.email };
}
