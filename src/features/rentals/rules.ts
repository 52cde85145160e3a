// The rules of a tester rental that the booking page and the server both apply (SPEC sections 5
// and 9): the price rule and the calendar rules. Pure functions on calendar days 'YYYY-MM-DD' (as
// in Poland) and integer grosze; "today" and the holidays are always passed in, so the same call
// gives the same answer in the browser, on the server and in a test with a fixed clock.
import { type Grosze, totalsOfNet } from '~/core/money/money';
import { addDays, dayNumber, daysBetween, type IsoDay, isIsoDay } from '~/core/time/days';

export interface PriceList {
  pricePerDay: Grosze;
  thresholdDays: number;
  extraDayPrice: Grosze;
}

export interface Quote {
  days: number;
  /** Net. */
  cost: Grosze;
  vat: Grosze;
  gross: Grosze;
}

export interface DayRange {
  from: IsoDay;
  to: IsoDay;
}

/** Why a range is refused; the field is the one the message is shown under. */
export type RangeProblem =
  | { field: 'datetime_from' | 'datetime_to'; code: 'invalid' }
  | { field: 'datetime_to'; code: 'beforeStart' }
  | { field: 'datetime_from'; code: 'beforeToday' }
  | { field: 'datetime_to'; code: 'afterMax' }
  | { field: 'datetime_from' | 'datetime_to'; code: 'dayOff' }
  | { field: 'datetime_from'; code: 'taken' }
  | { field: 'datetime_to'; code: 'tooLong' }
  | { field: 'datetime_from'; code: 'tooSoon' }
  | { field: 'datetime_to'; code: 'calibration' }
  | { field: 'datetime_from'; code: 'repair' }
  | { field: 'datetime_from' | 'datetime_to'; code: 'unavailable' };

/** How the meter reaches the tenant: a courier needs the transit days before the start, a pickup none. */
export const DELIVERIES = ['courier', 'pickup'] as const;
export type Delivery = (typeof DELIVERIES)[number];

/** The shortest and the longest rental, in calendar days, both ends included. */
export const MIN_RENTAL_DAYS = 1;
export const MAX_RENTAL_DAYS = 90;
/** The bounds of a meter's turnaround (working days), the admin form's and the database's. */
export const MAX_TURNAROUND_DAYS = 10;

/** What of a meter the availability depends on (admin: the tester's form). */
export interface MeterRules {
  /** Working days before the start the meter leaves by courier (none for a personal pickup). */
  turnaroundBeforeDays: number;
  /** Working days after the end for the return and the inspection. */
  turnaroundAfterDays: number;
  /** The last day the calibration certificate is valid; null: none recorded, the meter is not offered. */
  calibrationValidUntil: IsoDay | null;
  /** In repair after a damaged return: not offered until released. */
  inRepair: boolean;
}

/**
 * Everything the availability of one meter depends on. `blocked` are the other rentals' occupied
 * windows (their days with their turnaround, as stored with each rental); `holidays` must cover
 * the years of holidayYears(from, to) of every range asked about.
 */
export interface AvailabilityContext {
  today: IsoDay;
  holidays: ReadonlySet<IsoDay>;
  blocked: readonly DayRange[];
  meter: MeterRules;
  delivery: Delivery;
}

/** Every calendar day of the range counts, both ends included. */
export function daysInRange(from: IsoDay, to: IsoDay): number {
  return daysBetween(from, to) + 1;
}

/** SPEC section 9: the price per day up to the threshold, the extra-day price for each day above it. */
export function rentalNet(prices: PriceList, days: number): Grosze {
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError(`rentalNet: bad number of days ${days}`);
  const base = Math.min(days, prices.thresholdDays);
  const extra = Math.max(0, days - prices.thresholdDays);
  return base * prices.pricePerDay + extra * prices.extraDayPrice;
}

