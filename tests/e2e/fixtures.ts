import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe-core violation of the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Toasts fade in and out over a few hundred ms; mid-fade their colours fail the contrast check,
  // so they are left out (their settled colours are covered where a test waits for them).
  const results = await new AxeBuilder({ page }).exclude('[data-sonner-toast]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
