// Online trainings for learners (SPEC section 4): the list with badges, a training with its
// modules and points (locked until the previous are finished), the acceptance request, lessons
// marked complete, the quiz (questions drawn on the server, answers checked on the server only,
// attempts limited and counted under a row lock of the enrolment, the time limit enforced here),
// the questionnaire, comments and the certificate.
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { COMPANY } from '~/core/company';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { users } from '~/features/accounts/accounts.schema';
import { trainingMessages } from './messages';
import {
  type Badge,
  BADGE_COLOURS,
  attemptsLeft,
  badgeOf,
  certificateKey,
  type PublicCertificate,
  certificateStatus,
  certificateValidUntil,
  isCertificateCode,
  certificateNumberOf,
  isExpired,
  isPastDeadline,
  lockedPoints,
  parseCertificateKey,
  progressPercent,
  QUESTIONNAIRE_KEYS,
  scoreAttempt,
} from './rules';
import { files } from '~/core/files/files.schema';
import type { StoredFile } from '~/core/files/storage.server';
import { filesOfPoints, lessonFileUrl } from './training-files.server';
import { acceptanceRequestMail } from './training-mail.server';
import {
  type EnrolmentRow,
  trainingPointFiles,
  type TrainingPointRow,
  type TrainingRow,
  quizAttempts,
  trainingAnswers,
  trainingComments,
  trainingEnrolments,
  trainingModules,
  trainingPoints,
  trainingProgress,
  trainingQuestionnaireResponses,
  trainingQuestions,
  trainings,
} from './trainings.schema';
import { now } from '~/core/time/clock';
import { todayInWarsaw, warsawDay } from '~/core/time/days';

export const tr = (locale: Locale) => translator(trainingMessages, locale);

let settings: { siteUrl: string; inbox: string } = { siteUrl: 'http://localhost:3000', inbox: COMPANY.email };
/** The API plugin hands the site address and the trainings inbox (TRAININGS_EMAIL). */
export function configureTrainings(s: { siteUrl: string; inbox?: string | null }) {
  settings = { siteUrl: s.siteUrl.replace(/\/+$/, ''), inbox: s.inbox || COMPANY.email };
}
export const trainingsSettings = () => settings;

export const titleOf = (t: { titlePl: string; titleEn: string }, locale: Locale) => (locale === 'en' && t.titleEn) || t.titlePl;
const descriptionOf = (t: TrainingRow, locale: Locale) => (locale === 'en' && t.descriptionEn) || t.descriptionPl;

export interface TrainingFlags {
  is_done: boolean;
  is_started: boolean;
  is_expired: boolean;
  is_accepted: boolean;
}

export function flagsOf(e: EnrolmentRow | null | undefined, at: Date): TrainingFlags {
  return {
    is_done: Boolean(e?.doneAt),
    is_started: Boolean(e),
    is_expired: Boolean(e && isExpired(e.expiresAt, at)),
    is_accepted: e?.status === 'accepted',
  };
}

export interface TrainingListItem extends TrainingFlags {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** The training's picture (a stored image id), or null. */
  image_file_id: string | null;
  badge: Badge;
  badge_colour: 'green' | 'yellow' | 'blue';
  expires_at: string | null;
  is_refused: boolean;
}

/** Active trainings with the user's flags (a guest: none started). */
export async function listTrainings(userId: number | null, locale: Locale): Promise<TrainingListItem[]> {
  const db = getDb();
  const rows = await db.select().from(trainings).where(eq(trainings.isActive, true)).orderBy(asc(trainings.position), asc(trainings.id));
  const mine = userId ? await db.select().from(trainingEnrolments).where(eq(trainingEnrolments.userId, userId)) : [];
  const byTraining = new Map(mine.map((e) => [e.trainingId, e]));
  const at = now();
  return rows.map((t) => {
    const e = byTraining.get(t.id);
    const flags = flagsOf(e, at);
    const badge = badgeOf(flags);
    return {
      id: t.id,
      slug: t.slug,
      title: titleOf(t, locale),
      description: descriptionOf(t, locale),
      image_file_id: t.imageFileId,
      ...flags,
      badge,
      badge_colour: BADGE_COLOURS[badge],
      expires_at: e?.expiresAt?.toISOString() ?? null,
      is_refused: e?.status === 'refused',
    };
  });
}

