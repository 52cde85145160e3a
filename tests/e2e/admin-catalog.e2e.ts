// The catalogue's admin screens in Chromium: create, edit and confirm-delete a category and a
// product (with an image upload, reordering and alt texts), the import preview with row errors and
// a good import, the export download; axe and screenshots at 1280 and 360 px of every screen.
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// Long flows on a loaded machine: each test drives several screens.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36);

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-catalog-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-catalog-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function loginAsAdmin(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: test.info().project.use.baseURL ?? 'http://localhost' }]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

/** axe on the screen once the toasts (5 s, fading) are gone: a toast mid-animation has no stable contrast. */
async function axe(page: Page) {
  // A pointer over a toast keeps it open.
  await page.mouse.move(5, 400);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

const png = (colour: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: colour } })
    .png()
    .toBuffer();

test('categories: tree with filters, create (422 first) with an image, edit, refused and confirmed delete', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kategorie');
  await expect(page.getByRole('navigation', { name: 'Panel administracyjny' }).getByRole('link', { name: 'Kategorie' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const table = page.getByRole('table', { name: 'Drzewo kategorii' });
  await expect(table.getByRole('link', { name: 'Kable miedziane', exact: true })).toBeVisible();
  await axe(page);
  await shots(page, 'categories');

  // The name filter keeps the matches with their parents.
  await page.getByLabel('Nazwa', { exact: true }).fill('ekranowane');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/name=ekranowane/);
  await expect(table.getByRole('link', { name: 'Kable kat. 5e ekranowane', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Kable miedziane (kategoria nadrzędna wyników)', exact: true })).toBeVisible();
  await expect(table.getByRole('link', { name: 'Kable miedziane', exact: true })).toHaveCount(0);
  await expect(table.getByText('Kable światłowodowe', { exact: true })).toHaveCount(0);

  // Deleting a category with subcategories is refused with the reason.
  await page.goto('/pl/admin/categories?name=Panele%20krosowe');
  const panels = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Panele krosowe', exact: true }) });
  await panels.getByRole('button', { name: /^Usuń\s*: Panele krosowe$/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Nie można usunąć kategorii, która ma podkategorie')).toBeVisible();

  await page.goto('/pl/admin/categories');
  await page.getByRole('link', { name: 'Dodaj kategorię' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/category$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowa kategoria');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.locator('#category-name_pl-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#category-name_pl')).toBeFocused();
  await axe(page);

  const name = `Kable testowe ${run}`;
  await page.locator('#category-parent_id').selectOption({ label: 'Kable miedziane' });
  await page.locator('#category-position').fill('9');
  await page.locator('#category-name_pl').fill(name);
  await expect(page.locator('#category-slug_pl')).toHaveValue(`kable-testowe-${run}`);
  await page.locator('#category-name_en').fill(`Test cables ${run}`);
  await page.locator('#category-description_pl').fill('Kategoria utworzona w teście.');
  await page.locator('#category-image').setInputFiles({ name: 'kategoria.png', mimeType: 'image/png', buffer: await png('#0f766e') });
  await shots(page, 'category-new');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Kategoria została dodana.')).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/admin\/categories$/);
  const row = table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Kable miedziane');

  await row.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Kategoria: ${name}`);
  await expect(page.getByRole('img', { name })).toBeVisible();
  await page.locator('#category-name_pl').fill(`${name} (zmienione)`);
  await page.locator('#category-parent_id').selectOption({ label: 'Kable światłowodowe' });
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Kategoria została zapisana.')).toBeVisible();
  await expect(page.getByText(/Wersja 2, zapisano/)).toBeVisible();
  await expect(page.locator('#category-parent_id')).toHaveValue(/\d+/);
  await axe(page);
  await shots(page, 'category-edit');

  await page.getByRole('button', { name: 'Usuń', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Czy na pewno usunąć kategorię „${name} (zmienione)”?`);
  await axe(page);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Kategoria została usunięta.')).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/admin\/categories$/);
  await expect(table.getByRole('link', { name: `${name} (zmienione)` })).toHaveCount(0);
});

test('products: search, create (422 first), images upload and reorder, edit, public page, confirm-delete', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produkty');
  await page.getByLabel('Nazwa lub numer katalogowy').fill('CN-U5-305-G');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  const table = page.getByRole('table', { name: 'Lista produktów' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('CN-U5-305-G');
  await axe(page);
  await shots(page, 'products');

  await page.getByRole('link', { name: 'Dodaj produkt' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowy produkt');
  await expect(page.getByText('Zdjęcia można dodać po zapisaniu produktu.')).toBeVisible();
  await page.getByRole('button', { name: 'Dodaj numer katalogowy' }).click();
  await page.getByRole('button', { name: 'Zapisz', exact: true }).last().click();
  await expect(page.locator('#product-category_id-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#product-name_pl-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#product-numbers-0-number-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#product-category_id')).toBeFocused();
  await axe(page);

  const name = `Patchcord testowy ${run}`;
  const number = `CN-E2E-${run.toUpperCase()}`;
  await page.locator('#product-category_id').selectOption({ label: 'Kable miedziane' });
  await page.locator('#product-name_pl').fill(name);
  await page.locator('#product-name_en').fill(`Test patch cord ${run}`);
  await page.locator('#product-lead_pl').fill('Krótki opis produktu testowego.');
  await page.getByRole('textbox', { name: 'Opis (polski)' }).click();
  await page.keyboard.type('Opis produktu z testu przeglądarkowego.');
  await page.locator('#product-numbers-0-number').fill(number);
  await page.locator('#product-numbers-0-name_pl').fill('Długość 1 m');
  await page.locator('#product-numbers-0-multiple').fill('10');
  await page.locator('#product-numbers-0-multiple_unit').selectOption('opak.');
  await page.getByRole('button', { name: 'Dodaj dokument' }).click();
  await page.locator('#product-documents-0-type').selectOption('certificate');
  await page.locator('#product-documents-0-name_pl').fill('Certyfikat testowy');
  await page.locator('#product-documents-0-name_en').fill('Test certificate');
  await page
    .locator('#product-documents-0-file')
    .setInputFiles({ name: 'certyfikat.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await shots(page, 'product-new');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).last().click();
  await expect(toast(page, 'Produkt został dodany.')).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/admin\/product\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Produkt: ${name}`);
  await expect(page.getByRole('link', { name: 'certyfikat.pdf' })).toBeVisible();

  // Two images with a progress bar, then reorder with the keyboard and set an alt text.
  await page.getByLabel('Dodaj zdjęcia (można wybrać kilka)').setInputFiles([
    { name: 'czerwone.png', mimeType: 'image/png', buffer: await png('#b91c1c') },
    { name: 'niebieskie.png', mimeType: 'image/png', buffer: await png('#1d4ed8') },
  ]);
  await expect(toast(page, 'Dodano zdjęcia: 2.')).toBeVisible();
  const gallery = page.locator('#images ol > li');
  await expect(gallery).toHaveCount(2);
  const firstSrc = await gallery.nth(0).locator('img').getAttribute('src');
  await page.getByRole('button', { name: 'Przesuń niżej: Zdjęcie 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(gallery.nth(1).locator('img')).toHaveAttribute('src', firstSrc as string);
  await expect(page.getByRole('button', { name: 'Przesuń wyżej: Zdjęcie 2' })).toBeFocused();
  await gallery
    .nth(0)
    .getByLabel(/Tekst alternatywny \(polski\)/)
    .fill('Patchcord – widok z przodu');
  await gallery
    .nth(0)
    .getByRole('button', { name: /Zapisz opis/ })
    .click();
  await expect(toast(page, 'Opis zdjęcia został zapisany.')).toBeVisible();
  expect(
    await gallery
      .nth(0)
      .locator('img')
      .evaluate((img: HTMLImageElement) => img.naturalWidth),
  ).toBeGreaterThan(0);
  // A non-image renamed .jpg is refused.
  await page
    .getByLabel('Dodaj zdjęcia (można wybrać kilka)')
    .setInputFiles({ name: 'zdjecie.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not an image at all') });
  await expect(page.getByRole('alert').filter({ hasText: 'nie jest obrazem' })).toBeVisible();
  await expect(gallery).toHaveCount(2);
  await axe(page);

  await page.locator('#product-name_pl').fill(`${name} (zmieniony)`);
  await page.getByRole('button', { name: 'Zapisz', exact: true }).last().click();
  await expect(toast(page, 'Produkt został zapisany.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Produkt: ${name} (zmieniony)`);
  await expect(page.getByText(/Wersja 2, zapisano/)).toBeVisible();
  await shots(page, 'product-edit');

  // The public product page shows the saved product, its number and the first image.
  const publicPage = await page.context().newPage();
  await publicPage.goto(`/pl/product/${id}`);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(`${name} (zmieniony)`);
  await expect(publicPage.getByText(number)).toBeVisible();
  await expect(publicPage.getByRole('img', { name: 'Patchcord – widok z przodu' }).first()).toBeVisible();
  await publicPage.close();

  await page.getByRole('button', { name: 'Usuń', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Czy na pewno usunąć produkt „${name} (zmieniony)”`);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Produkt został usunięty.')).toBeVisible();
  await expect(page).toHaveURL(/\/pl\/admin\/products$/);
  expect((await page.request.get(`/pl/product/${id}`)).status()).toBe(404);
});

test('the product form shows every catalogue number whole, also a long one typed in (issue 41 point 18)', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/products');
  await page.getByLabel('Nazwa lub numer katalogowy').fill('CN-PG-SCA-OS2-12');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  const table = page.getByRole('table', { name: 'Lista produktów' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('row').nth(1).getByRole('link').first().click();
  await hydrated(page);
  const numbers = page.locator('input[id^="product-numbers-"][id$="-number"]');
  await expect(numbers.first()).toHaveValue('CN-PG-SCA-OS2-12');
  const clipped = () =>
    numbers.evaluateAll((inputs) =>
      inputs.filter((i) => (i as HTMLInputElement).scrollWidth > (i as HTMLInputElement).clientWidth).map((i) => (i as HTMLInputElement).value),
    );
  // Nothing of a number is scrolled out of its field: the demo's longest on a phone too, and a
  // 41-character one typed in at the panel's desktop widths (a phone's field is narrower than that).
  for (const width of [1366, 1280, 1024, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await clipped(), `${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Dodaj numer katalogowy' }).click();
  await numbers.last().fill('CN-PG-SCA-OS2-12-LSZH-DUPLEX-3M-NIEBIESKI');
  for (const width of [1366, 1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await clipped(), `${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('import: the preview lists row errors and writes nothing; a good file imports; the export downloads', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/products/import');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Import i eksport produktów');
  await axe(page);
  await shots(page, 'import');

  const options = (await (await page.request.get('/api/admin/categories/options')).json()) as { id: string }[];
  const category = options[0].id;
  const header = 'product_id;category_id;name_pl;name_en;catalog_number;multiple;multiple_unit;active;published_at';
  const bad = [
    header,
    `;999999;Nieznana kategoria;Unknown;CN-IMP-${run}-1;1;szt.;1;2025-01-01`,
    `;${category};;No Polish name;CN-IMP-${run}-2;1;szt.;1;2025-01-01`,
    `;${category};Zła krotność;Bad multiple;CN-IMP-${run}-3;zero;szt.;1;2025-01-01`,
    `;${category};Dobry;Good;CN-IMP-${run}-4;1;szt.;1;2025-01-01`,
  ].join('\n');
  const file = page.getByLabel('Plik XLSX lub CSV');
  await file.setInputFiles({ name: 'import.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await page.getByRole('button', { name: 'Sprawdź plik' }).click();
  const errors = page.getByRole('table', { name: 'Błędy w pliku (wiersze z błędami: 3)' });
  await expect(errors).toBeVisible();
  await expect(errors.getByRole('row').filter({ hasText: 'category_id' })).toContainText('Wybrana kategoria nie istnieje.');
  await expect(errors.getByRole('row').filter({ hasText: 'name_pl' })).toContainText('Pole jest wymagane.');
  await expect(errors.getByRole('row').filter({ hasText: 'multiple' }).first()).toContainText('4');
  await expect(page.getByRole('button', { name: /^Importuj/ })).toHaveCount(0);
  await axe(page);
  await shots(page, 'import-errors');

  const good = [header, `;${category};Import testowy ${run};Test import ${run};CN-IMP-${run}-9;5;m;1;2025-01-01`].join('\n');
  await file.setInputFiles({ name: 'import.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await page.getByRole('button', { name: 'Sprawdź plik' }).click();
  await expect(page.getByText('Plik jest poprawny i gotowy do importu.')).toBeVisible();
  await page.getByRole('button', { name: 'Importuj (produkty: 1)' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import zakończony. Nowe produkty: 1, zmienione produkty: 0, numery katalogowe: 1.' })).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz katalog (XLSX)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^produkty-\d{4}-\d{2}-\d{2}\.xlsx$/);

  await page.goto(`/pl/admin/products?search=CN-IMP-${run}-9`);
  await expect(page.getByRole('table', { name: 'Lista produktów' })).toContainText(`Import testowy ${run}`);
});
