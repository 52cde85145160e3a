import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { mailAttachmentsOf } from '~/core/mail/outbox.server';
import { moveStatus } from '~/core/workflow/status-history.server';
import { latestMail, mailCount } from '~/features/accounts/tests/helpers';
import { addresses } from '~/features/customers/customers.schema';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, TestClient, type TestApp } from '~tests/helpers/test-app';
import { orderWorkflow, setOrderStatus } from '../order-workflow.server';
import { getOrder, type OrderDetail, orderPdf } from '../orders.server';
import { orders } from '../shop.schema';
import { adminUser, b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;
let buyerEmail: string;
let other: TestClient;
let nonB2b: TestClient;
let admin: TestClient;
let noInvoice: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  const u = await b2bUser(f.customers.a);
  buyerEmail = u.email;
  buyer = await clientOf(t.app, u.email);
  other = await clientOf(t.app, (await b2bUser(f.customers.b)).email);
  nonB2b = await clientOf(t.app, (await b2bUser(f.customers.a, { granted: false })).email);
  admin = await clientOf(t.app, (await adminUser()).email);
  noInvoice = await clientOf(t.app, (await b2bUser(f.customers.noInvoice)).email);
});

afterAll(async () => {
  await t.close();
});

const json = (r: { body: string }) => JSON.parse(r.body);

