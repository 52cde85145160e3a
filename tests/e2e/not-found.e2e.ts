import { expect, test } from '@playwright/test';

// Issue 17: every 404 page has the title "Nie znaleziono strony – COBI NET" / "Page not found –
// COBI NET" (unknown paths and the features' missing records alike), with the search box.

const TITLES = { pl: 'Nie znaleziono strony – COBI NET', en: 'Page not found – COBI NET' } as const;

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

for (const locale of ['pl', 'en'] as const) {
  test(`404 pages are titled "${TITLES[locale]}"`, async ({ page }) => {
    for (const path of [
      '/no-such-page',
      '/product/999999-missing',
      '/category/999999-missing',
      '/post/999999-missing',
      '/static/no-such-page',
      '/posts?page=999',
    ]) {
      const res = await page.goto(`/${locale}${path}`);
      expect(res?.status(), path).toBe(404);
      await expect(page, path).toHaveTitle(TITLES[locale]);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(TITLES[locale].split(' – ')[0]);
      await expect(page.locator('#not-found-search'), path).toBeVisible();
      expect(await page.locator('meta[name="robots"]').getAttribute('content'), path).toBe('noindex');
    }
  });
}
