import { gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories, products } from '~/features/catalog/catalog.schema';
import { posts, staticSites } from '~/features/content/content.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { loader as robotsLoader } from '~/core/seo/robots.txt';
import { sitemapFile } from './sitemap.server';
import { loader as sitemapLoader } from './sitemap.xml';

const origin = 'https://cobinet.example';
let t: TestApp;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] as string);
const urlBlocks = (xml: string) => [...xml.matchAll(/<url>(.*?)<\/url>/g)].map((m) => m[1] as string);

async function get(url: string, headers: Record<string, string> = {}) {
  const args = { request: new Request(`http://localhost${url}`, { headers }), context: { config: { APP_URL: `${origin}/` } }, params: {} };
  return sitemapLoader(args as never);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = getDb();
  const hour = 3600_000;
  const [root, hidden] = await db
    .insert(categories)
    .values([
      { namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' },
      { namePl: 'Ukryta', nameEn: 'Hidden', slugPl: 'ukryta', slugEn: 'hidden', isActive: false },
    ])
    .returning();
  if (!root || !hidden) throw new Error('no categories');
  await db.insert(categories).values([
    { parentId: root.id, namePl: 'Miedź', nameEn: 'Copper', slugPl: 'miedz', slugEn: 'copper' },
    { parentId: hidden.id, namePl: 'Pod ukrytą', nameEn: 'Under hidden', slugPl: 'pod-ukryta', slugEn: 'under-hidden' },
  ]);
  await db.insert(products).values([
    { categoryId: root.id, namePl: 'Kabel U/UTP', nameEn: 'U/UTP cable', slugPl: 'kabel-u-utp', slugEn: 'u-utp-cable' },
    { categoryId: root.id, namePl: 'Wycofany', nameEn: 'Withdrawn', slugPl: 'wycofany', slugEn: 'withdrawn', isActive: false },
    { categoryId: root.id, namePl: 'Przyszły', nameEn: 'Future', slugPl: 'przyszly', slugEn: 'future', publishedAt: new Date(Date.now() + hour) },
  ]);
  await db.insert(posts).values([
    { titlePl: 'Nowość', titleEn: 'News', slugPl: 'nowosc', slugEn: 'news' },
    { titlePl: 'Szkic', titleEn: 'Draft', slugPl: 'szkic', slugEn: 'draft', isPublished: false },
    { titlePl: 'Jutro', titleEn: 'Tomorrow', slugPl: 'jutro', slugEn: 'tomorrow', publishedAt: new Date(Date.now() + 2 * hour) },
  ]);
  await db.insert(staticSites).values([
    { slug: 'polityka-prywatnosci', namePl: 'Polityka', nameEn: 'Policy' },
    { slug: 'dla-partnerow', namePl: 'Partnerzy', nameEn: 'Partners', roleIds: [2] },
  ]);
  clearPageCache();
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await t.close();
});