async function activeTraining(db: Db, id: number, locale: Locale): Promise<TrainingRow> {
  const [t] = await db
    .select()
    .from(trainings)
    .where(and(eq(trainings.id, id), eq(trainings.isActive, true)));
  if (!t) throw new HttpError(404, tr(locale)('err.trainingNotFound'));
  return t;
}

async function enrolmentOf(db: Db, trainingId: number, userId: number, lock = false): Promise<EnrolmentRow | null> {
  const q = db
    .select()
    .from(trainingEnrolments)
    .where(and(eq(trainingEnrolments.trainingId, trainingId), eq(trainingEnrolments.userId, userId)));
  const [e] = lock ? await q.for('update') : await q;
  return e ?? null;
}

/** The points of a training in course order (modules, then points) with the module of each. */
async function orderedPoints(db: Db, trainingId: number) {
  return db
    .select({ point: trainingPoints, module: trainingModules })
    .from(trainingPoints)
    .innerJoin(trainingModules, eq(trainingModules.id, trainingPoints.moduleId))
    .where(eq(trainingPoints.trainingId, trainingId))
    .orderBy(asc(trainingModules.position), asc(trainingModules.id), asc(trainingPoints.position), asc(trainingPoints.id));
}

async function doneSet(db: Db, enrolmentId: number | undefined): Promise<Set<number>> {
  if (!enrolmentId) return new Set();
  const rows = await db.select({ pointId: trainingProgress.pointId }).from(trainingProgress).where(eq(trainingProgress.enrolmentId, enrolmentId));
  return new Set(rows.map((r) => r.pointId));
}

export type AccessState = 'none' | 'pending' | 'refused' | 'accepted' | 'expired';

export function accessStateOf(e: EnrolmentRow | null, at: Date): AccessState {
  if (!e) return 'none';
  if (e.status === 'refused') return 'refused';
  if (e.status === 'pending') return 'pending';
  return isExpired(e.expiresAt, at) ? 'expired' : 'accepted';
}

export interface LearnerPoint {
  id: number;
  module_id: number;
  kind: 'lesson' | 'quiz';
  title: string;
  slug: string;
  is_done: boolean;
  is_locked: boolean;
}

export interface LearnerModule {
  id: number;
  title: string;
  progress: number;
  points: LearnerPoint[];
}

export interface LearnerTraining extends TrainingFlags {
  id: number;
  slug: string;
  title: string;
  description: string;
  image_file_id: string | null;
  badge: Badge;
  access: AccessState;
  progress: number;
  accepted_at: string | null;
  expires_at: string | null;
  certificate_number: string | null;
  certificate_key: string | null;
  questionnaire_enabled: boolean;
  questionnaire_done: boolean;
  access_days: number;
  modules: LearnerModule[];
}

/** A training as the learner sees it: points are locked for everyone without access. */
export async function getLearnerTraining(trainingId: number, userId: number, locale: Locale): Promise<LearnerTraining> {
  const db = getDb();
  const t = await activeTraining(db, trainingId, locale);
  const e = await enrolmentOf(db, trainingId, userId);
  const at = now();
  const access = accessStateOf(e, at);
  const rows = await orderedPoints(db, trainingId);
  const moduleRows = await db
    .select()
    .from(trainingModules)
    .where(eq(trainingModules.trainingId, trainingId))
    .orderBy(asc(trainingModules.position), asc(trainingModules.id));
  const done = await doneSet(db, e?.id);
  const states = rows.map((r) => ({ id: r.point.id, done: done.has(r.point.id) }));
  const locked = access === 'accepted' ? lockedPoints(states) : new Set(states.map((s) => s.id));
  const modules: LearnerModule[] = moduleRows.map((m) => {
    const points = rows
      .filter((r) => r.module.id === m.id)
      .map((r) => ({
        id: r.point.id,
        module_id: m.id,
        kind: r.point.kind,
        title: titleOf(r.point, locale),
        slug: slugOf(titleOf(r.point, locale)),
        is_done: done.has(r.point.id),
        is_locked: locked.has(r.point.id),
      }));
    return { id: m.id, title: titleOf(m, locale), progress: progressPercent(points.map((p) => ({ id: p.id, done: p.is_done }))), points };
  });
  const flags = flagsOf(e, at);
  return {
    id: t.id,
    slug: t.slug,
    title: titleOf(t, locale),
    description: descriptionOf(t, locale),
    image_file_id: t.imageFileId,
    ...flags,
    badge: badgeOf(flags),
    access,
    progress: progressPercent(states),
    accepted_at: e?.acceptedAt?.toISOString() ?? null,
    expires_at: e?.expiresAt?.toISOString() ?? null,
    certificate_number: e?.certificateNumber ?? null,
    /** The learner's own public verification key (number and random code). */
    certificate_key: e?.certificateNumber && e.certificateCode ? certificateKey(e.certificateNumber, e.certificateCode) : null,
    questionnaire_enabled: t.questionnaireEnabled,
    questionnaire_done: Boolean(e?.questionnaireAt),
    access_days: t.accessDays,
    modules,
  };
}

