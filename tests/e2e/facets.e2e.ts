import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

// Listing facets built from product attributes (issue 17 "Listings"): multi-select facets with
// counts that follow the other facets' selections, kept in the query string across pages, cleared
// per facet and all at once, sorting, key attributes on the cards, the specification table of a
// product page, both languages, without JavaScript, ticked before hydration and on a 360 px screen.

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL ?? 'http://localhost' }]);
});

const main = (page: Page) => page.getByRole('main');
const facet = (page: Page, name: string) => main(page).getByRole('group', { name, exact: true });
/** The count shown beside a facet value ("6A (5)"). */
const countOf = (page: Page, group: string, value: string) =>
  facet(page, group)
    .locator('label')
    .filter({ has: page.getByText(value, { exact: true }) })
    .locator('[data-count]');
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** The checkbox of a facet value (its name is "value (count)"). */
const option = (page: Page, group: string, value: string) => facet(page, group).getByRole('checkbox', { name: new RegExp(`^${escapeRe(value)} \\(`) });
const cards = (page: Page, locale: 'pl' | 'en' = 'pl') =>
  main(page)
    .getByRole('list', { name: locale === 'pl' ? 'Lista produktów' : 'Product list' })
    .getByRole('listitem');

async function copperCables(page: Page, locale: 'pl' | 'en' = 'pl') {
  await page.goto(`/${locale}/categories`);
  await main(page)
    .getByRole('link', { name: locale === 'pl' ? 'Kable miedziane' : 'Copper cables', exact: true })
    .click();
  await expect(page).toHaveURL(/\/category\/\d+-/);
  await hydrated(page);
}

test('choose facets: counts follow the other facets, the URL keeps them, clear one and all', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await copperCables(page);
  await expect(main(page).getByText('20 produktów')).toBeVisible();
  await expect(countOf(page, 'Kategoria', '5e')).toHaveText('(6)');
  await expect(countOf(page, 'Kategoria', '6A')).toHaveText('(5)');
  await expect(countOf(page, 'Ekranowanie', 'U/FTP')).toHaveText('(3)');
  // Key attributes on the cards.
  await expect(cards(page).first().getByTestId('card-attrs')).toContainText('Kategoria:');
  await expectNoSeriousA11yViolations(page);

  await option(page, 'Kategoria', '6A').check();
  await expect(page).toHaveURL(/[?&]f\.category=6a/);
  await expect(main(page).getByText('5 produktów')).toBeVisible();
  await expect(cards(page)).toHaveCount(5);
  // Shielding counts now count 6A cables only; the category facet still counts as if unchosen.
  await expect(countOf(page, 'Ekranowanie', 'U/FTP')).toHaveText('(2)');
  await expect(countOf(page, 'Ekranowanie', 'S/FTP')).toHaveText('(1)');
  await expect(countOf(page, 'Kategoria', '5e')).toHaveText('(6)');

  await option(page, 'Ekranowanie', 'U/FTP').check();
  await expect(page).toHaveURL(/f\.shielding=u-ftp/);
  await expect(main(page).getByText('2 produkty')).toBeVisible();
  // With U/FTP chosen, only categories that have U/FTP cables are left, counted for U/FTP.
  await expect(countOf(page, 'Kategoria', '6')).toHaveText('(1)');
  await expect(countOf(page, 'Kategoria', '6A')).toHaveText('(2)');
  await expect(option(page, 'Kategoria', '5e')).toHaveCount(0);
  // Several values of one facet are ORed.
  await option(page, 'Kategoria', '6').check();
  await expect(main(page).getByText('3 produkty')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The chips of the chosen values remove one value each.
  const chips = main(page).getByRole('navigation', { name: 'Wybrane filtry' });
  await chips.getByRole('link', { name: 'Usuń filtr Kategoria: 6', exact: true }).click();
  await expect(main(page).getByText('2 produkty')).toBeVisible();
  // "Clear" of one facet.
  await facet(page, 'Ekranowanie').getByRole('link', { name: 'Wyczyść filtr: Ekranowanie' }).click();
  await expect(page).not.toHaveURL(/f\.shielding/);
  await expect(main(page).getByText('5 produktów')).toBeVisible();
  // "Clear all".
  await chips.getByRole('link', { name: 'Wyczyść wszystkie filtry' }).click();
  await expect(page).not.toHaveURL(/f\./);
  await expect(main(page).getByText('20 produktów')).toBeVisible();
});

