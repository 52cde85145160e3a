// The online-training rules shared by the pages and the server (SPEC section 4 "Training item
// badge", locking, attempts, expiry, scoring). Pure functions: no database, no clock of their own.

/** Badge codes in the order of the SPEC's table. */
export const BADGES = ['ukonczono', 'wygaslo', 'w_trakcie', 'do_akceptacji', 'rozpocznij'] as const;
export type Badge = (typeof BADGES)[number];
export type BadgeColour = 'green' | 'yellow' | 'blue';

export const BADGE_COLOURS: Record<Badge, BadgeColour> = {
  ukonczono: 'green',
  wygaslo: 'yellow',
  w_trakcie: 'blue',
  do_akceptacji: 'blue',
  rozpocznij: 'yellow',
};

export interface BadgeFlags {
  is_done: boolean;
  is_started: boolean;
  is_expired: boolean;
  is_accepted: boolean;
}

/** The first matching rule of SPEC section 4 applies. */
export function badgeOf(f: BadgeFlags): Badge {
  if (f.is_done) return 'ukonczono';
  if (f.is_started && f.is_expired) return 'wygaslo';
  if (f.is_started && !f.is_expired && f.is_accepted) return 'w_trakcie';
  if (f.is_started && !f.is_expired && !f.is_accepted) return 'do_akceptacji';
  return 'rozpocznij';
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The end of access: the acceptance plus the training's access days. */
export function expiryOf(acceptedAt: Date, accessDays: number): Date {
  return new Date(acceptedAt.getTime() + accessDays * DAY_MS);
}

/** Access has expired when its end is reached (a null end: not accepted yet, not expired). */
export function isExpired(expiresAt: Date | null | undefined, now: Date): boolean {
  return expiresAt != null && now.getTime() >= expiresAt.getTime();
}

/** Extending access: days added to the later of the current end and now. */
export function extendedExpiry(expiresAt: Date | null, days: number, now: Date): Date {
  const base = expiresAt && expiresAt.getTime() > now.getTime() ? expiresAt : now;
  return new Date(base.getTime() + days * DAY_MS);
}

export interface PointState {
  id: number;
  done: boolean;
}

/**
 * Locking: a point is locked while any earlier point (in course order: modules, then points) is
 * not finished. Returns the locked point ids.
 */
export function lockedPoints(points: readonly PointState[]): Set<number> {
  const locked = new Set<number>();
  let blocked = false;
  for (const p of points) {
    if (blocked) locked.add(p.id);
    if (!p.done) blocked = true;
  }
  return locked;
}

/** Progress in percent (rounded down) of finished points. */
export function progressPercent(points: readonly PointState[]): number {
  if (points.length === 0) return 0;
  return Math.floor((points.filter((p) => p.done).length * 100) / points.length);
}

/** Attempts left of the limit (attempts counted since the last reset). */
export function attemptsLeft(limit: number, counted: number): number {
  return Math.max(0, limit - counted);
}

/** Correct answers needed of `questions` for a pass mark in percent (rounded up). */
export function requiredCorrect(questions: number, passPercent: number): number {
  return Math.ceil((questions * passPercent) / 100);
}

export interface ScoredQuestion {
  id: number;
  correct: readonly number[];
}

/**
 * Scores an attempt: a question counts as right only when the chosen answers equal the set of
 * correct answers exactly (multiple-answer questions included: missing or extra choices are wrong).
 */
export function scoreAttempt(questions: readonly ScoredQuestion[], answers: Readonly<Record<string, readonly number[]>>, passPercent: number) {
  const wrong: number[] = [];
  let score = 0;
  for (const q of questions) {
    const chosen = new Set(answers[String(q.id)] ?? []);
    const right = new Set(q.correct);
    const ok = chosen.size === right.size && [...right].every((a) => chosen.has(a));
    if (ok) score += 1;
    else wrong.push(q.id);
  }
  const required = requiredCorrect(questions.length, passPercent);
  return { score, required, passed: score >= required, wrong };
}

/** A time limit is enforced with a small grace for the network. */
export const DEADLINE_GRACE_MS = 5_000;

export function isPastDeadline(deadlineAt: Date | null | undefined, now: Date): boolean {
  return deadlineAt != null && now.getTime() > deadlineAt.getTime() + DEADLINE_GRACE_MS;
}

/** The questionnaire's rating questions (scale 1..5); results are anonymous. */
export const QUESTIONNAIRE_KEYS = ['content', 'materials', 'quiz', 'usefulness', 'overall'] as const;
export type QuestionnaireKey = (typeof QUESTIONNAIRE_KEYS)[number];

/** Certificate number: "COBI/EL/{year}/{enrolment id, 5 digits}". */
export function certificateNumberOf(year: number, enrolmentId: number): string {
  return `COBI/EL/${year}/${String(enrolmentId).padStart(5, '0')}`;
}

/** The URL part of a certificate number ("COBI-EL-2026-00012") and back. */
export const certificateSlug = (n: string) => n.replaceAll('/', '-');
export const certificateFromSlug = (s: string) => s.replaceAll('-', '/');

/**
 * The public verification key of a certificate: the human number beside its random code
 * ("COBI-EL-2026-00012-<32 hex>"). Numbers count up, so the number alone must show nothing.
 */
export const certificateKey = (number: string, code: string) => `${certificateSlug(number)}-${code}`;

/** The number and code of a verification key, or null (a bare number is not a key). */
export function parseCertificateKey(key: string): { number: string; code: string } | null {
  const m = /^([A-Za-z0-9-]{1,40})-([0-9a-f]{32})$/.exec(key);
  return m ? { number: certificateFromSlug(m[1]), code: m[2] } : null;
}

// -- certificate validity (issue 42) ------------------------------------------------------------

export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];

