// The admin screens of videos and realizations in Chromium: a video with a poster uploaded in the
// form (a non-image refused first) shows that poster behind the consent notice on the public
// videos page; a realization added in the panel appears on the public realizations page in both
// languages; both are deleted through the confirm dialog. axe and screenshots at 1366 and 360 px.
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoSeriousA11yViolations, hydrated, necessaryCookiesChosen, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/shots';
const run = Date.now().toString(36);
const videoTitle = `Zarabianie wtyku RJ45 ${run}`;
const videoTitleEn = `Terminating an RJ45 plug ${run}`;
// An id of the shape YouTube uses (the public page embeds it only after consent; nothing is fetched here).
const youtubeId = 'e2eVideo001';
const realizationTitle = `Hala logistyczna ${run}`;
const realizationTitleEn = `Logistics hall ${run}`;

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-videos-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-videos-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function loginAsAdmin(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  // "Necessary only": the consent cookie that keeps embeds blocked on the public pages later.
  await necessaryCookiesChosen(page);
  await page.goto('/pl/login');
  await hydrated(page);
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

async function axe(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text }).first();

/** The image has loaded for real (a broken one has naturalWidth 0). */
async function expectLoaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test('videos: add with a poster (a non-image and a foreign address refused first), the public page shows the poster behind the notice, delete', async ({
  page,
}) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/videos');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Filmy');
  await expect(page.getByRole('navigation', { name: 'Panel administracyjny' }).getByRole('link', { name: 'Filmy', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // The demo videos are listed with their posters.
  await expect(page.getByRole('row').filter({ hasText: 'Jak powstaje kabel kategorii 6A' }).locator('img')).toHaveAttribute(
    'src',
    /^\/img\/[0-9a-f-]{36}\/160\.webp$/,
  );
  await axe(page);
  await shots(page, 'videos');

  await page.getByRole('link', { name: 'Dodaj film' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/video$/);
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowy film');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.locator('#video-title_pl-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#video-video_url-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#video-title_pl')).toBeFocused();
  await axe(page);

  await page.locator('#video-title_pl').fill(videoTitle);
  await page.locator('#video-description_pl').fill('Jak zarobić wtyk RJ45 kat. 6A krok po kroku.');
  await page.getByRole('tab', { name: /Angielski/ }).click();
  await page.locator('#video-title_en').fill(videoTitleEn);
  await page.locator('#video-description_en').fill('How to terminate a Cat. 6A RJ45 plug, step by step.');
  // Only YouTube is embedded by the site: another provider's address is refused by the API.
  await page.locator('#video-video_url').fill('https://vimeo.com/76979871');
  await page.locator('#video-position').fill('0');

  // A file named like a picture but not one is refused by its content, under the field.
  await page
    .getByLabel('Kadr filmu', { exact: true })
    .setInputFiles({ name: 'kadr.png', mimeType: 'image/png', buffer: Buffer.from('MZ this is not a picture at all') });
  await expect(page.locator('#video-poster_file_id-error')).toHaveText('Plik nie jest obrazem JPG, PNG, WebP, GIF ani AVIF.');
  const png = await sharp({ create: { width: 1280, height: 720, channels: 3, background: '#b45309' } })
    .png()
    .toBuffer();
  await page.getByLabel('Kadr filmu', { exact: true }).setInputFiles({ name: 'kadr.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Kadr filmu' })).toBeVisible();
  await expect(page.locator('#video-poster_file_id-error')).toHaveCount(0);
  await expect(toast(page, 'Przesłano obraz')).toBeVisible();

  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.locator('#video-video_url-error')).toHaveText(/Podaj adres filmu w YouTube/);
  await expect(page.locator('#video-video_url')).toBeFocused();
  await page.locator('#video-video_url').fill(`https://youtu.be/${youtubeId}`);
  await shots(page, 'video-new');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/videos$/);
  await expect(toast(page, 'Dodano film.')).toBeVisible();

  await page.getByLabel('Szukaj w tytułach').fill(run);
  await page.getByRole('button', { name: 'Filtruj' }).click();
  const row = page.getByRole('row').filter({ hasText: videoTitle });
  await expect(row).toContainText('Filmy o firmie i produktach');
  await expect(row).toContainText('PL i EN');
  await expect(row.locator('img')).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/160\.webp$/);

  // The public page: the stored poster under the consent notice (the admin chose "necessary only").
  const publicPage = await page.context().newPage();
  await publicPage.goto('/pl/videos');
  await hydrated(publicPage);
  const article = publicPage.locator('article').filter({ has: publicPage.getByRole('heading', { name: videoTitle }) });
  await expect(article).toHaveCount(1);
  const blocked = article.locator('[data-consent-blocked="video"]');
  await expect(blocked).toContainText('Treść zablokowana. Aby ją wyświetlić, zezwól na pliki cookies');
  const poster = blocked.getByRole('img', { name: `Kadr z filmu: ${videoTitle}` });
  await expect(poster).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
  await expectLoaded(article.locator('[data-consent-poster="video"]'));
  await expect(article.locator('iframe')).toHaveCount(0);
  await expect(article).toContainText('Jak zarobić wtyk RJ45 kat. 6A krok po kroku.');
  await expectNoSeriousA11yViolations(publicPage);
  await publicPage.setViewportSize({ width: 360, height: 740 });
  await article.scrollIntoViewIfNeeded();
  await shot(publicPage, { path: `${SHOTS}/admin-videos-public-video-360.png` });
  await publicPage.goto('/en/videos');
  await expect(publicPage.getByRole('img', { name: `Video still: ${videoTitleEn}` })).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
  await publicPage.close();

  // Edit: the stored poster through the image route; the list the video shows on; then delete.
  await row.getByRole('link', { name: videoTitle, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Edycja filmu');
  await expect(page.locator('#video-video_url')).toHaveValue(`https://www.youtube.com/watch?v=${youtubeId}`);
  await expect(page.getByRole('img', { name: 'Kadr filmu' })).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/320\.webp$/);
  await expect(page.getByText('Wersja 1,')).toBeVisible();
  await page.locator('#video-position').fill('3');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(toast(page, 'Zapisano zmiany.')).toBeVisible();
  await expect(page.getByText('Wersja 2,')).toBeVisible();
  await axe(page);
  await shots(page, 'video-edit');

  await page.getByRole('button', { name: 'Usuń', exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Czy na pewno usunąć film „${videoTitle}”?`);
  await axe(page);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/videos$/);
  await expect(toast(page, 'Usunięto film.')).toBeVisible();
  await page.goto('/pl/videos');
  await expect(page.getByRole('heading', { name: videoTitle })).toHaveCount(0);
  await expect(page.locator('[data-consent-blocked="video"]')).toHaveCount(3);
});

test('realizations: add with a photo, shown on the public page in both languages, delete from the list', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/realizations');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Realizacje');
  await expect(page.getByRole('navigation', { name: 'Panel administracyjny' }).getByRole('link', { name: 'Realizacje', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await axe(page);
  await shots(page, 'realizations');

  await page.getByRole('link', { name: 'Dodaj realizację' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nowa realizacja');
  await hydrated(page);
  await page.locator('#realization-title_pl').fill(realizationTitle);
  await page.locator('#realization-description_pl').fill('Okablowanie kat. 6A i Wi-Fi w hali 20 000 m².');
  await page.locator('#realization-year').fill('1700');
  await page.getByRole('tab', { name: /Angielski/ }).click();
  await page.locator('#realization-title_en').fill(realizationTitleEn);
  await page.locator('#realization-description_en').fill('Cat. 6A cabling and Wi-Fi in a 20,000 m² hall.');
  await page.locator('#realization-location').fill('Gniezno');
  await page.locator('#realization-position').fill('0');
  const jpeg = await sharp({ create: { width: 1200, height: 750, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Zdjęcie realizacji', { exact: true }).setInputFiles({ name: 'hala.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: 'Zdjęcie realizacji' })).toBeVisible();
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page.locator('#realization-year-error')).toHaveText('Podaj rok od 1950 do 2100.');
  await axe(page);
  await page.locator('#realization-year').fill('2026');
  await shots(page, 'realization-new');
  await page.getByRole('button', { name: 'Zapisz', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/admin\/realizations$/);
  await expect(toast(page, 'Dodano realizację.')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: realizationTitle });
  await expect(row).toContainText('Gniezno');
  await expect(row).toContainText('2026');

  for (const [path, title, description, place] of [
    ['/pl/realizations', realizationTitle, 'Okablowanie kat. 6A i Wi-Fi w hali 20 000 m².', 'Miejsce:'],
    ['/en/realizations', realizationTitleEn, 'Cat. 6A cabling and Wi-Fi in a 20,000 m² hall.', 'Location:'],
  ] as const) {
    await page.goto(path);
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(description);
    await expect(card).toContainText(`${place}Gniezno`);
    await expect(card.locator('img')).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
    await expectLoaded(card.locator('img'));
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('article').filter({ hasText: realizationTitleEn }).scrollIntoViewIfNeeded();
  await shot(page, { path: `${SHOTS}/admin-videos-public-realization-360.png` });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Delete from the list's row through the confirm dialog.
  await page.goto('/pl/admin/realizations');
  await hydrated(page);
  const listRow = page.getByRole('row').filter({ hasText: realizationTitle });
  await listRow.getByRole('button', { name: /^Usuń/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Czy na pewno usunąć realizację „${realizationTitle}”?`);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(toast(page, 'Usunięto realizację.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: realizationTitle })).toHaveCount(0);
  await page.goto('/en/realizations');
  await expect(page.getByRole('heading', { name: realizationTitleEn })).toHaveCount(0);
});
