// Issue 16, newsletter and calculator access: signup (no enumeration, rate limit, consent history),
// double opt-in with the welcome mail, one-click unsubscribe (List-Unsubscribe), access by the signed
// cookie and by login, the purchase through a Przelewy24 stand-in (sign, verify, replay) and by bank
// transfer marked paid in the admin area; the admin list and export.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '~/core/config.server';
import type { Database } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { buildApp } from '~/core/server/app.server';
import { createUser, latestMail, linkIn, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { features } from '~/server.server';
import { type P24Standin, startP24Standin } from '~tests/helpers/p24-standin';
import { openTestDatabase, TestClient } from '~tests/helpers/test-app';
import { loader as calculatorPageLoader } from '../../../app/pages/calculator';
import { accessCookieValue, CALCULATOR_ACCESS_COOKIE, hasCalculatorAccess, readAccessCookie } from '../calculator-access.server';
import { calculatorPurchases, NEWSLETTER_TERMS_VERSION, newsletterConsents, newsletterSubscribers } from '../newsletter.schema';
import { loader as accessLinkLoader } from '../routes/calculator-access';
import { action as confirmAction, loader as confirmLoader } from '../routes/newsletter-confirm';
import { action as unsubscribePageAction } from '../routes/newsletter-unsubscribe';

const P24 = { merchantId: 123456, posId: 123456, crc: 'a1b2c3d4e5f6a7b8', apiKey: 'f0e1d2c3b4a5968778695a4b3c2d1e0f' };
const SECRET = 'x'.repeat(40);

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let standin: P24Standin;
const apps: FastifyInstance[] = [];
let p24App: FastifyInstance;
let transferApp: FastifyInstance;
let admin: TestClient;

async function appWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent', APP_URL: 'https://kable.example.com', ...env });
  const instance = await buildApp({ config, database, features, logger: false });
  await instance.ready();
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-newsletter-'));
  standin = await startP24Standin(P24);
  p24App = await appWith({
    P24_MERCHANT_ID: String(P24.merchantId),
    P24_POS_ID: String(P24.posId),
    P24_CRC: P24.crc,
    P24_API_KEY: P24.apiKey,
    P24_URL: standin.url,
  });
  transferApp = await appWith({ BANK_ACCOUNT: '12 1020 3017 0000 2902 0000 0001' });
  admin = await loggedIn(transferApp, (await createUser({ roleIds: [1] })).email);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await standin?.close();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let ip = 0;
const nextIp = () => `10.16.${Math.floor(++ip / 250)}.${ip % 250}`;
const uniqueEmail = (p = 'sub') => `${p}.${Math.random().toString(36).slice(2, 10)}@example.com`;

async function signup(app: FastifyInstance, body: Record<string, unknown>, opts: { ip?: string; locale?: 'pl' | 'en' } = {}) {
  const client = new TestClient(app);
  return client.request({
    method: 'POST',
    url: '/api/newsletter',
    payload: body as Record<string, string>,
    headers: { 'x-locale': opts.locale ?? 'pl' },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

const subscriberOf = async (email: string) => (await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)))[0];
const consentsOf = async (id: number) =>
  getDb().select().from(newsletterConsents).where(eq(newsletterConsents.subscriberId, id)).orderBy(newsletterConsents.id);
const SENT_PL = 'Dziękujemy! Jeśli adres nie był jeszcze zapisany, wysłaliśmy na niego wiadomość z linkiem potwierdzającym zapis.';

function pageContext(app: FastifyInstance, userId: number | null = null) {
  return { config: app.config, session: async () => ({ id: 'x', isNew: false, userId, data: {} }), nonce: '', sid: 'x', xsrfToken: 't', clientIp: '127.0.0.1' };
}
const pageArgs = (app: FastifyInstance, url: string, params: Record<string, string>, opts: { cookie?: string; userId?: number } = {}) =>
  ({
    request: new Request(`https://kable.example.com${url}`, { headers: opts.cookie ? { cookie: opts.cookie } : {} }),
    params,
    context: pageContext(app, opts.userId ?? null),
  }) as never;

/** Signs up and confirms through the confirmation link; returns the subscriber and the cookie set. */
async function confirmedSubscriber(email = uniqueEmail()) {
  expect((await signup(p24App, { name: 'Ewa', email, consent: '1', form: 'popup' })).statusCode).toBe(200);
  const mail = await latestMail(email, 'newsletter.confirm');
  const token = new URL(linkIn(mail.text, '/newsletter/confirm/')).pathname.split('/').pop() as string;
  // Opening the link only asks (a mail scanner's visit changes nothing); the button's POST confirms.
  const asked = (await confirmLoader(pageArgs(p24App, `/pl/newsletter/confirm/${token}`, { locale: 'pl', token }))) as unknown as {
    state: string;
    email: string;
  };
  expect(asked).toMatchObject({ state: 'ask', email });
  expect((await subscriberOf(email)).status).toBe('pending');
  const res = (await confirmAction(pageArgs(p24App, `/pl/newsletter/confirm/${token}`, { locale: 'pl', token }))) as unknown as {
    data: { status: string };
    init: { headers: Record<string, string> } | null;
  };
  return { email, token, res, cookie: (res.init?.headers['Set-Cookie'] ?? '').split(';')[0] };
}

describe('POST /api/newsletter', () => {
  it('stores a pending subscriber with its consent (form, terms version) and mails the double opt-in link with List-Unsubscribe', async () => {
    const email = uniqueEmail();
    const res = await signup(p24App, { name: 'Anna', email: email.toUpperCase(), consent: '1', form: 'footer' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SENT_PL });
    const row = await subscriberOf(email);
    expect(row).toMatchObject({ name: 'Anna', status: 'pending', locale: 'pl', confirmedAt: null });
    expect(await consentsOf(row.id)).toMatchObject([{ action: 'subscribe', source: 'footer', termsVersion: NEWSLETTER_TERMS_VERSION }]);
    const mail = await latestMail(email, 'newsletter.confirm');
    expect(mail.subject).toBe('Potwierdź zapis na newsletter COBI NET');
    expect(linkIn(mail.text, '/newsletter/confirm/')).toBe(`https://kable.example.com/pl/newsletter/confirm/${row.confirmToken}`);
    expect(linkIn(mail.text, '/newsletter/unsubscribe/')).toBe(`https://kable.example.com/pl/newsletter/unsubscribe/${row.unsubscribeToken}`);
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<https://kable.example.com/api/newsletter/unsubscribe/${row.unsubscribeToken}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('writes the mail in the subscriber language', async () => {
    const email = uniqueEmail('en');
    const res = await signup(p24App, { name: 'John', email, consent: true, form: 'page' }, { locale: 'en' });
    expect(res.json().message).toBe('Thank you! If the address was not subscribed yet, we have sent it a message with a link to confirm the subscription.');
    const mail = await latestMail(email, 'newsletter.confirm');
    expect(mail.locale).toBe('en');
    expect(mail.subject).toBe('Confirm your COBI NET newsletter subscription');
    expect(linkIn(mail.text, '/newsletter/confirm/')).toContain('/en/newsletter/confirm/');
  });

  it('requires name, a valid e-mail and the consent (422 in the user language)', async () => {
    const res = await signup(p24App, { name: '', email: 'nope', consent: '0' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: ['Pole jest wymagane.'], email: ['Podaj poprawny adres e-mail.'], consent: ['Zgoda jest wymagana.'] });
    const en = await signup(p24App, { name: 'A', email: uniqueEmail(), consent: '' }, { locale: 'en' });
    expect(en.json().errors).toEqual({ consent: ['Consent is required.'] });
  });

  it('answers the same for a confirmed address and sends it nothing (no enumeration)', async () => {
    const { email } = await confirmedSubscriber();
    const before = await mailCount(email, 'newsletter.confirm');
    const res = await signup(p24App, { name: 'Ktoś', email, consent: '1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: SENT_PL });
    expect(await mailCount(email, 'newsletter.confirm')).toBe(before);
    expect((await subscriberOf(email)).status).toBe('confirmed');
  });

  it('a pending address gets one confirmation mail per 10 minutes, whatever the number of signups', async () => {
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 3; i++) expect((await signup(p24App, { name: 'B', email, consent: '1' })).json()).toEqual({ message: SENT_PL });
    expect(await mailCount(email, 'newsletter.confirm')).toBe(1);
    await getDb()
      .update(newsletterSubscribers)
      .set({ confirmSentAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(newsletterSubscribers.email, email));
    await signup(p24App, { name: 'B', email, consent: '1' });
    expect(await mailCount(email, 'newsletter.confirm')).toBe(2);
  });

  it('a filled honeypot answers like a success and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await signup(p24App, { name: 'Bot', email, consent: '1', website: 'http://spam' });
    expect(res.json()).toEqual({ message: SENT_PL });
    expect(await subscriberOf(email)).toBeUndefined();
  });

  it('two signups of one address at once make one subscriber', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.all([1, 2, 3].map(() => signup(p24App, { name: 'R', email, consent: '1' })));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const rows = await getDb().select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    expect(rows).toHaveLength(1);
  });

  it('is rate limited per IP (20 an hour)', async () => {
    const addr = nextIp();
    for (let i = 0; i < 20; i++) expect((await signup(p24App, { name: 'R', email: uniqueEmail('rl'), consent: '1' }, { ip: addr })).statusCode).toBe(200);
    const res = await signup(p24App, { name: 'R', email: uniqueEmail('rl'), consent: '1' }, { ip: addr });
    expect(res.statusCode).toBe(429);
  });
});

describe('confirmation and the access cookie', () => {
  it('confirms once, mails the welcome with the access link and sets the signed cookie', async () => {
    const { email, token, res, cookie } = await confirmedSubscriber();
    expect(res.data.status).toBe('confirmed');
    const row = await subscriberOf(email);
    expect(row).toMatchObject({ status: 'confirmed', confirmToken: null });
    expect((await consentsOf(row.id)).map((c) => [c.action, c.source])).toEqual([
      ['subscribe', 'popup'],
      ['confirm', 'mail-link'],
    ]);
    const welcome = await latestMail(email, 'newsletter.welcome');
    expect(linkIn(welcome.text, '/calculator/access/')).toBe(`https://kable.example.com/pl/calculator/access/${row.accessToken}`);
    expect(linkIn(welcome.text, '/newsletter/unsubscribe/')).toContain(row.unsubscribeToken);
    // The unsubscribe address is a link in the HTML part (issue 41), not text to copy.
    expect(welcome.html).toContain(`<a href="https://kable.example.com/pl/newsletter/unsubscribe/${row.unsubscribeToken}" target="_blank" style="color:`);
    expect(welcome.html).toMatch(/>Wypisz się<\/a>/);
    expect(welcome.headers?.['List-Unsubscribe']).toContain(row.unsubscribeToken);
    expect(cookie).toBe(`${CALCULATOR_ACCESS_COOKIE}=${accessCookieValue(SECRET, { kind: 's', id: row.id })}`);
    expect(res.init?.headers['Set-Cookie']).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
    // The link works once.
    const again = (await confirmAction(pageArgs(p24App, '/pl/newsletter/confirm/x', { locale: 'pl', token }))) as unknown as {
      data: { status: string };
      init: { status: number };
    };
    expect(again.data.status).toBe('invalid');
    expect(again.init.status).toBe(404);
    const page = (await confirmLoader(pageArgs(p24App, '/pl/newsletter/confirm/x', { locale: 'pl', token }))) as unknown as {
      data: { state: string };
      init: { status: number };
    };
    expect(page.data.state).toBe('invalid');
    expect(page.init.status).toBe(404);
    expect(await mailCount(email, 'newsletter.welcome')).toBe(1);
  });

  it('the calculator page: access with the cookie, not with a forged or foreign one, nor without', async () => {
    const { email, cookie } = await confirmedSubscriber();
    const row = await subscriberOf(email);
    const page = async (c?: string) =>
      ((await calculatorPageLoader(pageArgs(p24App, '/pl/calculator', { locale: 'pl' }, { cookie: c }))) as { access: boolean; offer: unknown }).access;
    expect(await page(cookie)).toBe(true);
    expect(await page()).toBe(false);
    expect(await page(`${CALCULATOR_ACCESS_COOKIE}=s.${row.id}.${'A'.repeat(43)}`)).toBe(false);
    expect(await page(`${CALCULATOR_ACCESS_COOKIE}=${accessCookieValue('y'.repeat(40), { kind: 's', id: row.id })}`)).toBe(false);
    expect(readAccessCookie(SECRET, cookie.split('=')[1])).toEqual({ kind: 's', id: row.id });
  });

  it('the access link of the welcome mail sets the cookie and opens the calculator', async () => {
    const { email } = await confirmedSubscriber();
    const row = await subscriberOf(email);
    const thrown = await accessLinkLoader(pageArgs(p24App, '/x', { locale: 'en', token: row.accessToken })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const r = thrown as Response;
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/en/calculator');
    const setCookie = r.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain(`${CALCULATOR_ACCESS_COOKIE}=${accessCookieValue(SECRET, { kind: 's', id: row.id })}`);
    // Long-lived: 730 days (2 years), for the whole site, out of reach of scripts.
    const maxAge = Number(/;\s*Max-Age=(\d+)/i.exec(setCookie)?.[1]);
    expect(maxAge).toBe(730 * 24 * 60 * 60);
    const expires = /;\s*Expires=([^;]+)/i.exec(setCookie)?.[1];
    if (expires) expect(Math.abs(Date.parse(expires) - (Date.now() + 730 * 86_400_000))).toBeLessThan(60_000);
    expect(setCookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    const bad = (await accessLinkLoader(pageArgs(p24App, '/x', { locale: 'en', token: 'B'.repeat(43) }))) as unknown as { init: { status: number } };
    expect(bad.init.status).toBe(404);
  });

  it('a logged-in user whose e-mail is a confirmed subscriber has access; other users do not', async () => {
    const { email } = await confirmedSubscriber();
    const user = await createUser({ email });
    const other = await createUser();
    const page = async (userId: number) =>
      ((await calculatorPageLoader(pageArgs(p24App, '/pl/calculator', { locale: 'pl' }, { userId }))) as { access: boolean }).access;
    expect(await page(user.id)).toBe(true);
    expect(await page(other.id)).toBe(false);
  });
});

describe('unsubscribe', () => {
  it('one-click (RFC 8058) without the anti-forgery token, kept on record; the cookie then stops working', async () => {
    const { email, cookie } = await confirmedSubscriber();
    const row = await subscriberOf(email);
    const res = await p24App.inject({
      method: 'POST',
      url: `/api/newsletter/unsubscribe/${row.unsubscribeToken}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await subscriberOf(email);
    expect(after.status).toBe('unsubscribed');
    expect(after.unsubscribedAt).not.toBeNull();
    expect((await consentsOf(row.id)).map((c) => c.action)).toEqual(['subscribe', 'confirm', 'unsubscribe']);
    expect((await consentsOf(row.id))[2]).toMatchObject({ source: 'list-unsubscribe', termsVersion: NEWSLETTER_TERMS_VERSION });
    expect(await hasCalculatorAccess({ cookieHeader: cookie, userEmail: null, secret: SECRET })).toBe(false);
    expect(await hasCalculatorAccess({ cookieHeader: null, userEmail: email, secret: SECRET })).toBe(false);
    const again = await p24App.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${row.unsubscribeToken}` });
    expect(again.json().message).toBe('Ten adres jest już wypisany z newslettera.');
    expect(await consentsOf(row.id)).toHaveLength(3);
    const unknown = await p24App.inject({ method: 'POST', url: `/api/newsletter/unsubscribe/${'Z'.repeat(43)}` });
    expect(unknown.statusCode).toBe(404);
  });

  it('the unsubscribe page button records the mail link as the source; subscribing again needs a new confirmation', async () => {
    const { email } = await confirmedSubscriber();
    const row = await subscriberOf(email);
    const r = await unsubscribePageAction(pageArgs(p24App, '/x', { locale: 'pl', token: row.unsubscribeToken }));
    expect(r).toEqual({ result: 'done' });
    expect((await consentsOf(row.id)).at(-1)).toMatchObject({ action: 'unsubscribe', source: 'mail-link' });
    await signup(p24App, { name: 'Ewa', email, consent: '1', form: 'page' });
    expect((await subscriberOf(email)).status).toBe('pending');
    expect(await mailCount(email, 'newsletter.confirm')).toBe(2);
  });
});

describe('purchase through Przelewy24 (stand-in)', () => {
  async function buy(email: string) {
    const client = new TestClient(p24App);
    const res = await client.request({ method: 'POST', url: '/api/calculator/purchase', payload: { name: 'Firma Kabel', email }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const redirect = res.json().redirect as string;
    expect(redirect.startsWith(`${standin.url}/trnRequest/`)).toBe(true);
    const token = redirect.split('/').pop() as string;
    const [purchase] = await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.email, email));
    return { token, purchase };
  }
  const notify = (body: Record<string, unknown>) =>
    p24App.inject({ method: 'POST', url: '/api/calculator/p24/notification', payload: body as Record<string, string> });

  it('registers 12.18 PLN gross (9.90 net + 23 % VAT) with urlReturn = the access link and urlStatus = the notification', async () => {
    const email = uniqueEmail('buyer');
    const { token, purchase } = await buy(email);
    expect(purchase).toMatchObject({ method: 'p24', status: 'pending', netAmount: 990, grossAmount: 1218, currency: 'PLN' });
    const tx = standin.transactions.get(token);
    expect(tx).toMatchObject({ amount: 1218, currency: 'PLN', email, sessionId: purchase.p24SessionId });
    expect(tx?.urlReturn).toBe(`https://kable.example.com/pl/calculator/access/${purchase.accessToken}`);
    expect(tx?.urlStatus).toBe('https://kable.example.com/api/calculator/p24/notification');
  });

  it('a notification with a wrong sign gives no access; the verified one does, once, also when replayed', async () => {
    const email = uniqueEmail('buyer');
    const { token, purchase } = await buy(email);
    const forged = await notify(standin.notificationFor(token, { sign: 'f'.repeat(96) }));
    expect(forged.statusCode).toBe(400);
    const otherAmount = await notify(standin.notificationFor(token, { amount: 1 }));
    expect(otherAmount.statusCode).toBe(400);
    expect((await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.id, purchase.id)))[0].status).toBe('pending');
    expect(await hasCalculatorAccess({ cookieHeader: null, userEmail: email, secret: SECRET })).toBe(false);
    expect(standin.verifyCalls).not.toContain(purchase.p24SessionId);

    const good = standin.notificationFor(token);
    const res = await notify(good);
    expect(res.statusCode, res.body).toBe(200);
    const [paid] = await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.id, purchase.id));
    expect(paid).toMatchObject({ status: 'paid', p24OrderId: String(standin.transactions.get(token)?.orderId) });
    expect(standin.verifyCalls.filter((s) => s === purchase.p24SessionId)).toHaveLength(1);
    const mail = await latestMail(email, 'newsletter.calculator-paid');
    expect(linkIn(mail.text, '/calculator/access/')).toBe(`https://kable.example.com/pl/calculator/access/${purchase.accessToken}`);
    expect(
      await hasCalculatorAccess({
        cookieHeader: `${CALCULATOR_ACCESS_COOKIE}=${accessCookieValue(SECRET, { kind: 'p', id: purchase.id })}`,
        userEmail: null,
        secret: SECRET,
      }),
    ).toBe(true);

    // Replayed, also in parallel: still one paid purchase and one mail.
    const replays = await Promise.all([notify(good), notify(good), notify(good)]);
    expect(replays.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await mailCount(email, 'newsletter.calculator-paid')).toBe(1);
    const rows = await getDb()
      .select()
      .from(calculatorPurchases)
      .where(and(eq(calculatorPurchases.email, email), eq(calculatorPurchases.status, 'paid')));
    expect(rows).toHaveLength(1);
  });

  it('a notification for another merchant is refused', async () => {
    const { token, purchase } = await buy(uniqueEmail('buyer'));
    const res = await notify(standin.notificationFor(token, { merchantId: 999 }));
    expect(res.statusCode).toBe(400);
    expect((await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.id, purchase.id)))[0].status).toBe('pending');
  });
});