describe('who may shop', () => {
  it('answers 401 to a guest and 403 to a non-B2B user, an admin and a user of an inactive customer', async () => {
    const guest = new TestClient(t.app);
    const inactive = await clientOf(t.app, (await b2bUser(f.customers.inactive)).email);
    const unlinked = await clientOf(t.app, (await b2bUser(null)).email);
    const calls: [string, string][] = [
      ['GET', '/api/cart'],
      ['PUT', '/api/cart'],
      ['POST', '/api/cart/positions'],
      ['PUT', '/api/cart/positions/1'],
      ['DELETE', '/api/cart/positions/1'],
      ['POST', '/api/cart/quick-order'],
      ['POST', '/api/orders'],
      ['GET', '/api/orders'],
      ['GET', '/api/orders/1'],
      ['GET', '/api/orders/1/pdf'],
      ['POST', '/api/orders/1/reorder'],
    ];
    for (const [method, url] of calls) {
      expect((await guest.request({ method: method as 'GET', url })).statusCode, `${method} ${url} guest`).toBe(401);
      for (const c of [nonB2b, admin, inactive, unlinked]) {
        expect((await c.request({ method: method as 'GET', url, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
      }
    }
  });
});

describe('products and transport types', () => {
  it('lists the active transport types', async () => {
    const r = await new TestClient(t.app).get('/api/transport-types');
    expect(r.statusCode).toBe(200);
    const list = json(r);
    expect(list.map((x: { kind: string }) => x.kind)).toEqual(['courier', 'pallet', 'pickup', 'custom']);
    expect(list[0]).toMatchObject({ id: f.transport.courier, name: 'Kurier', kind: 'courier' });
  });

  it('answers a product with its numbers; net prices only for a B2B customer (customer price from the definition)', async () => {
    const guest = json(await new TestClient(t.app).get(`/api/products/${f.products.cabinet}`));
    expect(guest.choice_of_version).toBe('Flatpack/Szafa złożona');
    expect(guest.catalog_numbers[0]).toMatchObject({ id: f.numbers.cabinet, number: 'SZ-42U', multiple: 1, multiple_unit: 'szt.' });
    expect(guest.catalog_numbers[0].price_netto).toBeUndefined();
    const mine = json(await buyer.get(`/api/products/${f.products.cabinet}`));
    expect(mine.catalog_numbers[0]).toMatchObject({ price_netto: '2500.00', user_price_attribute: '2000.00' });
    const others = json(await other.get(`/api/products/${f.products.cabinet}`));
    expect(others.catalog_numbers[0]).toMatchObject({ price_netto: '2500.00', user_price_attribute: '2500.00' });
    expect((await buyer.get(`/api/products/${f.products.inactive}`)).statusCode).toBe(404);
  });

  it('searches products with {items, pages}', async () => {
    const r = json(await new TestClient(t.app).get('/api/products?search=szafa&page=1'));
    expect(r.pages).toBeGreaterThanOrEqual(1);
    expect(r.items.map((p: { id: number }) => p.id)).toContain(f.products.cabinet);
    expect(r.items.map((p: { id: number }) => p.id)).not.toContain(f.products.patch);
  });
});

describe('cart', () => {
  it('refuses a quantity that is not a multiple, naming the nearest valid quantities', async () => {
    const r = await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 400 });
    expect(r.statusCode).toBe(422);
    expect(json(r).errors.quantity[0]).toBe('Ilość musi być wielokrotnością 305 m. Najbliższe poprawne ilości: 305 lub 610.');
    const en = await buyer.request({
      method: 'POST',
      url: '/api/cart/positions',
      payload: { product_catalog_number_id: f.numbers.reel, quantity: 100 },
      headers: { 'x-locale': 'en' },
    });
    expect(json(en).errors.quantity[0]).toBe('The quantity must be a multiple of 305 m. The nearest valid quantity: 305.');
  });

  it('requires the version of a Flatpack/Szafa złożona product under positions.{index}.additional_informations', async () => {
    const r = await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.cabinet, quantity: 1 });
    expect(r.statusCode).toBe(422);
    expect(json(r).errors['positions.0.additional_informations']).toEqual(['Wybierz wersję: Flatpack lub Szafa złożona.']);
    const bad = await send(buyer, 'POST', '/api/cart/positions', {
      product_catalog_number_id: f.numbers.cabinet,
      quantity: 1,
      additional_informations: 'Inna',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('refuses an inactive product, an unknown number and a number without price', async () => {
    expect(
      json(await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.inactive, quantity: 1 })).errors.product_catalog_number_id,
    ).toEqual(['Produkt jest niedostępny.']);
    expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: 999999, quantity: 1 })).statusCode).toBe(422);
    expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.noPrice, quantity: 1 })).statusCode).toBe(422);
  });

  it('shows "The cart is empty." state and refuses placing an empty cart', async () => {
    const cart = json(await buyer.get('/api/cart'));
    expect(cart.positions).toEqual([]);
    expect(cart).toMatchObject({ currency: 'PLN', net: '0.00', vat: '0.00', gross: '0.00', customer_name: 'Firma A', payment_deadline_days: 30 });
    const r = await send(buyer, 'POST', '/api/orders');
    expect(r.statusCode).toBe(422);
    expect(json(r).message).toBe('Koszyk jest pusty.');
    const en = await buyer.request({ method: 'POST', url: '/api/orders', headers: { 'x-locale': 'en' } });
    expect(json(en).message).toBe('The cart is empty.');
  });

  it('adds, increases, edits and removes positions; totals with VAT on the net total', async () => {
    const a = await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 305 });
    expect(a.statusCode).toBe(200);
    expect(json(a).message).toBe('Dodano do koszyka.');
    await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 305 });
    const c1 = await send(buyer, 'POST', '/api/cart/positions', {
      product_catalog_number_id: f.numbers.cabinet,
      quantity: 1,
      additional_informations: 'Flatpack',
    });
    expect(c1.statusCode).toBe(200);
    let cart = json(await buyer.get('/api/cart'));
    expect(cart.positions).toHaveLength(2);
    const reel = cart.positions[0];
    expect(reel).toMatchObject({
      product_id: f.products.reel,
      product_catalog_number_id: f.numbers.reel,
      product_catalog_number_number: 'KAB-U6-305',
      quantity: 610,
      unit: 'm',
      multiple: 305,
      multiple_unit: 'm',
      price_netto: '2.17',
      user_price_attribute: '2.17',
      value_attribute: '1323.70',
    });
    expect(reel.product_slug_attribute).toBe('kabel-u/utp-kat-6');
    expect(cart.positions[1]).toMatchObject({
      additional_informations: 'Flatpack',
      user_price_attribute: '2000.00',
      choice_of_version: 'Flatpack/Szafa złożona',
    });
    // 1323.70 + 2000.00 = 3323.70 net, no transport chosen; VAT 764.451 -> 764.45
    expect(cart).toMatchObject({ value_netto_attribute: '3323.70', net: '3323.70', vat: '764.45', gross: '4088.15', transport_cost: '0.00' });
    expect(cart.weight_kg).toBe('119.90'); // 610 * 0.04 + 95.5

    // Version change of the cabinet, then a wrong quantity of the reel (index 0).
    expect((await send(buyer, 'PUT', `/api/cart/positions/${cart.positions[1].id}`, { additional_informations: 'Szafa złożona' })).statusCode).toBe(200);
    const wrongVersion = await send(buyer, 'PUT', `/api/cart/positions/${cart.positions[1].id}`, { additional_informations: '' });
    expect(json(wrongVersion).errors['positions.1.additional_informations']).toBeTruthy();
    const wrong = await send(buyer, 'PUT', `/api/cart/positions/${reel.id}`, { quantity: 500 });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors['positions.0.quantity'][0]).toContain('305 lub 610');
    expect((await send(buyer, 'PUT', `/api/cart/positions/${reel.id}`, { quantity: 915 })).statusCode).toBe(200);
    cart = json(await buyer.get('/api/cart'));
    expect(cart.positions[0].quantity).toBe(915);
    expect(cart.positions[1].additional_informations).toBe('Szafa złożona');

    // Another customer's user cannot touch this position.
    expect((await send(other, 'PUT', `/api/cart/positions/${reel.id}`, { quantity: 305 })).statusCode).toBe(404);
    expect((await send(other, 'DELETE', `/api/cart/positions/${reel.id}`)).statusCode).toBe(404);

    // Remove the cabinet.
    expect((await send(buyer, 'DELETE', `/api/cart/positions/${cart.positions[1].id}`)).statusCode).toBe(200);
    cart = json(await buyer.get('/api/cart'));
    expect(cart.positions).toHaveLength(1);
  });

  it('prices each transport kind; over the limits it becomes custom; pickup uses the warehouse address', async () => {
    // Cart: 915 m reel = 36.6 kg.
    expect((await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.courier })).statusCode).toBe(200);
    let cart = json(await buyer.get('/api/cart'));
    expect(cart).toMatchObject({
      transport_type_id: f.transport.courier,
      packages_count: 2,
      transport_cost: '50.00',
      is_custom_transport: false,
      delivery_name: 'Kurier',
    });
    // 1985.55 + 50.00 = 2035.55; VAT 468.1765 -> 468.18
    expect(cart).toMatchObject({ net: '2035.55', vat: '468.18', gross: '2503.73' });
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.pallet });
    cart = json(await buyer.get('/api/cart'));
    expect(cart).toMatchObject({ pallets_count: 1, transport_cost: '180.00', is_custom_transport: false });
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup });
    cart = json(await buyer.get('/api/cart'));
    expect(cart.transport_cost).toBe('0.00');
    expect(cart.delivery_address).toMatchObject({ town: 'Leszno', street: 'Usługowa 10B', postcode: '64-100', post: 'Leszno', email: '', phone_number: '' });
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.custom });
    cart = json(await buyer.get('/api/cart'));
    expect(cart).toMatchObject({ is_custom_transport: true, transport_cost: '0.00' });
    // 11 packages (> 10) on the courier: custom.
    const big = await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 305 * 24 });
    expect(big.statusCode).toBe(200);
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.courier });
    cart = json(await buyer.get('/api/cart'));
    expect(cart.packages_count).toBeGreaterThan(10);
    expect(cart).toMatchObject({ is_custom_transport: true, transport_cost: '0.00' });
    // Back to one reel.
    await send(buyer, 'PUT', `/api/cart/positions/${cart.positions[0].id}`, { quantity: 305 });
    expect((await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.inactive })).statusCode).toBe(422);
  });

  it('saves a different delivery address and validates it', async () => {
    const bad = await send(buyer, 'PUT', '/api/cart', {
      is_different_delivery_address: '1',
      delivery_address: { name: '', town: 'X', street: 'Y', postcode: '123' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors)).toEqual(expect.arrayContaining(['delivery_address.name', 'delivery_address.postcode']));
    const ok = await send(buyer, 'PUT', '/api/cart', {
      transport_type_id: f.transport.courier,
      is_different_delivery_address: '1',
      delivery_address: { name: 'Budowa Malta', town: 'Poznań', street: 'ul. Baraniaka', home: '88', postcode: '61-131', post: 'Poznań' },
      save_delivery_address: '1',
      additional_informations: 'Dostawa 7-15',
    });
    expect(ok.statusCode).toBe(200);
    const cart = json(await buyer.get('/api/cart'));
    expect(cart.delivery_address).toMatchObject({ name: 'Budowa Malta', full_street: 'ul. Baraniaka 88' });
    expect(cart).toMatchObject({ is_different_delivery_address: true, additional_informations: 'Dostawa 7-15' });
  });
});

