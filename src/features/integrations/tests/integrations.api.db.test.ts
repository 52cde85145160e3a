// The integration API (issue 39) through HTTP: keys made and revoked by an administrator, the scope
// matrix (every route x every scope), idempotency (sequential and parallel), the bulk rows, the
// customer upsert, the price list replace/merge, the orders feed and the status change.
import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { sweepNow } from '~/core/maintenance/sweep.server';
import { statusHistory } from '~/core/workflow/workflow.schema';
import { latestMail } from '~/features/accounts/tests/helpers';
import { catalogNumberStock, productCatalogNumbers, warehouses } from '~/features/catalog/catalog.schema';
import { addresses, customers } from '~/features/customers/customers.schema';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { orders } from '~/features/shop/shop.schema';
import { invoices } from '~/features/invoices/invoices.schema';
import { withChecksum } from '~/features/invoices/ksef/ksef-number';
import { adminUser, b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { apiKeys, integrationIdempotency } from '../integrations.schema';
import { INTEGRATION_ROUTES } from '../integration-routes.server';
import { API_SCOPES } from '../scopes';
import { call, json, makeKey } from './helpers';

let t: TestApp;
let f: ShopFixture;
let admin: TestClient;
let all: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  admin = await clientOf(t.app, (await adminUser()).email);
  all = await makeKey(admin, [...API_SCOPES], 'Enova');
});

afterAll(async () => {
  await t.close();
});

/** A concrete request of each route, valid enough to pass the key checks. */
const XML = { 'content-type': 'application/xml' };
const sample: Record<string, { path: string; payload?: unknown; headers?: Record<string, string> }> = {
  'PUT /catalog-numbers': { path: '/catalog-numbers', payload: { rows: [{ number: 'PC-1M' }] } },
  'PUT /price-lists/{definition}': { path: '/price-lists/HURT-20', payload: { mode: 'merge', rows: [{ number: 'PC-1M', price_netto: '9.00' }] } },
  'PUT /customers/{enova_kod}': { path: '/customers/K-0', payload: { name: 'X' } },
  'GET /orders': { path: '/orders' },
  'PUT /stock': { path: '/stock', payload: { rows: [{ number: 'PC-1M', warehouse: 'GLW', quantity: 1 }] } },
  'POST /orders/{number}/status': { path: '/orders/NONE/status', payload: { status: 'confirmed' } },
  'POST /invoices': { path: '/invoices', payload: '<Faktura/>', headers: XML },
};

describe('API keys (admin)', () => {
  it('makes a key shown once as cobi_ + 32 bytes base64url, stored as its SHA-256, listed with its use', async () => {
    const { id, secret } = await makeKey(admin, ['orders:read'], 'Lista');
    expect(secret).toMatch(/^cobi_[A-Za-z0-9_-]{43}$/);
    const [row] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(5));
    expect((await call(t.app, 'GET', '/orders', secret)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/orders', secret)).statusCode).toBe(200);
    const list = json<{ items: { id: number; requests_today: number; last_used_at: string | null; active: boolean; scopes: string[] }[] }>(
      await admin.get('/api/admin/integrations/keys'),
    );
    const mine = list.items.find((k) => k.id === id);
    expect(mine).toMatchObject({ requests_today: 2, active: true, scopes: ['orders:read'] });
    expect(mine?.last_used_at).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(secret);
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'api_key'), eq(changeInfos.entityId, String(id))));
    expect(log.action).toBe('create');
  });

  it('refuses a key without a name or scopes, or with an unknown scope (422)', async () => {
    expect((await admin.post('/api/admin/integrations/keys', { name: '', scopes: ['orders:read'] })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/integrations/keys', { name: 'A', scopes: [] })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/integrations/keys', { name: 'A', scopes: ['admin:all'] })).statusCode).toBe(422);
  });

  it('revokes a key at once: its next call is 401', async () => {
    const { id, secret } = await makeKey(admin, ['orders:read'], 'Do unieważnienia');
    expect((await call(t.app, 'GET', '/orders', secret)).statusCode).toBe(200);
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/integrations/keys/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call(t.app, 'GET', '/orders', secret)).statusCode).toBe(401);
    expect((await admin.request({ method: 'DELETE', url: '/api/admin/integrations/keys/999999' })).statusCode).toBe(404);
  });
});

