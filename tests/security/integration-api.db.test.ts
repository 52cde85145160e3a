// The integration API (issue 39): API keys in Authorization alone. Malformed, oversized and NUL
// bodies; the per-key limit (429 with Retry-After); a browser session cannot use the bearer path to
// skip the anti-forgery token, a key opens no /api/admin route, and key routes need the admin area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '~/core/http/rate-limit.server';
import { ADMINISTRATOR_ROLE_ID } from '~/features/accounts/roles.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { call, makeKey } from '~/features/integrations/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let key: { id: number; secret: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [ADMINISTRATOR_ROLE_ID] })).email);
  key = await makeKey(admin, ['catalog:write', 'orders:read', 'customers:write'], 'Security');
});
afterAll(async () => {
  await t.close();
});

describe('integration API input', () => {
  it('answers 400 to malformed JSON, 413 to a body over 2 MB, 422 to NUL characters; never 500', async () => {
    const bad = await call(t.app, 'PUT', '/catalog-numbers', key.secret, '{"rows": [', { 'content-type': 'application/json' });
    expect(bad.statusCode).toBe(400);
    const huge = JSON.stringify({ rows: [{ number: 'X'.repeat(3 * 1024 * 1024) }] });
    const big = await call(t.app, 'PUT', '/catalog-numbers', key.secret, huge, { 'content-type': 'application/json' });
    expect(big.statusCode).toBe(413);
    const nul = await call(t.app, 'PUT', '/catalog-numbers', key.secret, { rows: [{ number: 'A\u0000B' }] });
    expect(nul.statusCode).toBe(422);
    const nulKod = await call(t.app, 'PUT', '/customers/A%00B', key.secret, { name: 'X' });
    expect(nulKod.statusCode).toBe(422);
    const arr = await call(t.app, 'PUT', '/catalog-numbers', key.secret, [1, 2]);
    expect(arr.statusCode).toBe(400);
    const text = await call(t.app, 'PUT', '/catalog-numbers', key.secret, 'rows', { 'content-type': 'text/plain' });
    expect(text.statusCode).toBe(415);
  });

  it('POST /invoices (FA(3) XML): 413 over 3 MB, 422 for NUL, a DOCTYPE or broken XML, 415 for other types; only this route reads XML', async () => {
    const invoices = await makeKey(admin, ['invoices:write'], 'Invoices');
    const xml = { 'content-type': 'application/xml' };
    const send = (body: string | Buffer, headers: Record<string, string> = xml) => call(t.app, 'POST', '/invoices', invoices.secret, body, headers);
    expect((await send(Buffer.alloc(3 * 1024 * 1024 + 10, 0x20))).statusCode).toBe(413);
    expect((await send('<Faktura>\u0000</Faktura>')).statusCode).toBe(422);
    expect((await send('<!DOCTYPE x SYSTEM "file:///etc/passwd"><x/>')).statusCode).toBe(422);
    expect((await send('<Faktura><unclosed></Faktura>')).statusCode).toBe(422);
    expect((await send('<x/>', { 'content-type': 'text/plain' })).statusCode).toBe(415);
    // XML is read by this route alone: another write route still answers 415 to it.
    expect((await call(t.app, 'PUT', '/catalog-numbers', key.secret, '<rows/>', xml)).statusCode).toBe(415);
  });

  it('takes the key only as a bearer header (not a query parameter, not Basic, not a bare key)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/integration/v1/orders?key=${key.secret}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/v1/orders', headers: { authorization: key.secret } })).statusCode).toBe(401);
    const basic = Buffer.from(`x:${key.secret}`).toString('base64');
    expect((await t.app.inject({ method: 'GET', url: '/api/integration/v1/orders', headers: { authorization: `Basic ${basic}` } })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/orders', `${key.secret}x`)).statusCode).toBe(401);
  });

  it('sets no session cookie on integration answers', async () => {
    const res = await call(t.app, 'GET', '/orders', key.secret);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toContain('no-store');
  });
});

describe('per-key rate limit', () => {
  it('answers the 601st request of a minute with 429 and Retry-After; another key is not affected', async () => {
    const limited = await makeKey(admin, ['orders:read'], 'Limited');
    // The limiter's clock stands still, and the first 590 of the minute's calls are counted straight
    // into it: on a loaded CI machine 600 calls through the app took past the minute (the window
    // rolled over before the 601st), then past two minutes. The last ten and the 601st go through.
    const previous = t.app.rateLimiter;
    let clock = Date.now();
    t.app.rateLimiter = memoryRateLimiter(() => clock);
    try {
      for (let i = 0; i < 590; i++) await t.app.rateLimiter.hit(`integration:${limited.id}`, 60_000);
      for (let i = 590; i < 600; i++) {
        const res = await call(t.app, 'GET', '/orders?limit=1', limited.secret);
        if (res.statusCode !== 200) throw new Error(`request ${i + 1}: ${res.statusCode} ${res.body}`);
      }
      clock += 45_000;
      const over = await call(t.app, 'GET', '/orders?limit=1', limited.secret);
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBe(15);
      expect(over.json().message).toMatch(/600/);
      expect((await call(t.app, 'GET', '/orders?limit=1', key.secret)).statusCode).toBe(200);
      // A minute after the first call the key may call again.
      clock += 15_000;
      expect((await call(t.app, 'GET', '/orders?limit=1', limited.secret)).statusCode).toBe(200);
    } finally {
      t.app.rateLimiter = previous;
    }
  }, 120_000);
});

describe('keys and the admin API', () => {
  it('a cookie session without the anti-forgery token cannot make or revoke keys (419), with or without a bearer header', async () => {
    expect((await admin.post('/api/admin/integrations/keys', { name: 'x', scopes: ['orders:read'] }, { xsrf: false })).statusCode).toBe(419);
    const withBearer = await admin.post(
      '/api/admin/integrations/keys',
      { name: 'x', scopes: ['orders:read'] },
      { xsrf: false, headers: { authorization: `Bearer ${key.secret}` } },
    );
    expect(withBearer.statusCode).toBe(419);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/integrations/keys/${key.id}`, xsrf: false })).statusCode).toBe(419);
  });

  it('a browser session cannot call the integration API: a cookie is not a key', async () => {
    const res = await admin.request({ method: 'PUT', url: '/api/integration/v1/customers/C-1', payload: { name: 'X' } });
    expect(res.statusCode).toBe(401);
  });

  it('a key opens no /api/admin route', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/integrations/keys'],
      ['POST', '/api/admin/integrations/keys'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/customers'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key.secret}` },
        ...(method === 'POST' ? { payload: { name: 'x', scopes: ['orders:read'] } } : {}),
      });
      expect([401, 419], `${method} ${url}`).toContain(res.statusCode);
    }
  });

  it('key routes need integrations.update: a staff member without it gets 403', async () => {
    const staff = await loggedIn(t.app, (await createUser({ roleIds: [] })).email);
    expect((await staff.get('/api/admin/integrations/keys')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/integrations/keys' })).statusCode).toBe(401);
  });

  it('refuses NUL and oversized names', async () => {
    expect((await admin.post('/api/admin/integrations/keys', { name: 'a\u0000b', scopes: ['orders:read'] })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/integrations/keys', { name: 'a'.repeat(101), scopes: ['orders:read'] })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/integrations/keys', { name: 'a\nb', scopes: ['orders:read'] })).statusCode).toBe(422);
  });
});