/** The longest certificate validity a training may set (50 years). */
export const MAX_CERTIFICATE_MONTHS = 600;

/**
 * The last day (Polish calendar, inclusive) a certificate issued on `issuedDay` is valid, `months`
 * later: the same day of the month, or the month's last day when it has fewer days
 * (2026-01-31 + 1 month = 2026-02-28). Null months: no expiry.
 */
export function certificateValidUntil(issuedDay: string, months: number | null): string | null {
  if (months == null) return null;
  const [y, m, d] = issuedDay.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * THE status of a certificate, wherever it is shown or checked (public verification, admin list,
 * reminders): revoked wins; otherwise valid through the whole of its valid-until day in Poland and
 * expired from the next Polish day on. `today` is the Polish day (core/time's todayInWarsaw()).
 */
export function certificateStatus(c: { validUntil: string | null; revokedAt: Date | string | null }, today: string): CertificateStatus {
  if (c.revokedAt) return 'revoked';
  if (c.validUntil && today > c.validUntil) return 'expired';
  return 'valid';
}

/** The reminders before a certificate ends, in days, largest first: each is mailed once. */
export const CERTIFICATE_REMINDER_DAYS = [90, 30, 7] as const;

/**
 * The reminder due for a valid certificate `daysLeft` days before its end (the smallest threshold
 * reached), or null when none is due or it was sent already (`lastSent`: the last one mailed).
 */
export function dueReminder(daysLeft: number, lastSent: number | null): number | null {
  if (daysLeft < 0) return null;
  const reached = CERTIFICATE_REMINDER_DAYS.filter((d) => daysLeft <= d);
  const due = reached.length ? Math.min(...reached) : null;
  if (due == null) return null;
  return lastSent != null && lastSent <= due ? null : due;
}

/** A public verification code: 32 lowercase hex digits (128 random bits). */
export const isCertificateCode = (code: string) => /^[0-9a-f]{32}$/.test(code);

/** What a public verification answers (API and pages): the status from the one rule, in the locale. */
export interface PublicCertificate {
  status: CertificateStatus;
  number: string;
  holder: string;
  training: string;
  issued_at: string;
  /** The last valid day YYYY-MM-DD, or null: no expiry. */
  valid_until: string | null;
}
