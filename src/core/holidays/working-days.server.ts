// Working days in Poland: Monday to Friday except public holidays (date-holidays, computed locally;
// Christmas Eve is one from 2025). Used for "due in N working days" (21 for a complaint) and for
// the days off of the rental calendar.
//
// Everything here works on calendar days, never on instants: a day is 'YYYY-MM-DD' as it is in
// Poland, and the arithmetic counts whole days on a day number (days since 1970-01-01 of the
// proleptic calendar), so no midnight, DST change or server time zone can shift a date. A Date
// given as input is first turned into the day it is in Europe/Warsaw at that instant.
import { dayNumber, fromDayNumber, type IsoDay, warsawDay } from '~/core/time/days';
import { polishHolidays } from './holidays.server';

/** A calendar day in Poland, 'YYYY-MM-DD'. */
export type IsoDate = IsoDay;
/** A day as 'YYYY-MM-DD', or an instant whose day in Europe/Warsaw is meant. */
export type DayInput = IsoDate | Date;

/** The longest range daysOff() or workingDaysBetween() walks (ten years), and the largest n of addWorkingDays. */
export const MAX_SPAN_DAYS = 3660;

/** The day in Poland: a 'YYYY-MM-DD' string is checked and returned, a Date becomes its day in Europe/Warsaw. */
export function toIsoDate(day: DayInput): IsoDate {
  if (day instanceof Date) {
    if (Number.isNaN(day.getTime())) throw new RangeError('toIsoDate: invalid Date');
    return warsawDay(day);
  }
  dayNumber(day);
  return day;
}

function toDayNumber(day: DayInput): number {
  return dayNumber(toIsoDate(day));
}

// The public holidays of one year by date, built once per year.
const holidayNames = new Map<number, Map<IsoDate, string>>();

function holidaysOf(year: number): Map<IsoDate, string> {
  let byDate = holidayNames.get(year);
  if (!byDate) {
    byDate = new Map();
    for (const h of polishHolidays(year)) if (!byDate.has(h.startDate)) byDate.set(h.startDate, h.name);
    holidayNames.set(year, byDate);
  }
  return byDate;
}

/** The name of the public holiday on this day (in Polish), or null. */
export function holidayName(day: DayInput): string | null {
  const iso = toIsoDate(day);
  return holidaysOf(Number(iso.slice(0, 4))).get(iso) ?? null;
}

/** Saturday or Sunday. */
export function isWeekend(day: DayInput): boolean {
  // 1970-01-01 was a Thursday: day 0 -> 4 (Sunday = 0).
  const weekday = (((toDayNumber(day) + 4) % 7) + 7) % 7;
  return weekday === 0 || weekday === 6;
}

/** Monday to Friday and not a Polish public holiday. */
export function isWorkingDay(day: DayInput): boolean {
  return !isWeekend(day) && holidayName(day) === null;
}

function isWorkingDayNumber(n: number): boolean {
  return isWorkingDay(fromDayNumber(n));
}

function checkSpan(n: number, what: string) {
  if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_SPAN_DAYS) {
    throw new RangeError(`${what}: ${n} is beyond ${MAX_SPAN_DAYS} days`);
  }
}

/**
 * The day `n` working days after `day` ("due in n working days"): the start day itself is not
 * counted, so 1 is the next working day; from a Friday, 1 is the next Monday (or Tuesday after
 * an Easter Monday). A negative n counts back. With n = 0: the day itself when it is a working
 * day, otherwise the next working day (a deadline never falls on a day off).
 */
export function addWorkingDays(day: DayInput, n: number): IsoDate {
  checkSpan(n, 'addWorkingDays');
  let d = toDayNumber(day);
  if (n === 0) {
    while (!isWorkingDayNumber(d)) d++;
    return fromDayNumber(d);
  }
  const step = n > 0 ? 1 : -1;
  let left = Math.abs(n);
  while (left > 0) {
    d += step;
    if (isWorkingDayNumber(d)) left--;
  }
  return fromDayNumber(d);
}

/**
 * Working days after `a` up to and including `b`, so that workingDaysBetween(a, addWorkingDays(a, n))
 * is n. Negative when b is before a; 0 for the same day.
 */
export function workingDaysBetween(a: DayInput, b: DayInput): number {
  const from = toDayNumber(a);
  const to = toDayNumber(b);
  if (to === from) return 0;
  checkSpan(to - from, 'workingDaysBetween');
  const [lo, hi, sign] = to > from ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let d = lo + 1; d <= hi; d++) if (isWorkingDayNumber(d)) count++;
  return sign * count;
}

export interface DayOff {
  date: IsoDate;
  /** A public holiday wins over a weekend (Easter Sunday is a holiday). */
  reason: 'holiday' | 'weekend';
  /** The holiday's Polish name. */
  name?: string;
}

/** Every weekend day and public holiday from `from` to `to`, both included, in order. */
export function daysOff(from: DayInput, to: DayInput): DayOff[] {
  const start = toDayNumber(from);
  const end = toDayNumber(to);
  if (end < start) return [];
  checkSpan(end - start, 'daysOff');
  const out: DayOff[] = [];
  for (let d = start; d <= end; d++) {
    const date = fromDayNumber(d);
    const name = holidayName(date);
    if (name !== null) out.push({ date, reason: 'holiday', name });
    else if (isWeekend(date)) out.push({ date, reason: 'weekend' });
  }
  return out;
}
