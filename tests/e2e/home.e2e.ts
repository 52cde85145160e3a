// Issue 17, the home page in Chromium: every section with its data from the database in Polish and
// English, a product marked featured in the admin product form appears among the featured ones, a
// section hidden (and retitled) in the admin home-sections area disappears (changes), the catalog
// anchor of `redirectFrom` and hash links, axe at 360 and 1366 px; screenshots of both languages.
import { mkdirSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/shots';
const SECTIONS = ['hero', 'catalog', 'products', 'warranty', 'trainings', 'rental', 'news', 'realizations', 'shop', 'contact'];

test.beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

test.beforeEach(async ({ page }) => {
  // The consent banner is answered, so it does not cover the sections in screenshots.
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: test.info().project.use.baseURL ?? 'http://localhost' }]);
});

/** Loads the lazy images at once (full-page screenshots show them). */
async function loadLazyImages(page: Page) {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
  });
  await page.waitForLoadState('networkidle');
}

const section = (page: Page, key: string) => page.locator(`[data-home-section="${key}"]`);
const texts = async (l: Locator) => (await l.allInnerTexts()).map((s) => s.trim());

async function loginAsAdmin(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

for (const locale of ['pl', 'en'] as const) {
  test(`every section shows its data from the database (${locale})`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    // What the other pages list, read from the same database.
    await page.goto(`/${locale}/categories`);
    const categoryNames = await texts(page.locator('main h2 a'));
    await page.goto(`/${locale}/posts`);
    const postTitles = (await texts(page.locator('main article h3 a'))).slice(0, 3);
    await page.goto(`/${locale}/realizations`);
    const realizationTitles = await texts(page.locator('main h2, main h3'));
    await page.goto(`/${locale}/trainings`);
    const trainingTitles = await texts(page.locator('main [data-training-id] h2'));

    await page.goto(`/${locale}`);
    expect(await page.locator('[data-home-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-home-section')))).toEqual(SECTIONS);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);

    // Hero: the search and the two main paths.
    const hero = section(page, 'hero');
    await expect(hero.getByRole('search').getByRole('searchbox')).toBeVisible();
    await expect(hero.getByRole('link', { name: locale === 'pl' ? 'Katalog produktów' : 'Product catalogue' })).toHaveAttribute(
      'href',
      `/${locale}/categories`,
    );
    await expect(hero.getByRole('link', { name: locale === 'pl' ? 'Sklep B2B' : 'B2B shop' })).toHaveAttribute('href', `/${locale}/cart`);

    // Categories: the main categories as image tiles under the catalog anchor.
    const catalog = page.locator('section#catalog');
    expect(categoryNames.length).toBeGreaterThan(2);
    expect(await texts(catalog.locator('li h3 a'))).toEqual(categoryNames);
    expect(await catalog.locator('li img').count()).toBe(categoryNames.length);

    // Products: featured and new ones, each a link to its page.
    const products = section(page, 'products');
    const featured = products.getByRole('list', { name: locale === 'pl' ? 'Polecane' : 'Featured' });
    const latest = products.getByRole('list', { name: locale === 'pl' ? 'Nowości' : 'New' });
    await expect(featured.getByRole('listitem')).toHaveCount(4);
    await expect(latest.getByRole('listitem')).toHaveCount(4);
    for (const href of await featured.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(new RegExp(`^/${locale}/product/\\d+-`));
    }

    // The warranty programme with its steps.
    const warranty = section(page, 'warranty');
    await expect(warranty.getByRole('heading', { level: 2 })).toHaveText(locale === 'pl' ? '25 lat gwarancji systemowej' : '25-year system warranty');
    expect(await warranty.locator('ol > li').count()).toBeGreaterThanOrEqual(3);
    await expect(warranty.getByRole('link', { name: locale === 'pl' ? 'Złóż wniosek o certyfikację' : 'Apply for certification' })).toHaveAttribute(
      'href',
      `/${locale}/application-form`,
    );

    // Trainings (online) and courses.
    const trainings = section(page, 'trainings');
    expect(trainingTitles.length).toBeGreaterThan(0);
    for (const title of trainingTitles.slice(0, 3)) await expect(trainings.getByText(title, { exact: true })).toBeVisible();
    await expect(trainings.getByRole('link', { name: locale === 'pl' ? 'Terminy i zapisy' : 'Dates and registration' })).toHaveAttribute(
      'href',
      `/${locale}/courses`,
    );

    // The meter rental with its price per day.
    const rental = section(page, 'rental');
    await expect(rental.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(rental.getByText(locale === 'pl' ? /od .+zł netto za dobę/ : /from PLN.+ net per day/).first()).toBeVisible();

    // The latest three news posts, as the news list orders them.
    expect(await texts(section(page, 'news').locator('article h3 a'))).toEqual(postTitles);

    // Realizations strip.
    const shown = await texts(section(page, 'realizations').locator('li h3'));
    expect(shown.length).toBeGreaterThan(0);
    for (const title of shown) expect(realizationTitles).toContain(title);

    // The B2B shop invitation and contact.
    await expect(section(page, 'shop').getByRole('link', { name: locale === 'pl' ? 'Załóż konto firmowe' : 'Create a company account' })).toHaveAttribute(
      'href',
      `/${locale}/register`,
    );
    await expect(section(page, 'contact').getByRole('link', { name: 'biuro@cobinet.pl' })).toBeVisible();

    await expectNoSeriousA11yViolations(page);
    await loadLazyImages(page);
    await shot(page, { path: `${SHOTS}/home-${locale}-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.reload();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await loadLazyImages(page);
    await shot(page, { path: `${SHOTS}/home-${locale}-360.png`, fullPage: true });
  });
}

test('?redirectFrom=catalog and #catalog scroll to the categories below the sticky nav', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/en?redirectFrom=catalog');
  await expect(page).toHaveURL(/\/en#catalog$/);
  const offset = () =>
    page.evaluate(() => {
      const top = document.getElementById('catalog')?.getBoundingClientRect().top ?? -999;
      const nav = document.getElementById('nav')?.getBoundingClientRect().height ?? -1;
      return Math.abs(top - nav);
    });
  await expect.poll(offset).toBeLessThan(2);
  await page.goto('/pl/static/regulamin');
  await hydrated(page);
  await page.goto('/pl#catalog');
  await expect.poll(offset).toBeLessThan(2);
});

test('a product marked featured in the admin shows among the featured products', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl');
  const latest = section(page, 'products').getByRole('list', { name: 'Nowości' });
  const link = latest.locator('a').first();
  const name = ((await link.textContent()) ?? '').trim();
  const id = ((await link.getAttribute('href')) ?? '').match(/\/product\/(\d+)-/)?.[1];
  expect(id).toBeTruthy();
  const featured = () => section(page, 'products').getByRole('list', { name: 'Polecane' });
  await expect(featured().getByRole('link', { name, exact: true })).toHaveCount(0);

  const setFeatured = async (on: boolean) => {
    await page.goto(`/pl/admin/product/${id}`);
    await hydrated(page);
    const box = page.getByRole('checkbox', { name: 'Polecany na stronie głównej' });
    await box.setChecked(on);
    await page.getByRole('button', { name: 'Zapisz', exact: true }).first().click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Produkt został zapisany.' }).first()).toBeVisible();
  };
  await setFeatured(true);
  await page.goto('/pl');
  await expect(featured().getByRole('link', { name, exact: true })).toBeVisible();
  await expect(section(page, 'products').getByRole('list', { name: 'Nowości' }).getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.goto('/en');
  await expect(section(page, 'products').getByRole('list', { name: 'Featured' }).locator(`a[href^="/en/product/${id}-"]`)).toHaveCount(1);

  await setFeatured(false);
  await page.goto('/pl');
  await expect(featured().getByRole('link', { name, exact: true })).toHaveCount(0);
});

test('a section hidden, retitled and moved in the admin home sections changes the home page', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sekcje strony głównej');
  await expectNoSeriousA11yViolations(page);
  await shot(page, { path: `${SHOTS}/admin-home-sections-1366.png`, fullPage: true });

  const card = (key: string) => page.locator(`#home-section-${key}`);
  await card('realizations').getByRole('checkbox', { name: 'Widoczna na stronie głównej' }).uncheck();
  await card('news').getByLabel('Nagłówek (polski)').fill('Z życia firmy');
  await card('news').getByLabel('Nagłówek (angielski)').fill('Company life');
  await card('news').getByLabel('Kolejność').fill('25');
  await page.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Zapisano sekcje strony głównej.' }).first()).toBeVisible();
  await expect(card('realizations').getByRole('heading')).toHaveText('Realizacje (ukryta)');

  for (const [locale, title] of [
    ['pl', 'Z życia firmy'],
    ['en', 'Company life'],
  ] as const) {
    await page.goto(`/${locale}`);
    await expect(section(page, 'realizations')).toHaveCount(0);
    await expect(section(page, 'news').getByRole('heading', { level: 2 })).toHaveText(title);
    const order = await page.locator('[data-home-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-home-section')));
    expect(order.slice(0, 4)).toEqual(['hero', 'catalog', 'news', 'products']);
  }

  // A 422 names the field in the user's language.
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  await card('contact').getByLabel('Kolejność').fill('5000');
  await page.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
  await expect(card('contact').getByText('Podaj liczbę od 0 do 999.')).toBeVisible();

  // Back to the defaults (empty texts, built-in order).
  await page.reload();
  await hydrated(page);
  await card('realizations').getByRole('checkbox', { name: 'Widoczna na stronie głównej' }).check();
  await card('news').getByLabel('Nagłówek (polski)').fill('');
  await card('news').getByLabel('Nagłówek (angielski)').fill('');
  await card('news').getByLabel('Kolejność').fill('70');
  await page.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Zapisano sekcje strony głównej.' }).first()).toBeVisible();
  await page.goto('/pl');
  expect(await page.locator('[data-home-section]').evaluateAll((els) => els.map((e) => e.getAttribute('data-home-section')))).toEqual(SECTIONS);
});

