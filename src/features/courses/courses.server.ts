// Stationary courses for visitors and participants: the upcoming dates with the seats left, the
// registration (the seat rule is guarded by the database: the course row is locked while its seats
// are counted and the registration is inserted, so two registrations for the last seat are served
// one after the other and exactly one gets it), the participant's own registrations, cancellation
// and the certificate.
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { COMPANY } from '~/core/company';
import { HttpError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { clearPageCache } from '~/core/server/page-cache.server';
import { listStatusHistory, moveStatus, recordStart, statusHistory } from '~/core/workflow/status-history.server';
import { enqueueWebhook } from '~/core/webhooks/webhooks.server';
import { users } from '~/features/accounts/accounts.schema';
import { type CourseRow, type RegistrationStatus, SEAT_STATUSES, courseRegistrations, courses } from './courses.schema';
import { waitingListMail } from './course-mail.server';
import { courseMessages } from './messages';
import { type CourseActor, mailParamsOf, registrationWorkflow } from './registration-workflow.server';
import { todayInWarsaw } from '~/core/time/days';
import { CANCEL_DAYS_BEFORE, canCancel, type DateState, dateState, lastCancelDay } from './rules';
import type { RegistrationInput } from './validation';

export const MY_REGISTRATIONS_PER_PAGE = 10;

const tr = (locale: Locale) => translator(courseMessages, locale);

/** Seats held (registered, confirmed, attended) per course, as a SQL expression over the registrations. */
export const seatsTakenSql = sql<number>`cast(count(*) filter (where ${courseRegistrations.status} in ('registered', 'confirmed', 'attended')) as int)`;
export const waitingSql = sql<number>`cast(count(*) filter (where ${courseRegistrations.status} = 'waiting') as int)`;

/** A course date as GET /api/courses and the public page show it. */
export interface PublicCourse {
  id: number;
  title: string;
  description: string;
  city: string;
  venue: string;
  date_from: string;
  date_to: string;
  time_from: string;
  time_to: string;
  /** Net price, "1450.00". */
  price: string;
  price_grosze: number;
  seats: number;
  seats_left: number;
  registration_deadline: string | null;
  state: DateState;
}

const titleOf = (c: CourseRow, locale: Locale) => (locale === 'en' && c.titleEn) || c.titlePl;
const descriptionOf = (c: CourseRow, locale: Locale) => (locale === 'en' && c.descriptionEn) || c.descriptionPl;

export function toPublicCourse(c: CourseRow, taken: number, locale: Locale, today: string): PublicCourse {
  const seatsLeft = Math.max(0, c.seats - taken);
  return {
    id: c.id,
    title: titleOf(c, locale),
    description: descriptionOf(c, locale),
    city: c.city,
    venue: c.venue,
    date_from: c.dateFrom,
    date_to: c.dateTo,
    time_from: c.timeFrom,
    time_to: c.timeTo,
    price: toDecimal(c.price),
    price_grosze: c.price,
    seats: c.seats,
    seats_left: seatsLeft,
    registration_deadline: c.registrationDeadline,
    state: dateState(c, seatsLeft, today),
  };
}

/** Seats taken of the given courses. */
async function seatsTaken(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ courseId: courseRegistrations.courseId, n: seatsTakenSql })
    .from(courseRegistrations)
    .where(inArray(courseRegistrations.courseId, ids))
    .groupBy(courseRegistrations.courseId);
  return new Map(rows.map((r) => [r.courseId, Number(r.n)]));
}

/**
 * The active dates that have not started, soonest first (GET /api/courses, the dates section).
 * `includeRecent` adds dates that started in the last 30 days, shown as past on the page.
 */
