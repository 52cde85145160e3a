import type { Page } from '@playwright/test';
import { hydrated } from './fixtures';

/** Absolute hrefs of the links inside `selector` (same page, as rendered now). */
export async function linksIn(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(`${selector} a[href]`, (links) => links.map((a) => (a as HTMLAnchorElement).href));
}

/**
 * Every link of the site shell and the home page in one language: header, each mega-menu panel
 * (opened one by one: they render their links on first opening), footer and home page at 1280 px,
 * then the mobile menu (every section's links) at 360 px. Absolute URLs, deduplicated.
 */
export async function shellLinks(page: Page, locale: 'pl' | 'en'): Promise<string[]> {
  const found = new Set<string>();
  const add = (list: string[]) => {
    for (const href of list) found.add(href);
  };
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/${locale}`);
  await hydrated(page);
  add(await linksIn(page, 'header'));
  add(await linksIn(page, 'main'));
  add(await linksIn(page, 'footer'));
  const toggles = page.locator('header button[aria-controls^="nav-panel-"]');
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    const panel = (await toggle.getAttribute('aria-controls')) ?? '';
    // Hovering opens a panel (a click would then close it again); a click opens it otherwise.
    await toggle.hover();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
    await page.locator(`#${panel}`).waitFor({ state: 'visible' });
    add(await linksIn(page, `#${panel}`));
    await page.keyboard.press('Escape');
    await page.mouse.move(640, 880);
    await page.locator(`#${panel}`).waitFor({ state: 'hidden' });
  }
  await page.setViewportSize({ width: 360, height: 740 });
  await page.locator('button[aria-controls="mobile-menu"]').click();
  const menu = page.locator('#mobile-menu');
  await menu.waitFor({ state: 'visible' });
  // Its collapsed sections keep their links in the document (hidden), so all are read at once.
  add(await linksIn(page, '#mobile-menu'));
  await page.setViewportSize({ width: 1280, height: 900 });
  return [...found];
}
