// Calendar days as they are in Poland, written 'YYYY-MM-DD' (the date picker's value, SPEC section 5).
// Day arithmetic counts whole days on a day number (days since 1970-01-01), so no midnight, DST change
// or server time zone can shift a date. Instants become days only here, always in Europe/Warsaw, so
// the server and the browser give the same answer.
import { now } from './clock';

/** A calendar day in Poland, 'YYYY-MM-DD'. */
export type IsoDay = string;

/** The zone every date of the site is in. */
export const ZONE = 'Europe/Warsaw';

const DAY_MS = 86_400_000;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

const DAY_FMT = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const PARTS_FMT = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The day (YYYY-MM-DD) an instant falls on in Poland. */
export function warsawDay(at: Date | string | number): IsoDay {
  return DAY_FMT.format(new Date(at)); // en-CA writes YYYY-MM-DD
}

/** Today in Poland, on the clock of ./clock. */
export function todayInWarsaw(): IsoDay {
  return warsawDay(now());
}

/** Minutes Polish time is ahead of UTC at an instant (60 in winter, 120 in summer). */
function offsetMinutes(at: Date): number {
  const parts = PARTS_FMT.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a Polish day (YYYY-MM-DD) begins. */
export function warsawMidnight(day: IsoDay): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  let at = new Date(utcMidnight - offsetMinutes(new Date(utcMidnight)) * 60_000);
  const again = offsetMinutes(at);
  if (warsawDay(at) !== day) at = new Date(utcMidnight - again * 60_000);
  return at;
}

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isIsoDay(value: unknown): value is IsoDay {
  return typeof value === 'string' && dayNumberOrNull(value) !== null;
}

/** A day the date picker may hold (SPEC section 5): a real day of the years 1990 to 2200. */
export function isPickerDay(value: string): boolean {
  if (!isIsoDay(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= 1990 && year <= 2200;
}

function dayNumberOrNull(day: string): number | null {
  const m = ISO.exec(day);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' (throws on a malformed or impossible date such as 2026-02-30). */
export function dayNumber(day: IsoDay): number {
  if (!ISO.test(day)) throw new RangeError(`not a YYYY-MM-DD date: "${day}"`);
  const n = dayNumberOrNull(day);
  if (n === null) throw new RangeError(`no such date: "${day}"`);
  return n;
}

/** The day of a day number. */
export function fromDayNumber(n: number): IsoDay {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** The day n calendar days after (n < 0: before) a day. */
export function addDays(day: IsoDay, n: number): IsoDay {
  return fromDayNumber(dayNumber(day) + n);
}

/** Calendar days from a to b (negative when b is before a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  return dayNumber(b) - dayNumber(a);
}
