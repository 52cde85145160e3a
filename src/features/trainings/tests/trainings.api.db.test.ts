// The online-trainings API on a real database (issue 15): the list with flags and badges, start
// and acceptance (mails), locking (423), lessons complete/incomplete, the quiz (no correct answers
// leave the server, scoring, wrong questions, attempt limit also under parallel requests, the time
// limit, reset), expiry and extension, the questionnaire, comments, own-only access, the
// certificate (PDF and public verification) and the admin API (permission group trainings).
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, latestMail, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { loaderArgs } from '~tests/helpers/loader-args';
import * as trainingsPage from '../routes/trainings';
import { quizAttempts, trainingEnrolments, trainingQuestionnaireResponses, trainingQuestions, trainings } from '../trainings.schema';
import { resetClock, setClock } from '~/core/time/clock';
import { trainingsSettings } from '../trainings.server';
import { answersWithWrong, createTraining, rightAnswers, type TestTraining } from './helpers';

let t: TestApp;
let admin: TestClient;
let editor: TestClient;
let plain: TestClient;
const TRAININGS_ROLE = 30;

beforeAll(async () => {
  t = await createTestApp();
  await getDb()
    .insert(roles)
    .values([{ id: TRAININGS_ROLE, key: 'trainer', namePl: 'Trener', nameEn: 'Trainer' }]);
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: TRAININGS_ROLE, permissionKey: 'admin.access' },
      { roleId: TRAININGS_ROLE, permissionKey: 'trainings.update' },
    ]);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  editor = await loggedIn(t.app, (await createUser({ roleIds: [TRAININGS_ROLE] })).email);
  plain = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

async function learner() {
  const u = await createUser({ roleIds: [2] });
  return { id: u.id, email: u.email, client: await loggedIn(t.app, u.email) };
}

/** A learner who started and was accepted. */
async function acceptedLearner(tr: TestTraining) {
  const l = await learner();
  expect((await l.client.post(`/api/trainings/${tr.id}/start`)).statusCode).toBe(200);
  expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/accept`)).statusCode).toBe(200);
  return l;
}

async function completeLessons(client: TestClient, tr: TestTraining) {
  for (const id of tr.lessons) expect((await client.post(`/api/training-points/${id}/complete`)).statusCode).toBe(200);
}

const pointsOf = (body: { modules: { points: { id: number; is_done: boolean; is_locked: boolean; kind: string }[] }[] }) =>
  body.modules.flatMap((m) => m.points);

describe('GET /api/trainings', () => {
  it('a guest gets the active trainings, none started (badge rozpocznij); inactive ones are hidden', async () => {
    const tr = await createTraining();
    const hidden = await createTraining({ isActive: false });
    const res = await new TestClient(t.app).get('/api/trainings');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as Record<string, unknown>[];
    expect(items.map((i) => i.id)).not.toContain(hidden.id);
    expect(items.find((i) => i.id === tr.id)).toMatchObject({
      is_done: false,
      is_started: false,
      is_expired: false,
      is_accepted: false,
      badge: 'rozpocznij',
      title: 'Instalacja okablowania miedzianego',
    });
    const en = (await new TestClient(t.app).get('/api/trainings', { 'x-locale': 'en' })).json().items as Record<string, unknown>[];
    expect(en.find((i) => i.id === tr.id)?.title).toBe('Copper cabling installation');
  });

  it('follows the learner from rozpocznij through do_akceptacji and w_trakcie to wygaslo', async () => {
    const tr = await createTraining({ accessDays: 10 });
    const l = await learner();
    const badge = async () =>
      ((await l.client.get('/api/trainings')).json().items as { id: number; badge: string; is_started: boolean }[]).find((i) => i.id === tr.id);
    expect((await badge())?.badge).toBe('rozpocznij');
    await l.client.post(`/api/trainings/${tr.id}/start`);
    expect(await badge()).toMatchObject({ badge: 'do_akceptacji', is_started: true });
    await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/accept`);
    expect((await badge())?.badge).toBe('w_trakcie');
    const later = new Date(Date.now() + 11 * 86_400_000);
    setClock(() => later);
    expect(await badge()).toMatchObject({ badge: 'wygaslo', is_expired: true });
  });
});

