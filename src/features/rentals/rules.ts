// The rules of a tester rental that the booking page and the server both apply (SPEC sections 5
// and 9): the price rule and the calendar rules. Pure functions on calendar days 'YYYY-MM-DD' (as
// in Poland) and integer grosze; "today" and the holidays are always passed in, so the same call
// gives the same answer in the browser, on the server and in a test with a fixed clock.
import { type Grosze, totalsOfNet } from '~/core/money/money';
import { dayNumber, daysBetween, type IsoDay, isIsoDay } from '~/core/time/days';

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
  | { field: 'datetime_from'; code: 'taken' };

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
 * The first rule a range breaks, or null when it may be booked: real days in order, not before
 * today, not after the calendar's end, neither end on a day off, no blocked day inside.
 */
export function checkRange(
  range: { from: unknown; to: unknown },
  ctx: { today: IsoDay; holidays: ReadonlySet<IsoDay>; blocked: readonly DayRange[] },
): RangeProblem | null {
  if (!isIsoDay(range.from)) return { field: 'datetime_from', code: 'invalid' };
  if (!isIsoDay(range.to)) return { field: 'datetime_to', code: 'invalid' };
  const { from, to } = range;
  const bounds = calendarBounds(ctx.today);
  if (from < bounds.from) return { field: 'datetime_from', code: 'beforeToday' };
  if (to < from) return { field: 'datetime_to', code: 'beforeStart' };
  if (to > bounds.to) return { field: 'datetime_to', code: 'afterMax' };
  if (isDayOff(from, ctx.holidays)) return { field: 'datetime_from', code: 'dayOff' };
  if (isDayOff(to, ctx.holidays)) return { field: 'datetime_to', code: 'dayOff' };
  if (ctx.blocked.some((b) => overlaps({ from, to }, b))) return { field: 'datetime_from', code: 'taken' };
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
