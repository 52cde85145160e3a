// Administration of the online trainings (permission group trainings, SPEC section 6): trainings
// with their modules and points edited in place, questions (and their XLSX import), the learners
// (accept, refuse, extend, reset attempts, progress and attempts), comments answered by the
// trainer and the questionnaire results (with XLSX export).
import ExcelJS from 'exceljs';
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { ARCHIVE_LIMITS, UnsafeArchiveError, archiveErrorMessage, assertSafeArchive } from '~/core/files/zip-guard.server';
import { HttpError, validationError } from '~/core/http/errors';
import { pageWithin } from '~/core/http/pagination';
import { clearPageCache } from '~/core/server/page-cache.server';
import { sanitizeRichText, videoEmbedSrc } from '~/core/html/sanitize.server';
import type { Locale } from '~/core/i18n/locale';
import { escapeLike, slugify } from '~/core/text';
import { users } from '~/features/accounts/accounts.schema';
import { decisionMail, extensionMail } from '../training-mail.server';
import {
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
} from '../trainings.schema';
import { now } from '~/core/time/clock';
import { accessStateOf, flagsOf, titleOf, tr, trainingsSettings } from '../trainings.server';
import { assertImageFile, assertOwnTrainingFiles, filesOfPoints, saveLessonFiles } from '../training-files.server';
import { QUESTIONNAIRE_KEYS, badgeOf, expiryOf, extendedExpiry, progressPercent } from '../rules';
import type { QuestionInput, TrainingInput } from '../validation';

export const ADMIN_PER_PAGE = 20;

// -- trainings --------------------------------------------------------------------------------

export async function listAdminTrainings(locale: Locale) {
  const db = getDb();
  const rows = await db.select().from(trainings).orderBy(asc(trainings.position), asc(trainings.id));
  const qs = await db.select({ trainingId: trainingQuestions.trainingId, n: count() }).from(trainingQuestions).groupBy(trainingQuestions.trainingId);
  const es = await db.select({ trainingId: trainingEnrolments.trainingId, n: count() }).from(trainingEnrolments).groupBy(trainingEnrolments.trainingId);
  return rows.map((t) => ({
    id: t.id,
    title: titleOf(t, locale),
    slug: t.slug,
    image_file_id: t.imageFileId,
    is_active: t.isActive,
    access_days: t.accessDays,
    questions: Number(qs.find((q) => q.trainingId === t.id)?.n ?? 0),
    participants: Number(es.find((e) => e.trainingId === t.id)?.n ?? 0),
  }));
}

export async function getAdminTraining(id: number) {
  const db = getDb();
  const [t] = await db.select().from(trainings).where(eq(trainings.id, id));
  if (!t) return null;
  const modules = await db
    .select()
    .from(trainingModules)
    .where(eq(trainingModules.trainingId, id))
    .orderBy(asc(trainingModules.position), asc(trainingModules.id));
  const points = await db.select().from(trainingPoints).where(eq(trainingPoints.trainingId, id)).orderBy(asc(trainingPoints.position), asc(trainingPoints.id));
  const attached = await filesOfPoints(
    db,
    points.map((p) => p.id),
  );
  return {
    id: t.id,
    version: t.version,
    title_pl: t.titlePl,
    title_en: t.titleEn,
    slug: t.slug,
    description_pl: t.descriptionPl,
    description_en: t.descriptionEn,
    image_file_id: t.imageFileId,
    access_days: t.accessDays,
    quiz_attempts: t.quizAttempts,
    pass_percent: t.passPercent,
    questions_per_attempt: t.questionsPerAttempt,
    time_limit_minutes: t.timeLimitMinutes,
    certificate_valid_months: t.certificateValidMonths,
    questionnaire_enabled: t.questionnaireEnabled,
    is_active: t.isActive,
    position: t.position,
    modules: modules.map((m) => ({
      id: m.id,
      title_pl: m.titlePl,
      title_en: m.titleEn,
      points: points
        .filter((p) => p.moduleId === m.id)
        .map((p) => ({
          id: p.id,
          kind: p.kind,
          title_pl: p.titlePl,
          title_en: p.titleEn,
          content_pl: p.contentPl,
          content_en: p.contentEn,
          video_url: p.videoUrl ?? '',
          files: attached.get(p.id) ?? [],
        })),
    })),
  };
}