export function slugOf(title: string): string {
  return title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** Starting a training: the enrolment waits for acceptance; the trainings inbox gets a mail. */
export async function startTraining(trainingId: number, user: { id: number; email: string; firstName: string; surname: string }, locale: Locale) {
  const db = getDb();
  return db.transaction(async (tx) => {
    const t = await activeTraining(tx, trainingId, locale);
    const inserted = await tx.insert(trainingEnrolments).values({ trainingId, userId: user.id, locale, startedAt: now() }).onConflictDoNothing().returning();
    const e = inserted[0];
    if (!e) return { created: false as const, enrolment: await enrolmentOf(tx, trainingId, user.id) };
    await acceptanceRequestMail(
      tx,
      { email: settings.inbox, locale: 'pl' },
      {
        name: `${user.firstName} ${user.surname}`.trim(),
        email: user.email,
        title: t.titlePl,
        url: `${settings.siteUrl}/pl/admin/trainings-users/${trainingId}/${user.id}`,
      },
    );
    return { created: true as const, enrolment: e };
  });
}

/** A learner asks for an extension of expired access: a mail to the trainings inbox. */
export async function requestExtension(trainingId: number, user: { id: number; email: string; firstName: string; surname: string }, locale: Locale) {
  const db = getDb();
  await db.transaction(async (tx) => {
    const t = await activeTraining(tx, trainingId, locale);
    const e = await enrolmentOf(tx, trainingId, user.id);
    if (!e || accessStateOf(e, now()) !== 'expired') throw new HttpError(409, tr(locale)('err.notExpired'));
    await acceptanceRequestMail(
      tx,
      { email: settings.inbox, locale: 'pl' },
      {
        name: `${user.firstName} ${user.surname}`.trim(),
        email: user.email,
        title: t.titlePl,
        url: `${settings.siteUrl}/pl/admin/trainings-users/${trainingId}/${user.id}`,
        extension: true,
      },
    );
  });
}

export interface PointContext {
  training: TrainingRow;
  point: TrainingPointRow;
  moduleTitle: string;
  moduleId: number;
  enrolment: EnrolmentRow;
  done: Set<number>;
  ordered: { id: number; moduleId: number }[];
}

/**
 * The point with its training and the learner's enrolment, when the learner may open it:
 * unknown point 404; no access (not started, waiting, refused), expired access or an unfinished
 * earlier point: 423 with the reason.
 */
export async function openPoint(db: Db, pointId: number, userId: number, locale: Locale): Promise<PointContext> {
  const t = tr(locale);
  const [row] = await db
    .select({ point: trainingPoints, training: trainings, module: trainingModules })
    .from(trainingPoints)
    .innerJoin(trainings, eq(trainings.id, trainingPoints.trainingId))
    .innerJoin(trainingModules, eq(trainingModules.id, trainingPoints.moduleId))
    .where(and(eq(trainingPoints.id, pointId), eq(trainings.isActive, true)));
  if (!row) throw new HttpError(404, t('err.pointNotFound'));
  const e = await enrolmentOf(db, row.training.id, userId);
  const access = accessStateOf(e, now());
  if (!e || access === 'none') throw new HttpError(423, t('err.notStarted'));
  if (access === 'pending') throw new HttpError(423, t('err.pending'));
  if (access === 'refused') throw new HttpError(423, t('err.refused'));
  if (access === 'expired') throw new HttpError(423, t('expired.title'));
  const rows = await orderedPoints(db, row.training.id);
  const done = await doneSet(db, e.id);
  const locked = lockedPoints(rows.map((r) => ({ id: r.point.id, done: done.has(r.point.id) })));
  if (locked.has(pointId)) throw new HttpError(423, t('err.locked'));
  return {
    training: row.training,
    point: row.point,
    moduleTitle: titleOf(row.module, locale),
    moduleId: row.module.id,
    enrolment: e,
    done,
    ordered: rows.map((r) => ({ id: r.point.id, moduleId: r.module.id })),
  };
}

/** A lesson marked complete (idempotent). The quiz is completed only by passing it. */
export async function completeLesson(pointId: number, userId: number, locale: Locale, done: boolean) {
  const db = getDb();
  const ctx = await openPoint(db, pointId, userId, locale);
  if (ctx.point.kind !== 'lesson') throw new HttpError(422, tr(locale)('err.quizNotLesson'));
  if (done) {
    await db.insert(trainingProgress).values({ enrolmentId: ctx.enrolment.id, pointId }).onConflictDoNothing();
  } else {
    await db.delete(trainingProgress).where(and(eq(trainingProgress.enrolmentId, ctx.enrolment.id), eq(trainingProgress.pointId, pointId)));
  }
}

/** Attempts that count against the limit (not voided by a reset). */
async function countedAttempts(db: Db, enrolmentId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.enrolmentId, enrolmentId), eq(quizAttempts.voided, false)));
  return Number(r?.n ?? 0);
}

