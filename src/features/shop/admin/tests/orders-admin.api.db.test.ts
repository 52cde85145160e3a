// Admin orders (issue 11): orders.view/orders.update (issue 37; admin access alone did before); the list filters (status, customer, dates,
// number); the detail with history; a status change writes the history, mails the buyer and is in
// the change log; refused transitions and stale changes; the PDF.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { latestMail, mailCount } from '~/features/accounts/tests/helpers';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createRole } from '~/features/catalog/admin/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { orders } from '../../shop.schema';
import { adminUser, b2bUser, clientOf, send, type ShopFixture, shopFixture } from '../../tests/fixtures';

let t: TestApp;
let f: ShopFixture;
let admin: TestClient;
let adminOnly: TestClient;
let buyer: TestClient;
let buyerEmail: string;
let buyerB: TestClient;
const ids: number[] = [];

const json = <T = Record<string, unknown>>(r: { json(): unknown }) => r.json() as T;

async function place(client: TestClient, number: number, quantity: number, extra: Record<string, unknown> = {}) {
  const added = await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: number, quantity, ...extra });
  expect(added.statusCode, added.body).toBe(200);
  expect((await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.courier })).statusCode).toBe(200);
  const r = await send(client, 'POST', '/api/orders');
  expect(r.statusCode, r.body).toBe(200);
  return json<{ id: number; number: string }>(r);
}

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  admin = await clientOf(t.app, (await adminUser()).email);
  const role = await createRole(51, 'admin-only', ['admin.access']);
  adminOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [role] })).email);
  const u = await b2bUser(f.customers.a);
  buyerEmail = u.email;
  buyer = await clientOf(t.app, u.email);
  buyerB = await clientOf(t.app, (await b2bUser(f.customers.b)).email);
  ids.push((await place(buyer, f.numbers.patch, 2)).id);
  ids.push((await place(buyer, f.numbers.cabinet, 1, { additional_informations: 'Flatpack' })).id);
  ids.push((await place(buyerB, f.numbers.patch, 5)).id);
  // The first order was placed "in January".
  await getDb()
    .update(orders)
    .set({ createdAt: new Date('2026-01-15T10:00:00Z') })
    .where(eq(orders.id, ids[0]));
});
afterAll(async () => {
  await t?.close();
});

describe('access', () => {
  it('admin access alone does not suffice any more (issue 37); buyers and guests are refused', async () => {
    expect((await adminOnly.get('/api/admin/orders')).statusCode).toBe(403);
    // orders.view reads and does not change.
    const reader = await loggedIn(
      t.app,
      (await createUser({ state: 'active', roleIds: [await createRole(52, 'orders-reader', ['admin.access', 'orders.view'])] })).email,
    );
    expect((await reader.get('/api/admin/orders')).statusCode).toBe(200);
    expect((await send(reader, 'POST', `/api/admin/orders/${ids[0]}/status`, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await buyer.get('/api/admin/orders')).statusCode).toBe(403);
    expect((await new TestClient(t.app).get('/api/admin/orders')).statusCode).toBe(401);
    expect((await send(buyer, 'POST', `/api/admin/orders/${ids[0]}/status`, { status: 'confirmed' })).statusCode).toBe(403);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, ids[0]));
    expect(o.status).toBe('new');
  });
});

describe('list', () => {
  const numbersOf = async (q: string) => json<{ items: { id: number }[] }>(await admin.get(`/api/admin/orders?${q}`)).items.map((i) => i.id);

  it('lists newest first with the filters', async () => {
    expect(await numbersOf('')).toEqual([ids[2], ids[1], ids[0]]);
    expect(await numbersOf(`customer=${f.customers.b}`)).toEqual([ids[2]]);
    expect(await numbersOf('from=2026-01-01&to=2026-01-31')).toEqual([ids[0]]);
    expect(await numbersOf('to=2026-01-14')).toEqual([]);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, ids[1]));
    expect(await numbersOf(`search=${encodeURIComponent(o.number.slice(-6))}`)).toEqual([ids[1]]);
    expect(await numbersOf('status=confirmed')).toEqual([]);
    const page = json<{ items: Record<string, unknown>[]; pages: number }>(await admin.get('/api/admin/orders'));
    expect(page.pages).toBe(1);
    expect(page.items[0]).toMatchObject({ status: 'new', status_label: 'Nowe', customer_name: 'Firma B' });
  });
});