function trainingValues(input: TrainingInput) {
  return {
    titlePl: input.title_pl,
    titleEn: input.title_en,
    slug: input.slug || slugify(input.title_pl) || 'szkolenie',
    descriptionPl: sanitizeRichText(input.description_pl),
    descriptionEn: sanitizeRichText(input.description_en),
    imageFileId: input.image_file_id,
    accessDays: input.access_days,
    quizAttempts: input.quiz_attempts,
    passPercent: input.pass_percent,
    questionsPerAttempt: input.questions_per_attempt,
    timeLimitMinutes: input.time_limit_minutes,
    certificateValidMonths: input.certificate_valid_months,
    questionnaireEnabled: input.questionnaire_enabled,
    isActive: input.is_active,
    position: input.position,
  };
}

async function assertSlugFree(db: Db, slug: string, exceptId: number | null, locale: Locale) {
  const [other] = await db.select({ id: trainings.id }).from(trainings).where(eq(trainings.slug, slug));
  if (other && other.id !== exceptId) throw validationError({ slug: [tr(locale)('v.slugTaken')] }, tr(locale)('v.invalid'));
}

function checkVideos(input: TrainingInput, locale: Locale) {
  const errors: Record<string, string[]> = {};
  input.modules.forEach((m, mi) => {
    m.points.forEach((p, pi) => {
      if (p.video_url && !videoEmbedSrc(p.video_url)) errors[`modules.${mi}.points.${pi}.video_url`] = [tr(locale)('v.video')];
    });
  });
  if (Object.keys(errors).length) throw validationError(errors, tr(locale)('v.invalid'));
}

/** Saves the ordered modules and points: existing ids are updated, new ones inserted, missing ones deleted. */
async function saveStructure(tx: Db, trainingId: number, input: TrainingInput, locale: Locale) {
  const oldModules = await tx.select({ id: trainingModules.id }).from(trainingModules).where(eq(trainingModules.trainingId, trainingId));
  const oldPoints = await tx.select({ id: trainingPoints.id }).from(trainingPoints).where(eq(trainingPoints.trainingId, trainingId));
  const moduleIds = new Set(oldModules.map((m) => m.id));
  const pointIds = new Set(oldPoints.map((p) => p.id));
  const keptModules: number[] = [];
  const keptPoints: number[] = [];
  const lessonFiles: { pointId: number; fileIds: string[]; path: string }[] = [];
  for (const [mi, m] of input.modules.entries()) {
    let moduleId: number;
    if (m.id && moduleIds.has(m.id)) {
      moduleId = m.id;
      await tx.update(trainingModules).set({ titlePl: m.title_pl, titleEn: m.title_en, position: mi }).where(eq(trainingModules.id, m.id));
    } else {
      const [row] = await tx
        .insert(trainingModules)
        .values({ trainingId, titlePl: m.title_pl, titleEn: m.title_en, position: mi })
        .returning({ id: trainingModules.id });
      moduleId = row?.id ?? 0;
    }
    keptModules.push(moduleId);
    for (const [pi, p] of m.points.entries()) {
      const values = {
        moduleId,
        trainingId,
        kind: p.kind,
        titlePl: p.title_pl,
        titleEn: p.title_en,
        contentPl: sanitizeRichText(p.content_pl, { allowMedia: true }),
        contentEn: sanitizeRichText(p.content_en, { allowMedia: true }),
        videoUrl: p.video_url ? videoEmbedSrc(p.video_url) : null,
        position: pi,
      };
      let pointId: number;
      if (p.id && pointIds.has(p.id)) {
        await tx.update(trainingPoints).set(values).where(eq(trainingPoints.id, p.id));
        pointId = p.id;
      } else {
        const [row] = await tx.insert(trainingPoints).values(values).returning({ id: trainingPoints.id });
        pointId = row?.id ?? 0;
      }
      keptPoints.push(pointId);
      // Only lessons carry attachments; a point turned into the quiz loses them.
      lessonFiles.push({ pointId, fileIds: p.kind === 'lesson' ? p.files : [], path: `modules.${mi}.points.${pi}` });
    }
  }
  const dropPoints = [...pointIds].filter((id) => !keptPoints.includes(id));
  if (dropPoints.length) await tx.delete(trainingPoints).where(inArray(trainingPoints.id, dropPoints));
  const dropModules = [...moduleIds].filter((id) => !keptModules.includes(id));
  if (dropModules.length) await tx.delete(trainingModules).where(inArray(trainingModules.id, dropModules));
  await saveLessonFiles(tx, lessonFiles, locale);
}

