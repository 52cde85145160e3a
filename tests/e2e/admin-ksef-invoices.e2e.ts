// KSeF e-invoices in Chromium (issue 39): an administrator imports an FA(3) XML for the demo B2B
// customer (buyer NIP 7791011327) with its KSeF number on the admin invoices area's XML screen, a
// second one without a number, and a broken one is refused under the field; the buyer sees both in
// my account with the KSeF number or OFFLINE, downloads the XML byte for byte and the visualisation
// PDF, and opens the HTML visualisation with its QR code and the number under it.
// Screenshots (E2E_SHOTS=1) of the list and the visualisation at 1366 and 360 px.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const BUYER = { email: 'sklep@example.com', password: 'Kabel-Sklep-B2B-2026' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36).toUpperCase();
const SAMPLE = readFileSync('src/features/invoices/tests/fixtures/fa3-sample.xml', 'utf8');
const xmlOf = (number: string) => Buffer.from(SAMPLE.replace('FV/2026/02/0001', number).replace('<NIP>7251801126</NIP>', '<NIP>7791011327</NIP>'));
const NUMBER_1 = `FV/KSEF/${run}/1`;
const NUMBER_2 = `FV/KSEF/${run}/2`;

/** A valid KSeF number of the sample's seller with a technical part of this run. */
function ksefNumber(): string {
  const first = `5265877635-20260201-${createHash('sha256').update(run).digest('hex').slice(0, 12).toUpperCase()}`;
  let crc = 0;
  for (const b of Buffer.from(first)) {
    crc ^= b;
    for (let i = 0; i < 8; i++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return `${first}-${crc.toString(16).toUpperCase().padStart(2, '0')}`;
}
const KSEF = ksefNumber();

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function login(page: Page, email: string, password: string) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(email);
  await page.getByLabel('Hasło').fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/ksef-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/ksef-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function importXml(page: Page, xml: Buffer, ksef: string | null) {
  await page.goto('/pl/admin/invoices/xml');
  await hydrated(page);
  await page.getByLabel('Plik XML (FA(3))').setInputFiles({ name: 'faktura.xml', mimeType: 'application/xml', buffer: xml });
  if (ksef) await page.getByLabel('Numer KSeF (jeśli nadany)').fill(ksef);
  await page.getByRole('button', { name: 'Importuj e-fakturę' }).click();
}

test('an administrator imports FA(3) XMLs; a broken one is refused under the field', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/invoices');
  await page.getByRole('link', { name: 'Import e-faktury (FA(3) XML)' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/invoices\/xml$/);

  await importXml(page, Buffer.from('<Faktura xmlns="http://example.com/">nie</Faktura>'), null);
  await expect(page.getByText('To nie jest faktura FA(3): przestrzeń nazw „http://example.com/”', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Plik XML (FA(3))')).toHaveAttribute('aria-invalid', 'true');
  await importXml(page, xmlOf(NUMBER_1), 'ABC');
  await expect(page.getByText('Numer KSeF musi mieć 35 znaków.')).toBeVisible();
  await shots(page, 'admin-upload');

  await importXml(page, xmlOf(NUMBER_1), KSEF);
  await expect(page).toHaveURL(/\/pl\/admin\/invoices$/);
  await expect(page.getByText(`Faktura ${NUMBER_1} została zaimportowana z KSeF/FA(3).`)).toBeVisible();
  await importXml(page, xmlOf(NUMBER_2), null);
  await expect(page).toHaveURL(/\/pl\/admin\/invoices$/);
  const row = page.getByRole('row').filter({ hasText: NUMBER_1 });
  await expect(row).toContainText(KSEF);
  await expect(page.getByRole('row').filter({ hasText: NUMBER_2 })).toContainText('OFFLINE');
});

test('the buyer sees the KSeF number or OFFLINE, downloads the XML and the visualisation, opens the HTML view', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await login(page, BUYER.email, BUYER.password);
  await page.goto('/pl/my-account/invoices');
  await hydrated(page);
  const table = page.getByTestId('my-invoices');
  const first = table.getByRole('row').filter({ hasText: NUMBER_1 });
  await expect(first).toContainText(KSEF);
  await expect(table.getByRole('row').filter({ hasText: NUMBER_2 })).toContainText('OFFLINE');
  await expect(table.getByRole('columnheader', { name: 'Numer KSeF' })).toBeVisible();

  const [xml] = await Promise.all([page.waitForEvent('download'), first.getByRole('link', { name: `e-Faktura (XML) ${NUMBER_1}` }).click()]);
  expect(xml.suggestedFilename()).toBe(`${NUMBER_1.replace(/\//g, '-')}.xml`);
  expect(readFileSync(await xml.path()).equals(xmlOf(NUMBER_1))).toBe(true);
  const [pdf] = await Promise.all([page.waitForEvent('download'), first.getByRole('link', { name: `Wizualizacja (PDF) ${NUMBER_1}` }).click()]);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shots(page, 'my-invoices');

  await first.getByRole('link', { name: `Podgląd ${NUMBER_1}` }).click();
  await expect(page).toHaveURL(/\/pl\/my-account\/invoices\/\d+$/);
  await expect(page.getByRole('heading', { name: `Faktura ${NUMBER_1}`, level: 1 })).toBeVisible();
  const hash = createHash('sha256').update(xmlOf(NUMBER_1)).digest('base64url');
  await expect(page.getByText(`https://qr.ksef.mf.gov.pl/invoice/5265877635/01-02-2026/${hash}`)).toBeVisible();
  await expect(page.getByTestId('ksef-caption')).toHaveText(KSEF);
  await expect(page.getByTestId('ksef-qr')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Kabel U/UTP kat. 6, 305 m (UTP-C6-305)' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Razem/ })).toContainText(/1\s876,50/);
  await shots(page, 'visualisation');
  // At 360 px nothing is wider than the screen (long invoice numbers, the QR address, tables scroll in their box).
  await page.setViewportSize({ width: 360, height: 740 });
  const wide = await page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.closest('.overflow-x-auto'))
      .map((e) => `${e.tagName}.${e.className}`.slice(0, 120)),
  );
  expect(wide).toEqual([]);
});
