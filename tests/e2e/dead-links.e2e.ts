import { expect, test } from '@playwright/test';
import { shellLinks } from './site-links';

// Issue 17: no dead links. Every link of the header, mega-menu, mobile menu, footer and home page,
// in both languages, answers without a 404 or a 500 (each distinct href requested once).

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

test('every link of the shell and the home page answers in both languages', async ({ page, baseURL }) => {
  test.setTimeout(480_000);
  const origin = new URL(baseURL as string).origin;
  const links = new Set<string>();
  for (const locale of ['pl', 'en'] as const) for (const href of await shellLinks(page, locale)) links.add(href.split('#')[0]);
  const internal = [...links].filter((href) => href.startsWith(origin));
  // Both languages' menus, footers and home sections were found (not an empty page).
  expect(internal.filter((h) => h.startsWith(`${origin}/pl/`)).length).toBeGreaterThan(20);
  expect(internal.filter((h) => h.startsWith(`${origin}/en/`)).length).toBeGreaterThan(20);
  const broken: string[] = [];
  for (const href of internal) {
    const res = await page.request.get(href, { maxRedirects: 10 });
    if (res.status() >= 400) broken.push(`${res.status()} ${href.slice(origin.length)}`);
  }
  expect(broken).toEqual([]);
  // Links that leave the site are absolute https addresses (not requested: no network in tests).
  for (const href of [...links].filter((h) => !h.startsWith(origin))) expect(href, href).toMatch(/^(https:\/\/|mailto:|tel:)/);
});
