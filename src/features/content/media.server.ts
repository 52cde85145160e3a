import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { VideoPosters } from '~/core/consent/video-posters';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { Locale } from '~/core/i18n/locale';
import { realizations, videos } from './content.schema';
import { YOUTUBE_ID } from './youtube';

export interface VideoItem {
  id: number;
  title: string;
  description: string;
  youtubeId: string;
  /** The stored thumbnail shown while the embed waits for consent. */
  poster: { fileId: string; width: number | null; height: number | null } | null;
}

/** The videos of one page: the instructional ones or the others, in their set order. */
export async function listVideos(locale: Locale, instructional: boolean): Promise<VideoItem[]> {
  const rows = await getDb()
    .select({ v: videos, posterWidth: files.width, posterHeight: files.height })
    .from(videos)
    .leftJoin(files, eq(files.id, videos.posterFileId))
    .where(eq(videos.isInstructional, instructional))
    .orderBy(asc(videos.position), desc(videos.id));
  return rows
    .filter(({ v }) => YOUTUBE_ID.test(v.youtubeId))
    .map(({ v, posterWidth, posterHeight }) => ({
      id: v.id,
      title: (locale === 'en' && v.titleEn) || v.titlePl,
      description: (locale === 'en' && v.descriptionEn) || v.descriptionPl,
      youtubeId: v.youtubeId,
      poster: v.posterFileId ? { fileId: v.posterFileId, width: posterWidth, height: posterHeight } : null,
    }));
}

/**
 * The stored posters of the site's videos among these YouTube ids (the frames of a rich text or a
 * lesson's video), for the notice of a blocked embed (core/consent EmbedHtml, videoPoster).
 */
export async function videoPostersFor(youtubeIds: string[], locale: Locale): Promise<VideoPosters> {
  const ids = [...new Set(youtubeIds)].filter((id) => YOUTUBE_ID.test(id));
  if (ids.length === 0) return {};
  const rows = await getDb()
    .select({ youtubeId: videos.youtubeId, titlePl: videos.titlePl, titleEn: videos.titleEn, fileId: files.id, width: files.width, height: files.height })
    .from(videos)
    .innerJoin(files, eq(files.id, videos.posterFileId))
    .where(and(inArray(videos.youtubeId, ids), isNotNull(videos.posterFileId)))
    .orderBy(asc(videos.id));
  const out: VideoPosters = {};
  for (const r of rows) {
    out[r.youtubeId] ??= { fileId: r.fileId, width: r.width, height: r.height, title: (locale === 'en' && r.titleEn) || r.titlePl };
  }
  return out;
}

export interface RealizationItem {
  id: number;
  title: string;
  description: string;
  location: string;
  year: number | null;
  image: { fileId: string; width: number | null; height: number | null } | null;
}

/** The reference installations, in their set order, newest first within the same position. */
export async function listRealizations(locale: Locale): Promise<RealizationItem[]> {
  const rows = await getDb()
    .select({ r: realizations, imageWidth: files.width, imageHeight: files.height })
    .from(realizations)
    .leftJoin(files, eq(files.id, realizations.imageFileId))
    .orderBy(asc(realizations.position), desc(realizations.year), desc(realizations.id));
  return rows.map(({ r, imageWidth, imageHeight }) => ({
    id: r.id,
    title: (locale === 'en' && r.titleEn) || r.titlePl,
    description: (locale === 'en' && r.descriptionEn) || r.descriptionPl,
    location: r.location,
    year: r.year,
    image: r.imageFileId ? { fileId: r.imageFileId, width: imageWidth, height: imageHeight } : null,
  }));
}
