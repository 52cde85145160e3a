import { describe, expect, it } from 'vitest';
import { unitLabel } from './units';

describe('unitLabel', () => {
  it('keeps Polish units in Polish and translates the known ones in English', () => {
    expect(unitLabel('szt.', 'pl')).toBe('szt.');
    expect(unitLabel('szt.', 'en')).toBe('pcs');
    expect(unitLabel('kpl.', 'en')).toBe('set');
    expect(unitLabel('opak.', 'en')).toBe('pack');
    expect(unitLabel('m', 'en')).toBe('m');
  });
});
