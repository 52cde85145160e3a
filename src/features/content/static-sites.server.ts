import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { fileUrl } from '~/core/files/urls';
import { KNOWLEDGE_BASE_SECTIONS, type KnowledgeBaseSection } from './knowledge-base';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { foldText, slugify, stripHtml } from '~/core/text';
import { type StaticSiteDestination, staticSiteOldSlugs, staticSites } from './content.schema';

/** The shape of `GET /api/static-sites?all=1` items. */
export interface StaticSiteLink {
  id: number;
  slug: string;
  name: string;
  destination: StaticSiteDestination;
  role_ids: number[];
  resource_filename: string | null;
  has_resource: boolean;
  /** Download URL of the site's file (opens inline, in a new tab) when the site is open to everyone. */
  resource_url: string | null;
}

type Row = typeof staticSites.$inferSelect & {
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
  /** The address on the English pages (see englishSlugs). */
  slugEn: string;
};

let cache: Promise<Row[]> | undefined;
/** Old addresses (static_site_old_slugs) -> site id. */
let oldSlugsCache: Promise<Map<string, number>> | undefined;
onCacheClear(() => {
  cache = undefined;
  oldSlugsCache = undefined;
});

function oldSlugs(): Promise<Map<string, number>> {
  oldSlugsCache ??= getDb()
    .select({ slug: staticSiteOldSlugs.slug, siteId: staticSiteOldSlugs.siteId })
    .from(staticSiteOldSlugs)
    .then((list) => new Map(list.map((r) => [r.slug, r.siteId])))
    .catch((e) => {
      oldSlugsCache = undefined;
      throw e;
    });
  return oldSlugsCache;
}

/** Every site's current addresses (the Polish slug, the English one), read from `db` (an edit's transaction). */
export async function siteAddresses(db: Db): Promise<Map<number, { pl: string; en: string }>> {
  const sites = await db.select().from(staticSites);
  const english = englishSlugs(sites);
  return new Map(sites.map((s) => [s.id, { pl: s.slug, en: english.get(s.id) ?? s.slug }]));
}

function rows(): Promise<Row[]> {
  cache ??= getDb()
    .select({ site: staticSites, fileName: files.originalName, fileSize: files.size, fileType: files.contentType })
    .from(staticSites)
    .leftJoin(files, eq(files.id, staticSites.resourceFileId))
    .orderBy(asc(staticSites.position), asc(staticSites.id))
    .then((list) => {
      const sites = list.map((r) => ({ ...r.site, fileName: r.fileName, fileSize: r.fileSize, fileType: r.fileType }));
      const english = englishSlugs(sites);
      return sites.map((site) => ({ ...site, slugEn: english.get(site.id) ?? site.slug }));
    })
    .catch((e) => {
      cache = undefined;
      throw e;
    });
  return cache;
}

/**
 * The English addresses of the knowledge-base pages: their English name as a slug, so /en shows
 * /en/static/cabling-design-guide rather than the Polish slug. A page without an English name, or
 * whose English slug another page already uses (as either address), keeps its one slug. Policies
 * and other pages outside the knowledge base keep theirs: texts and forms link to them by it.
 */
function englishSlugs(sites: (typeof staticSites.$inferSelect)[]): Map<number, string> {
  const taken = new Set(sites.map((s) => s.slug));
  const out = new Map<number, string>();
  for (const s of sites) {
    if (!(KNOWLEDGE_BASE_SECTIONS as readonly string[]).includes(s.destination)) continue;
    const slug = slugify(s.nameEn).slice(0, 150).replace(/-+$/, '');
    if (!slug || slug === s.slug || taken.has(slug)) continue;
    taken.add(slug);
    out.set(s.id, slug);
  }
  return out;
}

/** The site's address in a language. */
function slugIn(s: Row, locale: Locale): string {
  return locale === 'en' ? s.slugEn : s.slug;
}

/**
 * The name a site's file downloads under: the stored name on the Polish pages; on the English ones
 * the English name of the site as a file name ("Cabling design guide" -> cabling-design-guide.pdf).
 */
function downloadName(s: Row, locale: Locale): string | null {
  if (!s.resourceFileId) return null;
  const stored = s.resourceFilename || s.fileName || `${s.slug}.pdf`;
  if (locale === 'pl' || !s.nameEn) return stored;
  const ext = /\.[a-z0-9]{1,8}$/i.exec(stored)?.[0]?.toLowerCase() ?? '';
  const base = slugify(s.nameEn)
    .slice(0, 120)
    .replace(new RegExp(`-${ext.slice(1)}$`), '')
    .replace(/-+$/, '');
  return base ? `${base}${ext}` : stored;
}

