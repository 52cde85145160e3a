import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

// Blocked embeds show their poster (the video's stored still, the drawn street plan) under the
// consent notice instead of an empty box; the web font is self-hosted, cached long and
// asked for after the first paint (src/core/html/web-fonts.ts).

/** A visitor who already chose "necessary only", so the banner stays out of the way. */
async function chooseNecessary(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL ?? 'http://localhost' }]);
}

/** The poster has loaded for real (a broken image has naturalWidth 0). */
async function expectLoadedImage(page: Page, selector: string) {
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      page
        .locator(selector)
        .first()
        .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
}

test('videos show their stored poster under the notice until consent, then the player', async ({ page, context, baseURL }) => {
  await chooseNecessary(context, baseURL);
  await page.goto('/pl/videos');
  await hydrated(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  const blocked = page.locator('[data-consent-blocked="video"]');
  await expect(blocked).toHaveCount(3);
  const first = blocked.first();
  const poster = first.getByRole('img', { name: 'Kadr z filmu: Jak powstaje kabel kategorii 6A' });
  await expect(poster).toBeVisible();
  // The still is the one stored with the video (the image route), never a request to YouTube.
  await expect(poster).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
  await expectLoadedImage(page, '[data-consent-poster="video"]');
  // The notice sits over the poster and is reachable by keyboard.
  await expect(first).toContainText('Treść zablokowana. Aby ją wyświetlić, zezwól na pliki cookies');
  const allow = first.getByRole('button', { name: 'Zezwól na cookies' });
  const box = await poster.boundingBox();
  const buttonBox = await allow.boundingBox();
  expect(box && buttonBox).toBeTruthy();
  if (box && buttonBox) {
    expect(buttonBox.x).toBeGreaterThanOrEqual(box.x);
    expect(buttonBox.y).toBeGreaterThanOrEqual(box.y);
    expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(box.x + box.width);
    expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(box.y + box.height);
  }
  await expectNoSeriousA11yViolations(page);

  await allow.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/"]')).toHaveCount(3);
  await expect(page.locator('[data-consent-poster]')).toHaveCount(0);
});

test('the contact map shows a local street plan under the notice until consent, then Google Maps', async ({ page, context, baseURL }) => {
  await chooseNecessary(context, baseURL);
  await page.goto('/en/contact');
  await hydrated(page);
  await expect(page.locator('iframe')).toHaveCount(0);
  const blocked = page.locator('[data-consent-blocked="map"]');
  const poster = blocked.getByRole('img', { name: 'Sketch plan of the area with a pin at COBI NET, ul. Usługowa 10B, Leszno' });
  await expect(poster).toBeVisible();
  // A committed asset of this site (hashed, immutable): nothing is asked of Google before consent.
  await expect(poster).toHaveAttribute('src', /^\/assets\/contact-map-[\w-]+\.svg$/);
  await expectLoadedImage(page, '[data-consent-poster="map"]');
  await expect(blocked).toContainText('Content blocked. To view it, allow cookies (marketing).');
  await expectNoSeriousA11yViolations(page);

  await blocked.getByRole('button', { name: 'Allow cookies' }).click();
  await expect(page.locator('iframe[src^="https://www.google.com/maps"]')).toHaveCount(1);
  await expect(page.locator('[data-consent-poster]')).toHaveCount(0);
});

/** Records, before the page's own scripts run, when <html> got the web-font class (ms since navigation start). */
async function recordWebFontSwitch(page: Page) {
  await page.addInitScript(() => {
    const w = window as Window & { __webFontsAt?: number };
    new MutationObserver(() => {
      if (w.__webFontsAt === undefined && document.documentElement?.classList.contains('web-fonts')) w.__webFontsAt = performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

/** When the class was set and when the first contentful paint was, once both have happened (and a font was asked for). */
async function switchAndPaint(page: Page, { fontFetched }: { fontFetched: boolean }) {
  await expect
    .poll(() =>
      page.evaluate(
        (fetched) =>
          (window as Window & { __webFontsAt?: number }).__webFontsAt !== undefined &&
          performance.getEntriesByName('first-contentful-paint').length > 0 &&
          (!fetched || performance.getEntriesByType('resource').some((e) => e.name.endsWith('.woff2'))),
        fontFetched,
      ),
    )
    .toBe(true);
  return page.evaluate(() => ({
    switchedAt: (window as Window & { __webFontsAt?: number }).__webFontsAt as number,
    paintedAt: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    fontRequestedAt: Math.min(
      ...performance
        .getEntriesByType('resource')
        .filter((e) => e.name.endsWith('.woff2'))
        .map((e) => e.startTime),
    ),
  }));
}

test('the web font: two small subsets, swap, cached for a year, asked for only after the first paint', async ({ page, context, baseURL }) => {
  await chooseNecessary(context, baseURL);
  // Nothing is preloaded: the font would compete with the document, the stylesheet and the first image.
  for (const path of ['/pl', '/en']) {
    const html = await (await page.request.get(path)).text();
    expect(html).not.toMatch(/<link[^>]*as="font"/);
  }

  // The stylesheet names exactly two files, both with font-display: swap.
  const html = await (await page.request.get('/pl')).text();
  const cssHref = html.match(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+\.css)"/)?.[1] ?? html.match(/href="([^"]+\.css)"[^>]*rel="stylesheet"/)?.[1];
  expect(cssHref).toBeTruthy();
  const css = await (await page.request.get(cssHref ?? '')).text();
  const interFaces = css.match(/@font-face\{[^}]*Inter Variable[^}]*\}/g) ?? [];
  expect(interFaces).toHaveLength(2);
  for (const face of interFaces) expect(face).toContain('font-display:swap');
  const hrefs = [...css.matchAll(/url\(([^)]+\.woff2)\)/g)].map((m) => m[1]);
  expect(hrefs.map((h) => h.replace(/-[\w-]{8}\.woff2$/, '')).sort()).toEqual(['/assets/inter-latin-subset', '/assets/inter-pl-subset']);

  let total = 0;
  for (const href of hrefs) {
    const font = await page.request.get(href);
    expect(font.status()).toBe(200);
    expect(font.headers()['content-type']).toBe('font/woff2');
    expect(font.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const body = await font.body();
    expect(body.subarray(0, 4).toString('latin1')).toBe('wOF2');
    total += body.length;
  }
  // The subsets are what keeps the page light on a slow phone (the whole latin + latin-ext pair is 133 kB).
  expect(total).toBeLessThan(32 * 1024);

  // A first visit (from another site): the first paint is in the local fallback, the font comes after it.
  await recordWebFontSwitch(page);
  await page.goto('/pl', { referer: 'https://www.google.com/' });
  const first = await switchAndPaint(page, { fontFetched: true });
  expect(first.switchedAt).toBeGreaterThanOrEqual(first.paintedAt);
  expect(first.fontRequestedAt).toBeGreaterThanOrEqual(first.paintedAt);
  await hydrated(page);
  // Then the page uses it: Polish text (ą, ę, ł…) is drawn in Inter once both subsets are in.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable"?/);
  const loaded = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((f) => f.family.includes('Inter Variable') && f.status === 'loaded').length;
  });
  expect(loaded).toBe(2);
  expect(await page.evaluate(() => document.fonts.check('600 16px "Inter Variable"', 'Żółć łąka'))).toBe(true);

  // A page opened from this site (the font is in the cache): Inter from the first paint on, no change of face.
  await page.goto('/pl/posts', { referer: `${baseURL}/pl` });
  const next = await switchAndPaint(page, { fontFetched: false });
  expect(next.switchedAt).toBeLessThan(next.paintedAt);

  // Without JavaScript the stylesheet switches the font on by itself.
  const noScript = await page.context().browser()?.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const p = await noScript?.newPage();
    await p?.goto('/pl');
    expect(await p?.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Inter Variable"?/);
  } finally {
    await noScript?.close();
  }
});

test('a video embedded in a news post shows its stored poster under the notice until consent, then the player (pl, en)', async ({ page, context, baseURL }) => {
  await chooseNecessary(context, baseURL);
  for (const [locale, title, still, notice, allowName] of [
    [
      'pl',
      'Nowa linia okablowania kategorii 6A z ekranowaniem U/FTP',
      'Kadr z filmu: Jak powstaje kabel kategorii 6A',
      'Treść zablokowana',
      'Zezwól na cookies',
    ],
    ['en', 'New Category 6A cabling line with U/FTP shielding', 'Video still: How a Category 6A cable is made', 'Content blocked', 'Allow cookies'],
  ] as const) {
    await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL ?? 'http://localhost' }]);
    await page.goto(`/${locale}/posts`);
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await hydrated(page);
    await expect(page.locator('iframe')).toHaveCount(0);
    const blocked = page.locator('main [data-consent-blocked="video"]');
    await expect(blocked).toHaveCount(1);
    // A poster with the notice over it, not the old empty dashed box.
    const poster = blocked.getByRole('img', { name: still });
    await expect(poster).toBeVisible();
    await expect(poster).toHaveAttribute('src', /^\/img\/[0-9a-f-]{36}\/640\.webp$/);
    await expectLoadedImage(page, 'main [data-consent-poster="video"]');
    expect(await blocked.evaluate((el) => getComputedStyle(el).borderStyle)).not.toBe('dashed');
    await expect(blocked).toContainText(notice);
    const box = await blocked.boundingBox();
    const posterBox = await poster.boundingBox();
    expect(box && posterBox).toBeTruthy();
    if (box && posterBox) {
      // The still fills the 16:9 frame.
      expect(box.height).toBeGreaterThan(box.width * 0.5);
      expect(Math.abs(posterBox.width - box.width)).toBeLessThan(2);
      expect(Math.abs(posterBox.height - box.height)).toBeLessThan(2);
    }
    await expectNoSeriousA11yViolations(page);
    await blocked.getByRole('button', { name: allowName }).click();
    await expect(page.locator('main iframe[src="https://www.youtube-nocookie.com/embed/Hq7vYb2kLmE"]')).toHaveCount(1);
    await expect(page.locator('[data-consent-poster]')).toHaveCount(0);
    await context.clearCookies();
  }
  // The generic still, for a frame of a video the site does not list, is a file of the site.
  const generic = await page.request.get('/video-poster.svg');
  expect(generic.status()).toBe(200);
  expect(generic.headers()['content-type']).toContain('image/svg+xml');
});