test('pagination keeps the facets; sorting by newest; subcategory links keep them too', async ({ page }) => {
  await page.goto('/pl/category?f.jacket=lsoh');
  await expect(main(page).getByText('36 produktów')).toBeVisible();
  await expect(cards(page)).toHaveCount(24);
  const pager = main(page).getByRole('navigation', { name: 'Stronicowanie' });
  await pager.getByRole('link', { name: /Następna/ }).click();
  await expect(page).toHaveURL(/f\.jacket=lsoh/);
  await expect(page).toHaveURL(/page=2/);
  await expect(cards(page)).toHaveCount(12);
  await expect(option(page, 'Powłoka', 'LSOH')).toBeChecked();

  await copperCables(page);
  await main(page).getByRole('link', { name: 'najnowsze' }).click();
  await expect(page).toHaveURL(/sort=newest/);
  // The demo's newest copper cable is the last one of the family.
  await expect(cards(page).first()).toContainText('Kabel S/FTP kat. 7A LSOH Dca 4x2x22AWG');
  // A facet chosen now keeps the sort order (hidden field of the form).
  await option(page, 'Powłoka', 'PVC').check();
  await expect(page).toHaveURL(/sort=newest/);
  await expect(page).toHaveURL(/f\.jacket=pvc/);
  await expect(cards(page).first()).toContainText('Kabel U/UTP kat. 6 PVC');
  await main(page).getByRole('link', { name: 'nazwa' }).click();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(cards(page).first()).toContainText('Kabel F/UTP kat. 5e PVC');
  // Subcategory chips keep the chosen facets.
  await main(page).getByRole('navigation', { name: 'Podkategorie' }).getByRole('link', { name: 'Kable kat. 6', exact: true }).click();
  await expect(page).toHaveURL(/f\.jacket=pvc/);
  await expect(main(page).getByText('1 produkt', { exact: true })).toBeVisible();
});

test('search results have facets too', async ({ page }) => {
  await page.goto('/en/category?search=patch');
  await hydrated(page);
  await option(page, 'Fibre type', 'OM4').check();
  await expect(page).toHaveURL(/search=patch/);
  await expect(page).toHaveURL(/f\.fibre=om4/);
  await expect(main(page).getByText('2 products')).toBeVisible();
  await expect(countOf(page, 'Connector', 'MPO')).toHaveText('(1)');
});

test('a box ticked before the page hydrates is applied once it has', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  // The page's scripts are held until the box is ticked (a slow phone, a slow network).
  const held: (() => Promise<void>)[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => (holding ? held.push(() => route.continue()) : route.continue()));
  await page.goto('/pl/category?search=kabel', { waitUntil: 'commit' });
  await option(page, 'Kategoria', '6A').check();
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  holding = false;
  for (const go of held.splice(0)) await go();
  await hydrated(page);
  await expect(page).toHaveURL(/[?&]f\.category=6a/);
  await expect(page).toHaveURL(/search=kabel/);
  await expect(option(page, 'Kategoria', '6A')).toBeChecked();
  await expect(main(page).getByRole('link', { name: 'Wyczyść wszystkie filtry' })).toBeVisible();
});

