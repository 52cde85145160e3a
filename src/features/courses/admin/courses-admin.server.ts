// Courses in the administrator panel: the course dates (list with seats taken, form, writes with
// the change log) and the registrations (list with filters, detail, status changes through the
// workflow with the participant's mail, attendance, certificates, the participant list as XLSX).
import ExcelJS from 'exceljs';
import { and, asc, count, desc, eq, gte, ilike, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { sanitizeRichText } from '~/core/html/sanitize.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { clearPageCache } from '~/core/server/page-cache.server';
import { escapeLike } from '~/core/text';
import { listStatusHistory, moveStatus } from '~/core/workflow/status-history.server';
import { users } from '~/features/accounts/accounts.schema';
import { type CourseRow, REGISTRATION_STATUSES, type RegistrationStatus, courseRegistrations, courses } from '../courses.schema';
import { certificateMail } from '../course-mail.server';
import { promoteFromWaitingList, seatsTakenSql, waitingSql } from '../courses.server';
import { courseMessages } from '../messages';
import { certificateFilename, certificatePdf } from '../certificate.server';
import { type CourseActor, mailParamsOf, registrationWorkflow } from '../registration-workflow.server';
import { todayInWarsaw } from '~/core/time/days';
import { attendanceOpen, certificateNumber, formatDays } from '../rules';
import type { CourseInput } from '../validation';

export const ADMIN_PER_PAGE = 20;
export const COURSE_ENTITY = 'course';
export const REGISTRATION_ENTITY = 'course_registration';

const tr = (locale: Locale) => translator(courseMessages, locale);
const validId = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647;

// ---------------------------------------------------------------------------------------------
// Courses

export interface AdminCourseListItem {
  id: number;
  title: string;
  city: string;
  date_from: string;
  date_to: string;
  seats: number;
  seats_taken: number;
  waiting: number;
  price: string;
  price_grosze: number;
  is_active: boolean;
}

export interface CourseListQuery {
  search?: string;
  when?: string;
  sort?: string;
  dir?: string;
  page: number;
}

export async function listAdminCourses(q: CourseListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminCourseListItem>> {
  const conds: SQL[] = [];
  if (q.search) {
    const p = `%${escapeLike(q.search.slice(0, 100))}%`;
    conds.push(or(ilike(courses.titlePl, p), ilike(courses.titleEn, p), ilike(courses.city, p)) as SQL);
  }
  const today = todayInWarsaw();
  if (q.when === 'upcoming') conds.push(gte(courses.dateFrom, today));
  if (q.when === 'past') conds.push(lt(courses.dateFrom, today));
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(courses).where(where);
  const n = Number(total?.n ?? 0);
  const pages = pageCount(n, ADMIN_PER_PAGE);
  const page = Math.min(q.page, pages);
  const dir = q.dir === 'desc' ? 'desc' : q.dir === 'asc' ? 'asc' : q.sort ? 'asc' : 'desc';
  const title = locale === 'en' ? sql`coalesce(nullif(${courses.titleEn}, ''), ${courses.titlePl})` : sql`${courses.titlePl}`;
  const by = q.sort === 'title' ? sql`lower(${title})` : q.sort === 'city' ? sql`lower(${courses.city})` : sql`${courses.dateFrom}`;
  const stats = db
    .select({ courseId: courseRegistrations.courseId, taken: seatsTakenSql.as('taken'), waiting: waitingSql.as('waiting') })
    .from(courseRegistrations)
    .groupBy(courseRegistrations.courseId)
    .as('stats');
  const rows = await db
    .select({ c: courses, title: sql<string>`${title}`, taken: sql<number>`coalesce(${stats.taken}, 0)`, waiting: sql<number>`coalesce(${stats.waiting}, 0)` })
    .from(courses)
    .leftJoin(stats, eq(stats.courseId, courses.id))
    .where(where)
    .orderBy(dir === 'asc' ? asc(by) : desc(by), dir === 'asc' ? asc(courses.id) : desc(courses.id))
    .limit(ADMIN_PER_PAGE)
    .offset((page - 1) * ADMIN_PER_PAGE);
  return {
    items: rows.map((r) => ({
      id: r.c.id,
      title: r.title,
      city: r.c.city,
      date_from: r.c.dateFrom,
      date_to: r.c.dateTo,
      seats: r.c.seats,
      seats_taken: Number(r.taken),
      waiting: Number(r.waiting),
      price: toDecimal(r.c.price),
      price_grosze: r.c.price,
      is_active: r.c.isActive,
    })),
    pages,
    page,
    total: n,
  };
}

/** A course date as the edit form sees it (GET /api/admin/courses/{id}). */
export interface AdminCourse {
  id: number;
  version: number;
  updated_at: string;
  title_pl: string;
  title_en: string;
  description_pl: string;
  description_en: string;
  city: string;
  venue: string;
  date_from: string;
  date_to: string;
  time_from: string;
  time_to: string;
  seats: number;
  seats_taken: number;
  waiting: number;
  price: string;
  registration_deadline: string | null;
  is_active: boolean;
}

async function statsOf(db: Db, courseId: number) {
  const [s] = await db.select({ taken: seatsTakenSql, waiting: waitingSql }).from(courseRegistrations).where(eq(courseRegistrations.courseId, courseId));
  return { taken: Number(s?.taken ?? 0), waiting: Number(s?.waiting ?? 0) };
}

function toAdminCourse(c: CourseRow, s: { taken: number; waiting: number }): AdminCourse {
  return {
    id: c.id,
    version: c.version,
    updated_at: c.updatedAt.toISOString(),
    title_pl: c.titlePl,
    title_en: c.titleEn,
    description_pl: c.descriptionPl,
    description_en: c.descriptionEn,
    city: c.city,
    venue: c.venue,
    date_from: c.dateFrom,
    date_to: c.dateTo,
    time_from: c.timeFrom,
    time_to: c.timeTo,
    seats: c.seats,
    seats_taken: s.taken,
    waiting: s.waiting,
    price: toDecimal(c.price),
    registration_deadline: c.registrationDeadline,
    is_active: c.isActive,
  };
}

export async function getAdminCourse(id: number, db: Db = getDb()): Promise<AdminCourse | null> {
  if (!validId(id)) return null;
  const [c] = await db.select().from(courses).where(eq(courses.id, id)).limit(1);
  if (!c) return null;
  return toAdminCourse(c, await statsOf(db, id));
}

function columnsOf(input: CourseInput) {
  return {
    titlePl: input.title_pl,
    titleEn: input.title_en,
    descriptionPl: sanitizeRichText(input.description_pl),
    descriptionEn: sanitizeRichText(input.description_en),
    city: input.city,
    venue: input.venue,
    dateFrom: input.date_from,
    dateTo: input.date_to,
    timeFrom: input.time_from,
    timeTo: input.time_to,
    seats: input.seats,
    price: input.price,
    registrationDeadline: input.registration_deadline,
    isActive: input.is_active,
  };
}

export async function createCourse(input: CourseInput, actor: Actor, db: Db = getDb()): Promise<number> {
  const id = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [row] = await tx.insert(courses).values(columnsOf(input)).returning();
    if (!row) throw new Error('insert returned no row');
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: COURSE_ENTITY, entityId: row.id, action: 'create', after: row });
    return row.id;
  });
  clearPageCache();
  return id;
}

