// Issue 42 on a real database (PGlite and PostgreSQL): a training's certificate validity (admin API),
// the valid-until day stored at issue, the public check by code (valid, expired, revoked, 404) and by
// number + surname (a wrong surname answers as an unknown number; the number alone answers nothing),
// the admin list by status and expiring soon, the revocation (permission, reason mailed, once) and
// the expiry reminders of the hourly sweep.
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { resetClock, setClock } from '~/core/time/clock';
import { addDays, todayInWarsaw } from '~/core/time/days';
import { rolePermissions, roles, users } from '~/features/accounts/accounts.schema';
import { createUser, latestMail, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { sweepCertificateReminders } from '../certificate-reminders.server';
import { trainingEnrolments, trainings } from '../trainings.schema';
import { createTraining, rightAnswers } from './helpers';

let t: TestApp;
let editor: TestClient;
let plain: TestClient;
let usersAdmin: TestClient;
let trainingId: number;
const TRAINER = 41;
const USERS_ONLY = 42;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await getDb()
    .insert(roles)
    .values([
      { id: TRAINER, key: 'trainer42', namePl: 'Trener', nameEn: 'Trainer' },
      { id: USERS_ONLY, key: 'users42', namePl: 'Użytkownicy', nameEn: 'Users' },
    ]);
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: TRAINER, permissionKey: 'admin.access' },
      { roleId: TRAINER, permissionKey: 'trainings.update' },
      { roleId: USERS_ONLY, permissionKey: 'admin.access' },
      { roleId: USERS_ONLY, permissionKey: 'users.update' },
    ]);
  editor = await loggedIn(t.app, (await createUser({ roleIds: [TRAINER] })).email);
  plain = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
  usersAdmin = await loggedIn(t.app, (await createUser({ roleIds: [USERS_ONLY] })).email);
  const [tr] = await getDb().insert(trainings).values({ slug: 'cert-42', titlePl: 'Pomiary okablowania', titleEn: 'Cabling measurements' }).returning();
  trainingId = tr.id;
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

const hex32 = () => Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** A holder with an issued certificate (directly in the table), as the quiz leaves it. */
async function certified(opts: { surname?: string; validUntil?: string | null; revoked?: string; locale?: 'pl' | 'en' } = {}) {
  seq += 1;
  const u = await createUser();
  await getDb()
    .update(users)
    .set({ firstName: 'Anna', surname: opts.surname ?? `Nowak${seq}` })
    .where(eq(users.id, u.id));
  const number = `COBI/EL/2026/${String(90000 + seq).padStart(5, '0')}`;
  const code = hex32();
  const [e] = await getDb()
    .insert(trainingEnrolments)
    .values({
      trainingId,
      userId: u.id,
      status: 'accepted',
      locale: opts.locale ?? 'pl',
      doneAt: new Date('2026-02-10T10:00:00Z'),
      certificateNumber: number,
      certificateCode: code,
      certificateValidUntil: opts.validUntil ?? null,
      certificateRevokedAt: opts.revoked ? new Date() : null,
      certificateRevokeReason: opts.revoked ?? null,
    })
    .returning();
  return { id: e.id, number, code, email: u.email, surname: opts.surname ?? `Nowak${seq}` };
}

let ip = 0;
/** A visitor from a fresh address (the lookups' limit is per IP). */
function visitor() {
  ip += 1;
  const c = new TestClient(t.app);
  const remoteAddress = `203.0.113.${100 + ip}`;
  return {
    get: (url: string) => c.request({ method: 'GET', url, remoteAddress }),
    post: (url: string, payload: unknown) => c.request({ method: 'POST', url, payload: payload as never, remoteAddress }),
  };
}

