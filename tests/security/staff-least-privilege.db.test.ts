// Least privilege for staff (issue 37): a news editor, a trainer and a users-only admin, each made as a
// role of admin access plus their areas, can reach every admin API of their own areas and no other
// (every /api/admin route, listed from the app itself, so a new route is covered the day it is added).
// Then the escalation holes: a users-only admin cannot make anyone (themselves included) an
// Administrator, cannot act on a user who holds more than they do, and the last active Administrator
// keeps the role, also when two administrators demote each other at the same moment.
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { ALL_PERMISSION_KEYS, type PermissionArea } from '~/core/permissions/permissions';
import { rolePermissions, roles, userRoles, users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { concreteUrl, type ListedRoute, routeLister } from '~tests/helpers/route-list';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

type AdminRoute = ListedRoute;
const { plugin: listAdminRoutes, routes } = routeLister((r) => r.url.startsWith('/api/admin'));

/**
 * The permission group of each admin API, by its first path segment (null: service's reads, open to
 * admin access alone). A route whose segment is missing here fails the first test: add it.
 */
const GROUP_OF_SEGMENT: Record<string, PermissionArea | null> = {
  applications: 'applications',
  attributes: 'products',
  'calculator-purchases': 'calculator_purchases',
  categories: 'categories',
  'change-infos': 'change_infos',
  complaints: 'complaints',
  'contact-messages': 'contact_messages',
  'course-registrations': 'course_registrations',
  courses: 'courses',
  customers: 'customers',
  'customers-from-gus-bir': 'customers',
  'home-sections': 'static_sites',
  integrations: 'integrations',
  invoices: 'invoices',
  newsletter: 'newsletter',
  orders: 'orders',
  permissions: 'roles',
  posts: 'posts',
  'price-lists': 'price_lists',
  'product-images': 'products',
  products: 'products',
  'products-export': 'products',
  'products-import': 'products',
  realizations: 'posts',
  roles: 'roles',
  service: 'service',
  'static-sites': 'static_sites',
  'tester-rentals': 'tester_rentals',
  'tester-rentals-occupancy': 'tester_rentals',
  'tester-settings': 'testers',
  testers: 'testers',
  'testers-images': 'testers',
  'training-certificates': 'trainings',
  'training-comments': 'trainings',
  'training-options': 'trainings',
  'training-questionnaires': 'trainings',
  'training-questionnaires.xlsx': 'trainings',
  trainings: 'trainings',
  'trainings-users': 'trainings',
  'transport-types': 'transport_types',
  users: 'users',
  videos: 'posts',
  warehouses: 'products',
};

/** The group a route belongs to: the role picker's options are the users screen's. */
function groupOf(r: AdminRoute): PermissionArea | null | undefined {
  if (r.url === '/api/admin/roles/options') return 'users';
  const segment = r.url.split('/')[3] ?? '';
  return GROUP_OF_SEGMENT[segment];
}

/** Service's reads need admin access alone; its mail bodies, unused files and every change service.update. */
const SERVICE_UPDATE_READS = new Set(['/api/admin/service/mails/:id', '/api/admin/service/unused-files']);
function needsGroup(r: AdminRoute): PermissionArea | null {
  const group = groupOf(r) as PermissionArea;
  if (group !== 'service') return group;
  return r.method === 'GET' && !SERVICE_UPDATE_READS.has(r.url) ? null : 'service';
}

const STAFF = {
  newsEditor: ['posts'],
  trainer: ['trainings', 'courses', 'course_registrations'],
  usersAdmin: ['users'],
} as const satisfies Record<string, PermissionArea[]>;
type Staff = keyof typeof STAFF;

let t: TestApp;
let plainUserId: number;
const staff = {} as Record<Staff, { client: TestClient; id: number; roleId: number }>;

/** A role of admin access plus the update permission of each group (what the roles editor makes). */
async function makeRole(id: number, key: string, groups: readonly string[]) {
  await getDb().insert(roles).values({ id, key, namePl: key, nameEn: key, position: id });
  await getDb()
    .insert(rolePermissions)
    .values(['admin.access', ...groups.map((g) => `${g}.update`)].map((permissionKey) => ({ roleId: id, permissionKey })));
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ plugins: [listAdminRoutes] });
  await createUser({ roleIds: [1] });
  plainUserId = (await createUser({ roleIds: [2] })).id;
  let roleId = 40;
  for (const who of Object.keys(STAFF) as Staff[]) {
    const id = await makeRole(roleId++, `staff-${who}`, STAFF[who]);
    const u = await createUser({ roleIds: [id] });
    staff[who] = { client: await loggedIn(t.app, u.email), id: u.id, roleId: id };
  }
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL: users' routes act on a plain user (acting on an administrator is refused, see below). */
const concrete = (url: string) => concreteUrl(url, { action: 'sweep-expired', ...(url.startsWith('/api/admin/users/') ? { id: String(plainUserId) } : {}) });

