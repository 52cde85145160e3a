// Videos and realizations in the administrator panel (the admin side of media.server.ts): the
// lists with search, filter and sorting, one record as its form sees it, and the writes (each one
// transaction with its change-log entry, 409 on a stale version, the page cache cleared after).
import { and, asc, count, desc, eq, ilike, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { auditedRecords } from '~/core/audit/audited-records.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { RESIZABLE_TYPES } from '~/core/files/images.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { escapeLike } from '~/core/text';
import { realizations, videos } from '../content.schema';
import { youtubeWatchUrl } from '../youtube';
import { contentAdminMessages } from './messages';
import type { Actor } from '~/core/audit/audit.server';
import {
  POSITION_MAX,
  type RealizationInput,
  type RealizationListQuery,
  type RealizationUpdateInput,
  type VideoInput,
  type VideoKind,
  type VideoListQuery,
  type VideoUpdateInput,
} from './validation';

export const ADMIN_MEDIA_PER_PAGE = 20;
/** The change-log entity names. */
export const VIDEO_ENTITY = 'video';
export const REALIZATION_ENTITY = 'realization';

/** A stored image as the forms and lists show it (through the resizing route). */
export interface AdminImage {
  id: string;
  width: number | null;
  height: number | null;
}

export interface AdminVideoListItem {
  id: number;
  title: string;
  youtube_id: string;
  kind: VideoKind;
  position: number;
  /** False when the English title is empty (the English page shows the Polish one). */
  has_en: boolean;
  poster_file_id: string | null;
}

/** A video as the edit form sees it (GET /api/admin/videos/{id}). */
export interface AdminVideo {
  id: number;
  version: number;
  updated_at: string;
  title_pl: string;
  title_en: string;
  description_pl: string;
  description_en: string;
  youtube_id: string;
  /** The id as a watch address (the form's field). */
  video_url: string;
  poster_file_id: string | null;
  poster: AdminImage | null;
  is_instructional: boolean;
  position: number;
}

export interface AdminRealizationListItem {
  id: number;
  title: string;
  location: string;
  year: number | null;
  position: number;
  has_en: boolean;
  image_file_id: string | null;
}

/** A realization as the edit form sees it (GET /api/admin/realizations/{id}). */
export interface AdminRealization {
  id: number;
  version: number;
  updated_at: string;
  title_pl: string;
  title_en: string;
  description_pl: string;
  description_en: string;
  location: string;
  year: number | null;
  image_file_id: string | null;
  image: AdminImage | null;
  position: number;
}

type VideoRow = typeof videos.$inferSelect;
type RealizationRow = typeof realizations.$inferSelect;

const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

function notFound(locale: Locale) {
  return new HttpError(404, translator(contentAdminMessages, locale)('msg.notFound'));
}

/** True when the id names a stored image the resizing route can serve (not a PDF or a deleted file). */
async function isStoredImage(db: Db, fileId: string | null): Promise<boolean> {
  if (!fileId) return true;
  const [f] = await db.select({ type: files.contentType }).from(files).where(eq(files.id, fileId)).limit(1);
  return Boolean(f && RESIZABLE_TYPES.has(f.type));
}

const imageOf = (id: string | null, width: number | null, height: number | null): AdminImage | null => (id ? { id, width, height } : null);

// Videos ------------------------------------------------------------------------------------------

const videoTitleIn = (locale: Locale) => (locale === 'en' ? sql`coalesce(nullif(${videos.titleEn}, ''), ${videos.titlePl})` : sql`${videos.titlePl}`);

/** One page of the admin list of videos (both public lists). */
export async function listAdminVideos(query: VideoListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminVideoListItem>> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(videos.titlePl, pattern), ilike(videos.titleEn, pattern)) as SQL);
  }
  if (query.kind) conditions.push(eq(videos.isInstructional, query.kind === 'instructional'));
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(videos).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, ADMIN_MEDIA_PER_PAGE);
  const page = Math.min(query.page, pages);
  const title = videoTitleIn(locale);
  const dir = query.dir ?? 'asc';
  const order = dir === 'asc' ? asc : desc;
  // The position order is the public one (position, then the newest first).
  const orderBy =
    query.sort === 'title'
      ? [order(sql`lower(${title})`), asc(videos.id)]
      : [order(videos.isInstructional), order(videos.position), dir === 'asc' ? desc(videos.id) : asc(videos.id)];
  const rows = await db
    .select({
      id: videos.id,
      title: sql<string>`${title}`,
      titleEn: videos.titleEn,
      youtubeId: videos.youtubeId,
      isInstructional: videos.isInstructional,
      position: videos.position,
      posterFileId: videos.posterFileId,
    })
    .from(videos)
    .where(where)
    .orderBy(...orderBy)
    .limit(ADMIN_MEDIA_PER_PAGE)
    .offset((page - 1) * ADMIN_MEDIA_PER_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      youtube_id: r.youtubeId,
      kind: r.isInstructional ? 'instructional' : 'general',
      position: r.position,
      has_en: r.titleEn !== '',
      poster_file_id: r.posterFileId,
    })),
    pages,
    page,
    total,
  };
}

