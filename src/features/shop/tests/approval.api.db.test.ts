// Approval of orders (issue 40) over HTTP: a requester's order and one above the buyer's limit wait
// (awaiting_approval: no webhook, no mail to sales, approvers mailed); the queue is for approvers and
// owners of the customer; nobody approves their own order; another customer's approver sees
// nothing; parallel approvals place the order exactly once; a rejection mails the buyer its comment.
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { statusHistory } from '~/core/workflow/workflow.schema';
import type { CompanyRole } from '~/features/accounts/accounts.schema';
import { customers, customerUsers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { orders } from '../shop.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from './fixtures';

let t: TestApp;
let f: ShopFixture;
type Member = { id: number; email: string; client: TestClient };
const a = {} as Record<CompanyRole, Member>;
let approver2: Member;
let bApprover: Member;

async function member(customerId: number, role: CompanyRole): Promise<Member> {
  const u = await b2bUser(customerId);
  await getDb().update(customerUsers).set({ companyRole: role }).where(eq(customerUsers.userId, u.id));
  return { id: u.id, email: u.email, client: await clientOf(t.app, u.email) };
}

const json = (r: { body: string }) => JSON.parse(r.body);

/** Puts `quantity` patchcords (9,99 zł net each) in the cart and places it. */
async function place(m: Member, quantity = 1) {
  expect((await send(m.client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity })).statusCode).toBe(200);
  expect((await send(m.client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup })).statusCode).toBe(200);
  const r = await send(m.client, 'POST', '/api/orders');
  expect(r.statusCode).toBe(200);
  return json(r) as { message: string; id: number; number: string; status: string };
}

const salesMails = async (number: string) =>
  (
    await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'shop.order-sales'), like(mailOutbox.subject, `%${number}%`)))
  ).length;
const mailsTo = async (email: string, kind: string) =>
  getDb()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, kind)));
const statusOf = async (id: number) => (await getDb().select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  for (const role of ['owner', 'buyer', 'requester', 'approver'] as const) a[role] = await member(f.customers.a, role);
  approver2 = await member(f.customers.a, 'approver');
  bApprover = await member(f.customers.b, 'approver');
});

beforeEach(async () => {
  await getDb().update(customers).set({ approvalLimit: null, approvalLimitMax: null });
  await getDb().update(customerUsers).set({ approvalLimit: null });
});

afterAll(async () => {
  await t.close();
});

describe('placing', () => {
  it('makes every order of a requester wait: nothing to sales, approvers mailed', async () => {
    const placed = await place(a.requester);
    expect(placed.status).toBe('awaiting_approval');
    expect(placed.message).toMatch(/czeka na zatwierdzenie/);
    expect(await statusOf(placed.id)).toBe('awaiting_approval');
    expect(await salesMails(placed.number)).toBe(0);
    expect(await mailsTo(a.requester.email, 'shop.order-placed')).toHaveLength(0);
    for (const m of [a.approver, approver2, a.owner]) expect((await mailsTo(m.email, 'shop.order-approval')).length).toBeGreaterThan(0);
    expect(await mailsTo(a.buyer.email, 'shop.order-approval')).toHaveLength(0);
    expect(await mailsTo(bApprover.email, 'shop.order-approval')).toHaveLength(0);
  });

  it('places a buyer’s order within the limit and makes one above it wait', async () => {
    await getDb().update(customers).set({ approvalLimit: 5_000 }).where(eq(customers.id, f.customers.a));
    const small = await place(a.buyer, 1);
    expect(small.status).toBe('new');
    expect(await salesMails(small.number)).toBe(1);
    const big = await place(a.buyer, 10);
    expect(big.status).toBe('awaiting_approval');
    expect(await salesMails(big.number)).toBe(0);
    // The buyer's own limit, lower than the customer's, applies.
    await getDb().update(customerUsers).set({ approvalLimit: 500 }).where(eq(customerUsers.userId, a.buyer.id));
    expect((await place(a.buyer, 1)).status).toBe('awaiting_approval');
  });

  it('places every order of a company without limits at once (as before)', async () => {
    expect((await place(a.buyer, 50)).status).toBe('new');
  });
});

