import { afterEach, describe, expect, it } from 'vitest';
import { now, resetClock, setClock } from './clock';
import { addDays, dayNumber, daysBetween, fromDayNumber, isIsoDay, isPickerDay, todayInWarsaw, warsawDay, warsawMidnight } from './days';
import { formatDate, formatDateTime, formatTime } from './format';

afterEach(() => resetClock());

describe('the clock', () => {
  it('is replaceable and goes back to the real time', () => {
    setClock(() => new Date('2026-03-15T10:00:00Z'));
    expect(now().toISOString()).toBe('2026-03-15T10:00:00.000Z');
    expect(todayInWarsaw()).toBe('2026-03-15');
    resetClock();
    expect(Math.abs(now().getTime() - Date.now())).toBeLessThan(1000);
  });
});

describe('days in Poland', () => {
  it('turns over at Polish midnight, not at UTC midnight', () => {
    expect(warsawDay(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(warsawDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01'); // winter: UTC+1
    expect(warsawDay('2026-06-30T21:59:00Z')).toBe('2026-06-30');
    expect(warsawDay('2026-06-30T22:00:00Z')).toBe('2026-07-01'); // summer: UTC+2
    expect(warsawDay('2026-03-28T23:30:00Z')).toBe('2026-03-29'); // the night the clocks go forward
    setClock(() => new Date('2026-11-29T23:30:00Z'));
    expect(todayInWarsaw()).toBe('2026-11-30');
  });

  it('finds the start of a day, on the days the clocks change too', () => {
    expect(warsawMidnight('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(warsawMidnight('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // 29 March 2026: 02:00 becomes 03:00 (the day has 23 hours); midnight is still winter time.
    expect(warsawMidnight('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(warsawMidnight('2026-03-30').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25 October 2026: 03:00 goes back to 02:00 (25 hours); midnight is still summer time.
    expect(warsawMidnight('2026-10-25').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(warsawMidnight('2026-10-26').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(warsawDay(new Date('2026-03-29T00:30:00Z'))).toBe('2026-03-29'); // 01:30 winter time
    expect(warsawDay(new Date('2026-10-25T22:59:00Z'))).toBe('2026-10-25'); // 23:59 winter time
  });

  it('counts whole days, unmoved by DST or the server zone', () => {
    const tz = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
      expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
      expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
      expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
      expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
      expect(daysBetween('2026-03-01', '2026-11-01')).toBe(245);
      expect(daysBetween('2026-11-01', '2026-03-01')).toBe(-245);
      expect(fromDayNumber(dayNumber('2026-10-25'))).toBe('2026-10-25');
    } finally {
      process.env.TZ = tz;
    }
  });

  it('knows a real day from anything else', () => {
    expect(isIsoDay('2026-02-28')).toBe(true);
    expect(isIsoDay('2026-02-30')).toBe(false);
    expect(isIsoDay('2026-2-3')).toBe(false);
    expect(isIsoDay(20260228)).toBe(false);
    expect(isPickerDay('1989-12-31')).toBe(false);
    expect(isPickerDay('2200-12-31')).toBe(true);
    expect(() => dayNumber('2026-02-30')).toThrow(RangeError);
    expect(() => addDays('soon', 1)).toThrow(RangeError);
  });
});

describe('formatting', () => {
  const winter = '2026-12-31T23:30:00Z'; // 1 January 2027, 00:30 in Poland
  const summer = '2026-07-01T08:05:09Z'; // 10:05:09 in Poland

  it('writes a date DD.MM.YYYY in Polish time, whatever the language', () => {
    expect(formatDate(winter)).toBe('01.01.2027');
    expect(formatDate(new Date(summer))).toBe('01.07.2026');
    expect(formatDate(Date.parse(summer))).toBe('01.07.2026');
  });

  it('writes a time in Polish time, in Polish and in English', () => {
    expect(formatDateTime(winter)).toBe('01.01.2027 00:30');
    expect(formatTime(summer, 'pl', 'time')).toBe('10:05');
    expect(formatTime(summer, 'en', 'time')).toBe('10:05');
    // SPEC section 5: DD.MM.YYYY in every language and style (issue 41 point 9: not "1 lip 2026").
    expect(formatTime(summer, 'pl')).toBe('01.07.2026, 10:05');
    expect(formatTime(summer, 'en')).toBe('01.07.2026, 10:05');
    expect(formatTime(summer, 'pl', 'seconds')).toBe('01.07.2026, 10:05:09');
    expect(formatTime(summer, 'en', 'seconds')).toBe('01.07.2026, 10:05:09');
    // A deadline names its zone, summer and winter time.
    expect(formatTime(summer, 'pl', 'deadline')).toBe('10:05 CEST');
    expect(formatTime(winter, 'en', 'deadline')).toBe('00:30 CET');
  });

  it('writes midnight as 00, never 24, and the hour two-digit', () => {
    expect(formatTime('2026-03-29T01:15:00Z', 'pl')).toBe('29.03.2026, 03:15');
    expect(formatTime('2026-10-24T22:00:00Z', 'en')).toBe('25.10.2026, 00:00');
  });
});