function toAdminVideo(r: VideoRow, poster: AdminImage | null): AdminVideo {
  return {
    id: r.id,
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
    title_pl: r.titlePl,
    title_en: r.titleEn,
    description_pl: r.descriptionPl,
    description_en: r.descriptionEn,
    youtube_id: r.youtubeId,
    video_url: youtubeWatchUrl(r.youtubeId),
    poster_file_id: r.posterFileId,
    poster,
    is_instructional: r.isInstructional,
    position: r.position,
  };
}

export async function getAdminVideo(id: number, db: Db = getDb()): Promise<AdminVideo | null> {
  if (!validId(id)) return null;
  const [row] = await db
    .select({ video: videos, width: files.width, height: files.height })
    .from(videos)
    .leftJoin(files, eq(files.id, videos.posterFileId))
    .where(eq(videos.id, id))
    .limit(1);
  return row ? toAdminVideo(row.video, imageOf(row.video.posterFileId, row.width, row.height)) : null;
}

/** The column values of a valid input; 422 on poster_file_id when it is not a stored image. */
async function videoColumns(db: Db, input: VideoInput, locale: Locale, current: VideoRow | null) {
  if (!(await isStoredImage(db, input.poster_file_id))) {
    throw validationError({ poster_file_id: [translator(contentAdminMessages, locale)('v.file')] });
  }
  let position = input.position;
  if (position === null) {
    // Empty: after the last video of the same list.
    const others = current ? ne(videos.id, current.id) : undefined;
    const [last] = await db
      .select({ n: max(videos.position) })
      .from(videos)
      .where(and(eq(videos.isInstructional, input.is_instructional), others));
    position = last?.n === null || last?.n === undefined ? 0 : Math.min(Number(last.n) + 1, POSITION_MAX);
  }
  return {
    titlePl: input.title_pl,
    titleEn: input.title_en,
    descriptionPl: input.description_pl,
    descriptionEn: input.description_en,
    youtubeId: input.video_url,
    posterFileId: input.poster_file_id,
    isInstructional: input.is_instructional,
    position,
  };
}

const videoRecords = auditedRecords({ table: videos, entity: VIDEO_ENTITY, columns: videoColumns, notFound });

export const createVideo = (input: VideoInput, actor: Actor, locale: Locale, db?: Db): Promise<VideoRow> => videoRecords.create(input, actor, locale, db);
/** Saves a video loaded at `input.version`; 409 when someone else saved it since. */
export const updateVideo = (id: number, input: VideoUpdateInput, actor: Actor, locale: Locale, db?: Db): Promise<VideoRow> =>
  videoRecords.update(id, input, actor, locale, db);
export const deleteVideo = (id: number, actor: Actor, locale: Locale, db?: Db): Promise<void> => videoRecords.remove(id, actor, locale, db);

// Realizations ------------------------------------------------------------------------------------

const realizationTitleIn = (locale: Locale) =>
  locale === 'en' ? sql`coalesce(nullif(${realizations.titleEn}, ''), ${realizations.titlePl})` : sql`${realizations.titlePl}`;

