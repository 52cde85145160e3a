import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// The public catalogue on the demo catalogue: categories, listings, search, pagination, product
// pages with versions, documents and downloads, canonical redirects.

test.beforeEach(async ({ context, baseURL }) => {
  // A recorded cookie choice keeps the consent banner out of the way.
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL ?? 'http://localhost' }]);
});

const main = (page: Page) => page.getByRole('main');

/** The product page of the only result of a catalogue-number search. */
async function openByNumber(page: Page, locale: 'pl' | 'en', number: string) {
  await page.goto(`/${locale}/category?search=${encodeURIComponent(number)}`);
  await main(page)
    .getByRole('list', { name: locale === 'pl' ? 'Lista produktów' : 'Product list' })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/${locale}/product/\\d+-`));
  // The URL changes before the client navigation commits the new page: wait for the product page itself.
  await expect(main(page).getByRole('heading', { level: 2, name: locale === 'pl' ? 'Numery katalogowe' : 'Catalogue numbers' })).toBeVisible();
}

test('browse: categories, a category with its subcategories, a subcategory, a product', async ({ page }) => {
  await page.goto('/pl/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Produkty');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveCount(10);
  await expectNoSeriousA11yViolations(page);

  await main(page).getByRole('link', { name: 'Kable miedziane', exact: true }).click();
  await expect(page).toHaveURL(/\/pl\/category\/\d+-kable-miedziane$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kable miedziane');
  const filters = page.getByRole('navigation', { name: 'Podkategorie' });
  await expect(filters.getByRole('link')).toHaveText(['Wszystkie', 'Kable kat. 5e', 'Kable kat. 6', 'Kable kat. 6A', 'Kable kat. 7 i 7A', 'Kable zewnętrzne']);
  // The category lists the products of all its subcategories.
  await expect(main(page).getByText('20 produktów')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await filters.getByRole('link', { name: 'Kable kat. 6', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kable kat. 6');
  await expect(page.getByRole('navigation', { name: 'Ścieżka nawigacji' })).toContainText('Kable miedziane');
  const grid = main(page).getByRole('list', { name: 'Lista produktów' });
  await expect(grid.getByRole('listitem')).toHaveCount(5);
  await expect(grid.getByRole('listitem').first().getByRole('img')).toHaveAttribute('srcset', /\/img\/[0-9a-f-]{36}\/320\.webp 320w/);

  const first = grid.getByRole('link').first();
  const name = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/pl\/product\/\d+-kabel-/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('navigation', { name: 'Ścieżka nawigacji' }).getByRole('link', { name: 'Kable kat. 6', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('search "swiatlowod" finds fibre products; pagination keeps the query', async ({ page }) => {
  await page.goto('/pl');
  const search = page.getByRole('search').first();
  await search.getByRole('searchbox', { name: 'Szukaj produktów' }).fill('swiatlowod');
  await search.getByRole('button', { name: 'Szukaj' }).click();
  await expect(page).toHaveURL(/\/pl\/category\?search=swiatlowod$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wyniki wyszukiwania: „swiatlowod”');
  await expect(
    main(page)
      .getByRole('link', { name: /światłowodow/ })
      .first(),
  ).toBeVisible();

  const pager = page.getByRole('navigation', { name: 'Stronicowanie' });
  await expect(pager).toContainText(/Strona 1 z [2-9]/);
  const pages = Number((await pager.textContent())?.match(/Strona 1 z (\d+)/)?.[1]);
  await expect(pager.getByRole('link', { name: 'Następna' })).toHaveAttribute('href', '/pl/category?search=swiatlowod&page=2');
  await expectNoSeriousA11yViolations(page);

  await pager.getByRole('link', { name: 'Następna' }).click();
  await expect(page).toHaveURL(/\/pl\/category\?search=swiatlowod&page=2$/);
  await expect(pager).toContainText(`Strona 2 z ${pages}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wyniki wyszukiwania: „swiatlowod”');
  await expect(pager.getByRole('link', { name: 'Poprzednia' })).toHaveAttribute('href', '/pl/category?search=swiatlowod');
});

