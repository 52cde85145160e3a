// The admin users and customers screens in Chromium: activation of a registered user (with the
// mail), roles, the customer form with the GUS registry lookup (a local stand-in of the registry
// on the port the server was configured with in playwright.config.ts), edit and delete; axe and
// screenshots at 1280 and 360 px of every screen.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { type GusBirStandin, STANDIN_COMPANY, startGusBirStandin } from '../helpers/gus-bir-standin';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// Long journeys on a loaded machine: more time than the default 60 s.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36);
const userEmail = `people.${run}@example.com`;

let standin: GusBirStandin;

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  standin = await startGusBirStandin({
    key: 'e2estandinkey0000001',
    port: port + 1000,
    companies: [
      STANDIN_COMPANY,
      // Two units registered under one NIP: the user picks one.
      {
        ...STANDIN_COMPANY,
        regon: '300000001',
        nip: '1234563218',
        nazwa: 'KABLE-POL SP. Z O.O.',
        miejscowosc: 'Poznań',
        miejscowoscPoczty: 'Poznań',
        kodPocztowy: '60-101',
        ulica: 'ul. Miedziana',
        nrNieruchomosci: '7',
        nrLokalu: '',
        email: 'biuro@kable-pol.example',
        telefon: '616000000',
      },
      {
        ...STANDIN_COMPANY,
        regon: '30000000100012',
        typ: 'LP',
        nip: '1234563218',
        nazwa: 'KABLE-POL SP. Z O.O. ODDZIAŁ LESZNO',
        miejscowosc: 'Leszno',
        miejscowoscPoczty: 'Leszno',
        kodPocztowy: '64-100',
        ulica: 'ul. Usługowa',
        nrNieruchomosci: '3',
        nrLokalu: '',
        email: '',
        telefon: '',
      },
    ],
  });
});
test.afterAll(async () => {
  await standin?.close();
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-people-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-people-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function loginAsAdmin(page: Page) {
  // The cookie choice is made (necessary only), so the consent banner stays away from the screenshots.
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`\nTo: ${to}`));
  } catch {
    return [];
  }
}

async function confirm(page: Page, trigger: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(dialog).toBeHidden();
}

