// Issue 42: the one certificate status rule (valid, expired, revoked) on Polish days, the valid-until
// date from the training's months, and which expiry reminder is due.
import { afterEach, describe, expect, it } from 'vitest';
import { resetClock, setClock } from '~/core/time/clock';
import { todayInWarsaw } from '~/core/time/days';
import { certificateStatus, certificateValidUntil, dueReminder, isCertificateCode } from '../rules';

afterEach(() => resetClock());

/** The status at an instant, as the server computes it (today in Poland on the one clock). */
function statusAt(iso: string, c: { validUntil: string | null; revokedAt: Date | null }) {
  setClock(() => new Date(iso));
  return certificateStatus(c, todayInWarsaw());
}

describe('certificateStatus', () => {
  it('is valid through the whole valid-until day in Poland and expired from the next Polish midnight (winter, UTC+1)', () => {
    const c = { validUntil: '2027-01-15', revokedAt: null };
    expect(statusAt('2027-01-15T00:00:00+01:00', c)).toBe('valid');
    expect(statusAt('2027-01-15T23:59:59+01:00', c)).toBe('valid');
    // 23:30 UTC on the 15th is already the 16th in Warsaw.
    expect(statusAt('2027-01-15T23:30:00Z', c)).toBe('expired');
    expect(statusAt('2027-01-16T00:00:00+01:00', c)).toBe('expired');
    // 22:59 UTC on the 15th is still the 15th in Warsaw.
    expect(statusAt('2027-01-15T22:59:59Z', c)).toBe('valid');
  });

  it('uses Polish summer time on a summer edge day (UTC+2)', () => {
    const c = { validUntil: '2027-07-31', revokedAt: null };
    expect(statusAt('2027-07-31T21:59:59Z', c)).toBe('valid');
    expect(statusAt('2027-07-31T22:00:00Z', c)).toBe('expired');
  });

  it('never expires without a valid-until date; a revocation wins over both', () => {
    expect(certificateStatus({ validUntil: null, revokedAt: null }, '2099-12-31')).toBe('valid');
    expect(certificateStatus({ validUntil: null, revokedAt: new Date('2026-01-01') }, '2026-01-02')).toBe('revoked');
    expect(certificateStatus({ validUntil: '2020-01-01', revokedAt: '2019-06-01T00:00:00Z' }, '2026-01-02')).toBe('revoked');
    expect(certificateStatus({ validUntil: '2030-01-01', revokedAt: new Date() }, '2026-01-02')).toBe('revoked');
  });
});

describe('certificateValidUntil', () => {
  it('adds months to the issue day, ending on the month end when the day does not exist', () => {
    expect(certificateValidUntil('2026-03-15', 24)).toBe('2028-03-15');
    expect(certificateValidUntil('2026-01-31', 1)).toBe('2026-02-28');
    expect(certificateValidUntil('2027-12-31', 2)).toBe('2028-02-29');
    expect(certificateValidUntil('2026-11-30', 3)).toBe('2027-02-28');
    expect(certificateValidUntil('2026-05-01', 12)).toBe('2027-05-01');
    expect(certificateValidUntil('2026-05-01', null)).toBeNull();
  });
});

describe('dueReminder', () => {
  it('sends 90, 30 and 7 days before the end, each once, the smallest reached when some were missed', () => {
    expect(dueReminder(120, null)).toBeNull();
    expect(dueReminder(90, null)).toBe(90);
    expect(dueReminder(89, 90)).toBeNull();
    expect(dueReminder(30, 90)).toBe(30);
    expect(dueReminder(30, 30)).toBeNull();
    expect(dueReminder(7, 30)).toBe(7);
    expect(dueReminder(0, 7)).toBeNull();
    // A certificate issued 20 days before its end gets only the 30-day reminder, then the 7-day one.
    expect(dueReminder(20, null)).toBe(30);
    expect(dueReminder(5, null)).toBe(7);
    expect(dueReminder(-1, null)).toBeNull();
  });
});

describe('isCertificateCode', () => {
  it('takes 32 lowercase hex digits only', () => {
    expect(isCertificateCode('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isCertificateCode('0123456789ABCDEF0123456789ABCDEF')).toBe(false);
    expect(isCertificateCode('0123456789abcdef')).toBe(false);
    expect(isCertificateCode('0123456789abcdef0123456789abcdef\0')).toBe(false);
  });
});
