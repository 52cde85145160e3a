// Issue 41 point 6: a request that comes without any session cookie (the session was lost: expired,
// cleared) is SPEC section 8's 401 ("Sesja wygasła…", then the login page leading back), not the
// "419" of a missing token. API calls answer 401 with `reason: session-lost`; a page form posted
// without JavaScript gets a 303 to the login page, one posted by React Router (`.data`) its header
// redirect. A request with a session but without the token stays 419, and nothing is done either way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { buildApp } from '~/core/server/app.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { createTestApp, openTestDatabase, type TestApp, TestClient } from '~tests/helpers/test-app';

describe('the API without a session', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 401 "Sesja wygasła…" with reason session-lost, and sets a new session to retry with', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Anna' }, headers: { 'x-locale': 'pl' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Sesja wygasła. Proszę zalogować się ponownie.', reason: 'session-lost' });
    expect(res.cookies.map((c) => c.name).sort()).toEqual(['XSRF-TOKEN', 'sid']);
    const en = await t.app.inject({ method: 'POST', url: '/api/contact', payload: {}, headers: { 'x-locale': 'en' } });
    expect(en.json().message).toBe('Your session has expired. Please log in again.');
  });

  it('a forged token without a session is the same 401; a session without the token stays 419', async () => {
    const forged = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: {}, headers: { 'x-xsrf-token': 'x'.repeat(40) } });
    expect(forged.statusCode).toBe(401);
    const client = new TestClient(t.app);
    const noToken = await client.post('/api/newsletter', {}, { xsrf: false });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.json().reason).toBeUndefined();
  });
});

describe('a page form without a session', () => {
  const secret = 'session-lost-secret-0123456789-abcdef';
  let app: FastifyInstance;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;
  let actions = 0;
  const build = fakePageBuild(
    (_request, status, headers) => {
      headers.set('content-type', 'text/html; charset=utf-8');
      return new Response(`<!DOCTYPE html><html><body>${status}</body></html>`, { status, headers });
    },
    {
      action: () => {
        actions += 1;
        return { ok: true };
      },
    },
  );

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-session-lost-'));
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

  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('posted without JavaScript: 303 to the login page with the reason and the way back', async () => {
    const pl = await app.inject({ method: 'POST', url: '/pl/my-account/data', payload: '_token=x&name=Anna', headers: form });
    expect(pl.statusCode).toBe(303);
    expect(pl.headers.location).toBe('/pl/login?reason=session-expired&next=/pl/my-account/data');
    const en = await app.inject({ method: 'POST', url: '/en/my-account/data', payload: 'name=Anna', headers: form });
    expect(en.headers.location).toBe('/en/login?reason=session-expired&next=/en/my-account/data');
    expect(actions).toBe(0);
  });

  it('posted by React Router (.data): its header redirect, which the client follows', async () => {
    const res = await app.inject({ method: 'POST', url: '/pl/my-account/data.data', payload: 'name=Anna', headers: form });
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-remix-redirect']).toBe('/pl/login?reason=session-expired&next=/pl/my-account/data');
    expect(res.headers['x-remix-status']).toBe('303');
    const root = await app.inject({ method: 'POST', url: '/_root.data', payload: 'a=1', headers: form });
    expect(root.headers['x-remix-redirect']).toBe('/pl/login?reason=session-expired&next=/pl');
    expect(actions).toBe(0);
  });

  it('with a session but a wrong token: still the 419 text, and no action ran', async () => {
    const start = await app.inject({ url: '/pl/start' });
    const sid = start.cookies.find((c) => c.name === 'sid')?.value as string;
    const res = await app.inject({ method: 'POST', url: '/pl/my-account/data', payload: '_token=wrong', cookies: { sid }, headers: form });
    expect(res.statusCode).toBe(419);
    expect(res.body).toBe('Sesja formularza wygasła. Odśwież stronę i spróbuj ponownie.');
    expect(actions).toBe(0);
  });
});
