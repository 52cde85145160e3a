// Helpers of the courses suites: the mailbox (.eml files the mail worker writes without SMTP_URL),
// API contexts for the administrator and for a fresh active user.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { hydrated } from './fixtures';

export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
export const USER_PASSWORD = 'Kabel-Miedz-Cat6A-kurs';

/** Decodes the parts of an .eml file (quoted-printable or base64) into one text. */
function decodeEml(raw: string): string {
  const unfolded = Buffer.from(raw.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
  const qp = Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

function mailsTo(to: string): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
    .filter((raw) => raw.includes(`\nTo: ${to}`))
    .map(decodeEml);
}

/** Waits for a mail to `to` whose text matches `pattern` and returns its text. */
export async function waitForMail(to: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = mailsTo(to).find((m) => pattern.test(m)) ?? '';
        return found !== '';
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found;
}

async function xsrf(ctx: APIRequestContext) {
  return (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

/** An API context with the XSRF header filled in on each write. */
export async function apiContext(login?: { email: string; password: string }) {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const call = async (method: 'post' | 'put' | 'delete', url: string, data?: Record<string, unknown>) =>
    ctx[method](url, { data, headers: { 'x-xsrf-token': await xsrf(ctx) } });
  if (login) expect((await call('post', '/api/login', login)).status()).toBe(200);
  return { ctx, call };
}

/** A verified and activated user (registration, the mailed link, activation by the administrator). */
export async function createActiveUser(email: string, firstName = 'Marta', surname = 'Sikorska') {
  const user = await apiContext();
  const res = await user.call('post', '/api/register', {
    first_name: firstName,
    surname,
    email,
    password: USER_PASSWORD,
    password_confirmation: USER_PASSWORD,
    default_locale: 'pl',
    company: 'SIK-NET Instalacje',
    city: 'Kalisz',
    phone: '+48 602 300 400',
    accepted_terms: '1',
    accepted_privacy: '1',
    accepted_rodo: '1',
  });
  expect(res.status(), await res.text()).toBe(200);
  const mail = await waitForMail(email, /\/verify\//);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/verify\/[^\s"<>]+/)?.[0] ?? '';
  const u = new URL(link.replaceAll('&amp;', '&'));
  // The link's page asks; its button posts the form (the page action takes the form's token).
  await user.ctx.get(`${u.pathname}${u.search}`);
  expect((await user.ctx.post(`${u.pathname}${u.search}`, { form: { _token: await xsrf(user.ctx) } })).ok()).toBe(true);
  const id = (await (await user.ctx.get('/api/my-account')).json()).id as number;
  const admin = await apiContext(ADMIN);
  expect((await admin.call('post', `/api/admin/users/${id}/activate`)).status()).toBe(200);
  await admin.ctx.dispose();
  await user.ctx.dispose();
  return { id, email, password: USER_PASSWORD };
}

export async function acceptCookies(page: Page) {
  const necessary = page.getByRole('button', { name: /Tylko niezbędne|Necessary only/ });
  if (await necessary.isVisible().catch(() => false)) await necessary.click();
}

export async function loginInBrowser(page: Page, email: string, password: string, locale = 'pl') {
  await page.goto(`/${locale}/login`);
  // A click while React hydrates the form can be lost: the form is filled once the page is interactive.
  await hydrated(page);
  await acceptCookies(page);
  await page.getByLabel(locale === 'pl' ? 'Adres e-mail' : 'E-mail address').fill(email);
  await page.getByLabel(locale === 'pl' ? 'Hasło' : 'Password').fill(password);
  await page.getByRole('button', { name: locale === 'pl' ? 'Zaloguj się' : 'Log in', exact: true }).click();
  // The login derives the password's key (argon2id): on a loaded CI machine that alone can take seconds.
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
}

/** The public list of dates (GET /api/courses). */
export async function upcomingCourses(): Promise<{ id: number; city: string; seats_left: number; seats: number }[]> {
  const ctx = await request.newContext({ baseURL });
  const list = await (await ctx.get('/api/courses')).json();
  await ctx.dispose();
  return list;
}
