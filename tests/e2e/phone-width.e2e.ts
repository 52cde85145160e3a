// Issue 41 point 20, the class: at 360 px no public page hides content in a sideways scroll. A row
// that scrolls on purpose is a `scroll-fade` strip (the fade shows there is more: My account's
// sections, the home page's cards, category filters); screen-reader-only text is clipped by design.
import { expect, type Page, test } from '@playwright/test';

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

/** Elements in <main> whose content is wider than they are and is scrolled or cut, and how far the page itself scrolls sideways. */
function sideways(page: Page) {
  return page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    boxes: [...document.querySelectorAll('main *')]
      .filter((e) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible' && !e.closest('.scroll-fade'))
      .map((e) => `${e.tagName.toLowerCase()}.${String(e.className).split(' ').slice(0, 3).join('.')} ${e.scrollWidth}/${e.clientWidth}`),
  }));
}

test('public pages at 360 px: nothing scrolls sideways (pl, en)', async ({ page, request }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 800 });
  // The product with the demo's longest catalogue number, and one with a specification table.
  const found = (await (await request.get('/api/products?search=CN-PG-SCA-OS2-12')).json()) as { items: { id: number; slug: string }[] };
  const product = found.items[0];
  expect(product).toBeTruthy();
  const paths = [
    '/tester-rentals-price-list',
    '/tester-rentals',
    `/product/${product.id}-${product.slug}`,
    '/courses',
    '/trainings',
    '/calculator',
    '/complaint-form',
    '/contact',
    '/guarantee',
    '/posts',
    '/knowledge-base',
  ];
  const problems: string[] = [];
  for (const locale of ['pl', 'en'] as const) {
    for (const path of paths) {
      const res = await page.goto(`/${locale}${path}`);
      expect(res?.status(), path).toBeLessThan(400);
      const found = await sideways(page);
      if (found.page > 0 || found.boxes.length) problems.push(`${page.url()}: page +${found.page} px; ${found.boxes.join('; ')}`);
    }
  }
  expect(problems).toEqual([]);
});
