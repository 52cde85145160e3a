import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { coreMessages } from '../../src/core/i18n/messages';

// Every public page carries title, description, canonical, hreflang alternates, Open Graph and
// robots; the sitemap lists them and robots.txt points to it. The demo catalogue is the data.

// The server runs without APP_URL, so its public address is http://localhost:{E2E_PORT} (config default).
const APP_URL = (process.env.APP_URL ?? `http://localhost:${process.env.E2E_PORT ?? 3210}`).replace(/\/$/, '');

let sitemapUrls: string[] | undefined;

/** Every <loc> of /sitemap.xml, following an index if there is one. */
async function sitemapLocs(request: APIRequestContext): Promise<string[]> {
  if (sitemapUrls) return sitemapUrls;
  const res = await request.get('/sitemap.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = await res.text();
  const locs = (x: string) => [...x.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] as string).replaceAll('&amp;', '&'));
  if (!xml.includes('<sitemapindex')) {
    sitemapUrls = locs(xml);
    return sitemapUrls;
  }
  const all: string[] = [];
  for (const file of locs(xml)) all.push(...locs(await (await request.get(file.replace(APP_URL, ''))).text()));
  sitemapUrls = all;
  return all;
}

/** The path of the first sitemap URL of a kind, e.g. "/pl/product/". */
async function firstPath(request: APIRequestContext, prefix: string): Promise<string> {
  const url = (await sitemapLocs(request)).find((u) => u.startsWith(`${APP_URL}${prefix}`));
  expect(url, `the sitemap lists a page under ${prefix}`).toBeTruthy();
  return (url as string).slice(APP_URL.length);
}

async function headTags(page: Page) {
  return page.evaluate(() => {
    const attr = (sel: string, name: string) => document.head.querySelector(sel)?.getAttribute(name) ?? null;
    const alternates: Record<string, string> = {};
    for (const l of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) {
      alternates[l.getAttribute('hreflang') as string] = l.getAttribute('href') as string;
    }
    const jsonLd = [...document.querySelectorAll('script[type="application/ld+json"]')].flatMap((s) => {
      const v = JSON.parse(s.textContent ?? 'null');
      return Array.isArray(v) ? v : [v];
    });
    return {
      title: document.title,
      description: attr('meta[name="description"]', 'content'),
      robots: attr('meta[name="robots"]', 'content'),
      canonical: attr('link[rel="canonical"]', 'href'),
      alternates,
      ogTitle: attr('meta[property="og:title"]', 'content'),
      ogUrl: attr('meta[property="og:url"]', 'content'),
      ogType: attr('meta[property="og:type"]', 'content'),
      jsonLd: jsonLd as { '@type'?: string; [k: string]: unknown }[],
    };
  });
}

/** Visits a page and checks the head tags every public page must have. */
async function expectSeo(page: Page, path: string, opts: { inner: boolean }) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  const head = await headTags(page);
  const locale = path.startsWith('/en') ? 'en' : 'pl';
  const url = new URL(path, APP_URL);
  expect(head.title.length).toBeGreaterThan(0);
  if (opts.inner) expect(head.title, `${path} has its own title`).not.toBe(coreMessages[locale]['site.title']);
  expect(head.description?.length ?? 0).toBeGreaterThan(20);
  expect(head.robots).toBe('all');
  expect(head.canonical).toBe(`${APP_URL}${url.pathname}${url.search}`);
  expect(head.alternates.pl).toMatch(new RegExp(`^${APP_URL}/pl(/|$)`));
  expect(head.alternates.en).toMatch(new RegExp(`^${APP_URL}/en(/|$)`));
  expect(head.alternates['x-default']).toBe(head.alternates.pl);
  expect(head.alternates[locale]).toBe(head.canonical);
  expect(head.ogTitle?.length ?? 0).toBeGreaterThan(0);
  expect(head.ogUrl).toBe(head.canonical);
  return head;
}

test('robots.txt allows crawling, keeps crawlers out of the API, admin and account, and names the sitemap', async ({ request }) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const lines = (await res.text()).split('\n');
  for (const l of [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /pl/admin',
    'Disallow: /en/admin',
    'Disallow: /pl/my-account',
    'Disallow: /en/my-account',
  ]) {
    expect(lines).toContain(l);
  }
  expect(lines).toContain(`Sitemap: ${APP_URL}/sitemap.xml`);
});

test('the sitemap lists home, catalogue, posts and content pages in both languages', async ({ request }) => {
  const urls = await sitemapLocs(request);
  for (const l of ['pl', 'en']) {
    for (const p of [
      '',
      '/categories',
      '/category',
      '/posts',
      '/knowledge-base',
      '/knowledge-base?section=Dokumenty',
      '/knowledge-base?section=Instrukcje',
      '/guarantee',
      '/about',
      '/about-cobi',
      '/videos',
      '/videos-instructional',
      '/realizations',
      '/contact',
    ]) {
      expect(urls).toContain(`${APP_URL}/${l}${p}`);
    }
    for (const kind of ['category', 'product', 'post', 'static']) {
      expect(
        urls.some((u) => u.startsWith(`${APP_URL}/${l}/${kind}/`)),
        `${l} ${kind}`,
      ).toBe(true);
    }
  }
});

