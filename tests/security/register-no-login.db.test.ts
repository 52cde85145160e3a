// Issue 37, hole 10 (finished): registration must not reveal whether an address has an account. It
// answered both with the same message, but logged a new address in at once and a known one not, so
// the session told them apart (GET /api/my-account: 200 or 401). Now nobody is logged in by
// registering: both get the same status, body and cookies, and the mailed verification link logs
// its owner in.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { sessions } from '~/core/session/session.schema';
import { newSessionId, sessionKey } from '~/core/session/session.server';
import { users } from '~/features/accounts/accounts.schema';
import * as loginPage from '~/features/accounts/routes/login';
import * as registerPage from '~/features/accounts/routes/register';
import * as verifyPage from '~/features/accounts/routes/verify';
import { createUser, latestMail, linkIn, PASSWORD, registration } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cookieNames = (res: { cookies: { name: string }[] }) => res.cookies.map((c) => c.name).sort();

/** The user a session cookie value belongs to (null: anonymous or no row). */
async function userOfSid(sid: string | undefined): Promise<number | null> {
  if (!sid) return null;
  const [row] = await getDb()
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.idHash, sessionKey(sid)));
  return row?.userId ?? null;
}

/** The arguments React Router gives a page loader or action; `userId` is the session's user. */
function pageArgs(path: string, opts: { userId?: number | null; fields?: Record<string, string>; ip?: string } = {}) {
  const sid = newSessionId();
  let body: FormData | undefined;
  if (opts.fields) {
    body = new FormData();
    for (const [k, v] of Object.entries(opts.fields)) body.append(k, v);
  }
  const context = {
    nonce: 'n',
    config: t.app.config,
    sid,
    xsrfToken: 'token',
    clientIp: opts.ip ?? '127.0.0.1',
    session: async () => ({ id: sid, isNew: false, userId: opts.userId ?? null, data: {} }),
  };
  const request = new Request(`http://localhost${path}`, body ? { method: 'POST', body } : undefined);
  return { context, request, params: { locale: 'pl', ...(path.includes('/verify/') ? { token: path.split('/verify/')[1]?.split('?')[0] } : {}) } } as never;
}

/** Runs a loader or action; a thrown Response (redirect) is returned. */
async function settle(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof Response) return e;
    throw e;
  }
}

const sidCookie = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0]
    ?.slice(4);

describe('POST /api/register: a new address and a known one are alike (hole 10)', () => {
  it('the same status, byte-identical body, the same cookie names, and neither is logged in', async () => {
    const owner = await createUser();
    const fresh = registration();
    const newcomer = new TestClient(t.app);
    const prober = new TestClient(t.app);
    const forNew = await newcomer.request({ method: 'POST', url: '/api/register', payload: fresh as never, remoteAddress: '192.0.2.160' });
    const forExisting = await prober.request({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: owner.email }) as never,
      remoteAddress: '192.0.2.161',
    });
    expect(forNew.statusCode, forNew.body).toBe(200);
    expect(forExisting.statusCode).toBe(forNew.statusCode);
    expect(forExisting.body).toBe(forNew.body);
    expect(forNew.json()).toEqual({ message: 'Sprawdź skrzynkę e-mail: wysłaliśmy wiadomość na podany adres.' });
    expect(cookieNames(forExisting)).toEqual(cookieNames(forNew));
    expect(cookieNames(forNew)).toEqual(['XSRF-TOKEN', 'sid']);
    // Neither session holds a user: the current-user call answers both with 401.
    for (const client of [newcomer, prober]) {
      expect((await client.get('/api/my-account')).statusCode).toBe(401);
      expect(await userOfSid(client.cookies.get('sid'))).toBeNull();
    }
    const [created] = await getDb()
      .select()
      .from(users)
      .where(eq(users.email, String(fresh.email)));
    expect(created?.lastLoginAt).toBeNull();
    expect(
      await getDb()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, created?.id ?? -1)),
    ).toEqual([]);
  });

  it('in English too', async () => {
    const owner = await createUser();
    const en = { 'x-locale': 'en' };
    const forNew = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: registration() as never,
      headers: en,
      remoteAddress: '192.0.2.162',
    });
    const forExisting = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/register',
      payload: registration({ email: owner.email }) as never,
      headers: en,
      remoteAddress: '192.0.2.163',
    });
    expect(forNew.statusCode).toBe(200);
    expect(forExisting.body).toBe(forNew.body);
    expect(forNew.json()).toEqual({ message: 'Check your mailbox: we have sent a message to the address you gave.' });
  });
});

