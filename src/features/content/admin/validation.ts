// The shared Zod schemas of the news-post, static-site, video and realization admin: the API parses every body with
// them (JSON or multipart, see core/http/form-body.ts) and the forms use the same limits, with
// messages in the user's language. No server code here: the browser bundle imports it.
import { isPickerDay } from '~/core/time/days';
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import type { StaticSiteDestination } from '../content.schema';
import { KNOWLEDGE_BASE_SECTIONS } from '../knowledge-base';
import { youtubeIdOf } from '../youtube';
import { contentAdminMessages } from './messages';

export const TITLE_MAX = 200;
export const SLUG_MAX = 120;
export const LEAD_MAX = 1000;
export const CONTENT_MAX = 200_000;
export const FILENAME_MAX = 180;
export const MAX_ROLES = 50;

/** Lower-case letters, digits and single hyphens (what slugify() makes). */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** SPEC section 3: destination is Materiały, Dokumenty, Instrukcje or other. */
export const DESTINATIONS = [...KNOWLEDGE_BASE_SECTIONS, 'other'] as const satisfies readonly StaticSiteDestination[];

/** The list filter of post states: published (visible now), scheduled (published later), draft. */
export const POST_STATES = ['published', 'scheduled', 'draft'] as const;
export type PostState = (typeof POST_STATES)[number];

export const POST_SORTS = ['published_at', 'title'] as const;
export const SITE_SORTS = ['name', 'slug', 'destination'] as const;
export const VIDEO_SORTS = ['position', 'title'] as const;
export const REALIZATION_SORTS = ['position', 'title', 'year'] as const;
/** The two public video lists: /videos (general) and /videos-instructional. */
export const VIDEO_KINDS = ['general', 'instructional'] as const;
export type VideoKind = (typeof VIDEO_KINDS)[number];

export const DESCRIPTION_MAX = 2000;
export const VIDEO_URL_MAX = 500;
export const LOCATION_MAX = 120;
export const POSITION_MAX = 100_000;
export const YEAR_MIN = 1950;
export const YEAR_MAX = 2100;

type T = ReturnType<typeof translator<keyof typeof contentAdminMessages.pl & string>>;

/** Form values as strings: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON); absent is false. */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

/** A one-line field (titles, names, a file name, a location): a line break is refused. */
function text(t: T, max: number, required = false) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

/** A text area's or the rich-text editor's value (lead, content, description): line breaks kept. */
function longText(t: T, max: number, required = false) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, s);
}

function slug(t: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
    z
      .string({ error: t('v.slug') })
      .max(SLUG_MAX, t('v.max', { max: SLUG_MAX }))
      .refine((s) => s === '' || SLUG_RE.test(s), t('v.slug')),
  );
}

function day(t: T) {
  return z.preprocess(
    asText,
    z
      .string({ error: t('v.date') })
      .min(1, t('v.required'))
      .refine(isPickerDay, t('v.date')),
  );
}

/** A stored file's id, or null for none ('' in a form). */
function fileId(t: T) {
  return z.preprocess((v) => {
    const s = asText(v);
    return s === '' ? null : s;
  }, z.uuid({ error: t('v.file') }).nullable());
}

function version(t: T) {
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: t('v.version') })
      .int(t('v.version'))
      .min(1, t('v.version'))
      .max(2_147_483_647, t('v.version')),
  );
}

export function postSchema(locale: Locale) {
  const t = translator(contentAdminMessages, locale);
  return z.object({
    title_pl: text(t, TITLE_MAX, true),
    title_en: text(t, TITLE_MAX),
    slug_pl: slug(t),
    slug_en: slug(t),
    lead_pl: longText(t, LEAD_MAX),
    lead_en: longText(t, LEAD_MAX),
    content_pl: longText(t, CONTENT_MAX),
    content_en: longText(t, CONTENT_MAX),
    image_file_id: fileId(t),
    published_at: day(t),
    is_published: z.preprocess(asBool, z.boolean()),
  });
}

export function postUpdateSchema(locale: Locale) {
  return postSchema(locale).extend({ version: version(translator(contentAdminMessages, locale)) });
}

export type PostInput = z.infer<ReturnType<typeof postSchema>>;
export type PostUpdateInput = z.infer<ReturnType<typeof postUpdateSchema>>;

export function staticSiteSchema(locale: Locale) {
  const t = translator(contentAdminMessages, locale);
  return z.object({
    slug: slug(t),
    name_pl: text(t, TITLE_MAX, true),
    name_en: text(t, TITLE_MAX),
    destination: z.preprocess(asText, z.enum(DESTINATIONS, { error: t('v.destination') })),
    role_ids: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v]),
      z
        .array(
          z.preprocess(
            (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
            z
              .number({ error: t('v.role') })
              .int(t('v.role'))
              .min(1, t('v.role'))
              .max(2_147_483_647, t('v.role')),
          ),
        )
        .max(MAX_ROLES, t('v.role')),
    ),
    content_pl: longText(t, CONTENT_MAX),
    content_en: longText(t, CONTENT_MAX),
    resource_file_id: fileId(t),
    resource_filename: text(t, FILENAME_MAX),
  });
}

