// Issue 16: B2B customers order the cable-tray calculator in the shop as a catalogue product. The
// demo catalogue has it (CALCULATOR_CATALOG_NUMBER, 9.90 PLN net in the base list, multiple 1, no
// weight); placing the order grants nothing yet; the administrator's confirmation grants the buyer
// access (login and the mailed access link) and sends the access mail, once per order.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { latestMail, linkIn, mailCount } from '~/features/accounts/tests/helpers';
import { demoProducts } from '~/features/catalog/demo/catalog.data';
import { demoPhysicals } from '~/features/catalog/demo/physicals';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { accessCookieValue, CALCULATOR_ACCESS_COOKIE } from '~/features/newsletter/calculator-access.server';
import { CALCULATOR_CATALOG_NUMBER, calculatorPurchases } from '~/features/newsletter/newsletter.schema';
import { grantCalculatorForOrder, purchaseByAccessToken } from '~/features/newsletter/purchases.server';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { demoBasePrice } from '~/features/pricing/demo/prices';
import type { Db } from '~/core/db/client.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { orderPositions } from '../shop.schema';
import { adminUser, b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';

let t: TestApp;
let f: ShopFixture;
let calculatorNumber: number;
let admin: TestClient;

const workbook = (c: TestClient) => c.get('/api/calculator/workbook');

async function place(client: TestClient, lines: [number, number][], headers: Record<string, string> = {}) {
  for (const [number, quantity] of lines) {
    const added = await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: number, quantity });
    expect(added.statusCode, added.body).toBe(200);
  }
  expect((await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.courier })).statusCode).toBe(200);
  const r = await send(client, 'POST', '/api/orders', undefined, headers);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { id: number; number: string };
}

const move = (id: number, from: string, status: string) => send(admin, 'POST', `/api/admin/orders/${id}/status`, { from, status });

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  // The calculator as the demo catalogue has it: one number, multiple 1, no weight, 9.90 net in the base list.
  const def = demoProducts().find((p) => p.numbers.some((n) => n.number === CALCULATOR_CATALOG_NUMBER));
  if (!def) throw new Error('the demo catalogue has no calculator');
  const db = getDb();
  const [category] = await db.select({ id: products.categoryId }).from(products).where(eq(products.id, f.products.patch));
  const [product] = await db
    .insert(products)
    .values({
      categoryId: category.id,
      namePl: def.namePl,
      nameEn: def.nameEn,
      slugPl: 'kalkulator-koryt',
      slugEn: 'tray-calculator',
      searchText: 'kalkulator',
    })
    .returning({ id: products.id });
  const n = def.numbers[0];
  const [row] = await db
    .insert(productCatalogNumbers)
    .values({
      productId: product.id,
      number: n.number,
      namePl: n.namePl,
      nameEn: n.nameEn,
      multiple: n.multiple,
      multipleUnit: n.unit,
      ...demoPhysicals(n.number),
    })
    .returning({ id: productCatalogNumbers.id });
  calculatorNumber = row.id;
  const [base] = await db.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.isBase, true));
  await db.insert(priceListItems).values({ priceListId: base.id, catalogNumberId: calculatorNumber, netPrice: demoBasePrice(n.number) });
  admin = await clientOf(t.app, (await adminUser()).email);
});

afterAll(async () => {
  await t?.close();
});

describe('the calculator in the demo catalogue', () => {
  it('is a product with the catalogue number, multiple 1, no weight and 9.90 PLN net in the base list', () => {
    const def = demoProducts().find((p) => p.numbers.some((n) => n.number === CALCULATOR_CATALOG_NUMBER));
    expect(def?.numbers).toEqual([expect.objectContaining({ number: CALCULATOR_CATALOG_NUMBER, multiple: 1, unit: 'szt.' })]);
    expect(def?.nameEn).toMatch(/calculator/);
    expect(demoPhysicals(CALCULATOR_CATALOG_NUMBER)).toEqual({ weightKg: 0, volumeCm: 0 });
    expect(demoBasePrice(CALCULATOR_CATALOG_NUMBER)).toBe(990);
  });
});

