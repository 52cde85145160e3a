import { describe, expect, it } from 'vitest';
import { polishHolidays } from '~/core/holidays/holidays.server';
import { calendarBounds, checkRange, daysInRange, isDayOff, isMonday, quote, rentalNet, yearsOf } from './rules';

const PRICES = { pricePerDay: 25_000, thresholdDays: 3, extraDayPrice: 15_000 };

function holidaysOf(...years: number[]): Set<string> {
  return new Set(years.flatMap((y) => polishHolidays(y).map((h) => h.startDate)));
}

describe('price rule (SPEC section 9)', () => {
  it('charges the day price up to the threshold and the extra-day price above it', () => {
    expect(rentalNet(PRICES, 1)).toBe(25_000);
    expect(rentalNet(PRICES, 3)).toBe(75_000);
    expect(rentalNet(PRICES, 4)).toBe(90_000);
    expect(rentalNet(PRICES, 10)).toBe(75_000 + 7 * 15_000);
  });

  it('counts every calendar day of the range, both ends included, and adds VAT 23 % half up', () => {
    // Tuesday to the Tuesday after: 8 days, a weekend and a Monday inside count too.
    expect(daysInRange('2026-03-03', '2026-03-10')).toBe(8);
    expect(quote(PRICES, { from: '2026-03-03', to: '2026-03-10' })).toEqual({ days: 8, cost: 150_000, vat: 34_500, gross: 184_500 });
    // 0.5 gr of VAT rounds up: 12.50 zł * 23 % = 2.875 zł -> 2.88 zł.
    expect(quote({ pricePerDay: 1250, thresholdDays: 1, extraDayPrice: 0 }, { from: '2026-03-03', to: '2026-03-03' })).toEqual({
      days: 1,
      cost: 1250,
      vat: 288,
      gross: 1538,
    });
  });

  it('refuses an empty range', () => {
    expect(() => rentalNet(PRICES, 0)).toThrow(RangeError);
  });
});

describe('calendar rules (SPEC section 5) with a fixed clock', () => {
  it('runs from today to 31 December of the current year + 2', () => {
    expect(calendarBounds('2026-11-24')).toEqual({ from: '2026-11-24', to: '2028-12-31' });
    expect(calendarBounds('2027-01-01')).toEqual({ from: '2027-01-01', to: '2029-12-31' });
  });

  it('marks every Monday and every public holiday as a day off', () => {
    const h = holidaysOf(2026, 2027);
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isDayOff('2026-11-23', h)).toBe(true);
    expect(isDayOff('2026-11-24', h)).toBe(false);
    expect(isDayOff('2026-11-11', h)).toBe(true); // Independence Day, a Wednesday
    expect(isDayOff('2027-01-06', h)).toBe(true); // Epiphany of the next year
    expect(isDayOff('2026-11-28', h)).toBe(false); // Saturdays are not days off of the rental
  });

  const ctx = { today: '2026-11-24', holidays: holidaysOf(2026, 2027, 2028), blocked: [{ from: '2026-12-01', to: '2026-12-04' }] };

  it('accepts a range inside the rules', () => {
    expect(checkRange({ from: '2026-11-24', to: '2026-11-27' }, ctx)).toBeNull();
    expect(checkRange({ from: '2026-12-05', to: '2026-12-05' }, ctx)).toBeNull();
    expect(checkRange({ from: '2028-12-29', to: '2028-12-31' }, ctx)).toBeNull();
  });

  it('refuses a start before today and an end after the last day', () => {
    expect(checkRange({ from: '2026-11-21', to: '2026-11-27' }, ctx)).toEqual({ field: 'datetime_from', code: 'beforeToday' });
    expect(checkRange({ from: '2028-12-29', to: '2029-01-02' }, ctx)).toEqual({ field: 'datetime_to', code: 'afterMax' });
    expect(checkRange({ from: '2026-11-27', to: '2026-11-25' }, ctx)).toEqual({ field: 'datetime_to', code: 'beforeStart' });
    expect(checkRange({ from: '2026-02-30', to: '2026-11-25' }, ctx)).toEqual({ field: 'datetime_from', code: 'invalid' });
  });

  it('refuses a range that starts or ends on a Monday or a holiday, across the new year too', () => {
    expect(checkRange({ from: '2026-11-30', to: '2026-12-05' }, { ...ctx, blocked: [] })).toEqual({ field: 'datetime_from', code: 'dayOff' });
    expect(checkRange({ from: '2026-11-25', to: '2026-11-30' }, ctx)).toEqual({ field: 'datetime_to', code: 'dayOff' });
    expect(checkRange({ from: '2026-12-29', to: '2027-01-01' }, ctx)).toEqual({ field: 'datetime_to', code: 'dayOff' });
    // A holiday inside the range is fine (no handover on it).
    expect(checkRange({ from: '2026-12-22', to: '2026-12-29' }, ctx)).toBeNull();
  });

  it('refuses a range that covers or touches a blocked day', () => {
    expect(checkRange({ from: '2026-11-26', to: '2026-12-01' }, ctx)).toEqual({ field: 'datetime_from', code: 'taken' });
    expect(checkRange({ from: '2026-11-25', to: '2026-12-05' }, ctx)).toEqual({ field: 'datetime_from', code: 'taken' });
    expect(checkRange({ from: '2026-12-04', to: '2026-12-05' }, ctx)).toEqual({ field: 'datetime_from', code: 'taken' });
  });

  it('names the years a range needs holidays of', () => {
    expect(yearsOf('2026-12-29', '2028-01-02')).toEqual([2026, 2027, 2028]);
  });
});