export interface LearnerQuestion {
  id: number;
  text: string;
  multiple: boolean;
  answers: { id: number; text: string }[];
}

/** The drawn questions of an attempt, without a word about which answers are correct. */
async function questionsForLearner(db: Db, ids: number[], locale: Locale): Promise<LearnerQuestion[]> {
  if (ids.length === 0) return [];
  const qs = await db.select().from(trainingQuestions).where(inArray(trainingQuestions.id, ids));
  const as = await db
    .select({ id: trainingAnswers.id, questionId: trainingAnswers.questionId, textPl: trainingAnswers.textPl, textEn: trainingAnswers.textEn })
    .from(trainingAnswers)
    .where(inArray(trainingAnswers.questionId, ids))
    .orderBy(asc(trainingAnswers.position), asc(trainingAnswers.id));
  const byId = new Map(qs.map((q) => [q.id, q]));
  return ids.flatMap((id) => {
    const q = byId.get(id);
    if (!q) return [];
    return [
      {
        id: q.id,
        text: (locale === 'en' && q.textEn) || q.textPl,
        multiple: q.multiple,
        // Shuffled: the position of an answer tells nothing.
        answers: shuffle(as.filter((a) => a.questionId === id)).map((a) => ({ id: a.id, text: (locale === 'en' && a.textEn) || a.textPl })),
      },
    ];
  });
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

export interface QuizState {
  attempt_id: number;
  number: number;
  attempts_left: number;
  deadline_at: string | null;
  questions: LearnerQuestion[];
}

/** The quiz's status for the point page (no questions unless an attempt is open). */
export async function quizStatus(pointId: number, userId: number, locale: Locale) {
  const db = getDb();
  const ctx = await openPoint(db, pointId, userId, locale);
  const used = await countedAttempts(db, ctx.enrolment.id);
  const [open] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.enrolmentId, ctx.enrolment.id), eq(quizAttempts.status, 'open'), eq(quizAttempts.voided, false)));
  const [last] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.enrolmentId, ctx.enrolment.id), eq(quizAttempts.pointId, pointId)))
    .orderBy(desc(quizAttempts.id))
    .limit(1);
  return {
    passed: ctx.done.has(pointId),
    attempts_left: attemptsLeft(ctx.training.quizAttempts, used),
    open_attempt_id: open && !isPastDeadline(open.deadlineAt, now()) ? open.id : null,
    time_limit_minutes: ctx.training.timeLimitMinutes,
    questions_count: ctx.training.questionsPerAttempt,
    pass_percent: ctx.training.passPercent,
    last: last ? { status: last.status, score: last.score, required: last.required } : null,
  };
}

/**
 * Starts (or resumes) an attempt. The enrolment row is locked while the attempts are counted and
 * the new one inserted, so parallel starts are served one after the other and never exceed the
 * limit (the partial unique indexes on the number and on the one open attempt back it up).
 */
