import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { forgetRequestUser, getRequestUser } from '~/core/permissions/current-user.server';
import { attachSession, saveSession } from '~/core/session/session.server';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { b2bCustomerOf } from '~/features/customers/b2b-access.server';
import { customers, customerUsers } from '~/features/customers/customers.schema';
import { rolePermissions, roles, users } from '../accounts.schema';
import { loadAccountUser } from '../current-user.server';
import { createUser } from './helpers';

// A logged-in request reads its session and its user in one statement (accountUserJoin, wired by
// src/server.server.ts): the user comes from the session's read, and a user read again within the
// request (after a change) is read anew.

let t: TestApp;
const ROLE_ID = 9301;

beforeAll(async () => {
  t = await createTestApp();
  await getDb().insert(roles).values({ id: ROLE_ID, key: 'joined-read-editor', namePl: 'Redaktor', nameEn: 'Editor' });
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: ROLE_ID, permissionKey: 'admin.access' },
      { roleId: ROLE_ID, permissionKey: 'posts.update' },
    ]);
});

afterAll(async () => {
  await t.close();
});

/** A request as the session hook leaves it, for a session cookie. */
function requestWithSession(sid: string): FastifyRequest {
  const request = { cookies: { sid } } as unknown as FastifyRequest;
  attachSession(request);
  return request;
}

let sidCounter = 0;
async function sessionOf(userId: number | null, data: Record<string, unknown> = {}): Promise<string> {
  const sid = `joined${String(++sidCounter).padStart(37, '0')}`;
  await saveSession(sid, { userId, data });
  return sid;
}

describe('the current user read with the session', () => {
  it('is the user the separate read gives: roles and permissions included', async () => {
    const u = await createUser({ roleIds: [ROLE_ID] });
    const request = requestWithSession(await sessionOf(u.id));
    const joined = await getRequestUser(request);
    const separate = await loadAccountUser(u.id);
    expect(joined).toEqual(separate);
    expect(joined).toMatchObject({ id: u.id, email: u.email, roleIds: [ROLE_ID], isActive: true, isVerified: true });
    expect(joined?.can.admin.access).toBe(true);
    expect(joined?.can.posts.update).toBe(true);
    expect(joined?.can.products.update).toBe(false);
  });

  it('a user without roles has no permissions', async () => {
    const u = await createUser({ state: 'inactive' });
    const user = await getRequestUser(requestWithSession(await sessionOf(u.id)));
    expect(user).toMatchObject({ id: u.id, roleIds: [], isActive: false });
    expect(user?.can.admin.access).toBe(false);
  });

  it('comes from the session statement, and is read anew once forgotten after a change', async () => {
    const u = await createUser();
    const request = requestWithSession(await sessionOf(u.id));
    await request.session();
    // Changed after the session was read: the first answer is the session statement's.
    await getDb().update(users).set({ firstName: 'Zmieniony' }).where(eq(users.id, u.id));
    expect((await getRequestUser(request))?.firstName).toBe('Jan');
    forgetRequestUser(request);
    expect((await getRequestUser(request))?.firstName).toBe('Zmieniony');
  });

  it('a session without a user keeps its data and has no user', async () => {
    const request = requestWithSession(await sessionOf(null, { locale: 'en' }));
    expect(await getRequestUser(request)).toBeNull();
    expect((await request.session()).data).toEqual({ locale: 'en' });
  });

  it('a session of a user deleted since has no user', async () => {
    const u = await createUser();
    const sid = await sessionOf(u.id);
    await getDb().delete(users).where(eq(users.id, u.id));
    expect(await getRequestUser(requestWithSession(sid))).toBeNull();
  });
});

describe('the customer a user buys for, read with the user', () => {
  async function customer(isActive = true) {
    const [c] = await getDb()
      .insert(customers)
      .values({ name: `Instalator ${Math.random().toString(36).slice(2, 8)}`, taxIdentificationNr: '7791011327', paymentDeadlineDays: 14, isActive })
      .returning();
    return c.id;
  }

  it('is the active customer of the link, null without one or when the customer is inactive; the same in both reads', async () => {
    const linked = await createUser({ roleIds: [ROLE_ID] });
    const active = await customer();
    await getDb().insert(customerUsers).values({ userId: linked.id, customerId: active });
    const unlinked = await createUser();
    const dormant = await createUser();
    await getDb()
      .insert(customerUsers)
      .values({ userId: dormant.id, customerId: await customer(false) });

    const joined = await getRequestUser(requestWithSession(await sessionOf(linked.id)));
    // One row per permission of the role: the customer is the same on each.
    expect(joined?.activeCustomerId).toBe(active);
    expect(await loadAccountUser(linked.id)).toEqual(joined);
    expect((await getRequestUser(requestWithSession(await sessionOf(unlinked.id))))?.activeCustomerId).toBeNull();
    expect((await getRequestUser(requestWithSession(await sessionOf(dormant.id))))?.activeCustomerId).toBeNull();
  });

  it('b2bCustomerOf takes it from the user, and reads anew within a transaction', async () => {
    const u = await createUser();
    await getDb().update(users).set({ b2bGrantedAt: new Date() }).where(eq(users.id, u.id));
    const own = await customer();
    await getDb().insert(customerUsers).values({ userId: u.id, customerId: own });
    const user = await loadAccountUser(u.id);
    expect(await b2bCustomerOf(user)).toEqual({ userId: u.id, customerId: own });
    // A user whose read says otherwise: that read is what counts outside a transaction...
    const stale = { ...(user as NonNullable<typeof user>), activeCustomerId: null };
    expect(await b2bCustomerOf(stale)).toBeNull();
    // ...and a transaction (placing an order) reads the link itself.
    expect(await getDb().transaction((tx) => b2bCustomerOf(stale, tx))).toEqual({ userId: u.id, customerId: own });
  });
});
