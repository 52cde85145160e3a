import { asc, eq } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { fileUrl } from '~/core/files/urls';
import type { KnowledgeBaseSection } from './knowledge-base';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { type StaticSiteDestination, staticSites } from './content.schema';

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

type Row = typeof staticSites.$inferSelect & { fileName: string | null; fileSize: number | null; fileType: string | null };

let cache: Promise<Row[]> | undefined;
onCacheClear(() => {
  cache = undefined;
});

function rows(): Promise<Row[]> {
  cache ??= getDb()
    .select({ site: staticSites, fileName: files.originalName, fileSize: files.size, fileType: files.contentType })
    .from(staticSites)
    .leftJoin(files, eq(files.id, staticSites.resourceFileId))
    .orderBy(asc(staticSites.position), asc(staticSites.id))
    .then((list) => list.map((r) => ({ ...r.site, fileName: r.fileName, fileSize: r.fileSize, fileType: r.fileType })))
    .catch((e) => {
      cache = undefined;
      throw e;
    });
  return cache;
}

function downloadName(s: Row): string | null {
  if (!s.resourceFileId) return null;
  return s.resourceFilename || s.fileName || `${s.slug}.pdf`;
}

function toLink(s: Row, locale: Locale): StaticSiteLink {
  const name = downloadName(s);
  return {
    id: s.id,
    slug: s.slug,
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

export interface StaticSitePage {
  id: number;
  slug: string;
  name: string;
  content: string;
  roleIds: number[];
  destination: StaticSiteDestination;
  /** The site's file: download URL (opens inline) and name. */
  file: { url: string; name: string; type: string | null; size: number | null } | null;
}

/** One static site by slug, in the page's language; undefined when unknown. */
export async function findStaticSite(slug: string, locale: Locale): Promise<StaticSitePage | undefined> {
  const s = (await rows()).find((r) => r.slug === slug);
  if (!s) return undefined;
  const name = downloadName(s);
  return {
    id: s.id,
    slug: s.slug,
    name: (locale === 'en' && s.nameEn) || s.namePl,
    content: (locale === 'en' && s.contentEn) || s.contentPl,
    roleIds: s.roleIds,
    destination: s.destination,
    file: s.resourceFileId && name ? { url: fileUrl(s.resourceFileId, name, { inline: true }), name, type: s.fileType, size: s.fileSize } : null,
  };
}
