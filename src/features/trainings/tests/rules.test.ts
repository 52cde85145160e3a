// The online-training rules: the badge table of SPEC section 4 (every row, in order), locking,
// attempts, expiry with a fixed clock and scoring with multiple-answer questions.
import { describe, expect, it } from 'vitest';
import {
  attemptsLeft,
  BADGE_COLOURS,
  badgeOf,
  certificateFromSlug,
  certificateNumberOf,
  certificateSlug,
  expiryOf,
  extendedExpiry,
  isExpired,
  isPastDeadline,
  lockedPoints,
  progressPercent,
  requiredCorrect,
  scoreAttempt,
} from '../rules';

const f = (is_done: boolean, is_started: boolean, is_expired: boolean, is_accepted: boolean) => ({ is_done, is_started, is_expired, is_accepted });

describe('badgeOf: the first matching rule applies', () => {
  it('row 1: is_done gives ukonczono (green), whatever the other flags', () => {
    expect(badgeOf(f(true, true, true, true))).toBe('ukonczono');
    expect(badgeOf(f(true, true, true, false))).toBe('ukonczono');
    expect(badgeOf(f(true, false, false, false))).toBe('ukonczono');
    expect(BADGE_COLOURS.ukonczono).toBe('green');
  });
  it('row 2: started and expired gives wygaslo (yellow), accepted or not', () => {
    expect(badgeOf(f(false, true, true, true))).toBe('wygaslo');
    expect(badgeOf(f(false, true, true, false))).toBe('wygaslo');
    expect(BADGE_COLOURS.wygaslo).toBe('yellow');
  });
  it('row 3: started, not expired, accepted gives w_trakcie (blue)', () => {
    expect(badgeOf(f(false, true, false, true))).toBe('w_trakcie');
    expect(BADGE_COLOURS.w_trakcie).toBe('blue');
  });
  it('row 4: started, not expired, not accepted gives do_akceptacji (blue)', () => {
    expect(badgeOf(f(false, true, false, false))).toBe('do_akceptacji');
    expect(BADGE_COLOURS.do_akceptacji).toBe('blue');
  });
  it('row 5: not started gives rozpocznij (yellow), even with stray flags', () => {
    expect(badgeOf(f(false, false, false, false))).toBe('rozpocznij');
    expect(badgeOf(f(false, false, true, true))).toBe('rozpocznij');
    expect(BADGE_COLOURS.rozpocznij).toBe('yellow');
  });
});

describe('expiry with a fixed clock', () => {
  const accepted = new Date('2026-03-01T10:00:00Z');
  it('ends the access days after the acceptance; expired from that instant on', () => {
    const end = expiryOf(accepted, 30);
    expect(end.toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(isExpired(end, new Date('2026-03-31T09:59:59Z'))).toBe(false);
    expect(isExpired(end, new Date('2026-03-31T10:00:00Z'))).toBe(true);
    expect(isExpired(null, new Date('2030-01-01T00:00:00Z'))).toBe(false);
  });
  it('extends from the current end while it runs, from now once it has passed', () => {
    const end = new Date('2026-03-31T10:00:00Z');
    expect(extendedExpiry(end, 10, new Date('2026-03-20T00:00:00Z')).toISOString()).toBe('2026-04-10T10:00:00.000Z');
    expect(extendedExpiry(end, 10, new Date('2026-05-01T00:00:00Z')).toISOString()).toBe('2026-05-11T00:00:00.000Z');
    expect(extendedExpiry(null, 5, new Date('2026-05-01T00:00:00Z')).toISOString()).toBe('2026-05-06T00:00:00.000Z');
  });
  it('a quiz deadline allows 5 s of grace and no more', () => {
    const deadline = new Date('2026-03-01T10:30:00Z');
    expect(isPastDeadline(deadline, new Date('2026-03-01T10:30:05Z'))).toBe(false);
    expect(isPastDeadline(deadline, new Date('2026-03-01T10:30:05.001Z'))).toBe(true);
    expect(isPastDeadline(null, new Date('2099-01-01T00:00:00Z'))).toBe(false);
  });
});

describe('locking and progress', () => {
  it('locks every point after the first unfinished one', () => {
    const locked = lockedPoints([
      { id: 1, done: true },
      { id: 2, done: false },
      { id: 3, done: false },
      { id: 4, done: true },
    ]);
    expect([...locked]).toEqual([3, 4]);
    expect([
      ...lockedPoints([
        { id: 1, done: false },
        { id: 2, done: false },
      ]),
    ]).toEqual([2]);
    expect(
      lockedPoints([
        { id: 1, done: true },
        { id: 2, done: true },
      ]).size,
    ).toBe(0);
  });
  it('progress is the finished share, rounded down', () => {
    expect(
      progressPercent([
        { id: 1, done: true },
        { id: 2, done: false },
        { id: 3, done: false },
      ]),
    ).toBe(33);
    expect(progressPercent([])).toBe(0);
  });
});

describe('attempts', () => {
  it('counts down to zero and never below', () => {
    expect(attemptsLeft(3, 0)).toBe(3);
    expect(attemptsLeft(3, 2)).toBe(1);
    expect(attemptsLeft(3, 3)).toBe(0);
    expect(attemptsLeft(3, 5)).toBe(0);
  });
});

describe('scoring', () => {
  const questions = [
    { id: 1, correct: [11] },
    { id: 2, correct: [21, 22] },
    { id: 3, correct: [31] },
  ];
  it('a multiple-answer question is right only with exactly the correct set', () => {
    expect(scoreAttempt(questions, { 1: [11], 2: [21, 22], 3: [31] }, 100)).toEqual({ score: 3, required: 3, passed: true, wrong: [] });
    expect(scoreAttempt(questions, { 1: [11], 2: [21], 3: [31] }, 100).wrong).toEqual([2]);
    expect(scoreAttempt(questions, { 1: [11], 2: [21, 22, 23], 3: [31] }, 100).wrong).toEqual([2]);
    expect(scoreAttempt(questions, { 1: [11], 2: [22, 21], 3: [31] }, 100).passed).toBe(true);
  });
  it('unanswered questions are wrong; the pass mark rounds up', () => {
    const r = scoreAttempt(questions, { 1: [11] }, 60);
    expect(r).toEqual({ score: 1, required: 2, passed: false, wrong: [2, 3] });
    expect(requiredCorrect(4, 75)).toBe(3);
    expect(requiredCorrect(15, 70)).toBe(11);
    expect(scoreAttempt(questions, { 1: [11], 3: [31] }, 60).passed).toBe(true);
  });
});

describe('certificate numbers', () => {
  it('pads the enrolment id and round-trips through the URL form', () => {
    const n = certificateNumberOf(2026, 12);
    expect(n).toBe('COBI/EL/2026/00012');
    expect(certificateSlug(n)).toBe('COBI-EL-2026-00012');
    expect(certificateFromSlug('COBI-EL-2026-00012')).toBe(n);
  });
});
