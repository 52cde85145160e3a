// The company API (issue 40) over HTTP, every role × every action: GET /api/company for all of a
// customer (only its own colleagues), the owner's changes of roles, limits and colleagues, the last
// owner kept, another customer's users out of reach; the admin sets the company role with the link.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import type { CompanyRole } from '~/features/accounts/accounts.schema';
import { adminUser, b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { customers, customerUsers } from './customers.schema';

let t: TestApp;
let f: ShopFixture;
type Member = { id: number; email: string; client: TestClient };
const a = {} as Record<CompanyRole, Member>;
let bOwner: Member;
let bBuyer: Member;
let admin: TestClient;

async function member(customerId: number, role: CompanyRole): Promise<Member> {
  const u = await b2bUser(customerId);
  await getDb().update(customerUsers).set({ companyRole: role }).where(eq(customerUsers.userId, u.id));
  return { id: u.id, email: u.email, client: await clientOf(t.app, u.email) };
}

const json = (r: { body: string }) => JSON.parse(r.body);
const roleOf = async (userId: number) =>
  (await getDb().select({ r: customerUsers.companyRole }).from(customerUsers).where(eq(customerUsers.userId, userId)))[0]?.r ?? null;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  for (const role of ['owner', 'buyer', 'requester', 'approver'] as const) a[role] = await member(f.customers.a, role);
  bOwner = await member(f.customers.b, 'owner');
  bBuyer = await member(f.customers.b, 'buyer');
  admin = await clientOf(t.app, (await adminUser()).email);
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/company', () => {
  it('shows every user of a customer its own colleagues only, with roles and limits', async () => {
    for (const role of ['owner', 'buyer', 'requester', 'approver'] as const) {
      const r = await a[role].client.get('/api/company');
      expect(r.statusCode).toBe(200);
      const body = json(r);
      expect(body.customer.id).toBe(f.customers.a);
      expect(body.colleagues.map((c: { id: number }) => c.id).sort()).toEqual(
        Object.values(a)
          .map((m) => m.id)
          .sort(),
      );
      expect(body.colleagues[0]).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          email: expect.any(String),
          name: expect.any(String),
          company_role: expect.any(String),
          approval_limit: null,
        }),
      );
      expect(body.me).toEqual({ id: a[role].id, company_role: role, can_manage: role === 'owner', can_approve: role === 'owner' || role === 'approver' });
    }
    const other = json(await bOwner.client.get('/api/company'));
    expect(other.colleagues.map((c: { id: number }) => c.id).sort()).toEqual([bOwner.id, bBuyer.id].sort());
  });

  it('is 401 for a guest and 403 without a customer', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/company' })).statusCode).toBe(401);
    const loner = await b2bUser(null);
    expect((await (await clientOf(t.app, loner.email)).get('/api/company')).statusCode).toBe(403);
  });
});