/** Saves a course date loaded at `version` (409 when stale); the seats cannot drop below the seats taken. */
export async function updateCourse(id: number, version: number, input: CourseInput, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
  const t = tr(locale);
  await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    // The same lock registrations take: the seats taken cannot change while they are compared.
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) throw new HttpError(404, t('admin.notFound'));
    const { taken } = await statsOf(tx, id);
    if (input.seats < taken) throw validationError({ seats: [t('v.seatsTaken', { taken })] });
    await updateWithVersion(tx, courses, id, version, columnsOf(input), {
      locale,
      audit: { userId: actor.userId, userEmail: actor.userEmail, entity: COURSE_ENTITY },
    });
  });
  // More seats: the waiting list moves up.
  await promoteFromWaitingList(id, db);
  clearPageCache();
}

/** Deletes a course date without registrations (422 otherwise: hide it instead). */
export async function deleteCourse(id: number, actor: Actor, locale: Locale, db: Db = getDb()): Promise<void> {
  const t = tr(locale);
  await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const [current] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
    if (!current) throw new HttpError(404, t('admin.notFound'));
    const [regs] = await tx.select({ n: count() }).from(courseRegistrations).where(eq(courseRegistrations.courseId, id));
    if (Number(regs?.n ?? 0) > 0) throw new HttpError(422, t('admin.deleteHasRegistrations'));
    await tx.delete(courses).where(eq(courses.id, id));
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: COURSE_ENTITY, entityId: id, action: 'delete', before: current });
  });
  clearPageCache();
}

