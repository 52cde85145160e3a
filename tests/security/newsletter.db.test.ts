// The newsletter signup and the calculator purchase (issue 16), the four cases every public form adds
// here: rate limit per IP (X-Forwarded-For does not help), a NUL character, oversized fields and
// malformed bodies; and the two routes other sites call without the anti-forgery token (one-click
// unsubscribe, the Przelewy24 notification) refuse what they do not recognise.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { multipart } from '~/features/catalog/admin/tests/helpers';
import { calculatorPurchases, newsletterSubscribers } from '~/features/newsletter/newsletter.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';
const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { BANK_ACCOUNT: '12 1020 3017 0000 2902 0000 0001' } });
});
afterAll(async () => {
  await t?.close();
});

const send = (url: string, payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  new TestClient(t.app).request({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip, headers });
const email = () => `sec.${Math.random().toString(36).slice(2, 10)}@example.com`;
const subscribers = (e: string) => getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, e));

describe.each([
  ['/api/newsletter', (e: string) => ({ name: 'Ewa', email: e, consent: '1' })],
  ['/api/calculator/purchase', (e: string) => ({ name: 'Ewa', email: e })],
])('POST %s under attack', (url, body) => {
  const stored = async (e: string) =>
    url === '/api/newsletter'
      ? (await subscribers(e)).length
      : (await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.email, e))).length;

  it('the 21st submission from one IP in an hour answers 429, whatever X-Forwarded-For says', async () => {
    const ip = url === '/api/newsletter' ? '198.51.100.61' : '198.51.100.62';
    for (let i = 0; i < 20; i++) {
      const res = await send(url, { ...body(email()), email: 'bad' }, ip, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(422);
    }
    const e = email();
    const blocked = await send(url, body(e), ip, { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    expect(await stored(e)).toBe(0);
    expect((await send(url, body(email()), `${ip}1`)).statusCode).toBe(200);
  });

  it('a NUL character in a field is refused with 422 (JSON and multipart) and stores nothing', async () => {
    const e = email();
    const json = await send(url, { ...body(e), name: `Ew${NUL}a` }, '198.51.100.70');
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: NUL_MESSAGE, errors: { name: [NUL_MESSAGE] } });
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...body(e), name: `Ew${NUL}a` })) fd.append(k, String(v));
    const m = await multipart(fd);
    const mp = await new TestClient(t.app).request({ method: 'POST', url, payload: m.payload, headers: m.headers, remoteAddress: '198.51.100.70' });
    expect(mp.statusCode).toBe(422);
    expect(mp.json().errors.name).toEqual([NUL_MESSAGE]);
    expect(await stored(e)).toBe(0);
  });

  it('oversized fields are refused (422 per field, or 413 for a multipart field past the parser limit)', async () => {
    const e = email();
    const res = await send(url, { ...body(e), name: 'A'.repeat(5000) }, '198.51.100.80');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name[0]).toBe('Najwyżej 100 znaków.');
    const long = await send(url, { ...body(e), email: `${'a'.repeat(300)}@example.com` }, '198.51.100.80');
    expect(long.json().errors.email[0]).toBe('Najwyżej 254 znaków.');
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...body(e), name: 'C'.repeat(40_000) })) fd.append(k, String(v));
    const m = await multipart(fd);
    const big = await new TestClient(t.app).request({ method: 'POST', url, payload: m.payload, headers: m.headers, remoteAddress: '198.51.100.80' });
    expect([413, 422]).toContain(big.statusCode);
    expect(await stored(e)).toBe(0);
  });

  it('malformed bodies answer 400 { message }', async () => {
    const boundary = '----nl-boundary';
    const cases: [string, string][] = [
      ['application/json', '{"name": "Ewa", '],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nanna@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nEw`,
      ],
      ['multipart/form-data', 'email=anna%40example.com'],
    ];
    for (const [type, payload] of cases) {
      const res = await new TestClient(t.app).request({ method: 'POST', url, payload, headers: { 'content-type': type }, remoteAddress: '198.51.100.90' });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ message: BAD_BODY });
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});

describe('routes called by other sites (no anti-forgery token)', () => {
  it('one-click unsubscribe: an unknown or malformed token is a 404, NUL a 422, and the limit holds', async () => {
    for (const token of ['x', 'A'.repeat(43), `${'A'.repeat(42)}%00`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${token}`, remoteAddress: '198.51.100.95' });
      expect([404, 422], token).toContain(res.statusCode);
    }
    for (let i = 0; i < 20; i++) {
      const res = await t.app.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${'B'.repeat(43)}`, remoteAddress: '198.51.100.96' });
      expect(res.statusCode).toBe(404);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${'B'.repeat(43)}`,
      remoteAddress: '198.51.100.96',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('the Przelewy24 notification is not there when Przelewy24 is not configured, and other posts still need the token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/calculator/p24/notification', payload: { sessionId: 'x' } });
    expect(res.statusCode).toBe(404);
    // Without any session cookie the refusal is the lost session's 401 (session-lost.db.test.ts).
    const noToken = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { name: 'E', email: email(), consent: '1' } });
    expect(noToken.statusCode).toBe(401);
  });
});