test('users: the list filters in the URL, an administrator activates a registered user and changes roles', async ({ page }) => {
  // A visitor registers (unverified, waiting for activation).
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const reg = await ctx.post('/api/register', {
    headers: { 'x-xsrf-token': xsrf },
    data: {
      first_name: 'Paweł',
      surname: 'Ludowy',
      email: userEmail,
      password: 'Kabel-Miedz-Cat6A-e2e',
      password_confirmation: 'Kabel-Miedz-Cat6A-e2e',
      default_locale: 'pl',
      company: 'Sieci Ludowe',
      position: 'Instalator',
      address: '',
      city: 'Leszno',
      country: 'Polska',
      province: '',
      postcode: '64-100',
      tax_identification_nr: '',
      phone: '',
      accepted_terms: '1',
      accepted_privacy: '1',
      accepted_rodo: '1',
      is_b2b_request: '0',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  await ctx.dispose();

  await loginAsAdmin(page);
  await page.goto('/pl/admin/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Użytkownicy');
  await page.getByLabel('Szukaj (imię i nazwisko, e-mail, firma)').fill('ludowy');
  await page.getByLabel('Konto aktywne').selectOption({ label: 'Nie' });
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/search=ludowy/);
  await expect(page).toHaveURL(/active=0/);
  const row = page.getByRole('row').filter({ hasText: userEmail });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Czeka na aktywację');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'users');

  await row.getByRole('link', { name: 'Paweł Ludowy', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paweł Ludowy');
  await expectNoSeriousA11yViolations(page);

  await confirm(page, 'Aktywuj konto');
  await expect(page.getByText('Konto zostało aktywowane.')).toBeVisible();
  await expect(page.getByText(/Konto aktywne od \d{2}\.\d{2}\.\d{4}\./)).toBeVisible();
  await expect.poll(() => mailsTo(userEmail).some((m) => /aktywne/.test(m)), { timeout: 20_000 }).toBe(true);

  const roles = page.getByRole('group', { name: 'Role' });
  await roles.getByLabel('Instalator').check();
  await roles.getByLabel('Projektant').check();
  await page.getByRole('button', { name: 'Zapisz role' }).click();
  await expect(page.getByText('Zapisano role użytkownika.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Role' }).getByLabel('Instalator')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Role' }).getByLabel('Projektant')).toBeChecked();
  await expect(page.getByRole('group', { name: 'Role' }).getByLabel('Administrator')).not.toBeChecked();
  await shots(page, 'user');

  // The list now finds the user among the installers.
  await page.goto('/pl/admin/users?role=2&search=ludowy');
  await expect(page.getByRole('row').filter({ hasText: userEmail })).toContainText('Instalator, Projektant');

  // The administrator's own administrator role cannot be unchecked.
  await page.goto(`/pl/admin/users?search=${encodeURIComponent(ADMIN.email)}`);
  await page.getByRole('row').filter({ hasText: ADMIN.email }).getByRole('link').first().click();
  await expect(page.getByRole('group', { name: 'Role' }).getByLabel('Administrator')).toBeDisabled();
  await expect(page.getByText('Nie możesz dezaktywować własnego konta.')).toBeVisible();
  await expect(page.getByText('Nie możesz usunąć własnego konta.')).toBeVisible();

  // Deleting a user (issue 37): a confirmation dialog, then back to the list with the answer.
  await page.goto('/pl/admin/users?search=ludowy');
  await page.getByRole('row').filter({ hasText: userEmail }).getByRole('link', { name: 'Paweł Ludowy', exact: true }).click();
  await page.getByRole('button', { name: 'Usuń użytkownika', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText('Usunąć użytkownika?');
  await expect(dialog).toContainText(`Konto ${userEmail} zostanie usunięte`);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/users$/);
  await expect(page.getByText('Użytkownik został usunięty.')).toBeVisible();
  await page.goto('/pl/admin/users?search=ludowy');
  await expect(page.getByRole('row').filter({ hasText: userEmail })).toHaveCount(0);
});

test('customers: create with the GUS lookup, edit the addresses, delete after confirmation', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/customers');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klienci');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'Dodaj klienta' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/customer$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowy klient');
  // SPEC section 3: the blank customer (active by default, no delivery addresses).
  await expect(page.locator('#customer-name')).toHaveValue('');
  await expect(page.getByLabel('Klient aktywny')).toBeChecked();
  await expect(page.getByText('Klient nie ma jeszcze adresów dostawy.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'customer-new');

  const nip = page.getByLabel('NIP', { exact: true });
  const gus = page.getByRole('button', { name: 'Pobierz z GUS' });
  // A wrong check digit is refused before any call.
  const calls = standin.calls.length;
  // The lookup is the page's script: a click before hydration would be lost.
  await hydrated(page);
  await nip.fill('526-104-08-27');
  await gus.click();
  await expect(page.locator('#customer-tax_identification_nr-error')).toHaveText('Nieprawidłowy numer NIP.');
  expect(standin.calls.length).toBe(calls);
  // Nothing registered under a valid NIP: a message, and the form stays blank.
  await nip.fill('2000000001');
  await gus.click();
  await expect(page.getByText('W rejestrze GUS nie ma podmiotu o NIP 2000000001. Uzupełnij dane ręcznie.')).toBeVisible();
  await expect(page.locator('#customer-name')).toHaveValue('');
  // Several units under one NIP: the user picks one.
  await nip.fill('123-456-32-18');
  await gus.click();
  await expect(page.getByText('Pod NIP 1234563218 rejestr GUS ma kilka podmiotów. Wybierz jeden:')).toBeVisible();
  await page.getByRole('button', { name: 'Wybierz KABLE-POL SP. Z O.O. ODDZIAŁ LESZNO' }).click();
  await expect(page.locator('#customer-name')).toHaveValue('KABLE-POL SP. Z O.O. ODDZIAŁ LESZNO');
  await expect(page.locator('#customer-invoice_address-town')).toHaveValue('Leszno');
  // One entity: filled at once (name, tax number, code, invoice and first delivery address).
  await nip.fill('5261040828');
  await gus.click();
  await expect(page.getByText('Uzupełniono dane z rejestru GUS: GŁÓWNY URZĄD STATYSTYCZNY. Sprawdź je i zapisz.')).toBeVisible();
  await expect(page.locator('#customer-name')).toHaveValue('GŁÓWNY URZĄD STATYSTYCZNY');
  await expect(page.locator('#customer-enova_kod')).toHaveValue('000331501');
  await expect(page.locator('#customer-invoice_address-street')).toHaveValue('ul. Test-Krucza');
  await expect(page.locator('#customer-invoice_address-email')).toHaveValue('sekretariat@example.gov.pl');
  // The registry's address comes first; the one filled before stays as the second row.
  await expect(page.locator('#customer-delivery_addresses-0-name')).toHaveValue('GŁÓWNY URZĄD STATYSTYCZNY');
  await expect(page.locator('#customer-delivery_addresses-0-postcode')).toHaveValue('00-925');
  await expect(page.locator('#customer-delivery_addresses-1-name')).toHaveValue('KABLE-POL SP. Z O.O. ODDZIAŁ LESZNO');
  // The earlier registry address is removed again; the payment term is required.
  await page.getByRole('button', { name: 'Usuń adres dostawy 2' }).click();
  await expect(page.locator('#customer-delivery_addresses-1-name')).toHaveCount(0);
  await page.getByRole('button', { name: 'Dodaj klienta' }).click();
  await expect(page.locator('#customer-payment_deadline_days-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#customer-payment_deadline_days')).toBeFocused();
  await page.locator('#customer-payment_deadline_days').fill('30');
  await page.getByRole('button', { name: 'Dodaj klienta' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/customers$/);
  await expect(page.getByText('Dodano klienta.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: 'GŁÓWNY URZĄD STATYSTYCZNY' });
  await expect(row).toContainText('5261040828');
  await expect(row).toContainText('30 dni');
  await shots(page, 'customers');

  // Edit: rename, add a delivery address, save; the page shows the saved state.
  await row.getByRole('link', { name: 'GŁÓWNY URZĄD STATYSTYCZNY', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GŁÓWNY URZĄD STATYSTYCZNY');
  await expect(page.locator('#customer-delivery_addresses-0-town')).toHaveValue('Warszawa');
  await expectNoSeriousA11yViolations(page);
  await page.locator('#customer-name').fill('GUS – Centrala');
  await page.getByRole('button', { name: 'Dodaj adres dostawy' }).click();
  await page.locator('#customer-delivery_addresses-1-name').fill('Magazyn Leszno');
  await page.locator('#customer-delivery_addresses-1-street').fill('Usługowa');
  await page.locator('#customer-delivery_addresses-1-home').fill('10B');
  await page.locator('#customer-delivery_addresses-1-postcode').fill('64-100');
  await page.locator('#customer-delivery_addresses-1-town').fill('Leszno');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByText('Zapisano zmiany klienta.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('GUS – Centrala');
  await expect(page.getByText('Adres: Usługowa 10B')).toBeVisible();
  await page.reload();
  await expect(page.locator('#customer-delivery_addresses-1-name')).toHaveValue('Magazyn Leszno');
  await shots(page, 'customer-edit');

  // Delete after confirmation.
  await confirm(page, 'Usuń klienta');
  await expect(page).toHaveURL(/\/pl\/admin\/customers$/);
  await expect(page.getByText('Usunięto klienta.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'GUS – Centrala' })).toHaveCount(0);
});