export async function startQuiz(pointId: number, userId: number, locale: Locale): Promise<QuizState> {
  const t = tr(locale);
  return getDb().transaction(async (tx) => {
    const ctx = await openPoint(tx, pointId, userId, locale);
    if (ctx.point.kind !== 'quiz') throw new HttpError(422, t('err.notQuiz'));
    if (ctx.done.has(pointId)) throw new HttpError(409, t('err.alreadyPassed'));
    await enrolmentOf(tx, ctx.training.id, userId, true);
    const at = now();
    const [open] = await tx
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.enrolmentId, ctx.enrolment.id), eq(quizAttempts.status, 'open'), eq(quizAttempts.voided, false)));
    if (open) {
      if (!isPastDeadline(open.deadlineAt, at)) {
        const used = await countedAttempts(tx, ctx.enrolment.id);
        return {
          attempt_id: open.id,
          number: open.number,
          attempts_left: attemptsLeft(ctx.training.quizAttempts, used),
          deadline_at: open.deadlineAt?.toISOString() ?? null,
          questions: await questionsForLearner(tx, open.questionIds, locale),
        };
      }
      // Time is up: the attempt is closed as failed with no answers.
      await tx
        .update(quizAttempts)
        .set({ status: 'failed', score: 0, finishedAt: at, answers: {} })
        .where(and(eq(quizAttempts.id, open.id), eq(quizAttempts.status, 'open')));
    }
    const used = await countedAttempts(tx, ctx.enrolment.id);
    if (attemptsLeft(ctx.training.quizAttempts, used) <= 0) throw new HttpError(423, t('err.noAttempts'));
    const pool = await tx
      .select({ id: trainingQuestions.id })
      .from(trainingQuestions)
      .where(and(eq(trainingQuestions.trainingId, ctx.training.id), eq(trainingQuestions.isActive, true)));
    if (pool.length === 0) throw new HttpError(409, t('err.noQuestions'));
    const ids = shuffle(pool.map((q) => q.id)).slice(0, ctx.training.questionsPerAttempt);
    const required = Math.ceil((ids.length * ctx.training.passPercent) / 100);
    const deadlineAt = ctx.training.timeLimitMinutes ? new Date(at.getTime() + ctx.training.timeLimitMinutes * 60_000) : null;
    const [attempt] = await tx
      .insert(quizAttempts)
      .values({ enrolmentId: ctx.enrolment.id, pointId, number: used + 1, questionIds: ids, required, startedAt: at, deadlineAt })
      .returning();
    if (!attempt) throw new Error('attempt not inserted');
    return {
      attempt_id: attempt.id,
      number: attempt.number,
      attempts_left: attemptsLeft(ctx.training.quizAttempts, used + 1),
      deadline_at: deadlineAt?.toISOString() ?? null,
      questions: await questionsForLearner(tx, ids, locale),
    };
  });
}

async function ownAttempt(db: Db, attemptId: number, userId: number, locale: Locale) {
  const [row] = await db
    .select({ attempt: quizAttempts, enrolment: trainingEnrolments })
    .from(quizAttempts)
    .innerJoin(trainingEnrolments, eq(trainingEnrolments.id, quizAttempts.enrolmentId))
    .where(and(eq(quizAttempts.id, attemptId), eq(trainingEnrolments.userId, userId)));
  if (!row) throw new HttpError(404, tr(locale)('err.attemptNotFound'));
  return row;
}

export interface QuizResult {
  passed: boolean;
  score: number;
  required: number;
  total: number;
  timed_out: boolean;
  attempts_left: number;
  wrong_questions: { id: number; text: string }[];
  certificate_number: string | null;
}

/**
 * Finishes an open attempt: the answers are scored on the server. The attempt is closed by a
 * conditional update (`where status = 'open'`), so of parallel finishes exactly one counts and the
 * others get 409. After the deadline (plus a small grace) the answers are not accepted: the
 * attempt fails with score 0.
 */