describe('certificate validity of a training (admin API) and at issue', () => {
  it('the training form takes months (empty: no expiry) and refuses 0, 601 and text', async () => {
    const base = {
      title_pl: 'Ważność',
      access_days: 30,
      quiz_attempts: 3,
      pass_percent: 70,
      questions_per_attempt: 4,
      time_limit_minutes: '',
      questionnaire_enabled: '1',
      is_active: '1',
    };
    const created = await editor.post('/api/admin/trainings', { ...base, certificate_valid_months: '24' });
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    expect((await editor.get(`/api/admin/trainings/${id}`)).json()).toMatchObject({ certificate_valid_months: 24 });
    const got = (await editor.get(`/api/admin/trainings/${id}`)).json();
    expect(
      (await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: { ...base, version: got.version, certificate_valid_months: '' } }))
        .statusCode,
    ).toBe(200);
    expect((await editor.get(`/api/admin/trainings/${id}`)).json()).toMatchObject({ certificate_valid_months: null });
    for (const bad of ['0', '601', 'abc', '1.5']) {
      const res = await editor.post('/api/admin/trainings', { ...base, title_pl: `Zła ${bad}`, certificate_valid_months: bad });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['certificate_valid_months']);
    }
  });

  it('a passed quiz stores the last valid Polish day: issue day in Warsaw plus the months', async () => {
    // 23:30 UTC on 10 March is already 11 March in Poland.
    setClock(() => new Date('2026-03-10T23:30:00Z'));
    const tr = await createTraining();
    await getDb().update(trainings).set({ certificateValidMonths: 12 }).where(eq(trainings.id, tr.id));
    const u = await createUser({ roleIds: [2] });
    const l = await loggedIn(t.app, u.email);
    expect((await l.post(`/api/trainings/${tr.id}/start`)).statusCode).toBe(200);
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${u.id}/accept`)).statusCode).toBe(200);
    for (const id of tr.lessons) expect((await l.post(`/api/training-points/${id}/complete`)).statusCode).toBe(200);
    const quiz = (await l.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    const done = (await l.post(`/api/quiz-attempts/${quiz.attempt_id}/finish`, { answers: rightAnswers(tr) })).json();
    expect(done.passed).toBe(true);
    const [row] = await getDb().select().from(trainingEnrolments).where(eq(trainingEnrolments.userId, u.id));
    expect(row.certificateValidUntil).toBe('2027-03-11');
    expect(row.certificateCode).toMatch(/^[0-9a-f]{32}$/);
    const res = await visitor().get(`/api/certificates/verify/${row.certificateCode}`);
    expect(res.json()).toMatchObject({ status: 'valid', valid_until: '2027-03-11' });
  });
});

describe('GET /api/certificates/verify/{code}', () => {
  it('answers valid, expired and revoked with holder, training, issue and expiry dates', async () => {
    const today = todayInWarsaw();
    const valid = await certified({ validUntil: today });
    const expired = await certified({ validUntil: addDays(today, -1) });
    const revoked = await certified({ validUntil: addDays(today, 100), revoked: 'Fałszywe pomiary' });
    const forever = await certified({ validUntil: null });
    const v = visitor();
    const a = await v.get(`/api/certificates/verify/${valid.code}`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-cache');
    expect(a.json()).toEqual({
      status: 'valid',
      number: valid.number,
      holder: `Anna ${valid.surname}`,
      training: 'Pomiary okablowania',
      issued_at: '2026-02-10T10:00:00.000Z',
      valid_until: today,
    });
    expect((await v.get(`/api/certificates/verify/${expired.code}`)).json()).toMatchObject({ status: 'expired', valid_until: addDays(today, -1) });
    const r = (await v.get(`/api/certificates/verify/${revoked.code}`)).json();
    expect(r).toMatchObject({ status: 'revoked' });
    expect(JSON.stringify(r)).not.toContain('Fałszywe');
    expect((await v.get(`/api/certificates/verify/${forever.code}`)).json()).toMatchObject({ status: 'valid', valid_until: null });
    // English titles for an English visitor.
    const en = await new TestClient(t.app).request({
      method: 'GET',
      url: `/api/certificates/verify/${valid.code}`,
      headers: { 'x-locale': 'en' },
      remoteAddress: '203.0.113.250',
    });
    expect(en.json().training).toBe('Cabling measurements');
  });

  it('404 without a name for an unknown code, a malformed code and the number or old key instead of the code', async () => {
    const c = await certified({ validUntil: null });
    const v = visitor();
    for (const bad of [
      hex32(),
      c.code.toUpperCase(),
      c.code.slice(0, 31),
      `${c.code}0`,
      c.number.replaceAll('/', '-'),
      `${c.number.replaceAll('/', '-')}-${c.code}`,
    ]) {
      const res = await v.get(`/api/certificates/verify/${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(c.surname);
    }
  });
});