describe('the scope matrix', () => {
  it('covers every route', () => {
    expect(INTEGRATION_ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(Object.keys(sample).sort());
  });

  it('every route x every scope: 401 without a key, with an unknown and a revoked key; 403 without its scope', async () => {
    const revoked = await makeKey(admin, [...API_SCOPES], 'Revoked');
    await admin.request({ method: 'DELETE', url: `/api/admin/integrations/keys/${revoked.id}` });
    const keys = new Map<string, string>();
    for (const scope of API_SCOPES) keys.set(scope, (await makeKey(admin, [scope], `Only ${scope}`)).secret);
    for (const route of INTEGRATION_ROUTES) {
      const { path, payload, headers } = sample[`${route.method} ${route.path}`];
      const m = route.method as 'GET' | 'PUT' | 'POST';
      const none = await call(t.app, m, path, null, payload, headers);
      expect(none.statusCode, `${route.path} no key`).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect((await call(t.app, m, path, `cobi_${'A'.repeat(43)}`, payload, headers)).statusCode, `${route.path} unknown`).toBe(401);
      expect((await call(t.app, m, path, revoked.secret, payload, headers)).statusCode, `${route.path} revoked`).toBe(401);
      for (const scope of API_SCOPES) {
        const res = await call(t.app, m, path, keys.get(scope) as string, payload, headers);
        if (scope === route.scope) expect(res.statusCode, `${route.path} ${scope}: ${res.body}`).not.toBe(403);
        else expect(res.statusCode, `${route.path} ${scope}`).toBe(403);
      }
    }
  }, 60_000);
});

describe('idempotency', () => {
  it('gives the same answer to the same key and request, runs it once, refuses the key for another request', async () => {
    const payload = { mode: 'merge', rows: [{ number: 'SZ-42U', price_netto: '1990.00' }] };
    const first = await call(t.app, 'PUT', '/price-lists/IDEM-1', all.secret, payload, { 'idempotency-key': 'k-1' });
    expect(first.statusCode, first.body).toBe(200);
    const changes = async () => (await getDb().select().from(changeInfos).where(eq(changeInfos.entity, 'price_list'))).length;
    const before = await changes();
    const again = await call(t.app, 'PUT', '/price-lists/IDEM-1', all.secret, payload, { 'idempotency-key': 'k-1' });
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await changes()).toBe(before);
    const other = await call(t.app, 'PUT', '/price-lists/IDEM-1', all.secret, { ...payload, mode: 'replace' }, { 'idempotency-key': 'k-1' });
    expect(other.statusCode).toBe(422);
    // Another API key has its own keys.
    const second = await makeKey(admin, ['prices:write']);
    expect(
      (await call(t.app, 'PUT', '/price-lists/IDEM-1', second.secret, payload, { 'idempotency-key': 'k-1' })).headers['idempotent-replayed'],
    ).toBeUndefined();
    expect((await call(t.app, 'PUT', '/price-lists/IDEM-1', all.secret, payload, { 'idempotency-key': 'x'.repeat(256) })).statusCode).toBe(422);
  });

  it('stores a refusal as the answer too (422 given again)', async () => {
    const bad = { mode: 'merge', rows: [{ number: 'NOPE-1', price_netto: '1.00' }] };
    const a = await call(t.app, 'PUT', '/price-lists/IDEM-2', all.secret, bad, { 'idempotency-key': 'k-bad' });
    const b = await call(t.app, 'PUT', '/price-lists/IDEM-2', all.secret, bad, { 'idempotency-key': 'k-bad' });
    expect(a.statusCode).toBe(422);
    expect([b.statusCode, b.body]).toEqual([422, a.body]);
  });

  it('runs one of twenty parallel requests with one key; the others get 409 or the same answer', async () => {
    const payload = { name: 'Równolegle sp. z o.o.', payment_deadline_days: 14 };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(t.app, 'PUT', '/customers/PAR-1', all.secret, payload, { 'idempotency-key': 'parallel-1' })),
    );
    const created = answers.filter((a) => a.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    const rows = await getDb().select().from(customers).where(eq(customers.enovaKod, 'PAR-1'));
    expect(rows).toHaveLength(1);
    const logs = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'customer'), eq(changeInfos.entityId, String(rows[0].id))));
    expect(logs).toHaveLength(1);
    // Every 201 is the one stored answer.
    expect(new Set(created.map((a) => a.body)).size).toBe(1);
  });

  it('sweeps answers older than 24 hours', async () => {
    await getDb()
      .update(integrationIdempotency)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(integrationIdempotency.key, 'k-1'));
    const result = await sweepNow();
    expect(result.deleted['integration-idempotency']).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(integrationIdempotency).where(eq(integrationIdempotency.key, 'k-1'))).toHaveLength(0);
  });
});

