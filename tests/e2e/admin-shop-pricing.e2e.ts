// The admin side of the B2B shop in Chromium (issue 11): a price list imported with its preview
// (row errors first, then the corrected file), an invoice uploaded and downloaded by its customer
// in my account, an order's status changed with a comment (history and the buyer's mail);
// axe and screenshots (1280 and 360 px) of every new screen.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';
import { ADMIN, apiAs, login, mailsTo } from './rentals-helpers';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = 'tmp/shots';
const BUYER = { email: 'sklep@example.com', password: 'Kabel-Sklep-B2B-2026' };
const INVOICE = `FV/E2E/${Date.now().toString(36).toUpperCase()}`;
let orderId = 0;
let orderNumber = '';

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-shop-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-shop-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const pdf = Buffer.from(`%PDF-1.4\n% Faktura ${INVOICE}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  // The demo B2B customer places an order through the API.
  const admin = await apiAs(ADMIN.email, ADMIN.password);
  const lists = (await (await admin.ctx.get('/api/admin/price-lists')).json()) as { items: { id: number; code: string; is_base: boolean }[] };
  const base = lists.items.find((l) => l.is_base);
  const items = (await (await admin.ctx.get(`/api/admin/price-lists/${base?.id}/items?search=CN-PC6U-1-B`)).json()) as {
    items: { catalog_number_id: number }[];
  };
  const numberId = items.items[0].catalog_number_id;
  await admin.ctx.dispose();
  const buyer = await apiAs(BUYER.email, BUYER.password);
  const headers = { 'x-xsrf-token': buyer.xsrf };
  const added = await buyer.ctx.post('/api/cart/positions', { headers, data: { product_catalog_number_id: numberId, quantity: 4 } });
  expect(added.status(), await added.text()).toBe(200);
  const types = (await (await buyer.ctx.get('/api/transport-types')).json()) as { id: string | number; kind: string }[];
  const courier = types.find((t) => t.kind === 'courier');
  expect((await buyer.ctx.put('/api/cart', { headers, data: { transport_type_id: Number(courier?.id) } })).status()).toBe(200);
  const placed = await buyer.ctx.post('/api/orders', { headers });
  expect(placed.status(), await placed.text()).toBe(200);
  ({ id: orderId, number: orderNumber } = (await placed.json()) as { id: number; number: string });
  await buyer.ctx.dispose();
});

test('an administrator imports a price list: errors in the preview first, then the import', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/price-lists');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Cenniki' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'BAZOWA', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'INST-10', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'price-lists');

  await page.getByRole('link', { name: 'Importuj cennik' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/price-lists\/import$/);
  await hydrated(page);
  const bad = 'Kod definicji;Numer katalogowy;Cena netto\nE2E-5;CN-PC6U-1-B;7,50\nE2E-5;CN-NIE-ISTNIEJE;1,00\nE2E-5;CN-U6-305-B;abc\n';
  await page.getByLabel('Plik XLSX lub CSV').setInputFiles({ name: 'cennik.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(page.getByText('W pliku są błędy (2 wiersze).')).toBeVisible();
  await expect(page.getByText('Nieznany numer katalogowy CN-NIE-ISTNIEJE.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importuj', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'price-import-errors');

  const good = 'Kod definicji;Numer katalogowy;Cena netto\nE2E-5;CN-PC6U-1-B;7,50\nE2E-5;CN-U6-305-B;2,20\n';
  await page.getByLabel('Plik XLSX lub CSV').setInputFiles({ name: 'cennik.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(page.getByText('Plik jest poprawny.', { exact: false })).toBeVisible();
  await expect(page.getByText('Cenniki: E2E-5 (2) (nowe: 1)')).toBeVisible();
  await page.getByRole('button', { name: 'Importuj', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zaimportowano cenniki: E2E-5' })).toBeVisible();

  await page.goto('/pl/admin/price-lists');
  await page.getByRole('link', { name: 'E2E-5', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cennik E2E-5' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'CN-PC6U-1-B' })).toContainText('7,50');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'price-list');
});

test('an administrator uploads an invoice and its customer downloads it in my account', async ({ page, browser }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/invoice');
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'invoice-form');
  // The form shows the server's errors under the fields.
  await page.getByLabel('Numer faktury').fill(INVOICE);
  await page.getByRole('button', { name: 'Zapisz fakturę' }).click();
  await expect(page.getByText('Wybierz klienta.')).toBeVisible();
  await page.getByLabel('Klient').selectOption({ label: 'Instal-Net Sp. z o.o. (NIP 7791011327)' });
  await page.getByLabel('Data wystawienia').fill('2026-01-05');
  await page.getByLabel('Termin płatności').fill('2026-02-04');
  await page.getByLabel('Kwota netto (zł)').fill('1 250,00');
  await page.getByLabel('Kwota brutto (zł)').fill('1 537,50');
  await page.getByLabel('Plik PDF faktury').setInputFiles({ name: 'skan.pdf', mimeType: 'application/pdf', buffer: pdf });
  await page.getByRole('button', { name: 'Zapisz fakturę' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/invoices$/);
  const row = page.getByRole('row').filter({ hasText: INVOICE });
  await expect(row).toContainText('Instal-Net');
  await expect(row).toContainText('1 537,50');
  await expect(row).toContainText('Po terminie');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'invoices');
  await page.goto('/pl/admin/invoices/import');
  await hydrated(page);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'invoices-import');

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await login(buyer, BUYER.email, BUYER.password);
  await buyer.goto('/pl/my-account/invoices');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Faktury' })).toBeVisible();
  const mine = buyer.getByTestId('my-invoices').getByRole('row').filter({ hasText: INVOICE });
  await expect(mine).toContainText('Po terminie');
  const [download] = await Promise.all([buyer.waitForEvent('download'), mine.getByRole('link', { name: /Pobierz PDF/ }).click()]);
  expect(download.suggestedFilename()).toBe(`${INVOICE.replaceAll('/', '-')}.pdf`);
  await expectNoSeriousA11yViolations(buyer);
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await shot(buyer, { path: `${SHOTS}/admin-shop-my-invoices-1280.png`, fullPage: true });
  await buyer.setViewportSize({ width: 360, height: 740 });
  await expect(buyer.getByTestId('my-invoices-cards')).toContainText(INVOICE);
  await shot(buyer, { path: `${SHOTS}/admin-shop-my-invoices-360.png`, fullPage: true });
  await buyer.goto('/en/my-account/invoices');
  await expect(buyer.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  await buyerContext.close();
});

test('an administrator changes an order status with a comment; the history shows it and the buyer gets a mail', async ({ page }) => {
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/orders');
  await hydrated(page);
  await expect(page.getByRole('link', { name: orderNumber, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'orders');
  await page.getByRole('link', { name: orderNumber, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/admin/order/${orderId}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: `Zamówienie ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('CN-PC6U-1-B')).toBeVisible();
  await page.getByLabel('Nowy status').selectOption({ label: 'Potwierdzone' });
  await page.getByLabel('Komentarz (trafi do e-maila kupującego)').fill('Wysyłka jutro rano.');
  await page.getByRole('button', { name: 'Zmień status' }).click();
  await expect(page.getByText(`Status zamówienia ${orderNumber}: Potwierdzone.`, { exact: false }).first()).toBeVisible();
  // One toast per action (issue 41 point 11: the status change showed two).
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: `Status zamówienia ${orderNumber}` })).toHaveCount(1);
  // The form now offers the next statuses of a confirmed order.
  await expect(page.getByLabel('Nowy status')).toHaveValue('in_progress');
  const history = page.getByRole('heading', { name: 'Historia statusów' }).locator('..');
  await expect(history).toContainText('Potwierdzone');
  await expect(history).toContainText('Wysyłka jutro rano.');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'order');
  await expect.poll(() => mailsTo(BUYER.email).some((m) => m.includes(orderNumber) && m.includes('Wysyłka jutro rano.')), { timeout: 20_000 }).toBe(true);
});