/** Net, VAT 23 % and gross of a rental of the range. */
export function quote(prices: PriceList, range: DayRange): Quote {
  const days = daysInRange(range.from, range.to);
  const { net, vat, gross } = totalsOfNet(rentalNet(prices, days));
  return { days, cost: net, vat, gross };
}

/** SPEC section 5: the earliest day is today, the latest 31 December of the current year + 2. */
export function calendarBounds(today: IsoDay): DayRange {
  return { from: today, to: `${Number(today.slice(0, 4)) + 2}-12-31` };
}

/** 1970-01-01 was a Thursday. */
export function weekday(day: IsoDay): number {
  return (((dayNumber(day) + 4) % 7) + 7) % 7;
}

export function isMonday(day: IsoDay): boolean {
  return weekday(day) === 1;
}

/** Monday to Friday and not a public holiday (the turnaround counts these). */
export function isWorkingDay(day: IsoDay, holidays: ReadonlySet<IsoDay>): boolean {
  const w = weekday(day);
  return w !== 0 && w !== 6 && !holidays.has(day);
}

/**
 * The day `n` working days before (n < 0) or after (n > 0) `day`, as core/holidays' addWorkingDays
 * counts them (the day itself not counted); n = 0 is the day itself. Pure, with the holidays passed
 * in, so the page and the server give the same answer.
 */
export function shiftWorkingDays(day: IsoDay, n: number, holidays: ReadonlySet<IsoDay>): IsoDay {
  if (!Number.isSafeInteger(n) || Math.abs(n) > MAX_TURNAROUND_DAYS) throw new RangeError(`shiftWorkingDays: bad n ${n}`);
  const step = n > 0 ? 1 : -1;
  let d = day;
  for (let left = Math.abs(n); left > 0; ) {
    d = addDays(d, step);
    if (isWorkingDay(d, holidays)) left--;
  }
  return d;
}

/**
 * The days a rental keeps the meter: from the courier's departure (turnaround before, working days;
 * none for a pickup) to the end of the inspection after the return (turnaround after). Two rentals
 * of one meter may not share a day of these windows (the database's exclusion constraint too).
 */
export function occupiedWindow(
  range: DayRange,
  meter: Pick<MeterRules, 'turnaroundBeforeDays' | 'turnaroundAfterDays'>,
  delivery: Delivery,
  holidays: ReadonlySet<IsoDay>,
): DayRange {
  const before = delivery === 'courier' ? meter.turnaroundBeforeDays : 0;
  return { from: shiftWorkingDays(range.from, -before, holidays), to: shiftWorkingDays(range.to, meter.turnaroundAfterDays, holidays) };
}

/** The years whose holidays the availability of ranges within [from, to] needs (the turnaround reaches past both ends). */
export function holidayYears(from: IsoDay, to: IsoDay): number[] {
  return yearsOf(addDays(from, -31), addDays(to, 31));
}

/** A day off of the rental calendar: every Monday and every public holiday (no handover then). */
export function isDayOff(day: IsoDay, holidays: ReadonlySet<IsoDay>): boolean {
  return isMonday(day) || holidays.has(day);
}

/** The day lies inside one of the blocked ranges (existing rentals). */
export function isBlocked(day: IsoDay, blocked: readonly DayRange[]): boolean {
  return blocked.some((b) => b.from <= day && day <= b.to);
}

