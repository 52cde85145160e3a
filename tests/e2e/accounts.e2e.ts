// The account journey in Chromium: register, verify from the mailbox (.eml files the mail worker
// writes without SMTP_URL), wait for activation, activation by the administrator, login, the data
// screen, logout, password reset, and the SPEC section 8 reactions (422, 401, 406, 429).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { BUILT_ADMIN_AREAS } from '../../src/app/admin/areas';
import { apiContext, createActiveUser, USER_PASSWORD } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };

const email = `e2e.${Date.now().toString(36)}@example.com`;
const PASSWORD = 'Kabel-Miedz-Cat6A-e2e';
const NEW_PASSWORD = 'Swiatlowod-OM4-e2e-nowe';
let userId = 0;

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

/** The newest link containing `part` in the mails to `to` of the given subject (waits for the worker). */
async function mailLink(to: string, subject: RegExp, part: string, after = 0): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
        } catch {
          return '';
        }
        const mails = files
          .map((f) => ({ f, raw: readFileSync(path.join(mailDir, f), 'utf8') }))
          .filter(({ raw }) => raw.includes(`\nTo: ${to}`))
          .map(({ f, raw }) => ({ f, text: decodeEml(raw) }))
          .filter(({ text }) => subject.test(text))
          .sort((a, b) => a.f.localeCompare(b.f));
        if (mails.length <= after) return '';
        const urls = mails.at(-1)?.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
        link = urls.find((u) => u.includes(part)) ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const u = new URL(link.replaceAll('&amp;', '&'));
  return `${u.pathname}${u.search}`;
}

function mailCount(to: string, subject: RegExp): number {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => decodeEml(readFileSync(path.join(mailDir, f), 'utf8')))
      .filter((t) => t.includes(`\nTo: ${to}`) && subject.test(t)).length;
  } catch {
    return 0;
  }
}

async function adminApi(): Promise<APIRequestContext> {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/login', { data: ADMIN, headers: { 'x-xsrf-token': await xsrf() } });
  expect(res.status()).toBe(200);
  return ctx;
}

async function adminCall(action: 'activate' | 'deactivate') {
  const ctx = await adminApi();
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post(`/api/admin/users/${userId}/${action}`, { headers: { 'x-xsrf-token': xsrf } });
  expect(res.status()).toBe(200);
  await ctx.dispose();
}

async function acceptCookies(page: Page) {
  const necessary = page.getByRole('button', { name: /Tylko niezbędne|Necessary only/ });
  if (await necessary.isVisible().catch(() => false)) await necessary.click();
}

/** The first invalid field is focused and sits 5 px below the sticky navigation (SPEC section 5). */
async function expectScrolledToFirstInvalid(page: Page, id: string) {
  await expect(page.locator(`#${id}`)).toBeFocused();
  await expect
    .poll(() =>
      page.evaluate((fieldId) => {
        const nav = document.getElementById('nav')?.getBoundingClientRect().height ?? 0;
        const top = document.getElementById(fieldId)?.getBoundingClientRect().top ?? -1;
        return Math.abs(top - (nav + 5));
      }, id),
    )
    .toBeLessThanOrEqual(2);
}

test('register: 422 under each field, scroll to the first invalid one, then "check your mailbox" (no login), the password leads to verify', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/pl/register');
  await acceptCookies(page);
  await expectNoSeriousA11yViolations(page);
  const form = page.locator('#register');
  await expect(form.getByRole('link', { name: /regulamin serwisu/ })).toHaveAttribute('href', '/pl/static/regulamin');
  await expect(form.getByRole('link', { name: /polityką prywatności/ })).toHaveAttribute('href', '/pl/static/polityka-prywatnosci');

  // Scroll to the bottom and submit: the browser-side check (same schema) marks the fields.
  await page.getByLabel('Imię').fill('Anna');
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.locator('#register-surname')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#register-surname')).toHaveAttribute('aria-describedby', /register-surname-error/);
  await expect(page.locator('#register-surname-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#register-accepted_terms-error')).toHaveText('Ta zgoda jest wymagana.');
  await expectScrolledToFirstInvalid(page, 'register-surname');

  await page.getByLabel('Nazwisko').fill('Nowak');
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Telefon').fill('+48 600 100 200');
  await page.locator('#register-password').fill('qwertyuiop1');
  await page.getByLabel('Powtórz hasło').fill('qwertyuiop1');
  await page.getByLabel('Firma').fill('Instal-Net');
  await page.getByLabel('NIP').fill('7791011327');
  await page.getByLabel(/Akceptuję/).check();
  await page.getByLabel(/Zapoznałem/).check();
  await page.getByLabel(/RODO/).check();
  // A common password passes the browser check and is refused by the server (422 from the action).
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  await expect(page.locator('#register-password-error')).toHaveText('To hasło jest zbyt popularne i łatwe do odgadnięcia. Wybierz inne.');
  await expectScrolledToFirstInvalid(page, 'register-password');

  await page.locator('#register-password').fill(PASSWORD);
  await page.getByLabel('Powtórz hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Załóż konto' }).click();
  // Issue 37: the same screen whether the address had an account or not, and nobody is logged in.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sprawdź skrzynkę e-mail');
  await expect(page).toHaveURL(/\/pl\/register$/);
  await expect(page.getByText('Sprawdź skrzynkę e-mail: wysłaliśmy wiadomość na podany adres.')).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get('/api/my-account')).status()).toBe(401);

  // An unverified user who logs in with the password lands on the verify screen.
  await page.getByRole('link', { name: 'Zaloguj się' }).first().click();
  await expect(page).toHaveURL(/\/pl\/login$/);
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/verify$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Potwierdź adres e-mail');
  await expect(page.getByText(email)).toBeVisible();
  userId = (await (await page.request.get('/api/my-account')).json()).id;
  expect(userId).toBeGreaterThan(0);

  // Guest-only pages send a logged-in user home; wait-for-activation sends an unverified one to verify.
  await page.goto('/pl/login');
  await expect(page).toHaveURL(/\/pl$/);
  await page.goto('/pl/wait-for-activation');
  await expect(page).toHaveURL(/\/pl\/verify$/);
});

