// The admin testers and tester rentals screens in Chromium: the testers list and a price change that
// the price list shows, the courier fee; the new-tester form; a booking confirmed and sent with a
// waybill from the rental screen, the tenant's mail, the waybill with a tracking link on the
// tenant's page, the month view; axe and screenshots (1280 and 360 px) of every screen, both languages.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { translator } from '../../src/core/i18n/locale';
import { rentalUi } from '../../src/features/rentals/messages';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';
import { ADMIN, activeUser, addDays, apiAs, login, mailsTo, PASSWORD, tuesdayFrom } from './rentals-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = 'tmp/shots';
const OTDR = 'Fluke Networks OptiFiber Pro OTDR';
let tenant = '';
let rentalId = 0;
let from = '';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-rentals-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-rentals-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  tenant = await activeUser('admin.rent');
  const { ctx, xsrf } = await apiAs(tenant, PASSWORD);
  const testers = (await (await ctx.get('/api/testers')).json()) as { id: number; name: string }[];
  const otdr = testers.find((t) => t.name === OTDR)?.id ?? 0;
  const holidays = new Set(((await (await ctx.get('/api/open-holidays-api')).json()) as { startDate: string }[]).map((h) => h.startDate));
  // A week after the other suites' bookings, Tuesday to Friday without a holiday.
  from = tuesdayFrom(40);
  while ([0, 1, 2, 3].some((n) => holidays.has(addDays(from, n)))) from = addDays(from, 7);
  const res = await ctx.post('/api/tester-rentals', {
    headers: { 'x-xsrf-token': xsrf },
    multipart: {
      tester_id: String(otdr),
      datetime_from: from,
      datetime_to: addDays(from, 3),
      is_personal_pickup: '0',
      tenant_name: 'Światłowody Sp. z o.o.',
      tenant_tax_id: '5261040828',
      tenant_street: 'ul. Włókna 1',
      tenant_postcode: '00-001',
      tenant_post: 'Warszawa',
      tenant_phone: '+48 600 500 600',
      tenant_person: 'Ola Nowak',
      'delivery_address[name]': 'Budowa DC Warszawa',
      'delivery_address[phone_number]': '+48 600 500 601',
      'delivery_address[town]': 'Warszawa',
      'delivery_address[street]': 'ul. Serwerowa',
      'delivery_address[home]': '2',
      'delivery_address[postcode]': '00-002',
      'delivery_address[post]': 'Warszawa',
      accepted_terms: '1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  rentalId = (await res.json()).id;
  await ctx.dispose();
});

test('testers: the list, a price change the price list shows, the courier fee', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/testers');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mierniki');
  await expect(page.getByRole('link', { name: OTDR, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'testers');
  await page.getByRole('link', { name: OTDR, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Miernik: ${OTDR}`);
  await hydrated(page);
  await expect(page.getByLabel('Cena za dzień (netto, zł)')).toHaveValue('280,00');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'tester');
  await page.getByLabel('Cena za dzień (netto, zł)').fill('abc');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByText('Podaj kwotę, np. 250,00.')).toBeVisible();
  await page.getByLabel('Cena za dzień (netto, zł)').fill('290,00');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/testers$/);
  await page.goto('/pl/tester-rentals-price-list');
  await expect(page.getByRole('row', { name: new RegExp(OTDR) })).toContainText('290,00\u00a0zł');
  // Back to the demo price (the public suite counts on it when run again on this server).
  await page.goto('/pl/admin/testers');
  await page.getByRole('link', { name: OTDR, exact: true }).click();
  await hydrated(page);
  await page.getByLabel('Cena za dzień (netto, zł)').fill('280,00');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/testers$/);

  await page.goto('/en/admin/testers');
  await hydrated(page);
  await page.getByLabel('Courier fee (net, PLN)').fill('49.90');
  await page.getByRole('button', { name: 'Save the fee' }).click();
  await expect(page.getByText('Changes saved.').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/pl/tester-rentals-price-list');
  await expect(page.getByText('Dostawa kurierem w obie strony: 49,90\u00a0zł netto.')).toBeVisible();
});

test('new tester: the empty form reached from the testers list, both languages', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  for (const locale of ['pl', 'en'] as const) {
    const t = translator(rentalUi, locale);
    await page.goto(`/${locale}/admin/testers`);
    await hydrated(page);
    await page.getByRole('link', { name: t('admin.addTester'), exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/tester$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('admin.newTester'));
    await hydrated(page);
    await expect(page.getByLabel(t('admin.name'), { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: t('admin.delete') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('admin.save'), exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (locale === 'pl') await shots(page, 'tester-new');
  }
});

test('rentals: filter, month view, confirm and send with a waybill; the tenant gets the mails and sees the waybill', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto(`/pl/admin/tester-rentals?status=new&month=${from.slice(0, 7)}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wypożyczenia mierników');
  await expect(page.getByRole('link', { name: String(rentalId), exact: true })).toBeVisible();
  await expect(page.getByTestId('occupancy').getByRole('link', { name: new RegExp(`Wypożyczenie nr ${rentalId}`) })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'rentals');
  await page.goto(`/pl/admin/tester-rentals?status=settled`);
  await expect(page.getByRole('link', { name: String(rentalId), exact: true })).toHaveCount(0);

  await page.goto(`/pl/admin/tester-rentals/${rentalId}`);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Wypożyczenie nr ${rentalId}`);
  await expect(page.getByText('Budowa DC Warszawa', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'rental');
  const mailsBefore = mailsTo(tenant).length;
  await page.getByLabel('Nowy status').selectOption('confirmed');
  await page.getByLabel('Komentarz do zmiany (trafia do e-maila)').fill('Termin potwierdzony.');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByTestId('admin-history')).toContainText('Potwierdzone');
  // The meter may not be sent before the contract is signed: the next statuses follow the workflow.
  await expect(page.getByLabel('Nowy status').locator('option')).toHaveText(['-- wybierz --', 'Umowa podpisana', 'Anulowane']);
  await page.getByLabel('Nowy status').selectOption('contract_signed');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByTestId('admin-history')).toContainText('Umowa podpisana');
  await page.getByLabel('Nowy status').selectOption('sent');
  // The carrier chosen for the shipment (DPD unless changed) gives the tracking link of its own site.
  await expect(page.getByLabel('Przewoźnik (link do śledzenia przesyłki)')).toHaveValue('dpd');
  await page.getByLabel('Przewoźnik (link do śledzenia przesyłki)').selectOption('inpost');
  await page.getByLabel('Numer listu przewozowego').fill('13579246801357');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByTestId('admin-history')).toContainText('Wysłane');
  await expect(page.getByRole('link', { name: /Śledź przesyłkę: 13579246801357/ })).toHaveAttribute(
    'href',
    'https://inpost.pl/sledzenie-przesylek?number=13579246801357',
  );
  await expect(page.getByTestId('tracking')).toContainText('Przewoźnik: InPost');

  // The tenant's mails arrive (the worker writes them as .eml files).
  await expect.poll(() => mailsTo(tenant).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(mailsBefore + 3);
  const sent = mailsTo(tenant).find((m) => m.includes('13579246801357'));
  expect(sent).toContain('Status Twojego wypożyczenia zmienił się na „Wysłane”');
  expect(mailsTo(tenant).some((m) => m.includes('Termin potwierdzony.'))).toBe(true);

  await page.goto(`/en/admin/tester-rentals/${rentalId}`);
  await hydrated(page);
  await expect(page.getByTestId('admin-history')).toContainText('Sent');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/en/admin/tester-rentals');
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);

  // The tenant sees the waybill with a tracking link.
  await page.context().clearCookies();
  await login(page, tenant, PASSWORD);
  await page.goto(`/pl/my-account/tester-rentals/${rentalId}`);
  await expect(page.getByTestId('waybill')).toContainText('13579246801357');
  await expect(page.getByTestId('carrier')).toHaveText('InPost');
  await expect(page.getByRole('link', { name: /Śledź przesyłkę/ })).toHaveAttribute('href', 'https://inpost.pl/sledzenie-przesylek?number=13579246801357');
  await expect(page.getByText('Wysłane').first()).toBeVisible();
});
