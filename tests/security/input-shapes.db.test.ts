// Issue 37, holes 5 and 6: request bodies of a shape or type no route reads. JSON nested thousands
// of levels deep is a 400 (it overflowed the input check's stack: 500); a write route handed a
// content type it does not parse answers 415, and a body that is not an object (array, string,
// number, null) 400, with nothing changed; page actions refuse JSON, text and bytes with 415; a
// malformed Host header, or none (HTTP/1.0), is a 400 on a page, not a 500.
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { getDb } from '~/core/db/db.server';
import { buildApp } from '~/core/server/app.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { xsrfToken } from '~/core/session/session.server';
import { users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { warrantyApplications } from '~/features/forms/forms.schema';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { concreteUrl, routeLister } from '~tests/helpers/route-list';
import { createTestApp, openTestDatabase, type TestApp, type TestClient } from '~tests/helpers/test-app';

const TOO_DEEP = 'Nieprawidłowa treść żądania: zbyt głębokie zagnieżdżenie.';
const UNSUPPORTED = 'Nieobsługiwany typ treści żądania.';
const NOT_OBJECT = 'Nieprawidłowa treść żądania: oczekiwano obiektu z polami formularza.';

/** `{"a":{"a":...{"a":1}}}` nested `depth` objects deep. */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// `/api/*` is the 404/405 fallback of unknown addresses.
const { plugin: listWriteRoutes, routes: writeRoutes } = routeLister((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && UNSAFE.has(r.method));

const concrete = (url: string) => concreteUrl(url, { token: 'a'.repeat(43) });

let t: TestApp;
let admin: TestClient;
let installer: TestClient;
let installerId: number;
beforeAll(async () => {
  t = await createTestApp({ plugins: [listWriteRoutes] });
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  const u = await createUser({ roleIds: [2] });
  installerId = u.id;
  installer = await loggedIn(t.app, u.email);
});
afterAll(async () => {
  await t?.close();
});

describe('JSON nested too deep (hole 5)', () => {
  it('5,000 levels of objects or arrays: 400 { message }, and the server keeps answering', async () => {
    for (const payload of [deepObject(5000), deepArray(5000), `{"email":"a@b.pl","password":${deepArray(5000)}}`]) {
      const res = await admin.request({ method: 'POST', url: '/api/login', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ message: TOO_DEEP });
    }
    const put = await installer.request({
      method: 'PUT',
      url: '/api/my-account/profile',
      payload: deepObject(5000),
      headers: { 'content-type': 'application/json' },
    });
    expect(put.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('64 levels are read as usual (the field is then invalid: 422), 65 are not', async () => {
    const at = (depth: number) =>
      admin.request({
        method: 'POST',
        url: '/api/login',
        payload: `{"email":"a@b.pl","password":${deepArray(depth - 1)}}`,
        headers: { 'content-type': 'application/json' },
      });
    expect((await at(64)).statusCode).toBe(422);
    expect((await at(65)).statusCode).toBe(400);
  });

  it('brackets inside strings do not count', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/login', payload: { email: 'a@b.pl', password: '['.repeat(500) } });
    expect(res.statusCode).toBe(422);
  });
});

describe('a content type the route does not read: 415, nothing changed (hole 6)', () => {
  const profile = {
    company: 'Instal-Net',
    position: 'Kierownik',
    address: 'Usługowa 10B',
    city: 'Leszno',
    country: 'Polska',
    province: 'wielkopolskie',
    postcode: '64-100',
  };

  it('PUT /api/my-account/profile with text/plain keeps the profile', async () => {
    const saved = await installer.request({ method: 'PUT', url: '/api/my-account/profile', payload: profile });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const type of ['text/plain', 'text/plain; charset=utf-8', 'application/octet-stream', 'application/xml']) {
      const res = await installer.request({ method: 'PUT', url: '/api/my-account/profile', payload: 'company=&city=', headers: { 'content-type': type } });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toEqual({ message: UNSUPPORTED });
    }
    const [row] = await getDb().select().from(users).where(eq(users.id, installerId));
    expect({ company: row?.company, city: row?.city, postcode: row?.postcode }).toEqual({ company: 'Instal-Net', city: 'Leszno', postcode: '64-100' });
  });

  it('in English', async () => {
    const res = await installer.request({
      method: 'PUT',
      url: '/api/my-account/profile',
      payload: 'x',
      headers: { 'content-type': 'text/plain', 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported request content type.' });
  });
});

describe('a body that is not an object: 400, nothing changed (hole 6)', () => {
  it('POST /api/applications with [1,2,3], a string, a number or null creates no draft', async () => {
    for (const payload of ['[1,2,3]', '"draft"', '42', 'null', '[]']) {
      const res = await installer.request({ method: 'POST', url: '/api/applications', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json()).toEqual({ message: NOT_OBJECT });
    }
    expect(await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.userId, installerId))).toEqual([]);
  });

  it('PUT /api/my-account/profile with an array keeps the profile', async () => {
    const before = (await getDb().select().from(users).where(eq(users.id, installerId)))[0];
    const res = await installer.request({ method: 'PUT', url: '/api/my-account/profile', payload: '[]', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    const after = (await getDb().select().from(users).where(eq(users.id, installerId)))[0];
    expect(after?.company).toBe(before?.company);
    expect(after?.updatedAt).toEqual(before?.updatedAt);
  });

  it('an object body, and routes without a body, still work', async () => {
    const draft = await installer.request({ method: 'POST', url: '/api/applications', payload: { investment_name: 'Biurowiec' } });
    expect(draft.statusCode, draft.body).toBe(200);
    const id = draft.json().id as number;
    // A body-less action POST and a body-less DELETE.
    const submit = await installer.request({ method: 'POST', url: `/api/applications/${id}/submit` });
    expect(submit.statusCode, submit.body).not.toBe(415);
    expect([400, 500]).not.toContain(submit.statusCode);
    const logout = await installer.request({ method: 'POST', url: '/api/logout' });
    expect([400, 415, 500]).not.toContain(logout.statusCode);
  });
});

describe('every /api write route (listed from the app)', () => {
  it('finds them', () => {
    expect(writeRoutes.length).toBeGreaterThan(80);
    expect(writeRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['PUT /api/my-account/profile', 'POST /api/applications']));
  });

  it('answers 415 to text/plain and 400 to a JSON array, as an administrator (never 2xx or 500)', async () => {
    const wrong: string[] = [];
    for (const r of writeRoutes) {
      const url = concrete(r.url);
      const text = await admin.request({ method: r.method as 'POST', url, payload: 'a=1', headers: { 'content-type': 'text/plain' } });
      if (text.statusCode !== 415) wrong.push(`${r.method} ${r.url} text/plain -> ${text.statusCode}`);
      const array = await admin.request({ method: r.method as 'POST', url, payload: '[1,2,3]', headers: { 'content-type': 'application/json' } });
      if (array.statusCode !== 400) wrong.push(`${r.method} ${r.url} [1,2,3] -> ${array.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 to JSON nested 5,000 levels deep, as an administrator (hole 5: the depth limit holds on every route)', async () => {
    const wrong: string[] = [];
    const deep = deepObject(5000);
    for (const r of writeRoutes) {
      const res = await admin.request({ method: r.method as 'POST', url: concrete(r.url), payload: deep, headers: { 'content-type': 'application/json' } });
      if (res.statusCode !== 400 || res.json().message !== TOO_DEEP) wrong.push(`${r.method} ${r.url} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

// Pages: a stand-in build whose action reads the form, as the site's actions do.
describe('pages (hole 5)', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  let dataDir: string;
  const secret = 's'.repeat(40);
  const build = fakePageBuild(
    (_request, status, headers) => {
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response(`<!DOCTYPE html><html><body>${status}</body></html>`, { status, headers });
    },
    { action: async ({ request }) => ({ name: String((await request.formData()).get('name') ?? '') }) },
  );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-input-shapes-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: secret, LOG_LEVEL: 'silent' });
    const opened = await openTestDatabase();
    drop = opened.drop;
    app = await buildApp({ config, database: opened.database, features: [], logger: false, pages: pagesPlugin({ build }) });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function pagePost(payload: string | Buffer, type?: string) {
    const start = await app.inject({ url: '/pl/start' });
    const sid = start.cookies.find((c) => c.name === 'sid')?.value as string;
    const headers: Record<string, string> = { 'x-xsrf-token': xsrfToken(secret, sid) };
    if (type) headers['content-type'] = type;
    return app.inject({ method: 'POST', url: '/pl/contact', payload, cookies: { sid }, headers });
  }

  it('a form post works (the stand-in is sound)', async () => {
    expect((await pagePost('name=Anna', 'application/x-www-form-urlencoded')).statusCode).toBe(200);
  });

  it('JSON, text/plain and octet-stream bodies answer 415, deep JSON included', async () => {
    const cases: [string | Buffer, string | undefined][] = [
      ['{"name":"Anna"}', 'application/json'],
      [deepObject(5000), 'application/json'],
      ['name=Anna', 'text/plain'],
      [Buffer.from([1, 2, 3]), 'application/octet-stream'],
      [Buffer.from('name=Anna'), undefined],
    ];
    for (const [payload, type] of cases) {
      const res = await pagePost(payload, type);
      expect(res.statusCode, String(type)).toBe(415);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toBe(UNSUPPORTED);
    }
  });

  /** A raw HTTP request over a socket (inject would fill in the Host header). */
  function raw(request: string): Promise<string> {
    const { port } = app.server.address() as { port: number };
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let data = '';
      socket.on('data', (chunk) => {
        data += chunk.toString('latin1');
      });
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
      socket.write(request);
    });
  }
  const status = (answer: string) => Number(answer.split(' ')[1]);

  it('a valid Host header renders the page', async () => {
    expect(status(await raw('GET /pl/strona HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n'))).toBe(200);
    expect(status(await raw('GET /pl/strona HTTP/1.1\r\nHost: [::1]:3000\r\nConnection: close\r\n\r\n'))).toBe(200);
  });

  it('a malformed Host header, or HTTP/1.0 without one, answers 400 on an uncached page', async () => {
    for (const host of ['exa mple.com', '[::1', 'a/b', 'example.com:port', 'a@b', '%zz']) {
      const answer = await raw(`GET /pl/strona HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(status(answer), host).toBe(400);
    }
    expect(status(await raw('GET /pl/strona HTTP/1.0\r\n\r\n'))).toBe(400);
    expect(status(await raw('GET /pl/strona HTTP/1.0\r\nHost: \r\n\r\n'))).toBe(400);
  });
});