describe('status change', () => {
  it('moves the status, writes the history, mails the buyer, logs the change', async () => {
    const before = await mailCount(buyerEmail, 'shop.order-status');
    // Multipart, as the admin screen sends it (api()).
    const fd = new FormData();
    fd.append('status', 'confirmed');
    fd.append('comment', 'Wysyłka w czwartek.');
    fd.append('from', 'new');
    const body = new Request('http://x/', { method: 'POST', body: fd });
    const r = await admin.request({
      method: 'POST',
      url: `/api/admin/orders/${ids[1]}/status`,
      payload: Buffer.from(await body.arrayBuffer()),
      headers: { 'content-type': body.headers.get('content-type') as string },
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(json(r).message).toMatch(/Potwierdzone/);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, ids[1]));
    expect(o.status).toBe('confirmed');
    expect(await mailCount(buyerEmail, 'shop.order-status')).toBe(before + 1);
    const mail = await latestMail(buyerEmail, 'shop.order-status');
    expect(mail?.subject).toContain(o.number);
    expect(mail?.text).toContain('Wysyłka w czwartek.');
    const detail = json<{ status: string; history: { to: string; comment: string | null }[] }>(await admin.get(`/api/admin/orders/${ids[1]}`));
    expect(detail.status).toBe('confirmed');
    expect(detail.history.map((h) => [h.to, h.comment])).toEqual([
      ['new', null],
      ['confirmed', 'Wysyłka w czwartek.'],
    ]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'order'), eq(changeInfos.entityId, String(ids[1]))));
    expect(log).toHaveLength(1);
    expect(log[0].changes).toMatchObject({ status: { before: 'new', after: 'confirmed' } });
    expect(await buyer.get(`/api/orders/${ids[1]}`).then((x) => json<{ status: string }>(x).status)).toBe('confirmed');
  });

  it('refuses a transition the workflow does not allow, a stale change and an unknown status; nothing is written', async () => {
    const mails = await mailCount(buyerEmail, 'shop.order-status');
    expect((await send(admin, 'POST', `/api/admin/orders/${ids[1]}/status`, { status: 'completed' })).statusCode).toBe(422);
    expect((await send(admin, 'POST', `/api/admin/orders/${ids[1]}/status`, { status: 'cancelled', from: 'new' })).statusCode).toBe(409);
    const bad = await send(admin, 'POST', `/api/admin/orders/${ids[1]}/status`, { status: 'lost' });
    expect(bad.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(bad).errors.status[0]).toBe('Wybierz nowy status.');
    expect((await send(admin, 'POST', '/api/admin/orders/999999/status', { status: 'confirmed' })).statusCode).toBe(404);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, ids[1]));
    expect(o.status).toBe('confirmed');
    expect(await mailCount(buyerEmail, 'shop.order-status')).toBe(mails);
  });

  it('two simultaneous changes of one order: exactly one wins', async () => {
    const results = await Promise.all([
      send(admin, 'POST', `/api/admin/orders/${ids[0]}/status`, { status: 'confirmed', from: 'new' }),
      send(admin, 'POST', `/api/admin/orders/${ids[0]}/status`, { status: 'cancelled', from: 'new' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = json<{ history: unknown[] }>(await admin.get(`/api/admin/orders/${ids[0]}`)).history;
    expect(history).toHaveLength(2);
  });

  it('serves the order PDF', async () => {
    const r = await admin.get(`/api/admin/orders/${ids[1]}/pdf`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await buyerB.get(`/api/admin/orders/${ids[1]}/pdf`)).statusCode).toBe(403);
  });
});