export async function listUpcomingCourses(locale: Locale, opts: { today?: string; includeRecent?: boolean } = {}, db: Db = getDb()): Promise<PublicCourse[]> {
  const today = opts.today ?? todayInWarsaw();
  const from = opts.includeRecent ? new Date(Date.parse(`${today}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10) : today;
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.isActive, true), opts.includeRecent ? gte(courses.dateFrom, from) : sql`${courses.dateFrom} > ${today}`))
    .orderBy(asc(courses.dateFrom), asc(courses.city), asc(courses.id))
    .limit(200);
  const taken = await seatsTaken(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPublicCourse(r, taken.get(r.id) ?? 0, locale, today));
}

/** One active course date (the registration form's chosen date), or null. */
export async function getPublicCourse(id: number, locale: Locale, today = todayInWarsaw(), db: Db = getDb()): Promise<PublicCourse | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), eq(courses.isActive, true)))
    .limit(1);
  if (!row) return null;
  const taken = await seatsTaken(db, [row.id]);
  return toPublicCourse(row, taken.get(row.id) ?? 0, locale, today);
}

/** The programmes of the upcoming dates (one per course title), for the programme section. */
export async function listProgrammes(
  locale: Locale,
  today = todayInWarsaw(),
  db: Db = getDb(),
): Promise<{ title: string; description: string; course_id: number }[]> {
  const rows = await db
    .select()
    .from(courses)
    .where(and(eq(courses.isActive, true), sql`${courses.dateFrom} > ${today}`))
    .orderBy(asc(courses.dateFrom), asc(courses.id))
    .limit(200);
  const seen = new Set<string>();
  const out: { title: string; description: string; course_id: number }[] = [];
  for (const r of rows) {
    const title = titleOf(r, locale);
    if (seen.has(title) || !descriptionOf(r, locale)) continue;
    seen.add(title);
    out.push({ title, description: descriptionOf(r, locale), course_id: r.id });
  }
  return out;
}

/** The date is full: a 422 whose answer offers the waiting list. */
export class CourseFullError extends HttpError {
  readonly waitingList = true;
  constructor(locale: Locale) {
    const message = tr(locale)('reg.full');
    super(422, message, { course_id: [message] });
  }
}

const isUniqueViolation = (e: unknown): boolean => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/**
 * Registers a person for a course date (SPEC section 3): the seat is taken under a lock of the
 * course row, so concurrent registrations are counted one after the other. A full date refuses
 * with CourseFullError (422) unless `waiting_list` is set, which puts the registration on the
 * waiting list. The confirmation mail goes out in the same transaction.
 */
export async function registerForCourse(
  input: RegistrationInput,
  opts: { userId: number | null; locale: Locale; today?: string },
  db: Db = getDb(),
): Promise<{ id: number; status: RegistrationStatus }> {
  const t = tr(opts.locale);
  const today = opts.today ?? todayInWarsaw();
  const result = await db
    .transaction(async (txh) => {
      const tx = txh as unknown as Db;
      // The lock that serialises registrations for this date (and the admin's seat changes).
      const [course] = await tx.select().from(courses).where(eq(courses.id, input.course_id)).for('update');
      if (!course?.isActive) throw new HttpError(422, t('reg.unknown'), { course_id: [t('reg.unknown')] });
      const [taken] = await tx.select({ n: seatsTakenSql }).from(courseRegistrations).where(eq(courseRegistrations.courseId, course.id));
      const state = dateState(course, course.seats - Number(taken?.n ?? 0), today);
      if (state === 'past' || state === 'closed') throw new HttpError(422, t('reg.closed'), { course_id: [t('reg.closed')] });
      const [dup] = await tx
        .select({ id: courseRegistrations.id })
        .from(courseRegistrations)
        .where(and(eq(courseRegistrations.courseId, course.id), eq(courseRegistrations.email, input.email), sql`${courseRegistrations.status} <> 'cancelled'`))
        .limit(1);
      if (dup) throw new HttpError(422, t('reg.duplicate'), { email: [t('reg.duplicate')] });
      let status: RegistrationStatus = 'registered';
      if (state === 'full') {
        if (!input.waiting_list) throw new CourseFullError(opts.locale);
        status = 'waiting';
      }
      const [row] = await tx
        .insert(courseRegistrations)
        .values({
          courseId: course.id,
          userId: opts.userId,
          firstName: input.first_name,
          surname: input.surname,
          phone: input.phone,
          email: input.email,
          companyName: input.company_name,
          city: input.city,
          locale: opts.locale,
          status,
          privacyAcceptedAt: new Date(),
        })
        .returning({ id: courseRegistrations.id, createdAt: courseRegistrations.createdAt });
      if (!row) throw new Error('insert returned no row');
      await enqueueWebhook(tx, 'course_registration.created', {
        id: row.id,
        status,
        created_at: row.createdAt.toISOString(),
        locale: opts.locale,
        user_id: opts.userId,
        course: {
          id: course.id,
          title: { pl: course.titlePl, en: course.titleEn },
          city: course.city,
          venue: course.venue,
          date_from: course.dateFrom,
          date_to: course.dateTo,
          time_from: course.timeFrom,
          time_to: course.timeTo,
          price: toDecimal(course.price),
        },
        participant: {
          first_name: input.first_name,
          surname: input.surname,
          email: input.email,
          phone: input.phone,
          company_name: input.company_name,
          city: input.city,
        },
      });
      const actor: CourseActor = opts.userId ? { id: opts.userId, admin: false } : null;
      if (status === 'registered') {
        // History row and the confirmation mail (the workflow's onChange).
        await recordStart(tx, registrationWorkflow, { entityId: row.id, actor, locale: opts.locale });
      } else {
        await tx
          .insert(statusHistory)
          .values({ workflow: registrationWorkflow.name, entityId: String(row.id), fromStatus: null, toStatus: 'waiting', actorId: actor?.id ?? null });
        const mail = await mailParamsOf(tx, row.id);
        if (mail) await waitingListMail(tx, mail.to, mail.params);
      }
      return { id: row.id, status };
    })
    .catch((e: unknown) => {
      // The unique index is the last word on "one live registration per e-mail and date".
      if (isUniqueViolation(e)) throw new HttpError(422, t('reg.duplicate'), { email: [t('reg.duplicate')] });
      throw e;
    });
  clearPageCache();
  return result;
}

/** A registration as the participant sees it (my account, GET /api/course-registrations). */
export interface MyRegistration {
  id: number;
  status: RegistrationStatus;
  created_at: string;
  first_name: string;
  surname: string;
  phone: string;
  email: string;
  company_name: string;
  city: string;
  certificate_number: string | null;
  can_cancel: boolean;
  last_cancel_day: string;
  course: {
    id: number;
    title: string;
    city: string;
    venue: string;
    date_from: string;
    date_to: string;
    time_from: string;
    time_to: string;
    price: string;
    price_grosze: number;
  };
}

function toMine(r: typeof courseRegistrations.$inferSelect, c: CourseRow, locale: Locale, today: string): MyRegistration {
  return {
    id: r.id,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    first_name: r.firstName,
    surname: r.surname,
    phone: r.phone,
    email: r.email,
    company_name: r.companyName,
    city: r.city,
    certificate_number: r.certificateNumber,
    can_cancel: canCancel(r.status, c.dateFrom, today),
    last_cancel_day: lastCancelDay(c.dateFrom),
    course: {
      id: c.id,
      title: titleOf(c, locale),
      city: c.city,
      venue: c.venue,
      date_from: c.dateFrom,
      date_to: c.dateTo,
      time_from: c.timeFrom,
      time_to: c.timeTo,
      price: toDecimal(c.price),
      price_grosze: c.price,
    },
  };
}

/** A page of the user's own registrations, newest first. */
export async function listMyRegistrations(userId: number, page: number, locale: Locale, db: Db = getDb()): Promise<Paged<MyRegistration>> {
  const where = eq(courseRegistrations.userId, userId);
  const [total] = await db.select({ n: count() }).from(courseRegistrations).where(where);
  const n = Number(total?.n ?? 0);
  const pages = pageCount(n, MY_REGISTRATIONS_PER_PAGE);
  const current = Math.min(page, pages);
  const rows = await db
    .select({ r: courseRegistrations, c: courses })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(where)
    .orderBy(desc(courseRegistrations.createdAt), desc(courseRegistrations.id))
    .limit(MY_REGISTRATIONS_PER_PAGE)
    .offset((current - 1) * MY_REGISTRATIONS_PER_PAGE);
  const today = todayInWarsaw();
  return { items: rows.map((x) => toMine(x.r, x.c, locale, today)), pages, page: current, total: n };
}

/** One of the user's own registrations (null for anyone else's: the caller answers 404). */
export async function getMyRegistration(userId: number, id: number, locale: Locale, db: Db = getDb()) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db
    .select({ r: courseRegistrations, c: courses })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(and(eq(courseRegistrations.id, id), eq(courseRegistrations.userId, userId)))
    .limit(1);
  if (!row) return null;
  const history = await listStatusHistory(db, registrationWorkflow, id);
  return {
    ...toMine(row.r, row.c, locale, todayInWarsaw()),
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.createdAt.toISOString(), comment: h.comment })),
  };
}

/**
 * The participant cancels an own registration while the course is more than 7 days away
 * (423 with the rule otherwise); the history row and the mail come from the workflow.
 */
export async function cancelMyRegistration(userId: number, id: number, locale: Locale, today = todayInWarsaw(), db: Db = getDb()): Promise<void> {
  const t = tr(locale);
  const mine = await getMyRegistration(userId, id, locale, db);
  if (!mine) throw new HttpError(404, t('reg.notFound'));
  if (!canCancel(mine.status, mine.course.date_from, today)) {
    if (mine.status === 'cancelled' || mine.status === 'attended') throw new HttpError(423, t('reg.cancelNotAllowed'));
    throw new HttpError(423, t('reg.cancelTooLate', { days: CANCEL_DAYS_BEFORE, email: COMPANY.email }));
  }
  await moveStatus(db, registrationWorkflow, {
    entityId: id,
    from: mine.status,
    to: 'cancelled',
    actor: { id: userId, admin: false },
    locale,
    update: async (tx) =>
      (
        await tx
          .update(courseRegistrations)
          .set({ status: 'cancelled', updatedAt: new Date(), version: sql`${courseRegistrations.version} + 1` })
          .where(and(eq(courseRegistrations.id, id), eq(courseRegistrations.userId, userId), eq(courseRegistrations.status, mine.status)))
          .returning({ id: courseRegistrations.id })
      ).length,
  });
  if (mine.status !== 'waiting') await promoteFromWaitingList(mine.course.id, db);
  clearPageCache();
}

/**
 * Gives freed seats to the waiting list, oldest registration first (the system moves it to
 * registered; the workflow mails "a seat has freed up"). Runs under the course's lock, like a
 * registration, so a seat is never given twice. Returns the ids promoted.
 */
export async function promoteFromWaitingList(courseId: number, db: Db = getDb()): Promise<number[]> {
  const promoted = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [course] = await tx.select().from(courses).where(eq(courses.id, courseId)).for('update');
    if (!course?.isActive || course.dateFrom <= todayInWarsaw()) return [];
    const [taken] = await tx.select({ n: seatsTakenSql }).from(courseRegistrations).where(eq(courseRegistrations.courseId, courseId));
    const free = course.seats - Number(taken?.n ?? 0);
    if (free <= 0) return [];
    const waiting = await tx
      .select({ id: courseRegistrations.id })
      .from(courseRegistrations)
      .where(and(eq(courseRegistrations.courseId, courseId), eq(courseRegistrations.status, 'waiting')))
      .orderBy(asc(courseRegistrations.createdAt), asc(courseRegistrations.id))
      .limit(free);
    for (const w of waiting) {
      await moveStatus(tx, registrationWorkflow, {
        entityId: w.id,
        from: 'waiting',
        to: 'registered',
        actor: null,
        update: async (t2) =>
          (
            await t2
              .update(courseRegistrations)
              .set({ status: 'registered', updatedAt: new Date(), version: sql`${courseRegistrations.version} + 1` })
              .where(and(eq(courseRegistrations.id, w.id), eq(courseRegistrations.status, 'waiting')))
              .returning({ id: courseRegistrations.id })
          ).length,
      });
    }
    return waiting.map((w) => w.id);
  });
  if (promoted.length) clearPageCache();
  return promoted;
}

/** The registration's data for its certificate, or null while no certificate is issued. */
export async function certificateData(id: number, db: Db = getDb()) {
  const [row] = await db
    .select({ r: courseRegistrations, c: courses })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(eq(courseRegistrations.id, id))
    .limit(1);
  if (!row?.r.certificateNumber || !row.r.certificateIssuedAt || row.r.status !== 'attended') return null;
  return { registration: row.r, course: row.c };
}

export { SEAT_STATUSES };

/** A logged-in user's data for the registration form (SPEC section 3: prefilled, then linked). */
export async function registrationPrefill(userId: number, db: Db = getDb()): Promise<Record<string, string> | null> {
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  return { first_name: u.firstName, surname: u.surname, email: u.email, phone: u.phone, company_name: u.company, city: u.city };
}

/** The admin dashboard's count: new course registrations (registered, not yet confirmed). */
export async function countNewRegistrations(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(courseRegistrations).where(eq(courseRegistrations.status, 'registered'));
  return row?.n ?? 0;
}
