import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize: one way to write a file size (kB/MB, base 1000, the locale decimal separator)', () => {
  it('writes Polish sizes with a decimal comma', () => {
    expect(formatFileSize(512, 'pl')).toBe('512 B');
    expect(formatFileSize(2900, 'pl')).toBe('2,9 kB');
    expect(formatFileSize(48_000, 'pl')).toBe('48 kB');
    expect(formatFileSize(1_234_567, 'pl')).toBe('1,2 MB');
    expect(formatFileSize(15_000_000, 'pl')).toBe('15 MB');
    expect(formatFileSize(2_500_000_000, 'pl')).toBe('2,5 GB');
  });

  it('writes English sizes with a decimal point', () => {
    expect(formatFileSize(0, 'en')).toBe('0 B');
    expect(formatFileSize(2900, 'en')).toBe('2.9 kB');
    expect(formatFileSize(48_049, 'en')).toBe('48 kB');
    expect(formatFileSize(1_234_567, 'en')).toBe('1.2 MB');
  });

  it('picks the unit after rounding (never "1000 kB") and uses kB, not KB or KiB', () => {
    expect(formatFileSize(999_960, 'en')).toBe('1 MB');
    expect(formatFileSize(999_940, 'pl')).toBe('999,9 kB');
    expect(formatFileSize(1000, 'en')).toBe('1 kB');
    for (const b of [1500, 150_000, 1_500_000]) expect(formatFileSize(b, 'pl')).toMatch(/^\d+(,\d)? (kB|MB)$/);
  });
});
