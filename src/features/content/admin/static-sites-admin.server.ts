// Static sites in the administrator panel: list, one site for the form, writes (one transaction
// each, with the change-log entry), the role options (from the accounts feature's roles).
import { and, asc, count, desc, eq, ilike, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { fileIdsInHtml, foreignFileErrors } from '~/core/files/references.server';
import { safeFilename } from '~/core/files/storage.server';
import { fileUrl } from '~/core/files/urls';
import { sanitizeRichText } from '~/core/html/sanitize.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { escapeLike, slugify } from '~/core/text';
import { listRoles } from '~/features/accounts/roles.server';
import { type StaticSiteDestination, staticSiteOldSlugs, staticSites } from '../content.schema';
import { siteAddresses } from '../static-sites.server';
import { contentAdminMessages } from './messages';
import type { Actor } from '~/core/audit/audit.server';
import { CONTENT_OWNER, extensionsOf, withExtension } from './uploads.server';
import type { SiteListQuery, StaticSiteInput, StaticSiteUpdateInput } from './validation';

export const ADMIN_SITES_PER_PAGE = 20;
/** The change-log entity name of a static site. */
export const STATIC_SITE_ENTITY = 'static_site';

/** SPEC section 3 "Option lists": id as a string and a name. */
export interface RoleOption {
  id: string;
  name: string;
}

/** The roles a static site can be limited to, in the user's language. */
export async function roleOptions(locale: Locale, db: Db = getDb()): Promise<RoleOption[]> {
  const rows = await listRoles(db);
  return rows.map((r) => ({ id: String(r.id), name: (locale === 'en' && r.nameEn) || r.namePl }));
}

export interface AdminSiteListItem {
  id: number;
  slug: string;
  name: string;
  destination: StaticSiteDestination;
  role_ids: number[];
  resource_filename: string | null;
  has_resource: boolean;
}

export interface AdminStaticSite {
  id: number;
  version: number;
  updated_at: string;
  slug: string;
  name_pl: string;
  name_en: string;
  destination: StaticSiteDestination;
  role_ids: number[];
  content_pl: string;
  content_en: string;
  resource_file_id: string | null;
  resource_filename: string | null;
  /** The stored file: its download URL (through the authorised route), type and size. */
  resource: { url: string; name: string; type: string; size: number } | null;
}

type SiteRow = typeof staticSites.$inferSelect;

const nameIn = (locale: Locale) => (locale === 'en' ? sql`coalesce(nullif(${staticSites.nameEn}, ''), ${staticSites.namePl})` : sql`${staticSites.namePl}`);

export async function listAdminStaticSites(query: SiteListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminSiteListItem>> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(staticSites.namePl, pattern), ilike(staticSites.nameEn, pattern), ilike(staticSites.slug, pattern)) as SQL);
  }
  if (query.destination) conditions.push(eq(staticSites.destination, query.destination));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(staticSites).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, ADMIN_SITES_PER_PAGE);
  const page = Math.min(query.page, pages);
  const name = nameIn(locale);
  const dir = query.dir ?? 'asc';
  const by = query.sort === 'slug' ? sql`${staticSites.slug}` : query.sort === 'destination' ? sql`${staticSites.destination}` : sql`lower(${name})`;
  const rows = await db
    .select({
      id: staticSites.id,
      slug: staticSites.slug,
      name: sql<string>`${name}`,
      destination: staticSites.destination,
      roleIds: staticSites.roleIds,
      resourceFileId: staticSites.resourceFileId,
      resourceFilename: staticSites.resourceFilename,
    })
    .from(staticSites)
    .where(where)
    .orderBy(dir === 'asc' ? asc(by) : desc(by), asc(staticSites.id))
    .limit(ADMIN_SITES_PER_PAGE)
    .offset((page - 1) * ADMIN_SITES_PER_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      destination: r.destination,
      role_ids: r.roleIds,
      resource_filename: r.resourceFileId ? r.resourceFilename : null,
      has_resource: Boolean(r.resourceFileId),
    })),
    pages,
    page,
    total,
  };
}