export function staticSiteUpdateSchema(locale: Locale) {
  return staticSiteSchema(locale).extend({ version: version(translator(contentAdminMessages, locale)) });
}

export type StaticSiteInput = z.infer<ReturnType<typeof staticSiteSchema>>;
export type StaticSiteUpdateInput = z.infer<ReturnType<typeof staticSiteUpdateSchema>>;

/** A whole number in [min, max], or null when left empty. */
function optionalInt(message: string, min: number, max: number) {
  return z.preprocess((v) => {
    const s = asText(v);
    if (s === '') return null;
    return typeof s === 'string' && /^-?\d+$/.test(s) ? Number(s) : s;
  }, z.number({ error: message }).int(message).min(min, message).max(max, message).nullable());
}

/** A pasted YouTube address (or bare id) of a video; the parsed value is the 11-character id. */
function videoUrl(t: T) {
  return z.preprocess(
    asText,
    z
      .string({ error: t('v.required') })
      .min(1, t('v.required'))
      .max(VIDEO_URL_MAX, t('v.max', { max: VIDEO_URL_MAX }))
      .transform((value, ctx) => {
        const id = youtubeIdOf(value);
        if (!id) {
          ctx.addIssue({ code: 'custom', message: t('v.videoUrl') });
          return z.NEVER;
        }
        return id;
      }),
  );
}

/** A video of the public lists (SPEC section 2: videos, videos-instructional): the admin form and API. */
export function videoSchema(locale: Locale) {
  const t = translator(contentAdminMessages, locale);
  return z.object({
    title_pl: text(t, TITLE_MAX, true),
    title_en: text(t, TITLE_MAX),
    description_pl: longText(t, DESCRIPTION_MAX),
    description_en: longText(t, DESCRIPTION_MAX),
    video_url: videoUrl(t),
    poster_file_id: fileId(t),
    is_instructional: z.preprocess(asBool, z.boolean()),
    position: optionalInt(t('v.position', { max: POSITION_MAX }), 0, POSITION_MAX),
  });
}

export function videoUpdateSchema(locale: Locale) {
  return videoSchema(locale).extend({ version: version(translator(contentAdminMessages, locale)) });
}

export type VideoInput = z.infer<ReturnType<typeof videoSchema>>;
export type VideoUpdateInput = z.infer<ReturnType<typeof videoUpdateSchema>>;

/** A realization (a reference installation, SPEC section 2: realizations): the admin form and API. */
export function realizationSchema(locale: Locale) {
  const t = translator(contentAdminMessages, locale);
  return z.object({
    title_pl: text(t, TITLE_MAX, true),
    title_en: text(t, TITLE_MAX),
    description_pl: longText(t, DESCRIPTION_MAX),
    description_en: longText(t, DESCRIPTION_MAX),
    location: text(t, LOCATION_MAX),
    year: optionalInt(t('v.year', { min: YEAR_MIN, max: YEAR_MAX }), YEAR_MIN, YEAR_MAX),
    image_file_id: fileId(t),
    position: optionalInt(t('v.position', { max: POSITION_MAX }), 0, POSITION_MAX),
  });
}

export function realizationUpdateSchema(locale: Locale) {
  return realizationSchema(locale).extend({ version: version(translator(contentAdminMessages, locale)) });
}

export type RealizationInput = z.infer<ReturnType<typeof realizationSchema>>;
export type RealizationUpdateInput = z.infer<ReturnType<typeof realizationUpdateSchema>>;

const pageParam = z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(100_000)).catch(1);
const dirParam = z.enum(['asc', 'desc']).optional().catch(undefined);
const searchParam = z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()).catch('');

/** `GET /api/admin/posts` and the list page: invalid values fall back to the defaults. */
export const postListQuery = z.object({
  page: pageParam,
  sort: z.enum(POST_SORTS).catch('published_at'),
  dir: dirParam,
  search: searchParam,
  state: z.enum(POST_STATES).optional().catch(undefined),
});
export type PostListQuery = z.infer<typeof postListQuery>;

/** `GET /api/admin/static-sites` and the list page. */
export const siteListQuery = z.object({
  page: pageParam,
  sort: z.enum(SITE_SORTS).catch('name'),
  dir: dirParam,
  search: searchParam,
  destination: z.enum(DESTINATIONS).optional().catch(undefined),
});
export type SiteListQuery = z.infer<typeof siteListQuery>;

/** `GET /api/admin/videos` and the list page. */
export const videoListQuery = z.object({
  page: pageParam,
  sort: z.enum(VIDEO_SORTS).catch('position'),
  dir: dirParam,
  search: searchParam,
  kind: z.enum(VIDEO_KINDS).optional().catch(undefined),
});
export type VideoListQuery = z.infer<typeof videoListQuery>;

/** `GET /api/admin/realizations` and the list page. */
export const realizationListQuery = z.object({
  page: pageParam,
  sort: z.enum(REALIZATION_SORTS).catch('position'),
  dir: dirParam,
  search: searchParam,
});
export type RealizationListQuery = z.infer<typeof realizationListQuery>;

/** Query values of a URL as a plain object (the last value of a repeated key wins). */
export function queryObject(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(params.entries());
}
