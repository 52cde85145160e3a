// The computed-cart cache (cart-cache.server.ts): GET /api/cart and the cart page never show an
// older cart than the database holds, whoever changed it: this process's API, another process
// (simulated by writing the tables directly: the triggers raise the cart's version) or an admin
// write to prices or customers (which clears the caches in every process).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { customers } from '~/features/customers/customers.schema';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { cartPositions, carts } from '../shop.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  const u = await b2bUser(f.customers.b);
  userId = u.id;
  buyer = await clientOf(t.app, u.email);
});

afterAll(async () => {
  await t.close();
});

async function cart(locale: 'pl' | 'en' = 'pl') {
  const r = await buyer.request({ method: 'GET', url: '/api/cart', headers: { 'x-locale': locale } });
  expect(r.statusCode).toBe(200);
  return JSON.parse(r.body) as {
    positions: { id: number; quantity: number; user_price_attribute: string; product_catalog_number_name: string }[];
    customer_name: string;
    net: string;
  };
}

const cartId = async () => (await getDb().select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))[0].id;

describe('the computed cart stays true to the database', () => {
  it('shows a change made through the API at once', async () => {
    expect((await cart()).positions).toEqual([]);
    expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 3 })).statusCode).toBe(200);
    const c = await cart();
    expect(c.positions.map((p) => [p.quantity, p.user_price_attribute])).toEqual([[3, '9.99']]);
    expect(c.net).toBe('29.97');
  });

  it('shows positions inserted, changed and deleted by another process (the triggers raise the version)', async () => {
    const id = await cartId();
    const before = (await getDb().select({ v: carts.version }).from(carts).where(eq(carts.id, id)))[0].v;
    await cart();
    await getDb().insert(cartPositions).values({ cartId: id, catalogNumberId: f.numbers.cabinet, quantity: 1 });
    expect((await cart()).positions.map((p) => p.quantity)).toEqual([3, 1]);
    await getDb()
      .update(cartPositions)
      .set({ quantity: 2 })
      .where(and(eq(cartPositions.cartId, id), eq(cartPositions.catalogNumberId, f.numbers.cabinet)));
    expect((await cart()).positions.map((p) => p.quantity)).toEqual([3, 2]);
    await getDb()
      .delete(cartPositions)
      .where(and(eq(cartPositions.cartId, id), eq(cartPositions.catalogNumberId, f.numbers.patch)));
    expect((await cart()).positions.map((p) => p.quantity)).toEqual([2]);
    await getDb().update(carts).set({ additionalInformations: 'Brama od ul. Polnej' }).where(eq(carts.id, id));
    expect(((await cart()) as unknown as { additional_informations: string }).additional_informations).toBe('Brama od ul. Polnej');
    const after = (await getDb().select({ v: carts.version }).from(carts).where(eq(carts.id, id)))[0].v;
    expect(after).toBeGreaterThanOrEqual(before + 4);
  });

  it('keeps the computed cart until a cache clear (what every admin write does), then shows new prices and customer data', async () => {
    const [base] = await getDb().select().from(priceLists).where(eq(priceLists.code, 'BAZOWA'));
    expect((await cart()).positions[0].user_price_attribute).toBe('2500.00');
    await getDb()
      .update(priceListItems)
      .set({ netPrice: 260000 })
      .where(and(eq(priceListItems.priceListId, base.id), eq(priceListItems.catalogNumberId, f.numbers.cabinet)));
    await getDb().update(customers).set({ name: 'Firma B sp. z o.o.' }).where(eq(customers.id, f.customers.b));
    // Written behind the application's back: the cache is in use, so the cart still shows the old price.
    expect((await cart()).positions[0].user_price_attribute).toBe('2500.00');
    clearPageCache();
    const c = await cart();
    expect(c.positions[0].user_price_attribute).toBe('2600.00');
    expect(c.customer_name).toBe('Firma B sp. z o.o.');
  });

  it('keeps each language apart', async () => {
    await getDb()
      .update(cartPositions)
      .set({ quantity: 1 })
      .where(eq(cartPositions.cartId, await cartId()));
    const pl = await cart('pl');
    const en = await cart('en');
    expect(pl.positions[0].product_catalog_number_name).toBe('Szafa 42U 800x1000');
    expect(en.positions[0].product_catalog_number_name).not.toBe('');
    expect((await cart('pl')).positions[0].quantity).toBe(1);
  });
});
