// Every admin API, found by listing the routes the app registers (so a new one is covered the day
// it is added): a visitor gets 401, a logged-in user without an admin role 403, and a state-changing
// call of an administrator without the anti-forgery token 419.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { concreteUrl, type ListedRoute, routeLister } from '~tests/helpers/route-list';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

type AdminRoute = ListedRoute;

const { plugin: listAdminRoutes, routes } = routeLister((r) => r.url.startsWith('/api/admin'));
const concrete = (url: string) => concreteUrl(url);

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let admin: TestClient;
let customer: TestClient;
beforeAll(async () => {
  t = await createTestApp({ plugins: [listAdminRoutes] });
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  // Role 2: a customer (installer) role without admin access; and a user with no role at all.
  customer = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
});
afterAll(async () => {
  await t?.close();
});

const label = (r: AdminRoute) => `${r.method} ${r.url}`;

describe('admin APIs: unauthenticated, wrong role, missing token', () => {
  it('finds the admin routes', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.map(label)).toContain('POST /api/admin/products-import');
  });

  it('a visitor gets 401 from every one', async () => {
    const visitor = new TestClient(t.app);
    const wrong: string[] = [];
    for (const r of routes) {
      const res = await visitor.request({ method: r.method as 'GET', url: concrete(r.url) });
      if (res.statusCode !== 401) wrong.push(`${label(r)} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a logged-in user without an admin role gets 403 from every one', async () => {
    const nobody = await loggedIn(t.app, (await createUser()).email);
    const wrong: string[] = [];
    for (const client of [customer, nobody]) {
      for (const r of routes) {
        const res = await client.request({ method: r.method as 'GET', url: concrete(r.url) });
        if (res.statusCode !== 403) wrong.push(`${label(r)} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('an administrator without the X-XSRF-TOKEN header gets 419 from every state-changing one', async () => {
    const wrong: string[] = [];
    const unsafe = routes.filter((r) => UNSAFE.has(r.method));
    expect(unsafe.length).toBeGreaterThan(20);
    for (const r of unsafe) {
      const res = await admin.request({ method: r.method as 'POST', url: concrete(r.url), xsrf: false });
      if (res.statusCode !== 419) wrong.push(`${label(r)} -> ${res.statusCode}`);
      // A forged token is no better.
      const forged = await admin.request({ method: r.method as 'POST', url: concrete(r.url), xsrf: false, headers: { 'x-xsrf-token': 'forged' } });
      if (forged.statusCode !== 419) wrong.push(`${label(r)} (forged) -> ${forged.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