export async function createTraining(input: TrainingInput, locale: Locale): Promise<number> {
  checkVideos(input, locale);
  return getDb().transaction(async (tx) => {
    const values = trainingValues(input);
    await assertSlugFree(tx, values.slug, null, locale);
    await assertImageFile(tx, values.imageFileId, locale);
    await assertOwnTrainingFiles(tx, null, input, locale);
    const [row] = await tx.insert(trainings).values(values).returning({ id: trainings.id });
    if (!row) throw new Error('not inserted');
    await saveStructure(tx, row.id, input, locale);
    return row.id;
  });
}

export async function updateTraining(id: number, input: TrainingInput, actor: Actor, locale: Locale) {
  checkVideos(input, locale);
  const version = input.version;
  if (!version) throw validationError({ version: [tr(locale)('v.version')] }, tr(locale)('v.invalid'));
  await getDb().transaction(async (tx) => {
    const values = trainingValues(input);
    await assertSlugFree(tx, values.slug, id, locale);
    await assertImageFile(tx, values.imageFileId, locale);
    await assertOwnTrainingFiles(tx, id, input, locale);
    await updateWithVersion(tx, trainings, id, version, values, { locale, audit: { userId: actor.userId, userEmail: actor.userEmail, entity: 'trainings' } });
    await saveStructure(tx, id, input, locale);
  });
  // A picture that stopped being public (training deactivated or picture replaced) must not stay cached as public.
  clearPageCache();
}

export async function deleteTraining(id: number, locale: Locale) {
  const db = getDb();
  const [e] = await db.select({ n: count() }).from(trainingEnrolments).where(eq(trainingEnrolments.trainingId, id));
  if (Number(e?.n ?? 0) > 0) throw new HttpError(409, tr(locale)('admin.hasParticipants'));
  const gone = await db.delete(trainings).where(eq(trainings.id, id)).returning({ id: trainings.id });
  if (gone.length === 0) throw new HttpError(404, tr(locale)('err.trainingNotFound'));
  clearPageCache();
}

// -- questions ------------------------------------------------------------------------------

export async function listQuestions(trainingId: number) {
  const db = getDb();
  const qs = await db
    .select()
    .from(trainingQuestions)
    .where(eq(trainingQuestions.trainingId, trainingId))
    .orderBy(asc(trainingQuestions.position), asc(trainingQuestions.id));
  const ids = qs.map((q) => q.id);
  const as = ids.length
    ? await db.select().from(trainingAnswers).where(inArray(trainingAnswers.questionId, ids)).orderBy(asc(trainingAnswers.position), asc(trainingAnswers.id))
    : [];
  return qs.map((q) => ({
    id: q.id,
    text_pl: q.textPl,
    text_en: q.textEn,
    multiple: q.multiple,
    is_active: q.isActive,
    position: q.position,
    answers: as.filter((a) => a.questionId === q.id).map((a) => ({ id: a.id, text_pl: a.textPl, text_en: a.textEn, is_correct: a.isCorrect })),
  }));
}

async function writeAnswers(tx: Db, questionId: number, input: QuestionInput) {
  await tx.delete(trainingAnswers).where(eq(trainingAnswers.questionId, questionId));
  await tx
    .insert(trainingAnswers)
    .values(input.answers.map((a, i) => ({ questionId, textPl: a.text_pl, textEn: a.text_en, isCorrect: a.is_correct, position: i })));
}

export async function createQuestion(trainingId: number, input: QuestionInput, locale: Locale): Promise<number> {
  return getDb().transaction(async (tx) => {
    const [t] = await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, trainingId));
    if (!t) throw new HttpError(404, tr(locale)('err.trainingNotFound'));
    const [q] = await tx
      .insert(trainingQuestions)
      .values({ trainingId, textPl: input.text_pl, textEn: input.text_en, multiple: input.multiple, isActive: input.is_active, position: input.position })
      .returning({ id: trainingQuestions.id });
    if (!q) throw new Error('not inserted');
    await writeAnswers(tx, q.id, input);
    return q.id;
  });
}

