// Issue 39: the warehouses admin API (/api/admin/warehouses, the products' permission) attacked as a
// visitor, a staff account of another area and a forged request would: 401, 403 and 419 on every
// route, nothing changed; odd bodies answer 400/413/422, never 500.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { warehouses } from '~/features/catalog/catalog.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const CATEGORIES_ONLY = 70;
const NUL = '\u0000';

let t: TestApp;
let admin: TestClient;
let categoriesOnly: TestClient;
let id: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  await getDb().insert(roles).values({ id: CATEGORIES_ONLY, key: 'sec-categories', namePl: 'Kategorie', nameEn: 'Categories', position: CATEGORIES_ONLY });
  await getDb()
    .insert(rolePermissions)
    .values(['admin.access', 'categories.update'].map((permissionKey) => ({ roleId: CATEGORIES_ONLY, permissionKey })));
  categoriesOnly = await loggedIn(t.app, (await createUser({ roleIds: [CATEGORIES_ONLY] })).email);
  const [row] = await getDb().insert(warehouses).values({ code: 'GLW', namePl: 'Magazyn Gliwice', nameEn: 'Gliwice warehouse' }).returning();
  id = row.id;
});
afterAll(async () => {
  await t?.close();
});

const VALID = { code: 'WAW', name_pl: 'Magazyn Warszawa', name_en: 'Warsaw warehouse', sort: 2 };
const routes = (): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] => [
  { method: 'GET', url: '/api/admin/warehouses' },
  { method: 'GET', url: `/api/admin/warehouses/${id}` },
  { method: 'POST', url: '/api/admin/warehouses', body: VALID },
  { method: 'PUT', url: `/api/admin/warehouses/${id}`, body: { ...VALID, code: 'GLW', version: 1 } },
  { method: 'DELETE', url: `/api/admin/warehouses/${id}` },
];
const call = (client: TestClient, r: ReturnType<typeof routes>[number], xsrf = true) =>
  client.request({ method: r.method, url: r.url, payload: r.body as never, xsrf });
const json = (res: LightMyRequestResponse) => JSON.parse(res.body);
const stored = () => getDb().select().from(warehouses).orderBy(warehouses.id);

describe('who may call the warehouses API', () => {
  it('a visitor gets 401 from every route and changes nothing', async () => {
    const before = await stored();
    const visitor = new TestClient(t.app);
    for (const r of routes()) expect((await call(visitor, r)).statusCode, `${r.method} ${r.url}`).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('a categories-only admin gets 403 from every route and changes nothing', async () => {
    const before = await stored();
    for (const r of routes()) expect((await call(categoriesOnly, r)).statusCode, `${r.method} ${r.url}`).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('an administrator without the anti-forgery token gets 419 from every write', async () => {
    const before = await stored();
    for (const r of routes().filter((x) => x.method !== 'GET')) expect((await call(admin, r, false)).statusCode, `${r.method} ${r.url}`).toBe(419);
    expect(await stored()).toEqual(before);
  });
});

describe('odd input', () => {
  it('malformed JSON and a truncated multipart body answer 400', async () => {
    const broken = await admin.request({
      method: 'POST',
      url: '/api/admin/warehouses',
      payload: '{"code": "A", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const truncated = await admin.request({
      method: 'POST',
      url: '/api/admin/warehouses',
      payload: '--b\r\ncontent-disposition: form-data; name="code"\r\n\r\nKRK',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.statusCode).toBe(400);
  });

  it('NUL in a field answers 422 under it, in JSON and multipart', async () => {
    const a = await admin.post('/api/admin/warehouses', { ...VALID, name_pl: `Zły${NUL}magazyn` });
    expect(a.statusCode).toBe(422);
    expect(Object.keys(json(a).errors)).toEqual(['name_pl']);
    const b = await admin.post('/api/admin/warehouses', { ...VALID, code: `WA${NUL}W` });
    expect(b.statusCode).toBe(422);
    expect(Object.keys(json(b).errors)).toEqual(['code']);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...VALID, name_en: `Bad${NUL}` })) form.append(k, String(v));
    const req = new Request('http://x/', { method: 'POST', body: form });
    const c = await admin.request({
      method: 'POST',
      url: '/api/admin/warehouses',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string },
    });
    expect(c.statusCode).toBe(422);
    expect(await getDb().select().from(warehouses).where(eq(warehouses.code, 'WAW'))).toEqual([]);
  });

  it('oversized and malformed values answer 413 or 422, odd ids never 500', async () => {
    for (const name of ['x'.repeat(121), 'x'.repeat(100_000)]) {
      const res = await admin.post('/api/admin/warehouses', { ...VALID, name_en: name });
      expect([413, 422], String(name.length)).toContain(res.statusCode);
      if (res.statusCode === 422) expect(Object.keys(json(res).errors)).toEqual(['name_en']);
    }
    const field = new FormData();
    for (const [k, v] of Object.entries({ ...VALID, name_pl: 'x'.repeat(10_000) })) field.append(k, String(v));
    const req = new Request('http://x/', { method: 'POST', body: field });
    const big = await admin.request({
      method: 'POST',
      url: '/api/admin/warehouses',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string },
    });
    expect([413, 422]).toContain(big.statusCode);
    for (const body of [
      { ...VALID, code: 'a b' },
      { ...VALID, code: 'X'.repeat(17) },
      { ...VALID, code: ['WAW'] },
      { ...VALID, sort: -1 },
      { ...VALID, sort: '1e9' },
      { ...VALID, name_pl: '' },
      { ...VALID, name_pl: 'Dwie\nlinie' },
    ]) {
      const res = await admin.post('/api/admin/warehouses', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const odd = await admin.post('/api/admin/warehouses', [1, 2, 3]);
    expect([400, 422]).toContain(odd.statusCode);
    for (const bad of ['-1', '1e3', '0x10', '%00', '99999999999']) {
      expect((await admin.get(`/api/admin/warehouses/${bad}`)).statusCode, bad).not.toBe(500);
      expect((await admin.request({ method: 'DELETE', url: `/api/admin/warehouses/${bad}` })).statusCode, bad).not.toBe(500);
    }
    expect((await stored()).map((w) => w.code)).toEqual(['GLW']);
  });
});
