import { describe, expect, it } from 'vitest';
import { registerValueLabels, valueLabel } from './value-labels';

describe('readable values of the change log', () => {
  it('names a registered field value in each language; other fields, values and non-strings have none', () => {
    registerValueLabels('ticket', 'status', { in_progress: { pl: 'W realizacji', en: 'In progress' } });
    expect(valueLabel('ticket', 'status', 'in_progress', 'pl')).toBe('W realizacji');
    expect(valueLabel('ticket', 'status', 'in_progress', 'en')).toBe('In progress');
    expect(valueLabel('ticket', 'status', 'unknown', 'pl')).toBeNull();
    expect(valueLabel('ticket', 'priority', 'in_progress', 'pl')).toBeNull();
    expect(valueLabel('other', 'status', 'in_progress', 'pl')).toBeNull();
    expect(valueLabel('ticket', 'status', 2, 'pl')).toBeNull();
    expect(valueLabel('ticket', 'status', null, 'pl')).toBeNull();
  });
});