export async function updateQuestion(trainingId: number, questionId: number, input: QuestionInput, locale: Locale) {
  await getDb().transaction(async (tx) => {
    const done = await tx
      .update(trainingQuestions)
      .set({ textPl: input.text_pl, textEn: input.text_en, multiple: input.multiple, isActive: input.is_active, position: input.position })
      .where(and(eq(trainingQuestions.id, questionId), eq(trainingQuestions.trainingId, trainingId)))
      .returning({ id: trainingQuestions.id });
    if (done.length === 0) throw new HttpError(404, tr(locale)('admin.questionNotFound'));
    await writeAnswers(tx, questionId, input);
  });
}

export async function deleteQuestion(trainingId: number, questionId: number, locale: Locale) {
  const gone = await getDb()
    .delete(trainingQuestions)
    .where(and(eq(trainingQuestions.id, questionId), eq(trainingQuestions.trainingId, trainingId)))
    .returning({ id: trainingQuestions.id });
  if (gone.length === 0) throw new HttpError(404, tr(locale)('admin.questionNotFound'));
}

/**
 * XLSX import of questions: a header row, then one question per row: text_pl, text_en, multiple
 * (1/0), then answer pairs "answer_pl, answer_en, correct (1/0)" up to 6. The archive passes
 * assertSafeArchive before ExcelJS reads it; any bad row refuses the whole file with its row number.
 */
/** Answers per question the import reads (three columns each: text pl, text en, correct 1/0). */
export const IMPORT_ANSWERS = 6;

/**
 * The XLSX template of the question import: one header row (skipped by the import) naming the
 * columns importQuestions reads, and one example row a teacher overwrites.
 */
