// Publication dates are picked as days (YYYY-MM-DD, SPEC section 5) and stored as instants: the
// start of that day in Poland, where the site's visitors and editors are.
const ZONE = 'Europe/Warsaw';

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
export function warsawDay(at: Date | string | number): string {
  return DAY_FMT.format(new Date(at));
}

/** Minutes Polish time is ahead of UTC at an instant (60 in winter, 120 in summer). */
function offsetMinutes(at: Date): number {
  const parts = PARTS_FMT.formatToParts(at);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a Polish day (YYYY-MM-DD) begins. */
export function warsawMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  let at = new Date(utcMidnight - offsetMinutes(new Date(utcMidnight)) * 60_000);
  const again = offsetMinutes(at);
  if (warsawDay(at) !== day) at = new Date(utcMidnight - again * 60_000);
  return at;
}