describe('PUT /catalog-numbers', () => {
  it('updates known numbers and the base price, reports unknown and repeated ones per row, logs under the key', async () => {
    const res = await call(t.app, 'PUT', '/catalog-numbers', all.secret, {
      rows: [
        { number: 'pc-1m', base_price_netto: '12.34', weight_kg: 0.07, volume_cm: 120, multiple: 2, multiple_unit: 'szt.' },
        { number: 'NIE-MA', weight_kg: 1 },
        { number: 'PC-1M', weight_kg: 3 },
        { number: 'SZ-42U', base_price_netto: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ rows: { index: number; status: string; errors?: Record<string, string[]> }[] }>(res);
    expect(body.rows.map((r) => [r.index, r.status])).toEqual([
      [0, 'updated'],
      [1, 'error'],
      [2, 'error'],
      [3, 'updated'],
    ]);
    expect(body.rows[1].errors?.number?.[0]).toContain('NIE-MA');
    const [pc] = await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.id, f.numbers.patch));
    expect(pc).toMatchObject({ weightKg: 0.07, volumeCm: 120, multiple: 2 });
    const [base] = await getDb().select().from(priceLists).where(eq(priceLists.isBase, true));
    const prices = await getDb().select().from(priceListItems).where(eq(priceListItems.priceListId, base.id));
    expect(prices.find((p) => p.catalogNumberId === f.numbers.patch)?.netPrice).toBe(1234);
    expect(prices.find((p) => p.catalogNumberId === f.numbers.cabinet)).toBeUndefined();
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'catalog_number'), eq(changeInfos.entityId, String(f.numbers.patch))));
    expect(log.userEmail).toBe('API: Enova');
    expect(log.userId).toBeNull();
  });

  it('refuses 1,001 rows and malformed rows (422, nothing written)', async () => {
    const rows = Array.from({ length: 1001 }, () => ({ number: 'PC-1M', weight_kg: 9 }));
    const res = await call(t.app, 'PUT', '/catalog-numbers', all.secret, { rows });
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toHaveProperty('rows');
    const bad = await call(t.app, 'PUT', '/catalog-numbers', all.secret, { rows: [{ number: 'PC-1M', weight_kg: -1 }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: object }>(bad).errors)).toContain('rows.0.weight_kg');
    const [pc] = await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.id, f.numbers.patch));
    expect(pc.weightKg).toBe(0.07);
  });
});