describe('the queue', () => {
  it('is for approvers and owners of the customer only', async () => {
    const placed = await place(a.requester);
    for (const m of [a.approver, a.owner]) {
      const r = await m.client.get('/api/orders?status=awaiting_approval');
      expect(r.statusCode).toBe(200);
      const items = json(r).items as { id: number; status: string; placed_by: string }[];
      expect(items.map((i) => i.id)).toContain(placed.id);
      expect(items.every((i) => i.status === 'awaiting_approval')).toBe(true);
      expect(items.find((i) => i.id === placed.id)?.placed_by).toBe(a.requester.email);
    }
    for (const m of [a.buyer, a.requester]) expect((await m.client.get('/api/orders?status=awaiting_approval')).statusCode).toBe(403);
    const other = json(await bApprover.client.get('/api/orders?status=awaiting_approval'));
    expect(other.items).toEqual([]);
    expect((await a.owner.client.get('/api/orders?status=bogus')).statusCode).toBe(422);
    // The requester sees their waiting order in the customer's list.
    expect(json(await a.requester.client.get('/api/orders')).items.map((i: { id: number }) => i.id)).toContain(placed.id);
  });
});

describe('approving and rejecting', () => {
  it('lets nobody decide on their own order, nor buyers, requesters or another customer', async () => {
    await getDb().update(customers).set({ approvalLimit: 100 }).where(eq(customers.id, f.customers.a));
    const own = await place(a.approver, 1);
    expect(own.status).toBe('awaiting_approval');
    const self = await send(a.approver.client, 'POST', `/api/orders/${own.id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(json(self).message).toMatch(/własnego/);
    expect((await send(a.approver.client, 'POST', `/api/orders/${own.id}/reject`, { comment: 'nie' })).statusCode).toBe(403);
    const ownerOwn = await place(a.owner, 1);
    expect((await send(a.owner.client, 'POST', `/api/orders/${ownerOwn.id}/approve`)).statusCode).toBe(403);
    for (const m of [a.buyer, a.requester]) expect((await send(m.client, 'POST', `/api/orders/${own.id}/approve`)).statusCode).toBe(403);
    expect((await send(bApprover.client, 'POST', `/api/orders/${own.id}/approve`)).statusCode).toBe(404);
    expect((await send(bApprover.client, 'POST', `/api/orders/${own.id}/reject`, { comment: 'x' })).statusCode).toBe(404);
    expect(await statusOf(own.id)).toBe('awaiting_approval');
    // Another approver may: the order is placed now, its mails sent once.
    const ok = await send(approver2.client, 'POST', `/api/orders/${own.id}/approve`);
    expect(ok.statusCode).toBe(200);
    expect(await statusOf(own.id)).toBe('new');
    expect(await salesMails(own.number)).toBe(1);
    expect((await send(a.owner.client, 'POST', `/api/orders/${own.id}/approve`)).statusCode).toBe(409);
    expect(await salesMails(own.number)).toBe(1);
  });

  it('places the order exactly once when approvers approve at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const placed = await place(a.requester);
      const answers = await Promise.all(
        [a.approver, approver2, a.owner, a.approver, approver2, a.owner].map((m) => send(m.client, 'POST', `/api/orders/${placed.id}/approve`)),
      );
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await statusOf(placed.id)).toBe('new');
      expect(await salesMails(placed.number)).toBe(1);
      const moves = await getDb()
        .select()
        .from(statusHistory)
        .where(and(eq(statusHistory.workflow, 'order'), eq(statusHistory.entityId, String(placed.id))));
      expect(moves.map((m) => `${m.fromStatus}->${m.toStatus}`)).toEqual(['awaiting_approval->new']);
    }
  });

  it('rejects with a comment mailed to the buyer; the order is never placed', async () => {
    const placed = await place(a.requester);
    const missing = await send(a.approver.client, 'POST', `/api/orders/${placed.id}/reject`, { comment: '  ' });
    expect(missing.statusCode).toBe(422);
    expect(json(missing).errors.comment).toBeDefined();
    const r = await send(a.approver.client, 'POST', `/api/orders/${placed.id}/reject`, { comment: 'Za drogo, weź tańszy kabel' });
    expect(r.statusCode).toBe(200);
    expect(await statusOf(placed.id)).toBe('rejected');
    const mails = await mailsTo(a.requester.email, 'shop.order-status');
    expect(mails.some((m) => m.text.includes('Za drogo, weź tańszy kabel') && m.subject.includes(placed.number))).toBe(true);
    expect((await send(approver2.client, 'POST', `/api/orders/${placed.id}/approve`)).statusCode).toBe(409);
    expect(await salesMails(placed.number)).toBe(0);
  });
});
