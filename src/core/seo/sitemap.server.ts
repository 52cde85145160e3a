import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { LOCALES, type Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { categories, products } from '~/features/catalog/catalog.schema';
import { posts, staticSites } from '~/features/content/content.schema';

/** One public page of the site: its path (without the locale) in each language. */
export interface SitemapPage {
  paths: Record<Locale, string>;
  lastmod?: Date;
}

const gzipAsync = promisify(gzip);

/** Sitemaps may hold 50,000 URLs; files are split well below that. */
export const URLS_PER_FILE = 45_000;
/** Even without admin changes the sitemap is rebuilt this often (and when a scheduled item goes live). */
const MAX_AGE_MS = 10 * 60_000;

/** SPEC section 2: the knowledge base's sections (query parameter `section`). */
export const KNOWLEDGE_BASE_SECTIONS = ['Materiały', 'Dokumenty', 'Instrukcje'] as const;

/** Public pages without database content, in both languages under the same path. */
const FIXED_PATHS = [
  '',
  '/categories',
  '/category',
  '/posts',
  // The knowledge base opens on its first section (Materiały), whose canonical URL has no query.
  '/knowledge-base',
  ...KNOWLEDGE_BASE_SECTIONS.slice(1).map((s) => `/knowledge-base?section=${encodeURIComponent(s)}`),
  '/guarantee',
  '/about',
  '/about-cobi',
  '/videos',
  '/videos-instructional',
  '/realizations',
  '/contact',
];

const same = (path: string): Record<Locale, string> => ({ pl: path, en: path });
const localized = (prefix: string, id: number, slugPl: string, slugEn: string): Record<Locale, string> => ({
  pl: `${prefix}/${id}-${encodeURIComponent(slugPl)}`,
  en: `${prefix}/${id}-${encodeURIComponent(slugEn)}`,
});

/** Active categories whose ancestors are all active too (an inactive branch is hidden as a whole). */
function visibleCategories<T extends { id: number; parentId: number | null; isActive: boolean }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Map<number, boolean>();
  const isVisible = (row: T, depth = 0): boolean => {
    const known = visible.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    const result = row.isActive && depth < 64 && (row.parentId === null || (parent !== undefined && isVisible(parent, depth + 1)));
    visible.set(row.id, result);
    return result;
  };
  return rows.filter((r) => isVisible(r));
}

/** Every public page, read straight from the tables, and the moment the list next changes by itself. */
export async function collectSitemapPages(now = new Date()): Promise<{ pages: SitemapPage[]; nextChange: Date | null }> {
  const db = getDb();
  const productVisible = and(eq(products.isActive, true), lte(products.publishedAt, now));
  const postVisible = and(eq(posts.isPublished, true), lte(posts.publishedAt, now));
  const [categoryRows, productRows, postRows, siteRows, [nextProduct], [nextPost]] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, isActive: categories.isActive, slugPl: categories.slugPl, slugEn: categories.slugEn, updatedAt: categories.updatedAt })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: products.id, slugPl: products.slugPl, slugEn: products.slugEn, updatedAt: products.updatedAt })
      .from(products)
      .where(productVisible)
      .orderBy(asc(products.id)),
    db
      .select({ id: posts.id, slugPl: posts.slugPl, slugEn: posts.slugEn, updatedAt: posts.updatedAt })
      .from(posts)
      .where(postVisible)
      .orderBy(asc(posts.id)),
    db
      .select({ slug: staticSites.slug, roleIds: staticSites.roleIds, updatedAt: staticSites.updatedAt })
      .from(staticSites)
      .orderBy(asc(staticSites.position), asc(staticSites.id)),
    db
      .select({ at: min(products.publishedAt) })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.publishedAt, now))),
    db
      .select({ at: min(posts.publishedAt) })
      .from(posts)
      .where(and(eq(posts.isPublished, true), gt(posts.publishedAt, now))),
  ]);

  const pages: SitemapPage[] = FIXED_PATHS.map((p) => ({ paths: same(p) }));
  for (const c of visibleCategories(categoryRows)) {
    pages.push({ paths: localized('/category', c.id, c.slugPl, c.slugEn), lastmod: c.updatedAt });
  }
  for (const p of productRows) pages.push({ paths: localized('/product', p.id, p.slugPl, p.slugEn), lastmod: p.updatedAt });
  for (const p of postRows) pages.push({ paths: localized('/post', p.id, p.slugPl, p.slugEn), lastmod: p.updatedAt });
  for (const s of siteRows) {
    if (s.roleIds.length === 0) pages.push({ paths: same(`/static/${encodeURIComponent(s.slug)}`), lastmod: s.updatedAt });
  }
  const changes = [nextProduct?.at, nextPost?.at].filter((d): d is Date => d instanceof Date);
  const nextChange = changes.length ? new Date(Math.min(...changes.map((d) => d.getTime()))) : null;
  return { pages, nextChange };
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);
}

