import { expect, type Page, test } from '@playwright/test';
import { hydrated } from './fixtures';
import { shellLinks } from './site-links';

// Issue 17, "English is English": every public page of the demo in English, reached by following
// links from /en (header, mega-menu, mobile menu, footer, listings, products, content and form
// pages), shows no Polish. A word with a Polish letter fails unless it is a proper name below.

/** Proper names the English pages may show as they are: streets, towns and places of the demo (compared in lower case: some headings are upper-cased by CSS). */
const PROPER_NAMES = new Set(
  [
    // The company's address (ul. Usługowa 10B, 64-100 Leszno) and the course venues.
    'Usługowa',
    'Klecińska',
    'Wrocławski',
    'Mokotów',
    // Towns of the course venues and realizations.
    'Kraków',
    'Wrocław',
    'Gdańsk',
    'Poznań',
    'Głogów',
    'Stryków',
  ].map((w) => w.toLowerCase()),
);

const POLISH_LETTER = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]/;
/** Query keys that choose different content; any other (search, filters, sorting) is a view of a page already walked. */
const CONTENT_KEYS = new Set(['section', 'page', 'type']);
/** Pages whose forms are sent empty once, so that their validation messages are checked too. */
const FORM_PAGES = ['/en/complaint-form', '/en/contact', '/en/newsletter', '/en/register', '/en/login', '/en/forgot-password', '/en/tester-rentals-rent'];

function normalise(href: string, origin: string): string | null {
  const url = new URL(href);
  if (url.origin !== origin) return null;
  if (!/^\/en(\/|$)/.test(url.pathname) || /^\/en\/(admin|my-account)(\/|$)/.test(url.pathname)) return null;
  const query = new URLSearchParams();
  for (const [k, v] of url.searchParams) if (CONTENT_KEYS.has(k)) query.append(k, v);
  query.sort();
  const q = query.toString();
  return `${url.pathname}${q ? `?${q}` : ''}`;
}

/** What a reader sees or hears (title, description, visible text, alternative texts and labels) and where the page links to, in one call. */
function readPage(page: Page): Promise<{ text: string; links: string[] }> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[alt],[aria-label],[placeholder],[title]')].flatMap((e) =>
      ['alt', 'aria-label', 'placeholder', 'title'].map((a) => e.getAttribute(a) ?? ''),
    );
    const description = document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    const links = [...document.querySelectorAll('a[href]')].map((a) => (a as HTMLAnchorElement).href);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees (not hidden panels)
    return { text: [document.title, description, document.body.innerText, ...attrs].join('\n'), links };
  });
}