test('verify: resend is rate-limited (429), the mailed link verifies once, logs a guest in and leads to wait-for-activation', async ({ page }) => {
  await page.goto('/pl/login');
  await acceptCookies(page);
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/verify$/);

  await mailLink(email, /Potwierd/, '/verify/'); // the registration mail is out
  const before = mailCount(email, /Potwierd/);
  await page.getByRole('button', { name: 'Wyślij link ponownie' }).click();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `Wysłaliśmy nowy link weryfikacyjny na adres ${email}.` })
      .first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Wyślij link ponownie' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.' }).first(),
  ).toBeVisible();

  const link = await mailLink(email, /Potwierd/, '/verify/', before);
  // Opened in a browser without the session (another device): opening only asks (a mail scanner's
  // visit changes nothing); the button confirms and logs the owner in.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText(`Potwierdź, że adres ${email} należy do Ciebie.`)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Potwierdzam adres e-mail' }).click();
  await expect(page).toHaveURL(/\/pl\/wait-for-activation$/);
  expect((await (await page.request.get('/api/my-account')).json()).id).toBe(userId);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Konto czeka na aktywację');
  await expectNoSeriousA11yViolations(page);
  // The link works once; opened again it says the address is already verified.
  await page.goto(link);
  await expect(page.getByRole('status').filter({ hasText: 'Ten adres e-mail jest już potwierdzony.' })).toBeVisible();
  await page.getByRole('link', { name: 'Przejdź do strony głównej' }).click();
  await expect(page).toHaveURL(/\/pl$/);
  await page.goto('/pl/my-account/data');
  await expect(page).toHaveURL(/\/pl\/wait-for-activation$/);
});