describe('a B2B order with the calculator', () => {
  it('grants access and mails the link when the administrator confirms it, once per order', async () => {
    const user = await b2bUser(f.customers.b);
    const buyer = await clientOf(t.app, user.email);
    expect((await workbook(buyer)).statusCode).toBe(403);

    const order = await place(buyer, [
      [calculatorNumber, 1],
      [f.numbers.patch, 2],
    ]);
    const [line] = await getDb()
      .select()
      .from(orderPositions)
      .where(and(eq(orderPositions.orderId, order.id), eq(orderPositions.catalogNumberNumber, CALCULATOR_CATALOG_NUMBER)));
    expect([line.userPrice, line.value, Number(line.weightKg)]).toEqual([990, 990, 0]);

    // Placed, not yet confirmed: no access, no mail.
    expect((await workbook(buyer)).statusCode).toBe(403);
    expect(await mailCount(user.email, 'newsletter.calculator-order')).toBe(0);

    const confirmed = await move(order.id, 'new', 'confirmed');
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    // The purchase: paid, method order, the order number as its reference; 9.90 net + 23 % VAT.
    const rows = await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.reference, order.number));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'order', status: 'paid', email: user.email, userId: user.id, netAmount: 990, grossAmount: 1218, locale: 'pl' });

    // Logged in, the buyer has access; the mail in Polish carries the access link.
    expect((await workbook(buyer)).statusCode).toBe(200);
    expect(await mailCount(user.email, 'newsletter.calculator-order')).toBe(1);
    const mail = await latestMail(user.email, 'newsletter.calculator-order');
    expect(mail.subject).toBe('Dostęp do kalkulatora koryt kablowych COBI NET');
    expect(mail.text).toContain(`Potwierdziliśmy zamówienie ${order.number}`);
    const link = new URL(linkIn(mail.text, '/calculator/access/'));
    expect(link.pathname).toBe(`/pl/calculator/access/${rows[0].accessToken}`);

    // The link's token names the paid purchase, whose signed cookie opens the workbook without a login.
    expect(await purchaseByAccessToken(link.pathname.split('/').pop() as string)).toEqual({ id: rows[0].id, status: 'paid' });
    const anon = new TestClient(t.app);
    anon.cookies.set(CALCULATOR_ACCESS_COOKIE, accessCookieValue(t.app.config.sessionSecret, { kind: 'p', id: rows[0].id }));
    expect((await workbook(anon)).statusCode).toBe(200);

    // Further status changes and a repeated grant add no purchase and no mail.
    expect((await move(order.id, 'confirmed', 'in_progress')).statusCode).toBe(200);
    const again = await getDb().transaction((tx) =>
      grantCalculatorForOrder(
        tx as unknown as Db,
        { number: order.number, name: 'x', email: user.email, locale: 'pl', userId: user.id, net: 990 },
        'http://localhost',
      ),
    );
    expect(again).toBe(false);
    expect(await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.reference, order.number))).toHaveLength(1);
    expect(await mailCount(user.email, 'newsletter.calculator-order')).toBe(1);
  });

  it('an order cancelled before confirmation, and an order without the calculator, grant nothing', async () => {
    const user = await b2bUser(f.customers.b);
    const buyer = await clientOf(t.app, user.email);
    const cancelled = await place(buyer, [[calculatorNumber, 1]]);
    expect((await move(cancelled.id, 'new', 'cancelled')).statusCode).toBe(200);
    const other = await place(buyer, [[f.numbers.patch, 1]]);
    expect((await move(other.id, 'new', 'confirmed')).statusCode).toBe(200);
    expect((await workbook(buyer)).statusCode).toBe(403);
    expect(await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.email, user.email))).toHaveLength(0);
    expect(await mailCount(user.email, 'newsletter.calculator-order')).toBe(0);
  });

  it('the English buyer gets the mail in English', async () => {
    const user = await b2bUser(f.customers.b, { email: `en.${Date.now()}@example.com` });
    const buyer = await clientOf(t.app, user.email);
    const order = await place(buyer, [[calculatorNumber, 1]], { 'x-locale': 'en' });
    expect((await move(order.id, 'new', 'confirmed')).statusCode).toBe(200);
    const mail = await latestMail(user.email, 'newsletter.calculator-order');
    expect(mail.subject).toBe('Your access to the COBI NET cable-tray calculator');
    expect(mail.text).toContain(`We have confirmed order ${order.number}`);
    expect(linkIn(mail.text, '/calculator/access/')).toContain('/en/calculator/access/');
  });
});