export async function questionsTemplateXlsx(locale: Locale): Promise<Buffer> {
  const en = locale === 'en';
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(en ? 'Questions' : 'Pytania');
  const header = [en ? 'Question (PL)' : 'Pytanie (PL)', en ? 'Question (EN)' : 'Pytanie (EN)', en ? 'Multiple correct (1/0)' : 'Wiele poprawnych (1/0)'];
  for (let a = 1; a <= IMPORT_ANSWERS; a++) {
    header.push(
      en ? `Answer ${a} (PL)` : `Odpowiedź ${a} (PL)`,
      en ? `Answer ${a} (EN)` : `Odpowiedź ${a} (EN)`,
      en ? `Answer ${a} correct (1/0)` : `Odpowiedź ${a} poprawna (1/0)`,
    );
  }
  ws.addRow(header);
  ws.addRow([
    'Jaka jest maksymalna długość kanału miedzianego wg ISO/IEC 11801?',
    'What is the maximum length of a copper channel per ISO/IEC 11801?',
    '0',
    '100 m',
    '100 m',
    '1',
    '90 m',
    '90 m',
    '0',
    '150 m',
    '150 m',
    '0',
  ]);
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  ws.columns.forEach((c, i) => {
    c.width = i < 2 ? 50 : i === 2 ? 22 : 24;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function importQuestions(trainingId: number, data: Buffer, locale: Locale, parse: (input: unknown) => QuestionInput) {
  const t = tr(locale);
  const fileError = (message: string) => validationError({ file: [message] }, message);
  try {
    await assertSafeArchive(data, ARCHIVE_LIMITS);
  } catch (e) {
    if (e instanceof UnsafeArchiveError)
      throw fileError(e.problem === 'tooLarge' || e.problem === 'tooManyEntries' ? archiveErrorMessage(e, locale) : t('import.badFile'));
    throw e;
  }
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw fileError(t('import.badFile'));
  }
  const ws = wb.worksheets[0];
  if (!ws) throw fileError(t('import.badFile'));
  const cell = (v: ExcelJS.CellValue): string => {
    if (v == null) return '';
    if (typeof v === 'object' && 'richText' in v) return v.richText.map((r) => r.text).join('');
    if (typeof v === 'object' && 'text' in v) return String(v.text);
    if (typeof v === 'object' && 'result' in v) return String(v.result ?? '');
    return String(v);
  };
  const inputs: QuestionInput[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const values = Array.from({ length: 3 + IMPORT_ANSWERS * 3 }, (_, i) => cell(row.getCell(i + 1).value).trim());
    if (values.every((v) => v === '')) continue;
    const answers = [];
    for (let a = 0; a < IMPORT_ANSWERS; a++) {
      const [pl, en, ok] = values.slice(3 + a * 3, 6 + a * 3);
      if (pl)
        answers.push({ text_pl: pl, text_en: en ?? '', is_correct: ok === '1' || ok?.toLowerCase() === 'tak' || ok?.toLowerCase() === 'yes' ? '1' : '0' });
    }
    try {
      inputs.push(parse({ text_pl: values[0], text_en: values[1], multiple: values[2] === '1' ? '1' : '0', answers, position: String(r) }));
    } catch (e) {
      const msg = e instanceof HttpError && 'errors' in e ? Object.values((e as HttpError & { errors: Record<string, string[]> }).errors).flat()[0] : '';
      throw fileError(t('import.badRow', { row: r, reason: msg ?? '' }));
    }
    if (inputs.length > 500) throw fileError(t('import.tooMany'));
  }
  if (inputs.length === 0) throw fileError(t('import.noRows'));
  await getDb().transaction(async (tx) => {
    const [tt] = await tx.select({ id: trainings.id }).from(trainings).where(eq(trainings.id, trainingId));
    if (!tt) throw new HttpError(404, t('err.trainingNotFound'));
    for (const input of inputs) {
      const [q] = await tx
        .insert(trainingQuestions)
        .values({ trainingId, textPl: input.text_pl, textEn: input.text_en, multiple: input.multiple, position: input.position })
        .returning({ id: trainingQuestions.id });
      if (q) await writeAnswers(tx, q.id, input);
    }
  });
  return inputs.length;
}

// -- learners -------------------------------------------------------------------------------

export async function listTrainingUsers(filters: { trainingId?: number; search?: string; status?: string; page: number }, locale: Locale) {
  const db = getDb();
  const conds = [];
  if (filters.trainingId) conds.push(eq(trainingEnrolments.trainingId, filters.trainingId));
  if (filters.status === 'pending' || filters.status === 'accepted' || filters.status === 'refused') conds.push(eq(trainingEnrolments.status, filters.status));
  if (filters.search) {
    const like = `%${escapeLike(filters.search)}%`;
    conds.push(or(ilike(users.email, like), ilike(users.surname, like), ilike(users.firstName, like)));
  }
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(trainingEnrolments).innerJoin(users, eq(users.id, trainingEnrolments.userId)).where(where);
  const shown = pageWithin(filters.page, Number(total?.n ?? 0), ADMIN_PER_PAGE);
  const rows = await db
    .select({ e: trainingEnrolments, t: trainings, email: users.email, firstName: users.firstName, surname: users.surname })
    .from(trainingEnrolments)
    .innerJoin(users, eq(users.id, trainingEnrolments.userId))
    .innerJoin(trainings, eq(trainings.id, trainingEnrolments.trainingId))
    .where(where)
    .orderBy(sql`case ${trainingEnrolments.status} when 'pending' then 0 else 1 end`, desc(trainingEnrolments.startedAt), desc(trainingEnrolments.id))
    .limit(ADMIN_PER_PAGE)
    .offset(shown.offset);
  const at = now();
  const items = [];
  for (const { e, t, email, firstName, surname } of rows) {
    const [pts] = await db.select({ n: count() }).from(trainingPoints).where(eq(trainingPoints.trainingId, t.id));
    const [done] = await db.select({ n: count() }).from(trainingProgress).where(eq(trainingProgress.enrolmentId, e.id));
    const total = Number(pts?.n ?? 0);
    const flags = flagsOf(e, at);
    items.push({
      training_id: t.id,
      user_id: e.userId,
      training: titleOf(t, locale),
      user: `${firstName} ${surname}`.trim(),
      email,
      status: e.status,
      access: accessStateOf(e, at),
      badge: badgeOf(flags),
      ...flags,
      progress: total ? Math.floor((Number(done?.n ?? 0) * 100) / total) : 0,
      started_at: e.startedAt.toISOString(),
      accepted_at: e.acceptedAt?.toISOString() ?? null,
      expires_at: e.expiresAt?.toISOString() ?? null,
    });
  }
  return { items, pages: shown.pages, page: shown.page, total: Number(total?.n ?? 0) };
}

async function enrolmentWithPeople(db: Db, trainingId: number, userId: number, locale: Locale) {
  const [r] = await db
    .select({ e: trainingEnrolments, t: trainings, u: users })
    .from(trainingEnrolments)
    .innerJoin(trainings, eq(trainings.id, trainingEnrolments.trainingId))
    .innerJoin(users, eq(users.id, trainingEnrolments.userId))
    .where(and(eq(trainingEnrolments.trainingId, trainingId), eq(trainingEnrolments.userId, userId)))
    .for('update', { of: trainingEnrolments });
  if (!r) throw new HttpError(404, tr(locale)('admin.enrolmentNotFound'));
  return r;
}

const trainingUrl = (locale: Locale, t: { id: number; slug: string }) => `${trainingsSettings().siteUrl}/${locale}/training/${t.id}-${t.slug}`;

/** Accepts the request: access from now for the training's access days; a mail to the learner. */
export async function acceptEnrolment(trainingId: number, userId: number, locale: Locale) {
  await getDb().transaction(async (tx) => {
    const { e, t, u } = await enrolmentWithPeople(tx, trainingId, userId, locale);
    if (e.status === 'accepted') throw new HttpError(409, tr(locale)('admin.alreadyAccepted'));
    const at = now();
    const expiresAt = expiryOf(at, t.accessDays);
    await tx.update(trainingEnrolments).set({ status: 'accepted', acceptedAt: at, expiresAt, updatedAt: at }).where(eq(trainingEnrolments.id, e.id));
    await decisionMail(
      tx,
      { email: u.email, locale: e.locale },
      { name: u.firstName, title: titleOf(t, e.locale), accepted: true, expiresAt, url: trainingUrl(e.locale, t) },
    );
  });
}

export async function refuseEnrolment(trainingId: number, userId: number, locale: Locale) {
  await getDb().transaction(async (tx) => {
    const { e, t, u } = await enrolmentWithPeople(tx, trainingId, userId, locale);
    if (e.status === 'refused') throw new HttpError(409, tr(locale)('admin.alreadyRefused'));
    await tx.update(trainingEnrolments).set({ status: 'refused', updatedAt: now() }).where(eq(trainingEnrolments.id, e.id));
    await decisionMail(
      tx,
      { email: u.email, locale: e.locale },
      { name: u.firstName, title: titleOf(t, e.locale), accepted: false, expiresAt: null, url: trainingUrl(e.locale, t) },
    );
  });
}

/** Extends access by `days` from the later of the current end and now (accepting a pending request too). */
export async function extendEnrolment(trainingId: number, userId: number, days: number, locale: Locale) {
  return getDb().transaction(async (tx) => {
    const { e, t, u } = await enrolmentWithPeople(tx, trainingId, userId, locale);
    const at = now();
    const expiresAt = extendedExpiry(e.expiresAt, days, at);
    await tx
      .update(trainingEnrolments)
      .set({ status: 'accepted', acceptedAt: e.acceptedAt ?? at, expiresAt, updatedAt: at })
      .where(eq(trainingEnrolments.id, e.id));
    await extensionMail(tx, { email: u.email, locale: e.locale }, { name: u.firstName, title: titleOf(t, e.locale), expiresAt, url: trainingUrl(e.locale, t) });
    return expiresAt;
  });
}

/** Ends access now (e.g. a mistaken acceptance or a finished contract): the training shows as expired. */
export async function expireEnrolment(trainingId: number, userId: number, locale: Locale) {
  await getDb().transaction(async (tx) => {
    const { e } = await enrolmentWithPeople(tx, trainingId, userId, locale);
    if (e.status !== 'accepted') throw new HttpError(409, tr(locale)('admin.notAccepted'));
    const at = now();
    await tx.update(trainingEnrolments).set({ expiresAt: at, updatedAt: at }).where(eq(trainingEnrolments.id, e.id));
  });
}

/** Resets the attempts: earlier attempts stay visible but no longer count. */
export async function resetAttempts(trainingId: number, userId: number, locale: Locale) {
  await getDb().transaction(async (tx) => {
    const { e } = await enrolmentWithPeople(tx, trainingId, userId, locale);
    const at = now();
    await tx
      .update(quizAttempts)
      .set({
        voided: true,
        status: sql`case when ${quizAttempts.status} = 'open' then 'stopped' else ${quizAttempts.status} end`,
        finishedAt: sql`coalesce(${quizAttempts.finishedAt}, ${at.toISOString()}::timestamptz)`,
      })
      .where(and(eq(quizAttempts.enrolmentId, e.id), eq(quizAttempts.voided, false)));
    await tx.update(trainingEnrolments).set({ attemptsResetAt: at, updatedAt: at }).where(eq(trainingEnrolments.id, e.id));
  });
}

/** One learner in one training: progress per point, every attempt with its answers, comments. */
export async function trainingUserDetail(trainingId: number, userId: number, locale: Locale) {
  const db = getDb();
  const [r] = await db
    .select({ e: trainingEnrolments, t: trainings, u: users })
    .from(trainingEnrolments)
    .innerJoin(trainings, eq(trainings.id, trainingEnrolments.trainingId))
    .innerJoin(users, eq(users.id, trainingEnrolments.userId))
    .where(and(eq(trainingEnrolments.trainingId, trainingId), eq(trainingEnrolments.userId, userId)));
  if (!r) return null;
  const { e, t, u } = r;
  const points = await db
    .select({ p: trainingPoints, m: trainingModules })
    .from(trainingPoints)
    .innerJoin(trainingModules, eq(trainingModules.id, trainingPoints.moduleId))
    .where(eq(trainingPoints.trainingId, trainingId))
    .orderBy(asc(trainingModules.position), asc(trainingModules.id), asc(trainingPoints.position), asc(trainingPoints.id));
  const progress = await db.select().from(trainingProgress).where(eq(trainingProgress.enrolmentId, e.id));
  const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.enrolmentId, e.id)).orderBy(asc(quizAttempts.id));
  const qIds = [...new Set(attempts.flatMap((a) => a.questionIds))];
  const qs = qIds.length ? await db.select().from(trainingQuestions).where(inArray(trainingQuestions.id, qIds)) : [];
  const as = qIds.length ? await db.select().from(trainingAnswers).where(inArray(trainingAnswers.questionId, qIds)) : [];
  const comments = await db
    .select()
    .from(trainingComments)
    .where(and(eq(trainingComments.trainingId, trainingId), eq(trainingComments.userId, userId)))
    .orderBy(asc(trainingComments.createdAt));
  const at = now();
  const flags = flagsOf(e, at);
  return {
    training: { id: t.id, title: titleOf(t, locale), quiz_attempts: t.quizAttempts },
    user: { id: u.id, name: `${u.firstName} ${u.surname}`.trim(), email: u.email, company: u.company },
    status: e.status,
    access: accessStateOf(e, at),
    badge: badgeOf(flags),
    started_at: e.startedAt.toISOString(),
    accepted_at: e.acceptedAt?.toISOString() ?? null,
    expires_at: e.expiresAt?.toISOString() ?? null,
    done_at: e.doneAt?.toISOString() ?? null,
    certificate_number: e.certificateNumber,
    progress: progressPercent(points.map(({ p }) => ({ id: p.id, done: progress.some((x) => x.pointId === p.id) }))),
    points: points.map(({ p, m }) => {
      const done = progress.find((x) => x.pointId === p.id);
      return { id: p.id, module: titleOf(m, locale), title: titleOf(p, locale), kind: p.kind, completed_at: done?.completedAt.toISOString() ?? null };
    }),
    attempts: attempts.map((a) => ({
      id: a.id,
      number: a.number,
      voided: a.voided,
      status: a.status,
      score: a.score,
      required: a.required,
      total: a.questionIds.length,
      started_at: a.startedAt.toISOString(),
      finished_at: a.finishedAt?.toISOString() ?? null,
      questions: a.questionIds.map((qid) => {
        const q = qs.find((x) => x.id === qid);
        const chosen = new Set(a.answers?.[String(qid)] ?? []);
        const answers = as.filter((x) => x.questionId === qid).sort((x, y) => x.position - y.position || x.id - y.id);
        const right =
          answers.filter((x) => x.isCorrect).every((x) => chosen.has(x.id)) && [...chosen].every((c) => answers.some((x) => x.id === c && x.isCorrect));
        return {
          id: qid,
          text: q ? titleOfText(q, locale) : '',
          correct: a.answers ? right : null,
          answers: answers.map((x) => ({ id: x.id, text: titleOfText(x, locale), is_correct: x.isCorrect, chosen: chosen.has(x.id) })),
        };
      }),
    })),
    comments: comments.map((c) => ({
      id: c.id,
      point_id: c.pointId,
      body: c.body,
      answer: c.answer,
      created_at: c.createdAt.toISOString(),
      answered_at: c.answeredAt?.toISOString() ?? null,
    })),
  };
}