export async function getAdminStaticSite(id: number, db: Db = getDb()): Promise<AdminStaticSite | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ site: staticSites, fileName: files.originalName, fileType: files.contentType, fileSize: files.size })
    .from(staticSites)
    .leftJoin(files, eq(files.id, staticSites.resourceFileId))
    .where(eq(staticSites.id, id))
    .limit(1);
  if (!row) return null;
  const s = row.site;
  const name = s.resourceFilename || row.fileName;
  return {
    id: s.id,
    version: s.version,
    updated_at: s.updatedAt.toISOString(),
    slug: s.slug,
    name_pl: s.namePl,
    name_en: s.nameEn,
    destination: s.destination,
    role_ids: s.roleIds,
    content_pl: s.contentPl,
    content_en: s.contentEn,
    resource_file_id: s.resourceFileId,
    resource_filename: s.resourceFileId ? s.resourceFilename : null,
    resource: s.resourceFileId && name && row.fileType ? { url: fileUrl(s.resourceFileId, name), name, type: row.fileType, size: row.fileSize ?? 0 } : null,
  };
}

function notFound(locale: Locale) {
  return new HttpError(404, translator(contentAdminMessages, locale)('msg.notFound'));
}

/** The column values of a valid input; 422 for a taken slug, an unknown role or file. */
async function columnsOf(db: Db, input: StaticSiteInput, locale: Locale, current: SiteRow | null) {
  const t = translator(contentAdminMessages, locale);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('content.static_sites.slug'))`);
  const errors: Record<string, string[]> = {};

  let slug = input.slug;
  const others = (s: SQL) => (current ? (and(s, ne(staticSites.id, current.id)) as SQL) : s);
  if (slug) {
    const [hit] = await db
      .select({ id: staticSites.id })
      .from(staticSites)
      .where(others(eq(staticSites.slug, slug)))
      .limit(1);
    if (hit) errors.slug = [t('v.slugTaken')];
  } else {
    const base = slugify(input.name_pl).replace(/-+$/, '') || 'strona';
    const rows = await db
      .select({ slug: staticSites.slug })
      .from(staticSites)
      .where(others(or(eq(staticSites.slug, base), ilike(staticSites.slug, `${escapeLike(base)}-%`)) as SQL));
    const used = new Set(rows.map((r) => r.slug));
    slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base.slice(0, 110)}-${n}`;
  }

  const roleIds = [...new Set(input.role_ids)].sort((a, b) => a - b);
  if (roleIds.length) {
    const known = new Set((await listRoles(db)).map((r) => r.id));
    const unknown = input.role_ids.findIndex((id) => !known.has(id));
    if (unknown >= 0) errors[`role_ids.${unknown}`] = [t('v.role')];
  }

  let resourceFilename: string | null = null;
  let file: { id: string; originalName: string; contentType: string } | undefined;
  if (input.resource_file_id) {
    [file] = await db
      .select({ id: files.id, originalName: files.originalName, contentType: files.contentType })
      .from(files)
      .where(eq(files.id, input.resource_file_id))
      .limit(1);
    const exts = file ? extensionsOf(file.contentType) : [];
    if (!file || exts.length === 0 || file.contentType.startsWith('image/')) errors.resource_file_id = [t('v.file')];
    else {
      const wanted = input.resource_filename || file.originalName;
      resourceFilename = withExtension(safeFilename(wanted), exts);
    }
  }
  const contentPl = sanitizeRichText(input.content_pl, { allowMedia: true });
  const contentEn = sanitizeRichText(input.content_en, { allowMedia: true });
  // A page links only the content's own uploads (and what it links already).
  Object.assign(
    errors,
    await foreignFileErrors(
      db,
      CONTENT_OWNER,
      { resource_file_id: [input.resource_file_id], content_pl: fileIdsInHtml(contentPl), content_en: fileIdsInHtml(contentEn) },
      current ? [current.resourceFileId, ...fileIdsInHtml(current.contentPl), ...fileIdsInHtml(current.contentEn)] : [],
      locale,
    ),
  );
  if (Object.keys(errors).length) throw validationError(errors);

  // The download route sends the stored file's name: keep it equal to the site's resource name.
  if (file && resourceFilename && file.originalName !== resourceFilename) {
    await db.update(files).set({ originalName: resourceFilename }).where(eq(files.id, file.id));
  }
  return {
    slug,
    namePl: input.name_pl,
    nameEn: input.name_en,
    destination: input.destination,
    roleIds,
    contentPl,
    contentEn,
    resourceFileId: input.resource_file_id,
    resourceFilename,
  };
}

