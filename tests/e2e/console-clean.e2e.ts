// Issue 41 point 4: every kind of page, in both languages, logged out and logged in, loads and
// hydrates in Chromium with no console error, no uncaught exception and no hydration warning.
// One address per kind: the sitemap's public pages grouped by their path pattern (a product, a
// category, a post, ...), the forms, and a logged-in buyer's own pages.
import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './fixtures';
import { loginViaApi } from './rentals-helpers';

test.describe.configure({ timeout: 600_000 });

const port = Number(process.env.E2E_PORT ?? 3210);
const origin = `http://localhost:${port}`;

/** "/pl/product/12-kabel" -> "/pl/product/:id": one address per kind of page. */
function kindOf(path: string): string {
  return path
    .split('/')
    .map((s) => (/^\d+(-|$)/.test(s) ? ':id' : s))
    .slice(0, 4)
    .join('/');
}

async function publicKinds(page: Page, locale: 'pl' | 'en'): Promise<string[]> {
  const locs = async (url: string) =>
    [...(await (await page.request.get(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] as string).pathname);
  let paths = await locs('/sitemap.xml');
  if (paths.some((p) => p.endsWith('.xml'))) paths = (await Promise.all(paths.map(locs))).flat();
  const kinds = new Map<string, string>();
  for (const p of paths) if (p.startsWith(`/${locale}`) && !kinds.has(kindOf(p))) kinds.set(kindOf(p), p);
  // Pages the sitemap leaves out: forms and a search.
  for (const p of ['/login', '/register', '/forgot-password', '/complaint-form', '/contact', '/newsletter', '/category?search=kabel'])
    kinds.set(p, `/${locale}${p}`);
  return [...kinds.values()];
}

const OWN_PAGES = [
  '/my-account/data',
  '/my-account/applications',
  '/my-account/complaints',
  '/my-account/tester-rentals',
  '/my-account/course-registations',
  '/my-account/trainings-users',
  '/my-account/orders',
  '/my-account/invoices',
  '/my-account/company',
  '/cart',
  '/application-form',
  '/tester-rentals-rent',
];

/** Listens once to the page; `walk(paths)` visits them and answers what went wrong on each. */
function walker(page: Page) {
  let problems: string[] = [];
  let current = '';
  page.on('pageerror', (e) => problems.push(`${current}: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || (m.type() === 'warning' && /hydrat/i.test(m.text()))) problems.push(`${current}: ${m.text()}`);
  });
  return async (paths: string[]): Promise<string[]> => {
    problems = [];
    for (const path of paths) {
      current = path;
      const res = await page.goto(path);
      expect(res?.status(), path).toBeLessThan(400);
      await hydrated(page);
    }
    return problems;
  };
}

for (const locale of ['pl', 'en'] as const) {
  test(`every page kind loads without a console error, logged out and logged in (${locale})`, async ({ page, context }) => {
    await context.addCookies([{ name: 'consent', value: 'necessary', url: origin }]);
    const paths = await publicKinds(page, locale);
    expect(paths.length).toBeGreaterThan(15);
    const walk = walker(page);
    const loggedOut = await walk(paths);
    await loginViaApi(page, 'sklep@example.com', 'Kabel-Sklep-B2B-2026');
    const loggedIn = await walk([...paths, ...OWN_PAGES.map((p) => `/${locale}${p}`)]);
    expect({ loggedOut, loggedIn }).toEqual({ loggedOut: [], loggedIn: [] });
  });
}
