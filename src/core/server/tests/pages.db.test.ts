import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { AppLoadContext } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '~/core/config.server';
import { saveSession, xsrfToken } from '~/core/session/session.server';
import { fakePageBuild } from '~tests/helpers/fake-page-build';
import { openTestDatabase } from '~tests/helpers/test-app';
import { buildApp } from '../app.server';
import {
  clearPageCache,
  forgetCachedPages,
  forgetMemoryPages,
  onCacheClear,
  pageStore,
  refreshesSettled,
  registerChangeScope,
  shareCacheClearing,
} from '../page-cache.server';
import { pagesPlugin, registerPrivatePage } from '../pages.server';

// The page handler with a hand-made React Router build whose document is plain HTML carrying the
// per-request nonce and anti-forgery token, so the page cache and compression are seen directly.

let renders = 0;
const filler = '<p>Kable miedziane i światłowodowe, panele krosowe, szafy rack.</p>'.repeat(60);

function document(ctx: AppLoadContext, url: string) {
  return `<!DOCTYPE html><html><head><script nonce="${ctx.nonce}">1</script></head><body data-url="${url}">${filler}<input type="hidden" name="_token" value="${ctx.xsrfToken}"><script nonce="${ctx.nonce}">2</script></body></html>`;
}

const build = fakePageBuild((request, status, headers, loadContext) => {
  renders++;
  const url = new URL(request.url);
  headers.set('content-type', 'text/html; charset=utf-8');
  if (url.searchParams.has('cookie')) headers.append('set-cookie', 'flash=1; Path=/');
  if (url.pathname === '/pl/old') return new Response(null, { status: 301, headers: { location: `/pl/new${url.search}` } });
  return new Response(document(loadContext, url.pathname + url.search), { status, headers });
});

let app: FastifyInstance;
let drop: () => Promise<void>;
let dataDir: string;
const secret = 's'.repeat(40);
const bigJs = `export const x = ${JSON.stringify('abc '.repeat(2000))};`;

const nonceOf = (html: string) => /nonce="([^"]+)"/.exec(html)?.[1];
const tokenOf = (html: string) => /name="_token" value="([^"]+)"/.exec(html)?.[1];
const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name)?.value;
const html = (res: LightMyRequestResponse) => (res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload).toString('utf8') : res.payload);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-pages-'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDir, 'assets', 'entry-abc.js'), bigJs);
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: secret, LOG_LEVEL: 'silent', PAGE_CACHE_SECONDS: '30' });
  const opened = await openTestDatabase();
  drop = opened.drop;
  app = await buildApp({ config, database: opened.database, features: [], logger: false, pages: pagesPlugin({ build, clientDir }) });
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

