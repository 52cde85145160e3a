// Helpers of the rental suites (rentals.e2e.ts and admin-rentals.e2e.ts): an active user made
// through the API (register, then the administrator verifies and activates), logins, mails.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { hydrated } from './fixtures';

export const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
export const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
export const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
export const PASSWORD = 'Kabel-Miedz-Cat6A-rent';

const xsrfOf = async (ctx: APIRequestContext) => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/** An API context logged in as the given account. */
export async function apiAs(email: string, password: string): Promise<{ ctx: APIRequestContext; xsrf: string }> {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const res = await ctx.post('/api/login', { data: { email, password }, headers: { 'x-xsrf-token': await xsrfOf(ctx) } });
  expect(res.status(), await res.text()).toBe(200);
  return { ctx, xsrf: await xsrfOf(ctx) };
}

/** Registers a user and has the administrator verify and activate it; returns its e-mail. */
export async function activeUser(prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const reg = await ctx.post('/api/register', {
    headers: { 'x-xsrf-token': await xsrfOf(ctx) },
    data: {
      first_name: 'Jan',
      surname: 'Najemca',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      default_locale: 'pl',
      company: 'Instal-Net Sp. z o.o.',
      position: 'Kierownik robót',
      address: 'ul. Kablowa 5',
      city: 'Poznań',
      country: 'Polska',
      province: 'wielkopolskie',
      postcode: '60-101',
      tax_identification_nr: '7791011327',
      phone: '+48 600 100 200',
      accepted_terms: true,
      accepted_privacy: true,
      accepted_rodo: true,
      is_b2b_request: false,
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  await ctx.dispose();
  const admin = await apiAs(ADMIN.email, ADMIN.password);
  const list = await (await admin.ctx.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json();
  const id = list.items[0].id;
  for (const action of ['verify-email', 'activate']) {
    const res = await admin.ctx.post(`/api/admin/users/${id}/${action}`, { headers: { 'x-xsrf-token': admin.xsrf } });
    expect(res.status(), `${action}: ${await res.text()}`).toBe(200);
  }
  await admin.ctx.dispose();
  return email;
}

export async function login(page: Page, email: string, password: string, locale: 'pl' | 'en' = 'pl') {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto(`/${locale}/login`);
  await hydrated(page);
  await page.getByLabel(locale === 'pl' ? 'Adres e-mail' : 'E-mail address').fill(email);
  await page.getByLabel(locale === 'pl' ? 'Hasło' : 'Password').fill(password);
  await page.getByRole('button', { name: locale === 'pl' ? 'Zaloguj się' : 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${locale}$`), { timeout: 30_000 });
}

/** Logs the page's browser context in through the API, without the login form (accounts.e2e.ts tests that form). */
export async function loginViaApi(page: Page, email: string, password: string) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.request.get(`${baseURL}/healthz`);
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(`${baseURL}/api/login`, { data: { email, password }, headers: { 'x-xsrf-token': xsrf } });
  expect(res.status(), await res.text()).toBe(200);
}

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

/** The decoded mails (.eml files the worker writes without SMTP_URL) to one address. */
export function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(to))
      .map(decodeEml);
  } catch {
    return [];
  }
}

/** A day as 'YYYY-MM-DD' in Poland, `n` days from today. */
export function dayFromToday(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The first Tuesday at least `min` days from today (a handover day; Monday is a day off). */
export function tuesdayFrom(min: number): string {
  for (let n = min; ; n++) {
    const day = dayFromToday(n);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) return day;
  }
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function dd(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}.${m}.${y}`;
}