test('points rewritten in the admin home sections show on the home page and on the warranty and contact pages', async ({ page }) => {
  await loginAsAdmin(page);
  const card = (key: string) => page.locator(`#home-section-${key}`);
  const save = async () => {
    await page.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Zapisano sekcje strony głównej.' }).first()).toBeVisible();
  };
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  // Empty fields show the built-in points as their placeholder.
  await expect(card('contact').getByLabel('Punkty (polski)')).toHaveAttribute(
    'placeholder',
    'Poniedziałek – piątek | 8:00 – 16:00\nSobota, niedziela i święta | nieczynne',
  );
  await expect(card('news').getByLabel('Punkty (polski)')).toHaveCount(0);
  await card('contact').getByLabel('Punkty (polski)').fill('Poniedziałek – czwartek | 7:00 – 15:00\nPiątek | 7:00 – 13:00');
  await card('contact').getByLabel('Punkty (angielski)').fill('Monday – Thursday | 7:00 – 15:00\nFriday | 7:00 – 13:00');
  await card('warranty').getByLabel('Punkty (polski)').fill('Szkolenie instalatora | Ukończ szkolenie COBI NET.\nPomiary | Zmierz wszystkie tory.');
  await card('warranty').getByLabel('Punkty (angielski)').fill('Installer training | Complete the COBI NET course.\nMeasurements | Measure every link.');
  await card('shop').getByLabel('Punkty (angielski)').fill('Net prices for your company');
  await save();

  const hours = {
    pl: ['Poniedziałek – czwartek', '7:00 – 15:00', 'Piątek', '7:00 – 13:00'],
    en: ['Monday – Thursday', '7:00 – 15:00', 'Friday', '7:00 – 13:00'],
  };
  const steps = { pl: ['Szkolenie instalatora', 'Pomiary'], en: ['Installer training', 'Measurements'] };
  for (const locale of ['pl', 'en'] as const) {
    await page.goto(`/${locale}`);
    expect(await texts(section(page, 'contact').locator('dl dt, dl dd'))).toEqual(hours[locale]);
    expect(await texts(section(page, 'warranty').locator('ol h4'))).toEqual(steps[locale]);
    const shopPoints = await texts(section(page, 'shop').locator('ul li'));
    expect(shopPoints).toEqual(
      locale === 'en'
        ? ['Net prices for your company']
        : [
            'Ceny indywidualne według umowy handlowej',
            'Szybkie zamówienie po numerach katalogowych lub z pliku',
            'Historia zamówień, faktury i ponowne zamówienia',
          ],
    );
    await page.goto(`/${locale}/guarantee`);
    expect(await texts(page.locator('main ol h3'))).toEqual(steps[locale]);
    await page.goto(`/${locale}/contact`);
    expect(await texts(page.locator('section[aria-labelledby="hours"] dl').locator('dt, dd'))).toEqual(hours[locale]);
  }

  // Too many points: the field's message in the admin's language, nothing saved.
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  await card('rental')
    .getByLabel('Punkty (polski)')
    .fill(Array.from({ length: 9 }, (_, i) => `Punkt ${i + 1}`).join('\n'));
  await page.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
  await expect(card('rental').getByText('Najwyżej 8 punktów, każdy do 300 znaków.')).toBeVisible();

  // Back to the built-in points.
  await page.reload();
  await hydrated(page);
  for (const key of ['contact', 'warranty', 'shop']) {
    await card(key).getByLabel('Punkty (polski)').fill('');
    await card(key).getByLabel('Punkty (angielski)').fill('');
  }
  await save();
  await page.goto('/pl/contact');
  expect(await texts(page.locator('section[aria-labelledby="hours"] dl').locator('dt, dd'))).toEqual([
    'Poniedziałek – piątek',
    '8:00 – 16:00',
    'Sobota, niedziela i święta',
    'nieczynne',
  ]);
});