describe('PUT /price-lists/{definition}', () => {
  const itemsOf = async (code: string) => {
    const [list] = await getDb().select().from(priceLists).where(eq(priceLists.code, code));
    const rows = await getDb().select().from(priceListItems).where(eq(priceListItems.priceListId, list.id));
    return new Map(rows.map((r) => [r.catalogNumberId, r.netPrice]));
  };

  it('merges (keeps numbers not sent) and replaces (drops them)', async () => {
    let res = await call(t.app, 'PUT', '/price-lists/hurt-20', all.secret, { mode: 'merge', rows: [{ number: 'PC-1M', price_netto: '8.50' }] });
    expect(res.statusCode, res.body).toBe(200);
    let items = await itemsOf('HURT-20');
    expect(items.get(f.numbers.cabinet)).toBe(200000);
    expect(items.get(f.numbers.patch)).toBe(850);
    res = await call(t.app, 'PUT', '/price-lists/HURT-20', all.secret, {
      mode: 'replace',
      rows: [
        { number: 'KAB-U6-305', price_netto: '1.99' },
        { number: 'PC-1M', price_netto: '8.00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    items = await itemsOf('HURT-20');
    expect([...items.entries()].sort()).toEqual(
      [
        [f.numbers.reel, 199],
        [f.numbers.patch, 800],
      ].sort(),
    );
  });

  it('writes nothing when a row is bad (422 with the rows)', async () => {
    const res = await call(t.app, 'PUT', '/price-lists/HURT-20', all.secret, {
      mode: 'replace',
      rows: [
        { number: 'PC-1M', price_netto: '1.00' },
        { number: 'NIE-MA', price_netto: '1.00' },
      ],
    });
    expect(res.statusCode).toBe(422);
    expect(json<{ rows: { index: number; status: string }[] }>(res).rows).toEqual([expect.objectContaining({ index: 1, status: 'error' })]);
    expect((await itemsOf('HURT-20')).get(f.numbers.patch)).toBe(800);
    expect((await call(t.app, 'PUT', '/price-lists/HURT-20', all.secret, { mode: 'swap', rows: [] })).statusCode).toBe(422);
  });
});

describe('PUT /customers/{enova_kod}', () => {
  const body = {
    name: 'Elektro-Instal sp. z o.o.',
    tax_identification_nr: '779-10-11-327',
    payment_deadline_days: 21,
    enova_definicja_ceny: 'HURT-20',
    credit_limit: '50000.00',
    is_active: true,
    invoice_address: { name: 'Elektro-Instal', town: 'Poznań', street: 'Kablowa', home: '5', flat: '2', postcode: '60-101', post: 'Poznań' },
    delivery_addresses: [{ name: 'Magazyn', town: 'Gniezno', street: 'Polna', home: '1', postcode: '62-200' }],
  };

  it('creates (201) and then updates (200) by the Enova code, with addresses, credit limit and the change log', async () => {
    const created = await call(t.app, 'PUT', '/customers/ENV-100', all.secret, body);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = json<{ id: number }>(created);
    let [c] = await getDb().select().from(customers).where(eq(customers.id, id));
    expect(c).toMatchObject({ name: body.name, taxIdentificationNr: '7791011327', paymentDeadlineDays: 21, enovaKod: 'ENV-100', creditLimit: 5000000 });
    const [delivery] = await getDb()
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, id), eq(addresses.kind, 'delivery')));
    const updated = await call(t.app, 'PUT', '/customers/ENV-100', all.secret, {
      ...body,
      is_active: false,
      credit_limit: null,
      delivery_addresses: [
        { ...body.delivery_addresses[0], town: 'Września' },
        { name: 'Budowa', town: 'Leszno', postcode: '64-100' },
      ],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<{ id: number }>(updated).id).toBe(id);
    [c] = await getDb().select().from(customers).where(eq(customers.id, id));
    expect(c).toMatchObject({ isActive: false, creditLimit: null });
    const deliveries = await getDb()
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, id), eq(addresses.kind, 'delivery')))
      .orderBy(asc(addresses.position));
    expect(deliveries.map((d) => d.town)).toEqual(['Września', 'Leszno']);
    expect(deliveries[0].id).toBe(delivery.id);
    const logs = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'customer'), eq(changeInfos.entityId, String(id))));
    expect(logs.map((l) => [l.action, l.userEmail])).toEqual([
      ['create', 'API: Enova'],
      ['update', 'API: Enova'],
    ]);
  });

  it('refuses an invalid NIP and unknown fields (422)', async () => {
    expect((await call(t.app, 'PUT', '/customers/ENV-101', all.secret, { ...body, tax_identification_nr: '1234567890' })).statusCode).toBe(422);
    expect((await call(t.app, 'PUT', '/customers/ENV-101', all.secret, { ...body, id: 5 })).statusCode).toBe(422);
  });
});