describe('the register page: a new address and a known one are alike (hole 10)', () => {
  it('the same answer ("check your mailbox"), the same cookies, and an anonymous session for both', async () => {
    const owner = await createUser();
    type Answer = { data: { sent: string }; init: { status?: number; headers: Headers } };
    const submit = async (email: string, ip: string) =>
      (await settle(() => registerPage.action(pageArgs('/pl/register', { fields: registration({ email }) as Record<string, string>, ip })))) as Answer;
    const freshEmail = `nowy.${Math.random().toString(36).slice(2, 8)}@example.com`;
    const forNew = await submit(freshEmail, '192.0.2.170');
    const forExisting = await submit(owner.email, '192.0.2.171');
    // Not a redirect to the verify screen (that was login-only, so it showed who got logged in).
    expect(forNew).not.toBeInstanceOf(Response);
    expect(forExisting).not.toBeInstanceOf(Response);
    expect(forNew.data).toEqual({ sent: freshEmail });
    expect(forExisting.data).toEqual({ sent: owner.email });
    expect(forExisting.init.status).toBe(forNew.init.status);
    const names = (a: Answer) =>
      a.init.headers
        .getSetCookie()
        .map((c) => c.split('=')[0])
        .sort();
    expect(names(forExisting)).toEqual(names(forNew));
    expect(names(forNew)).toEqual(['XSRF-TOKEN', 'sid']);
    expect(await userOfSid(sidCookie(forNew.init.headers))).toBeNull();
    expect(await userOfSid(sidCookie(forExisting.init.headers))).toBeNull();
  });
});

