// The rules of course dates and registrations that the pages and the server share (pure).
import { addDays } from '~/core/time/days';
import type { RegistrationStatus } from './courses.schema';

/** A registration can be cancelled by its participant while the course is more than this many days away. */
export const CANCEL_DAYS_BEFORE = 7;

/** The last day registration is open: the deadline, or the day before the course. */
export function lastRegistrationDay(course: { dateFrom: string; registrationDeadline: string | null }): string {
  return course.registrationDeadline ?? addDays(course.dateFrom, -1);
}

export type DateState = 'open' | 'full' | 'closed' | 'past';

/** How a date shows on the public list (and whether the server accepts a registration for it). */
export function dateState(course: { dateFrom: string; registrationDeadline: string | null; isActive: boolean }, seatsLeft: number, today: string): DateState {
  if (course.dateFrom <= today) return 'past';
  if (!course.isActive || today > lastRegistrationDay(course)) return 'closed';
  return seatsLeft <= 0 ? 'full' : 'open';
}

/** The last day the participant may cancel: more than CANCEL_DAYS_BEFORE days before the course. */
export function lastCancelDay(dateFrom: string): string {
  return addDays(dateFrom, -(CANCEL_DAYS_BEFORE + 1));
}

/** The participant may cancel this registration today. */
export function canCancel(status: RegistrationStatus, dateFrom: string, today: string): boolean {
  return (status === 'waiting' || status === 'registered' || status === 'confirmed') && today <= lastCancelDay(dateFrom);
}

/**
 * Attendance (and with it the certificate) can be marked from the course's last day on, never
 * before the course has taken place (issue 41 point 25). The admin screen and the server ask this.
 */
export function attendanceOpen(dateTo: string, today: string): boolean {
  return today >= dateTo;
}

/** "12.05.2026" or "12–13.05.2026" / "30.05–01.06.2026" (SPEC section 5: DD.MM.YYYY). */
export function formatDays(from: string, to: string): string {
  const f = (d: string) => `${d.slice(8, 10)}.${d.slice(5, 7)}.${d.slice(0, 4)}`;
  if (from === to) return f(from);
  if (from.slice(0, 7) === to.slice(0, 7)) return `${from.slice(8, 10)}–${f(to)}`;
  if (from.slice(0, 4) === to.slice(0, 4)) return `${from.slice(8, 10)}.${from.slice(5, 7)}–${f(to)}`;
  return `${f(from)}–${f(to)}`;
}

/** The certificate's number: COBI/SZK/{year of the course}/{registration id, 5 digits}. */
export function certificateNumber(registrationId: number, dateTo: string): string {
  return `COBI/SZK/${dateTo.slice(0, 4)}/${String(registrationId).padStart(5, '0')}`;
}