/** One page of the admin list of realizations. */
export async function listAdminRealizations(query: RealizationListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminRealizationListItem>> {
  const conditions: SQL[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(realizations.titlePl, pattern), ilike(realizations.titleEn, pattern), ilike(realizations.location, pattern)) as SQL);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(realizations).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, ADMIN_MEDIA_PER_PAGE);
  const page = Math.min(query.page, pages);
  const title = realizationTitleIn(locale);
  const sort = query.sort;
  const dir = query.dir ?? (sort === 'year' ? 'desc' : 'asc');
  const order = dir === 'asc' ? asc : desc;
  // The position order is the public one (position, then the newest year, then the newest record).
  const orderBy =
    sort === 'title'
      ? [order(sql`lower(${title})`), asc(realizations.id)]
      : sort === 'year'
        ? [
            dir === 'asc' ? sql`${realizations.year} asc nulls first` : sql`${realizations.year} desc nulls last`,
            asc(realizations.position),
            asc(realizations.id),
          ]
        : [
            order(realizations.position),
            dir === 'asc' ? sql`${realizations.year} desc nulls last` : sql`${realizations.year} asc nulls first`,
            dir === 'asc' ? desc(realizations.id) : asc(realizations.id),
          ];
  const rows = await db
    .select({
      id: realizations.id,
      title: sql<string>`${title}`,
      titleEn: realizations.titleEn,
      location: realizations.location,
      year: realizations.year,
      position: realizations.position,
      imageFileId: realizations.imageFileId,
    })
    .from(realizations)
    .where(where)
    .orderBy(...orderBy)
    .limit(ADMIN_MEDIA_PER_PAGE)
    .offset((page - 1) * ADMIN_MEDIA_PER_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.id,
      title: r.title,
      location: r.location,
      year: r.year,
      position: r.position,
      has_en: r.titleEn !== '',
      image_file_id: r.imageFileId,
    })),
    pages,
    page,
    total,
  };
}

function toAdminRealization(r: RealizationRow, image: AdminImage | null): AdminRealization {
  return {
    id: r.id,
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
    title_pl: r.titlePl,
    title_en: r.titleEn,
    description_pl: r.descriptionPl,
    description_en: r.descriptionEn,
    location: r.location,
    year: r.year,
    image_file_id: r.imageFileId,
    image,
    position: r.position,
  };
}

export async function getAdminRealization(id: number, db: Db = getDb()): Promise<AdminRealization | null> {
  if (!validId(id)) return null;
  const [row] = await db
    .select({ realization: realizations, width: files.width, height: files.height })
    .from(realizations)
    .leftJoin(files, eq(files.id, realizations.imageFileId))
    .where(eq(realizations.id, id))
    .limit(1);
  return row ? toAdminRealization(row.realization, imageOf(row.realization.imageFileId, row.width, row.height)) : null;
}

async function realizationColumns(db: Db, input: RealizationInput, locale: Locale, current: RealizationRow | null) {
  if (!(await isStoredImage(db, input.image_file_id))) {
    throw validationError({ image_file_id: [translator(contentAdminMessages, locale)('v.file')] });
  }
  let position = input.position;
  if (position === null) {
    const [last] = await db
      .select({ n: max(realizations.position) })
      .from(realizations)
      .where(current ? ne(realizations.id, current.id) : undefined);
    position = last?.n === null || last?.n === undefined ? 0 : Math.min(Number(last.n) + 1, POSITION_MAX);
  }
  return {
    titlePl: input.title_pl,
    titleEn: input.title_en,
    descriptionPl: input.description_pl,
    descriptionEn: input.description_en,
    location: input.location,
    year: input.year,
    imageFileId: input.image_file_id,
    position,
  };
}

const realizationRecords = auditedRecords({ table: realizations, entity: REALIZATION_ENTITY, columns: realizationColumns, notFound });

export const createRealization = (input: RealizationInput, actor: Actor, locale: Locale, db?: Db): Promise<RealizationRow> =>
  realizationRecords.create(input, actor, locale, db);
/** Saves a realization loaded at `input.version`; 409 when someone else saved it since. */
export const updateRealization = (id: number, input: RealizationUpdateInput, actor: Actor, locale: Locale, db?: Db): Promise<RealizationRow> =>
  realizationRecords.update(id, input, actor, locale, db);
export const deleteRealization = (id: number, actor: Actor, locale: Locale, db?: Db): Promise<void> => realizationRecords.remove(id, actor, locale, db);
