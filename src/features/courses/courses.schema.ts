import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { users } from '~/features/accounts/accounts.schema';

/**
 * Stationary (classroom) course dates (SPEC sections 1 and 2 "courses"): the programme in both
 * languages (rich text, sanitised), the venue, the days and hours, the seats and the price in grosze.
 */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    titlePl: text('title_pl').notNull(),
    titleEn: text('title_en').notNull().default(''),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    city: text('city').notNull(),
    /** The venue's name and address ("Centrum Szkoleniowe COBI, ul. Usługowa 10B, 64-100 Leszno"). */
    venue: text('venue').notNull(),
    dateFrom: date('date_from', { mode: 'string' }).notNull(),
    dateTo: date('date_to', { mode: 'string' }).notNull(),
    /** HH:MM, Polish time. */
    timeFrom: text('time_from').notNull().default('09:00'),
    timeTo: text('time_to').notNull().default('16:00'),
    seats: integer('seats').notNull(),
    /** Net price per participant in grosze. */
    price: integer('price').notNull().default(0),
    /** Last day to register (inclusive); null: until the day before the course. */
    registrationDeadline: date('registration_deadline', { mode: 'string' }),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index('courses_date_idx').on(t.dateFrom),
    check('courses_seats_positive', sql`${t.seats} > 0`),
    check('courses_dates_order', sql`${t.dateTo} >= ${t.dateFrom}`),
    check('courses_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const REGISTRATION_STATUSES = ['waiting', 'registered', 'confirmed', 'attended', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];
/** Statuses that hold one of the course's seats. */
export const SEAT_STATUSES: readonly RegistrationStatus[] = ['registered', 'confirmed', 'attended'];

/**
 * Registrations for a course date (SPEC section 3 "Course registration"). A registration holds a
 * seat while registered, confirmed or attended; `waiting` is the waiting list of a full course.
 * One person (e-mail) has at most one live registration per course (unique index). The seat count
 * is checked under a row lock of the course in the registering transaction (courses.server.ts).
 */
export const courseRegistrations = pgTable(
  'course_registrations',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    phone: text('phone').notNull(),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** Printed on the certificate. */
    companyName: text('company_name').notNull(),
    city: text('city').notNull(),
    locale: text('locale').$type<'pl' | 'en'>().notNull().default('pl'),
    status: text('status').$type<RegistrationStatus>().notNull().default('registered'),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }).notNull(),
    /** Set when the certificate is issued (after attendance): "COBI/SZK/2026/00012". */
    certificateNumber: text('certificate_number'),
    certificateIssuedAt: timestamp('certificate_issued_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('course_registrations_course_idx').on(t.courseId, t.status),
    index('course_registrations_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('course_registrations_one_live_per_email').on(t.courseId, t.email).where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('course_registrations_certificate_unique').on(t.certificateNumber),
    check('course_registrations_status_known', sql`${t.status} in ('waiting', 'registered', 'confirmed', 'attended', 'cancelled')`),
  ],
);

export type CourseRow = typeof courses.$inferSelect;
export type CourseRegistrationRow = typeof courseRegistrations.$inferSelect;