/** Splits pages into files of at most `urlsPerFile` URLs (each page gives one URL per language). */
export function chunkPages(pages: SitemapPage[], urlsPerFile = URLS_PER_FILE): SitemapPage[][] {
  const perFile = Math.max(1, Math.floor(urlsPerFile / LOCALES.length));
  const files: SitemapPage[][] = [];
  for (let i = 0; i < pages.length; i += perFile) files.push(pages.slice(i, i + perFile));
  return files.length ? files : [[]];
}

/** A `<urlset>` with one `<url>` per page and language, each listing its hreflang alternates. */
export function urlsetXml(pages: SitemapPage[], origin: string): string {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n',
  ];
  for (const page of pages) {
    const urls = {} as Record<Locale, string>;
    for (const l of LOCALES) urls[l] = escapeXml(`${origin}/${l}${page.paths[l]}`);
    const alternates =
      LOCALES.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${urls[l]}"/>`).join('') +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${urls.pl}"/>`;
    const lastmod = page.lastmod ? `<lastmod>${page.lastmod.toISOString()}</lastmod>` : '';
    for (const l of LOCALES) parts.push(`<url><loc>${urls[l]}</loc>${lastmod}${alternates}</url>\n`);
  }
  parts.push('</urlset>\n');
  return parts.join('');
}

/** The URL of sitemap file `n` (1-based) listed by the index. */
export function sitemapFileUrl(origin: string, n: number): string {
  return `${origin}/sitemap.xml?page=${n}`;
}

export function sitemapIndexXml(files: SitemapPage[][], origin: string): string {
  const parts = ['<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'];
  files.forEach((file, i) => {
    const times = file.map((p) => p.lastmod?.getTime() ?? 0);
    const newest = times.length ? Math.max(...times) : 0;
    const lastmod = newest > 0 ? `<lastmod>${new Date(newest).toISOString()}</lastmod>` : '';
    parts.push(`<sitemap><loc>${escapeXml(sitemapFileUrl(origin, i + 1))}</loc>${lastmod}</sitemap>\n`);
  });
  parts.push('</sitemapindex>\n');
  return parts.join('');
}

interface Built {
  origin: string;
  urlsPerFile: number;
  files: SitemapPage[][];
  /** Rendered XML by file number (0: the index or the single urlset), plain and gzipped. */
  xml: Map<number, Promise<SitemapFile>>;
  expires: number;
}

export interface SitemapFile {
  xml: string;
  gzip: Buffer;
}

let built: Promise<Built> | undefined;
onCacheClear(() => {
  built = undefined;
});

async function build(origin: string, urlsPerFile: number): Promise<Built> {
  const now = Date.now();
  const { pages, nextChange } = await collectSitemapPages(new Date(now));
  const expires = Math.min(now + MAX_AGE_MS, nextChange ? nextChange.getTime() : Number.POSITIVE_INFINITY);
  return { origin, urlsPerFile, files: chunkPages(pages, urlsPerFile), xml: new Map(), expires };
}

async function current(origin: string, urlsPerFile: number): Promise<Built> {
  const pending = built;
  const got = pending ? await pending.catch(() => undefined) : undefined;
  if (got && got.expires > Date.now() && got.origin === origin && got.urlsPerFile === urlsPerFile) return got;
  // Concurrent requests that found the same stale copy share one rebuild.
  if (built === pending) {
    const next = build(origin, urlsPerFile);
    built = next;
    next.catch(() => {
      if (built === next) built = undefined;
    });
  }
  return built as Promise<Built>;
}

/**
 * `/sitemap.xml` (file 0) or `/sitemap.xml?page=n`: one urlset while everything fits in one
 * file, otherwise an index of several files. Null for a file number that does not exist.
 * Built once and kept until an admin change clears caches, a scheduled page goes live or
 * 10 minutes pass.
 */
export async function sitemapFile(origin: string, file = 0, urlsPerFile = URLS_PER_FILE): Promise<SitemapFile | null> {
  const { files, xml } = await current(origin, urlsPerFile);
  if (!Number.isInteger(file) || file < 0 || file > files.length) return null;
  const key = files.length === 1 ? 0 : file;
  let out = xml.get(key);
  if (out === undefined) {
    const text =
      key !== 0 ? urlsetXml(files[key - 1] ?? [], origin) : files.length === 1 ? urlsetXml(files[0] ?? [], origin) : sitemapIndexXml(files, origin);
    // Compressed off the main thread: a file of 45,000 URLs is some 25 MB of XML.
    out = gzipAsync(text, { level: 6 }).then((gz) => ({ xml: text, gzip: gz }));
    xml.set(key, out);
    out.catch(() => xml.delete(key));
  }
  return out;
}
