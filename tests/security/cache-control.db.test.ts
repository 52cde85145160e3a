// Issue 10, item 4: answers that depend on the session or role carry Cache-Control: private,
// no-store, so no shared cache (proxy, CDN) keeps one visitor's page or data for another; anonymous
// public answers keep their public caching. API answers through the real feature plugins; pages
// through the real page handler with a hand-made React Router build (no production build needed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { buildApp } from '~/core/server/app.server';
import { forgetCachedPages, refreshesSettled } from '~/core/server/page-cache.server';
import { pagesPlugin } from '~/core/server/pages.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { features } from '~/server.server';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { openTestDatabase, TestClient } from '~tests/helpers/test-app';

const NO_STORE = 'private, no-store';

// Every page is plain HTML; `?public=1` makes the route itself ask for public caching.
const build = fakePageBuild((request, status, headers, loadContext) => {
  const url = new URL(request.url);
  headers.set('content-type', 'text/html; charset=utf-8');
  if (url.searchParams.has('public')) headers.set('cache-control', 'public, max-age=300');
  const body = `<!DOCTYPE html><html><head><script nonce="${loadContext.nonce}">1</script></head><body>${url.pathname}<input type="hidden" name="_token" value="${loadContext.xsrfToken}"></body></html>`;
  return new Response(body, { status, headers });
});

let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
let admin: TestClient;
let member: TestClient;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-cache-control-'));
  // Production: the page cache is on, as on the live site.
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: 'c'.repeat(40), LOG_LEVEL: 'silent', PAGE_CACHE_SECONDS: '30' });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config, database: opened.database, features, logger: false, pages: pagesPlugin({ build }) });
  await app.ready();
  admin = await loggedIn(app, (await createUser({ state: 'active', roleIds: [1] })).email);
  member = await loggedIn(app, (await createUser({ state: 'active', roleIds: [2] })).email);
});

beforeEach(async () => {
  await refreshesSettled();
  forgetCachedPages();
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const cc = (res: LightMyRequestResponse) => res.headers['cache-control'];

describe('anonymous public answers keep public caching', () => {
  it('/api/categories-main, /api/static-sites and /api/posts are public and vary by language', async () => {
    for (const url of ['/api/categories-main', '/api/static-sites', '/api/posts']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toMatch(/^public, max-age=\d+$/);
      expect(res.headers.vary, url).toContain('accept-language');
    }
  });

  it('an anonymous category or product page is not marked private, and comes from the page cache', async () => {
    const first = await app.inject({ url: '/pl/category/1-kable-miedziane' });
    const second = await app.inject({ url: '/pl/category/1-kable-miedziane' });
    expect(first.statusCode).toBe(200);
    expect(cc(first)).toBeUndefined();
    expect(cc(second)).toBeUndefined();
    expect(second.headers['x-page-cache']).toBe('hit');
    const product = await app.inject({ url: '/pl/product/7-kabel-u-utp?public=1' });
    expect(cc(product)).toBe('public, max-age=300');
  });
});

describe('nothing public and cacheable sets a cookie (issue 41.21)', () => {
  const sessionCookies = (res: LightMyRequestResponse) => res.cookies.filter((c) => c.name === 'sid' || c.name === 'XSRF-TOKEN').map((c) => c.name);

  it('a new visitor gets no session cookie with a public answer, and gets them with a personal one', async () => {
    const publicUrls = ['/api/categories-main', '/api/static-sites', '/api/posts', '/api/open-holidays-api', '/pl/product/7-kabel-u-utp?public=1'];
    for (const url of publicUrls) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toMatch(/^public\b/);
      expect(sessionCookies(res), url).toEqual([]);
    }
    // The same visitor's first personal answer starts the session.
    const page = await app.inject({ url: '/pl/contact' });
    expect(sessionCookies(page).sort()).toEqual(['XSRF-TOKEN', 'sid']);
  });

  it('every public answer among the API routes without parameters, asked by a new visitor', async () => {
    const checked: string[] = [];
    for (const route of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const url = /(\/api\/[a-z0-9/-]*[a-z0-9]) \(GET/.exec(route)?.[1];
      if (!url) continue;
      const res = await app.inject({ url });
      if (!/\bpublic\b/.test(String(cc(res) ?? ''))) continue;
      checked.push(url);
      expect(sessionCookies(res), url).toEqual([]);
    }
    expect(checked).toEqual(expect.arrayContaining(['/api/categories-main', '/api/posts']));
  });
});

describe('answers that depend on the session or role are private, no-store', () => {
  it('a logged-in /api/my-account', async () => {
    const res = await member.get('/api/my-account');
    expect(res.statusCode).toBe(200);
    expect(cc(res)).toBe(NO_STORE);
  });

  it('admin API lists and records, and their refusals', async () => {
    for (const url of [
      '/api/admin/products',
      '/api/admin/categories',
      '/api/admin/posts',
      '/api/admin/service',
      '/api/admin/service/mails',
      '/api/admin/change-infos',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toBe(NO_STORE);
      expect(cc(await member.get(url)), `${url} (403)`).toBe(NO_STORE);
      expect(cc(await app.inject({ url })), `${url} (401)`).toBe(NO_STORE);
    }
  });

  // Issue 38: the routes below no longer set the header themselves; the core hook does.
  it('admin APIs whose routes set no header of their own: lists, records, files', async () => {
    for (const url of ['/api/admin/videos', '/api/admin/users', '/api/admin/roles', '/api/admin/courses', '/api/admin/products-export']) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toBe(NO_STORE);
    }
  });

  it('my-account APIs whose routes set no header of their own', async () => {
    for (const url of ['/api/my-trainings', '/api/course-registrations', '/api/tester-rentals', '/api/applications']) {
      const res = await member.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toBe(NO_STORE);
    }
  });

  it('public APIs with a personal answer (prices, own progress), for anonymous visitors too', async () => {
    for (const url of ['/api/products', '/api/trainings']) {
      for (const [who, res] of [
        ['anonymous', await app.inject({ url })],
        ['member', await member.get(url)],
      ] as const) {
        expect(res.statusCode, `${url} (${who})`).toBe(200);
        expect(cc(res), `${url} (${who})`).toBe(NO_STORE);
      }
    }
  });

  it('the login answer (it starts a logged-in session)', async () => {
    const email = (await createUser({ state: 'active' })).email;
    const client = new TestClient(app);
    const res = await client.post('/api/login', { email, password: 'Kabel-Miedz-Cat6A-x' });
    expect(res.statusCode).toBe(200);
    expect(cc(res)).toBe(NO_STORE);
  });

  it('every page of a logged-in user, even one whose route asks for public caching, and never from the page cache', async () => {
    await app.inject({ url: '/pl/product/8-panel' }); // cached for anonymous visitors
    for (const url of ['/pl/product/8-panel', '/pl/category/2-szafy', '/pl/product/8-panel?public=1']) {
      const res = await member.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(cc(res), url).toBe(NO_STORE);
      expect(res.headers['x-page-cache'], url).toBeUndefined();
    }
  });

  it('admin and my-account pages, logged in or not', async () => {
    for (const url of [
      '/pl/admin',
      '/en/admin/service',
      '/pl/admin/products?page=2',
      '/pl/admin/videos',
      '/en/admin/videos.data',
      '/pl/my-account/data',
      '/pl/my-account/orders',
    ]) {
      expect(cc(await admin.get(url)), url).toBe(NO_STORE);
      expect(cc(await app.inject({ url })), `${url} (anonymous)`).toBe(NO_STORE);
    }
  });
});