describe('GET /sitemap.xml', () => {
  it('lists every public page in both languages with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const all = locs(xml);
    const [root] = await getDb().select().from(categories).orderBy(categories.id).limit(1);
    const [product] = await getDb().select().from(products).orderBy(products.id).limit(1);
    const [post] = await getDb().select().from(posts).orderBy(posts.id).limit(1);
    const expected = [
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
      '/static/polityka-prywatnosci',
    ];
    for (const l of ['pl', 'en']) for (const p of expected) expect(all).toContain(`${origin}/${l}${p}`);
    expect(all).toContain(`${origin}/pl/category/${root?.id}-kable`);
    expect(all).toContain(`${origin}/en/category/${root?.id}-cables`);
    expect(all).toContain(`${origin}/pl/product/${product?.id}-kabel-u-utp`);
    expect(all).toContain(`${origin}/en/product/${product?.id}-u-utp-cable`);
    expect(all).toContain(`${origin}/pl/post/${post?.id}-nowosc`);
    expect(all).toContain(`${origin}/en/post/${post?.id}-news`);
    expect(all.some((u) => u.includes('-miedz'))).toBe(true);
    // The knowledge base's first section is the page without a query (its canonical URL).
    expect(all.some((u) => u.includes('Materia'))).toBe(false);
    // 15 fixed pages + 2 categories + 1 product + 1 post, each in two languages.
    // Stationary courses (issue 14): /courses and its programme section.
    for (const l of ['pl', 'en']) for (const p of ['/courses', '/courses?section=course_form_opis']) expect(all).toContain(`${origin}/${l}${p}`);
    // Tester rentals (issue 13): the about page and the price list.
    for (const l of ['pl', 'en']) for (const p of ['/tester-rentals', '/tester-rentals-price-list']) expect(all).toContain(`${origin}/${l}${p}`);
    // Public forms (issue 12): the complaint form.
    for (const l of ['pl', 'en']) expect(all).toContain(`${origin}/${l}/complaint-form`);
    // Newsletter (issue 16): the newsletter page and the calculator page.
    for (const l of ['pl', 'en']) for (const p of ['/newsletter', '/calculator']) expect(all).toContain(`${origin}/${l}${p}`);
    // Online trainings (issue 15): the list.
    for (const l of ['pl', 'en']) expect(all).toContain(`${origin}/${l}/trainings`);
    expect(all).toHaveLength(2 * (15 + 2 + 1 + 1) + 2 * 2 + 2 * 2 + 2 + 2 * 2 + 2);
    expect(new Set(all).size).toBe(all.length);
  });

  it('leaves out inactive, unpublished, scheduled and role-restricted content', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const slug of ['ukryta', 'hidden', 'pod-ukryta', 'wycofany', 'przyszly', 'szkic', 'jutro', 'dla-partnerow']) {
      expect(xml).not.toMatch(new RegExp(`[/-]${slug}[<"?]`));
    }
  });

  it('gives each URL its pl, en and x-default alternates', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const [product] = await getDb().select().from(products).orderBy(products.id).limit(1);
    const blocks = urlBlocks(xml).filter((b) => b.includes(`/product/${product?.id}-`));
    expect(blocks).toHaveLength(2);
    for (const b of blocks) {
      expect(b).toContain(`<xhtml:link rel="alternate" hreflang="pl" href="${origin}/pl/product/${product?.id}-kabel-u-utp"/>`);
      expect(b).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${origin}/en/product/${product?.id}-u-utp-cable"/>`);
      expect(b).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${origin}/pl/product/${product?.id}-kabel-u-utp"/>`);
      expect(b).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    }
    for (const b of urlBlocks(xml)) expect(b.match(/<xhtml:link /g)).toHaveLength(3);
  });

  it('sends gzip to clients that accept it', async () => {
    const plain = await (await get('/sitemap.xml')).text();
    const res = await get('/sitemap.xml', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('accept-encoding');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toBe(plain);
  });

  it('answers 404 for a file number that does not exist', async () => {
    expect((await get('/sitemap.xml?page=2')).status).toBe(404);
    expect((await get('/sitemap.xml?page=0')).status).toBe(404);
    expect((await get('/sitemap.xml?page=abc')).status).toBe(404);
    expect((await get('/sitemap.xml?page=1')).status).toBe(200);
  });

  it('keeps the built sitemap until caches are cleared', async () => {
    const [root] = await getDb().select().from(categories).orderBy(categories.id).limit(1);
    const [added] = await getDb()
      .insert(products)
      .values({ categoryId: root?.id as number, namePl: 'Nowy', nameEn: 'New', slugPl: 'nowy-produkt', slugEn: 'new-product' })
      .returning();
    expect(await (await get('/sitemap.xml')).text()).not.toContain(`/product/${added?.id}-`);
    clearPageCache();
    expect(await (await get('/sitemap.xml')).text()).toContain(`${origin}/pl/product/${added?.id}-nowy-produkt`);
    await getDb()
      .delete(products)
      .where((await import('drizzle-orm')).eq(products.id, added?.id as number));
    clearPageCache();
  });

  it('picks up a scheduled product once its publication time has passed, without an admin change', async () => {
    clearPageCache();
    expect(await (await get('/sitemap.xml')).text()).not.toContain('-przyszly');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3600_000 + 60_000);
    expect(await (await get('/sitemap.xml')).text()).toContain('-przyszly');
  });

  it('becomes an index of several files when there are more URLs than fit in one', async () => {
    clearPageCache();
    const single = locs((await sitemapFile(origin, 0))?.xml ?? '');
    clearPageCache();
    const index = (await sitemapFile(origin, 0, 10))?.xml ?? '';
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    expect(files).toEqual(Array.from({ length: Math.ceil(single.length / 10) }, (_, i) => `${origin}/sitemap.xml?page=${i + 1}`));
    const merged: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      const part = (await sitemapFile(origin, n, 10))?.xml ?? '';
      expect(part).toContain('<urlset');
      expect(locs(part).length).toBeLessThanOrEqual(10);
      merged.push(...locs(part));
    }
    expect(merged).toEqual(single);
    expect(await sitemapFile(origin, files.length + 1, 10)).toBeNull();
    clearPageCache();
  });
});

describe('GET /robots.txt', () => {
  it('allows everything but the API, admin and account paths and names the sitemap', async () => {
    const res = robotsLoader({ request: new Request('http://localhost/robots.txt'), context: { config: { APP_URL: origin } }, params: {} } as never);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of ['/api/', '/pl/admin', '/en/admin', '/pl/my-account', '/en/my-account']) expect(lines).toContain(`Disallow: ${p}`);
    expect(lines).toContain(`Sitemap: ${origin}/sitemap.xml`);
    expect(lines.filter((l) => l.startsWith('Disallow:'))).toHaveLength(5);
  });
});