describe('orders', () => {
  let placed: { id: number; number: string }[] = [];
  let buyerEmail = '';

  beforeAll(async () => {
    const buyer = await b2bUser(f.customers.a);
    buyerEmail = buyer.email;
    await getDb().update(customers).set({ enovaKod: 'ENV-A' }).where(eq(customers.id, f.customers.a));
    const client = await clientOf(t.app, buyer.email);
    for (let i = 0; i < 3; i++) {
      expect((await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 2 * (i + 1) })).statusCode).toBe(200);
      expect((await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup })).statusCode).toBe(200);
      const res = await send(client, 'POST', '/api/orders');
      expect(res.statusCode, res.body).toBe(200);
    }
    placed = await getDb().select({ id: orders.id, number: orders.number }).from(orders).orderBy(asc(orders.id));
  });

  it('lists an order only once it is 30 seconds old (a cursor never passes one still being placed)', async () => {
    expect(json<{ items: unknown[] }>(await call(t.app, 'GET', '/orders', all.secret)).items).toEqual([]);
    await getDb()
      .update(orders)
      .set({ createdAt: sql`${orders.createdAt} - interval '31 seconds'` });
  });

  it('pages oldest first with a cursor that stays valid when orders are added', async () => {
    const first = json<{ items: { number: string; customer_enova_kod: string; positions: unknown[]; gross: string }[]; next_cursor: string }>(
      await call(t.app, 'GET', '/orders?limit=2', all.secret),
    );
    expect(first.items.map((o) => o.number)).toEqual(placed.slice(0, 2).map((o) => o.number));
    expect(first.items[0]).toMatchObject({ customer_enova_kod: 'ENV-A' });
    expect(first.items[0].positions).toHaveLength(1);
    expect(first.items[0].gross).toMatch(/^\d+\.\d{2}$/);
    const second = json<{ items: { number: string }[]; next_cursor: string }>(
      await call(t.app, 'GET', `/orders?limit=2&after=${first.next_cursor}`, all.secret),
    );
    expect(second.items.map((o) => o.number)).toEqual([placed[2].number]);
    const end = json<{ items: unknown[]; next_cursor: string }>(await call(t.app, 'GET', `/orders?after=${second.next_cursor}`, all.secret));
    expect(end).toEqual({ items: [], next_cursor: second.next_cursor });
    expect((await call(t.app, 'GET', '/orders?after=garbage!', all.secret)).statusCode).toBe(422);
    expect((await call(t.app, 'GET', '/orders?limit=1000', all.secret)).statusCode).toBe(422);
  });

  it("changes a status through the order workflow: history marked as the ERP's, the buyer's mail, ERP number and waybill", async () => {
    const { id, number } = placed[0];
    const res = await call(t.app, 'POST', `/orders/${encodeURIComponent(number)}/status`, all.secret, {
      status: 'confirmed',
      erp_number: 'ZK/2026/555',
      comment: 'Przyjęte w Enova',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [o] = await getDb().select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: 'confirmed', erpNumber: 'ZK/2026/555', waybill: null });
    const history = await getDb()
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.workflow, 'order'), eq(statusHistory.entityId, String(id))));
    expect(history.at(-1)).toMatchObject({ toStatus: 'confirmed', actorId: null, actorLabel: 'ERP: Enova', comment: 'Przyjęte w Enova' });
    const mail = await latestMail(buyerEmail, 'shop.order-status');
    expect(mail).toBeDefined();
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'order'), eq(changeInfos.entityId, String(id))));
    expect(log.userEmail).toBe('API: Enova');
    // The rules of the workflow: confirmed cannot go back to new; an unknown order is 404.
    expect((await call(t.app, 'POST', `/orders/${encodeURIComponent(number)}/status`, all.secret, { status: 'new' })).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/orders/ZS%2F1999%2F1/status', all.secret, { status: 'confirmed' })).statusCode).toBe(404);
    // The buyer sees the ERP number.
    const buyer = await clientOf(t.app, buyerEmail);
    const mine = json<{ erp_number: string }>(await buyer.get(`/api/orders/${id}`));
    expect(mine.erp_number).toBe('ZK/2026/555');
  });
});

