// Complaint rules without a database: the number format, the due date in 21 working days
// (weekends and Polish public holidays skipped), overdue, and the shared schema's conditional rules.
import { describe, expect, it } from 'vitest';
import { complaintDueDate, complaintNumber, complaintWorkflow, isDueSoon, isOverdue } from '../complaints.server';
import { complaintSchema } from '../validation';
import { complaint } from './helpers';

describe('complaint numbers', () => {
  it('RK/{year}/{4 digits}', () => {
    expect(complaintNumber(2026, 1)).toBe('RK/2026/0001');
    expect(complaintNumber(2026, 123)).toBe('RK/2026/0123');
    expect(complaintNumber(2027, 12345)).toBe('RK/2027/12345');
  });
});

describe('due date: 21 working days (SPEC section 9)', () => {
  it('skips weekends', () => {
    // Monday 2026-03-02 + 21 working days = Tuesday 2026-03-31 (four full weeks plus one day).
    expect(complaintDueDate('2026-03-02')).toBe('2026-03-31');
  });
  it('skips Christmas Eve, Christmas, Boxing Day and New Year', () => {
    // From Monday 2026-12-07: Dec 8-11 (4), 14-18 (9), 21-23 (12), 28-31 (16), Jan 2 2027 is a Saturday,
    // Jan 4-5 (18), Jan 6 Epiphany, Jan 7-8 (20), Jan 11 (21).
    expect(complaintDueDate('2026-12-07')).toBe('2027-01-11');
  });
  it('skips Easter Monday and the May holidays', () => {
    // 2026: Easter Monday April 6, May 1 (Friday), May 3 (Sunday). From Wednesday 2026-04-01:
    // Apr 2-3 (2), Apr 7-10 (6), 13-17 (11), 20-24 (16), 27-30 (20), May 4 (21).
    expect(complaintDueDate('2026-04-01')).toBe('2026-05-04');
  });
  it('counts the day a complaint was filed in Poland, not in UTC', () => {
    // 23:30 UTC on Friday 2026-03-06 is already Saturday in Warsaw: counted from Saturday.
    expect(complaintDueDate(new Date('2026-03-06T23:30:00Z'))).toBe(complaintDueDate('2026-03-07'));
  });
  it('overdue only while open and past the due date', () => {
    expect(isOverdue({ status: 'new', dueDate: '2026-01-01' }, '2026-01-02')).toBe(true);
    expect(isOverdue({ status: 'in_progress', dueDate: '2026-01-02' }, '2026-01-02')).toBe(false);
    expect(isOverdue({ status: 'accepted', dueDate: '2026-01-01' }, '2026-01-02')).toBe(false);
  });
  it('due soon: open, not past, and at most 3 working days ahead (the weekend does not count)', () => {
    // Friday 2026-11-27: Monday 30 November is 1 working day ahead, Wednesday 2 December 3, Thursday 4.
    const friday = '2026-11-27';
    expect(isDueSoon({ status: 'new', dueDate: friday }, friday)).toBe(true);
    expect(isDueSoon({ status: 'in_progress', dueDate: '2026-12-02' }, friday)).toBe(true);
    expect(isDueSoon({ status: 'new', dueDate: '2026-12-03' }, friday)).toBe(false);
    expect(isDueSoon({ status: 'new', dueDate: '2026-11-26' }, friday)).toBe(false);
    expect(isDueSoon({ status: 'accepted', dueDate: '2026-12-01' }, friday)).toBe(false);
  });
});

describe('complaint workflow', () => {
  const admin = { id: 1, email: 'a@example.com', isAdmin: true };
  it('new -> in_progress -> accepted/rejected -> closed, staff only', () => {
    expect(complaintWorkflow.allowedNext('new', admin)).toEqual(['in_progress']);
    expect(complaintWorkflow.allowedNext('in_progress', admin)).toEqual(['accepted', 'rejected']);
    expect(complaintWorkflow.allowedNext('rejected', admin)).toEqual(['closed']);
    expect(complaintWorkflow.isFinal('closed')).toBe(true);
    expect(complaintWorkflow.allowedNext('new', { id: 2, email: 'u@example.com', isAdmin: false })).toEqual([]);
    expect(complaintWorkflow.allowedNext('new', null)).toEqual([]);
  });
});

describe('complaint schema', () => {
  const parse = (overrides: Record<string, unknown>) => complaintSchema('pl', { today: '2026-06-01' }).safeParse(complaint(overrides));
  it('booleans 1/0, NIP normalised, "other" text and the delivery address dropped when not chosen', () => {
    const r = parse({
      is_different_delivery_address: '0',
      delivery_name: 'X',
      preferred_action: 'repair',
      preferred_action_other: 'ignored',
      tax_identification_nr: 'PL 526-104-08-28',
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ is_different_delivery_address: false, delivery_name: '', preferred_action_other: '', tax_identification_nr: '5261040828' });
  });
  it('accepts an EU VAT number and an empty tax id', () => {
    expect(parse({ tax_identification_nr: 'DE123456789' }).data?.tax_identification_nr).toBe('DE123456789');
    expect(parse({ tax_identification_nr: '' }).success).toBe(true);
  });
  it('dates must be real, not later than today', () => {
    expect(parse({ purchase_date: '2026-06-02' }).error?.issues[0]).toMatchObject({ path: ['purchase_date'], message: 'Data nie może być z przyszłości.' });
    expect(parse({ purchase_date: '15.01.2026' }).error?.issues[0]).toMatchObject({ path: ['purchase_date'], message: 'Podaj datę w formacie RRRR-MM-DD.' });
  });
});