describe('PUT /api/company/users/{id}', () => {
  it('lets only the owner change a colleague’s role and limit', async () => {
    for (const role of ['buyer', 'requester', 'approver'] as const) {
      const r = await send(a[role].client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'approver', approval_limit: '' });
      expect(r.statusCode).toBe(403);
    }
    expect(await roleOf(a.buyer.id)).toBe('buyer');
    const ok = await send(a.owner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'buyer', approval_limit: '1 500,00' });
    expect(ok.statusCode).toBe(200);
    const [row] = await getDb().select().from(customerUsers).where(eq(customerUsers.userId, a.buyer.id));
    expect(row).toEqual(expect.objectContaining({ companyRole: 'buyer', approvalLimit: 150_000 }));
    const listed = json(await a.buyer.client.get('/api/company')).colleagues.find((c: { id: number }) => c.id === a.buyer.id);
    expect(listed.approval_limit).toBe('1500.00');
  });

  it('keeps another customer’s users out of reach (404), both ways', async () => {
    expect((await send(a.owner.client, 'PUT', `/api/company/users/${bBuyer.id}`, { company_role: 'requester', approval_limit: '' })).statusCode).toBe(404);
    expect((await send(bOwner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'requester', approval_limit: '' })).statusCode).toBe(404);
    expect((await send(bOwner.client, 'DELETE', `/api/company/users/${a.requester.id}`)).statusCode).toBe(404);
    expect(await roleOf(bBuyer.id)).toBe('buyer');
    expect(await roleOf(a.requester.id)).toBe('requester');
  });

  it('refuses a role that does not exist and a limit above the administrator’s maximum (422)', async () => {
    const bad = await send(a.owner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'admin', approval_limit: '' });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.company_role).toBeDefined();
    await getDb().update(customers).set({ approvalLimitMax: 100_000 }).where(eq(customers.id, f.customers.a));
    const over = await send(a.owner.client, 'PUT', `/api/company/users/${a.buyer.id}`, { company_role: 'buyer', approval_limit: '1000,01' });
    expect(over.statusCode).toBe(422);
    expect(json(over).errors.approval_limit).toBeDefined();
    const overCustomer = await send(a.owner.client, 'PUT', '/api/company', { approval_limit: '2000' });
    expect(overCustomer.statusCode).toBe(422);
    expect((await send(a.owner.client, 'PUT', '/api/company', { approval_limit: '800' })).statusCode).toBe(200);
    expect((await send(a.buyer.client, 'PUT', '/api/company', { approval_limit: '10' })).statusCode).toBe(403);
    const [c] = await getDb().select().from(customers).where(eq(customers.id, f.customers.a));
    expect(c.approvalLimit).toBe(80_000);
    await getDb().update(customers).set({ approvalLimitMax: null, approvalLimit: null }).where(eq(customers.id, f.customers.a));
  });

  it('keeps the last owner: no demotion or removal of oneself (409)', async () => {
    const demote = await send(a.owner.client, 'PUT', `/api/company/users/${a.owner.id}`, { company_role: 'buyer', approval_limit: '' });
    expect(demote.statusCode).toBe(409);
    expect((await send(a.owner.client, 'DELETE', `/api/company/users/${a.owner.id}`)).statusCode).toBe(409);
    expect(await roleOf(a.owner.id)).toBe('owner');
  });
});

describe('DELETE /api/company/users/{id}', () => {
  it('lets only the owner remove a colleague, who then has no company', async () => {
    const extra = await member(f.customers.a, 'buyer');
    for (const role of ['buyer', 'requester', 'approver'] as const) {
      expect((await send(a[role].client, 'DELETE', `/api/company/users/${extra.id}`)).statusCode).toBe(403);
    }
    expect((await send(a.owner.client, 'DELETE', `/api/company/users/${extra.id}`)).statusCode).toBe(200);
    expect(await roleOf(extra.id)).toBeNull();
    expect((await extra.client.get('/api/company')).statusCode).toBe(403);
    expect((await send(a.owner.client, 'DELETE', `/api/company/users/${extra.id}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/users/{id}/customer', () => {
  it('links with a company role (buyer when none is given) and shows it', async () => {
    const u = await b2bUser(null);
    const r = await send(admin, 'PUT', `/api/admin/users/${u.id}/customer`, { customer_id: String(f.customers.b), company_role: 'owner' });
    expect(r.statusCode).toBe(200);
    expect(await roleOf(u.id)).toBe('owner');
    expect(json(await admin.get(`/api/admin/users/${u.id}`)).customer).toEqual(expect.objectContaining({ id: f.customers.b, company_role: 'owner' }));
    expect((await send(admin, 'PUT', `/api/admin/users/${u.id}/customer`, { customer_id: String(f.customers.b), company_role: 'approver' })).statusCode).toBe(
      200,
    );
    expect(await roleOf(u.id)).toBe('approver');
    const bad = await send(admin, 'PUT', `/api/admin/users/${u.id}/customer`, { customer_id: String(f.customers.b), company_role: 'boss' });
    expect(bad.statusCode).toBe(422);
    const v = await b2bUser(null);
    expect((await send(admin, 'PUT', `/api/admin/users/${v.id}/customer`, { customer_id: String(f.customers.a) })).statusCode).toBe(200);
    expect(await roleOf(v.id)).toBe('buyer');
    const rows = await getDb()
      .select()
      .from(customerUsers)
      .where(and(eq(customerUsers.customerId, f.customers.a), eq(customerUsers.userId, v.id)));
    expect(rows).toHaveLength(1);
  });
});
