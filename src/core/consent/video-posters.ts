// The poster of a blocked YouTube embed (SPEC section 6, issue 17): the still stored with the video
// when the embed's id is one of the site's videos (looked up by the page's loader), else a generic
// still shipped in public/. No server code: the pages and their client chunks use it.

import { imageSrcSet, imageUrl } from '~/core/files/urls';
import { defineMessages } from '~/core/i18n/locale';
import type { ConsentPoster } from './consent-gate';

/** A stored still of a video, by YouTube id, as a page's loader hands it over. */
export interface StoredVideoPoster {
  fileId: string;
  width: number | null;
  height: number | null;
  /** The video's title in the page's language (the alternative text names it). */
  title: string;
}

export type VideoPosters = Record<string, StoredVideoPoster>;

/** The alternative text of a stored still (kept here, not in the layout chunk's consent texts). */
export const videoPosterMessages = defineMessages({
  pl: { alt: 'Kadr z filmu: {title}' },
  en: { alt: 'Video still: {title}' },
});

/** The generic still (public/video-poster.svg) of an embed without a stored poster. */
export const GENERIC_VIDEO_POSTER = '/video-poster.svg';

const EMBED_HOSTS = /^(?:www\.)?youtube(?:-nocookie)?\.com$/i;
const ID = /^[A-Za-z0-9_-]{11}$/;

/** The YouTube id of an embed address (`https://www.youtube(-nocookie).com/embed/{id}`), else null. */
export function youtubeIdOfEmbed(src: string | null | undefined): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src.trim().replace(/&amp;/g, '&'));
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || !EMBED_HOSTS.test(url.hostname)) return null;
  const id = /^\/embed\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  return id && ID.test(id) ? id : null;
}

const IFRAME_SRC = /<iframe\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The YouTube ids of the video frames in stored rich text (each once, in order). */
export function youtubeIdsInHtml(html: string): string[] {
  const ids = new Set<string>();
  for (const m of html.matchAll(IFRAME_SRC)) {
    const id = youtubeIdOfEmbed(m[1] ?? m[2]);
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * The poster of a blocked embed: the stored still of the video (`alt` from `altOf(title)`), or the
 * generic still (decorative: the notice over it says what is blocked).
 */
export function videoPoster(youtubeId: string | null, posters: VideoPosters | undefined, altOf: (title: string) => string): ConsentPoster {
  const stored = youtubeId ? posters?.[youtubeId] : undefined;
  if (!stored) return { src: GENERIC_VIDEO_POSTER, alt: '', width: 1280, height: 720 };
  return {
    src: imageUrl(stored.fileId, 640),
    srcSet: imageSrcSet(stored.fileId, stored.width),
    sizes: '(min-width: 768px) 48rem, 100vw',
    alt: altOf(stored.title),
    width: stored.width ?? undefined,
    height: stored.height ?? undefined,
  };
}
