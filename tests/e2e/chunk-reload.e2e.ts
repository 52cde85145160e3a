// Issue 41 point 5: a script chunk that fails to load (an old tab after a deploy, a dropped phone
// connection) reloads the page once at the same address; if it fails again right after, one clear
// message says what to do: no "500", no toast.
import { expect, type Page, test } from '@playwright/test';
import { hydrated, shot } from './fixtures';

test.use({ viewport: { width: 360, height: 800 } });

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

/** Makes the mobile menu's chunk (loaded on first opening) fail `times` times (Infinity: always). */
async function failMenuChunk(page: Page, times: number) {
  let failed = 0;
  await page.route(/\/assets\/mobile-menu-[^/]+\.js$/, (route) => {
    if (failed < times) {
      failed++;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
}

test('a chunk that fails once: the page reloads at the same address and then works', async ({ page }) => {
  await failMenuChunk(page, 1);
  await page.goto('/pl/contact');
  await hydrated(page);
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Menu' }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/pl\/contact$/);
  await hydrated(page);
  await expect(page.getByText('500', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.locator('#mobile-menu')).toBeVisible();
});

test('a chunk that keeps failing: after one reload, one clear message in the page language, no "500" and no toast', async ({ page }) => {
  for (const [locale, title] of [
    ['pl', 'Nie udało się wczytać strony'],
    ['en', 'The page could not be loaded'],
  ] as const) {
    await failMenuChunk(page, Number.POSITIVE_INFINITY);
    await page.goto(`/${locale}/contact`);
    await hydrated(page);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Menu' }).click();
    await reloaded;
    await hydrated(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('[data-chunk-error]')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${locale}/contact$`));
    await expect(page.getByText('500', { exact: true })).toHaveCount(0);
    // A toast would have come with the error screen; give it a moment to appear.
    await page.waitForTimeout(500);
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
    await shot(page, { path: `tmp/shots/chunk-error-${locale}-360.png`, fullPage: true });
    if (process.env.E2E_SHOTS) {
      await page.setViewportSize({ width: 1366, height: 900 });
      await shot(page, { path: `tmp/shots/chunk-error-${locale}-1366.png` });
      await page.setViewportSize({ width: 360, height: 800 });
    }
    await page.unrouteAll();
    await page.evaluate(() => sessionStorage.clear());
  }
});
