import Holidays from 'date-holidays';

export interface Holiday {
  startDate: string;
  endDate: string;
  name: string;
}

const calendar = new Holidays('PL');
const cache = new Map<number, Holiday[]>();

/** Polish public holidays of one year, computed locally (no network). */
export function polishHolidays(year: number): Holiday[] {
  let list = cache.get(year);
  if (!list) {
    list = calendar
      .getHolidays(year)
      .filter((h) => h.type === 'public')
      .map((h) => ({ startDate: h.date.slice(0, 10), endDate: h.date.slice(0, 10), name: h.name }));
    cache.set(year, list);
  }
  return list;
}

/** This year and the next two: the range the tester calendar can show (SPEC section 5). */
export function holidaysForCalendar(today = new Date()): Holiday[] {
  const year = today.getFullYear();
  return [year, year + 1, year + 2].flatMap(polishHolidays);
}