const titleOfText = (x: { textPl: string; textEn: string }, locale: Locale) => (locale === 'en' && x.textEn) || x.textPl;

/** Comments of a training for the trainer (unanswered first). */
export async function listTrainingComments(trainingId: number, page: number) {
  const db = getDb();
  const [total] = await db.select({ n: count() }).from(trainingComments).where(eq(trainingComments.trainingId, trainingId));
  const shown = pageWithin(page, Number(total?.n ?? 0), ADMIN_PER_PAGE);
  const rows = await db
    .select({ c: trainingComments, email: users.email, firstName: users.firstName, surname: users.surname, pointPl: trainingPoints.titlePl })
    .from(trainingComments)
    .innerJoin(users, eq(users.id, trainingComments.userId))
    .innerJoin(trainingPoints, eq(trainingPoints.id, trainingComments.pointId))
    .where(eq(trainingComments.trainingId, trainingId))
    .orderBy(sql`case when ${trainingComments.answer} is null then 0 else 1 end`, desc(trainingComments.createdAt))
    .limit(ADMIN_PER_PAGE)
    .offset(shown.offset);
  return {
    items: rows.map((r) => ({
      id: r.c.id,
      user_id: r.c.userId,
      user: `${r.firstName} ${r.surname}`.trim(),
      email: r.email,
      point: r.pointPl,
      body: r.c.body,
      answer: r.c.answer,
      created_at: r.c.createdAt.toISOString(),
    })),
    pages: shown.pages,
    page: shown.page,
  };
}