test('specification table on the product page, in both languages with units', async ({ page }) => {
  await page.goto('/pl/category?search=CN-UF6AL-305-O');
  await cards(page).first().getByRole('link').click();
  const specs = main(page).getByTestId('specs');
  await expect(main(page).getByRole('heading', { name: 'Specyfikacja techniczna' })).toBeVisible();
  await expect(specs.getByRole('row', { name: /Kategoria/ })).toContainText('6A');
  await expect(specs.getByRole('row', { name: /Ekranowanie/ })).toContainText('U/FTP');
  await expect(specs.getByRole('row', { name: /Klasa reakcji na ogień/ })).toContainText('B2ca');
  await expect(specs.getByRole('row', { name: /Długość/ })).toContainText('305; 500 m');
  await expect(specs.getByRole('row', { name: /Kolor/ })).toContainText('pomarańczowy, żółty');
  await expectNoSeriousA11yViolations(page);

  // The same product in English (the Polish slug redirects to the English one).
  await page.goto(page.url().replace('/pl/product/', '/en/product/'));
  await expect(page).toHaveURL(/\/en\/product\/\d+-u-ftp-category-6a/);
  const en = main(page).getByTestId('specs');
  await expect(main(page).getByRole('heading', { name: 'Specifications' })).toBeVisible();
  await expect(en.getByRole('row', { name: /Shielding/ })).toContainText('U/FTP');
  await expect(en.getByRole('row', { name: /Length/ })).toContainText('305, 500 m');
  await expect(en.getByRole('row', { name: /Colour/ })).toContainText('orange, yellow');
  await expectNoSeriousA11yViolations(page);

  // Decimal comma in Polish: patch cord lengths.
  await page.goto('/pl/category?search=CN-PC6AS-05-O');
  await cards(page).first().getByRole('link').click();
  await expect(
    main(page)
      .getByTestId('specs')
      .getByRole('row', { name: /Długość/ }),
  ).toContainText('0,5; 1; 2; 3; 5 m');
});

test('English listing: facet names and values in English', async ({ page }) => {
  await copperCables(page, 'en');
  await expect(main(page).getByText('20 products')).toBeVisible();
  await option(page, 'Colour', 'orange').check();
  await expect(page).toHaveURL(/f\.colour=orange/);
  await expect(main(page).getByRole('navigation', { name: 'Selected filters' })).toContainText('Colour: orange');
  await expect(cards(page, 'en').first().getByTestId('card-attrs')).toContainText('Category:');
  await expectNoSeriousA11yViolations(page);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the facet form applies with its button', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/pl/category?search=kabel');
    await option(page, 'Kategoria', '6A').check();
    await option(page, 'Powłoka', 'LSOH').check();
    await main(page).getByRole('button', { name: 'Pokaż wyniki' }).click();
    await expect(page).toHaveURL(/search=kabel/);
    await expect(page).toHaveURL(/f\.category=6a/);
    await expect(page).toHaveURL(/f\.jacket=lsoh/);
    await expect(option(page, 'Kategoria', '6A')).toBeChecked();
  });
});

test('360 px: the panel is collapsed and opens by keyboard; screenshots', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await copperCables(page);
  const toggle = main(page).locator('summary', { hasText: 'Filtry i sortowanie' });
  await expect(toggle).toBeVisible();
  await expect(facet(page, 'Kategoria')).toBeHidden();
  await shot(page, { path: 'tmp/screens-h6/listing-360-closed-pl.png', fullPage: false });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(facet(page, 'Kategoria')).toBeVisible();
  // Tab past the two sort links and the "in stock" filter (issue 39) to the first facet's checkbox,
  // and choose it with the space bar.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('in-stock-filter')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(option(page, 'Kategoria', '5e')).toBeFocused();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/f\.category=5e/);
  await expect(main(page).getByText('6 produktów')).toBeVisible();
  await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
  await shot(page, { path: 'tmp/screens-h6/listing-360-open-pl.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await page.goto('/en/category?f.category=6a&f.shielding=s-ftp');
  await shot(page, { path: 'tmp/screens-h6/listing-360-en.png', fullPage: false });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pl/category?f.category=6a');
  await shot(page, { path: 'tmp/screens-h6/listing-1366-pl.png', fullPage: false });
  await page.goto('/en/category?f.category=6a&f.shielding=s-ftp');
  await shot(page, { path: 'tmp/screens-h6/listing-1366-en.png', fullPage: false });
  await page.goto('/pl/category?search=CN-UF6AL-305-O');
  await cards(page).first().getByRole('link').click();
  await shot(page, { path: 'tmp/screens-h6/product-1366-pl.png', fullPage: false });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, { path: 'tmp/screens-h6/product-360-pl.png', fullPage: true });
});