/** The ranges share at least one day. */
export function overlaps(a: DayRange, b: DayRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/**
 * THE availability rule (the calendar, the quote and the booking all ask it): the first rule a
 * range breaks, or null when it may be booked. Real days in order, not before today, not after the
 * calendar's end, at most MAX_RENTAL_DAYS, neither end on a day off (Monday or holiday), the meter
 * not in repair, calibrated up to the last day, the courier's departure not before today, and the
 * occupied window (turnaround included) sharing no day with another rental's.
 */
export function checkRange(range: { from: unknown; to: unknown }, ctx: AvailabilityContext): RangeProblem | null {
  if (!isIsoDay(range.from)) return { field: 'datetime_from', code: 'invalid' };
  if (!isIsoDay(range.to)) return { field: 'datetime_to', code: 'invalid' };
  const { from, to } = range;
  const bounds = calendarBounds(ctx.today);
  if (from < bounds.from) return { field: 'datetime_from', code: 'beforeToday' };
  if (to < from) return { field: 'datetime_to', code: 'beforeStart' };
  if (to > bounds.to) return { field: 'datetime_to', code: 'afterMax' };
  if (daysInRange(from, to) > MAX_RENTAL_DAYS) return { field: 'datetime_to', code: 'tooLong' };
  if (isDayOff(from, ctx.holidays)) return { field: 'datetime_from', code: 'dayOff' };
  if (isDayOff(to, ctx.holidays)) return { field: 'datetime_to', code: 'dayOff' };
  if (ctx.meter.inRepair) return { field: 'datetime_from', code: 'repair' };
  if (ctx.meter.calibrationValidUntil === null || to > ctx.meter.calibrationValidUntil) return { field: 'datetime_to', code: 'calibration' };
  const window = occupiedWindow({ from, to }, ctx.meter, ctx.delivery, ctx.holidays);
  if (window.from < ctx.today) return { field: 'datetime_from', code: 'tooSoon' };
  if (ctx.blocked.some((b) => overlaps(window, b))) return { field: 'datetime_from', code: 'taken' };
  return null;
}

/** One day of the calendar: a rental may begin (`start`) or end (`end`) that day; `free`: a rental may run through it. */
export interface CalendarDay {
  date: IsoDay;
  start: boolean;
  end: boolean;
  free: boolean;
}

/**
 * The calendar of [from, to], computed with checkRange only. A day may begin a rental exactly when
 * the one-day rental of it is bookable, and the same holds for ending one: a longer range adds only
 * days to the occupied window, so if [s, e] is bookable so are [s, s] and [e, e]. `free` is a day
 * the meter is not kept by another rental (with its turnaround); rangeFromCalendar() shows that
 * these three marks decide every range exactly as checkRange does (rules.test.ts proves it).
 */
export function calendarDays(from: IsoDay, to: IsoDay, ctx: AvailabilityContext): CalendarDay[] {
  const out: CalendarDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const ok = checkRange({ from: d, to: d }, ctx) === null;
    out.push({ date: d, start: ok, end: ok, free: !isBlocked(d, ctx.blocked) });
  }
  return out;
}

/**
 * The page's check of a chosen range on the calendar's answer alone (it has no other data): the
 * start may begin, the end may end, every day between is free, and the length is within bounds.
 * Days missing from the answer count as not offered.
 */
export function checkRangeOnCalendar(
  range: DayRange,
  days: ReadonlyMap<IsoDay, Pick<CalendarDay, 'start' | 'end' | 'free'>>,
  holidays: ReadonlySet<IsoDay>,
): RangeProblem | null {
  if (!isIsoDay(range.from)) return { field: 'datetime_from', code: 'invalid' };
  if (!isIsoDay(range.to)) return { field: 'datetime_to', code: 'invalid' };
  if (range.to < range.from) return { field: 'datetime_to', code: 'beforeStart' };
  if (daysInRange(range.from, range.to) > MAX_RENTAL_DAYS) return { field: 'datetime_to', code: 'tooLong' };
  if (!days.get(range.from)?.start) return { field: 'datetime_from', code: isDayOff(range.from, holidays) ? 'dayOff' : 'unavailable' };
  if (!days.get(range.to)?.end) return { field: 'datetime_to', code: isDayOff(range.to, holidays) ? 'dayOff' : 'unavailable' };
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) if (!days.get(d)?.free) return { field: 'datetime_from', code: 'taken' };
  return null;
}

/** The years a range touches (holidays are computed per year). */
export function yearsOf(from: IsoDay, to: IsoDay): number[] {
  const a = Number(from.slice(0, 4));
  const b = Number(to.slice(0, 4));
  const out: number[] = [];
  for (let y = a; y <= b; y++) out.push(y);
  return out;
}