describe('page cache for anonymous visitors', () => {
  it('renders once and serves the next visitor their own nonce and token', async () => {
    const first = await app.inject({ url: '/pl/a', headers: { 'accept-encoding': 'gzip' } });
    expect(first.statusCode).toBe(200);
    const second = await app.inject({ url: '/pl/a', headers: { 'accept-encoding': 'gzip' } });
    expect(renders).toBe(1);
    expect(first.headers['x-page-cache']).toBe('miss');
    expect(second.headers['x-page-cache']).toBe('hit');
    const [a, b] = [html(first), html(second)];
    expect(nonceOf(b)).not.toBe(nonceOf(a));
    expect(second.headers['content-security-policy']).toContain(`'nonce-${nonceOf(b)}'`);
    // Counted as a plain substring: a base64 nonce may hold '+' and '/', which a RegExp would misread.
    expect(b.split(`nonce="${nonceOf(b)}"`).length - 1).toBe(2);
    expect(tokenOf(b)).toBe(xsrfToken(secret, cookieOf(second, 'sid') as string));
    expect(tokenOf(b)).toBe(cookieOf(second, 'XSRF-TOKEN'));
    expect(b.replaceAll(nonceOf(b) as string, 'N').replace(tokenOf(b) as string, 'T')).toBe(
      a.replaceAll(nonceOf(a) as string, 'N').replace(tokenOf(a) as string, 'T'),
    );
  });

  it('answers gzip to clients that take it and plain HTML to the others', async () => {
    await app.inject({ url: '/pl/b' });
    const gz = await app.inject({ url: '/pl/b', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const plain = await app.inject({ url: '/pl/b' });
    expect(renders).toBe(1);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(Buffer.byteLength(html(gz)) / 4);
    expect(html(gz)).toContain('data-url="/pl/b"');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toContain('data-url="/pl/b"');
    expect(plain.payload).toContain(`value="${cookieOf(plain, 'XSRF-TOKEN')}"`);
  });

  it('keeps pages apart by URL and consent cookie', async () => {
    await app.inject({ url: '/pl/c' });
    await app.inject({ url: '/pl/c?page=2' });
    await app.inject({ url: '/pl/c', cookies: { consent: 'necessary,statistics' } });
    expect(renders).toBe(3);
    const again = await app.inject({ url: '/pl/c?page=2' });
    expect(renders).toBe(3);
    expect(again.payload).toContain('data-url="/pl/c?page=2"');
  });

  it('renders and caches a page without the tracking parameters of ad clicks and campaigns', async () => {
    const first = await app.inject({ url: '/pl/t?gclid=Cj0KCQ1&page=2' });
    const second = await app.inject({ url: '/pl/t?page=2&fbclid=IwAR3&utm_source=facebook' });
    const plain = await app.inject({ url: '/pl/t?page=2' });
    expect(renders).toBe(1);
    expect([first, second, plain].map((r) => r.headers['x-page-cache'])).toEqual(['miss', 'hit', 'hit']);
    expect(first.payload).toContain('data-url="/pl/t?page=2"');
    expect(first.payload).not.toContain('gclid');
    // A parameter a page may read still makes another page.
    await app.inject({ url: '/pl/t?page=3&gclid=Cj0KCQ2' });
    expect(renders).toBe(2);
  });

  it('a redirect of such an address keeps its tracking parameters for the landing page', async () => {
    const res = await app.inject({ url: '/pl/old?utm_source=mail&page=2&gclid=Cj0' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/pl/new?page=2&utm_source=mail&gclid=Cj0');
    expect((await app.inject({ url: '/pl/old?page=2' })).headers.location).toBe('/pl/new?page=2');
  });

  it('serves a returning anonymous visitor (session cookie, no user) from the cache', async () => {
    const first = await app.inject({ url: '/pl/d' });
    const sid = cookieOf(first, 'sid') as string;
    const xsrf = cookieOf(first, 'XSRF-TOKEN') as string;
    const back = await app.inject({ url: '/pl/d', cookies: { sid, 'XSRF-TOKEN': xsrf } });
    expect(renders).toBe(1);
    expect(back.headers['x-page-cache']).toBe('hit');
    expect(tokenOf(back.payload)).toBe(xsrf);
  });

  it('never serves or stores cached pages for a logged-in user', async () => {
    await app.inject({ url: '/pl/e' });
    const other = 'L'.repeat(43);
    await saveSession(other, { userId: 1 });
    const logged = await app.inject({ url: '/pl/e', cookies: { sid: other } });
    expect(logged.headers['x-page-cache']).toBeUndefined();
    expect(renders).toBe(2);
    const loggedAgain = await app.inject({ url: '/pl/f', cookies: { sid: other } });
    const anon = await app.inject({ url: '/pl/f' });
    expect(loggedAgain.headers['x-page-cache']).toBeUndefined();
    expect(anon.headers['x-page-cache']).toBe('miss');
    expect(renders).toBe(4);
    // Rendered for the user as asked for, tracking parameters included.
    const tracked = await app.inject({ url: '/pl/f?gclid=Cj0', cookies: { sid: other } });
    expect(tracked.payload).toContain('data-url="/pl/f?gclid=Cj0"');
  });

  it('does not cache responses that set cookies', async () => {
    await app.inject({ url: '/pl/g?cookie=1' });
    const again = await app.inject({ url: '/pl/g?cookie=1' });
    expect(renders).toBe(2);
    expect(again.headers['x-page-cache']).toBeUndefined();
  });

  it('after clearPageCache() serves the page it has at once and renders it again in the background', async () => {
    const visitor = { consent: 'necessary', sid: 'V'.repeat(43) };
    const first = await app.inject({ url: '/pl/h', cookies: visitor });
    clearPageCache();
    const stale = await app.inject({ url: '/pl/h', cookies: visitor });
    expect(stale.headers['x-page-cache']).toBe('stale');
    expect(html(stale)).toContain('data-url="/pl/h"');
    expect(nonceOf(html(stale))).not.toBe(nonceOf(html(first)));
    await refreshesSettled();
    expect(renders).toBe(2);
    const fresh = await app.inject({ url: '/pl/h', cookies: visitor });
    expect(fresh.headers['x-page-cache']).toBe('hit');
    expect(renders).toBe(2);
    // The background render was another (new, anonymous) visitor's: this one still gets their own nonce and token.
    expect(nonceOf(html(fresh))).not.toBe(nonceOf(html(stale)));
    expect(tokenOf(html(fresh))).toBe(xsrfToken(secret, visitor.sid));
  });

  it('after clearPageCache() renders every cached page again in the background, also those nobody asks for', async () => {
    for (const url of ['/pl/i1', '/pl/i2', '/en/i3']) await app.inject({ url });
    expect(renders).toBe(3);
    clearPageCache();
    await refreshesSettled();
    expect(renders).toBe(6);
    for (const url of ['/pl/i1', '/pl/i2', '/en/i3']) expect((await app.inject({ url })).headers['x-page-cache']).toBe('hit');
    expect(renders).toBe(6);
  });
});

describe('a change of some records (clearPageCache with a scope)', () => {
  // A feature names the pages that show records of its kind: here /pl/item/{id} and the list /pl/items.
  const heard: unknown[] = [];
  registerChangeScope('items', async (ids) => (url) => url.startsWith('/pl/items') || ids.some((id) => url === `/pl/item/${id}`));
  onCacheClear((scope) => heard.push(scope));

  it('renders again only the pages that show the changed records; in-memory caches hear the scope', async () => {
    for (const url of ['/pl/item/1', '/pl/item/2', '/pl/items?page=2', '/pl/other']) await app.inject({ url });
    expect(renders).toBe(4);
    heard.length = 0;
    clearPageCache({ kind: 'items', ids: [1] });
    expect(heard).toEqual([{ kind: 'items', ids: [1] }]);
    await refreshesSettled();
    expect(renders).toBe(6);
    const states = [];
    for (const url of ['/pl/item/1', '/pl/item/2', '/pl/items?page=2', '/pl/other']) states.push((await app.inject({ url })).headers['x-page-cache']);
    expect(states).toEqual(['hit', 'hit', 'hit', 'hit']);
    expect(renders).toBe(6);
  });

  it('a stale page of the scope is served at once, then fresh; a kind nobody registered clears everything', async () => {
    await app.inject({ url: '/pl/item/3' });
    await app.inject({ url: '/pl/other' });
    clearPageCache({ kind: 'items', ids: [3] });
    await refreshesSettled();
    expect(renders).toBe(3);
    expect((await app.inject({ url: '/pl/other' })).headers['x-page-cache']).toBe('hit');
    heard.length = 0;
    clearPageCache({ kind: 'unknown', ids: [1] });
    expect(heard).toEqual([undefined]);
    expect((await app.inject({ url: '/pl/other' })).headers['x-page-cache']).toBe('stale');
  });

  it('other processes get the scope by NOTIFY, and a malformed payload clears everything', async () => {
    const published: string[] = [];
    let deliver: (payload: string) => void = () => {};
    await shareCacheClearing({
      publish: async (_name, payload) => {
        published.push(payload);
      },
      subscribe: async (_name, onMessage) => {
        deliver = onMessage;
      },
    });
    clearPageCache({ kind: 'items', ids: [4, 5] });
    expect(published[0]).toMatch(/\|items\|4,5$/);
    await refreshesSettled();
    heard.length = 0;
    deliver('another-process|items|7,8');
    deliver('another-process|items|7,x');
    deliver('another-process');
    expect(heard).toEqual([{ kind: 'items', ids: [7, 8] }, undefined, undefined]);
    // Our own message comes back from the database too: ignored.
    deliver(published[0] as string);
    expect(heard).toHaveLength(3);
  });
});

describe('the persistent store behind the memory tier', () => {
  it("serves a page rendered before a restart from the store, with this visitor's nonce and token", async () => {
    await app.inject({ url: '/pl/s1', headers: { 'accept-encoding': 'gzip' } });
    await refreshesSettled();
    expect(pageStore()?.keys()).toContain('/pl/s1|');
    forgetMemoryPages();
    const again = await app.inject({ url: '/pl/s1', headers: { 'accept-encoding': 'gzip' } });
    expect(renders).toBe(1);
    expect(again.headers['x-page-cache']).toBe('hit');
    const page = html(again);
    expect(page).toContain('data-url="/pl/s1"');
    expect(again.headers['content-security-policy']).toContain(`'nonce-${nonceOf(page)}'`);
    expect(tokenOf(page)).toBe(cookieOf(again, 'XSRF-TOKEN'));
  });

  it('a scoped change renders again, in the background, only the stored pages that show the records', async () => {
    for (const url of ['/pl/item/8', '/pl/item/9', '/pl/other-stored']) await app.inject({ url });
    await refreshesSettled();
    forgetMemoryPages();
    clearPageCache({ kind: 'items', ids: [9] });
    await refreshesSettled();
    // item/9 is rendered again into the store; item/8 and the other page are untouched.
    expect(renders).toBe(4);
    forgetMemoryPages();
    const states = [];
    for (const url of ['/pl/item/8', '/pl/item/9', '/pl/other-stored']) states.push((await app.inject({ url })).headers['x-page-cache']);
    expect(states).toEqual(['hit', 'hit', 'hit']);
    expect(renders).toBe(4);
  });

  it('a change of everything makes every stored page stale: served at once, then rendered again', async () => {
    for (const url of ['/pl/t1', '/en/t2']) await app.inject({ url });
    await refreshesSettled();
    forgetMemoryPages();
    clearPageCache();
    await refreshesSettled();
    expect(renders).toBe(4);
    forgetMemoryPages();
    expect((await app.inject({ url: '/en/t2' })).headers['x-page-cache']).toBe('hit');
    expect(renders).toBe(4);
  });

  it('a page read from the store joins memory when asked for again soon, not before (a crawler does not churn memory)', async () => {
    await app.inject({ url: '/pl/crawled' });
    await refreshesSettled();
    forgetMemoryPages();
    const store = pageStore();
    if (!store) throw new Error('no page store');
    const reads = vi.spyOn(store, 'read');
    try {
      for (let i = 0; i < 3; i++) expect((await app.inject({ url: '/pl/crawled' })).headers['x-page-cache']).toBe('hit');
      // Read from the store twice (the second time it stays in memory), then served from memory.
      expect(reads.mock.calls.map((c) => c[0])).toEqual(['/pl/crawled|', '/pl/crawled|']);
      expect(renders).toBe(1);
    } finally {
      reads.mockRestore();
    }
  });

  it('a stored page past its lifetime is served at once and rendered again in the background', async () => {
    await app.inject({ url: '/pl/aged' });
    await refreshesSettled();
    forgetMemoryPages();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await app.inject({ url: '/pl/aged' })).headers['x-page-cache']).toBe('stale');
      await refreshesSettled();
      expect(renders).toBe(2);
      forgetMemoryPages();
      expect((await app.inject({ url: '/pl/aged' })).headers['x-page-cache']).toBe('hit');
      expect(renders).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps no private page and no page that sets a cookie', async () => {
    await app.inject({ url: '/pl/g2?cookie=1' });
    await refreshesSettled();
    expect(pageStore()?.keys()).toEqual([]);
  });
});

describe('private pages (registerPrivatePage)', () => {
  // The stamp a feature gives: here the session's user and a version the test turns.
  let version = 1;
  registerPrivatePage(/^\/pl\/private$/, async (request) => {
    const { userId } = await request.session();
    return userId === null ? null : `${userId}|${version}`;
  });
  const sidA = 'A'.repeat(43);
  const sidB = 'B'.repeat(43);

  it('serves a logged-in session its own page again while the stamp is unchanged, with a new nonce', async () => {
    await saveSession(sidA, { userId: 7 });
    await saveSession(sidB, { userId: 8 });
    const first = await app.inject({ url: '/pl/private', cookies: { sid: sidA } });
    expect(first.headers['x-page-cache']).toBe('miss');
    const again = await app.inject({ url: '/pl/private', cookies: { sid: sidA } });
    expect(again.headers['x-page-cache']).toBe('hit');
    expect(renders).toBe(1);
    expect(nonceOf(html(again))).not.toBe(nonceOf(html(first)));
    expect(tokenOf(html(again))).toBe(xsrfToken(secret, sidA));
    // Another session (another user) never gets it.
    const other = await app.inject({ url: '/pl/private', cookies: { sid: sidB } });
    expect(other.headers['x-page-cache']).toBe('miss');
    expect(tokenOf(html(other))).toBe(xsrfToken(secret, sidB));
    expect(renders).toBe(2);
  });

  it('renders again when the stamp changes, and always for a guest or an unregistered path', async () => {
    await saveSession(sidA, { userId: 7 });
    await app.inject({ url: '/pl/private', cookies: { sid: sidA } });
    version++;
    const changed = await app.inject({ url: '/pl/private', cookies: { sid: sidA } });
    expect(changed.headers['x-page-cache']).toBe('miss');
    expect(renders).toBe(2);
    await app.inject({ url: '/pl/private-not', cookies: { sid: sidA } });
    await app.inject({ url: '/pl/private-not', cookies: { sid: sidA } });
    expect(renders).toBe(4);
    // A guest's request of the path is an anonymous page: the stamp answers null, the page cache serves it.
    await app.inject({ url: '/pl/private' });
    expect((await app.inject({ url: '/pl/private' })).headers['x-page-cache']).toBe('hit');
  });
});

describe('built assets', () => {
  it('are served from memory, compressed as the client asks, with immutable caching', async () => {
    const plain = await app.inject({ url: '/assets/entry-abc.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Public and cached by shared caches: no new visitor's session rides along.
    expect(plain.headers['set-cookie']).toBeUndefined();
    expect((await app.inject({ url: '/pl' })).headers['set-cookie']).toBeDefined();
    expect(plain.payload).toBe(bigJs);
    const gz = await app.inject({ url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigJs);
    // Brotli is made in the background at start; once there, it is preferred.
    let br = await app.inject({ url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    for (let i = 0; i < 50 && br.headers['content-encoding'] !== 'br'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      br = await app.inject({ url: '/assets/entry-abc.js', headers: { 'accept-encoding': 'gzip, br' } });
    }
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bigJs);
  });

  it('answer 404 for an unknown asset and leave other public files to the static server', async () => {
    expect((await app.inject({ url: '/assets/nope.js' })).statusCode).toBe(404);
    const icon = await app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.payload).toContain('<svg');
  });
});
