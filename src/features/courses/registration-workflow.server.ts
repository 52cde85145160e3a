// The status machine of a course registration (core/workflow): who may move it where, a history row
// per change and the participant's mail per change, in the transaction of the change.
import { eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { defineWorkflow } from '~/core/workflow/workflow';
import { type RegistrationStatus, courseRegistrations, courses } from './courses.schema';
import { type CourseMailParams, registrationMail, statusMail, waitingListMail } from './course-mail.server';

/** Who moves a registration: an administrator, the participant (own registration), or the system (null). */
export type CourseActor = { id: number; admin: boolean } | null;

const isAdmin = (a: CourseActor) => a?.admin === true;
const isSomeone = (a: CourseActor) => a !== null;

let siteUrl = 'http://localhost:3000';
/** The public origin used in mail links (APP_URL), set when the API plugin registers. */
export function setCoursesSiteUrl(url: string) {
  siteUrl = url.replace(/\/$/, '');
}

/** The mail parameters of a registration (its course's title in the participant's language). */
export async function mailParamsOf(tx: Db, registrationId: number): Promise<{ to: { email: string; locale: 'pl' | 'en' }; params: CourseMailParams } | null> {
  const [row] = await tx
    .select({ r: courseRegistrations, c: courses })
    .from(courseRegistrations)
    .innerJoin(courses, eq(courses.id, courseRegistrations.courseId))
    .where(eq(courseRegistrations.id, registrationId))
    .limit(1);
  if (!row) return null;
  const locale = row.r.locale === 'en' ? 'en' : 'pl';
  return {
    to: { email: row.r.email, locale },
    params: {
      name: row.r.firstName,
      title: (locale === 'en' && row.c.titleEn) || row.c.titlePl,
      dateFrom: row.c.dateFrom,
      dateTo: row.c.dateTo,
      timeFrom: row.c.timeFrom,
      timeTo: row.c.timeTo,
      city: row.c.city,
      venue: row.c.venue,
      price: row.c.price,
      url: row.r.userId ? `${siteUrl}/${locale}/my-account/course-registation/${row.r.id}` : null,
    },
  };
}

export const registrationWorkflow = defineWorkflow<RegistrationStatus, CourseActor>({
  name: 'course_registration',
  states: ['waiting', 'registered', 'confirmed', 'attended', 'cancelled'],
  initial: 'registered',
  transitions: {
    waiting: ['registered', 'cancelled'],
    registered: ['confirmed', 'attended', 'cancelled'],
    confirmed: ['attended', 'registered', 'cancelled'],
    // A wrongly marked attendance can be undone (until a certificate is issued: the service checks).
    attended: ['confirmed'],
  },
  who: {
    // The organiser, or the system when a seat frees up (promoteFromWaitingList).
    'waiting->registered': (a) => a === null || isAdmin(a),
    '*->confirmed': isAdmin,
    '*->attended': isAdmin,
    'confirmed->registered': isAdmin,
    // The participant cancels an own registration (the 7-day rule is the service's), the organiser any.
    '*->cancelled': isSomeone,
  },
  labels: {
    waiting: { pl: 'Lista rezerwowa', en: 'Waiting list' },
    registered: { pl: 'Zgłoszone', en: 'Registered' },
    confirmed: { pl: 'Potwierdzone', en: 'Confirmed' },
    attended: { pl: 'Uczestniczył(a)', en: 'Attended' },
    cancelled: { pl: 'Anulowane', en: 'Cancelled' },
  },
  onChange: async (tx, change) => {
    const mail = await mailParamsOf(tx, Number(change.entityId));
    if (!mail) return;
    if (change.from === null) {
      if (change.to === 'waiting') await waitingListMail(tx, mail.to, mail.params);
      else await registrationMail(tx, mail.to, mail.params);
      return;
    }
    await statusMail(tx, mail.to, { ...mail.params, status: change.to });
  },
});