describe('POST /api/certificates/verify (number + surname)', () => {
  it('finds the certificate with its status; the surname is compared without case and outer spaces', async () => {
    const today = todayInWarsaw();
    const c = await certified({ surname: 'Żółkiewska', validUntil: addDays(today, 10) });
    const old = await certified({ surname: 'Kowal', validUntil: addDays(today, -30) });
    const v = visitor();
    const res = await v.post('/api/certificates/verify', { number: c.number, surname: '  żółkiewska ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ status: 'valid', holder: 'Anna Żółkiewska', number: c.number });
    expect((await v.post('/api/certificates/verify', { number: old.number, surname: 'KOWAL' })).json()).toMatchObject({ status: 'expired' });
  });

  it('a wrong surname answers exactly as an unknown number; the number alone answers nothing', async () => {
    const c = await certified({ surname: 'Wiśniewski', validUntil: null });
    const v = visitor();
    const wrong = await v.post('/api/certificates/verify', { number: c.number, surname: 'Wiśniewska' });
    const unknown = await v.post('/api/certificates/verify', { number: 'COBI/EL/2026/99999', surname: 'Wiśniewska' });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.body).not.toContain('Anna');
    const alone = await v.post('/api/certificates/verify', { number: c.number });
    expect(alone.statusCode).toBe(422);
    expect(Object.keys(alone.json().errors)).toEqual(['surname']);
    expect(alone.body).not.toContain('Wiśniewski');
    const blank = await v.post('/api/certificates/verify', { number: c.number, surname: '   ' });
    expect(blank.statusCode).toBe(422);
    // A holder without a surname cannot be found by an empty one either.
    const nameless = await certified({ surname: '' });
    expect((await v.post('/api/certificates/verify', { number: nameless.number, surname: ' ' })).statusCode).toBe(422);
  });
});

describe('admin: certificates list and revocation', () => {
  it('revokes with a reason (trainer only), mails the holder in their language once, and the check says revoked', async () => {
    const c = await certified({ validUntil: null, locale: 'en' });
    const url = `/api/admin/training-certificates/${c.id}/revoke`;
    expect((await new TestClient(t.app).post(url, { reason: 'x' })).statusCode).toBe(401);
    expect((await plain.post(url, { reason: 'x' })).statusCode).toBe(403);
    expect((await usersAdmin.post(url, { reason: 'x' })).statusCode).toBe(403);
    expect((await editor.post(url, { reason: 'x' }, { xsrf: false })).statusCode).toBe(419);
    const empty = await editor.post(url, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect(Object.keys(empty.json().errors)).toEqual(['reason']);
    expect((await editor.post('/api/admin/training-certificates/2147483000/revoke', { reason: 'x' })).statusCode).toBe(404);
    expect((await editor.post('/api/admin/training-certificates/abc/revoke', { reason: 'x' })).statusCode).toBe(404);
    expect((await visitor().get(`/api/certificates/verify/${c.code}`)).json().status).toBe('valid');

    // Two revocations at once: one wins, the other is refused; one mail.
    const [a, b] = await Promise.all([editor.post(url, { reason: 'Measurements forged' }), editor.post(url, { reason: 'Again' })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await mailCount(c.email, 'trainings.certificate-revoked')).toBe(1);
    const mail = await latestMail(c.email, 'trainings.certificate-revoked');
    expect(mail.subject).toContain(c.number);
    expect(mail.subject).toContain('revoked');
    const [row] = await getDb().select().from(trainingEnrolments).where(eq(trainingEnrolments.id, c.id));
    expect(row.certificateRevokedAt).not.toBeNull();
    expect(JSON.stringify(mail)).toContain(row.certificateRevokeReason as string);
    expect(JSON.stringify(mail)).toContain(`/en/certificates/${c.code}`);
    expect((await visitor().get(`/api/certificates/verify/${c.code}`)).json().status).toBe('revoked');
  });

  it('lists by status and expiring soon, each row under the status the one rule gives it; paginated', async () => {
    const today = todayInWarsaw();
    const soon = await certified({ validUntil: addDays(today, 20) });
    const later = await certified({ validUntil: addDays(today, 200) });
    const gone = await certified({ validUntil: addDays(today, -1) });
    const revoked = await certified({ validUntil: addDays(today, 20), revoked: 'Powód' });
    const list = async (q: string) => {
      const res = await editor.get(`/api/admin/training-certificates?${q}`);
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: number; status: string }[]; pages: number; page: number; total: number };
    };
    const ids = (r: { items: { id: number }[] }) => r.items.map((i) => i.id);
    const valid = await list('status=valid&search=Nowak');
    expect(ids(valid)).toEqual(expect.arrayContaining([soon.id, later.id]));
    expect(ids(valid)).not.toContain(gone.id);
    expect(ids(valid)).not.toContain(revoked.id);
    for (const [q, status] of [
      ['status=valid', 'valid'],
      ['status=expired', 'expired'],
      ['status=revoked', 'revoked'],
      ['status=expiring', 'valid'],
    ] as const) {
      for (const item of (await list(q)).items) expect(item.status).toBe(status);
    }
    const expiring = ids(await list('status=expiring'));
    expect(expiring).toContain(soon.id);
    expect(expiring).not.toContain(later.id);
    expect(expiring).not.toContain(revoked.id);
    expect(ids(await list('status=expired'))).toContain(gone.id);
    expect(ids(await list('status=revoked'))).toContain(revoked.id);
    const all = await list('page=1');
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect(all.pages).toBe(Math.ceil(all.total / 20));
    // Unknown filters are ignored, never a 500; NUL is refused as everywhere (422).
    expect((await editor.get('/api/admin/training-certificates?status=bogus&page=abc&training_id=-1')).statusCode).toBe(200);
    expect((await editor.get('/api/admin/training-certificates?status=%00')).statusCode).toBe(422);
    expect((await plain.get('/api/admin/training-certificates')).statusCode).toBe(403);
    expect((await usersAdmin.get('/api/admin/training-certificates')).statusCode).toBe(403);
  });
});

describe('expiry reminders (the hourly sweep)', () => {
  it('mails 90, 30 and 7 days before the end, once each, in the enrolment language; none for revoked or far ones', async () => {
    const at = new Date();
    const today = todayInWarsaw();
    const in90 = await certified({ validUntil: addDays(today, 90) });
    const in20 = await certified({ validUntil: addDays(today, 20), locale: 'en' });
    const far = await certified({ validUntil: addDays(today, 91) });
    const revoked = await certified({ validUntil: addDays(today, 7), revoked: 'Powód' });
    const kind = 'trainings.certificate-expiring';
    const [a, b] = await Promise.all([sweepCertificateReminders(at), sweepCertificateReminders(at)]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    expect(await mailCount(in90.email, kind)).toBe(1);
    expect(await mailCount(in20.email, kind)).toBe(1);
    expect(await mailCount(far.email, kind)).toBe(0);
    expect(await mailCount(revoked.email, kind)).toBe(0);
    expect((await latestMail(in90.email, kind)).subject).toContain('90 dni');
    expect((await latestMail(in20.email, kind)).subject).toContain('20 days');
    // Again the same day: nothing new. 13 days later the 20-day one gets its 7-day reminder.
    await sweepCertificateReminders(at);
    expect(await mailCount(in90.email, kind)).toBe(1);
    await sweepCertificateReminders(new Date(at.getTime() + 13 * 86_400_000));
    expect(await mailCount(in20.email, kind)).toBe(2);
    expect(await mailCount(in90.email, kind)).toBe(1);
  });
});