function toLink(s: Row, locale: Locale): StaticSiteLink {
  const name = downloadName(s, locale);
  return {
    id: s.id,
    slug: slugIn(s, locale),
    name: (locale === 'en' && s.nameEn) || s.namePl,
    destination: s.destination,
    role_ids: s.roleIds,
    resource_filename: s.resourceFilename,
    has_resource: Boolean(s.resourceFileId),
    resource_url: s.resourceFileId && name && s.roleIds.length === 0 ? fileUrl(s.resourceFileId, name, { inline: true }) : null,
  };
}

export async function allStaticSites(locale: Locale): Promise<StaticSiteLink[]> {
  return (await rows()).map((s) => toLink(s, locale));
}

export interface KnowledgeBaseItem extends StaticSiteLink {
  /** File details for the list (type and size), when the site has a file. */
  file: { type: string; size: number } | null;
}

/** The static sites of one knowledge-base section. */
export async function knowledgeBaseItems(locale: Locale, section: KnowledgeBaseSection): Promise<KnowledgeBaseItem[]> {
  return (await rows())
    .filter((s) => s.destination === section)
    .map((s) => ({
      ...toLink(s, locale),
      file: s.resourceFileId && s.fileType && s.fileSize != null ? { type: s.fileType, size: s.fileSize } : null,
    }));
}

/**
 * The knowledge base's search: the sites of all three sections whose name (either language), file
 * name or text contain every word of the query, in section order.
 */
export async function searchKnowledgeBase(locale: Locale, query: string): Promise<(KnowledgeBaseItem & { section: KnowledgeBaseSection })[]> {
  const words = foldText(query)
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return [];
  const sections = KNOWLEDGE_BASE_SECTIONS as readonly string[];
  return (await rows())
    .filter((s) => sections.includes(s.destination))
    .filter((s) => {
      const text = [s.namePl, s.nameEn, s.resourceFilename ?? '', s.fileName ?? '', stripHtml(locale === 'en' ? s.contentEn || s.contentPl : s.contentPl)].join(
        ' ',
      );
      const haystack = foldText(text).replace(/[^a-z0-9]+/g, ' ');
      return words.every((w) => haystack.includes(w));
    })
    .sort((a, b) => sections.indexOf(a.destination) - sections.indexOf(b.destination))
    .map((s) => ({
      ...toLink(s, locale),
      section: s.destination as KnowledgeBaseSection,
      file: s.resourceFileId && s.fileType && s.fileSize != null ? { type: s.fileType, size: s.fileSize } : null,
    }));
}

export interface StaticSitePage {
  id: number;
  /** The address in the page's language (see englishSlugs); `slugs` has both. */
  slug: string;
  slugs: Record<Locale, string>;
  name: string;
  content: string;
  roleIds: number[];
  destination: StaticSiteDestination;
  /** The site's file: download URL (opens inline) and name. */
  file: { url: string; name: string; type: string | null; size: number | null } | null;
}

/**
 * One static site by either of its addresses (or one it had before an edit), in the page's language;
 * undefined when unknown. The page redirects to `slug` when it was asked under another address.
 */
export async function findStaticSite(slug: string, locale: Locale): Promise<StaticSitePage | undefined> {
  const list = await rows();
  let s = list.find((r) => r.slug === slug) ?? list.find((r) => r.slugEn === slug);
  if (!s) {
    // An address the site had before an edit: the page answers 301 to the current one.
    const id = (await oldSlugs()).get(slug);
    s = id === undefined ? undefined : list.find((r) => r.id === id);
  }
  if (!s) return undefined;
  const name = downloadName(s, locale);
  return {
    id: s.id,
    slug: slugIn(s, locale),
    slugs: { pl: s.slug, en: s.slugEn },
    name: (locale === 'en' && s.nameEn) || s.namePl,
    content: (locale === 'en' && s.contentEn) || s.contentPl,
    roleIds: s.roleIds,
    destination: s.destination,
    file: s.resourceFileId && name ? { url: fileUrl(s.resourceFileId, name, { inline: true }), name, type: s.fileType, size: s.fileSize } : null,
  };
}

/** The addresses (without the locale) of the static sites open to everyone, for the sitemap. */
export async function publicStaticSitePaths(): Promise<{ paths: Record<Locale, string>; updatedAt: Date }[]> {
  return (await rows())
    .filter((s) => s.roleIds.length === 0)
    .map((s) => ({ paths: { pl: `/static/${encodeURIComponent(s.slug)}`, en: `/static/${encodeURIComponent(s.slugEn)}` }, updatedAt: s.updatedAt }));
}