export async function finishAttempt(attemptId: number, userId: number, answers: Record<string, number[]>, locale: Locale): Promise<QuizResult> {
  const t = tr(locale);
  return getDb().transaction(async (tx) => {
    const { attempt, enrolment } = await ownAttempt(tx, attemptId, userId, locale);
    if (attempt.status !== 'open' || attempt.voided) throw new HttpError(409, t('err.attemptClosed'));
    const ctx = await openPoint(tx, attempt.pointId, userId, locale);
    const at = now();
    const timedOut = isPastDeadline(attempt.deadlineAt, at);
    const ids = attempt.questionIds;
    const correct = await tx
      .select({ id: trainingAnswers.id, questionId: trainingAnswers.questionId })
      .from(trainingAnswers)
      .where(and(inArray(trainingAnswers.questionId, ids), eq(trainingAnswers.isCorrect, true)));
    const questions = ids.map((id) => ({ id, correct: correct.filter((c) => c.questionId === id).map((c) => c.id) }));
    const given: Record<string, number[]> = {};
    if (!timedOut) for (const id of ids) given[String(id)] = [...new Set(answers[String(id)] ?? [])];
    const result = scoreAttempt(questions, given, ctx.training.passPercent);
    const passed = !timedOut && result.passed;
    const score = timedOut ? 0 : result.score;
    const closed = await tx
      .update(quizAttempts)
      .set({ status: passed ? 'passed' : 'failed', score, answers: given, finishedAt: at })
      .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.status, 'open'), eq(quizAttempts.voided, false)))
      .returning({ id: quizAttempts.id });
    if (closed.length === 0) throw new HttpError(409, t('err.attemptClosed'));
    let certificate: string | null = enrolment.certificateNumber;
    if (passed) {
      await tx.insert(trainingProgress).values({ enrolmentId: enrolment.id, pointId: attempt.pointId }).onConflictDoNothing();
      const rows = await orderedPoints(tx, ctx.training.id);
      const done = await doneSet(tx, enrolment.id);
      if (rows.every((r) => done.has(r.point.id)) && !enrolment.doneAt) {
        certificate = certificateNumberOf(at.getFullYear(), enrolment.id);
        const certificateCode = randomBytes(16).toString('hex');
        await tx
          .update(trainingEnrolments)
          .set({
            doneAt: at,
            certificateNumber: certificate,
            certificateCode,
            certificateValidUntil: certificateValidUntil(warsawDay(at), ctx.training.certificateValidMonths),
            updatedAt: at,
          })
          .where(eq(trainingEnrolments.id, enrolment.id));
      }
    }
    const wrongIds = timedOut ? ids : result.wrong;
    const wrongRows = wrongIds.length ? await tx.select().from(trainingQuestions).where(inArray(trainingQuestions.id, wrongIds)) : [];
    const used = await countedAttempts(tx, enrolment.id);
    return {
      passed,
      score,
      required: result.required,
      total: ids.length,
      timed_out: timedOut,
      attempts_left: attemptsLeft(ctx.training.quizAttempts, used),
      wrong_questions: wrongIds.flatMap((id) => {
        const q = wrongRows.find((r) => r.id === id);
        return q ? [{ id: q.id, text: (locale === 'en' && q.textEn) || q.textPl }] : [];
      }),
      certificate_number: passed ? certificate : null,
    };
  });
}

/** Stops an open attempt (it still counts as an attempt). */
export async function stopAttempt(attemptId: number, userId: number, locale: Locale) {
  const db = getDb();
  const { attempt } = await ownAttempt(db, attemptId, userId, locale);
  const closed = await db
    .update(quizAttempts)
    .set({ status: 'stopped', finishedAt: now() })
    .where(and(eq(quizAttempts.id, attempt.id), eq(quizAttempts.status, 'open')))
    .returning({ id: quizAttempts.id });
  if (closed.length === 0) throw new HttpError(409, tr(locale)('err.attemptClosed'));
}

/** The anonymous questionnaire after passing; once per enrolment (conditional update). */
export async function submitQuestionnaire(trainingId: number, userId: number, input: { ratings: Record<string, number>; comment: string }, locale: Locale) {
  const t = tr(locale);
  await getDb().transaction(async (tx) => {
    const training = await activeTraining(tx, trainingId, locale);
    if (!training.questionnaireEnabled) throw new HttpError(404, t('err.noQuestionnaire'));
    const e = await enrolmentOf(tx, trainingId, userId);
    if (!e?.doneAt) throw new HttpError(423, t('err.questionnaireLocked'));
    const updated = await tx
      .update(trainingEnrolments)
      .set({ questionnaireAt: now() })
      .where(and(eq(trainingEnrolments.id, e.id), isNull(trainingEnrolments.questionnaireAt)))
      .returning({ id: trainingEnrolments.id });
    if (updated.length === 0) throw new HttpError(409, t('err.questionnaireDone'));
    const ratings: Record<string, number> = {};
    for (const k of QUESTIONNAIRE_KEYS) ratings[k] = input.ratings[k] as number;
    await tx.insert(trainingQuestionnaireResponses).values({ trainingId, ratings, comment: input.comment });
  });
}

export interface PublicComment {
  id: number;
  author: string;
  body: string;
  answer: string | null;
  created_at: string;
  answered_at: string | null;
  is_mine: boolean;
}

