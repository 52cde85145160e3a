// Issue 37: the roles and permissions API attacked as a staff account would. Every route refuses a
// visitor (401), a users-only admin (403) and a missing anti-forgery token (419); odd bodies answer
// 400/422, never 500; and a role editor cannot grant what they lack nor touch Administrator.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const USERS_ONLY = 60;
const ROLE_EDITOR = 61;
const NUL = '\u0000';

let t: TestApp;
let admin: TestClient;
let usersOnly: TestClient;
let roleEditor: TestClient;

async function roleWith(id: number, name: string, keys: string[]) {
  await getDb()
    .insert(roles)
    .values({ id, key: `sec-${id}`, namePl: name, nameEn: name, position: id });
  await getDb()
    .insert(rolePermissions)
    .values(keys.map((permissionKey) => ({ roleId: id, permissionKey })));
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  await roleWith(USERS_ONLY, 'Kadry', ['admin.access', 'users.update']);
  await roleWith(ROLE_EDITOR, 'Redaktor ról', ['admin.access', 'roles.update', 'posts.update']);
  usersOnly = await loggedIn(t.app, (await createUser({ roleIds: [USERS_ONLY] })).email);
  roleEditor = await loggedIn(t.app, (await createUser({ roleIds: [ROLE_EDITOR] })).email);
});
afterAll(async () => {
  await t?.close();
});

const VALID = { name_pl: 'Nowa rola', name_en: 'New role', permissions: ['admin.access'] };
const ROUTES: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] = [
  { method: 'GET', url: '/api/admin/permissions' },
  { method: 'GET', url: '/api/admin/roles' },
  { method: 'GET', url: '/api/admin/roles/2' },
  { method: 'POST', url: '/api/admin/roles', body: VALID },
  { method: 'PUT', url: '/api/admin/roles/2', body: VALID },
  { method: 'DELETE', url: `/api/admin/roles/${USERS_ONLY}` },
];
const call = (client: TestClient, r: (typeof ROUTES)[number], xsrf = true) => client.request({ method: r.method, url: r.url, payload: r.body as never, xsrf });
const json = (res: LightMyRequestResponse) => JSON.parse(res.body);
const roleCount = async () => (await getDb().select({ id: roles.id }).from(roles)).length;

describe('who may call the roles API', () => {
  it('a visitor gets 401 from every route', async () => {
    const visitor = new TestClient(t.app);
    for (const r of ROUTES) expect((await call(visitor, r)).statusCode, `${r.method} ${r.url}`).toBe(401);
  });

  it('a users-only admin (admin access + users.update) gets 403 from every route and changes nothing', async () => {
    const before = await roleCount();
    for (const r of ROUTES) expect((await call(usersOnly, r)).statusCode, `${r.method} ${r.url}`).toBe(403);
    expect(await roleCount()).toBe(before);
    expect((await getDb().select().from(roles).where(eq(roles.id, 2)))[0]?.namePl).toBe('Instalator');
    // The role picker of the user screen stays theirs (users area).
    expect((await usersOnly.get('/api/admin/roles/options')).statusCode).toBe(200);
  });

  it('an administrator without the anti-forgery token gets 419 from every write', async () => {
    const before = await roleCount();
    for (const r of ROUTES.filter((x) => x.method !== 'GET')) expect((await call(admin, r, false)).statusCode, `${r.method} ${r.url}`).toBe(419);
    expect(await roleCount()).toBe(before);
  });
});

