import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

// Content pages on the demo content: news, static pages, knowledge base, videos, consent.

const DATE = /^\d{2}\.\d{2}\.\d{4}$/;

/** A visitor who already chose "necessary only", so the banner stays out of the way. */
async function chooseNecessary(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL ?? 'http://localhost' }]);
}

async function consentCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'consent');
}

function toTime(ddmmyyyy: string) {
  const [d, m, y] = ddmmyyyy.split('.').map(Number);
  return Date.UTC(y, m - 1, d);
}

async function postDates(page: Page) {
  return (await page.locator('main article time').allTextContents()).map((s) => s.trim());
}

test.describe('news', () => {
  test.beforeEach(async ({ context, baseURL }) => chooseNecessary(context, baseURL));

  test('lists 9 published posts a page, newest first, with paging links that keep the query', async ({ page }) => {
    await page.goto('/pl/posts?utm=newsletter');
    await expect(page.getByRole('heading', { level: 1, name: 'Aktualności' })).toBeVisible();
    const cards = page.locator('main ul > li article');
    await expect(cards).toHaveCount(9);
    const firstPage = await postDates(page);
    expect(firstPage.every((d) => DATE.test(d))).toBe(true);
    const times = firstPage.map(toTime);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The demo draft is never listed.
    await expect(page.getByText('Nowy katalog produktów – zapowiedź')).toHaveCount(0);

    const pager = page.getByRole('navigation', { name: 'Stronicowanie' });
    await expect(pager.getByText('Strona 1 z 2')).toBeVisible();
    await expect(pager.getByRole('link', { name: 'Strona 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pager.getByRole('link', { name: /Następna/ })).toHaveAttribute('href', '/pl/posts?utm=newsletter&page=2');
    await expectNoSeriousA11yViolations(page);

    await pager.getByRole('link', { name: /Następna/ }).click();
    await expect(page).toHaveURL(/\/pl\/posts\?utm=newsletter&page=2$/);
    await expect(page.getByRole('navigation', { name: 'Stronicowanie' }).getByText('Strona 2 z 2')).toBeVisible();
    await expect(cards).toHaveCount(4);
    const secondPage = (await postDates(page)).map(toTime);
    expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...times));
    await expect(page.getByRole('navigation', { name: 'Stronicowanie' }).getByRole('link', { name: /Poprzednia/ })).toHaveAttribute(
      'href',
      '/pl/posts?utm=newsletter',
    );

    const beyond = await page.goto('/pl/posts?page=3');
    expect(beyond?.status()).toBe(404);
  });

  test('a post shows its title, date, image and content; a wrong slug moves to the canonical one', async ({ page }) => {
    await page.goto('/en/posts');
    const first = page.locator('main article').first();
    const title = (await first.getByRole('heading').textContent())?.trim() ?? '';
    await first.getByRole('link').click();
    await expect(page).toHaveURL(/\/en\/post\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.locator('main time').first()).toHaveText(DATE);
    const image = page.locator('main article img').first();
    await expect(image).toBeVisible();
    // The image loads through the resizing route (not a broken link).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(page.locator('main .prose-content p').first()).not.toBeEmpty();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${new URL(page.url()).pathname}$`));
    await expectNoSeriousA11yViolations(page);

    const canonical = new URL(page.url()).pathname;
    const id = canonical.match(/\/post\/(\d+)-/)?.[1];
    const moved = await page.request.get(`/en/post/${id}-old-slug`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(canonical);
    await page.goto(`/pl/post/${id}`);
    await expect(page).toHaveURL(new RegExp(`/pl/post/${id}-[a-z0-9-]+$`));
    await expectNoSeriousA11yViolations(page);

    const missing = await page.goto('/pl/post/999999-nie-ma');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nie znaleziono strony');
  });
});

test.describe('knowledge base and static pages', () => {
  test.beforeEach(async ({ context, baseURL }) => chooseNecessary(context, baseURL));

  test('sections switch with the query and files open in a new tab', async ({ page }) => {
    await page.goto('/pl/knowledge-base');
    const tabs = page.getByRole('navigation', { name: 'Działy bazy wiedzy' });
    await expect(tabs.getByRole('link', { name: 'Materiały' })).toHaveAttribute('aria-current', 'page');
    const items = page.getByTestId('kb-items');
    await expect(items.getByRole('link', { name: /Katalog produktów COBI/ })).toBeVisible();
    await expect(items.getByText('Deklaracja zgodności UE')).toHaveCount(0);
    // The restricted page is listed with its lock, linking to the page (not to a file).
    await expect(items.getByRole('link', { name: 'Materiały dla partnerów handlowych' })).toHaveAttribute('href', '/pl/static/materialy-dla-partnerow');
    await expect(items.getByText('Dla zalogowanych użytkowników')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await tabs.getByRole('link', { name: 'Dokumenty' }).click();
    await expect(page).toHaveURL(/\/pl\/knowledge-base\?section=Dokumenty$/);
    await expect(tabs.getByRole('link', { name: 'Dokumenty' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 2, name: 'Dokumenty', exact: true })).toBeVisible();
    const declaration = items.getByRole('link', { name: /Deklaracja zgodności UE/ });
    await expect(declaration).toHaveAttribute('href', /^\/files\/[0-9a-f-]{36}\/deklaracja-zgodnosci-ue-system-kat6a\.pdf\?inline=1$/);
    await expect(declaration).toHaveAttribute('target', '_blank');
    await expect(declaration).toHaveAttribute('rel', 'noopener');
    await expect(items.getByText('Katalog produktów COBI')).toHaveCount(0);
    const pdf = await page.request.get((await declaration.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    expect(pdf.headers()['content-disposition']).toMatch(/^inline;/);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.goto('/en/knowledge-base?section=Instrukcje');
    await expect(page.getByRole('navigation', { name: 'Knowledge base sections' }).getByRole('link', { name: 'Instructions' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // On the English pages the knowledge base's pages and files have English addresses and names.
    await expect(items.getByRole('link', { name: 'Rules for running cables in trays' })).toHaveAttribute(
      'href',
      '/en/static/rules-for-running-cables-in-trays',
    );
    await expect(items.getByRole('link', { name: /Installation instructions: Cat\. 6A keystone module/ })).toHaveAttribute(
      'href',
      /^\/files\/[0-9a-f-]{36}\/installation-instructions-cat-6a-keystone-module\.pdf\?inline=1$/,
    );
    await expectNoSeriousA11yViolations(page);
    await page.goto('/en/static/zasady-prowadzenia-kabli');
    await expect(page).toHaveURL(/\/en\/static\/rules-for-running-cables-in-trays$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rules for running cables in trays');
    await page.goto('/pl/static/rules-for-running-cables-in-trays');
    await expect(page).toHaveURL(/\/pl\/static\/zasady-prowadzenia-kabli$/);
  });

  test('a static page with a file links to its download in a new tab', async ({ page, context }) => {
    await page.goto('/pl/static/katalog-produktow-cobi');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Katalog produktów COBI');
    const download = page.getByRole('link', { name: /Pobierz plik/ });
    await expect(download).toHaveAttribute('href', /^\/files\/[0-9a-f-]{36}\/katalog-cobi-2025\.pdf\?inline=1$/);
    await expect(download).toHaveAttribute('target', '_blank');
    await expect(download).toHaveAttribute('rel', 'noopener');
    await expectNoSeriousA11yViolations(page);
    const [tab] = await Promise.all([context.waitForEvent('page'), download.click()]);
    expect(tab.url()).toContain('/katalog-cobi-2025.pdf?inline=1');
    await tab.close();

    await page.goto('/en/static/polityka-prywatnosci');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect(page.getByRole('heading', { level: 2, name: '1. Controller' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const missing = await page.goto('/pl/static/nie-ma-takiej-strony');
    expect(missing?.status()).toBe(404);
  });

  test('a role-restricted page sends a visitor to login', async ({ page }) => {
    await page.goto('/pl/static/materialy-dla-partnerow');
    await expect(page).toHaveURL(/\/pl\/login\?next=\/pl\/static\/materialy-dla-partnerow$/);
    await page.goto('/en/static/materialy-dla-partnerow');
    await expect(page).toHaveURL(/\/en\/login\?next=\/en\/static\/materials-for-trade-partners$/);
  });
});

test.describe('cookie consent', () => {
  test('videos stay blocked until cookies are allowed, and the choice survives a reload', async ({ page, context }) => {
    await page.goto('/pl/videos-instructional');
    await expect(page.getByRole('heading', { level: 1, name: 'Filmy instruktażowe' })).toBeVisible();
    await expect(page.locator('iframe')).toHaveCount(0);
    const notices = page.locator('[data-consent-blocked="video"]');
    await expect(notices).toHaveCount(3);
    await expect(notices.first()).toContainText('Treść zablokowana. Aby ją wyświetlić, zezwól na pliki cookies');
    await expectNoSeriousA11yViolations(page);

    await notices.first().getByRole('button', { name: 'Zezwól na cookies' }).click();
    const frames = page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]');
    await expect(frames).toHaveCount(3);
    await expect(page.getByRole('dialog', { name: 'Szanujemy Twoją prywatność' })).toHaveCount(0);
    expect((await consentCookie(context))?.value).toBe('necessary,statistics');
    expect(await page.evaluate(() => localStorage.getItem('consent'))).toBe('necessary,statistics');

    // The server renders the frames from the cookie: no blocked notice even before scripts run.
    const html = await (await page.request.get('/pl/videos-instructional')).text();
    expect(html).toContain('https://www.youtube-nocookie.com/embed/');
    expect(html).not.toContain('data-consent-blocked');
    await page.reload();
    await expect(frames).toHaveCount(3);
    await expect(page.locator('[data-consent-blocked]')).toHaveCount(0);
  });

  test('the banner choices persist and can be changed from the footer', async ({ page, context }) => {
    // The server renders the banner for a visitor without a choice (part of the first paint), and
    // leaves it out once the consent cookie is there.
    const first = await (await page.request.get('/en/contact')).text();
    expect(first).toContain('We respect your privacy');
    await page.goto('/en/contact');
    const banner = page.getByRole('dialog', { name: 'We respect your privacy' });
    await expect(banner).toBeVisible();
    await hydrated(page);
    await expect(banner.getByRole('checkbox', { name: /Necessary/ })).toBeChecked();
    await expect(banner.getByRole('checkbox', { name: /Necessary/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    // Without marketing consent the map is replaced by the notice.
    await expect(page.locator('[data-consent-blocked="map"]')).toBeVisible();

    await banner.getByRole('checkbox', { name: 'Marketing' }).check();
    await banner.getByRole('button', { name: 'Save my choice' }).click();
    await expect(banner).toHaveCount(0);
    const cookie = await consentCookie(context);
    expect(cookie?.value).toBe('necessary,marketing');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toHaveCount(1);

    const withCookie = await (await page.request.get('/en/contact', { headers: { cookie: `consent=${cookie?.value}` } })).text();
    expect(withCookie).not.toContain('We respect your privacy');
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'We respect your privacy' })).toHaveCount(0);
    await hydrated(page);
    await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toHaveCount(1);

    // Cookie settings in the footer reopen the choice with the saved values.
    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Cookie settings' });
    await expect(settings).toBeVisible();
    await expect(settings.getByRole('checkbox', { name: /Marketing/ })).toBeChecked();
    await expect(settings.getByRole('checkbox', { name: /Statistics/ })).not.toBeChecked();
    await expectNoSeriousA11yViolations(page);
    await settings.getByRole('button', { name: 'Necessary only' }).click();
    await expect(settings).toHaveCount(0);
    expect((await consentCookie(context))?.value).toBe('necessary');
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect(page.locator('[data-consent-blocked="map"]')).toBeVisible();

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await page.getByRole('dialog', { name: 'Cookie settings' }).getByRole('button', { name: 'Accept all' }).click();
    expect((await consentCookie(context))?.value).toBe('necessary,statistics,marketing');
    await page.goto('/pl/videos');
    await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(3);
  });

  test('a choice made in the banner before the JavaScript has run is recorded and honoured', async ({ page, context }) => {
    // The modules come after the first paint; until then a small inline script answers the banner.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/pl/contact');
    const banner = page.getByRole('dialog', { name: 'Szanujemy Twoją prywatność' });
    await banner.getByRole('checkbox', { name: 'Marketing' }).check();
    await banner.getByRole('button', { name: 'Zapisz wybór' }).click();
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    expect((await consentCookie(context))?.value).toBe('necessary,marketing');
    expect(await page.evaluate(() => localStorage.getItem('consent'))).toBe('necessary,marketing');

    // The next page comes without the banner and with the map marketing consent allows.
    await page.unroute(/\/assets\/.*\.js$/);
    await page.reload();
    await hydrated(page);
    await expect(banner).toHaveCount(0);
    await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toHaveCount(1);

    // "Necessary only" before hydration, on a fresh visit.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/en/contact');
    const english = page.getByRole('dialog', { name: 'We respect your privacy' });
    await english.getByRole('button', { name: 'Necessary only' }).click();
    await expect(english).toBeHidden();
    expect((await consentCookie(context))?.value).toBe('necessary');
    await page.reload();
    await expect(english).toHaveCount(0);
    await expect(page.locator('[data-consent-blocked="map"]')).toBeVisible();
  });
});

test.describe('information pages', () => {
  test.beforeEach(async ({ context, baseURL }) => chooseNecessary(context, baseURL));

  test('the warranty page links the application form and the conditions PDF', async ({ page }) => {
    await page.goto('/pl/guarantee');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('25-letnia gwarancja systemowa');
    await expect(page.getByRole('heading', { name: 'Jak uzyskać gwarancję' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Przejdź do formularza wniosku' }).first()).toHaveAttribute('href', '/pl/application-form');
    const conditions = page.getByRole('link', { name: /Warunki gwarancji \(PDF\)/ }).first();
    await expect(conditions).toHaveAttribute('href', '/resources/warunki-gwarancji-25-lat.pdf');
    await expect(conditions).toHaveAttribute('target', '_blank');
    const pdf = await page.request.get('/resources/warunki-gwarancji-25-lat.pdf');
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/en/guarantee');
    await expect(page.getByRole('link', { name: /Warranty conditions \(PDF\)/ }).first()).toHaveAttribute('href', '/resources/25-year-warranty-conditions.pdf');
    expect((await page.request.get('/resources/25-year-warranty-conditions.pdf')).status()).toBe(200);
    await expectNoSeriousA11yViolations(page);
  });

  for (const [path, heading] of [
    ['/pl/about', 'O nas'],
    ['/en/about', 'About us'],
    ['/pl/about-cobi', 'Marka COBI'],
    ['/en/realizations', 'Realizations'],
    ['/pl/realizations', 'Realizacje'],
    ['/pl/contact', 'Kontakt'],
    ['/en/videos', 'Videos'],
  ] as const) {
    test(`${path} shows its content and passes axe`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      if (path.endsWith('realizations')) {
        await expect(page.locator('main article')).toHaveCount(8);
        await expect(page.locator('main article').first().getByRole('definition').first()).not.toBeEmpty();
      }
      if (/\/(about|about-cobi|realizations)$/.test(path)) {
        // Illustrated: every picture of the page loads (the company and brand pages describe theirs).
        const images = await page.locator('main img').all();
        expect(images.length).toBeGreaterThan(0);
        for (const img of images) {
          await img.scrollIntoViewIfNeeded();
          await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
        }
        if (path.includes('about')) await expect(page.locator('main img').first()).toHaveAttribute('alt', /COBI NET/);
      }
      if (path.endsWith('contact')) {
        await expect(page.getByRole('link', { name: 'biuro@cobinet.pl' }).first()).toHaveAttribute('href', 'mailto:biuro@cobinet.pl');
        await expect(page.getByRole('heading', { name: 'Działy' })).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});
