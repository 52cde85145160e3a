import { and, count, desc, eq, lte, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { type Paged, pageWithin } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { posts } from './content.schema';

/** SPEC: the news list shows 9 posts per page. */
export const POSTS_PER_PAGE = 9;

/** A stored image, shown through the resizing route (core/files ResponsiveImage). */
export interface PostImage {
  fileId: string;
  width: number | null;
  height: number | null;
}

export interface PostCard {
  id: number;
  title: string;
  slug: string;
  lead: string;
  publishedAt: string;
  image: PostImage | null;
}

export interface PostPage extends PostCard {
  content: string;
  /** The slug in each language, for the canonical URL and hreflang alternates. */
  slugs: Record<Locale, string>;
}

/** Visible to visitors: published, and its publication time has come. */
const visible = () => and(eq(posts.isPublished, true), lte(posts.publishedAt, sql`now()`));

const text = (pl: string, en: string, locale: Locale) => (locale === 'en' && en) || pl;

function image(fileId: string | null, width: number | null, height: number | null): PostImage | null {
  return fileId ? { fileId, width, height } : null;
}

const cardColumns = {
  id: posts.id,
  titlePl: posts.titlePl,
  titleEn: posts.titleEn,
  slugPl: posts.slugPl,
  slugEn: posts.slugEn,
  leadPl: posts.leadPl,
  leadEn: posts.leadEn,
  publishedAt: posts.publishedAt,
  imageFileId: posts.imageFileId,
  imageWidth: files.width,
  imageHeight: files.height,
};

interface CardRow {
  id: number;
  titlePl: string;
  titleEn: string;
  slugPl: string;
  slugEn: string;
  leadPl: string;
  leadEn: string;
  publishedAt: Date;
  imageFileId: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
}

function toCard(r: CardRow, locale: Locale): PostCard {
  return {
    id: r.id,
    title: text(r.titlePl, r.titleEn, locale),
    slug: text(r.slugPl, r.slugEn, locale),
    lead: text(r.leadPl, r.leadEn, locale),
    publishedAt: r.publishedAt.toISOString(),
    image: image(r.imageFileId, r.imageWidth, r.imageHeight),
  };
}

/** One page of the news list: published posts only, newest first. */
export async function listPosts(locale: Locale, page: number, perPage = POSTS_PER_PAGE): Promise<Paged<PostCard>> {
  const db = getDb();
  const [totalRow] = await db.select({ n: count() }).from(posts).where(visible());
  const total = totalRow?.n ?? 0;
  const shown = pageWithin(page, total, perPage);
  const rows = await db
    .select(cardColumns)
    .from(posts)
    .leftJoin(files, eq(files.id, posts.imageFileId))
    .where(visible())
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(perPage)
    .offset(shown.offset);
  return { items: rows.map((r) => toCard(r, locale)), pages: shown.pages, page: shown.page, total };
}

/** The newest published posts (e.g. "more news" under a post). */
export async function latestPosts(locale: Locale, limit: number, exceptId?: number): Promise<PostCard[]> {
  const rows = await getDb()
    .select(cardColumns)
    .from(posts)
    .leftJoin(files, eq(files.id, posts.imageFileId))
    .where(exceptId ? and(visible(), sql`${posts.id} <> ${exceptId}`) : visible())
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(limit);
  return rows.map((r) => toCard(r, locale));
}

/** A published post by id, in the page's language; undefined when unknown or not published. */
export async function findPost(id: number, locale: Locale): Promise<PostPage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return undefined;
  const [r] = await getDb()
    .select({ ...cardColumns, contentPl: posts.contentPl, contentEn: posts.contentEn })
    .from(posts)
    .leftJoin(files, eq(files.id, posts.imageFileId))
    .where(and(eq(posts.id, id), visible()))
    .limit(1);
  if (!r) return undefined;
  return {
    ...toCard(r, locale),
    content: text(r.contentPl, r.contentEn, locale),
    slugs: { pl: r.slugPl, en: r.slugEn || r.slugPl },
  };
}

/** `12-some-slug` -> id 12 and slug "some-slug"; null when it does not start with an id. */
export function parseIdSlug(value: string | undefined): { id: number; slug: string } | null {
  const m = /^(\d{1,10})(?:-(.*))?$/.exec(value ?? '');
  if (!m) return null;
  return { id: Number(m[1]), slug: m[2] ?? '' };
}