describe('POST /invoices (an FA(3) e-invoice from the ERP or KSeF)', () => {
  const SAMPLE = readFileSync(new URL('../../invoices/tests/fixtures/fa3-sample.xml', import.meta.url));
  const KSEF = withChecksum('5265877635-20260201-0100001AF629');

  it('imports the XML as sent for the customer of its buyer NIP, with its KSeF number, and answers {message, id}', async () => {
    await getDb().insert(customers).values({ name: 'Elektro-Instal API', taxIdentificationNr: '725-180-11-26', paymentDeadlineDays: 14 });
    const key = await makeKey(admin, ['invoices:write'], 'KSeF bridge');
    const res = await call(t.app, 'POST', '/invoices', key.secret, SAMPLE, { ...XML, 'x-ksef-number': KSEF, 'idempotency-key': 'fv-1' });
    expect(res.statusCode, res.body).toBe(200);
    const body = json<{ message: string; id: number }>(res);
    expect(body.message).toEqual(expect.any(String));
    const [row] = await getDb().select().from(invoices).where(eq(invoices.id, body.id));
    expect(row).toMatchObject({ number: 'FV/2026/02/0001', ksefNumber: KSEF, source: 'xml' });
    // The same request again (a connector's retry): the same answer, nothing imported twice.
    const again = await call(t.app, 'POST', '/invoices', key.secret, SAMPLE, { ...XML, 'x-ksef-number': KSEF, 'idempotency-key': 'fv-1' });
    expect(again.body).toBe(res.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await getDb().select().from(invoices).where(eq(invoices.number, 'FV/2026/02/0001'))).length).toBe(1);
  });

  it('refuses a wrong KSeF number, an unknown buyer NIP, an entity bomb and JSON, each saying why', async () => {
    const key = await makeKey(admin, ['invoices:write']);
    const badNumber = await call(t.app, 'POST', '/invoices', key.secret, SAMPLE, { ...XML, 'x-ksef-number': `${KSEF.slice(0, -2)}00` });
    expect(badNumber.statusCode).toBe(422);
    expect(Object.keys(json<{ errors: Record<string, string[]> }>(badNumber).errors)).toEqual(['ksef_number']);
    const stranger = Buffer.from(SAMPLE.toString('utf8').replace('<NIP>7251801126</NIP>', '<NIP>1132853869</NIP>'));
    const unknown = await call(t.app, 'POST', '/invoices', key.secret, stranger, XML);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.body).toContain('1132853869');
    const bomb = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><Faktura>&b;</Faktura>';
    expect((await call(t.app, 'POST', '/invoices', key.secret, bomb, XML)).statusCode).toBe(422);
    expect((await call(t.app, 'POST', '/invoices', key.secret, { xml: 'x' })).statusCode).toBe(415);
  });
});

describe("PUT /stock (the ERP's stock per number and warehouse)", () => {
  it('replaces the rows of known numbers and warehouses, reports the others per row, and the product API shows the stock', async () => {
    await getDb().insert(warehouses).values({ code: 'ERP1', namePl: 'Magazyn ERP', nameEn: 'ERP warehouse', sort: 1 });
    const key = await makeKey(admin, ['stock:write'], 'Stock feed');
    const [num] = await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.id, f.numbers.patch));
    const rows = [
      { number: num.number, warehouse: 'ERP1', quantity: 120, next_delivery_date: null, lead_time_days: null },
      { number: 'NIE-MA-TAKIEGO', warehouse: 'ERP1', quantity: 5 },
      { number: num.number, warehouse: 'NOPE', quantity: 5 },
    ];
    const res = await call(t.app, 'PUT', '/stock', key.secret, { rows });
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ rows: { index: number; status: string }[] }>(res).rows.map((r) => r.status)).toEqual(['updated', 'error', 'error']);
    const [stock] = await getDb().select().from(catalogNumberStock).where(eq(catalogNumberStock.catalogNumberId, num.id));
    expect(Number(stock.quantity)).toBe(120);
    const product = await t.app.inject({ method: 'GET', url: `/api/products/${num.productId}` });
    const numbers = JSON.parse(product.body).catalog_numbers as { id: number; stock: { quantity: number } }[];
    expect(numbers.find((n) => n.id === num.id)?.stock.quantity).toBe(120);
  });
});
