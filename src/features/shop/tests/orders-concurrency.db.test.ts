// 50 simultaneous placements from 10 customers with repeated Idempotency-Keys make exactly one
// order per customer: none lost, none duplicated (PGlite, and PostgreSQL with TEST_DATABASE_URL).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { customers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { orderIdempotencyKeys, orderPositions, orders } from '../shop.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';
import { addresses } from '~/features/customers/customers.schema';

let t: TestApp;
let f: ShopFixture;
const buyers: { customerId: number; client: TestClient }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  for (let i = 0; i < 10; i++) {
    const [c] = await getDb()
      .insert(customers)
      .values({ name: `Klient ${i}`, paymentDeadlineDays: 14 })
      .returning();
    await getDb()
      .insert(addresses)
      .values({
        customerId: c.id,
        kind: 'invoice',
        name: `Klient ${i}`,
        town: 'Leszno',
        street: 'Polna',
        home: String(i + 1),
        fullStreet: `Polna ${i + 1}`,
        postcode: '64-100',
        post: 'Leszno',
      });
    const client = await clientOf(t.app, (await b2bUser(c.id)).email);
    expect((await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: i + 1 })).statusCode).toBe(200);
    expect((await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup })).statusCode).toBe(200);
    buyers.push({ customerId: c.id, client });
  }
});

afterAll(async () => {
  await t.close();
});

describe('concurrent placements', () => {
  it('make exactly one order per cart; the same key answers the same order', async () => {
    const requests = buyers.flatMap((b, i) => ['a', 'a', 'a', 'b', 'b'].map((k) => ({ b, i, key: `cust-${i}-${k}` })));
    expect(requests).toHaveLength(50);
    const answers = await Promise.all(
      requests.map(async (r) => {
        const res = await send(r.b.client, 'POST', '/api/orders', undefined, { 'idempotency-key': r.key });
        return { ...r, status: res.statusCode, body: JSON.parse(res.body) as { id?: number; message: string } };
      }),
    );
    for (const [i, b] of buyers.entries()) {
      const mine = answers.filter((a) => a.i === i);
      const ok = mine.filter((a) => a.status === 200);
      const ids = new Set(ok.map((a) => a.body.id));
      expect(ids.size, `customer ${i}`).toBe(1);
      // Every answer of the winning key is the order; the other key finds the cart empty (422).
      const winningKey = ok[0]?.key;
      for (const a of mine) {
        if (a.key === winningKey) expect(a.status).toBe(200);
        else {
          expect(a.status).toBe(422);
          expect(a.body.message).toBe('Koszyk jest pusty.');
        }
      }
      const rows = await getDb().select().from(orders).where(eq(orders.customerId, b.customerId));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe([...ids][0]);
      const positions = await getDb()
        .select()
        .from(orderPositions)
        .where(eq(orderPositions.orderId, rows[0]?.id ?? 0));
      expect(positions.map((p) => p.quantity)).toEqual([i + 1]);
    }
    expect(await getDb().select().from(orders)).toHaveLength(10);
    expect(await getDb().select().from(orderIdempotencyKeys)).toHaveLength(10);
    const numbers = new Set((await getDb().select({ n: orders.number }).from(orders)).map((r) => r.n));
    expect(numbers.size).toBe(10);
    expect(await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'shop.order-placed'))).toHaveLength(10);
    // A late retry with a winning key still answers its order.
    const late = answers.find((a) => a.status === 200);
    if (!late) throw new Error('no order');
    const again = await send(late.b.client, 'POST', '/api/orders', undefined, { 'idempotency-key': late.key });
    expect(JSON.parse(again.body).id).toBe(late.body.id);
  }, 120_000);
});