/** Deleting a user is tried on a user of its own, so the plain user stays for the other routes. */
async function concreteFor(r: AdminRoute): Promise<string> {
  if (r.method === 'DELETE' && r.url === '/api/admin/users/:id') return `/api/admin/users/${(await createUser({ roleIds: [2] })).id}`;
  return concrete(r.url);
}

const label = (r: AdminRoute) => `${r.method} ${r.url}`;

describe('staff reach their own areas and nothing beyond', () => {
  it('every admin route belongs to a known area', () => {
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((r) => groupOf(r) === undefined).map(label)).toEqual([]);
  });

  for (const who of Object.keys(STAFF) as Staff[]) {
    it(`${who}: 403 outside ${STAFF[who].join(', ')}; inside, never 401, 403 or 500`, async () => {
      const own = new Set<string>(STAFF[who]);
      const wrong: string[] = [];
      let inside = 0;
      for (const r of routes) {
        const group = needsGroup(r);
        const res = await staff[who].client.request({ method: r.method as 'GET', url: await concreteFor(r) });
        const allowed = group === null || own.has(group);
        if (allowed) inside++;
        if (allowed ? [401, 403, 500].includes(res.statusCode) : res.statusCode !== 403) {
          wrong.push(`${label(r)} -> ${res.statusCode}`);
        }
      }
      expect(wrong).toEqual([]);
      expect(inside).toBeGreaterThan(3);
    });
  }
});

