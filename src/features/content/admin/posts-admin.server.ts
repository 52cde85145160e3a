// News posts in the administrator panel: the list with search, state filter and sorting, one post
// as the form sees it, and the writes (each one transaction with its change-log entry).
import { and, asc, count, desc, eq, gt, ilike, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '~/core/audit/audit.server';
import { auditedRecords } from '~/core/audit/audited-records.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { RESIZABLE_TYPES } from '~/core/files/images.server';
import { fileIdsInHtml, foreignFileErrors } from '~/core/files/references.server';
import { sanitizeRichText } from '~/core/html/sanitize.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { escapeLike, slugify } from '~/core/text';
import { posts } from '../content.schema';
import { warsawDay, warsawMidnight } from '~/core/time/days';
import { contentAdminMessages } from './messages';
import { CONTENT_OWNER } from './uploads.server';
import type { PostInput, PostListQuery, PostState, PostUpdateInput } from './validation';

export const ADMIN_POSTS_PER_PAGE = 20;
/** The change-log entity name of a post. */
export const POST_ENTITY = 'post';

export interface AdminPostListItem {
  id: number;
  title: string;
  slug: string;
  published_at: string;
  is_published: boolean;
  state: PostState;
  image_file_id: string | null;
}

/** A post as the edit form sees it (the API's GET /api/admin/posts/{id}). */
export interface AdminPost {
  id: number;
  version: number;
  updated_at: string;
  title_pl: string;
  title_en: string;
  slug_pl: string;
  slug_en: string;
  lead_pl: string;
  lead_en: string;
  content_pl: string;
  content_en: string;
  image_file_id: string | null;
  image: { id: string; width: number | null; height: number | null } | null;
  /** YYYY-MM-DD in Polish time (the date picker's value). */
  published_at: string;
  is_published: boolean;
  state: PostState;
}

type PostRow = typeof posts.$inferSelect;

function stateOf(isPublished: boolean, publishedAt: Date, now = Date.now()): PostState {
  if (!isPublished) return 'draft';
  return publishedAt.getTime() > now ? 'scheduled' : 'published';
}

const stateCondition: Record<PostState, () => SQL> = {
  published: () => and(eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`)) as SQL,
  scheduled: () => and(eq(posts.isPublished, true), gt(posts.publishedAt, sql`now()`)) as SQL,
  draft: () => eq(posts.isPublished, false),
};

const titleIn = (locale: Locale) => (locale === 'en' ? sql`coalesce(nullif(${posts.titleEn}, ''), ${posts.titlePl})` : sql`${posts.titlePl}`);

/** One page of the admin list: every post (drafts and scheduled ones too). */
export async function listAdminPosts(query: PostListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminPostListItem>> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(posts.titlePl, pattern), ilike(posts.titleEn, pattern)) as SQL);
  }
  if (query.state) conditions.push(stateCondition[query.state]());
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(posts).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, ADMIN_POSTS_PER_PAGE);
  const page = Math.min(query.page, pages);
  const title = titleIn(locale);
  const dir = query.dir ?? (query.sort === 'title' ? 'asc' : 'desc');
  const by = query.sort === 'title' ? sql`lower(${title})` : sql`${posts.publishedAt}`;
  const rows = await db
    .select({
      id: posts.id,
      title: sql<string>`${title}`,
      slugPl: posts.slugPl,
      slugEn: posts.slugEn,
      publishedAt: posts.publishedAt,
      isPublished: posts.isPublished,
      imageFileId: posts.imageFileId,
    })
    .from(posts)
    .where(where)
    .orderBy(dir === 'asc' ? asc(by) : desc(by), dir === 'asc' ? asc(posts.id) : desc(posts.id))
    .limit(ADMIN_POSTS_PER_PAGE)
    .offset((page - 1) * ADMIN_POSTS_PER_PAGE);
  const now = Date.now();
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      slug: (locale === 'en' && r.slugEn) || r.slugPl,
      published_at: r.publishedAt.toISOString(),
      is_published: r.isPublished,
      state: stateOf(r.isPublished, r.publishedAt, now),
      image_file_id: r.imageFileId,
    })),
    pages,
    page,
    total,
  };
}

function toAdminPost(r: PostRow, image: AdminPost['image']): AdminPost {
  return {
    id: r.id,
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
    title_pl: r.titlePl,
    title_en: r.titleEn,
    slug_pl: r.slugPl,
    slug_en: r.slugEn,
    lead_pl: r.leadPl,
    lead_en: r.leadEn,
    content_pl: r.contentPl,
    content_en: r.contentEn,
    image_file_id: r.imageFileId,
    image,
    published_at: warsawDay(r.publishedAt),
    is_published: r.isPublished,
    state: stateOf(r.isPublished, r.publishedAt),
  };
}

/** One post for the edit form, or null. */
export async function getAdminPost(id: number, db: Db = getDb()): Promise<AdminPost | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ post: posts, width: files.width, height: files.height })
    .from(posts)
    .leftJoin(files, eq(files.id, posts.imageFileId))
    .where(eq(posts.id, id))
    .limit(1);
  if (!row) return null;
  const image = row.post.imageFileId ? { id: row.post.imageFileId, width: row.width, height: row.height } : null;
  return toAdminPost(row.post, image);
}

type SlugColumn = typeof posts.slugPl | typeof posts.slugEn;

/**
 * The slug to store: the given one, which no other post may use in that language (else a field
 * error), or, when empty, one made from the title and numbered until it is free.
 */
async function resolveSlug(
  db: Db,
  column: SlugColumn,
  wanted: string,
  title: string,
  exceptId: number | null,
  fallback: string,
): Promise<{ slug: string; taken: boolean }> {
  const others = (s: SQL) => (exceptId === null ? s : (and(s, ne(posts.id, exceptId)) as SQL));
  if (wanted) {
    const [hit] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(others(eq(column, wanted)))
      .limit(1);
    return { slug: wanted, taken: Boolean(hit) };
  }
  const base = slugify(title).replace(/-+$/, '') || fallback;
  if (!base) return { slug: '', taken: false };
  const rows = await db
    .select({ slug: column })
    .from(posts)
    .where(others(or(eq(column, base), ilike(column, `${escapeLike(base)}-%`)) as SQL));
  const used = new Set(rows.map((r) => r.slug));
  if (!used.has(base)) return { slug: base, taken: false };
  for (let n = 2; ; n++) {
    const candidate = `${base.slice(0, 110)}-${n}`;
    if (!used.has(candidate)) return { slug: candidate, taken: false };
  }
}

async function checkImage(db: Db, fileId: string | null): Promise<boolean> {
  if (!fileId) return true;
  const [f] = await db.select({ type: files.contentType }).from(files).where(eq(files.id, fileId)).limit(1);
  return Boolean(f && RESIZABLE_TYPES.has(f.type));
}

/** The column values of a valid input; field errors (422) for taken slugs or an unknown image. */
async function columnsOf(db: Db, input: PostInput, locale: Locale, current: PostRow | null) {
  const t = translator(contentAdminMessages, locale);
  // Slug checks and writes of posts run one at a time, so two saves cannot take the same slug.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('content.posts.slug'))`);
  const exceptId = current?.id ?? null;
  const pl = await resolveSlug(db, posts.slugPl, input.slug_pl, input.title_pl, exceptId, 'wpis');
  const en = await resolveSlug(db, posts.slugEn, input.slug_en, input.title_en, exceptId, '');
  const errors: Record<string, string[]> = {};
  if (pl.taken) errors.slug_pl = [t('v.slugTaken')];
  if (en.taken) errors.slug_en = [t('v.slugTaken')];
  if (!(await checkImage(db, input.image_file_id))) errors.image_file_id = [t('v.file')];
  const contentPl = sanitizeRichText(input.content_pl, { allowMedia: true });
  const contentEn = sanitizeRichText(input.content_en, { allowMedia: true });
  // A post links only the content's own uploads (and what it links already).
  const own = await foreignFileErrors(
    db,
    CONTENT_OWNER,
    {
      image_file_id: [input.image_file_id],
      lead_pl: fileIdsInHtml(input.lead_pl),
      lead_en: fileIdsInHtml(input.lead_en),
      content_pl: fileIdsInHtml(contentPl),
      content_en: fileIdsInHtml(contentEn),
    },
    current ? [current.imageFileId, ...[current.leadPl, current.leadEn, current.contentPl, current.contentEn].flatMap((h) => fileIdsInHtml(h))] : [],
    locale,
  );
  Object.assign(errors, own);
  if (Object.keys(errors).length) throw validationError(errors);
  // A day left unchanged keeps its stored time (and so the order of that day's posts).
  const publishedAt = current && warsawDay(current.publishedAt) === input.published_at ? current.publishedAt : warsawMidnight(input.published_at);
  return {
    titlePl: input.title_pl,
    titleEn: input.title_en,
    slugPl: pl.slug,
    slugEn: en.slug,
    leadPl: input.lead_pl,
    leadEn: input.lead_en,
    contentPl,
    contentEn,
    imageFileId: input.image_file_id,
    isPublished: input.is_published,
    publishedAt,
  };
}

function notFound(locale: Locale) {
  return new HttpError(404, translator(contentAdminMessages, locale)('msg.notFound'));
}

const postRecords = auditedRecords({ table: posts, entity: POST_ENTITY, columns: columnsOf, notFound });

export const createPost = (input: PostInput, actor: Actor, locale: Locale, db?: Db): Promise<PostRow> => postRecords.create(input, actor, locale, db);
/** Saves a post loaded at `input.version`; 409 when it was saved by someone else since. */
export const updatePost = (id: number, input: PostUpdateInput, actor: Actor, locale: Locale, db?: Db): Promise<PostRow> =>
  postRecords.update(id, input, actor, locale, db);
export const deletePost = (id: number, actor: Actor, locale: Locale, db?: Db): Promise<void> => postRecords.remove(id, actor, locale, db);

/** True when a stored file is the image of some post (any state): the admin may preview it. */
export async function isPostImage(fileId: string, db: Db = getDb()): Promise<boolean> {
  const [hit] = await db.select({ id: posts.id }).from(posts).where(eq(posts.imageFileId, fileId)).limit(1);
  return Boolean(hit);
}
