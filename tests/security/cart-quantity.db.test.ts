// Issue 37, hole 7: repeated adds pushed a cart line past its maximum (3 × 999,790). The sum of the
// line and the add is checked against the same MAX_QUANTITY as one quantity, in the database's own
// conditional update, so parallel adds cannot pass it either; the quick order, the reorder and the
// merging of two lines on a version change check it too.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { MAX_QUANTITY } from '~/features/shop/rules';
import { cartPositions } from '~/features/shop/shop.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;

const json = (r: { body: string }) => JSON.parse(r.body);
const add = (number: number, quantity: number, version?: string) =>
  send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: number, quantity, ...(version ? { additional_informations: version } : {}) });

async function lines() {
  return (await getDb().select().from(cartPositions)).map((l) => ({
    id: l.id,
    number: l.catalogNumberId,
    quantity: Number(l.quantity),
    version: l.additionalInformations,
  }));
}

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  buyer = await clientOf(t.app, (await b2bUser(f.customers.a)).email);
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await getDb().delete(cartPositions);
});

describe('a cart line never holds more than MAX_QUANTITY', () => {
  it('refuses the add that would pass the maximum with 422 and a message; the line keeps its quantity', async () => {
    expect(MAX_QUANTITY).toBe(1_000_000);
    expect((await add(f.numbers.patch, 999_790)).statusCode).toBe(200);
    for (const _ of [2, 3]) {
      const r = await add(f.numbers.patch, 999_790);
      expect(r.statusCode).toBe(422);
      expect(json(r).errors.quantity).toEqual(['Najwyżej 1000000 szt. w jednej pozycji koszyka (ta miałaby 1999580 szt.).']);
    }
    const en = await buyer.request({
      method: 'POST',
      url: '/api/cart/positions',
      payload: { product_catalog_number_id: f.numbers.patch, quantity: 999_790 },
      headers: { 'x-locale': 'en' },
    });
    expect(json(en).message).toBe('At most 1000000 szt. in one cart line (this one would hold 1999580 szt.).');
    expect((await add(f.numbers.patch, 210)).statusCode).toBe(200);
    expect((await add(f.numbers.patch, 1)).statusCode).toBe(422);
    expect(await lines()).toEqual([expect.objectContaining({ number: f.numbers.patch, quantity: MAX_QUANTITY })]);
  });

  it('parallel adds never pass the maximum together', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => add(f.numbers.patch, 300_000)));
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 422)).toBe(true);
    expect(ok).toBe(3);
    expect(await lines()).toEqual([expect.objectContaining({ quantity: 900_000 })]);
  });

  it('parallel quick orders never pass the maximum together', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => send(buyer, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 400000' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(results.reduce((sum, r) => sum + json(r).added, 0)).toBe(2);
    expect(await lines()).toEqual([expect.objectContaining({ quantity: 800_000 })]);
  });

  it('the quick order lists a line that would pass the maximum (also two lines of one number in one paste)', async () => {
    expect((await add(f.numbers.patch, 999_790)).statusCode).toBe(200);
    const r = await send(buyer, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 999790' });
    expect(json(r).added).toBe(0);
    expect(json(r).invalid[0]).toEqual({ line: 1, text: 'PC-1M 999790', reason: 'pozycja w koszyku miałaby 1999580 szt. (najwyżej 1000000 szt.)' });
    await getDb().delete(cartPositions);
    const twice = await send(buyer, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 600000\npc-1m 600000' });
    expect(json(twice).added).toBe(1);
    expect(json(twice).invalid.map((l: { line: number }) => l.line)).toEqual([2]);
    expect(await lines()).toEqual([expect.objectContaining({ quantity: 600_000 })]);
  });

  it('merging two lines by a version change is refused past the maximum', async () => {
    expect((await add(f.numbers.cabinet, 600_000, 'Flatpack')).statusCode).toBe(200);
    expect((await add(f.numbers.cabinet, 600_000, 'Szafa złożona')).statusCode).toBe(200);
    const second = (await lines()).find((l) => l.version === 'Szafa złożona');
    const r = await send(buyer, 'PUT', `/api/cart/positions/${second?.id}`, { additional_informations: 'Flatpack' });
    expect(r.statusCode).toBe(422);
    expect(json(r).message).toContain('1200000');
    expect((await lines()).map((l) => l.quantity)).toEqual([600_000, 600_000]);
  });

  it('the reorder skips a line that would pass the maximum and says so', async () => {
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.courier });
    expect((await add(f.numbers.patch, 600_000)).statusCode).toBe(200);
    const placed = await send(buyer, 'POST', '/api/orders');
    expect(placed.statusCode).toBe(200);
    expect((await add(f.numbers.patch, 600_000)).statusCode).toBe(200);
    const r = await send(buyer, 'POST', `/api/orders/${json(placed).id}/reorder`);
    expect(r.statusCode).toBe(200);
    expect(json(r).count).toBe(0);
    expect(json(r).skipped).toEqual([expect.objectContaining({ number: 'PC-1M' })]);
    expect(json(r).message).toContain('PC-1M');
    expect(await lines()).toEqual([expect.objectContaining({ quantity: 600_000 })]);
  });
});
