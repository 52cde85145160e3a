// Issue 37, hole 11: nothing a visitor can vary at will grows the server's state per request. A page
// asked for with made-up query parameters, or with a consent cookie that is no recorded choice, adds
// no page to the page cache and store (1,000 distinct values each); an anonymous visitor's page views
// write no session row, and a session gets a row once it has something to keep (a language, a login).
// Pages through the real page handler with a hand-made React Router build, as in cache-control.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { getDb } from '~/core/db/db.server';
import { buildApp } from '~/core/server/app.server';
import { forgetCachedPages, pageStore, refreshesSettled } from '~/core/server/page-cache.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { newSessionId } from '~/core/session/session.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { features } from '~/server.server';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { openTestDatabase, TestClient } from '~tests/helpers/test-app';

const N = 1000;
let renders = 0;

// Every page shows the address and the consent cookie it was rendered for.
const build = fakePageBuild((request, status, headers, loadContext) => {
  renders++;
  const url = new URL(request.url);
  headers.set('content-type', 'text/html; charset=utf-8');
  const consent = request.headers.get('cookie') ?? '';
  const body = `<!DOCTYPE html><html><head><script nonce="${loadContext.nonce}">1</script></head><body data-url="${url.pathname}${url.search}" data-cookie="${consent.length}"><input type="hidden" name="_token" value="${loadContext.xsrfToken}"></body></html>`;
  return new Response(body, { status, headers });
});

let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-growth-'));
  // A cached page lives an hour here: 1,000 requests took 47 s in CI, and a 30 s page had expired by the
  // time the test asked whether the plain page was still served from the cache.
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'g'.repeat(40), LOG_LEVEL: 'silent', PAGE_CACHE_SECONDS: '3600' });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config, database: opened.database, features, logger: false, pages: pagesPlugin({ build }) });
  await app.ready();
});

beforeEach(async () => {
  await refreshesSettled();
  forgetCachedPages();
  renders = 0;
});

afterAll(async () => {
  await app.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Pages kept by the persistent store once every write has landed. */
async function storedPages(): Promise<number> {
  await refreshesSettled();
  return pageStore()?.keys().length ?? 0;
}

async function sessionRows(): Promise<number> {
  const raw = await getDb().execute(sql`select count(*)::int as n from sessions`);
  const rows = (Array.isArray(raw) ? raw : (raw as unknown as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

const get = (url: string, cookies: Record<string, string> = {}) => app.inject({ url, cookies });
const urlOf = (res: LightMyRequestResponse) => /data-url="([^"]*)"/.exec(res.payload)?.[1];

describe('per-visitor growth of the page cache', () => {
  it('has a page store to grow (the production page handler)', () => {
    expect(pageStore()).toBeDefined();
  });

  it('keeps no page per made-up query parameter (1,000 distinct values)', async () => {
    await get('/pl/growth');
    expect(await storedPages()).toBe(1);
    for (let i = 0; i < N; i++) {
      const res = await get(i % 2 ? `/pl/growth?foo=${i}` : `/pl/growth?utm_x=${i}&x${i}=1`);
      expect(res.statusCode).toBe(200);
    }
    expect(await storedPages()).toBeLessThanOrEqual(2);
    // The page is still rendered for the address asked for (a page that reads the parameter gets it).
    const res = await get('/pl/growth?foo=bar');
    expect(urlOf(res)).toBe('/pl/growth?foo=bar');
    // The plain page is still served from the cache.
    expect((await get('/pl/growth')).headers['x-page-cache']).toBe('hit');
  });

  it('keeps no page per made-up consent value (1,000 distinct values)', async () => {
    await get('/pl/consent');
    await get('/pl/consent', { consent: 'necessary,statistics' });
    expect(await storedPages()).toBe(2);
    for (let i = 0; i < N; i++) {
      const value = i % 2 ? `junk-${i}` : `necessary,statistics,extra${i}`;
      expect((await get('/pl/consent', { consent: value })).statusCode).toBe(200);
    }
    expect(await storedPages()).toBeLessThanOrEqual(2);
    expect(renders).toBe(2);
  });

  it('keeps the pages of the parameters pages read, and of each recorded consent choice', async () => {
    const first = await get('/pl/category/1-kable?page=2&sort=price_asc&f.shielding=u-ftp&search=kabel');
    expect(urlOf(first)).toBe('/pl/category/1-kable?page=2&sort=price_asc&f.shielding=u-ftp&search=kabel');
    expect((await get('/pl/category/1-kable?page=2&sort=price_asc&f.shielding=u-ftp&search=kabel')).headers['x-page-cache']).toBe('hit');
    expect(urlOf(await get('/pl/category/1-kable?page=3'))).toBe('/pl/category/1-kable?page=3');
    expect(urlOf(await get('/pl/knowledge-base?section=faq&q=rj45&type=video'))).toBe('/pl/knowledge-base?section=faq&q=rj45&type=video');
    expect((await get('/pl/knowledge-base?section=faq&q=rj45&type=video')).headers['x-page-cache']).toBe('hit');
    // An encoded name is not the plain one: rendered, not kept.
    expect(urlOf(await get('/pl/category/1-kable?p%61ge=2'))).toBe('/pl/category/1-kable?p%61ge=2');
    expect(renders).toBe(4);

    await get('/pl/choice', { consent: 'necessary,statistics,marketing' });
    await get('/pl/choice', { consent: 'necessary%2Cmarketing%2Cstatistics' }); // the same choice
    await get('/pl/choice', { consent: 'necessary' });
    await get('/pl/choice');
    expect(renders).toBe(7);
  });
});

describe('per-visitor growth of the sessions table', () => {
  it('writes no session row for 1,000 anonymous page views, new visitors or made-up cookies', async () => {
    const before = await sessionRows();
    for (let i = 0; i < N; i++) {
      const res = i % 2 ? await get(`/pl/visit-${i % 10}`) : await get(`/pl/visit-${i % 10}`, { sid: newSessionId() });
      expect(res.statusCode).toBe(200);
    }
    // The same visitor coming back with the cookie it was given.
    const visitor = new TestClient(app);
    for (let i = 0; i < 20; i++) await visitor.get(`/pl/visit-${i}`);
    expect(await sessionRows()).toBe(before);
  });

  it('writes a row once a session has something to keep: a chosen language, a login', async () => {
    const before = await sessionRows();
    const chooser = new TestClient(app);
    await chooser.get('/pl/visit-0');
    expect((await chooser.post('/api/static-sites/en')).statusCode).toBe(200);
    expect(await sessionRows()).toBe(before + 1);
    await loggedIn(app, (await createUser({ state: 'active' })).email);
    expect(await sessionRows()).toBe(before + 2);
  });
});