test('a nonsense search shows the empty text and no pagination, in both languages', async ({ page }) => {
  await page.goto('/en/category?search=qqqxyzzy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “qqqxyzzy”');
  await expect(main(page).getByText('No products found matching the selected criteria.', { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/pl/category?search=qqqxyzzy');
  await expect(main(page).getByText('Nie znaleziono produktów spełniających wybrane kryteria.', { exact: true })).toBeVisible();
});

test('a cabinet page shows numbers, versions, grouped documents and downloads with their names', async ({ page }) => {
  await openByNumber(page, 'pl', 'CN-SS-42U-66-K');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Szafa stojąca 19" 42U 600×600 mm');
  const numbers = main(page).getByRole('region', { name: 'Numery katalogowe' }).getByRole('table');
  await expect(numbers.getByRole('row')).toHaveCount(3);
  await expect(numbers).toContainText('CN-SS-42U-66-K');
  const versions = main(page).getByRole('region', { name: 'Dostępne wersje' });
  await expect(versions.getByRole('listitem')).toHaveCount(2);
  await expect(versions).toContainText('Flatpack');
  await expect(versions).toContainText('Szafa złożona');

  const documents = main(page).getByRole('region', { name: 'Dokumenty do pobrania' });
  await expect(documents.getByRole('heading', { level: 3 })).toHaveText(['Deklaracja zgodności', 'Certyfikat', 'Rysunek CAD', 'Plik Revit', 'Inne']);
  await expectNoSeriousA11yViolations(page);

  const downloading = page.waitForEvent('download');
  await documents.getByRole('link', { name: /Rysunek CAD CN-SS-42U-66-G/ }).click();
  expect((await downloading).suggestedFilename()).toBe('CN-SS-42U-66-G.dxf');

  const datasheet = main(page).getByRole('link', { name: /Karta katalogowa/ });
  await expect(datasheet).toHaveAttribute('target', '_blank');
  const res = await page.request.get((await datasheet.getAttribute('href')) ?? '');
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect(res.headers()['content-disposition']).toMatch(/^inline; filename="karta-katalogowa-CN-SS-42U-66-G\.pdf"/);

  // The same page in English: headings of the document types and the English declaration.
  await page.getByRole('navigation', { name: 'Język' }).locator('a[hreflang="en"]').click();
  await expect(page).toHaveURL(/\/en\/product\/\d+-19-floor-standing-cabinet-42u-600-600-mm$/);
  await expect(main(page).getByRole('region', { name: 'Documents' }).getByRole('heading', { level: 3 })).toHaveText([
    'Declaration of conformity',
    'Certificate',
    'CAD drawing',
    'Revit file',
    'Other',
  ]);
  await expect(main(page).getByRole('link', { name: /EU declaration of conformity – network cabinets and racks/ })).toHaveAttribute(
    'download',
    'declaration-of-conformity-racks-and-cabinets.pdf',
  );
  await expectNoSeriousA11yViolations(page);
});

test('on a phone a product with long catalogue numbers is no wider than the screen: the table scrolls in its box', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openByNumber(page, 'pl', 'CN-FPC-SCAPCSCAPC-OS2S-10');
  // The page's one-column grid once took the table's width and ran past the screen's edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const heading = await main(page).getByRole('heading', { level: 1 }).boundingBox();
  expect((heading?.x ?? 0) + (heading?.width ?? 0)).toBeLessThanOrEqual(360 - 16);
  const numbers = main(page).getByRole('region', { name: 'Numery katalogowe' });
  await expect(numbers).toContainText('CN-FPC-SCAPCSCAPC-OS2S-10');
  const scroller = numbers.locator('div.overflow-x-auto');
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('the gallery shows the first image and switches with the thumbnails and the keyboard', async ({ page }) => {
  await openByNumber(page, 'pl', 'CN-U6-305-G');
  const gallery = main(page).getByRole('region', { name: 'Zdjęcia produktu' });
  const mainImage = gallery.locator('img').first();
  const firstSrc = await mainImage.getAttribute('src');
  const thumbs = gallery.getByRole('button', { name: /^Pokaż zdjęcie/ });
  await expect(thumbs).toHaveCount(3);
  await expect(thumbs.first()).toHaveAttribute('aria-pressed', 'true');
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');
  await expect(mainImage).not.toHaveAttribute('src', firstSrc ?? '');
  await page.keyboard.press('ArrowRight');
  await expect(thumbs.nth(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(thumbs.nth(2)).toBeFocused();
});

test('the main image opens a lightbox by keyboard: previous/next, zoom, Escape returns the focus', async ({ page }) => {
  await openByNumber(page, 'en', 'CN-U6-305-G');
  await hydrated(page);
  const gallery = main(page).getByRole('region', { name: 'Product images' });
  const enlarge = gallery.getByRole('button', { name: 'Enlarge image 1 of 3' });
  await enlarge.focus();
  await page.keyboard.press('Enter');
  const box = page.getByRole('dialog', { name: 'Product images' });
  await expect(box).toBeVisible();
  await expect(box.getByText('Image 1 of 3')).toBeVisible();
  const big = box.locator('img');
  await expect(big).toHaveAttribute('src', /\/img\/[^/]+\/(1024|1600|640)\.webp$/);
  await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const first = await big.getAttribute('src');
  await page.keyboard.press('ArrowRight');
  await expect(box.getByText('Image 2 of 3')).toBeVisible();
  await expect(big).not.toHaveAttribute('src', first ?? '');
  await box.getByRole('button', { name: 'Zoom in' }).click();
  await expect(big).toHaveAttribute('data-zoomed', 'true');
  if (process.env.E2E_SHOTS_DIR) {
    await shot(page, { path: `${process.env.E2E_SHOTS_DIR}/lightbox-zoomed-1280.png` });
    await box.getByRole('button', { name: 'Zoom out' }).click();
    await shot(page, { path: `${process.env.E2E_SHOTS_DIR}/lightbox-1280.png` });
    await page.setViewportSize({ width: 360, height: 740 });
    await shot(page, { path: `${process.env.E2E_SHOTS_DIR}/lightbox-360.png` });
    await box.getByRole('button', { name: 'Zoom in' }).click();
  }
  await expect(box.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  await box.getByRole('button', { name: 'Next' }).click();
  await expect(box.getByText('Image 3 of 3')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Next' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(box).toBeHidden();
  await expect(gallery.getByRole('button', { name: 'Enlarge image 3 of 3' })).toBeFocused();
});

test('a wrong or missing slug redirects with 301 to the canonical URL; an unknown id is a 404', async ({ page }) => {
  await openByNumber(page, 'pl', 'CN-U6-305-G');
  const canonical = new URL(page.url()).pathname;
  const id = canonical.match(/\/product\/(\d+)-/)?.[1];

  const wrong = await page.request.get(`/pl/product/${id}-zly-adres`, { maxRedirects: 0 });
  expect(wrong.status()).toBe(301);
  expect(wrong.headers().location).toBe(canonical);
  await page.goto(`/pl/product/${id}`);
  await expect(page).toHaveURL(new RegExp(`${canonical}$`));

  await page.goto('/pl/categories');
  const href = (await main(page).getByRole('link', { name: 'Kable miedziane', exact: true }).getAttribute('href')) ?? '';
  const categoryId = href.match(/\/category\/(\d+)-/)?.[1];
  const bare = await page.request.get(`/pl/category/${categoryId}?page=2`, { maxRedirects: 0 });
  expect(bare.status()).toBe(301);
  expect(bare.headers().location).toBe(`${href}?page=2`);

  const missing = await page.goto('/pl/product/999999-nie-ma');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nie znaleziono strony');
  await expectNoSeriousA11yViolations(page);
  expect((await page.request.get('/en/category/999999-none', { maxRedirects: 0 })).status()).toBe(404);
});

test('a product page lists other products of its category as related products', async ({ page }) => {
  await openByNumber(page, 'pl', 'CN-U6-305-G');
  const self = new URL(page.url()).pathname;
  const categoryHref = await main(page)
    .getByRole('navigation', { name: /Okruszki|Ścieżka/ })
    .getByRole('link')
    .last()
    .getAttribute('href');
  const related = main(page).getByRole('list', { name: 'Podobne produkty' }).getByRole('link');
  await expect(related.first()).toBeVisible();
  const count = await related.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(8);
  const hrefs = await related.evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))]);
  expect(hrefs).not.toContain(self);
  expect(hrefs.length).toBeLessThanOrEqual(4);
  // Each related product is listed in the same category.
  await page.goto(categoryHref ?? '');
  await expect(main(page).getByRole('list', { name: 'Lista produktów' }).getByRole('link').first()).toBeVisible();
  const listed = await main(page)
    .getByRole('list', { name: 'Lista produktów' })
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).pathname));
  for (const h of hrefs) expect(listed).toContain(h);
});