/** Comments of a point, visible to the learners who may open it. */
export async function listComments(pointId: number, userId: number, locale: Locale): Promise<PublicComment[]> {
  const db = getDb();
  await openPoint(db, pointId, userId, locale);
  const rows = await db
    .select({ c: trainingComments, firstName: users.firstName, surname: users.surname })
    .from(trainingComments)
    .innerJoin(users, eq(users.id, trainingComments.userId))
    .where(eq(trainingComments.pointId, pointId))
    .orderBy(asc(trainingComments.createdAt), asc(trainingComments.id));
  return rows.map((r) => ({
    id: r.c.id,
    author: `${r.firstName} ${r.surname.slice(0, 1)}${r.surname ? '.' : ''}`.trim(),
    body: r.c.body,
    answer: r.c.answer,
    created_at: r.c.createdAt.toISOString(),
    answered_at: r.c.answeredAt?.toISOString() ?? null,
    is_mine: r.c.userId === userId,
  }));
}

export async function addComment(pointId: number, userId: number, body: string, locale: Locale) {
  const db = getDb();
  const ctx = await openPoint(db, pointId, userId, locale);
  const [c] = await db
    .insert(trainingComments)
    .values({ pointId, trainingId: ctx.training.id, userId, body, createdAt: now() })
    .returning({ id: trainingComments.id });
  return c?.id ?? 0;
}

/** The point page: the lesson's content (sanitised when stored) and its neighbours. */
export async function getLearnerPoint(pointId: number, userId: number, locale: Locale) {
  const db = getDb();
  const ctx = await openPoint(db, pointId, userId, locale);
  const idx = ctx.ordered.findIndex((p) => p.id === pointId);
  const prev = idx > 0 ? ctx.ordered[idx - 1] : undefined;
  const next = idx >= 0 && idx < ctx.ordered.length - 1 ? ctx.ordered[idx + 1] : undefined;
  const titles = await db
    .select({ id: trainingPoints.id, titlePl: trainingPoints.titlePl, titleEn: trainingPoints.titleEn })
    .from(trainingPoints)
    .where(inArray(trainingPoints.id, [prev?.id ?? 0, next?.id ?? 0]));
  const link = (p?: { id: number }) => {
    const r = p && titles.find((x) => x.id === p.id);
    return r ? { id: r.id, title: titleOf(r, locale), slug: slugOf(titleOf(r, locale)) } : null;
  };
  const attached = ctx.point.kind === 'lesson' ? ((await filesOfPoints(db, [pointId])).get(pointId) ?? []) : [];
  return {
    id: ctx.point.id,
    kind: ctx.point.kind,
    attachments: attached.map((f) => ({ ...f, url: lessonFileUrl(pointId, f.id, f.name) })),
    title: titleOf(ctx.point, locale),
    content: (locale === 'en' && ctx.point.contentEn) || ctx.point.contentPl,
    video_url: ctx.point.videoUrl,
    is_done: ctx.done.has(pointId),
    training: { id: ctx.training.id, slug: ctx.training.slug, title: titleOf(ctx.training, locale) },
    module: { id: ctx.moduleId, title: ctx.moduleTitle },
    prev: link(prev),
    next: link(next),
  };
}

/**
 * A lesson attachment for a learner: the point must open for them (423 with the reason when the
 * training is not started, not accepted, expired or the point is locked; 404 for an unknown point)
 * and the file must belong to that point (404).
 */
export async function lessonAttachment(pointId: number, fileId: string, userId: number, locale: Locale): Promise<StoredFile> {
  const db = getDb();
  await openPoint(db, pointId, userId, locale);
  const [row] = await db
    .select({ file: files })
    .from(trainingPointFiles)
    .innerJoin(files, eq(files.id, trainingPointFiles.fileId))
    .where(and(eq(trainingPointFiles.pointId, pointId), eq(trainingPointFiles.fileId, fileId)));
  if (!row) throw new HttpError(404, tr(locale)('files.notFound'));
  return row.file;
}

/** Any training route with expired access shows the expired screen: a quick check for loaders. */
export async function trainingOfPoint(pointId: number): Promise<number | null> {
  const [r] = await getDb().select({ t: trainingPoints.trainingId }).from(trainingPoints).where(eq(trainingPoints.id, pointId));
  return r?.t ?? null;
}
export async function trainingOfModule(moduleId: number): Promise<number | null> {
  const [r] = await getDb().select({ t: trainingModules.trainingId }).from(trainingModules).where(eq(trainingModules.id, moduleId));
  return r?.t ?? null;
}
export async function accessOf(trainingId: number, userId: number): Promise<AccessState> {
  return accessStateOf(await enrolmentOf(getDb(), trainingId, userId), now());
}

export interface MyEnrolment {
  training_id: number;
  slug: string;
  title: string;
  badge: Badge;
  access: AccessState;
  progress: number;
  started_at: string;
  expires_at: string | null;
  certificate_number: string | null;
}

