import { describe, expect, it } from 'vitest';
import { polishHolidays } from '~/core/holidays/holidays.server';
import { addWorkingDays } from '~/core/holidays/working-days.server';
import { addDays } from '~/core/time/days';
import {
  type AvailabilityContext,
  calendarBounds,
  calendarDays,
  checkRange,
  checkRangeOnCalendar,
  daysInRange,
  holidayYears,
  isDayOff,
  isMonday,
  isWorkingDay,
  MAX_RENTAL_DAYS,
  type MeterRules,
  occupiedWindow,
  quote,
  rentalNet,
  shiftWorkingDays,
  yearsOf,
} from './rules';

/** A meter without turnaround, calibrated far ahead (the rules of the calendar alone). */
const PLAIN: MeterRules = { turnaroundBeforeDays: 0, turnaroundAfterDays: 0, calibrationValidUntil: '2099-12-31', inRepair: false };

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

  const ctx: AvailabilityContext = {
    today: '2026-11-24',
    holidays: holidaysOf(2026, 2027, 2028, 2029),
    blocked: [{ from: '2026-12-01', to: '2026-12-04' }],
    meter: PLAIN,
    delivery: 'pickup',
  };

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

// ---------------------------------------------------------------------------------------------
// Availability (issue 42): turnaround, calibration, repair, and the calendar agreeing with the booking.

describe('turnaround in working days', () => {
  const h = holidaysOf(2026, 2027);

  it('counts working days only: weekends and holidays are skipped, the day itself is not counted', () => {
    expect(isWorkingDay('2026-12-04', h)).toBe(true); // Friday
    expect(isWorkingDay('2026-12-05', h)).toBe(false); // Saturday
    expect(isWorkingDay('2026-12-24', h)).toBe(false); // Christmas Eve, a holiday from 2025
    // Tuesday 8 December back two working days: Monday 7, Friday 4.
    expect(shiftWorkingDays('2026-12-08', -2, h)).toBe('2026-12-04');
    // Thursday 10 December on two: Friday 11, Monday 14.
    expect(shiftWorkingDays('2026-12-10', 2, h)).toBe('2026-12-14');
    // Over Christmas: after Wednesday 23 December come 24-27 (holidays and a weekend), Monday 28, Tuesday 29.
    expect(shiftWorkingDays('2026-12-23', 2, h)).toBe('2026-12-29');
    // Back over New Year: Monday 4 January, then Friday 1 January (holiday) is skipped, Thursday 31 December.
    expect(shiftWorkingDays('2027-01-05', -2, h)).toBe('2026-12-31');
    expect(shiftWorkingDays('2026-12-23', 0, h)).toBe('2026-12-23');
  });

  it('counts as core/holidays addWorkingDays does, for every day of two years and every turnaround', () => {
    const all = holidaysOf(2025, 2026, 2027, 2028);
    for (let d = '2026-01-01'; d <= '2027-12-31'; d = addDays(d, 1)) {
      for (const n of [-10, -3, -1, 1, 2, 5, 10]) if (shiftWorkingDays(d, n, all) !== addWorkingDays(d, n)) expect.fail(`${d} ${n}`);
    }
  });

  it('the occupied window: transit before the start only by courier, return and inspection after the end', () => {
    const meter = { turnaroundBeforeDays: 2, turnaroundAfterDays: 2 };
    expect(occupiedWindow({ from: '2026-12-08', to: '2026-12-10' }, meter, 'courier', h)).toEqual({ from: '2026-12-04', to: '2026-12-14' });
    expect(occupiedWindow({ from: '2026-12-08', to: '2026-12-10' }, meter, 'pickup', h)).toEqual({ from: '2026-12-08', to: '2026-12-14' });
    // After Tuesday 5 January: Epiphany on Wednesday 6 is skipped, Thursday 7, Friday 8.
    expect(occupiedWindow({ from: '2027-01-05', to: '2027-01-05' }, meter, 'courier', h)).toEqual({ from: '2026-12-31', to: '2027-01-08' });
  });

  it('the holidays needed reach a month past both ends (a turnaround crosses the new year)', () => {
    expect(holidayYears('2026-12-01', '2026-12-20')).toEqual([2026, 2027]);
    expect(holidayYears('2027-01-10', '2027-02-01')).toEqual([2026, 2027]);
  });
});

