// Issue 12, the warranty certification application in Chromium: an installer (registered,
// verified, activated) fills the application with all attachments, saves a draft, submits; the
// admin returns it with a reason; the installer corrects and submits again; the admin approves;
// the installer downloads the certificate PDF and its text is checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { pdfText } from '../helpers/pdf-text';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const PASSWORD = 'Kabel-Miedz-Cat6A-inst';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const email = `instalator.${Date.now().toString(36)}@example.com`;

function decode(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = Buffer.from(unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`To: ${to}`))
      .map(decode);
  } catch {
    return [];
  }
}

async function xsrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function adminContext() {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const token = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await ctx.post('/api/login', { data: ADMIN, headers: { 'x-xsrf-token': await token() } })).status()).toBe(200);
  return { ctx, token };
}

async function loginAs(page: Page, who: { email: string; password: string }) {
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(who.email);
  await page.getByLabel('Hasło').fill(who.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

/** An installer registered, verified from the mailed link and activated by the administrator; the page is logged in. */
async function registerInstaller(page: Page, email: string, locale: 'pl' | 'en') {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto(`/${locale}`);
  const reg = await page.request.post('/api/register', {
    headers: { 'x-xsrf-token': await xsrf(page) },
    data: {
      first_name: 'Grzegorz',
      surname: 'Świątek',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      default_locale: locale,
      accepted_terms: '1',
      accepted_privacy: '1',
      accepted_rodo: '1',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  let verify = '';
  await expect
    .poll(() => {
      verify = mailsTo(email).flatMap((m) => m.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((u) => u.includes('/verify/')) ?? '';
      return verify;
    }, { timeout: 20_000 })
    .not.toBe('');
  const verifyUrl = new URL(verify.replaceAll('&amp;', '&'));
  await page.goto(`${verifyUrl.pathname}${verifyUrl.search}`);
  await expect(page).toHaveURL(/\/wait-for-activation$/);
  const userId = (await (await page.request.get('/api/my-account')).json()).id as number;
  const admin = await adminContext();
  expect((await admin.ctx.post(`/api/admin/users/${userId}/activate`, { headers: { 'x-xsrf-token': await admin.token() } })).status()).toBe(200);
  return admin;
}

test('an installer applies, the admin returns the application, the installer corrects it, the admin approves, the certificate PDF is downloaded', async ({ page }) => {
  const admin = await registerInstaller(page, email, 'pl');

  // The application with every attachment, saved as a draft first.
  await page.goto('/pl/application-form');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wniosek o certyfikat 25-letniej gwarancji systemowej');
  const inv = page.getByRole('group', { name: 'Inwestycja' });
  await inv.getByLabel('Nazwa inwestycji').fill('Biurowiec Łąkowa');
  await inv.getByLabel('Adres (linia 1)').fill('ul. Łąkowa 7');
  await inv.getByLabel('Adres (linia 2)').fill('61-001 Poznań');
  await inv.getByLabel('Rodzaj działalności').fill('Nowa instalacja');
  await inv.getByLabel('Data zakończenia pomiarów certyfikacyjnych').fill('2026-03-10');
  const contact = page.getByRole('group', { name: 'Osoba kontaktowa' });
  await contact.getByLabel('Osoba kontaktowa').fill('Zofia Żak');
  await contact.getByLabel('Telefon').fill('+48 600 111 222');
  await contact.getByLabel('E-mail').fill('zofia@example.com');
  const inst = page.getByRole('group', { name: 'Instalator', exact: true });
  await inst.getByLabel('Firma instalatorska').fill('Instal-Net Sp. z o.o.');
  await inst.getByLabel('Adres (linia 1)').fill('ul. Kablowa 5, Poznań');
  await inst.getByLabel('Certyfikowany instalator').fill('Grzegorz Świątek');
  await inst.getByLabel('Telefon').fill('+48 600 333 444');
  await inst.getByLabel('E-mail').fill('grzegorz@example.com');
  const lan1 = page.getByRole('group', { name: 'Okablowanie poziome LAN 1' });
  await lan1.getByLabel('Klasa').selectOption('EA');
  await lan1.getByLabel('Rodzaj ekranowania').selectOption('U/FTP');
  await lan1.getByLabel('Liczba torów').fill('120');
  await lan1.getByLabel('Norma').selectOption('ISO/IEC 11801');
  const fibre = page.getByRole('group', { name: 'Okablowanie pionowe światłowodowe' });
  await fibre.getByLabel('Klasa włókna').selectOption('OM4');
  await fibre.getByLabel('Rodzaj złączy').fill('LC');
  await fibre.getByLabel('Liczba włókien w kablu 1').fill('12');
  await fibre.getByLabel('Liczba włókien w kablu 2').fill('24');
  await fibre.getByLabel('Liczba torów').fill('4');
  await fibre.getByLabel('Norma').selectOption('EN 50173-1');
  await fibre.getByLabel('Metoda pomiarów').fill('Tier 1 (OLTS)');
  for (const [kind, name] of [
    ['Pomiary okablowania miedzianego LAN 1', 'lan1.pdf'],
    ['Świadectwo kalibracji miernika (LAN)', 'kalibracja-lan.pdf'],
    ['Pomiary okablowania światłowodowego', 'swiatlowod.pdf'],
    ['Świadectwo kalibracji miernika (światłowód)', 'kalibracja-swiatlowod.pdf'],
  ]) {
    const adder = page.getByRole('group', { name: kind });
    await adder.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await adder.getByRole('button', { name: 'Dodaj załącznik' }).click();
    await expect(adder.getByRole('listitem')).toHaveText([`${name}Usuń`]);
  }
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Zapisz szkic' }).click();
  await expect(page).toHaveURL(/\/pl\/my-account\/application\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByText('Szkic', { exact: true })).toBeVisible();

  // Submitting without the installer's certificate number: the error under the field.
  await page.getByRole('link', { name: 'Edytuj wniosek' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: 'Wyślij wniosek' }).click();
  await expect(page.locator('#application-installer_certificate_number-error')).toHaveText('Pole jest wymagane.');
  await page.getByLabel('Nr certyfikatu instalatora').fill('CI-2025-017');
  await page.getByRole('button', { name: 'Wyślij wniosek' }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/my-account/application/${id}$`));
  await expect(page.getByText('Wysłany', { exact: true })).toBeVisible();

  // The admin takes it into review and returns it with the reason (mailed).
  await loginAs(page, ADMIN);
  await page.goto(`/pl/admin/application/${id}`);
  await hydrated(page);
  const move = async (label: string, comment = '') => {
    await page.getByLabel('Nowy status').selectOption({ label });
    await page.getByLabel(/Komentarz/).fill(comment);
    await page.getByRole('button', { name: 'Zmień status' }).click();
    await expect(page.getByText(`Status wniosku zmieniony na: ${label}.`)).toBeVisible();
  };
  await move('W weryfikacji');
  await move('Zwrócony do poprawy', 'Brak pomiarów toru 5.');
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => mailsTo(email).some((m) => m.includes('Brak pomiarów toru 5.')), { timeout: 20_000 }).toBe(true);

  // The installer sees the reason, corrects and submits again.
  await loginAs(page, { email, password: PASSWORD });
  await page.goto(`/pl/application-form/${id}`);
  await hydrated(page);
  await expect(page.getByRole('note')).toContainText('Brak pomiarów toru 5.');
  await page.getByLabel('Dodatkowe informacje').fill('Dołączono pomiary toru 5.');
  await page.getByRole('button', { name: 'Wyślij wniosek' }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/my-account/application/${id}$`));
  await expect(page.getByText('Wysłany', { exact: true })).toBeVisible();

  // The admin approves: the certificate is issued.
  await loginAs(page, ADMIN);
  await page.goto(`/pl/admin/application/${id}`);
  await hydrated(page);
  await move('W weryfikacji');
  await move('Zatwierdzony', 'Gratulujemy.');

  await loginAs(page, { email, password: PASSWORD });
  await page.goto(`/pl/my-account/application/${id}`);
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/admin-applications-approved-1280.png`, fullPage: true });
  const link = page.getByRole('link', { name: /Pobierz certyfikat PDF \(GS\/\d{4}\/\d{4}\)/ });
  const number = ((await link.textContent()) ?? '').match(/GS\/\d{4}\/\d{4}/)?.[0] ?? '';
  const res = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  const text = (await pdfText(await res.body())).pages.join('\n');
  for (const part of ['Certyfikat 25-letniej gwarancji systemowej', number, 'Biurowiec Łąkowa', 'Instal-Net Sp. z o.o.', 'Grzegorz Świątek', 'CI-2025-017', '10.03.2051']) {
    expect(text, part).toContain(part);
  }
  await admin.ctx.dispose();
});

test('in English: the form, a draft, the errors of an incomplete submission and my applications speak English', async ({ page }) => {
  const enEmail = `installer.${Date.now().toString(36)}@example.com`;
  const admin = await registerInstaller(page, enEmail, 'en');
  await admin.ctx.dispose();
  await page.goto('/en/application-form');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application for the 25-year system warranty certificate');
  const inv = page.getByRole('group', { name: 'Investment' });
  await inv.getByLabel('Investment name').fill('Riverside Office Park');
  await expectNoSeriousA11yViolations(page);
  // A draft may be incomplete.
  await page.getByRole('button', { name: 'Save the draft' }).click();
  await expect(page).toHaveURL(/\/en\/my-account\/application\/\d+$/);
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Submitting checks everything, with the messages in English.
  await page.getByRole('link', { name: 'Edit the application' }).click();
  await hydrated(page);
  await page.getByRole('button', { name: 'Submit the application' }).click();
  await expect(page.locator('#application-investment_address_1-error')).toHaveText('This field is required.');
  await expect(page.getByText('Enter the copper (LAN) or the fibre cabling.').first()).toBeVisible();
  // My applications, reached from the my-account bar.
  await page.goto('/en/my-account/data');
  await page.getByTestId('my-account-nav').getByRole('link', { name: 'Certificate applications' }).click();
  await expect(page).toHaveURL(/\/en\/my-account\/applications$/);
  await expect(page.getByTestId('my-account-nav').getByRole('link', { name: 'Certificate applications' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My certification applications');
  await expect(page.getByText('Riverside Office Park')).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
