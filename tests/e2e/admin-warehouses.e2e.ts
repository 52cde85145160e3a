// The warehouses of the stock in the admin (issue 39): the list of the demo warehouses with their
// stock rows, a warehouse added through the form, deleting one in use refused with its reason, an
// unused one deleted; the admin product screen shows the stock per warehouse (read-only). axe on
// each screen; E2E_SHOTS saves 1366 and 360 px screenshots.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, necessaryCookiesChosen, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const code = `K${Date.now().toString(36).toUpperCase()}`.slice(0, 12);

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-warehouses-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-warehouses-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function loginAsAdmin(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await necessaryCookiesChosen(page);
  await page.goto('/pl/login');
  await hydrated(page);
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('warehouses: list, add, delete refused while in use, delete an unused one', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/warehouses');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Magazyny', level: 1 })).toBeVisible();
  const glw = page.getByRole('row').filter({ hasText: 'GLW' });
  await expect(glw).toContainText('Magazyn Gliwice');
  expect(Number((await glw.getByRole('cell').nth(3).textContent()) ?? '0')).toBeGreaterThan(100);
  await expect(page.getByRole('row').filter({ hasText: 'WAW' })).toContainText('Magazyn Warszawa');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'list');

  await page.getByRole('link', { name: 'Dodaj magazyn' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/warehouse$/);
  await hydrated(page);
  await page.getByLabel('Kod (jak w ERP)').fill(code.toLowerCase());
  await page.getByLabel('Nazwa (polska)').fill('Magazyn Kraków');
  await page.getByLabel('Nazwa (angielska)').fill('Cracow warehouse');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'form');
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/warehouses$/);
  const added = page.getByRole('row').filter({ hasText: code });
  await expect(added).toContainText('Magazyn Kraków');

  await glw.getByRole('button', { name: /^Usuń/ }).click();
  let dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Usunąć magazyn GLW?');
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Nie można usunąć magazynu GLW')).toBeVisible();
  // A refused delete leaves the dialog open; the user closes it and the row is still there.
  await dialog.getByRole('button', { name: 'Nie' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(glw).toHaveCount(1);

  await added.getByRole('button', { name: /^Usuń/ }).click();
  dialog = page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Magazyn został usunięty.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
});

test('the admin product screen shows the stock per warehouse', async ({ page }) => {
  await loginAsAdmin(page);
  const list = (await (await page.request.get(`/api/products?search=${encodeURIComponent('CN-U6-305-G')}`)).json()) as { items: { id: number }[] };
  await page.goto(`/pl/admin/product/${list.items[0]?.id}`);
  await hydrated(page);
  const table = page.getByTestId('product-stock');
  await expect(page.getByRole('heading', { name: 'Stany magazynowe' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'CN-U6-305-G' }).filter({ hasText: 'GLW' })).toContainText('1220 m');
  await expect(table.getByRole('row').filter({ hasText: 'CN-U6-305-G' }).filter({ hasText: 'WAW' })).toContainText('610 m');
  await expect(table.getByRole('row').filter({ hasText: 'CN-U6-500-G' })).toContainText('5');
  await table.scrollIntoViewIfNeeded();
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'product-stock');
});
