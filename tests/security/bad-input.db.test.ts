// Issue 10, items 5 and 6: a NUL character (which PostgreSQL refuses) in any field, JSON string,
// query or page form answers 422 (API) or 400 (pages), and a body that is truncated or does not
// match its content type answers 400 { message }: never a 500.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { getDb } from '~/core/db/db.server';
import { buildApp } from '~/core/server/app.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { xsrfToken } from '~/core/session/session.server';
import { createUser, loggedIn, registration } from '~/features/accounts/tests/helpers';
import { file, multipart } from '~/features/catalog/admin/tests/helpers';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { createTestApp, openTestDatabase, type TestApp, TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
});
afterAll(async () => {
  await t?.close();
});

async function form(client: TestClient, method: 'POST' | 'PUT', url: string, fields: Record<string, string | File>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  const m = await multipart(fd);
  return client.request({ method, url, payload: m.payload, headers: m.headers });
}

function expectNul(res: LightMyRequestResponse, field: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toEqual({ message: NUL_MESSAGE, errors: { [field]: [NUL_MESSAGE] } });
}

describe('NUL characters in API input (issue 10, item 5)', () => {
  it('login e-mail, as JSON, multipart and urlencoded', async () => {
    const client = new TestClient(t.app);
    expectNul(await client.post('/api/login', { email: `anna${NUL}@example.com`, password: 'Kabel-Miedz-Cat6A-x' }), 'email');
    expectNul(await form(client, 'POST', '/api/login', { email: `anna@example.com${NUL}`, password: 'x' }), 'email');
    const urlencoded = await client.request({
      method: 'POST',
      url: '/api/login',
      payload: 'email=anna%00%40example.com&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectNul(urlencoded, 'email');
  });

  it('search queries of the admin lists', async () => {
    expectNul(await admin.get(`/api/admin/users?search=kabel%00`), 'search');
    expectNul(await admin.get(`/api/admin/customers?search=%00`), 'search');
    expectNul(await admin.get(`/api/admin/products?search=a%00b`), 'search');
  });

  it('a JSON body: a string at any depth', async () => {
    expectNul(await new TestClient(t.app).post('/api/register', registration({ company: `Instal${NUL}Net` })), 'company');
    const nested = await admin.request({
      method: 'POST',
      url: '/api/admin/customers',
      payload: { name: 'Firma', delivery_addresses: [{ town: 'Poznań' }, { town: `Leszno${NUL}` }] },
    });
    expectNul(nested, 'delivery_addresses.1.town');
  });

  it('multipart fields: a registration, an admin form read by its handler, a field name', async () => {
    const reg = registration({ city: `Pozna${NUL}ń` });
    expectNul(await form(new TestClient(t.app), 'POST', '/api/register', reg as Record<string, string>), 'city');
    expectNul(await form(admin, 'POST', '/api/admin/categories', { name_pl: `Kable${NUL}`, name_en: 'Cables' }), 'name_pl');
    expectNul(await form(admin, 'POST', '/api/admin/products', { [`name_pl${NUL}`]: 'x' }), 'name_pl');
  });

  it('route parameters', async () => {
    expectNul(await admin.get('/api/admin/customers-from-gus-bir/123%00'), 'nip');
  });
});

describe('malformed bodies (issue 10, item 6)', () => {
  const boundary = '----cabling-boundary';
  const multipartType = `multipart/form-data; boundary=${boundary}`;
  const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nanna@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\nKabel-Mie`;

  const fileStart = (name: string) => `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`;
  const cases: { name: string; url: string; type: string; payload: string | Buffer; asAdmin?: boolean }[] = [
    { name: 'invalid JSON', url: '/api/login', type: 'application/json', payload: '{"email": "anna@example.com", ' },
    { name: 'an empty JSON body', url: '/api/login', type: 'application/json', payload: '' },
    {
      name: 'garbage under a multipart boundary',
      url: '/api/login',
      type: multipartType,
      payload: Buffer.from([0x00, 0xff, 0x13, 0x37, 0x0d, 0x0a, 0x2d, 0x2d]),
    },
    { name: 'a truncated multipart body', url: '/api/register', type: multipartType, payload: truncated },
    { name: 'multipart without a boundary', url: '/api/login', type: 'multipart/form-data', payload: 'email=anna%40example.com' },
    { name: 'a truncated multipart admin form (read by its handler)', url: '/api/admin/categories', type: multipartType, payload: truncated, asAdmin: true },
    { name: 'a truncated upload', url: '/api/admin/posts/image', type: multipartType, payload: `${fileStart('a.png')}\x89PNG`, asAdmin: true },
    {
      name: 'a truncated products import',
      url: '/api/admin/products-import/preview',
      type: multipartType,
      payload: `${fileStart('a.xlsx')}PK\x03\x04`,
      asAdmin: true,
    },
  ];
  for (const { name, url, type, payload, asAdmin } of cases) {
    it(`${name}: 400 { message }`, async () => {
      const client = asAdmin ? admin : new TestClient(t.app);
      const res = await client.request({ method: 'POST', url, payload, headers: { 'content-type': type } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: BAD_BODY });
    });
  }

  it('the server keeps answering after all of them', async () => {
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await form(admin, 'POST', '/api/admin/categories', { name_pl: 'Kable', file: file(Buffer.from('x'), 'a.txt') })).statusCode).toBe(422);
  });
});

// Pages: React Router reads forms itself, and its loaders and actions call the services (and so
// PostgreSQL) directly. A stand-in build whose loader and action put the input into a query shows
// what a real page would meet.
describe('pages (issue 10, items 5 and 6)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let dataDir: string;
  const secret = 's'.repeat(40);

  const echo = async (value: string) => {
    const rows = await getDb().execute(sql`select ${value}::text as v`);
    return String((rows as unknown as { rows?: { v: string }[] }).rows?.[0]?.v ?? (rows as unknown as { v: string }[])[0]?.v);
  };
  const build = fakePageBuild(
    (_request, status, headers) => {
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response(`<!DOCTYPE html><html><body>${status}</body></html>`, { status, headers });
    },
    {
      loader: async ({ request }) => ({ q: await echo(new URL(request.url).searchParams.get('q') ?? '') }),
      action: async ({ request }) => ({ name: await echo(String((await request.formData()).get('name') ?? '')) }),
    },
  );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-security-pages-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: secret, LOG_LEVEL: 'silent' });
    const opened = await openTestDatabase();
    drop = opened.drop;
    app = await buildApp({ config, database: opened.database, features: [], logger: false, pages: pagesPlugin({ build }) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A form post with the visitor's session and token. */
  async function pagePost(payload: string | Buffer, type: string) {
    const start = await app.inject({ url: '/pl/start' });
    const sid = start.cookies.find((c) => c.name === 'sid')?.value as string;
    return app.inject({
      method: 'POST',
      url: '/pl/contact',
      payload,
      cookies: { sid },
      headers: { 'content-type': type, 'x-xsrf-token': xsrfToken(secret, sid) },
    });
  }

  it('works with ordinary input (the stand-in is sound)', async () => {
    expect((await app.inject({ url: '/pl/search?q=kabel' })).statusCode).toBe(200);
    expect((await pagePost('name=Anna', 'application/x-www-form-urlencoded')).statusCode).toBe(200);
  });

  it('a page with NUL in the query or path answers 400, not 500', async () => {
    for (const url of ['/pl/search?q=kabel%00', '/en/search?q=%00', '/pl/produkty/kabel%00', '/pl/search?q=a&x%00=1']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/plain');
    }
  });

  it('a page form with NUL in a field (urlencoded or multipart), or a prototype field name, answers 400', async () => {
    expect((await pagePost('name=Anna%00', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    expect((await pagePost('name=Anna&__proto__.x=1', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    expect((await pagePost('name=Anna&a[0].constructor=1', 'application/x-www-form-urlencoded')).statusCode).toBe(400);
    const fd = new FormData();
    fd.append('name', `Anna${NUL}`);
    const m = await multipart(fd);
    expect((await pagePost(m.payload, m.headers['content-type'] as string)).statusCode).toBe(400);
  });

  it('a page form whose body does not match its content type, or ends early, answers 400', async () => {
    const boundary = 'xyz';
    expect((await pagePost(Buffer.from([0xff, 0x00, 0x13]), `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(400);
    const cut = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAn`;
    expect((await pagePost(cut, `multipart/form-data; boundary=${boundary}`)).statusCode).toBe(400);
    expect((await pagePost('name=x', 'multipart/form-data')).statusCode).toBe(400);
  });
});