describe('orders', () => {
  let orderId: number;

  it('refuses placing without an invoice address, with the message of SPEC section 8', async () => {
    await send(noInvoice, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 2 });
    await send(noInvoice, 'PUT', '/api/cart', { transport_type_id: f.transport.courier });
    expect(json(await noInvoice.get('/api/cart')).warning).toBe('Nie zdefiniowano adresu do faktury. Skontaktuj się z administratorem.');
    const r = await noInvoice.request({ method: 'POST', url: '/api/orders', headers: { 'x-locale': 'en' } });
    expect(r.statusCode).toBe(422);
    expect(json(r).message).toBe('No invoice address defined. Please contact your administrator.');
    expect(await getDb().select().from(orders).where(eq(orders.customerId, f.customers.noInvoice))).toHaveLength(0);
  });

  it('places the cart once per Idempotency-Key, empties it, saves the address and mails buyer and sales', async () => {
    const before = (
      await getDb()
        .select()
        .from(addresses)
        .where(and(eq(addresses.customerId, f.customers.a), eq(addresses.kind, 'delivery')))
    ).length;
    const r = await send(buyer, 'POST', '/api/orders', undefined, { 'idempotency-key': 'order-1' });
    expect(r.statusCode).toBe(200);
    const body = json(r);
    expect(body.number).toMatch(/^ZS\/\d{4}\/\d{6}$/);
    expect(body.message).toBe(`Złożono zamówienie ${body.number}.`);
    orderId = body.id;
    const again = await send(buyer, 'POST', '/api/orders', undefined, { 'idempotency-key': 'order-1' });
    expect(json(again).id).toBe(orderId);
    expect(json(await buyer.get('/api/cart')).positions).toEqual([]);
    const after = (
      await getDb()
        .select()
        .from(addresses)
        .where(and(eq(addresses.customerId, f.customers.a), eq(addresses.kind, 'delivery')))
    ).length;
    expect(after).toBe(before + 1);
    expect(await mailCount(buyerEmail, 'shop.order-placed')).toBe(1);
    // The buyer's confirmation carries the order PDF; the sales mail has no attachment.
    const [placed] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'shop.order-placed'));
    const files = await mailAttachmentsOf(getDb(), placed?.id as string);
    expect(files.map((a) => [a.filename, a.contentType])).toEqual([[`zamowienie-${body.number.replaceAll('/', '-')}.pdf`, 'application/pdf']]);
    expect(
      Buffer.from(files[0]?.content ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const sales = await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'shop.order-sales'));
    expect(sales).toHaveLength(1);
    expect(sales[0]?.to).toBe('biuro@cobinet.pl');
    expect(sales[0]?.text).toContain(body.number);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, orderId));
    expect(o).toMatchObject({ valueNetto: 66185, transportCost: 2500, net: 68685, vat: 15798, gross: 84483, status: 'new', deliveryName: 'Kurier' });
    expect((await send(buyer, 'POST', '/api/orders', undefined, { 'idempotency-key': 'bad key!' })).statusCode).toBe(422);
  });

  it('lists the customer orders and answers one order; 403 for another customer, 404 for none', async () => {
    const list = json(await buyer.get('/api/orders'));
    expect(list.pages).toBe(1);
    expect(list.items[0]).toMatchObject({ id: orderId, status: 'new', status_label: 'Nowe', gross: '844.83' });
    expect(json(await other.get('/api/orders')).items).toEqual([]);
    const one = json(await buyer.get(`/api/orders/${orderId}`));
    expect(one.positions[0]).toMatchObject({
      product_catalog_number_number: 'KAB-U6-305',
      quantity: 305,
      user_price_attribute: '2.17',
      value_attribute: '661.85',
    });
    expect(one.delivery_address.name).toBe('Budowa Malta');
    expect(one.history.map((h: { to: string }) => h.to)).toEqual(['new']);
    expect((await other.get(`/api/orders/${orderId}`)).statusCode).toBe(403);
    expect((await other.get(`/api/orders/${orderId}/pdf`)).statusCode).toBe(403);
    expect((await other.request({ method: 'POST', url: `/api/orders/${orderId}/reorder` })).statusCode).toBe(403);
    expect((await buyer.get('/api/orders/999999')).statusCode).toBe(404);
  });

  it('answers the confirmation PDF with Polish characters', async () => {
    const r = await buyer.get(`/api/orders/${orderId}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(String(r.headers['content-disposition'])).toContain('zamowienie-ZS-');
    const text = (await pdfText(r.rawPayload)).pages.join('\n');
    expect(text).toContain('Potwierdzenie zamówienia');
    expect(text).toContain('KAB-U6-305');
    expect(text).toContain('Usługowa 10B');
    expect(text).toContain('844,83');
    // Issue 41 point 13: the product with its variant, and the weight and volume with a decimal comma.
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toMatch(/Kabel U\/UTP kat 6 ?– ?Kabel kat\. 6 szpula ?305 m/);
    expect(flat).toMatch(/Waga: \d+,\d\d kg · Objętość: \d+,\d\d m³/);
    expect(flat).not.toMatch(/\d\.\d\d (kg|m³)/);
  });

  it("names a line's version in the language of the PDF (the stored value stays the SPEC one)", async () => {
    const detail = (await getOrder(orderId)) as OrderDetail;
    const withVersion = { ...detail, positions: detail.positions.map((p) => ({ ...p, additionalInformations: 'Szafa złożona' })) };
    const text = async (locale: 'pl' | 'en') => (await pdfText(await orderPdf(withVersion, locale))).pages.join(' ').replace(/\s+/g, ' ');
    expect(await text('en')).toContain('Assembled cabinet');
    expect(await text('en')).not.toContain('złożona');
    expect(await text('pl')).toMatch(/Szafa ?złożona/);
  });

  it('reorders the still-active positions into the cart', async () => {
    const r = await send(buyer, 'POST', `/api/orders/${orderId}/reorder`);
    expect(r.statusCode).toBe(200);
    expect(json(r).count).toBe(1);
    expect(json(await buyer.get('/api/cart')).positions[0]).toMatchObject({ product_catalog_number_id: f.numbers.reel, quantity: 305 });
  });

  it('mails the buyer when the administrator changes the status', async () => {
    await moveStatus(getDb(), orderWorkflow, {
      entityId: orderId,
      from: 'new',
      to: 'confirmed',
      actor: { id: 1, isAdmin: true },
      comment: 'Wysyłka jutro',
      update: (tx) => setOrderStatus(tx, orderId, 'new', 'confirmed'),
    });
    const mail = await latestMail(buyerEmail, 'shop.order-status');
    expect(mail?.subject).toContain('Potwierdzone');
    expect(mail?.text).toContain('Wysyłka jutro');
    await expect(
      moveStatus(getDb(), orderWorkflow, {
        entityId: orderId,
        from: 'confirmed',
        to: 'shipped',
        actor: { id: 1, isAdmin: true },
        update: (tx) => setOrderStatus(tx, orderId, 'confirmed', 'shipped'),
      }),
    ).rejects.toMatchObject({ status: 422 });
    const one = json(await buyer.get(`/api/orders/${orderId}`));
    expect(one.history.map((h: { to: string }) => h.to)).toEqual(['new', 'confirmed']);
  });
});

describe('quick order', () => {
  it('adds valid lines and lists invalid ones with the reason', async () => {
    await send(buyer, 'DELETE', `/api/cart/positions/${json(await buyer.get('/api/cart')).positions[0].id}`);
    const r = await send(buyer, 'POST', '/api/cart/quick-order', { lines: 'KAB-U6-305 610\nPC-1M 3\nNIEMA-1 2\nKAB-U6-305 100\nSZ-42U 1\nOLD-1 1\nbezilosci' });
    expect(r.statusCode).toBe(200);
    const body = json(r);
    expect(body.added).toBe(2);
    expect(body.invalid.map((i: { line: number; reason: string }) => [i.line, i.reason])).toEqual([
      [3, 'nieznany numer katalogowy'],
      [4, 'ilość nie jest wielokrotnością 305 m (najbliższe: 305)'],
      [5, 'produkt wymaga wyboru wersji: dodaj go ze strony produktu'],
      [6, 'produkt niedostępny'],
      [7, 'nieczytelna linia (oczekiwano „numer ilość”)'],
    ]);
    const cart = json(await buyer.get('/api/cart'));
    expect(cart.positions.map((p: { product_catalog_number_number: string; quantity: number }) => [p.product_catalog_number_number, p.quantity])).toEqual([
      ['KAB-U6-305', 610],
      ['PC-1M', 3],
    ]);
    expect((await send(buyer, 'POST', '/api/cart/quick-order', { lines: '' })).statusCode).toBe(422);
  });

  it('reads an uploaded CSV', async () => {
    const boundary = '----shop';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="z.csv"\r\nContent-Type: text/csv\r\n\r\nnumer;ilosc\r\nPC-1M;2\r\n--${boundary}--\r\n`;
    const r = await buyer.request({
      method: 'POST',
      url: '/api/cart/quick-order',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(r.statusCode).toBe(200);
    expect(json(r).added).toBe(1);
    const cart = json(await buyer.get('/api/cart'));
    expect(cart.positions.find((p: { product_catalog_number_number: string }) => p.product_catalog_number_number === 'PC-1M').quantity).toBe(5);
  });
});

describe('admin transport types', () => {
  it('is refused to a non-admin and lets an admin create, edit and delete a type', async () => {
    expect((await buyer.get('/api/admin/transport-types')).statusCode).toBe(403);
    const bad = await send(admin, 'POST', '/api/admin/transport-types', { name_pl: '', name_en: 'x', kind: 'boat' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors)).toEqual(expect.arrayContaining(['name_pl', 'kind']));
    const created = await send(admin, 'POST', '/api/admin/transport-types', {
      name_pl: 'Kurier ekspres',
      name_en: 'Express courier',
      kind: 'courier',
      unit_price: '39,90',
      max_kg_per_unit: '20',
      is_active: '1',
      position: '6',
    });
    expect(created.statusCode).toBe(200);
    const id = json(created).id;
    const row = json(await admin.get(`/api/admin/transport-types/${id}`));
    expect(row).toMatchObject({ unit_price: '39.90', max_kg_per_unit: 20, is_active: true, version: 1 });
    expect(json(await new TestClient(t.app).get('/api/transport-types')).some((x: { id: number }) => x.id === id)).toBe(true);
    const upd = await send(admin, 'PUT', `/api/admin/transport-types/${id}`, { ...row, unit_price: '45.00', is_active: '0' });
    expect(upd.statusCode).toBe(200);
    expect((await send(admin, 'PUT', `/api/admin/transport-types/${id}`, { ...row, unit_price: '45.00' })).statusCode).toBe(409);
    expect(json(await new TestClient(t.app).get('/api/transport-types')).some((x: { id: number }) => x.id === id)).toBe(false);
    expect((await send(admin, 'DELETE', `/api/admin/transport-types/${id}`)).statusCode).toBe(200);
    expect((await send(admin, 'DELETE', `/api/admin/transport-types/${f.transport.courier}`)).statusCode).toBe(422);
  });
});
