// The Zod schemas of the trainings API (learner and admin), with messages in the user's language.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { trainingMessages } from './messages';
import { MAX_CERTIFICATE_MONTHS, QUESTIONNAIRE_KEYS } from './rules';

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);

/** "1"/"0"/"true"/"false"/booleans (multipart sends 1/0). */
export const flag = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean());

/** Quiz answers: `{ answers: { [questionId]: answerId[] } }` (a single id or an array). */
export function finishSchema(locale: Locale) {
  const t = translator(trainingMessages, locale);
  return z.object({
    answers: z
      .record(
        z.string().regex(/^\d{1,10}$/, t('v.answers')),
        z.preprocess((v) => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]), z.array(id).max(20, t('v.answers'))),
        { error: t('v.answers') },
      )
      .refine((r) => Object.keys(r).length <= 200, t('v.answers'))
      .default({}),
  });
}

export function commentSchema(locale: Locale) {
  const t = translator(trainingMessages, locale);
  return z.object({
    body: z
      .string({ error: t('v.required') })
      .trim()
      .min(1, t('v.required'))
      .max(2000, t('v.max', { max: 2000 })),
  });
}

export function questionnaireSchema(locale: Locale) {
  const t = translator(trainingMessages, locale);
  const rating = z.coerce
    .number({ error: t('v.rating') })
    .int(t('v.rating'))
    .min(1, t('v.rating'))
    .max(5, t('v.rating'));
  return z.object({
    ratings: z.object(Object.fromEntries(QUESTIONNAIRE_KEYS.map((k) => [k, rating])) as Record<(typeof QUESTIONNAIRE_KEYS)[number], typeof rating>, {
      error: t('v.rating'),
    }),
    comment: z
      .string()
      .trim()
      .max(2000, t('v.max', { max: 2000 }))
      .default(''),
  });
}

// -- admin ----------------------------------------------------------------------------------

const text = (t: ReturnType<typeof translator<string>>, max: number, required = false) =>
  required
    ? z
        .string({ error: t('v.required') })
        .trim()
        .min(1, t('v.required'))
        .max(max, t('v.max', { max }))
    : z.string().trim().max(max, t('v.max', { max })).default('');

/** A one-line field (a title): a line break is refused (titles go into mail subjects and certificates). */
const title = (t: ReturnType<typeof translator<string>>, max: number, required = false) => oneLine(text(t, max, required), t);

const intIn = (t: ReturnType<typeof translator<string>>, min: number, max: number) =>
  z.coerce
    .number({ error: t('v.range', { min, max }) })
    .int(t('v.range', { min, max }))
    .min(min, t('v.range', { min, max }))
    .max(max, t('v.range', { min, max }));

