import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures';

test('the root path and an invalid locale redirect to /pl', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/pl$/);
  await page.goto('/de/categories');
  await expect(page).toHaveURL(/\/pl$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
});

test('an unknown path shows the 404 page with status 404', async ({ page }) => {
  const res = await page.goto('/en/no-such-page');
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expectNoSeriousA11yViolations(page);
});

test('home page passes axe', async ({ page }) => {
  await page.goto('/pl');
  await expectNoSeriousA11yViolations(page);
});
