import { describe, expect, it } from 'vitest';
import { REGISTRATION_STATUSES } from '../courses.schema';
import { courseMessages } from '../messages';
import { registrationWorkflow } from '../registration-workflow.server';
import { attendanceOpen, canCancel, certificateNumber, dateState, formatDays, lastCancelDay, lastRegistrationDay } from '../rules';
import { courseSchema, registrationSchema } from '../validation';

describe('course date rules', () => {
  const course = { dateFrom: '2026-06-10', registrationDeadline: null as string | null, isActive: true };
  it('opens registration until the day before, or until the deadline', () => {
    expect(lastRegistrationDay(course)).toBe('2026-06-09');
    expect(dateState(course, 3, '2026-06-09')).toBe('open');
    expect(dateState(course, 3, '2026-06-10')).toBe('past');
    expect(dateState(course, 0, '2026-06-01')).toBe('full');
    expect(dateState({ ...course, registrationDeadline: '2026-06-03' }, 3, '2026-06-04')).toBe('closed');
    expect(dateState({ ...course, isActive: false }, 3, '2026-06-01')).toBe('closed');
  });

  it('lets the participant cancel only while the course is more than 7 days away', () => {
    expect(lastCancelDay('2026-06-10')).toBe('2026-06-02');
    expect(canCancel('registered', '2026-06-10', '2026-06-02')).toBe(true);
    expect(canCancel('registered', '2026-06-10', '2026-06-03')).toBe(false);
    expect(canCancel('waiting', '2026-06-10', '2026-05-01')).toBe(true);
    expect(canCancel('attended', '2026-06-10', '2026-05-01')).toBe(false);
    expect(canCancel('cancelled', '2026-06-10', '2026-05-01')).toBe(false);
  });

  it('writes days as DD.MM.YYYY ranges and numbers certificates', () => {
    expect(formatDays('2026-06-10', '2026-06-10')).toBe('10.06.2026');
    expect(formatDays('2026-06-10', '2026-06-11')).toBe('10–11.06.2026');
    expect(formatDays('2026-06-30', '2026-07-01')).toBe('30.06–01.07.2026');
    expect(formatDays('2026-12-31', '2027-01-01')).toBe('31.12.2026–01.01.2027');
    expect(certificateNumber(12, '2026-06-11')).toBe('COBI/SZK/2026/00012');
  });
});

describe('registration workflow', () => {
  const admin = { id: 1, admin: true };
  const participant = { id: 2, admin: false };
  it('lets the participant only cancel, the organiser every declared move', () => {
    expect(registrationWorkflow.allowedNext('registered', participant)).toEqual(['cancelled']);
    expect(registrationWorkflow.allowedNext('registered', admin)).toEqual(['confirmed', 'attended', 'cancelled']);
    expect(registrationWorkflow.allowedNext('waiting', participant)).toEqual(['cancelled']);
    expect(registrationWorkflow.allowedNext('cancelled', admin)).toEqual([]);
    expect(registrationWorkflow.canMove('registered', 'cancelled', null)).toBe(false);
  });
  it('has a label and a status text in both languages for every status', () => {
    for (const s of REGISTRATION_STATUSES) {
      expect(registrationWorkflow.label(s, 'en')).not.toBe(s);
      expect(courseMessages.pl[`status.${s}`]).toBeTruthy();
      expect(courseMessages.en[`mail.status.${s}`]).toBeTruthy();
    }
  });
});

describe('shared schemas', () => {
  it('needs the privacy consent and normalises the e-mail', () => {
    const base = { course_id: '3', first_name: 'Jan', surname: 'Nowak', phone: '600 100 200', email: ' Jan@Example.COM ', company_name: 'X', city: 'Y' };
    expect(registrationSchema('pl').safeParse(base).success).toBe(false);
    const ok = registrationSchema('en').parse({ ...base, accepted_privacy: 'on' });
    expect(ok.email).toBe('jan@example.com');
    expect(ok.course_id).toBe(3);
  });
  it('reads the admin price in Polish or English notation as grosze', () => {
    const base = { title_pl: 'T', city: 'C', venue: 'V', date_from: '2026-06-10', date_to: '2026-06-11', seats: '12', is_active: '1' };
    expect(courseSchema('pl').parse({ ...base, price: '1 450,50' }).price).toBe(145_050);
    expect(courseSchema('en').parse({ ...base, price: '1,450.50' }).price).toBe(145_050);
    expect(courseSchema('pl').parse({ ...base, price: '0' }).registration_deadline).toBeNull();
  });
});

describe('attendanceOpen (issue 41 point 25)', () => {
  it('opens on the course’s last day, not before', () => {
    expect(attendanceOpen('2026-12-05', '2026-12-04')).toBe(false);
    expect(attendanceOpen('2026-12-05', '2026-12-05')).toBe(true);
    expect(attendanceOpen('2026-12-05', '2027-01-10')).toBe(true);
  });
});