test('every page in the sitemap answers 200 with its SEO head: canonical to itself, alternates, Open Graph, robots all', async ({ request }) => {
  test.setTimeout(180_000);
  const failures: string[] = [];
  const check = async (loc: string) => {
    const path = loc.slice(APP_URL.length);
    const res = await request.get(path, { maxRedirects: 0 });
    if (res.status() !== 200) {
      failures.push(`${path}: ${res.status()}`);
      return;
    }
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const attr = (re: RegExp) => re.exec(head)?.[1]?.replaceAll('&amp;', '&');
    const canonical = attr(/<link rel="canonical" href="([^"]+)"/);
    if (canonical !== loc) failures.push(`${path}: canonical ${canonical}`);
    if (!attr(/<title>([^<]+)<\/title>/)) failures.push(`${path}: no title`);
    if (!attr(/<meta name="description" content="([^"]+)"/)) failures.push(`${path}: no description`);
    if (attr(/<meta name="robots" content="([^"]+)"/) !== 'all') failures.push(`${path}: robots not "all"`);
    if (!attr(/<meta property="og:title" content="([^"]+)"/)) failures.push(`${path}: no og:title`);
    const body = html.slice(html.indexOf('</head>'));
    for (const l of ['pl', 'en']) {
      const alt = attr(new RegExp(`<link rel="alternate" hrefLang="${l}" href="([^"]+)"`, 'i'));
      if (!alt?.startsWith(`${APP_URL}/${l}`)) failures.push(`${path}: alternate ${l} ${alt}`);
      // The language switch links the page's own address in that language (no 301 on the way, issue 41).
      const sw = (body.match(/<a [^>]*>/g) ?? []).find((a) => new RegExp(`hrefLang="${l}"`, 'i').test(a));
      const swHref = /href="([^"]+)"/.exec(sw ?? '')?.[1]?.replaceAll('&amp;', '&');
      if (`${APP_URL}${swHref}` !== alt) failures.push(`${path}: switch ${l} ${swHref} (alternate ${alt})`);
    }
  };
  const locs = await sitemapLocs(request);
  for (let i = 0; i < locs.length; i += 4) await Promise.all(locs.slice(i, i + 4).map(check));
  expect(failures).toEqual([]);
});

test('home page head', async ({ page }) => {
  const head = await expectSeo(page, '/pl', { inner: false });
  expect(head.title).toBe(coreMessages.pl['site.title']);
  expect(head.alternates.en).toBe(`${APP_URL}/en`);
});

test('categories page head', async ({ page }) => {
  await expectSeo(page, '/pl/categories', { inner: true });
});

test('category page head', async ({ page, request }) => {
  const path = await firstPath(request, '/pl/category/');
  const head = await expectSeo(page, path, { inner: true });
  expect(head.alternates.en).toMatch(new RegExp(`^${APP_URL}/en/category/\\d+-`));
});

test('product page head with Product and BreadcrumbList JSON-LD', async ({ page, request }) => {
  const path = await firstPath(request, '/pl/product/');
  const head = await expectSeo(page, path, { inner: true });
  expect(head.alternates.en).toMatch(new RegExp(`^${APP_URL}/en/product/\\d+-`));
  const product = head.jsonLd.find((x) => x['@type'] === 'Product');
  expect(product, 'Product JSON-LD').toBeTruthy();
  expect(String(product?.name ?? '').length).toBeGreaterThan(0);
  const crumbs = head.jsonLd.find((x) => x['@type'] === 'BreadcrumbList') as { itemListElement?: { item?: string; position?: number }[] } | undefined;
  expect(crumbs, 'BreadcrumbList JSON-LD').toBeTruthy();
  expect(crumbs?.itemListElement?.length ?? 0).toBeGreaterThanOrEqual(2);
  expect(crumbs?.itemListElement?.map((i) => i.position)).toEqual(crumbs?.itemListElement?.map((_, i) => i + 1));
});

test('posts page head', async ({ page }) => {
  await expectSeo(page, '/pl/posts', { inner: true });
});

test('post page head', async ({ page, request }) => {
  const path = await firstPath(request, '/pl/post/');
  const head = await expectSeo(page, path, { inner: true });
  expect(head.alternates.en).toMatch(new RegExp(`^${APP_URL}/en/post/\\d+-`));
});

test('English pages point back to their Polish versions', async ({ page, request }) => {
  const path = await firstPath(request, '/en/product/');
  const head = await expectSeo(page, path, { inner: true });
  expect(head.title).not.toBe(coreMessages.en['site.title']);
  expect(head.alternates.pl).toMatch(new RegExp(`^${APP_URL}/pl/product/\\d+-`));
});