describe('start and acceptance', () => {
  it('starting asks the trainings inbox for acceptance; until accepted every point is locked (423)', async () => {
    const tr = await createTraining();
    const l = await learner();
    const inbox = trainingsSettings().inbox;
    const before = await mailCount(inbox, 'trainings.acceptance-request');
    const res = await l.client.post(`/api/trainings/${tr.id}/start`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ created: true });
    expect(await mailCount(inbox, 'trainings.acceptance-request')).toBe(before + 1);
    const again = await l.client.post(`/api/trainings/${tr.id}/start`);
    expect(again.json()).toMatchObject({ created: false });
    expect(await mailCount(inbox, 'trainings.acceptance-request')).toBe(before + 1);
    const body = (await l.client.get(`/api/trainings/${tr.id}`)).json();
    expect(body.access).toBe('pending');
    expect(pointsOf(body).every((p) => p.is_locked)).toBe(true);
    const locked = await l.client.post(`/api/training-points/${tr.lessons[0]}/complete`);
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toContain('akceptację');
  });

  it('accepting sets the access days from now and mails the learner; refusing locks the content', async () => {
    const tr = await createTraining({ accessDays: 30 });
    const l = await learner();
    await l.client.post(`/api/trainings/${tr.id}/start`);
    const res = await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/accept`);
    expect(res.statusCode).toBe(200);
    const [e] = await getDb()
      .select()
      .from(trainingEnrolments)
      .where(and(eq(trainingEnrolments.trainingId, tr.id), eq(trainingEnrolments.userId, l.id)));
    expect(e?.status).toBe('accepted');
    const days = ((e?.expiresAt?.getTime() ?? 0) - (e?.acceptedAt?.getTime() ?? 0)) / 86_400_000;
    expect(days).toBe(30);
    expect((await latestMail(l.email, 'trainings.decision'))?.subject).toContain('Dostęp do szkolenia online');
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/accept`)).statusCode).toBe(409);

    const r = await learner();
    await r.client.post(`/api/trainings/${r.id > 0 ? tr.id : 0}/start`);
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${r.id}/refuse`)).statusCode).toBe(200);
    expect((await latestMail(r.email, 'trainings.decision'))?.subject).toBe('Szkolenie online: Instalacja okablowania miedzianego');
    const refused = await r.client.post(`/api/training-points/${tr.lessons[0]}/complete`);
    expect(refused.statusCode).toBe(423);
  });

  it('needs a logged-in, active account', async () => {
    const tr = await createTraining();
    expect((await new TestClient(t.app).post(`/api/trainings/${tr.id}/start`)).statusCode).toBe(401);
    const inactive = await createUser({ state: 'inactive' });
    const c = new TestClient(t.app);
    await c.post('/api/login', { email: inactive.email, password: 'Kabel-Miedz-Cat6A-x' });
    expect([401, 406]).toContain((await c.post(`/api/trainings/${tr.id}/start`)).statusCode);
  });
});

describe('lessons and locking', () => {
  it('a later point unlocks when the earlier ones are complete and locks again when one is undone', async () => {
    const tr = await createTraining();
    const l = await acceptedLearner(tr);
    const [l1, l2, l3] = tr.lessons as [number, number, number];
    let pts = pointsOf((await l.client.get(`/api/trainings/${tr.id}`)).json());
    expect(pts.map((p) => p.is_locked)).toEqual([false, true, true, true]);
    expect(pts.map((p) => p.kind)).toEqual(['lesson', 'lesson', 'lesson', 'quiz']);
    const early = await l.client.post(`/api/training-points/${l2}/complete`);
    expect(early.statusCode).toBe(423);
    expect(early.json().message).toBe('Ten punkt jest zablokowany: najpierw ukończ poprzednie punkty szkolenia.');
    expect((await l.client.post(`/api/training-points/${l1}/complete`)).statusCode).toBe(200);
    pts = pointsOf((await l.client.get(`/api/trainings/${tr.id}`)).json());
    expect(pts.map((p) => p.is_locked)).toEqual([false, false, true, true]);
    expect(pts[0]?.is_done).toBe(true);
    await l.client.post(`/api/training-points/${l2}/complete`);
    await l.client.post(`/api/training-points/${l3}/complete`);
    const body = (await l.client.get(`/api/trainings/${tr.id}`)).json();
    expect(pointsOf(body).map((p) => p.is_locked)).toEqual([false, false, false, false]);
    expect(body.progress).toBe(75);
    const undo = await l.client.request({ method: 'DELETE', url: `/api/training-points/${l1}/complete` });
    expect(undo.statusCode).toBe(200);
    pts = pointsOf((await l.client.get(`/api/trainings/${tr.id}`)).json());
    expect(pts.map((p) => p.is_locked)).toEqual([false, true, true, true]);
    expect((await l.client.post(`/api/training-points/${tr.quiz}/complete`)).statusCode).toBe(423);
  });

  it('an unknown point is 404, the quiz cannot be marked complete (422)', async () => {
    const tr = await createTraining();
    const l = await acceptedLearner(tr);
    expect((await l.client.post('/api/training-points/99999999/complete')).statusCode).toBe(404);
    expect((await l.client.post('/api/training-points/abc/complete')).statusCode).toBe(404);
    await completeLessons(l.client, tr);
    expect((await l.client.post(`/api/training-points/${tr.quiz}/complete`)).statusCode).toBe(422);
  });
});

describe('the quiz', () => {
  it('never sends the correct answers; fails listing the wrong questions; passes on retry with a certificate', async () => {
    const tr = await createTraining({ attempts: 3 });
    const l = await acceptedLearner(tr);
    expect((await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).statusCode).toBe(423);
    await completeLessons(l.client, tr);
    const start = await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`);
    expect(start.statusCode).toBe(200);
    expect(start.body).not.toMatch(/correct/i);
    const quiz = start.json();
    expect(quiz.questions).toHaveLength(4);
    for (const q of quiz.questions) for (const a of q.answers) expect(Object.keys(a).sort()).toEqual(['id', 'text']);
    expect(quiz.questions.find((q: { id: number }) => q.id === tr.multipleId)?.multiple).toBe(true);

    const { answers, wrongIds } = answersWithWrong(tr, 2);
    const fail = await l.client.post(`/api/quiz-attempts/${quiz.attempt_id}/finish`, { answers });
    expect(fail.statusCode).toBe(200);
    expect(fail.json()).toMatchObject({ passed: false, score: 2, required: 3, total: 4, certificate_number: null });
    expect(
      fail
        .json()
        .wrong_questions.map((q: { id: number }) => q.id)
        .sort(),
    ).toEqual([...wrongIds].sort());
    expect(fail.json().wrong_questions[0].text).toMatch(/^Pytanie \d$/);
    expect(fail.body).not.toMatch(/correct"/);

    // Multiple-answer question with only one of its two right answers is wrong.
    const retry = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    const partial = { ...rightAnswers(tr), [String(tr.multipleId)]: [tr.correct.get(tr.multipleId)?.[0] ?? 0] };
    const r2 = (await l.client.post(`/api/quiz-attempts/${retry.attempt_id}/finish`, { answers: partial })).json();
    expect(r2).toMatchObject({ passed: true, score: 3 });
    expect(r2.wrong_questions.map((q: { id: number }) => q.id)).toEqual([tr.multipleId]);
    expect(r2.certificate_number).toMatch(/^COBI\/EL\/\d{4}\/\d{5}$/);

    const list = (await l.client.get('/api/trainings')).json().items.find((i: { id: number }) => i.id === tr.id);
    expect(list).toMatchObject({ badge: 'ukonczono', is_done: true });
    const again = await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`);
    expect(again.statusCode).toBe(409);

    // Certificate: own PDF and the public verification.
    const pdf = await l.client.get(`/api/trainings/${tr.id}/certificate`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(new Uint8Array(pdf.rawPayload))).pages.join('\n');
    expect(text).toContain(r2.certificate_number);
    expect(text).toContain('Jan Kowalski');
    expect(text).toContain('Instalacja okablowania miedzianego');
    // The verification address: the number beside a random code (issue 37, hole 8); the learner gets it.
    const key = (await l.client.get(`/api/trainings/${tr.id}`)).json().certificate_key;
    expect(key).toMatch(new RegExp(`^${r2.certificate_number.replaceAll('/', '-')}-[0-9a-f]{32}$`));
    // Issue 42: the PDF prints the link form of the check (the random code alone), the code and no expiry.
    const code = key.slice(-32);
    expect(text.replace(/\s+/g, '')).toContain(`/pl/certificates/${code}`);
    expect(text).toContain(code);
    expect(text).toContain('bezterminowo');
    const verify = await new TestClient(t.app).get(`/api/certificates/${key}`);
    expect(verify.json()).toMatchObject({ number: r2.certificate_number, name: 'Jan Kowalski', training: 'Instalacja okablowania miedzianego' });
    const bare = await new TestClient(t.app).get(`/api/certificates/${r2.certificate_number.replaceAll('/', '-')}`);
    expect(bare.statusCode).toBe(404);
    expect(bare.body).not.toContain('Kowalski');
    const other = await learner();
    expect((await other.client.get(`/api/trainings/${tr.id}/certificate`)).statusCode).toBe(404);

    const mine = (await l.client.get('/api/my-trainings')).json().items;
    expect(mine).toEqual([expect.objectContaining({ training_id: tr.id, badge: 'ukonczono', progress: 100, certificate_number: r2.certificate_number })]);
  });

  it('limits the attempts (stopped ones count): then 423 with the SPEC text, until an admin resets them', async () => {
    const tr = await createTraining({ attempts: 2 });
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const a1 = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    expect(a1.attempts_left).toBe(1);
    expect((await l.client.post(`/api/quiz-attempts/${a1.attempt_id}/stop`)).statusCode).toBe(200);
    expect((await l.client.post(`/api/quiz-attempts/${a1.attempt_id}/stop`)).statusCode).toBe(409);
    expect((await l.client.post(`/api/quiz-attempts/${a1.attempt_id}/finish`, { answers: rightAnswers(tr) })).statusCode).toBe(409);
    const a2 = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    expect(a2.attempts_left).toBe(0);
    await l.client.post(`/api/quiz-attempts/${a2.attempt_id}/finish`, { answers: answersWithWrong(tr, 4).answers });
    const none = await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`);
    expect(none.statusCode).toBe(423);
    expect(none.json().message).toBe('Wykorzystano limit podejść. Skontaktuj się z nami');
    const en = await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`, undefined, { headers: { 'x-locale': 'en' } });
    expect(en.json().message).toBe('You have used the limit of attempts. Contact us');
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/reset-attempts`)).statusCode).toBe(200);
    const a3 = await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`);
    expect(a3.statusCode).toBe(200);
    expect(a3.json().attempts_left).toBe(1);
  });

  it('parallel finishes of one attempt count once; parallel starts open one attempt', async () => {
    const tr = await createTraining({ attempts: 2 });
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const starts = await Promise.all(Array.from({ length: 5 }, () => l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)));
    expect(starts.every((s) => s.statusCode === 200)).toBe(true);
    const ids = new Set(starts.map((s) => s.json().attempt_id));
    expect(ids.size).toBe(1);
    const [attemptId] = [...ids];
    const wrong = answersWithWrong(tr, 4).answers;
    const finishes = await Promise.all(Array.from({ length: 6 }, () => l.client.post(`/api/quiz-attempts/${attemptId}/finish`, { answers: wrong })));
    expect(finishes.filter((f) => f.statusCode === 200)).toHaveLength(1);
    expect(finishes.filter((f) => f.statusCode === 409)).toHaveLength(5);
    const [e] = await getDb()
      .select()
      .from(trainingEnrolments)
      .where(and(eq(trainingEnrolments.trainingId, tr.id), eq(trainingEnrolments.userId, l.id)));
    const rows = await getDb()
      .select()
      .from(quizAttempts)
      .where(eq(quizAttempts.enrolmentId, e?.id ?? 0));
    expect(rows).toHaveLength(1);
    // The last attempt, started in parallel: never more than the limit.
    await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`);
    const more = await Promise.all(Array.from({ length: 4 }, () => l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)));
    expect(more.every((m) => m.statusCode === 200)).toBe(true);
    expect(
      await getDb()
        .select()
        .from(quizAttempts)
        .where(eq(quizAttempts.enrolmentId, e?.id ?? 0)),
    ).toHaveLength(2);
  });

  it('enforces the time limit on the server: answers after the deadline are refused as a fail', async () => {
    const tr = await createTraining({ timeLimit: 10, attempts: 3 });
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const started = Date.now();
    setClock(() => new Date(started));
    const a = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    expect(new Date(a.deadline_at).getTime()).toBe(started + 10 * 60_000);
    setClock(() => new Date(started + 10 * 60_000 + 6_000));
    const late = (await l.client.post(`/api/quiz-attempts/${a.attempt_id}/finish`, { answers: rightAnswers(tr) })).json();
    expect(late).toMatchObject({ passed: false, score: 0, timed_out: true });
    setClock(() => new Date(started + 20 * 60_000));
    const b = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    setClock(() => new Date(started + 29 * 60_000));
    const inTime = (await l.client.post(`/api/quiz-attempts/${b.attempt_id}/finish`, { answers: rightAnswers(tr) })).json();
    expect(inTime).toMatchObject({ passed: true, score: 4, timed_out: false });
  });

  it('draws exactly the set number of distinct questions from a larger pool on each attempt, and scores only those', async () => {
    const tr = await createTraining({ attempts: 3 });
    // The pool holds 4 active questions; each attempt draws 2 of them (pass mark 75 % of 2 = 2).
    await getDb().update(trainings).set({ questionsPerAttempt: 2 }).where(eq(trainings.id, tr.id));
    const pool = [...tr.correct.keys()];
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const a1 = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    const drawn = (a1.questions as { id: number }[]).map((q) => q.id);
    expect(drawn).toHaveLength(2);
    expect(new Set(drawn).size).toBe(2);
    for (const id of drawn) expect(pool).toContain(id);
    // The server keeps exactly the questions it served.
    const [row] = await getDb().select().from(quizAttempts).where(eq(quizAttempts.id, a1.attempt_id));
    expect([...(row?.questionIds ?? [])].sort()).toEqual([...drawn].sort());
    expect(row?.required).toBe(2);
    // One of the two wrong: failed with 1 of 2, only the drawn question listed.
    const [first, second] = drawn as [number, number];
    const answers = { [String(first)]: tr.correct.get(first) ?? [], [String(second)]: [tr.wrong.get(second) ?? 0] };
    const r1 = (await l.client.post(`/api/quiz-attempts/${a1.attempt_id}/finish`, { answers })).json();
    expect(r1).toMatchObject({ passed: false, score: 1, required: 2, total: 2 });
    expect(r1.wrong_questions.map((q: { id: number }) => q.id)).toEqual([second]);
    // The next attempt draws 2 distinct questions again.
    const a2 = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    const drawn2 = (a2.questions as { id: number }[]).map((q) => q.id);
    expect(new Set(drawn2).size).toBe(2);
    for (const id of drawn2) expect(pool).toContain(id);
    const right = Object.fromEntries(drawn2.map((id) => [String(id), tr.correct.get(id) ?? []]));
    expect((await l.client.post(`/api/quiz-attempts/${a2.attempt_id}/finish`, { answers: right })).json()).toMatchObject({ passed: true, score: 2, total: 2 });
  });

  it("another user's attempt is 404; malformed answers are 422", async () => {
    const tr = await createTraining();
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const a = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    const other = await acceptedLearner(tr);
    expect((await other.client.post(`/api/quiz-attempts/${a.attempt_id}/finish`, { answers: rightAnswers(tr) })).statusCode).toBe(404);
    expect((await other.client.post(`/api/quiz-attempts/${a.attempt_id}/stop`)).statusCode).toBe(404);
    const bad = await l.client.post(`/api/quiz-attempts/${a.attempt_id}/finish`, { answers: { x: ['y'] } });
    expect(bad.statusCode).toBe(422);
    const [row] = await getDb().select().from(quizAttempts).where(eq(quizAttempts.id, a.attempt_id));
    expect(row?.status).toBe('open');
  });
});

