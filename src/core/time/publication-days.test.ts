import { describe, expect, it } from 'vitest';
import { isPickerDay as isIsoDay, warsawDay, warsawMidnight } from './days';

describe('publication days in Polish time', () => {
  it('the start of a day in winter (UTC+1) and in summer (UTC+2), and across the clock changes', () => {
    expect(warsawMidnight('2025-01-15').toISOString()).toBe('2025-01-14T23:00:00.000Z');
    expect(warsawMidnight('2025-07-15').toISOString()).toBe('2025-07-14T22:00:00.000Z');
    expect(warsawMidnight('2025-03-30').toISOString()).toBe('2025-03-29T23:00:00.000Z');
    expect(warsawMidnight('2025-10-26').toISOString()).toBe('2025-10-25T22:00:00.000Z');
  });

  it('the day of an instant', () => {
    expect(warsawDay('2025-02-28T23:30:00Z')).toBe('2025-03-01');
    expect(warsawDay('2025-02-28T22:30:00Z')).toBe('2025-02-28');
    for (const d of ['2025-03-30', '2025-10-26', '2024-02-29']) expect(warsawDay(warsawMidnight(d))).toBe(d);
  });

  it('only real calendar days are accepted', () => {
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(isIsoDay('2025-02-29')).toBe(false);
    expect(isIsoDay('2025-13-01')).toBe(false);
    expect(isIsoDay('01.03.2025')).toBe(false);
  });
});
