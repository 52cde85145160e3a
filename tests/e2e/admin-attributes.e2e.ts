import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// Attribute values in the admin product form (issue 17): the Specifications section shows every
// attribute with the product's values; a saved change reaches the product page's table and the
// listing's facets.
test.describe.configure({ timeout: 180_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };

async function loginAsAdmin(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: test.info().project.use.baseURL ?? 'http://localhost' }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

test("edit a product's attributes in the form; the product page and the facets follow", async ({ page }) => {
  await loginAsAdmin(page);
  // The demo's 5e U/UTP PE outdoor cable (one product with this catalogue number).
  await page.goto('/pl/category?search=CN-U5Z-305-K');
  await page.getByRole('main').getByRole('list', { name: 'Lista produktów' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/pl\/product\/\d+-/);
  const productId = /\/product\/(\d+)-/.exec(page.url())?.[1];
  expect(productId).toBeTruthy();
  await page.goto(`/pl/admin/product/${productId}`);
  await hydrated(page);
  const section = page.locator('fieldset[data-attribute]');
  await expect(section.first()).toBeVisible();
  const category = page.locator('fieldset[data-attribute="category"]');
  await expect(category.getByLabel('5e')).toBeChecked();
  const length = page.locator('fieldset[data-attribute="length"]').getByRole('textbox');
  await expect(length).toHaveValue('305; 500');
  await expectNoSeriousA11yViolations(page);
  await page.locator('fieldset[data-attribute="category"]').scrollIntoViewIfNeeded();
  await shot(page, { path: 'tmp/screens-h6/admin-product-attributes-1280.png' });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.locator('fieldset[data-attribute="category"]').scrollIntoViewIfNeeded();
  await shot(page, { path: 'tmp/screens-h6/admin-product-attributes-360.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  await category.getByLabel('5e').uncheck();
  await category.getByLabel('6', { exact: true }).check();
  await length.fill('100; 305,5');
  const material = page.locator('fieldset[data-attribute="material"]');
  await material.getByLabel('po polsku').fill('polietylen');
  await material.getByLabel('po angielsku').fill('polyethylene');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).last().click();
  await expect(page.getByText('Produkt został zapisany.').first()).toBeVisible();
  await page.reload();
  await expect(page.locator('fieldset[data-attribute="length"]').getByRole('textbox')).toHaveValue('100; 305,5');

  // A bad number list is refused with the message under the field.
  await page.locator('fieldset[data-attribute="length"]').getByRole('textbox').fill('1, 2');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).last().click();
  await expect(page.getByText('Wpisz liczby oddzielone średnikami, np. 0,5; 1; 2.')).toBeVisible();

  await page.goto(`/en/product/${productId}`);
  const specs = page.getByRole('main').getByTestId('specs');
  await expect(specs.getByRole('row', { name: /Category/ })).toContainText('6');
  await expect(specs.getByRole('row', { name: /Length/ })).toContainText('100, 305.5 m');
  await expect(specs.getByRole('row', { name: /Material/ })).toContainText('polyethylene');
  await page.goto('/pl/category?search=CN-U5Z-305-K&f.length=305.5');
  await expect(page.getByRole('main').getByRole('list', { name: 'Lista produktów' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('main').getByRole('group', { name: 'Długość' }).getByRole('checkbox', { name: '305,5 m (1)' })).toBeChecked();
  await page.goto('/pl/category?search=CN-U5Z-305-K&f.length=305');
  await expect(page.getByRole('main').getByText('Nie znaleziono produktów spełniających wybrane kryteria.')).toBeVisible();
});