describe('the mailed verification link logs its owner in (SPEC section 4)', () => {
  async function registerAndLink(overrides: Record<string, unknown> = {}) {
    const data = registration(overrides);
    const res = await new TestClient(t.app).request({ method: 'POST', url: '/api/register', payload: data as never, remoteAddress: '192.0.2.180' });
    expect(res.statusCode).toBe(200);
    const link = new URL(linkIn((await latestMail(String(data.email), 'account.verify')).text, '/verify/'));
    const [u] = await getDb()
      .select()
      .from(users)
      .where(eq(users.email, String(data.email)));
    return { path: `${link.pathname}${link.search}`, userId: u?.id as number };
  }

  it('opening it only asks (a mail scanner changes nothing); the button verifies, logs the guest in and leads to wait-for-activation; once', async () => {
    const { path, userId } = await registerAndLink();
    const asked = await settle(() => verifyPage.loader(pageArgs(path)));
    expect(asked).toMatchObject({ mode: 'confirm', loggedIn: false });
    expect((await getDb().select().from(users).where(eq(users.id, userId)))[0]?.emailVerifiedAt).toBeNull();
    const answer = (await settle(() => verifyPage.action(pageArgs(path, { fields: { _token: 'token' } })))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/pl/wait-for-activation');
    expect(await userOfSid(sidCookie(answer.headers))).toBe(userId);
    const [u] = await getDb().select().from(users).where(eq(users.id, userId));
    expect(u?.emailVerifiedAt).not.toBeNull();
    // Used once: a second confirmation logs nobody in; the link now says the address is verified.
    const again = (await settle(() => verifyPage.action(pageArgs(path, { fields: { _token: 'token' } })))) as { init: { status: number } };
    expect(again).not.toBeInstanceOf(Response);
    expect(again.init.status).toBe(410);
    expect(await settle(() => verifyPage.loader(pageArgs(path)))).toMatchObject({ mode: 'already', loggedIn: false });
  });

  it('an account activated meanwhile goes home; a tampered link logs nobody in', async () => {
    const { path, userId } = await registerAndLink();
    const tampered = path.replace('signature=', 'signature=x');
    expect(await settle(() => verifyPage.loader(pageArgs(tampered)))).toMatchObject({ mode: 'invalid', loggedIn: false });
    const refused = (await settle(() => verifyPage.action(pageArgs(tampered, { fields: { _token: 'token' } })))) as { init: { status: number } };
    expect(refused.init.status).toBe(410);
    await getDb().update(users).set({ isActive: true }).where(eq(users.id, userId));
    const answer = (await settle(() => verifyPage.action(pageArgs(path, { fields: { _token: 'token' } })))) as Response;
    expect(answer.headers.get('location')).toBe('/pl');
    expect(await userOfSid(sidCookie(answer.headers))).toBe(userId);
  });

  it('someone else logged in on the browser stays logged in as themselves', async () => {
    const other = await createUser();
    const { path, userId } = await registerAndLink();
    const answer = (await settle(() => verifyPage.action(pageArgs(path, { userId: other.id, fields: { _token: 'token' } })))) as Response;
    expect(answer.headers.get('location')).toBe('/pl');
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect((await getDb().select().from(users).where(eq(users.id, userId)))[0]?.emailVerifiedAt).not.toBeNull();
  });

  it('an unverified user logging in with the password lands on the verify screen (resend is there)', async () => {
    const data = registration();
    await new TestClient(t.app).request({ method: 'POST', url: '/api/register', payload: data as never, remoteAddress: '192.0.2.181' });
    const answer = (await settle(() =>
      loginPage.action(pageArgs('/pl/login', { fields: { email: String(data.email), password: PASSWORD }, ip: '192.0.2.182' })),
    )) as Response;
    expect(answer.headers.get('location')).toBe('/pl/verify');
    const client = new TestClient(t.app);
    expect((await client.post('/api/login', { email: data.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await client.post('/api/verify/resend')).statusCode).toBe(200);
  });
});

describe('logging in leads back to the page that asked, never to another site (issue 41)', () => {
  const loginTo = async (next: string, ip: string) => {
    const u = await createUser();
    const path = `/pl/login?next=${encodeURIComponent(next)}`;
    const answer = (await settle(() => loginPage.action(pageArgs(path, { fields: { email: u.email, password: PASSWORD }, ip })))) as Response;
    return answer.headers.get('location');
  };

  it('a page of the site, with its query', async () => {
    expect(await loginTo('/pl/tester-rentals-rent?tester=2', '192.0.2.190')).toBe('/pl/tester-rentals-rent?tester=2');
    expect(await loginTo('/en/my-account/application/7', '192.0.2.191')).toBe('/en/my-account/application/7');
  });

  it.each([
    ['//evil.example/pl', '192.0.2.192'],
    ['https://evil.example/pl/cart', '192.0.2.193'],
    ['/\\evil.example', '192.0.2.194'],
    ['/pl//evil.example', '192.0.2.195'],
    ['/pl/login?next=/pl/cart', '192.0.2.196'],
    ['/xx/cart', '192.0.2.197'],
    ['/pl/cart\r\nSet-Cookie: a=b', '192.0.2.198'],
  ])('not %j: home instead', async (next, ip) => {
    expect(await loginTo(next, ip)).toBe('/pl');
  });

  it('the login page offers only a safe address back', async () => {
    const page = (next: string) => settle(() => loginPage.loader(pageArgs(`/pl/login?next=${encodeURIComponent(next)}`)));
    expect(await page('/pl/cart')).toMatchObject({ next: '/pl/cart' });
    expect(await page('//evil.example')).toMatchObject({ next: null });
  });
});