describe('expiry', () => {
  it('after the access days every call is 423 "Access to the course has expired."; the learner can ask for an extension; the admin extends', async () => {
    const tr = await createTraining({ accessDays: 5 });
    const l = await acceptedLearner(tr);
    setClock(() => new Date(Date.now() + 6 * 86_400_000));
    const body = (await l.client.get(`/api/trainings/${tr.id}`)).json();
    expect(body).toMatchObject({ access: 'expired', is_expired: true, badge: 'wygaslo' });
    const res = await l.client.post(`/api/training-points/${tr.lessons[0]}/complete`, undefined, { headers: { 'x-locale': 'en' } });
    expect(res.statusCode).toBe(423);
    expect(res.json().message).toBe('Access to the course has expired.');
    const inbox = trainingsSettings().inbox;
    const before = await mailCount(inbox, 'trainings.acceptance-request');
    expect((await l.client.post(`/api/trainings/${tr.id}/extension`)).statusCode).toBe(200);
    expect(await mailCount(inbox, 'trainings.acceptance-request')).toBe(before + 1);
    const ext = await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/extend`, { days: 14 });
    expect(ext.statusCode).toBe(200);
    expect((await l.client.post(`/api/training-points/${tr.lessons[0]}/complete`)).statusCode).toBe(200);
    expect((await latestMail(l.email, 'trainings.extended'))?.subject).toContain('Przedłużono');
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/extend`, { days: 0 })).statusCode).toBe(422);
    // The admin can end access at once: the training shows as expired again.
    resetClock();
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${l.id}/expire`)).statusCode).toBe(200);
    expect((await l.client.get(`/api/trainings/${tr.id}`)).json()).toMatchObject({ access: 'expired', badge: 'wygaslo' });
    const pending = await learner();
    await pending.client.post(`/api/trainings/${tr.id}/start`);
    expect((await editor.post(`/api/admin/trainings-users/${tr.id}/${pending.id}/expire`)).statusCode).toBe(409);
  });
});

describe('questionnaire and comments', () => {
  it('the questionnaire opens after passing, once; results are anonymous averages', async () => {
    const tr = await createTraining();
    const l = await acceptedLearner(tr);
    const ratings = { content: 5, materials: 4, quiz: 3, usefulness: 5, overall: 4 };
    expect((await l.client.post(`/api/trainings/${tr.id}/questionnaire`, { ratings, comment: 'Bardzo dobre' })).statusCode).toBe(423);
    await completeLessons(l.client, tr);
    const a = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    await l.client.post(`/api/quiz-attempts/${a.attempt_id}/finish`, { answers: rightAnswers(tr) });
    const bad = await l.client.post(`/api/trainings/${tr.id}/questionnaire`, { ratings: { ...ratings, overall: 9 } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['ratings.overall'][0]).toBe('Wybierz ocenę od 1 do 5.');
    expect((await l.client.post(`/api/trainings/${tr.id}/questionnaire`, { ratings, comment: 'Bardzo dobre' })).statusCode).toBe(200);
    expect((await l.client.post(`/api/trainings/${tr.id}/questionnaire`, { ratings, comment: 'x' })).statusCode).toBe(409);
    const rows = await getDb().select().from(trainingQuestionnaireResponses).where(eq(trainingQuestionnaireResponses.trainingId, tr.id));
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).not.toContain('userId');
    const results = (await editor.get('/api/admin/training-questionnaires')).json().items.find((r: { training_id: number }) => r.training_id === tr.id);
    expect(results).toMatchObject({ responses: 1, averages: ratings, comments: [expect.objectContaining({ text: 'Bardzo dobre' })] });
    const xlsx = await editor.get('/api/admin/training-questionnaires.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[1]?.getSheetValues().flat().map(String) ?? [];
    expect(values).toContain('Bardzo dobre');
  });

  it('comments are shared among the learners of the training and answered by the trainer', async () => {
    const tr = await createTraining();
    const a = await acceptedLearner(tr);
    const b = await acceptedLearner(tr);
    const point = tr.lessons[0];
    const posted = await a.client.post(`/api/training-points/${point}/comments`, { body: 'Jaki promień gięcia dla kabla U/UTP?' });
    expect(posted.statusCode).toBe(200);
    expect((await a.client.post(`/api/training-points/${point}/comments`, { body: '   ' })).statusCode).toBe(422);
    const seen = (await b.client.get(`/api/training-points/${point}/comments`)).json().items;
    expect(seen).toEqual([expect.objectContaining({ body: 'Jaki promień gięcia dla kabla U/UTP?', is_mine: false, answer: null })]);
    const outsider = await learner();
    expect((await outsider.client.get(`/api/training-points/${point}/comments`)).statusCode).toBe(423);
    expect((await outsider.client.post(`/api/training-points/${point}/comments`, { body: 'x' })).statusCode).toBe(423);
    const queue = (await editor.get(`/api/admin/trainings/${tr.id}/comments`)).json();
    expect(queue).toMatchObject({ pages: 1, items: [expect.objectContaining({ id: posted.json().id, user_id: a.id, answer: null })] });
    expect((await editor.post(`/api/admin/training-comments/${posted.json().id}/answer`, { answer: '' })).statusCode).toBe(422);
    expect((await editor.post(`/api/admin/training-comments/${posted.json().id}/answer`, { answer: 'Co najmniej 4 średnice kabla.' })).statusCode).toBe(200);
    const after = (await a.client.get(`/api/training-points/${point}/comments`)).json().items;
    expect(after[0]).toMatchObject({ answer: 'Co najmniej 4 średnice kabla.', is_mine: true });
  });
});

describe('admin API', () => {
  it('needs the trainings permission on every admin route', async () => {
    const tr = await createTraining();
    for (const url of ['/api/admin/trainings', `/api/admin/trainings/${tr.id}/questions`, '/api/admin/trainings-users', '/api/admin/training-questionnaires']) {
      expect((await plain.get(url)).statusCode).toBe(403);
      expect((await editor.get(url)).statusCode).toBe(200);
      expect((await admin.get(url)).statusCode).toBe(200);
    }
    expect((await plain.post(`/api/admin/trainings-users/${tr.id}/1/accept`)).statusCode).toBe(403);
  });

  it('creates a training with modules and points, edits them in place (version), deletes an unused one', async () => {
    const payload = {
      title_pl: 'Spawanie światłowodów',
      title_en: 'Fibre splicing',
      description_pl: '<p>Opis<script>alert(1)</script></p>',
      access_days: 60,
      quiz_attempts: 3,
      pass_percent: 70,
      questions_per_attempt: 10,
      time_limit_minutes: '',
      questionnaire_enabled: '1',
      is_active: '1',
      modules: [
        {
          title_pl: 'Wstęp',
          points: [
            {
              kind: 'lesson',
              title_pl: 'Budowa włókna',
              content_pl: '<p>Rdzeń i płaszcz</p><img src=x onerror=alert(1)>',
              video_url: 'https://www.youtube.com/embed/abc123',
            },
          ],
        },
        { title_pl: 'Test', points: [{ kind: 'quiz', title_pl: 'Test końcowy' }] },
      ],
    };
    const created = await editor.post('/api/admin/trainings', payload);
    expect(created.statusCode).toBe(200);
    const id = created.json().id;
    const got = (await editor.get(`/api/admin/trainings/${id}`)).json();
    expect(got).toMatchObject({ slug: 'spawanie-swiatlowodow', access_days: 60, time_limit_minutes: null });
    expect(got.description_pl).not.toContain('script');
    expect(got.modules[0].points[0].content_pl).not.toContain('onerror');
    expect(got.modules.map((m: { title_pl: string }) => m.title_pl)).toEqual(['Wstęp', 'Test']);
    const twoQuizzes = await editor.post('/api/admin/trainings', {
      ...payload,
      title_pl: 'X',
      modules: [
        {
          title_pl: 'M',
          points: [
            { kind: 'quiz', title_pl: 'a' },
            { kind: 'quiz', title_pl: 'b' },
          ],
        },
      ],
    });
    expect(twoQuizzes.statusCode).toBe(422);
    const badVideo = await editor.post('/api/admin/trainings', {
      ...payload,
      title_pl: 'Y',
      modules: [{ title_pl: 'M', points: [{ kind: 'lesson', title_pl: 'a', video_url: 'javascript:alert(1)' }] }],
    });
    expect(badVideo.statusCode).toBe(422);
    expect(Object.keys(badVideo.json().errors)).toEqual(['modules.0.points.0.video_url']);
    // Reorder modules, rename a point, add a lesson; the quiz keeps its id.
    const quizId = got.modules[1].points[0].id;
    const edit = {
      ...payload,
      version: got.version,
      modules: [
        { id: got.modules[1].id, title_pl: 'Test', points: [{ id: quizId, kind: 'quiz', title_pl: 'Test końcowy' }] },
        {
          id: got.modules[0].id,
          title_pl: 'Wstęp 2',
          points: [
            { id: got.modules[0].points[0].id, kind: 'lesson', title_pl: 'Budowa' },
            { kind: 'lesson', title_pl: 'Nowa' },
          ],
        },
      ],
    };
    const put = await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: edit });
    expect(put.statusCode).toBe(200);
    const stale = await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: edit });
    expect(stale.statusCode).toBe(409);
    const after = (await editor.get(`/api/admin/trainings/${id}`)).json();
    expect(after.modules.map((m: { title_pl: string }) => m.title_pl)).toEqual(['Test', 'Wstęp 2']);
    expect(after.modules[0].points[0].id).toBe(quizId);
    expect(after.modules[1].points.map((p: { title_pl: string }) => p.title_pl)).toEqual(['Budowa', 'Nowa']);
    expect((await editor.request({ method: 'DELETE', url: `/api/admin/trainings/${id}` })).statusCode).toBe(200);
    expect((await getDb().select().from(trainings).where(eq(trainings.id, id))).length).toBe(0);
  });

  it('questions: single/multiple validation, edit, delete and XLSX import', async () => {
    const tr = await createTraining();
    const base = `/api/admin/trainings/${tr.id}/questions`;
    const single = {
      text_pl: 'Kategoria kabla do 10GBASE-T na 100 m?',
      text_en: 'Cable category for 10GBASE-T over 100 m?',
      multiple: '0',
      answers: [
        { text_pl: 'Cat 6A', is_correct: '1' },
        { text_pl: 'Cat 5e', is_correct: '1' },
      ],
    };
    const bad = await editor.post(base, single);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.answers[0]).toBe('Pytanie jednokrotnego wyboru ma dokładnie jedną poprawną odpowiedź.');
    const ok = await editor.post(base, { ...single, multiple: '1' });
    expect(ok.statusCode).toBe(200);
    const qid = ok.json().id;
    const put = await editor.request({
      method: 'PUT',
      url: `${base}/${qid}`,
      payload: {
        ...single,
        answers: [
          { text_pl: 'Cat 6A', is_correct: '1' },
          { text_pl: 'Cat 5e', is_correct: '0' },
        ],
      },
    });
    expect(put.statusCode).toBe(200);
    const listed = (await editor.get(base)).json().items.find((q: { id: number }) => q.id === qid);
    expect(listed).toMatchObject({
      multiple: false,
      answers: [expect.objectContaining({ text_pl: 'Cat 6A', is_correct: true }), expect.objectContaining({ is_correct: false })],
    });
    expect((await editor.request({ method: 'DELETE', url: `${base}/${qid}` })).statusCode).toBe(200);
    expect((await getDb().select().from(trainingQuestions).where(eq(trainingQuestions.id, qid))).length).toBe(0);

    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Pytania');
    ws.addRow(['text_pl', 'text_en', 'multiple', 'a1_pl', 'a1_en', 'a1_ok', 'a2_pl', 'a2_en', 'a2_ok', 'a3_pl', 'a3_en', 'a3_ok']);
    ws.addRow(['Długość kanału wg ISO/IEC 11801?', 'Channel length per ISO/IEC 11801?', '0', '100 m', '100 m', '1', '90 m', '90 m', '0']);
    ws.addRow(['Które złącza są dla światłowodu?', 'Which connectors are for fibre?', '1', 'LC', 'LC', '1', 'SC', 'SC', '1', 'RJ45', 'RJ45', '0']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const boundary = '----trainingsimport';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="pytania.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imp = await editor.request({
      method: 'POST',
      url: `${base}/import`,
      payload: body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(imp.statusCode).toBe(200);
    expect(imp.json().count).toBe(2);
    const all = (await editor.get(base)).json().items;
    expect(all.find((q: { text_pl: string }) => q.text_pl === 'Które złącza są dla światłowodu?')).toMatchObject({ multiple: true });
    const garbage = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\n\r\n`),
      Buffer.from('PK\u0003\u0004garbage'),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const badImp = await editor.request({
      method: 'POST',
      url: `${base}/import`,
      payload: garbage,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(badImp.statusCode).toBe(422);
    expect(badImp.json().errors.file[0]).toBeTruthy();
  });

  it('lists the participants paged with flags and shows one with progress, attempts and answers', async () => {
    const tr = await createTraining();
    const l = await acceptedLearner(tr);
    await completeLessons(l.client, tr);
    const a = (await l.client.post(`/api/training-points/${tr.quiz}/quiz/start`)).json();
    await l.client.post(`/api/quiz-attempts/${a.attempt_id}/finish`, { answers: answersWithWrong(tr, 2).answers });
    const list = (await editor.get(`/api/admin/trainings-users?training_id=${tr.id}`)).json();
    expect(list.pages).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({ training_id: tr.id, user_id: l.id, status: 'accepted', is_accepted: true, is_started: true, is_done: false, progress: 75 }),
    ]);
    const detail = (await editor.get(`/api/admin/trainings-users/${tr.id}/${l.id}`)).json();
    expect(detail.attempts).toHaveLength(1);
    expect(detail.attempts[0]).toMatchObject({ status: 'failed', score: 2, required: 3 });
    expect(detail.attempts[0].questions.filter((q: { correct: boolean }) => q.correct === false)).toHaveLength(2);
    expect(detail.points.filter((p: { completed_at: string | null }) => p.completed_at)).toHaveLength(3);
    expect((await editor.get(`/api/admin/trainings-users/${tr.id}/99999999`)).statusCode).toBe(404);
  });
});