test('hidden categories keep the catalog anchor; a stale save of the sections is refused with its message', async ({ page }) => {
  await loginAsAdmin(page);
  const card = (p: Page, key: string) => p.locator(`#home-section-${key}`);
  const visible = (p: Page, key: string) => card(p, key).getByRole('checkbox', { name: 'Widoczna na stronie głównej' });
  const save = async (p: Page) => {
    await p.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
    await expect(p.locator('[data-sonner-toast]').filter({ hasText: 'Zapisano sekcje strony głównej.' }).first()).toBeVisible();
  };
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  // Another administrator's screen, loaded before the save below.
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1366, height: 900 });
  await other.goto('/pl/admin/home-sections');
  await hydrated(other);

  await visible(page, 'catalog').uncheck();
  await save(page);
  await expect(card(page, 'catalog').getByRole('heading')).toHaveText('Kategorie produktów (ukryta)');

  // The other screen's save comes from before it: refused (409), its message shown on the screen, nothing changed.
  await card(other, 'news').getByLabel('Nagłówek (polski)').fill('Zapis z nieaktualnego formularza');
  await other.getByRole('button', { name: 'Zapisz sekcje' }).first().click();
  await expect(other.getByTestId('home-sections-conflict')).toHaveText(
    'Ten rekord został w międzyczasie zmieniony przez innego użytkownika. Odśwież stronę i zapisz ponownie.',
  );
  await shot(other, { path: `${SHOTS}/admin-home-sections-conflict-1366.png` });
  await other.close();

  // The categories are gone from home, their anchor stays in their place: #catalog and ?redirectFrom=catalog land there.
  for (const width of [360, 1366]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/en?redirectFrom=catalog');
    await expect(page).toHaveURL(/\/en#catalog$/);
    await expect(page.locator('section#catalog')).toHaveCount(0);
    await expect(page.locator('#catalog')).toHaveCount(1);
    const order = await page
      .locator('[data-home-section], [data-home-anchor]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-home-section') ?? `anchor:${e.getAttribute('data-home-anchor')}`));
    expect(order.slice(0, 3)).toEqual(['hero', 'anchor:catalog', 'products']);
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = document.getElementById('catalog')?.getBoundingClientRect().top ?? -999;
          const nav = document.getElementById('nav')?.getBoundingClientRect().height ?? -1;
          return Math.abs(top - nav);
        }),
      )
      .toBeLessThan(2);
    await shot(page, { path: `${SHOTS}/home-catalog-hidden-${width}.png` });
  }
  await page.goto('/pl');
  await expect(section(page, 'news').getByRole('heading', { level: 2 })).toHaveText('Aktualności');

  // Back to the defaults.
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/pl/admin/home-sections');
  await hydrated(page);
  await visible(page, 'catalog').check();
  await save(page);
  await page.goto('/pl');
  await expect(page.locator('section#catalog')).toHaveCount(1);
});