describe('no way to pay configured (neither Przelewy24 nor BANK_ACCOUNT)', () => {
  it('the page offers no purchase and the API refuses one (503): a pro forma without an account helps nobody', async () => {
    const bare = await appWith({});
    const page = (await calculatorPageLoader(pageArgs(bare, '/pl/calculator', { locale: 'pl' }))) as { offer: { method: string | null } };
    expect(page.offer.method).toBeNull();
    const email = uniqueEmail('nopay');
    const res = await new TestClient(bare).request({
      method: 'POST',
      url: '/api/calculator/purchase',
      payload: { name: 'Jan Kabel', email },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Zakup kalkulatora jest chwilowo niedostępny. Skontaktuj się z nami albo zapisz się na newsletter.');
    expect(await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.email, email))).toEqual([]);
    expect(await mailCount(email, 'newsletter.calculator-proforma')).toBe(0);
  });
});

describe('purchase by bank transfer (Przelewy24 not configured)', () => {
  it('mails the pro forma; access once an administrator marks it paid (confirm: once; admins only)', async () => {
    const email = uniqueEmail('transfer');
    const client = new TestClient(transferApp);
    const res = await client.request({ method: 'POST', url: '/api/calculator/purchase', payload: { name: 'Jan Kabel', email }, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ method: 'transfer' });
    const [purchase] = await getDb().select().from(calculatorPurchases).where(eq(calculatorPurchases.email, email));
    expect(purchase).toMatchObject({ method: 'transfer', status: 'pending', grossAmount: 1218 });
    const proforma = await latestMail(email, 'newsletter.calculator-proforma');
    expect(proforma.text).toContain('12 1020 3017 0000 2902 0000 0001');
    expect(proforma.text).toContain(purchase.reference);
    expect(proforma.text).toContain('12,18');
    expect(await hasCalculatorAccess({ cookieHeader: null, userEmail: email, secret: SECRET })).toBe(false);

    const user = await loggedIn(transferApp, (await createUser()).email);
    expect((await user.post(`/api/admin/calculator-purchases/paid/${purchase.id}`)).statusCode).toBe(403);

    const list = await admin.get('/api/admin/calculator-purchases?status=pending');
    expect(list.json().items.map((i: { reference: string }) => i.reference)).toContain(purchase.reference);
    const marked = await admin.post(`/api/admin/calculator-purchases/paid/${purchase.id}`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await hasCalculatorAccess({ cookieHeader: null, userEmail: email, secret: SECRET })).toBe(true);
    const mail = await latestMail(email, 'newsletter.calculator-paid');
    expect(linkIn(mail.text, '/calculator/access/')).toContain(purchase.accessToken);
    expect((await admin.post(`/api/admin/calculator-purchases/paid/${purchase.id}`)).statusCode).toBe(409);
    expect(await mailCount(email, 'newsletter.calculator-paid')).toBe(1);
  });
});