describe('pages: who may see /{locale}/trainings', () => {
  // The list page's loader with a session of each kind of visitor (as the permission matrix does).
  async function outcome(fn: () => Promise<unknown>): Promise<string> {
    try {
      const data = (await fn()) as { guest: boolean };
      return data.guest ? 'guest' : 'list';
    } catch (e) {
      if (e instanceof Response && e.status >= 300 && e.status < 400) return e.headers.get('location') ?? '?';
      throw e;
    }
  }

  it('a guest gets the list with the login notice; an unverified user goes to verify, an inactive one waits for activation', async () => {
    const unverified = await createUser({ state: 'unverified' });
    const inactive = await createUser({ state: 'inactive' });
    const active = await createUser({ roleIds: [2] });
    expect(await outcome(() => trainingsPage.loader(loaderArgs(t.app, null, '/pl/trainings')))).toBe('guest');
    expect(await outcome(() => trainingsPage.loader(loaderArgs(t.app, unverified.id, '/pl/trainings')))).toBe('/pl/verify');
    expect(await outcome(() => trainingsPage.loader(loaderArgs(t.app, inactive.id, '/pl/trainings')))).toBe('/pl/wait-for-activation');
    expect(await outcome(() => trainingsPage.loader(loaderArgs(t.app, inactive.id, '/en/trainings')))).toBe('/en/wait-for-activation');
    expect(await outcome(() => trainingsPage.loader(loaderArgs(t.app, active.id, '/pl/trainings')))).toBe('list');
  });
});
