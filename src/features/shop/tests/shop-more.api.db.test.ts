// More of the shop's promises (issue 11), each with a test that fails without it: the cart survives
// logout and login, PUT /api/cart accepts only the customer's own delivery address, a reorder adds
// only the positions whose product is still active, the quick order reads an XLSX file, and the
// sales mail goes to SALES_EMAIL when it is set.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { products } from '~/features/catalog/catalog.schema';
import { addresses } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';

const SALES = 'sprzedaz.test@example.com';

let t: TestApp;
let f: ShopFixture;

beforeAll(async () => {
  t = await createTestApp({ env: { SALES_EMAIL: SALES } });
  f = await shopFixture();
});

afterAll(async () => {
  await t?.close();
});

const json = (r: { body: string }) => JSON.parse(r.body);

interface CartPosition {
  id: number;
  product_catalog_number_id: number;
  product_catalog_number_number: string;
  quantity: number;
}

const positionsOf = async (client: TestClient) =>
  (json(await client.get('/api/cart')).positions as CartPosition[]).map((p) => [p.product_catalog_number_number, p.quantity]);

/** A new buyer of customer A (each test its own cart). */
async function newBuyer(): Promise<{ email: string; client: TestClient }> {
  const u = await b2bUser(f.customers.a);
  return { email: u.email, client: await clientOf(t.app, u.email) };
}

describe('the cart survives logout and login', () => {
  it('keeps the positions and the order data of the user across sessions', async () => {
    const { email, client } = await newBuyer();
    expect((await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 3 })).statusCode).toBe(200);
    expect((await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.courier, additional_informations: 'Po 8:00' })).statusCode).toBe(200);
    const out = await client.post('/logout', undefined, { headers: { accept: 'application/json' } });
    expect(out.statusCode).toBe(200);
    expect((await client.get('/api/cart')).statusCode).toBe(401);
    const again = await clientOf(t.app, email);
    expect(await positionsOf(again)).toEqual([['PC-1M', 3]]);
    expect(json(await again.get('/api/cart'))).toMatchObject({ transport_type_id: f.transport.courier, additional_informations: 'Po 8:00' });
  });
});

describe('PUT /api/cart: the delivery address', () => {
  it("refuses another customer's address with 422 and keeps the choice; saves one of the customer's own", async () => {
    const { client } = await newBuyer();
    const db = getDb();
    const [foreign] = await db.select({ id: addresses.id }).from(addresses).where(eq(addresses.customerId, f.customers.b));
    const [second] = await db
      .insert(addresses)
      .values({
        customerId: f.customers.a,
        kind: 'delivery',
        position: 1,
        name: 'Firma A – budowa Malta',
        email: '',
        phoneNumber: '+48 600 100 300',
        town: 'Poznań',
        street: 'ul. Baraniaka',
        home: '88',
        flat: '',
        fullStreet: 'ul. Baraniaka 88',
        postcode: '61-131',
        post: 'Poznań',
      })
      .returning({ id: addresses.id });
    const before = json(await client.get('/api/cart'));
    expect(before.delivery_address.name).toBe('Firma A – magazyn');

    const bad = await send(client, 'PUT', '/api/cart', { is_different_delivery_address: false, delivery_address_id: foreign?.id });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.delivery_address_id).toEqual(['Wybierz adres dostawy.']);
    const unchanged = json(await client.get('/api/cart'));
    expect(unchanged.delivery_address_id).toBe(before.delivery_address_id);
    expect(unchanged.delivery_address.name).toBe('Firma A – magazyn');

    const ok = await send(client, 'PUT', '/api/cart', { is_different_delivery_address: false, delivery_address_id: second?.id });
    expect(ok.statusCode).toBe(200);
    const cart = json(await client.get('/api/cart'));
    expect(cart.delivery_address_id).toBe(second?.id);
    expect(cart.delivery_address).toMatchObject({ name: 'Firma A – budowa Malta', full_street: 'ul. Baraniaka 88', postcode: '61-131' });
  });
});

describe('orders: SALES_EMAIL and reorder', () => {
  it('mails the sales notice to SALES_EMAIL, and a reorder after a product went inactive adds only the active positions', async () => {
    const { email, client } = await newBuyer();
    await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 2 });
    await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 610 });
    await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup });
    const placed = await send(client, 'POST', '/api/orders');
    expect(placed.statusCode).toBe(200);
    const { id, number } = json(placed);

    const sales = await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'shop.order-sales'));
    expect(sales.map((m) => m.to)).toEqual([SALES]);
    expect(sales[0]?.text).toContain(number);
    const buyerMail = await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'shop.order-placed'));
    expect(buyerMail.map((m) => m.to)).toEqual([email]);

    // The cable is withdrawn after the order: the reorder brings back the patch cords only.
    expect(await positionsOf(client)).toEqual([]);
    await getDb().update(products).set({ isActive: false }).where(eq(products.id, f.products.reel));
    try {
      const r = await send(client, 'POST', `/api/orders/${id}/reorder`);
      expect(r.statusCode).toBe(200);
      expect(json(r).count).toBe(1);
      expect(await positionsOf(client)).toEqual([['PC-1M', 2]]);
    } finally {
      await getDb().update(products).set({ isActive: true }).where(eq(products.id, f.products.reel));
    }
  });
});

describe('quick order from an XLSX file', () => {
  it('adds the valid rows of the first sheet and lists the invalid ones with the reason', async () => {
    const { client } = await newBuyer();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Zamówienie');
    sheet.addRow(['Numer katalogowy', 'Ilość']);
    sheet.addRow(['PC-1M', 4]);
    sheet.addRow(['KAB-U6-305', 610]);
    sheet.addRow(['NIEMA-1', 2]);
    sheet.addRow(['KAB-U6-305', 100]);
    const fd = new FormData();
    fd.append(
      'file',
      new Blob([new Uint8Array(await wb.xlsx.writeBuffer())], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
      'zamowienie.xlsx',
    );
    const req = new Request('http://x/', { method: 'POST', body: fd });
    const r = await client.request({
      method: 'POST',
      url: '/api/cart/quick-order',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string },
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = json(r);
    expect(body.added).toBe(2);
    expect(body.invalid.map((i: { line: number; reason: string }) => [i.line, i.reason])).toEqual([
      [4, 'nieznany numer katalogowy'],
      [5, 'ilość nie jest wielokrotnością 305 m (najbliższe: 305)'],
    ]);
    expect(await positionsOf(client)).toEqual([
      ['PC-1M', 4],
      ['KAB-U6-305', 610],
    ]);
  });
});
