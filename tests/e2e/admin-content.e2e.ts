// The admin screens of news posts, static sites, the change log and the service screen in
// Chromium: create, edit and confirm-delete a post and a static site (with image and file
// uploads), the change log of the post, the outbox with a mail and its preview, a maintenance
// action; axe and screenshots at 1280 and 360 px of every screen.
import { mkdirSync, statSync } from 'node:fs';
import { expect, type Page, request, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, hydrated, necessaryCookiesChosen, shot } from './fixtures';

// Long flows on a loaded machine: each test drives several screens.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36);
const postTitle = `Nowa seria kabli ${run}`;
const postTitleEdited = `Nowa seria kabli kat. 7A ${run}`;
const siteName = `Karty katalogowe ${run}`;

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-content-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-content-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function loginAsAdmin(page: Page) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await necessaryCookiesChosen(page);
  await page.goto('/pl/login');
  await hydrated(page);
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

/** axe once the toasts are gone (a toast fading out is measured with its transient colours). */
async function axe(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

test('posts: list, create with an image (422 first), edit, confirm-delete', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/posts');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aktualności');
  await expect(page.getByRole('navigation', { name: 'Panel administracyjny' }).getByRole('link', { name: 'Aktualności' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await axe(page);
  await shots(page, 'posts');

  await page.getByRole('link', { name: 'Dodaj wpis' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/post$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowy wpis');
  // Empty title: 422 shown under the field, which gets the focus.
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.locator('#post-title_pl-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#post-title_pl')).toBeFocused();
  await axe(page);

  await page.locator('#post-title_pl').fill(postTitle);
  await expect(page.locator('#post-slug_pl')).toHaveValue(`nowa-seria-kabli-${run}`);
  await page.locator('#post-lead_pl').fill('Zajawka wpisu z testu.');
  await page.getByRole('textbox', { name: 'Treść (PL)' }).click();
  await page.keyboard.type('Pierwszy akapit treści wpisu.');
  await page.getByRole('tab', { name: /Angielski/ }).click();
  await page.locator('#post-title_en').fill(`New cable series ${run}`);
  await expect(page.locator('#post-slug_en')).toHaveValue(`new-cable-series-${run}`);
  await page.getByRole('textbox', { name: 'Treść (EN)' }).click();
  await page.keyboard.type('First paragraph.');
  await page.locator('#post-published_at').fill('2025-03-01');

  const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#1d4ed8' } })
    .png()
    .toBuffer();
  await page.getByLabel('Obraz wpisu').setInputFiles({ name: 'kable.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Obraz wpisu' })).toBeVisible();
  await expect(toast(page, 'Przesłano obraz')).toBeVisible();
  await shots(page, 'post-new');

  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/posts$/);
  await expect(toast(page, 'Dodano wpis.')).toBeVisible();

  // Search the list by title, then open the post.
  await page.getByLabel('Szukaj w tytułach').fill(run);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${run}`));
  const row = page.getByRole('row').filter({ hasText: postTitle });
  await expect(row).toContainText('01.03.2025');
  await expect(row).toContainText('Opublikowany');
  await row.getByRole('link', { name: postTitle, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edycja wpisu');
  await expect(page.locator('#post-title_pl')).toHaveValue(postTitle);
  // The stored image is shown through the resizing route.
  await expect(page.getByRole('img', { name: 'Obraz wpisu' })).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/320\.webp$/);
  await expect(page.getByText('Wersja 1,')).toBeVisible();
  await axe(page);
  await shots(page, 'post-edit');

  // A second tab holds the same version 1 of the form.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await expect(other.locator('#post-title_pl')).toHaveValue(postTitle);

  await page.locator('#post-title_pl').fill(postTitleEdited);
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Zapisano zmiany.')).toBeVisible();
  await expect(page.getByText('Wersja 2,')).toBeVisible();

  // Saving the stale version is refused (409) with its message; nothing is overwritten.
  await other.locator('#post-title_pl').fill('Nadpisanie z drugiej karty');
  await other.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(other, 'zmieniony przez innego użytkownika')).toBeVisible();
  await other.close();

  // The public page shows the edited post at once (the page cache was cleared).
  const href = (await page.getByRole('link', { name: 'Podgląd na stronie' }).getAttribute('href')) as string;
  expect(href).toMatch(new RegExp(`^/pl/post/\\d+-nowa-seria-kabli-${run}$`));
  const publicPage = await page.context().newPage();
  await publicPage.goto(href);
  await expect(publicPage.getByRole('heading', { level: 1 })).toHaveText(postTitleEdited);
  await publicPage.close();

  await page.getByRole('button', { name: 'Usuń', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Czy na pewno usunąć wpis „${postTitleEdited}”?`);
  await axe(page);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/posts$/);
  await expect(toast(page, 'Usunięto wpis.')).toBeVisible();
  await page.goto(`/pl/admin/posts?search=${run}`);
  await expect(page.getByText('Brak elementów spełniających kryteria.')).toBeVisible();
});