test('activation, the data screen with 422 and green toasts, the 406 and 401 reactions', async ({ page }) => {
  await adminCall('activate');
  expect(await mailLink(email, /aktywne/, '/login')).toBe('/pl/login');

  await page.goto('/pl/login');
  await acceptCookies(page);
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
  await expect(page.getByRole('link', { name: 'Moje konto' }).first()).toBeVisible();
  await page.goto('/pl/wait-for-activation');
  await expect(page).toHaveURL(/\/pl$/);

  await page.goto('/pl/my-account/data');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Moje konto');
  await expectNoSeriousA11yViolations(page);

  const basic = page.locator('#account-basic');
  await basic.getByLabel('Imię').fill('');
  await basic.getByLabel('Nazwisko').fill('');
  await basic.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.locator('#account-basic-first_name-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#account-basic-surname-error')).toHaveText('Pole jest wymagane.');
  await expectScrolledToFirstInvalid(page, 'account-basic-first_name');
  await basic.getByLabel('Imię').fill('Anna Maria');
  await basic.getByLabel('Nazwisko').fill('Nowak');
  await basic.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: 'Zapisano zmiany.' }).first()).toBeVisible();

  // A server-side 422 (postcode rule for Poland) shows under its field.
  const profile = page.locator('#account-profile');
  await profile.getByLabel('Kod pocztowy').fill('64100');
  await profile.getByLabel('Kraj').fill('Polska');
  await profile.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.locator('#account-profile-postcode-error')).toHaveText('Podaj kod pocztowy w formacie 00-000.');
  await profile.getByLabel('Kod pocztowy').fill('64-100');
  await profile.getByRole('button', { name: 'Zapisz' }).click();
  await expect(profile.getByRole('status').filter({ hasText: 'Zapisano zmiany.' })).toBeVisible();

  // Marketing consent: give, save, withdraw, save; it stays withdrawn after a reload.
  const consents = page.locator('#account-consents');
  await consents.getByLabel(/nowościach/).check();
  await consents.getByRole('button', { name: 'Zapisz' }).click();
  await expect(consents.getByRole('status').filter({ hasText: 'Zapisano zmiany.' })).toBeVisible();
  await consents.getByLabel(/nowościach/).uncheck();
  // The status of the first save is still shown, so wait for the second save's answer before reloading.
  const withdrawn = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/my-account/data'));
  await consents.getByRole('button', { name: 'Zapisz' }).click();
  expect((await withdrawn).ok()).toBe(true);
  await expect(consents.getByRole('status').filter({ hasText: 'Zapisano zmiany.' })).toBeVisible();
  await page.reload();
  await expect(page.locator('#account-consents').getByLabel(/nowościach/)).not.toBeChecked();
  await expect(page.locator('#account-basic').getByLabel('Imię')).toHaveValue('Anna Maria');

  // 406: the provider deactivates the account while the page is open; the next save logs out.
  await adminCall('deactivate');
  await page.locator('#account-settings').getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/pl\/login\?reason=inactive$/);
  const inactive = 'Konto nie zostało aktywowane. Poczekaj lub skontaktuj się z administratorem: biuro@cobinet.pl';
  await expect(page.getByRole('alert').filter({ hasText: inactive }).first()).toBeVisible();
  expect((await page.request.get('/api/my-account')).status()).toBe(401);
  await adminCall('activate');

  // 401: the session ends elsewhere (logout from another tab of the same browser); the next save goes to login.
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
  await page.goto('/pl/my-account/data');
  const other = await page.context().newPage();
  await other.goto('/pl');
  await other.getByRole('button', { name: 'Wyloguj' }).first().click();
  await expect(other).toHaveURL(/\/pl$/);
  await other.close();
  await page.locator('#account-settings').getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/pl\/login\?reason=session-expired&next=\/pl\/my-account\/data$/);
  await expect(page.getByText('Sesja wygasła. Proszę zalogować się ponownie.').first()).toBeVisible();
});

test('login: one message for wrong credentials, 429 after 10 failures, logout button ends the session', async ({ page }) => {
  await page.goto('/en/login');
  await acceptCookies(page);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill('Wrong-password-e2e');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.locator('#login-email-error')).toHaveText('These credentials do not match our records.');
  await expect(page.locator('#login-email')).toBeFocused();

  const ghost = `ghost.${Date.now()}@example.com`;
  for (let i = 0; i < 10; i++) {
    await page.getByLabel('E-mail address').fill(ghost);
    await page.getByLabel('Password').fill(`Wrong-password-${i}`);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.locator('#login-email-error')).toHaveText('These credentials do not match our records.');
  }
  await page.getByLabel('E-mail address').fill(ghost);
  await page.getByLabel('Password').fill('Wrong-password-x');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Too many requests detected. Please wait 15 minutes and try again.' }).first()).toBeVisible();

  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('is-logged-in'))).toBe('1');
  await page.getByRole('button', { name: 'Log out' }).first().click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('link', { name: 'Log in' }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('is-logged-in'))).not.toBe('1');
  expect((await page.request.get('/api/my-account')).status()).toBe(401);
});

let usedResetLink = '';

test('forgot and reset password: same answer, mailed link, new password works once', async ({ page }) => {
  await page.goto('/pl/forgot-password');
  await acceptCookies(page);
  await expectNoSeriousA11yViolations(page);
  const before = mailCount(email, /nowego hasła|nowe hasło/);
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByRole('button', { name: 'Wyślij link' }).click();
  const sent = 'Jeśli konto z tym adresem istnieje, wysłaliśmy na nie link do ustawienia nowego hasła. Link jest ważny 60 minut.';
  await expect(page.getByRole('status').filter({ hasText: sent }).first()).toBeVisible();

  const link = await mailLink(email, /nowego hasła|nowe hasło/, '/reset-password/', before);
  expect(link).toMatch(/^\/pl\/reset-password\/[\w-]{43}$/);
  await page.goto(link);
  await expect(page.getByLabel('Adres e-mail')).toHaveValue(email);
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Nowe hasło').fill(NEW_PASSWORD);
  await page.getByLabel('Powtórz hasło').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.locator('#reset-password-password_confirmation-error')).toHaveText('Hasła nie są identyczne.');
  await page.getByLabel('Powtórz hasło').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page).toHaveURL(/\/pl\/login\?reset=1$/);
  await expect(page.getByText('Hasło zostało zmienione. Zaloguj się nowym hasłem.')).toBeVisible();

  // The link works once (also over HTTP in accounts.api.db.test.ts); the next test uses it again.
  usedResetLink = link;

  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
});