/** Course dates as options for the registrations filter: [{ id: "<string>", name }]. */
export async function courseOptions(locale: Locale, db: Db = getDb()): Promise<{ id: string; name: string }[]> {
  const rows = await db.select().from(courses).orderBy(desc(courses.dateFrom), asc(courses.id)).limit(500);
  return rows.map((c) => ({ id: String(c.id), name: `${formatDays(c.dateFrom, c.dateTo)} · ${c.city} · ${(locale === 'en' && c.titleEn) || c.titlePl}` }));
}

// ---------------------------------------------------------------------------------------------
// Registrations

export interface AdminRegistrationListItem {
  id: number;
  first_name: string;
  surname: string;
  email: string;
  phone: string;
  company_name: string;
  city: string;
  status: RegistrationStatus;
  created_at: string;
  certificate_number: string | null;
  course: { id: number; title: string; city: string; date_from: string; date_to: string };
}

export interface RegistrationListQuery {
  course?: string;
  status?: string;
  search?: string;
  sort?: string;
  dir?: string;
  page: number;
}

export async function listAdminRegistrations(q: RegistrationListQuery, locale: Locale, db: Db = getDb()): Promise<Paged<AdminRegistrationListItem>> {
  const conds: SQL[] = [];
  const courseId = Number(q.course);
  if (q.course && validId(courseId)) conds.push(eq(courseRegistrations.courseId, courseId));
  if (q.status && (REGISTRATION_STATUSES as readonly string[]).includes(q.status)) conds.push(eq(courseRegistrations.status, q.status as RegistrationStatus));
  if (q.search) {
    const p = `%${escapeLike(q.search.slice(0, 100))}%`;
    conds.push(
      or(
        ilike(courseRegistrations.surname, p),
        ilike(courseRegistrations.firstName, p),
        ilike(courseRegistrations.email, p),
        ilike(courseRegistrations.companyName, p),
      ) as SQL,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [total] = await db.select({ n: count() }).from(courseRegistrations).where(where);
  const n = Number(total?.n ?? 0);
  const pages = pageCount(n, ADMIN_PER_PAGE);
  const page = Math.min(q.page, pages);
  const dir = q.dir === 'asc' ? 'asc' : q.dir === 'desc' ? 'desc' : q.sort ? 'asc' : 'desc';
  const by =
    q.sort === 'participant'
      ? sql`lower(${courseRegistrations.surname})`
      : q.sort === 'course'
        ? sql`${courses.dateFrom}`
        : q.sort === 'status'
          ? sql`${courseRegistrations.status}`
          : sql`${courseRegistrations.createdAt}`;
  const rows = await db
    .select({ r: courseRegistrations, c: courses })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(where)
    .orderBy(dir === 'asc' ? asc(by) : desc(by), dir === 'asc' ? asc(courseRegistrations.id) : desc(courseRegistrations.id))
    .limit(ADMIN_PER_PAGE)
    .offset((page - 1) * ADMIN_PER_PAGE);
  return {
    items: rows.map(({ r, c }) => ({
      id: r.id,
      first_name: r.firstName,
      surname: r.surname,
      email: r.email,
      phone: r.phone,
      company_name: r.companyName,
      city: r.city,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      certificate_number: r.certificateNumber,
      course: { id: c.id, title: (locale === 'en' && c.titleEn) || c.titlePl, city: c.city, date_from: c.dateFrom, date_to: c.dateTo },
    })),
    pages,
    page,
    total: n,
  };
}

export interface AdminRegistration extends AdminRegistrationListItem {
  version: number;
  locale: 'pl' | 'en';
  user: { id: number; email: string } | null;
  certificate_issued_at: string | null;
  seats: number;
  seats_taken: number;
  history: { from: string | null; to: string; at: string; actor_id: number | null; comment: string | null }[];
}

export async function getAdminRegistration(id: number, locale: Locale, db: Db = getDb()): Promise<AdminRegistration | null> {
  if (!validId(id)) return null;
  const [row] = await db
    .select({ r: courseRegistrations, c: courses, userEmail: users.email })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .leftJoin(users, eq(users.id, courseRegistrations.userId))
    .where(eq(courseRegistrations.id, id))
    .limit(1);
  if (!row) return null;
  const { r, c } = row;
  const history = await listStatusHistory(db, registrationWorkflow, id);
  const stats = await statsOf(db, c.id);
  return {
    id: r.id,
    version: r.version,
    locale: r.locale === 'en' ? 'en' : 'pl',
    first_name: r.firstName,
    surname: r.surname,
    email: r.email,
    phone: r.phone,
    company_name: r.companyName,
    city: r.city,
    status: r.status,
    created_at: r.createdAt.toISOString(),
    certificate_number: r.certificateNumber,
    certificate_issued_at: r.certificateIssuedAt?.toISOString() ?? null,
    user: r.userId && row.userEmail ? { id: r.userId, email: row.userEmail } : null,
    course: { id: c.id, title: (locale === 'en' && c.titleEn) || c.titlePl, city: c.city, date_from: c.dateFrom, date_to: c.dateTo },
    seats: c.seats,
    seats_taken: stats.taken,
    history: history.map((h) => ({ from: h.fromStatus, to: h.toStatus, at: h.createdAt.toISOString(), actor_id: h.actorId, comment: h.comment })),
  };
}

/**
 * Moves a registration to another status (the workflow's rules, history row and mail to the
 * participant). Leaving the waiting list takes a seat: checked under the course's lock. Undoing an
 * attendance is refused once a certificate is issued.
 */
export async function changeRegistrationStatus(
  id: number,
  to: RegistrationStatus,
  comment: string | undefined,
  actor: Actor,
  locale: Locale,
  db: Db = getDb(),
): Promise<void> {
  const t = tr(locale);
  const [current] = await db.select().from(courseRegistrations).where(eq(courseRegistrations.id, id)).limit(1);
  if (!current) throw new HttpError(404, t('reg.notFound'));
  if (current.status === 'attended' && current.certificateNumber) throw new HttpError(422, t('reg.cancelNotAllowed'), { status: [t('reg.cancelNotAllowed')] });
  if (to === 'attended') {
    const [course] = await db.select({ dateTo: courses.dateTo }).from(courses).where(eq(courses.id, current.courseId)).limit(1);
    if (course && !attendanceOpen(course.dateTo, todayInWarsaw())) {
      const message = t('admin.reg.attendanceFrom', { date: formatDays(course.dateTo, course.dateTo) });
      throw new HttpError(422, message, { status: [message] });
    }
  }
  const wfActor: CourseActor = { id: actor.userId, admin: true };
  await moveStatus(db, registrationWorkflow, {
    entityId: id,
    from: current.status,
    to,
    actor: wfActor,
    comment,
    locale,
    update: async (tx) => {
      if (current.status === 'waiting' && to !== 'cancelled') {
        const [course] = await tx.select().from(courses).where(eq(courses.id, current.courseId)).for('update');
        const { taken } = await statsOf(tx, current.courseId);
        if (!course || taken >= course.seats) throw new HttpError(422, t('admin.reg.fullForPromotion'), { status: [t('admin.reg.fullForPromotion')] });
      }
      const changed = await tx
        .update(courseRegistrations)
        .set({ status: to, updatedAt: new Date(), version: sql`${courseRegistrations.version} + 1` })
        .where(and(eq(courseRegistrations.id, id), eq(courseRegistrations.status, current.status)))
        .returning({ id: courseRegistrations.id });
      if (changed.length) {
        await recordChange(tx, {
          userId: actor.userId,
          userEmail: actor.userEmail,
          entity: REGISTRATION_ENTITY,
          entityId: id,
          action: 'update',
          before: { status: current.status },
          after: { status: to },
        });
      }
      return changed.length;
    },
  });
  // A seat freed by a cancellation goes to the waiting list.
  if (to === 'cancelled' && current.status !== 'waiting') await promoteFromWaitingList(current.courseId, db);
  clearPageCache();
}

/**
 * Issues certificates to attendees without one: of a whole course date (`courseId`) or one
 * registration (`registrationId`). Each gets its number and a mail. Returns the numbers issued.
 */
export async function issueCertificates(where: { courseId: number } | { registrationId: number }, actor: Actor, db: Db = getDb()): Promise<string[]> {
  const issued = await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const rows = await tx
      .select({ r: courseRegistrations, c: courses })
      .from(courseRegistrations)
      .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
      .where(
        and(
          'courseId' in where ? eq(courseRegistrations.courseId, where.courseId) : eq(courseRegistrations.id, where.registrationId),
          eq(courseRegistrations.status, 'attended'),
          sql`${courseRegistrations.certificateNumber} is null`,
          // Never for a course that has not taken place (an attendance marked before the rule existed).
          lte(courses.dateTo, todayInWarsaw()),
        ),
      )
      .orderBy(asc(courseRegistrations.id))
      .for('update', { of: courseRegistrations });
    const numbers: string[] = [];
    for (const { r, c } of rows) {
      const number = certificateNumber(r.id, c.dateTo);
      const [done] = await tx
        .update(courseRegistrations)
        .set({ certificateNumber: number, certificateIssuedAt: new Date(), updatedAt: new Date(), version: sql`${courseRegistrations.version} + 1` })
        .where(and(eq(courseRegistrations.id, r.id), sql`${courseRegistrations.certificateNumber} is null`))
        .returning();
      if (!done) continue;
      await recordChange(tx, {
        userId: actor.userId,
        userEmail: actor.userEmail,
        entity: REGISTRATION_ENTITY,
        entityId: r.id,
        action: 'update',
        before: { certificate_number: null },
        after: { certificate_number: number },
      });
      const mail = await mailParamsOf(tx, r.id);
      if (mail) {
        // The PDF goes with the mail, so a participant registered without an account gets it too.
        const pdf = await certificatePdf(done, c, mail.to.locale);
        await certificateMail(
          tx,
          mail.to,
          { ...mail.params, number },
          { attachments: [{ filename: certificateFilename(number, mail.to.locale), contentType: 'application/pdf', content: pdf }] },
        );
      }
      numbers.push(number);
    }
    return numbers;
  });
  return issued;
}