test('static sites: add on the list page with roles and a file, edit, confirm-delete', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/static-sites');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Strony statyczne');
  await expect(page.getByRole('heading', { name: 'Dodaj stronę' })).toBeVisible();
  await axe(page);
  await shots(page, 'static-sites');

  await page.locator('#new-site-name_pl').fill(siteName);
  await expect(page.locator('#new-site-slug')).toHaveValue(`karty-katalogowe-${run}`);
  await page.locator('#new-site-destination').selectOption('Dokumenty');
  await page.getByRole('checkbox', { name: 'Instalator' }).check();
  await page.getByRole('checkbox', { name: 'Projektant' }).check();
  await page.getByRole('textbox', { name: 'Treść (PL)' }).click();
  await page.keyboard.type('Karty katalogowe do pobrania.');
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await page.getByLabel('Plik do pobrania').setInputFiles({ name: 'karty.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(page.locator('#new-site-resource_filename')).toHaveValue('karty.pdf');
  await page.locator('#new-site-resource_filename').fill('Karty katalogowe 2025.pdf');
  await page.getByRole('button', { name: 'Dodaj stronę', exact: true }).last().click();
  await expect(toast(page, 'Dodano stronę statyczną.')).toBeVisible();
  // The form is empty again and the list holds the new site.
  await expect(page.locator('#new-site-name_pl')).toHaveValue('');
  const row = page.getByRole('row').filter({ hasText: siteName });
  await expect(row).toContainText('Dokumenty');
  await expect(row).toContainText('Instalator, Projektant');
  await expect(row).toContainText('Karty katalogowe 2025.pdf');

  await row.getByRole('link', { name: siteName, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edycja strony statycznej');
  await expect(page.getByRole('checkbox', { name: 'Instalator' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Administrator' })).not.toBeChecked();
  const download = page.getByRole('link', { name: 'Pobierz: Karty katalogowe 2025.pdf' });
  await expect(download).toBeVisible();
  const res = await page.request.get((await download.getAttribute('href')) as string);
  expect(res.headers()['content-disposition']).toContain("filename*=UTF-8''Karty%20katalogowe%202025.pdf");
  await axe(page);
  await shots(page, 'static-site-edit');

  await page.locator('#site-name_pl').fill(`${siteName} (PDF)`);
  await page.getByRole('checkbox', { name: 'Projektant' }).uncheck();
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Zapisano zmiany.')).toBeVisible();
  await expect(page.getByText('Wersja 2,')).toBeVisible();

  await page.getByRole('button', { name: 'Usuń', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/static-sites$/);
  await expect(toast(page, 'Usunięto stronę statyczną.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: siteName })).toHaveCount(0);
});

test('static sites: editing the text of a page with a table keeps the table', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/static-sites?search=polityka-cookies');
  await page.getByRole('row').filter({ hasText: 'polityka-cookies' }).getByRole('link', { name: 'Polityka cookies', exact: true }).click();
  const editor = page.getByRole('textbox', { name: 'Treść (PL)' });
  await expect(editor.locator('table')).toHaveCount(1);
  await editor.locator('p').first().click();
  await page.keyboard.press('End');
  await page.keyboard.type(' Zmiana z testu.');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Zapisano zmiany.')).toBeVisible();
  await page.goto('/pl/static/polityka-cookies');
  await expect(page.getByText('Zmiana z testu.')).toBeVisible();
  await expect(page.locator('main table')).toHaveCount(1);
  await expect(page.locator('main table th').first()).toHaveText('Nazwa');
});

test('change-infos: the post’s creation, change and deletion with the values before and after', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/change-infos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Historia zmian');
  await page.getByLabel('Rodzaj rekordu').selectOption('post');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(/entity=post/);
  const rows = page.getByRole('row').filter({ hasText: 'admin@e2e.test' });
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Usunięcie');
  await expect(rows.nth(1)).toContainText('Zmiana');
  await expect(rows.nth(2)).toContainText('Utworzenie');
  const change = rows.nth(1);
  await expect(change.locator('del').filter({ hasText: postTitle })).toBeVisible();
  await expect(change.locator('ins').filter({ hasText: postTitleEdited })).toBeVisible();
  await expect(change).toContainText('Tytuł (PL)');
  await axe(page);
  await shots(page, 'change-infos');

  // The filters stay in the URL: the same list after a reload, and a day range.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(new Date());
  await page.getByLabel('Od dnia').fill(today);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}`));
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'admin@e2e.test' })).toHaveCount(3);
  await page.getByLabel('Od dnia').fill('2099-01-01');
  await page.getByRole('button', { name: 'Filtruj' }).click();
  await expect(page.getByText('Brak elementów spełniających kryteria.')).toBeVisible();
});

test('service: database, storage, the outbox with a mail and its preview, a maintenance action', async ({ page }) => {
  // A mail in the outbox: a password reset for the administrator.
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await ctx.post('/api/forgot-password', { data: { email: ADMIN.email }, headers: { 'x-xsrf-token': xsrf } })).status()).toBe(200);
  await ctx.dispose();

  await loginAsAdmin(page);
  await page.goto('/pl/admin/service');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Serwis');
  // The suite runs on the embedded database and, with E2E_DATABASE_URL, on PostgreSQL.
  const kind = process.env.E2E_DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (wbudowana, w katalogu danych)';
  await expect(page.getByText(kind)).toBeVisible();
  await expect(page.getByText(/zastosowane \d+ z \d+/)).toBeVisible();
  await expect(page.getByText('skrzynka deweloperska (pliki .eml)')).toBeVisible();
  await expect(page.getByText(/e2e-data-\d+\/mail$/)).toBeVisible();
  const mailRow = page.getByRole('row').filter({ hasText: ADMIN.email }).first();
  await expect(mailRow).toBeVisible();
  await expect(mailRow).toContainText('account.reset');
  // Delivered by the worker into the development mailbox within seconds.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: ADMIN.email }).first()).toContainText('Wysłane', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await axe(page);
  await shots(page, 'service');

  await page.getByRole('row').filter({ hasText: ADMIN.email }).first().getByRole('link').click();
  await expect(page).toHaveURL(/mail=[0-9a-f-]{36}/);
  const frame = page.frameLocator('iframe[title^="Wiadomość"]');
  await expect(frame.locator('body')).toContainText(/hasł/i);
  await expect(page.locator('iframe[title^="Wiadomość"]')).toHaveAttribute('sandbox', '');
  // By keyboard, as a keyboard user would (the frame stall this once met: see playwright.config.ts).
  const textView = page.getByRole('link', { name: 'Tekst', exact: true });
  await textView.focus();
  await expect(textView).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=text/);
  await expect(page.locator('pre')).toContainText('/pl/reset-password/');
  await expect(page.getByRole('link', { name: 'Tekst', exact: true })).toHaveAttribute('aria-current', 'page');
  await axe(page);
  await shots(page, 'service-mail');

  await page.getByRole('button', { name: 'Wyczyść pamięć podręczną' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Wyczyścić pamięć podręczną stron i list?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Wyczyszczono pamięć podręczną.')).toBeVisible();

  await page.getByRole('button', { name: 'Odbuduj indeks wyszukiwania' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Przeliczono indeks wyszukiwania')).toBeVisible();

  // Issue 10: expired sessions and links swept on demand; the backup as a download.
  await page.getByRole('button', { name: 'Usuń wygasłe sesje i linki' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Usunąć teraz wygasłe sesje i linki?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  // The count follows Polish plurals (1 wygasły wiersz, 2 wygasłe wiersze, 5 wygasłych wierszy), and
  // how many rows have expired depends on the tests before this one on the server.
  await expect(toast(page, /Usunięto \d+ wygasł(y|e|ych) wiersz(e|y)? \(sesje: /)).toBeVisible();
  // Issue 9: unused uploads (the demo's files are all in use, and younger than a day).
  await expect(page.getByText('Nieużywane pliki (starsze niż 24 h)')).toBeVisible();
  await page.getByRole('button', { name: 'Usuń nieużywane pliki' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Tej operacji nie można cofnąć.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Usunięto 0 nieużywanych plików')).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Pobierz kopię zapasową' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^cobinet-backup-[\dT:Z-]+\.tar\.gz$/);
  const archive = await download.path();
  expect(archive && statSync(archive).size).toBeGreaterThan(100_000);
});
