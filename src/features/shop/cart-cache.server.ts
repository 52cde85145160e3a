// The computed cart of a buyer, kept between reads (GET /api/cart and the cart screens). A cart is
// private, so it never comes from the page cache, and computing it (positions, prices, customer,
// transport rule) costs most of a cart request.
//
// An entry is valid while two stamps are unchanged:
// - the cart's `version`, which database triggers raise on every change of the cart row or of its
//   positions (migration 0021_cart_version), whichever code or process writes;
// - the generation, raised by every cache clear: the admin writes to prices, products, customers,
//   users and transport types clear the caches, in every process (page-cache.server.ts NOTIFY).
import type { FastifyRequest } from 'fastify';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { queryPrepared } from '~/core/db/prepared.server';
import type { Locale } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { onCacheClear } from '~/core/server/page-cache.server';
import { registerPrivatePage } from '~/core/server/pages.server';
import { b2bCustomerOf } from '~/features/customers/b2b-access.server';
import { type Buyer, type CartJson, cartJson, cartOf, loadCart } from './cart.server';

/** Buyers × languages kept (a computed cart of 50 positions takes some 30 kB). */
const MAX_ENTRIES = 2000;

const entries = new Map<string, { stamp: string; json: CartJson }>();
let generation = 0;

onCacheClear(() => {
  generation++;
  entries.clear();
});

/** The cart as GET /api/cart answers it; shared between requests, so callers must not change it. */
export async function currentCartJson(db: Db, buyer: Buyer, locale: Locale): Promise<CartJson> {
  const slot = `${buyer.userId}|${locale}`;
  const hit = entries.get(slot);
  const known = hit && db === getDb() ? await cartVersionOf(buyer.userId) : null;
  if (hit && known && hit.stamp === `${known.id}:${known.version}:${buyer.customerId}:${generation}`) {
    // Most recently used last: the oldest entries make room first.
    entries.delete(slot);
    entries.set(slot, hit);
    return hit.json;
  }
  const cart = await cartOf(db, buyer.userId);
  const stamp = `${cart.id}:${cart.version}:${buyer.customerId}:${generation}`;
  const started = generation;
  // The positions are read after the cart row, so they are at least as new as its version: an entry
  // never holds older data than its stamp says.
  const json = cartJson(await loadCart(db, buyer, locale, { cart }), locale);
  if (started === generation) {
    entries.delete(slot);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(slot, { stamp, json });
  }
  return json;
}

/** The id and version of a user's cart (a prepared statement: every cart read asks), or null. */
async function cartVersionOf(userId: number): Promise<{ id: number; version: number } | null> {
  const [row] = await queryPrepared<{ id: number; version: number }>('cart_version_of_user', 'select id, version from carts where user_id = $1', [userId]);
  return row ?? null;
}

/**
 * The cart screens before the summary show the user (the layout), the buyer's customer and the
 * computed cart; the layout's menus follow the cache clears. So a rendered screen may be served
 * again to the same session while this stamp is unchanged. The summary is left out: it carries a
 * new Idempotency-Key on every visit.
 */
async function cartPageStamp(request: FastifyRequest): Promise<string | null> {
  const user = await getRequestUser(request);
  const buyer = await b2bCustomerOf(user);
  if (!user || !buyer) return null;
  const cart = (await cartVersionOf(buyer.userId)) ?? (await cartOf(getDb(), buyer.userId));
  return `${JSON.stringify(user)}|${buyer.customerId}|${cart.id}:${cart.version}|${generation}`;
}

registerPrivatePage(/^\/(pl|en)\/cart(\/(order-data|delivery-data))?\/?$/, cartPageStamp);