/** The participant list of a course date as an XLSX workbook (every registration, waiting and cancelled marked). */
export async function participantsXlsx(courseId: number, locale: Locale, db: Db = getDb()): Promise<{ filename: string; data: Buffer } | null> {
  const t = tr(locale);
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId)).limit(1);
  if (!course) return null;
  const rows = await db
    .select()
    .from(courseRegistrations)
    .where(eq(courseRegistrations.courseId, courseId))
    .orderBy(
      sql`case ${courseRegistrations.status} when 'cancelled' then 2 when 'waiting' then 1 else 0 end`,
      asc(courseRegistrations.createdAt),
      asc(courseRegistrations.id),
    );
  const wb = new ExcelJS.Workbook();
  wb.creator = 'COBI NET';
  wb.created = new Date();
  const ws = wb.addWorksheet(t('xlsx.sheet'));
  const title = (locale === 'en' && course.titleEn) || course.titlePl;
  ws.addRow([`${title} · ${formatDays(course.dateFrom, course.dateTo)} · ${course.city}, ${course.venue}`]).font = { bold: true, size: 13 };
  ws.addRow([]);
  const header = ws.addRow([
    t('xlsx.no'),
    t('form.first_name'),
    t('form.surname'),
    t('form.company_name'),
    t('form.city'),
    t('form.email'),
    t('form.phone'),
    t('label.status'),
    t('label.registeredAt'),
    t('label.certificate'),
  ]);
  header.font = { bold: true };
  rows.forEach((r, i) => {
    ws.addRow([i + 1, r.firstName, r.surname, r.companyName, r.city, r.email, r.phone, t(`status.${r.status}`), r.createdAt, r.certificateNumber ?? '']);
  });
  const widths = [5, 16, 20, 32, 16, 30, 16, 16, 18, 22];
  widths.forEach((w, i) => {
    ws.getColumn(i + 1).width = w;
  });
  ws.getColumn(9).numFmt = 'dd.mm.yyyy hh:mm';
  ws.views = [{ state: 'frozen', ySplit: 3 }];
  const data = Buffer.from(await wb.xlsx.writeBuffer());
  const stamp = course.dateFrom;
  return { filename: `${locale === 'en' ? 'participants' : 'uczestnicy'}-${stamp}-${course.city.replace(/[^\p{L}\p{N}]+/gu, '-')}.xlsx`, data };
}