describe('availability: turnaround, calibration and repair in checkRange', () => {
  const base: AvailabilityContext = {
    today: '2026-11-24',
    holidays: holidaysOf(2026, 2027, 2028, 2029),
    blocked: [{ from: '2026-12-01', to: '2026-12-04' }],
    meter: { ...PLAIN, turnaroundBeforeDays: 1, turnaroundAfterDays: 1 },
    delivery: 'courier',
  };

  it('the courier must be able to leave today at the earliest; a pickup may start today', () => {
    expect(checkRange({ from: '2026-11-24', to: '2026-11-24' }, base)).toEqual({ field: 'datetime_from', code: 'tooSoon' });
    expect(checkRange({ from: '2026-11-25', to: '2026-11-25' }, base)).toBeNull();
    expect(checkRange({ from: '2026-11-24', to: '2026-11-24' }, { ...base, delivery: 'pickup' })).toBeNull();
    const two = { ...base, meter: { ...base.meter, turnaroundBeforeDays: 2 } };
    expect(checkRange({ from: '2026-11-25', to: '2026-11-25' }, two)).toEqual({ field: 'datetime_from', code: 'tooSoon' });
    expect(checkRange({ from: '2026-11-26', to: '2026-11-26' }, two)).toBeNull();
  });

  it('another rental blocks the turnaround around it: return and inspection after, transit before', () => {
    // Wednesday to Friday: inspection on Monday 30 November, free before 1 December.
    expect(checkRange({ from: '2026-11-25', to: '2026-11-27' }, base)).toBeNull();
    // Two inspection days reach Tuesday 1 December.
    const after2 = { ...base, meter: { ...base.meter, turnaroundAfterDays: 2 } };
    expect(checkRange({ from: '2026-11-25', to: '2026-11-27' }, after2)).toEqual({ field: 'datetime_from', code: 'taken' });
    // Saturday 5 December by courier leaves on Friday 4 (still kept by the other rental); a pickup is fine.
    expect(checkRange({ from: '2026-12-05', to: '2026-12-08' }, base)).toEqual({ field: 'datetime_from', code: 'taken' });
    expect(checkRange({ from: '2026-12-05', to: '2026-12-08' }, { ...base, delivery: 'pickup' })).toBeNull();
  });

  it('a range may end on the calibration’s last day, not a day later; no calibration: nothing offered', () => {
    const cal = { ...base, meter: { ...base.meter, calibrationValidUntil: '2026-12-17' } };
    expect(checkRange({ from: '2026-12-15', to: '2026-12-17' }, cal)).toBeNull();
    expect(checkRange({ from: '2026-12-15', to: '2026-12-18' }, cal)).toEqual({ field: 'datetime_to', code: 'calibration' });
    // The inspection after the end may fall after the calibration's last day.
    expect(occupiedWindow({ from: '2026-12-15', to: '2026-12-17' }, cal.meter, 'courier', cal.holidays).to).toBe('2026-12-18');
    const none = { ...base, meter: { ...base.meter, calibrationValidUntil: null } };
    expect(checkRange({ from: '2026-12-15', to: '2026-12-17' }, none)).toEqual({ field: 'datetime_to', code: 'calibration' });
  });

  it('a meter in repair is not offered; a rental is at most MAX_RENTAL_DAYS long', () => {
    expect(checkRange({ from: '2026-12-15', to: '2026-12-17' }, { ...base, meter: { ...base.meter, inRepair: true } })).toEqual({
      field: 'datetime_from',
      code: 'repair',
    });
    const from = '2027-01-12';
    expect(checkRange({ from, to: addDays(from, MAX_RENTAL_DAYS - 1) }, base)).toBeNull(); // a Sunday
    expect(checkRange({ from, to: addDays(from, MAX_RENTAL_DAYS + 1) }, base)).toEqual({ field: 'datetime_to', code: 'tooLong' });
  });
});

describe('the calendar offers exactly what the booking accepts (three months, both deliveries)', () => {
  const today = '2026-11-24';
  const to = addDays(today, 91);
  const meters: MeterRules[] = [
    { turnaroundBeforeDays: 2, turnaroundAfterDays: 1, calibrationValidUntil: '2027-02-10', inRepair: false },
    { turnaroundBeforeDays: 0, turnaroundAfterDays: 3, calibrationValidUntil: null, inRepair: false },
    { turnaroundBeforeDays: 3, turnaroundAfterDays: 0, calibrationValidUntil: '2099-01-01', inRepair: false },
  ];
  const blocked = [
    { from: '2026-12-02', to: '2026-12-09' },
    { from: '2026-12-21', to: '2026-12-30' },
    { from: '2027-01-14', to: '2027-01-14' },
    { from: '2027-02-01', to: '2027-02-03' },
  ];

  for (const [i, meter] of meters.entries()) {
    for (const delivery of ['courier', 'pickup'] as const) {
      it(`meter ${i + 1}, ${delivery}: every range [s, e] of the window`, () => {
        const ctx: AvailabilityContext = { today, holidays: holidaysOf(...holidayYears(today, to)), blocked, meter, delivery };
        const days = calendarDays(today, to, ctx);
        const byDay = new Map(days.map((d) => [d.date, d]));
        let offered = 0;
        for (let s = today; s <= to; s = addDays(s, 1)) {
          for (let e = s; e <= to; e = addDays(e, 1)) {
            const booking = checkRange({ from: s, to: e }, ctx) === null;
            const calendar = checkRangeOnCalendar({ from: s, to: e }, byDay, ctx.holidays) === null;
            if (booking !== calendar) expect.fail(`${s}..${e}: booking ${booking}, calendar ${calendar}`);
            if (booking) offered++;
          }
        }
        // The check is not empty: some ranges are offered, unless the meter has no calibration.
        if (meter.calibrationValidUntil) expect(offered).toBeGreaterThan(100);
        else expect(offered).toBe(0);
      });
    }
  }
});
