import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// Related products and accessories in the admin product form (issue 17): an administrator finds
// products by catalogue number, adds and reorders them with the keyboard only and saves with the
// top save button; the product page shows the accessories and the chosen related product first,
// in Polish and in English. Screenshots at 1366 and 360 px.
test.describe.configure({ timeout: 180_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/screens-h1';

async function loginAsAdmin(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: test.info().project.use.baseURL ?? 'http://localhost' }]);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

/** Screenshots of one element (scrolled into view) at 1366 and 360 px. */
async function shots(page: Page, name: string, target: () => ReturnType<Page['locator']>) {
  for (const width of [1366, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await target().scrollIntoViewIfNeeded();
    await shot(target(), { path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The product id behind a catalogue number (the public search's only result). */
async function productIdOf(page: Page, number: string): Promise<string> {
  await page.goto(`/pl/category?search=${number}`);
  await page.getByRole('main').getByRole('list', { name: 'Lista produktów' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/pl\/product\/\d+-/);
  return /\/product\/(\d+)-/.exec(page.url())?.[1] as string;
}

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

test('an administrator adds accessories and a related product with the keyboard; the product page shows them in both languages', async ({ page }) => {
  await loginAsAdmin(page);
  // The demo links accessories to its cables: plugs and the crimping tool.
  await productIdOf(page, 'CN-U6-305-G');
  await expect(page.getByRole('main').getByRole('list', { name: 'Akcesoria', exact: true }).getByRole('link')).toContainText([
    'Wtyk RJ45 kat. 6 UTP',
    'Zaciskarka wtyków RJ45 8P8C',
  ]);

  // The demo's toolless field plug: no related products or accessories of its own.
  const id = await productIdOf(page, 'CN-WT-6A-POLE');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Akcesoria', exact: true })).toHaveCount(0);

  await page.goto(`/pl/admin/product/${id}`);
  await hydrated(page);
  const accessories = page.locator('fieldset[data-relations="accessories"]');
  const related = page.locator('fieldset[data-relations="related"]');
  await expect(accessories.getByText('Nie wybrano produktów.')).toBeVisible();

  // Accessories, keyboard only: type a catalogue number, Enter searches (it does not save the form),
  // Tab to the result's "Dodaj" button, Enter adds; the focus comes back to the search box.
  const addByKeyboard = async (list: typeof accessories, query: string, name: string) => {
    const search = list.getByLabel('Szukaj: nazwa lub numer katalogowy');
    await search.focus();
    await search.fill(query);
    await page.keyboard.press('Enter');
    const add = list.getByRole('button', { name: `Dodaj: ${name}`, exact: true });
    await expect(add).toBeVisible();
    // Tab past the search button to the first result.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(search).toBeFocused();
  };
  await addByKeyboard(accessories, 'CN-WT-OS', 'Osłonki wtyków RJ45');
  await addByKeyboard(accessories, 'CN-NT-ZAC-8P', 'Zaciskarka wtyków RJ45 8P8C');
  const chosen = accessories.getByRole('list', { name: 'Akcesoria', exact: true }).getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(0)).toContainText('Osłonki wtyków RJ45');
  // The product is already on the list: its result says so.
  await expect(accessories.getByRole('button', { name: 'na liście: Zaciskarka wtyków RJ45 8P8C' })).toBeDisabled();

  // Move the crimper up with the keyboard; the focus stays with it.
  await accessories.getByRole('button', { name: 'Przesuń wyżej: Zaciskarka wtyków RJ45 8P8C' }).focus();
  await page.keyboard.press('Enter');
  await expect(chosen.nth(0)).toContainText('Zaciskarka wtyków RJ45 8P8C');
  await expect(accessories.getByRole('button', { name: 'Przesuń niżej: Zaciskarka wtyków RJ45 8P8C' })).toBeFocused();

  await addByKeyboard(related, 'CN-WT-6A-S-100', 'Wtyk RJ45 kat. 6A STP');
  await expect(related.getByRole('list', { name: 'Produkty powiązane', exact: true }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano.' })).toHaveCount(0);

  await expectNoSeriousA11yViolations(page);
  await shots(page, 'admin-product-relations', () => page.locator('#relations'));
  await shots(page, 'admin-product-save-top', () => page.getByTestId('save-top'));

  // The top save button sends the same form; its status shows at the top and the bottom.
  await page.getByTestId('save-top').getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano.' })).toBeVisible();
  await expect(page.getByTestId('save-top')).toContainText('Zapisano.');
  // The form is made anew with the saved version (the demo product's first save).
  await expect(page.getByText(/Wersja 2, zapisano/)).toBeVisible();
  await expect(page.getByTestId('save-bottom').getByRole('status')).toHaveText('Zapisano.');
  await shots(page, 'admin-product-save-bottom', () => page.getByTestId('save-bottom'));
  await page.reload();
  await hydrated(page);
  await expect(
    page.locator('fieldset[data-relations="accessories"]').getByRole('list', { name: 'Akcesoria', exact: true }).getByRole('listitem').nth(0),
  ).toContainText('Zaciskarka wtyków RJ45 8P8C');
  await expect(page.locator('#images')).toContainText('niezależnie od przycisku „Zapisz”');

  // The public page: accessories in their order, the chosen related product first.
  await page.goto(`/pl/product/${id}`);
  const main = page.getByRole('main');
  const accessoryLinks = main.getByRole('list', { name: 'Akcesoria', exact: true }).getByRole('link');
  await expect(accessoryLinks).toHaveText(['Zaciskarka wtyków RJ45 8P8C', 'Osłonki wtyków RJ45']);
  const relatedLinks = main.getByRole('list', { name: 'Podobne produkty', exact: true }).getByRole('link');
  await expect(relatedLinks.first()).toHaveText('Wtyk RJ45 kat. 6A STP');
  expect(await relatedLinks.count()).toBeLessThanOrEqual(4);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'product-accessories-pl', () => main.locator('section', { has: page.getByRole('heading', { name: 'Akcesoria', exact: true }) }));
  await shots(page, 'product-related-pl', () => main.locator('section', { has: page.getByRole('heading', { name: 'Podobne produkty', exact: true }) }));

  await page.goto(`/en/product/${id}`);
  await expect(main.getByRole('heading', { name: 'Accessories', exact: true })).toBeVisible();
  await expect(main.getByRole('list', { name: 'Accessories', exact: true }).getByRole('link')).toHaveText(['RJ45 8P8C crimping tool', 'RJ45 plug boots']);
  await expect(main.getByRole('list', { name: 'Related products', exact: true }).getByRole('link').first()).toHaveText('RJ45 plug, category 6A STP');
  await shots(page, 'product-accessories-en', () => main.locator('section', { has: page.getByRole('heading', { name: 'Accessories', exact: true }) }));

  // Removing them again (keyboard) leaves the page without the section.
  await page.goto(`/pl/admin/product/${id}`);
  await hydrated(page);
  for (const name of ['Zaciskarka wtyków RJ45 8P8C', 'Osłonki wtyków RJ45']) {
    await accessories.getByRole('button', { name: `Usuń: ${name}` }).focus();
    await page.keyboard.press('Enter');
  }
  await expect(accessories.getByText('Nie wybrano produktów.')).toBeVisible();
  await page.getByTestId('save-bottom').getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Zapisano.' })).toBeVisible();
  await page.goto(`/pl/product/${id}`);
  await expect(main.getByRole('heading', { name: 'Podobne produkty', exact: true })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Akcesoria', exact: true })).toHaveCount(0);
});
