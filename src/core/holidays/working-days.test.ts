import { afterEach, describe, expect, it } from 'vitest';
import { addWorkingDays, daysOff, holidayName, isWeekend, isWorkingDay, toIsoDate, workingDaysBetween } from './working-days.server';

describe('working days', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('knows the weekend and the public holidays, Christmas Eve from 2025 on', () => {
    expect(isWeekend('2026-04-04')).toBe(true); // Saturday
    expect(isWeekend('2026-04-05')).toBe(true); // Sunday
    expect(isWeekend('2026-04-03')).toBe(false);
    expect(holidayName('2026-04-06')).toBe('Drugi dzień Wielkanocy');
    expect(holidayName('2026-12-24')).toBe('Wigilia Bożego Narodzenia');
    expect(holidayName('2025-12-24')).toBe('Wigilia Bożego Narodzenia');
    expect(holidayName('2024-12-24')).toBeNull();
    expect(isWorkingDay('2024-12-24')).toBe(true); // Tuesday, before the law changed
    expect(isWorkingDay('2026-12-24')).toBe(false); // Thursday, Wigilia
    expect(isWorkingDay('2026-05-01')).toBe(false); // Friday, Labour Day
    expect(isWorkingDay('2026-05-04')).toBe(true);
    expect(isWorkingDay('2026-06-04')).toBe(false); // Corpus Christi
    expect(isWorkingDay('2026-04-02')).toBe(true); // Maundy Thursday: a school day off, not a public holiday
  });

  it('counts "due in N working days" over Easter', () => {
    expect(addWorkingDays('2026-04-02', 1)).toBe('2026-04-03'); // Thursday -> Friday
    expect(addWorkingDays('2026-04-03', 1)).toBe('2026-04-07'); // Friday -> Tuesday after Easter Monday
    expect(addWorkingDays('2026-04-04', 1)).toBe('2026-04-07'); // from the Saturday
    expect(addWorkingDays('2026-04-03', 5)).toBe('2026-04-13');
  });

  it('counts over 1 and 3 May', () => {
    expect(addWorkingDays('2026-04-30', 1)).toBe('2026-05-04'); // May 1 is a Friday, May 3 a Sunday
    expect(addWorkingDays('2025-04-30', 1)).toBe('2025-05-02'); // 2025: May 1 Thursday, May 2 a working Friday
    expect(addWorkingDays('2025-05-02', 1)).toBe('2025-05-05'); // May 3 a Saturday
  });

  it('counts over Christmas 2026 and into the next year (a complaint: 21 working days)', () => {
    expect(addWorkingDays('2026-12-23', 1)).toBe('2026-12-28'); // Wigilia, two days of Christmas, Sunday
    expect(addWorkingDays('2026-12-14', 14)).toBe('2027-01-07'); // past 24-26 Dec, 1 Jan and 6 Jan
    expect(workingDaysBetween('2026-12-14', '2027-01-07')).toBe(14);
    expect(addWorkingDays('2026-12-14', 21)).toBe('2027-01-18'); // the complaint's deadline
    expect(workingDaysBetween('2026-12-14', '2027-01-18')).toBe(21);
    expect(addWorkingDays('2025-12-31', 1)).toBe('2026-01-02'); // New Year's Day
    expect(addWorkingDays('2026-01-05', 1)).toBe('2026-01-07'); // Epiphany on a Tuesday
  });

  it('counts back with a negative n and lands a zero-day deadline on a working day', () => {
    expect(addWorkingDays('2026-04-07', -1)).toBe('2026-04-03');
    expect(addWorkingDays('2027-01-07', -14)).toBe('2026-12-14');
    expect(addWorkingDays('2026-04-03', 0)).toBe('2026-04-03');
    expect(addWorkingDays('2026-04-04', 0)).toBe('2026-04-07');
  });

  it('counts working days between two days (after a, up to and including b)', () => {
    expect(workingDaysBetween('2026-04-03', '2026-04-07')).toBe(1);
    expect(workingDaysBetween('2026-04-07', '2026-04-03')).toBe(-1);
    expect(workingDaysBetween('2026-04-03', '2026-04-03')).toBe(0);
    expect(workingDaysBetween('2026-01-01', '2026-12-31')).toBe(253); // 261 weekdays less 8 holidays on weekdays
    for (const n of [1, 5, 14, 30, 250]) expect(workingDaysBetween('2026-03-02', addWorkingDays('2026-03-02', n))).toBe(n);
  });

  it('lists the days off of a range for the rental calendar', () => {
    expect(daysOff('2026-04-01', '2026-04-07')).toEqual([
      { date: '2026-04-04', reason: 'weekend' },
      { date: '2026-04-05', reason: 'holiday', name: 'Niedziela Wielkanocna' },
      { date: '2026-04-06', reason: 'holiday', name: 'Drugi dzień Wielkanocy' },
    ]);
    const december = daysOff('2026-12-20', '2027-01-03').map((d) => d.date);
    expect(december).toEqual(['2026-12-20', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(daysOff('2026-04-07', '2026-04-01')).toEqual([]);
    expect(() => daysOff('2020-01-01', '2040-01-01')).toThrow(RangeError);
  });

  it('takes a Date as the day it is in Warsaw, whatever the server time zone', () => {
    // 30 April 22:30 UTC is already 1 May 00:30 in Warsaw (summer time)
    expect(toIsoDate(new Date('2026-04-30T22:30:00Z'))).toBe('2026-05-01');
    expect(isWorkingDay(new Date('2026-04-30T22:30:00Z'))).toBe(false);
    expect(toIsoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01'); // winter time, +1
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(toIsoDate(new Date('2026-04-30T22:30:00Z'))).toBe('2026-05-01');
      expect(addWorkingDays('2026-03-27', 1)).toBe('2026-03-30'); // over the change to summer time
      expect(addWorkingDays('2026-10-23', 1)).toBe('2026-10-26'); // and back
      expect(addWorkingDays('2026-12-14', 14)).toBe('2027-01-07');
    }
  });

  it('refuses malformed and impossible dates', () => {
    expect(() => isWorkingDay('2026-02-30')).toThrow(RangeError);
    expect(() => isWorkingDay('2026-4-1')).toThrow(RangeError);
    expect(() => toIsoDate(new Date('nope'))).toThrow(RangeError);
    expect(() => addWorkingDays('2026-01-01', 100_000)).toThrow(RangeError);
  });
});