export async function answerComment(commentId: number, answer: string, adminId: number, locale: Locale) {
  const done = await getDb()
    .update(trainingComments)
    .set({ answer, answeredAt: now(), answeredBy: adminId })
    .where(eq(trainingComments.id, commentId))
    .returning({ id: trainingComments.id });
  if (done.length === 0) throw new HttpError(404, tr(locale)('admin.commentNotFound'));
}

// -- questionnaires -------------------------------------------------------------------------

export async function questionnaireResults(locale: Locale) {
  const db = getDb();
  const ts = await db.select().from(trainings).orderBy(asc(trainings.position), asc(trainings.id));
  const rs = await db.select().from(trainingQuestionnaireResponses).orderBy(desc(trainingQuestionnaireResponses.createdAt));
  return ts.map((t) => {
    const mine = rs.filter((r) => r.trainingId === t.id);
    const averages = Object.fromEntries(
      QUESTIONNAIRE_KEYS.map((k) => {
        const vals = mine.map((r) => r.ratings[k]).filter((v): v is number => typeof v === 'number');
        return [k, vals.length ? Math.round((vals.reduce((a, b) => a + b, 0) / vals.length) * 100) / 100 : null];
      }),
    ) as Record<(typeof QUESTIONNAIRE_KEYS)[number], number | null>;
    return {
      training_id: t.id,
      title: titleOf(t, locale),
      responses: mine.length,
      averages,
      comments: mine.filter((r) => r.comment).map((r) => ({ text: r.comment, created_at: r.createdAt.toISOString() })),
    };
  });
}