test('a used reset link says so in the browser', async ({ page }) => {
  await page.goto(usedResetLink);
  // At once, before a new password is typed; the address is not filled in from a used link.
  await expect(page.getByRole('alert').filter({ hasText: 'Link do ustawienia hasła jest nieprawidłowy lub wygasł. Poproś o nowy.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Poproś o nowy link' })).toBeVisible();
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Nowe hasło').fill('Kolejne-Haslo-e2e-123');
  await page.getByLabel('Powtórz hasło').fill('Kolejne-Haslo-e2e-123');
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(page.locator('#reset-password-email-error')).toHaveText('Link do ustawienia hasła jest nieprawidłowy lub wygasł. Poproś o nowy.');
});

test('the admin dashboard is guarded and lists the areas of an administrator', async ({ page }) => {
  await page.goto('/pl/admin');
  await expect(page).toHaveURL(/\/pl\/login\?next=\/pl\/admin$/);
  await acceptCookies(page);
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  // Logging in leads back to the page that asked (issue 41).
  await expect(page).toHaveURL(/\/pl\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Panel administracyjny');
  const areas = page.getByRole('list', { name: 'Obszary, do których masz uprawnienia.' });
  await expect(areas.getByRole('listitem')).toHaveCount(BUILT_ADMIN_AREAS.length);
  await expect(areas.getByRole('link', { name: 'Produkty', exact: true })).toHaveAttribute('href', '/pl/admin/products');
  await expect(areas.getByRole('link', { name: 'Użytkownicy' })).toHaveAttribute('href', '/pl/admin/users');
  await expectNoSeriousA11yViolations(page);
});

test('a session lost without its cookie: the login page says it expired, then leads back to the form', async ({ page }) => {
  const lost = `e2e.lost.${Date.now().toString(36)}@example.com`;
  await createActiveUser(lost, 'Jan', 'Zgubiony');
  const user = await apiContext({ email: lost, password: USER_PASSWORD });
  await page.context().addCookies((await user.ctx.storageState()).cookies);
  await user.ctx.dispose();
  await page.goto('/pl/my-account/data');
  await hydrated(page);
  // The session cookie goes (expired, cleared): saving a form is SPEC section 8's 401, not "419".
  await page.context().clearCookies({ name: 'sid' });
  const basic = page.locator('#account-basic');
  await basic.getByLabel('Imię').fill('Janusz');
  await basic.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/pl\/login\?reason=session-expired&next=\/pl\/my-account\/data$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Sesja wygasła. Proszę zalogować się ponownie.' })).toBeVisible();
  await page.getByLabel('Adres e-mail').fill(lost);
  await page.getByLabel('Hasło').fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/my-account\/data$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the logout button ends the session: the form carries the token the server rendered', async ({ page }) => {
    const nojs = `e2e.nojs.${Date.now().toString(36)}@example.com`;
    await createActiveUser(nojs, 'Jan', 'Bez-Skryptu');
    const user = await apiContext({ email: nojs, password: USER_PASSWORD });
    await page.context().addCookies((await user.ctx.storageState()).cookies);
    await user.ctx.dispose();

    await page.goto('/pl/my-account/data');
    await expect(page).toHaveURL(/\/pl\/my-account\/data$/);
    await page.getByRole('banner').getByRole('button', { name: 'Wyloguj' }).first().click();
    await expect(page).toHaveURL(/\/pl$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Zaloguj się' }).first()).toBeVisible();
    expect((await page.request.get('/api/my-account')).status()).toBe(401);
  });

  test('a reset link page posts without its script: the form keeps its Origin under the page referrer policy', async ({ page }) => {
    // Under `Referrer-Policy: no-referrer` Chromium sent `Origin: null` and React Router refused the action.
    await page.goto(usedResetLink);
    await page.getByLabel('Adres e-mail').fill(email);
    await page.getByLabel('Nowe hasło').fill('Kolejne-Haslo-e2e-123');
    await page.getByLabel('Powtórz hasło').fill('Kolejne-Haslo-e2e-123');
    await page.getByRole('button', { name: 'Zmień hasło' }).click();
    await expect(page.locator('#reset-password-email-error')).toHaveText('Link do ustawienia hasła jest nieprawidłowy lub wygasł. Poproś o nowy.');
  });
});