describe('admin area newsletter', () => {
  it('lists with search and status, exports only confirmed subscribers (CSV, XLSX), unsubscribes manually', async () => {
    const { email } = await confirmedSubscriber(uniqueEmail('adminlist'));
    const pending = uniqueEmail('adminlist');
    await signup(p24App, { name: '=HYPERLINK("x")', email: pending, consent: '1' });
    const list = await admin.get('/api/admin/newsletter/subscribers?q=adminlist');
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((i: { email: string }) => i.email)
        .sort(),
    ).toEqual([email, pending].sort());
    const confirmedOnly = await admin.get('/api/admin/newsletter/subscribers?q=adminlist&status=confirmed');
    expect(confirmedOnly.json().items.map((i: { email: string }) => i.email)).toEqual([email]);

    const csv = await admin.get('/api/admin/newsletter/subscribers/export?format=csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(email);
    expect(csv.body).not.toContain(pending);
    const xlsx = await admin.request({ method: 'GET', url: '/api/admin/newsletter/subscribers/export?format=xlsx&locale=en' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Subscribers');
    const emails = ws?.getColumn(2).values.slice(2) as string[];
    expect(emails).toContain(email);
    expect(emails).not.toContain(pending);

    const row = await subscriberOf(email);
    const user = await loggedIn(transferApp, (await createUser()).email);
    expect((await user.get('/api/admin/newsletter/subscribers')).statusCode).toBe(403);
    expect((await user.post(`/api/admin/newsletter/unsubscribe/${row.id}`)).statusCode).toBe(403);
    const done = await admin.post(`/api/admin/newsletter/unsubscribe/${row.id}`);
    expect(done.statusCode, done.body).toBe(200);
    expect((await subscriberOf(email)).status).toBe('unsubscribed');
    expect((await consentsOf(row.id)).at(-1)).toMatchObject({ action: 'unsubscribe', source: 'admin' });
  });

  it('the CSV neutralises cells a spreadsheet would run as formulas', async () => {
    const email = uniqueEmail('formula');
    await signup(p24App, { name: '=cmd|calc', email, consent: '1' });
    const token = (await subscriberOf(email)).confirmToken as string;
    await confirmAction(pageArgs(p24App, '/x', { locale: 'pl', token }));
    const csv = await admin.get('/api/admin/newsletter/subscribers/export?format=csv');
    expect(csv.body).toContain(`'=cmd|calc,${email}`);
  });
});

it('mail_outbox keeps no headers for ordinary mails', async () => {
  const rows = await getDb().select({ headers: mailOutbox.headers }).from(mailOutbox).where(eq(mailOutbox.kind, 'newsletter.calculator-paid'));
  expect(rows.every((r) => r.headers === null)).toBe(true);
});

it('the sitemap lists the newsletter and calculator pages in both languages', async () => {
  const { collectSitemapPages } = await import('../../../app/seo/sitemap.server');
  const { pages } = await collectSitemapPages();
  const paths = pages.flatMap((p) => Object.values(p.paths));
  expect(paths).toEqual(expect.arrayContaining(['/newsletter', '/calculator']));
});

it('signups never confirmed are swept 30 days after their last confirmation mail; confirmed and unsubscribed ones stay', async () => {
  const { sweepUnconfirmedSubscribers } = await import('../newsletter.server');
  const { sweeperNames } = await import('~/core/maintenance/sweep.server');
  expect(sweeperNames()).toContain('newsletter-unconfirmed');
  const old = uniqueEmail('old');
  const fresh = uniqueEmail('fresh');
  await signup(p24App, { name: 'O', email: old, consent: '1' });
  await signup(p24App, { name: 'F', email: fresh, consent: '1' });
  const { email: confirmed } = await confirmedSubscriber();
  const longAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
  await getDb().update(newsletterSubscribers).set({ confirmSentAt: longAgo }).where(eq(newsletterSubscribers.email, old));
  await getDb().update(newsletterSubscribers).set({ confirmSentAt: longAgo }).where(eq(newsletterSubscribers.email, confirmed));
  expect(await sweepUnconfirmedSubscribers()).toBe(1);
  expect(await subscriberOf(old)).toBeUndefined();
  expect(await subscriberOf(fresh)).toBeDefined();
  expect((await subscriberOf(confirmed)).status).toBe('confirmed');
});
