// Issue 40: the company routes (GET/PUT /api/company, PUT/DELETE /api/company/users/{id}) and the
// approval routes (GET /api/orders?status=awaiting_approval, POST /api/orders/{id}/approve|reject)
// under attack: a visitor 401, a user without B2B access 403, a wrong company role 403, no
// anti-forgery token 419 (nothing changed), malformed bodies 400, NUL 422, oversized fields 413/422,
// odd ids never 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import type { CompanyRole } from '~/features/accounts/accounts.schema';
import { customers, customerUsers } from '~/features/customers/customers.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { orders } from '~/features/shop/shop.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
let t: TestApp;
let f: ShopFixture;
type Member = { id: number; client: TestClient };
const a = {} as Record<CompanyRole, Member>;
let waiting: number;

async function member(customerId: number, role: CompanyRole): Promise<Member> {
  const u = await b2bUser(customerId);
  await getDb().update(customerUsers).set({ companyRole: role }).where(eq(customerUsers.userId, u.id));
  return { id: u.id, client: await clientOf(t.app, u.email) };
}

const roleOf = async (userId: number) =>
  (await getDb().select({ r: customerUsers.companyRole }).from(customerUsers).where(eq(customerUsers.userId, userId)))[0]?.r;
const statusOf = async (id: number) => (await getDb().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  for (const role of ['owner', 'buyer', 'requester', 'approver'] as const) a[role] = await member(f.customers.a, role);
  await send(a.requester.client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 1 });
  await send(a.requester.client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup });
  waiting = JSON.parse((await send(a.requester.client, 'POST', '/api/orders')).body).id;
  expect(await statusOf(waiting)).toBe('awaiting_approval');
});

afterAll(async () => {
  await t.close();
});

const routes = () =>
  [
    ['GET', '/api/company'],
    ['PUT', '/api/company'],
    ['PUT', `/api/company/users/${a.buyer.id}`],
    ['DELETE', `/api/company/users/${a.buyer.id}`],
    ['GET', '/api/orders?status=awaiting_approval'],
    ['POST', `/api/orders/${waiting}/approve`],
    ['POST', `/api/orders/${waiting}/reject`],
  ] as const;

describe('company and approval routes under attack', () => {
  it('answer a visitor 401 and a user without B2B access 403', async () => {
    for (const [method, url] of routes()) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
    const outsider = await clientOf(t.app, (await b2bUser(f.customers.a, { granted: false })).email);
    for (const [method, url] of routes()) {
      const r = await outsider.request({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(r.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await roleOf(a.buyer.id)).toBe('buyer');
    expect(await statusOf(waiting)).toBe('awaiting_approval');
  });

  it('answer a wrong company role 403', async () => {
    for (const role of ['buyer', 'requester', 'approver'] as const) {
      const c = a[role].client;
      expect((await send(c, 'PUT', '/api/company', { approval_limit: '1' })).statusCode).toBe(403);
      expect((await send(c, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'owner', approval_limit: '' })).statusCode).toBe(403);
      expect((await send(c, 'DELETE', `/api/company/users/${a.buyer.id}`)).statusCode).toBe(403);
    }
    for (const role of ['buyer', 'requester'] as const) {
      const c = a[role].client;
      expect((await c.get('/api/orders?status=awaiting_approval')).statusCode).toBe(403);
      expect((await send(c, 'POST', `/api/orders/${waiting}/approve`)).statusCode).toBe(403);
      expect((await send(c, 'POST', `/api/orders/${waiting}/reject`, { comment: 'x' })).statusCode).toBe(403);
    }
    expect(await roleOf(a.buyer.id)).toBe('buyer');
    expect(await statusOf(waiting)).toBe('awaiting_approval');
  });

  it('need the anti-forgery token on every write (419, nothing changed)', async () => {
    for (const [method, url] of routes()) {
      if (method === 'GET') continue;
      const r = await a.owner.client.request({ method, url, payload: { company_role: 'requester', approval_limit: '', comment: 'x' }, xsrf: false });
      expect(r.statusCode, `${method} ${url}`).toBe(419);
    }
    expect(await roleOf(a.buyer.id)).toBe('buyer');
    expect(await statusOf(waiting)).toBe('awaiting_approval');
  });

  it('refuse malformed bodies (400), NUL (422) and oversized fields (413/422)', async () => {
    for (const url of ['/api/company', `/api/company/users/${a.buyer.id}`]) {
      const bad = await a.owner.client.request({ method: 'PUT', url, payload: '{"company_role": "buyer",', headers: { 'content-type': 'application/json' } });
      expect(bad.statusCode, url).toBe(400);
    }
    const badReject = await a.approver.client.request({
      method: 'POST',
      url: `/api/orders/${waiting}/reject`,
      payload: '--x\r\nContent-Disposition: form-data; name="comment"\r\n\r\nno',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(badReject.statusCode).toBe(400);
    expect((await send(a.owner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: `buyer${NUL}`, approval_limit: '' })).statusCode).toBe(422);
    expect((await send(a.owner.client, 'PUT', '/api/company', { approval_limit: `1${NUL}` })).statusCode).toBe(422);
    expect((await send(a.approver.client, 'POST', `/api/orders/${waiting}/reject`, { comment: `nie${NUL}` })).statusCode).toBe(422);
    expect([413, 422]).toContain((await send(a.approver.client, 'POST', `/api/orders/${waiting}/reject`, { comment: 'x'.repeat(2001) })).statusCode);
    expect([413, 422]).toContain((await send(a.owner.client, 'PUT', '/api/company', { approval_limit: '1'.repeat(5000) })).statusCode);
    expect([413, 422]).toContain(
      (await send(a.owner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'b'.repeat(5000), approval_limit: '' })).statusCode,
    );
    // Amounts that are not money, negative or beyond an integer column.
    for (const v of ['abc', '-5', '99999999999', '1e9']) {
      expect((await send(a.owner.client, 'PUT', '/api/company', { approval_limit: v })).statusCode, v).toBe(422);
    }
    expect(await roleOf(a.buyer.id)).toBe('buyer');
    expect(await statusOf(waiting)).toBe('awaiting_approval');
    const [c] = await getDb().select().from(customers).where(eq(customers.id, f.customers.a));
    expect(c.approvalLimit).toBeNull();
  });

  it('answer odd ids with 4xx, never 500', async () => {
    for (const id of ['abc', '-1', '0', '99999999999', '1.5', encodeURIComponent(NUL)]) {
      for (const [method, url] of [
        ['PUT', `/api/company/users/${id}`],
        ['DELETE', `/api/company/users/${id}`],
        ['POST', `/api/orders/${id}/approve`],
        ['POST', `/api/orders/${id}/reject`],
      ] as const) {
        const r = await a.owner.client.request({ method, url, payload: { company_role: 'buyer', approval_limit: '', comment: 'x' } });
        expect(r.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(r.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });
});