describe('odd input', () => {
  it('malformed JSON and a truncated multipart body answer 400', async () => {
    const broken = await admin.request({
      method: 'POST',
      url: '/api/admin/roles',
      payload: '{"name_pl": "A", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const truncated = await admin.request({
      method: 'POST',
      url: '/api/admin/roles',
      payload: '--b\r\ncontent-disposition: form-data; name="name_pl"\r\n\r\nAla',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('NUL in a name or a permission key answers 422, in JSON and multipart', async () => {
    const a = await admin.post('/api/admin/roles', { ...VALID, name_pl: `Zła${NUL}rola` });
    expect(a.statusCode).toBe(422);
    expect(Object.keys(json(a).errors)).toEqual(['name_pl']);
    const b = await admin.post('/api/admin/roles', { ...VALID, permissions: [`admin.access${NUL}`] });
    expect(b.statusCode).toBe(422);
    const form = new FormData();
    form.append('name_pl', 'Ok');
    form.append('name_en', `Bad${NUL}`);
    const req = new Request('http://x/', { method: 'POST', body: form });
    const c = await admin.request({
      method: 'POST',
      url: '/api/admin/roles',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string },
    });
    expect(c.statusCode).toBe(422);
  });

  it('oversized names and too many or unknown permission keys answer 422 under the field', async () => {
    for (const name of ['x'.repeat(101), 'x'.repeat(100_000)]) {
      const res = await admin.post('/api/admin/roles', { ...VALID, name_en: name });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(json(res).errors)).toEqual(['name_en']);
    }
    for (const permissions of [['orders.delete'], ['__proto__'], [{ key: 'admin.access' }], Array(201).fill('admin.access'), 'users.update,roles.update']) {
      const res = await admin.post('/api/admin/roles', { ...VALID, permissions });
      expect(res.statusCode, JSON.stringify(permissions).slice(0, 60)).toBe(422);
    }
    const odd = await admin.post('/api/admin/roles', [1, 2, 3]);
    expect([400, 422]).toContain(odd.statusCode);
    for (const id of ['-1', '1e3', '0x10', '%00']) expect((await admin.get(`/api/admin/roles/${id}`)).statusCode, id).not.toBe(500);
    expect(await getDb().select().from(roles).where(eq(roles.namePl, VALID.name_pl))).toEqual([]);
  });
});

describe('no escalation (role editor: admin access, roles.update, posts.update)', () => {
  it('cannot create a role with users.update, nor add it to their own role', async () => {
    const res = await roleEditor.post('/api/admin/roles', { name_pl: 'Przejęcie', name_en: 'Takeover', permissions: ['admin.access', 'users.update'] });
    expect(res.statusCode).toBe(403);
    expect(json(res).message).toContain('Użytkownicy: zmiany');
    const own = await roleEditor.request({
      method: 'PUT',
      url: `/api/admin/roles/${ROLE_EDITOR}`,
      payload: { name_pl: 'Redaktor ról', name_en: 'Redaktor ról', permissions: ['admin.access', 'roles.update', 'posts.update', 'service.update'] },
    });
    expect(own.statusCode).toBe(403);
    const keys = (await getDb().select().from(rolePermissions).where(eq(rolePermissions.roleId, ROLE_EDITOR))).map((r) => r.permissionKey).sort();
    expect(keys).toEqual(['admin.access', 'posts.update', 'roles.update']);
  });

  it('cannot edit or delete Administrator, nor a role holding users.update', async () => {
    const edit = await roleEditor.request({
      method: 'PUT',
      url: '/api/admin/roles/1',
      payload: { name_pl: 'Administrator', name_en: 'Administrator', permissions: [] },
    });
    expect(edit.statusCode).toBe(409);
    expect((await roleEditor.request({ method: 'DELETE', url: '/api/admin/roles/1' })).statusCode).toBe(409);
    expect((await getDb().select().from(roles).where(eq(roles.id, 1)))[0]?.allPermissions).toBe(true);
    const strip = await roleEditor.request({
      method: 'PUT',
      url: `/api/admin/roles/${USERS_ONLY}`,
      payload: { name_pl: 'Kadry', name_en: 'Kadry', permissions: [] },
    });
    expect(strip.statusCode).toBe(403);
    expect((await roleEditor.request({ method: 'DELETE', url: `/api/admin/roles/${USERS_ONLY}` })).statusCode).toBe(403);
    expect((await getDb().select().from(rolePermissions).where(eq(rolePermissions.roleId, USERS_ONLY))).length).toBe(2);
  });
});