export async function questionnaireXlsx(locale: Locale) {
  const t = tr(locale);
  const results = await questionnaireResults(locale);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'COBI NET';
  const ws = wb.addWorksheet(t('q.sheet'));
  ws.addRow([t('q.training'), t('q.responses'), ...QUESTIONNAIRE_KEYS.map((k) => t(`q.${k}`))]).font = { bold: true };
  for (const r of results) ws.addRow([r.title, r.responses, ...QUESTIONNAIRE_KEYS.map((k) => r.averages[k] ?? '')]);
  const ws2 = wb.addWorksheet(t('q.comments'));
  ws2.addRow([t('q.training'), t('q.date'), t('q.comment')]).font = { bold: true };
  for (const r of results) for (const c of r.comments) ws2.addRow([r.title, new Date(c.created_at), c.text]);
  ws.getColumn(1).width = 50;
  ws2.getColumn(1).width = 40;
  ws2.getColumn(2).width = 18;
  ws2.getColumn(2).numFmt = 'dd.mm.yyyy';
  ws2.getColumn(3).width = 80;
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function trainingOptions(locale: Locale) {
  const rows = await getDb()
    .select({ id: trainings.id, titlePl: trainings.titlePl, titleEn: trainings.titleEn })
    .from(trainings)
    .orderBy(asc(trainings.position), asc(trainings.id));
  return rows.map((r) => ({ id: r.id, title: titleOf(r, locale) }));
}
