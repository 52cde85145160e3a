// Issue 37, hole 10: a stranger's wrong passwords lock only their own address (the account and
// address pair), the account alone only slows down, the 429 message states the real wait, and the
// registration form does not tell whether an address has an account.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { memoryRateLimiter, tooManyMessage } from '~/core/http/rate-limit.server';
import { users } from '~/features/accounts/accounts.schema';
import { createUser, latestMail, mailCount, PASSWORD, registration } from '~/features/accounts/tests/helpers';
import { beginLogin, loginDelayMs } from '~/features/accounts/throttle.server';
import { newSessionId } from '~/core/session/session.server';
import * as loginPage from '~/features/accounts/routes/login';
import * as registerPage from '~/features/accounts/routes/register';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The arguments React Router gives a page action: a guest's form post from `ip`. */
function pageArgs(path: string, fields: Record<string, string>, ip: string) {
  const sid = newSessionId();
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  const context = {
    nonce: 'n',
    config: t.app.config,
    sid,
    xsrfToken: 'token',
    clientIp: ip,
    session: async () => ({ id: sid, isNew: false, userId: null, data: {} }),
  };
  return { context, request: new Request(`http://localhost${path}`, { method: 'POST', body }), params: { locale: 'pl' } } as never;
}

const post = (ip: string, url: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  new TestClient(t.app).request({ method: 'POST', url, payload, remoteAddress: ip, headers });

describe('login lockout per account and address (hole 10)', () => {
  it('twelve failures from an attacker lock the attacker, not the owner from their own address', async () => {
    const owner = await createUser();
    const attacker = '203.0.113.66';
    for (let i = 0; i < 10; i++) {
      expect((await post(attacker, '/api/login', { email: owner.email, password: `Wrong-pass-${i}` })).statusCode, `failure ${i + 1}`).toBe(422);
    }
    // The pair is locked: even the right password from the attacker's address gets 429.
    for (let i = 0; i < 2; i++) {
      const locked = await post(attacker, '/api/login', { email: owner.email, password: i ? PASSWORD : 'Wrong-pass-x' });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ message: 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 15 minut i spróbować ponownie.' });
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    }
    // The owner from their usual address logs in, only slowed down by the account's failures.
    const started = Date.now();
    const res = await post('198.51.100.5', '/api/login', { email: owner.email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(loginDelayMs(10) - 50);
    // English states the same real wait.
    const en = await post(attacker, '/api/login', { email: owner.email, password: PASSWORD }, { 'x-locale': 'en' });
    expect(en.statusCode).toBe(429);
    expect(en.json()).toEqual({ message: 'Too many requests detected. Please wait 15 minutes and try again.' });
  });

  it('the account alone slows down progressively and is never locked', () => {
    expect([0, 4, 5, 6, 7, 8, 9, 50].map(loginDelayMs)).toEqual([0, 0, 250, 500, 1000, 2000, 3000, 3000]);
  });

  it('the message states the real remaining wait, rounded up to whole minutes (pl and en)', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter(() => now);
    const noWait = async () => {};
    for (let i = 0; i < 10; i++) expect((await beginLogin('clock@example.com', '192.0.2.9', limiter, noWait)).allowed).toBe(true);
    now += 12 * 60_000 + 30_000; // 2.5 minutes left
    const locked = await beginLogin('clock@example.com', '192.0.2.9', limiter, noWait);
    expect(locked.allowed).toBe(false);
    expect(locked.retryAfterMs).toBe(150_000);
    expect(tooManyMessage('pl', locked.retryAfterMs)).toBe('Wykryto zbyt dużą ilość żądań. Proszę odczekać 3 minuty i spróbować ponownie.');
    expect(tooManyMessage('en', locked.retryAfterMs)).toBe('Too many requests detected. Please wait 3 minutes and try again.');
    now += 100_000; // 50 s left
    expect(tooManyMessage('pl', (await beginLogin('clock@example.com', '192.0.2.9', limiter, noWait)).retryAfterMs)).toBe(
      'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.',
    );
    expect(tooManyMessage('pl', 12 * 60_000)).toContain('12 minut ');
    expect(tooManyMessage('pl', 22 * 60_000)).toContain('22 minuty');
    now += 50_000;
    expect((await beginLogin('clock@example.com', '192.0.2.9', limiter, noWait)).allowed).toBe(true);
  });

  it('the login page states the real wait too', async () => {
    const owner = await createUser();
    const ip = '203.0.113.67';
    for (let i = 0; i < 10; i++) await post(ip, '/api/login', { email: owner.email, password: `Wrong-pass-${i}` });
    const res = (await loginPage.action(pageArgs('/pl/login', { email: owner.email, password: PASSWORD }, ip))) as unknown as {
      data: { throttled: string; result: { error: Record<string, string[]> } };
      init: { status: number; headers: Record<string, string> };
    };
    expect(res.init.status).toBe(429);
    expect(res.data.throttled).toBe('Wykryto zbyt dużą ilość żądań. Proszę odczekać 15 minut i spróbować ponownie.');
    expect(JSON.stringify(res.data.result)).toContain('odczekać 15 minut');
    expect(Number(res.init.headers['Retry-After'])).toBeGreaterThan(14 * 60);
  });
});

describe('registration does not reveal an existing account (hole 10)', () => {
  it('answers an existing address exactly as a new one, and mails the owner instead', async () => {
    const owner = await createUser();
    const fresh = registration();
    const forNew = await post('192.0.2.140', '/api/register', fresh);
    const forExisting = await post('192.0.2.141', '/api/register', registration({ email: owner.email.toUpperCase() }));
    expect(forNew.statusCode).toBe(200);
    expect(forExisting.statusCode).toBe(forNew.statusCode);
    expect(forExisting.body).toBe(forNew.body);
    expect(forExisting.cookies.map((c) => c.name).sort()).toEqual(forNew.cookies.map((c) => c.name).sort());
    // One account per address; the owner's data untouched; the owner is told, no verification mail.
    const rows = await getDb().select().from(users).where(eq(users.email, owner.email));
    expect(rows).toHaveLength(1);
    expect(rows[0].passwordHash).toBe(owner.passwordHash);
    const mail = await latestMail(owner.email, 'account.register-attempt');
    expect(mail?.subject).toBe('Próba rejestracji z Twoim adresem – COBI NET');
    expect(mail?.text).toContain('/pl/login');
    expect(await mailCount(owner.email, 'account.verify')).toBe(0);
    expect(await mailCount(String(fresh.email), 'account.verify')).toBe(1);
    // An owner who reads English gets it in English.
    await getDb().update(users).set({ defaultLocale: 'en' }).where(eq(users.id, owner.id));
    await post('192.0.2.142', '/api/register', registration({ email: owner.email }));
    expect((await latestMail(owner.email, 'account.register-attempt'))?.subject).toBe('Registration attempt with your address – COBI NET');
  });

  it('the registration page answers both with "check your mailbox" and a new session', async () => {
    const owner = await createUser();
    type Answer = { data: { sent: string }; init: { status?: number; headers: Headers } };
    const submit = async (email: string, ip: string) =>
      (await registerPage.action(pageArgs('/pl/register', registration({ email }) as Record<string, string>, ip))) as unknown as Answer;
    const freshEmail = `new.${Date.now()}@example.com`;
    const forNew = await submit(freshEmail, '192.0.2.150');
    const forExisting = await submit(owner.email, '192.0.2.151');
    expect(forNew.data).toEqual({ sent: freshEmail });
    expect(forExisting.data).toEqual({ sent: owner.email });
    expect(forExisting.init.status).toBe(forNew.init.status);
    const cookieNames = (r: Answer) =>
      r.init.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort();
    expect(cookieNames(forExisting)).toEqual(cookieNames(forNew));
    expect(await mailCount(owner.email, 'account.register-attempt')).toBe(1);
  });
});
