import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { LOCALES, type Locale } from '~/core/i18n/locale';
import type { SitemapPage, SitemapSource } from '~/core/seo/sitemap';
import { onCacheClear } from '~/core/server/page-cache.server';
import { catalogSitemap } from '~/features/catalog/sitemap.server';
import { contentSitemap } from '~/features/content/sitemap.server';
import { coursesSitemap } from '~/features/courses/sitemap.server';
import { trainingsSitemap } from '~/features/trainings/sitemap.server';
import { rentalsSitemap } from '~/features/rentals/sitemap.server';
import { newsletterSitemap } from '~/features/newsletter/sitemap.server';
import { formsSitemap } from '~/features/forms/sitemap.server';

export type { SitemapPage } from '~/core/seo/sitemap';

const gzipAsync = promisify(gzip);

/** Sitemaps may hold 50,000 URLs; files are split well below that. */
export const URLS_PER_FILE = 45_000;
/** Even without admin changes the sitemap is rebuilt this often (and when a scheduled item goes live). */
const MAX_AGE_MS = 10 * 60_000;

/** Every feature that has public pages hands its source here; a new feature adds one line. */
const SITEMAP_SOURCES: SitemapSource[] = [contentSitemap, catalogSitemap, formsSitemap, rentalsSitemap, coursesSitemap, trainingsSitemap, newsletterSitemap];

/** Every public page of every feature, and the moment the list next changes by itself. */
export async function collectSitemapPages(now = new Date()): Promise<{ pages: SitemapPage[]; nextChange: Date | null }> {
  const parts = await Promise.all(SITEMAP_SOURCES.map((source) => source(now)));
  const pages = parts.flatMap((p) => p.pages);
  const changes = parts.map((p) => p.nextChange).filter((d): d is Date => d instanceof Date);
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
    const text = key !== 0 ? urlsetXml(files[key - 1] ?? [], origin) : files.length === 1 ? urlsetXml(files[0] ?? [], origin) : sitemapIndexXml(files, origin);
    // Compressed off the main thread: a file of 45,000 URLs is some 25 MB of XML.
    out = gzipAsync(text, { level: 6 }).then((gz) => ({ xml: text, gzip: gz }));
    xml.set(key, out);
    out.catch(() => xml.delete(key));
  }
  return out;
}