export async function createStaticSite(input: StaticSiteInput, actor: Actor, locale: Locale, db: Db = getDb()): Promise<SiteRow> {
  const row = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const values = await columnsOf(tx, input, locale, null);
    const [last] = await tx.select({ n: max(staticSites.position) }).from(staticSites);
    const [created] = await tx
      .insert(staticSites)
      .values({ ...values, position: (last?.n ?? 0) + 1 })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: STATIC_SITE_ENTITY,
      entityId: created.id,
      action: 'create',
      after: created,
    });
    return created;
  });
  clearPageCache();
  return row;
}

export async function updateStaticSite(id: number, input: StaticSiteUpdateInput, actor: Actor, locale: Locale, db: Db = getDb()): Promise<SiteRow> {
  const row = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [current] = await tx.select().from(staticSites).where(eq(staticSites.id, id)).limit(1);
    if (!current) throw notFound(locale);
    const values = await columnsOf(tx, input, locale, current);
    const before = await siteAddresses(tx);
    const updated = await updateWithVersion(tx, staticSites, id, input.version, values, {
      locale,
      audit: { userId: actor.userId, userEmail: actor.userEmail, entity: STATIC_SITE_ENTITY },
    });
    await keepOldAddresses(tx, before);
    return updated;
  });
  clearPageCache();
  return row;
}

/**
 * After an edit: the addresses sites had before it and lost keep answering (301 to the current one);
 * an address some site has now is no longer an old one. An edit can change another site's English
 * address too (two pages may want the same one), so every site is compared.
 */
async function keepOldAddresses(tx: Db, before: Map<number, { pl: string; en: string }>) {
  const after = await siteAddresses(tx);
  const current = new Set([...after.values()].flatMap((a) => [a.pl, a.en]));
  const lost = [...before].flatMap(([siteId, a]) => [...new Set([a.pl, a.en])].filter((slug) => !current.has(slug)).map((slug) => ({ slug, siteId })));
  if (lost.length) {
    await tx
      .insert(staticSiteOldSlugs)
      .values(lost)
      .onConflictDoUpdate({ target: staticSiteOldSlugs.slug, set: { siteId: sql`excluded.site_id`, createdAt: sql`now()` } });
  }
  if (current.size) await tx.delete(staticSiteOldSlugs).where(inArray(staticSiteOldSlugs.slug, [...current]));
}

export async function deleteStaticSite(id: number, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
  await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [deleted] = await tx.delete(staticSites).where(eq(staticSites.id, id)).returning();
    if (!deleted) throw notFound(locale);
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: STATIC_SITE_ENTITY, entityId: id, action: 'delete', before: deleted });
  });
  clearPageCache();
}

/** True when a stored file is the resource of some static site: its editor may download it. */
export async function isStaticSiteFile(fileId: string, db: Db = getDb()): Promise<boolean> {
  const [hit] = await db.select({ id: staticSites.id }).from(staticSites).where(eq(staticSites.resourceFileId, fileId)).limit(1);
  return Boolean(hit);
}