export function trainingSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  const point = z.object({
    id: z.preprocess((v) => (v === '' || v == null ? undefined : v), id.optional()),
    kind: z.enum(['lesson', 'quiz'], { error: t('v.kind') }),
    title_pl: title(t, 200, true),
    title_en: title(t, 200),
    content_pl: text(t, 200_000),
    content_en: text(t, 200_000),
    video_url: z.preprocess(
      (v) => (v == null ? '' : v),
      z
        .string()
        .trim()
        .max(500, t('v.max', { max: 500 })),
    ),
    /** Ids of uploaded attachments (POST /api/admin/trainings/attachment), in order. */
    files: z
      .preprocess((v) => (v === '' || v == null ? [] : v), z.array(z.uuid(t('files.unknown')).toLowerCase()).max(20, t('v.max', { max: 20 })))
      .default([]),
  });
  const module = z.object({
    id: z.preprocess((v) => (v === '' || v == null ? undefined : v), id.optional()),
    title_pl: title(t, 200, true),
    title_en: title(t, 200),
    points: z.array(point).max(100).default([]),
  });
  return z
    .object({
      title_pl: title(t, 200, true),
      title_en: title(t, 200),
      slug: z
        .string()
        .trim()
        .max(120, t('v.max', { max: 120 }))
        .regex(/^[a-z0-9-]*$/, t('v.slug'))
        .default(''),
      description_pl: text(t, 100_000),
      description_en: text(t, 100_000),
      /** The uploaded picture (POST /api/admin/trainings/image); empty: none. */
      image_file_id: z.preprocess((v) => (v === '' || v == null ? null : v), z.uuid(t('files.notImage')).toLowerCase().nullable()).default(null),
      access_days: intIn(t, 1, 3650),
      quiz_attempts: intIn(t, 1, 100),
      pass_percent: intIn(t, 1, 100),
      questions_per_attempt: intIn(t, 1, 200),
      time_limit_minutes: z.preprocess((v) => (v === '' || v == null ? null : v), intIn(t, 1, 600).nullable()),
      /** Months a certificate is valid (issue 42); empty: no expiry. */
      certificate_valid_months: z.preprocess((v) => (v === '' || v == null ? null : v), intIn(t, 1, MAX_CERTIFICATE_MONTHS).nullable()).default(null),
      questionnaire_enabled: flag,
      is_active: flag,
      position: z.preprocess((v) => (v === '' || v == null ? 0 : v), intIn(t, 0, 100_000)),
      modules: z.array(module).max(50).default([]),
      version: z.preprocess((v) => (v === '' || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
    })
    .superRefine((v, ctx) => {
      const quizzes = v.modules.flatMap((m) => m.points).filter((p) => p.kind === 'quiz').length;
      if (quizzes > 1) ctx.addIssue({ code: 'custom', path: ['modules'], message: t('v.oneQuiz') });
    });
}
export type TrainingInput = z.infer<ReturnType<typeof trainingSchema>>;

export function questionSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  return z
    .object({
      text_pl: text(t, 2000, true),
      text_en: text(t, 2000),
      multiple: flag,
      is_active: z.preprocess((v) => (v === undefined ? true : v), flag),
      position: z.preprocess((v) => (v === '' || v == null ? 0 : v), intIn(t, 0, 100_000)),
      answers: z
        .array(
          z.object({
            text_pl: text(t, 1000, true),
            text_en: text(t, 1000),
            is_correct: flag,
          }),
        )
        .min(2, t('v.answersMin'))
        .max(10, t('v.answersMax')),
    })
    .superRefine((v, ctx) => {
      const correct = v.answers.filter((a) => a.is_correct).length;
      if (correct === 0) ctx.addIssue({ code: 'custom', path: ['answers'], message: t('v.correctMin') });
      else if (!v.multiple && correct > 1) ctx.addIssue({ code: 'custom', path: ['answers'], message: t('v.singleOne') });
    });
}
export type QuestionInput = z.infer<ReturnType<typeof questionSchema>>;

export function extendSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  return z.object({ days: intIn(t, 1, 3650) });
}

export function answerCommentSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  return z.object({ answer: text(t, 4000, true) });
}

export const IdParam = z.object({ id });
export const PairParam = z.object({ trainingId: id, userId: id });

// -- certificates (issue 42) -----------------------------------------------------------------

/** The public verification form: the certificate's number and the holder's surname, both required. */
export function verifyCertificateSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  return z.object({
    number: title(t, 40, true),
    surname: title(t, 100, true),
  });
}
export type VerifyCertificateInput = z.infer<ReturnType<typeof verifyCertificateSchema>>;

/** The admin's revocation: a reason, mailed to the holder. */
export function revokeCertificateSchema(locale: Locale) {
  const t = translator(trainingMessages, locale) as ReturnType<typeof translator<string>>;
  return z.object({ reason: text(t, 1000, true) });
}

/** The admin's certificate list filters. */
export const CERTIFICATE_FILTERS = ['valid', 'expired', 'revoked', 'expiring'] as const;
export type CertificateFilter = (typeof CERTIFICATE_FILTERS)[number];
export const isCertificateFilter = (v: unknown): v is CertificateFilter => typeof v === 'string' && (CERTIFICATE_FILTERS as readonly string[]).includes(v);
