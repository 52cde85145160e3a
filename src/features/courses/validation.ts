// The shared Zod schemas of the courses feature: the registration form (public page and
// POST /api/course-registrations), the admin course form (POST/PUT /api/admin/courses) and the
// status change (PUT /api/admin/course-registrations/{id}). Messages in the user's language.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { parsePage } from '~/core/http/pagination';
import { isPickerDay } from '~/core/time/days';
import { type Locale, translator } from '~/core/i18n/locale';
import { moneyInput } from '~/core/money/money-schema';
import { REGISTRATION_STATUSES } from './courses.schema';
import { courseMessages } from './messages';

type T = ReturnType<typeof translator<keyof typeof courseMessages.pl & string>>;

export const NAME_MAX = 100;
export const COMPANY_MAX = 200;
export const TITLE_MAX = 200;
export const VENUE_MAX = 300;
export const DESCRIPTION_MAX = 100_000;
export const SEATS_MAX = 500;

/** Form values as strings: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A text area's value (a course's description): line breaks kept. */
function longText(t: T, max: number, required = true) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, s);
}

/** A one-line field (names, company, city, title, venue): a line break is refused. */
function text(t: T, max: number, required = true) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

const id = (message: string) =>
  z.preprocess(
    asText,
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .refine((n) => n > 0, message),
  );

/** SPEC section 3 "Course registration": POST /api/course-registrations and the form on /courses. */
export function registrationSchema(locale: Locale) {
  const t = translator(courseMessages, locale);
  return z.object({
    course_id: id(t('v.course')),
    first_name: text(t, NAME_MAX),
    surname: text(t, NAME_MAX),
    phone: z.preprocess(
      asText,
      z
        .string()
        .min(1, { error: t('v.required'), abort: true })
        .max(20, t('v.max', { max: 20 }))
        .refine((p) => PHONE_RE.test(p), t('v.phone')),
    ),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
      z
        .string()
        .min(1, { error: t('v.required'), abort: true })
        .max(254, t('v.max', { max: 254 }))
        .refine((e) => z.email().safeParse(e).success, t('v.email')),
    ),
    company_name: text(t, COMPANY_MAX),
    city: text(t, NAME_MAX),
    accepted_privacy: z.preprocess(asBool, z.literal(true, { error: t('v.privacy') })),
    /** Join the waiting list when the date is full (the offer made with the 422). */
    waiting_list: z.preprocess(asBool, z.boolean()).optional(),
  });
}
export type RegistrationInput = z.infer<ReturnType<typeof registrationSchema>>;

function isoDay(t: T, required = true) {
  return z.preprocess(
    asText,
    required
      ? z
          .string()
          .min(1, { error: t('v.required'), abort: true })
          .refine(isPickerDay, t('v.date'))
      : z
          .string()
          .refine((v) => v === '' || isPickerDay(v), t('v.date'))
          .transform((v) => (v === '' ? null : v)),
  );
}

/** POST/PUT /api/admin/courses: the course date with its programme in both languages. */
export function courseSchema(locale: Locale) {
  const t = translator(courseMessages, locale);
  return z
    .object({
      title_pl: text(t, TITLE_MAX),
      title_en: text(t, TITLE_MAX, false),
      description_pl: longText(t, DESCRIPTION_MAX, false),
      description_en: longText(t, DESCRIPTION_MAX, false),
      city: text(t, NAME_MAX),
      venue: text(t, VENUE_MAX),
      date_from: isoDay(t) as z.ZodType<string>,
      date_to: isoDay(t) as z.ZodType<string>,
      time_from: z.preprocess((v) => asText(v) || '09:00', z.string().regex(TIME_RE, t('v.time'))),
      time_to: z.preprocess((v) => asText(v) || '16:00', z.string().regex(TIME_RE, t('v.time'))),
      seats: z.preprocess(
        asText,
        z
          .string()
          .regex(/^\d{1,4}$/, t('v.seats', { max: SEATS_MAX }))
          .transform(Number)
          .refine((n) => n >= 1 && n <= SEATS_MAX, t('v.seats', { max: SEATS_MAX })),
      ),
      price: z.preprocess((v) => (typeof v === 'number' ? String(v) : asText(v)), moneyInput({ locale, max: 100_000_000 })),
      registration_deadline: isoDay(t, false) as z.ZodType<string | null>,
      is_active: z.preprocess(asBool, z.boolean()),
    })
    .superRefine((c, ctx) => {
      if (c.date_to < c.date_from) ctx.addIssue({ code: 'custom', path: ['date_to'], message: t('v.dateOrder') });
      if (c.registration_deadline && c.registration_deadline > c.date_from) {
        ctx.addIssue({ code: 'custom', path: ['registration_deadline'], message: t('v.deadline') });
      }
    });
}
export type CourseInput = z.infer<ReturnType<typeof courseSchema>>;

export function versionSchema(locale: Locale) {
  const t = translator(courseMessages, locale);
  return z.object({
    version: z.coerce
      .number({ error: t('v.version') })
      .int(t('v.version'))
      .positive(t('v.version')),
  });
}

/**
 * PUT /api/admin/courses/{id}: the course, then (only when the course is valid) the version it was
 * loaded at, so a 422 names the same fields as when the route checked them one after the other.
 */
export function courseUpdateSchema(locale: Locale) {
  const course = courseSchema(locale);
  const version = versionSchema(locale);
  return z.unknown().transform((body, ctx) => {
    const c = course.safeParse(body);
    const v = c.success ? version.safeParse(body) : undefined;
    const failed = !c.success ? c.error : v && !v.success ? v.error : undefined;
    if (failed || !c.success || !v?.success) {
      for (const issue of failed?.issues ?? []) ctx.issues.push({ ...issue, input: body } as (typeof ctx.issues)[number]);
      return z.NEVER;
    }
    return { ...c.data, version: v.data.version };
  });
}

/** GET /api/admin/courses: each text cut to 100 characters (a repeated key is ignored), the page as parsePage reads it. */
export const courseListQuery = z.unknown().transform((query) => {
  const q = (query ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : undefined);
  return { search: text(q.search), when: text(q.when), sort: text(q.sort), dir: text(q.dir), page: parsePage(q.page as string | undefined) };
});

/** PUT /api/admin/course-registrations/{id}: the new status (and an optional comment). */
export function statusSchema(locale: Locale) {
  const t = translator(courseMessages, locale);
  return z.object({
    status: z.preprocess(asText, z.enum(REGISTRATION_STATUSES, { error: t('v.status') })),
    comment: z.preprocess(asText, z.string().max(2000, t('v.max', { max: 2000 }))).optional(),
  });
}