describe('no escalation through the users area', () => {
  const setRoles = (client: TestClient, userId: number, roleIds: number[]) =>
    client.request({ method: 'PUT', url: `/api/admin/users/${userId}/roles`, payload: { role_ids: roleIds.map(String) } });
  const rolesOf = async (userId: number) =>
    (await getDb().select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId).sort();

  it('a users-only admin cannot make themselves or anyone an Administrator, nor give a role beyond their own', async () => {
    const { client, id, roleId } = staff.usersAdmin;
    for (const [target, roleIds] of [
      [id, [roleId, 1]],
      [plainUserId, [1]],
      [plainUserId, [staff.newsEditor.roleId]],
    ] as const) {
      const before = await rolesOf(target);
      const res = await setRoles(client, target, [...roleIds]);
      expect(res.statusCode, `${target} <- ${roleIds}`).toBe(403);
      expect(res.json().message).toMatch(/uprawnie/);
      expect(await rolesOf(target)).toEqual(before);
    }
    // Within their own permissions it works: the installer role has no permission.
    expect((await setRoles(client, plainUserId, [2, 3])).statusCode).toBe(200);
    expect(await rolesOf(plainUserId)).toEqual([2, 3]);
  });

  it('a users-only admin cannot deactivate, reset, edit, verify, relink, re-role or delete a user who holds more', async () => {
    const { client } = staff.usersAdmin;
    const target = staff.newsEditor.id;
    const attempts = [
      { method: 'POST', url: `/api/admin/users/${target}/deactivate` },
      { method: 'POST', url: `/api/admin/users/${target}/password-reset` },
      { method: 'POST', url: `/api/admin/users/${target}/verify-email` },
      { method: 'POST', url: `/api/admin/users/${target}/b2b-access` },
      { method: 'DELETE', url: `/api/admin/users/${target}/b2b-access` },
      { method: 'PUT', url: `/api/admin/users/${target}/customer`, payload: { customer_id: '' } },
      { method: 'PUT', url: `/api/admin/users/${target}`, payload: { first_name: 'X', surname: 'Y', version: '1' } },
      { method: 'PUT', url: `/api/admin/users/${target}/roles`, payload: { role_ids: ['2'] } },
      { method: 'DELETE', url: `/api/admin/users/${target}` },
    ] as const;
    for (const a of attempts) {
      const res = await client.request({ method: a.method, url: a.url, payload: 'payload' in a ? a.payload : undefined });
      expect(res.statusCode, `${a.method} ${a.url}`).toBe(403);
      expect(res.json().message).toContain('Aktualności');
    }
    const [u] = await getDb().select().from(users).where(eq(users.id, target));
    expect(u.isActive).toBe(true);
    expect(await rolesOf(target)).toEqual([staff.newsEditor.roleId]);
  });

  it('the last active Administrator cannot lose the role or be deactivated (409), also when two demote each other at once', async () => {
    // Only two administrators are left (the others of this file are demoted directly).
    const a = await createUser({ roleIds: [1] });
    const b = await createUser({ roleIds: [1] });
    await getDb()
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, 1), notInArray(userRoles.userId, [a.id, b.id])));
    const [clientA, clientB] = [await loggedIn(t.app, a.email), await loggedIn(t.app, b.email)];
    const [resA, resB] = await Promise.all([setRoles(clientA, b.id, [2]), setRoles(clientB, a.id, [2])]);
    // One change wins; the other is refused: 409 (the last Administrator) or, when the winner's change
    // landed before the loser's request was authorised, 403 (the loser is no administrator any more).
    const statuses = [resA.statusCode, resB.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const left = await getDb().select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, 1));
    expect(left).toHaveLength(1);
    const survivor = left[0].userId;

    // A deputy holding every permission (but not the Administrator role) may act on the survivor,
    // yet neither demote nor deactivate the last one.
    const deputyRole = await makeRole(60, 'deputy', []);
    await getDb()
      .insert(rolePermissions)
      .values(ALL_PERMISSION_KEYS.filter((k) => k !== 'admin.access').map((permissionKey) => ({ roleId: deputyRole, permissionKey })));
    const deputy = await loggedIn(t.app, (await createUser({ roleIds: [deputyRole] })).email);
    expect((await setRoles(deputy, survivor, [2])).statusCode).toBe(409);
    expect((await deputy.request({ method: 'POST', url: `/api/admin/users/${survivor}/deactivate` })).statusCode).toBe(409);
    const [u] = await getDb().select().from(users).where(eq(users.id, survivor));
    expect(u.isActive).toBe(true);
    expect(await rolesOf(survivor)).toEqual([1]);
    // With a second active administrator the first can go.
    const c = await createUser({ roleIds: [1] });
    expect((await deputy.request({ method: 'POST', url: `/api/admin/users/${survivor}/deactivate` })).statusCode).toBe(200);
    expect((await setRoles(deputy, c.id, [2])).statusCode).toBe(409);
  });
});

describe('upgrading a database made before the new permissions', () => {
  it('a role that held admin access keeps the areas it opened, once; a role without it gains nothing', async () => {
    const { ensureRolesAndPermissions } = await import('~/features/accounts/roles.server');
    const { permissions } = await import('~/features/accounts/accounts.schema');
    const office = await makeRole(70, 'office', []);
    const editor = await makeRole(71, 'no-panel', []);
    await getDb().delete(rolePermissions).where(eq(rolePermissions.roleId, editor));
    // As before issue 37: the orders and customers permissions did not exist.
    await getDb()
      .delete(permissions)
      .where(inArray(permissions.area, ['orders', 'customers']));
    await ensureRolesAndPermissions();
    const held = async (roleId: number) =>
      (await getDb().select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map((r) => r.permissionKey).sort();
    expect(await held(office)).toEqual(['admin.access', 'customers.update', 'customers.view', 'orders.update', 'orders.view']);
    expect(await held(editor)).toEqual([]);
    // Taken away later by an administrator: the next start does not give it back.
    await getDb()
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, office), eq(rolePermissions.permissionKey, 'orders.update')));
    await ensureRolesAndPermissions();
    expect(await held(office)).not.toContain('orders.update');
  });
});