/** My account: the user's enrolments with status, progress, expiry and certificate. */
export async function listMyEnrolments(userId: number, locale: Locale): Promise<MyEnrolment[]> {
  const db = getDb();
  const rows = await db
    .select({ e: trainingEnrolments, t: trainings })
    .from(trainingEnrolments)
    .innerJoin(trainings, eq(trainings.id, trainingEnrolments.trainingId))
    .where(eq(trainingEnrolments.userId, userId))
    .orderBy(desc(trainingEnrolments.startedAt));
  const at = now();
  const out: MyEnrolment[] = [];
  for (const { e, t } of rows) {
    const pts = await db.select({ id: trainingPoints.id }).from(trainingPoints).where(eq(trainingPoints.trainingId, t.id));
    const done = await doneSet(db, e.id);
    out.push({
      training_id: t.id,
      slug: t.slug,
      title: titleOf(t, locale),
      badge: badgeOf(flagsOf(e, at)),
      access: accessStateOf(e, at),
      progress: progressPercent(pts.map((p) => ({ id: p.id, done: done.has(p.id) }))),
      started_at: e.startedAt.toISOString(),
      expires_at: e.expiresAt?.toISOString() ?? null,
      certificate_number: e.certificateNumber,
    });
  }
  return out;
}

/** The data of a certificate by its number (the learner's own PDF; the caller checks the owner). */
export async function certificateByNumber(number: string) {
  return certificateWhere(eq(trainingEnrolments.certificateNumber, number));
}

/** The data of a certificate by its public verification key (number and random code), or null. */
export async function certificateByKey(key: string) {
  const parsed = parseCertificateKey(key);
  if (!parsed) return null;
  const found = await certificateWhere(eq(trainingEnrolments.certificateCode, parsed.code));
  return found?.number === parsed.number ? found : null;
}

/** The data of a certificate by its random public code alone (the link form, issue 42), or null. */
export async function certificateByCode(code: string) {
  if (!isCertificateCode(code)) return null;
  return certificateWhere(eq(trainingEnrolments.certificateCode, code));
}

/** A surname as compared by the verification form: trimmed, one space, case and NFC folded. */
export const normalSurname = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pl');

/**
 * The verification form (issue 42): a certificate by its human number and the holder's surname;
 * a wrong surname answers exactly as an unknown number (null), so the number alone shows nothing.
 */
export async function certificateByNumberAndSurname(number: string, surname: string) {
  const found = await certificateWhere(eq(trainingEnrolments.certificateNumber, number.trim()));
  if (!found || normalSurname(found.surname) === '' || normalSurname(found.surname) !== normalSurname(surname)) return null;
  return found;
}

export type CertificateData = NonNullable<Awaited<ReturnType<typeof certificateWhere>>>;

export function publicCertificate(c: CertificateData, locale: Locale): PublicCertificate {
  return {
    status: c.status,
    number: c.number,
    holder: c.name,
    training: (locale === 'en' && c.titleEn) || c.titlePl,
    issued_at: c.doneAt.toISOString(),
    valid_until: c.validUntil,
  };
}

async function certificateWhere(where: SQL) {
  const [r] = await getDb()
    .select({ e: trainingEnrolments, t: trainings, firstName: users.firstName, surname: users.surname, email: users.email })
    .from(trainingEnrolments)
    .innerJoin(trainings, eq(trainings.id, trainingEnrolments.trainingId))
    .innerJoin(users, eq(users.id, trainingEnrolments.userId))
    .where(and(where, gt(trainingEnrolments.id, 0)));
  if (!r?.e.doneAt || !r.e.certificateNumber || !r.e.certificateCode) return null;
  return {
    number: r.e.certificateNumber,
    code: r.e.certificateCode,
    name: `${r.firstName} ${r.surname}`.trim(),
    firstName: r.firstName,
    surname: r.surname,
    email: r.email,
    locale: r.e.locale,
    titlePl: r.t.titlePl,
    titleEn: r.t.titleEn,
    doneAt: r.e.doneAt,
    validUntil: r.e.certificateValidUntil,
    revokedAt: r.e.certificateRevokedAt,
    status: certificateStatus({ validUntil: r.e.certificateValidUntil, revokedAt: r.e.certificateRevokedAt }, todayInWarsaw()),
    enrolmentId: r.e.id,
    userId: r.e.userId,
    trainingId: r.t.id,
  };
}