/** Images and fonts are not needed to read a page: the browser drops them itself (a route handler would send each request through the test process, which under CI's load cost minutes). */
async function withoutImages(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setBlockedURLs', { urls: ['*.webp*', '*.png*', '*.jpg*', '*.jpeg*', '*.svg*', '*.woff*', '*/img/*'] });
}

function polishWords(text: string): string[] {
  const words = text.match(/[\p{L}]+/gu) ?? [];
  return [...new Set(words.filter((w) => POLISH_LETTER.test(w) && !PROPER_NAMES.has(w.toLowerCase())))];
}

test.beforeEach(async ({ context, baseURL }) => {
  await context.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
});

test('no page of the English site shows Polish words other than proper names', async ({ page, browser, baseURL }) => {
  // About 290 pages: under a minute alone; once past 15 min on a CI machine running every suite side
  // by side at load 20 (stop 49), hence 30 min.
  test.setTimeout(1_800_000);
  const origin = new URL(baseURL as string).origin;
  const problems: string[] = [];
  const check = (where: string, text: string) => {
    const words = polishWords(text);
    if (words.length) problems.push(`${where}: ${words.join(', ')}`);
  };

  // The shell with every menu open: desktop mega-menu panels and the expanded mobile menu.
  const start = await shellLinks(page, 'en');
  check('/en (menus open)', (await readPage(page)).text);

  const queue = [...new Set(start.map((h) => normalise(h, origin)).filter((h): h is string => h !== null))];
  const seen = new Set<string>();
  const visit = async (tab: Page, path: string, form: boolean) => {
    // A page that does not come names itself (rather than the whole walk timing out).
    const res = await tab.goto(path, { waitUntil: 'domcontentloaded', timeout: 120_000 });
    expect(res?.status(), path).toBeLessThan(400);
    const landed = normalise(tab.url(), origin);
    if (landed && landed !== path) seen.add(landed);
    if (form) {
      await hydrated(tab);
      const submit = tab.locator('main form').first().locator('[type="submit"]').first();
      if (await submit.count()) {
        await submit.click();
        await tab.waitForTimeout(300);
      }
    }
    const { text, links } = await readPage(tab);
    check(path, text);
    for (const href of links) {
      const next = normalise(href, origin);
      if (next && !seen.has(next)) queue.push(next);
    }
  };

  await withoutImages(page);
  // The form pages run their scripts: their validation messages appear only after a submit.
  for (const path of FORM_PAGES) {
    seen.add(path);
    await visit(page, path, true);
  }
  // The rest are read as the server renders them (what the app hydrates is the same text), without
  // running their scripts (hydrating ~250 pages took most of this test's minutes), by three tabs at
  // once: a page's time is mostly waiting on the server and the browser.
  const serverRendered = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await serverRendered.addCookies([{ name: 'consent', value: 'necessary', url: baseURL as string }]);
  let inFlight = 0;
  const reader = async () => {
    const tab = await serverRendered.newPage();
    await withoutImages(tab);
    for (;;) {
      const path = queue.shift();
      if (path === undefined) {
        // Another tab's page may still add links.
        if (inFlight === 0) return;
        await tab.waitForTimeout(50);
        continue;
      }
      if (seen.has(path)) continue;
      seen.add(path);
      inFlight++;
      try {
        await visit(tab, path, false);
      } finally {
        inFlight--;
      }
    }
  };
  await Promise.all([reader(), reader(), reader()]);
  // The walk reached the whole demo: listings, products, content and form pages.
  const visited = [...seen];
  expect(visited.filter((p) => p.startsWith('/en/product/')).length).toBeGreaterThan(50);
  expect(visited.filter((p) => p.startsWith('/en/category/')).length).toBeGreaterThan(20);
  for (const p of ['/en/posts', '/en/knowledge-base', '/en/guarantee', '/en/about', '/en/contact', '/en/complaint-form', '/en/courses', '/en/realizations']) {
    expect(visited, p).toContain(p);
  }
  await serverRendered.close();
  expect(problems).toEqual([]);
});

test('product documents and datasheets download under English names on the English pages', async ({ page }) => {
  await page.goto('/en/knowledge-base?section=Dokumenty&type=declaration_of_performance');
  const first = page.getByTestId('kb-product-documents').getByRole('listitem').first();
  const productHref = (await first.getByRole('link').nth(1).getAttribute('href')) ?? '';
  await page.goto(productHref);
  // The documents and the datasheet.
  const links = page.locator('article a[href^="/files/"]');
  expect(await links.count()).toBeGreaterThan(0);
  for (const link of await links.all()) {
    const href = (await link.getAttribute('href')) ?? '';
    const name = decodeURIComponent(href.split('/')[3]?.split('?')[0] ?? '');
    expect(name, href).not.toMatch(/deklaracja|dwu-|karta|rysunek|instrukcja|certyfikat|gwarancja/i);
    if (!href.includes('inline=1')) expect(await link.getAttribute('download')).toBe(name);
    const res = await page.request.get(href);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-disposition']).toContain(`filename="${name}"`);
  }
  // The same document on the Polish page keeps its Polish name.
  await page.goto(productHref.replace(/^\/en\//, '/pl/'));
  const pl = page.locator('section[aria-labelledby="documents-heading"] a[href^="/files/"]');
  const plNames = await pl.evaluateAll((as) => as.map((a) => decodeURIComponent(a.getAttribute('href')?.split('/')[3] ?? '')));
  expect(plNames.some((n) => /DWU|deklaracja/i.test(n))).toBe(true);
});
