// The online-training forms (issue 15): comments, the questionnaire and the quiz finish, under
// attack: NUL characters (JSON and multipart), oversized fields, malformed bodies, the per-IP
// limit of the comment form, and an XLSX bomb in the questions import. Every case stores nothing.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { file, multipart } from '~/features/catalog/admin/tests/helpers';
import { quizAttempts, trainingComments, trainingQuestionnaireResponses, trainingQuestions } from '~/features/trainings/trainings.schema';
import { createTraining, rightAnswers, type TestTraining } from '~/features/trainings/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { deflatedZeros, makeZip, readZip } from '~tests/helpers/zip';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';
const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';
const MB = 1024 * 1024;

let t: TestApp;
let tr: TestTraining;
let learner: TestClient;
let admin: TestClient;
let attemptId: number;

beforeAll(async () => {
  t = await createTestApp();
  tr = await createTraining({ attempts: 5 });
  const u = await createUser({ roleIds: [2] });
  learner = await loggedIn(t.app, u.email);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  await learner.post(`/api/trainings/${tr.id}/start`);
  await admin.post(`/api/admin/trainings-users/${tr.id}/${u.id}/accept`);
  for (const id of tr.lessons) await learner.post(`/api/training-points/${id}/complete`);
  attemptId = (await learner.post(`/api/training-points/${tr.quiz}/quiz/start`)).json().attempt_id;
});
afterAll(async () => {
  await t?.close();
});

const comments = () => getDb().select().from(trainingComments).where(eq(trainingComments.trainingId, tr.id));
const post = (url: string, payload: unknown, ip = '198.51.100.60', headers: Record<string, string> = {}) =>
  learner.request({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip, headers });

describe('trainings forms under attack', () => {
  it('NUL in a comment, the questionnaire or the quiz answers is 422 (JSON and multipart) and stores nothing', async () => {
    const c = await post(`/api/training-points/${tr.lessons[0]}/comments`, { body: `Pytanie${NUL}` });
    expect(c.statusCode).toBe(422);
    expect(c.json().message).toBe(NUL_MESSAGE);
    const fd = new FormData();
    fd.append('body', `Pyt${NUL}anie`);
    const m = await multipart(fd);
    const cm = await learner.request({
      method: 'POST',
      url: `/api/training-points/${tr.lessons[0]}/comments`,
      payload: m.payload,
      headers: m.headers,
      remoteAddress: '198.51.100.61',
    });
    expect(cm.statusCode).toBe(422);
    expect(cm.json().errors.body).toEqual([NUL_MESSAGE]);
    expect(await comments()).toHaveLength(0);

    const q = await post(`/api/trainings/${tr.id}/questionnaire`, {
      ratings: { content: 5, materials: 5, quiz: 5, usefulness: 5, overall: 5 },
      comment: `ok${NUL}`,
    });
    expect(q.statusCode).toBe(422);

    const key = String([...tr.correct.keys()][0]);
    const f = await post(`/api/quiz-attempts/${attemptId}/finish`, { answers: { [`${key}${NUL}`]: [1] } });
    expect(f.statusCode).toBe(422);
    const [a] = await getDb().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(a?.status).toBe('open');
  });

  it('oversized fields are refused: a 2001-character comment (422), a multipart field past the parser limit (413/422), 500 answers (422)', async () => {
    const long = await post(`/api/training-points/${tr.lessons[0]}/comments`, { body: 'A'.repeat(2001) }, '198.51.100.62');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.body[0]).toBe('Wpisz najwyżej 2000 znaków.');
    const fd = new FormData();
    fd.append('body', 'B'.repeat(40_000));
    const m = await multipart(fd);
    const big = await learner.request({
      method: 'POST',
      url: `/api/training-points/${tr.lessons[0]}/comments`,
      payload: m.payload,
      headers: m.headers,
      remoteAddress: '198.51.100.62',
    });
    expect([413, 422]).toContain(big.statusCode);
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [String(i + 1), [1]]));
    const f = await post(`/api/quiz-attempts/${attemptId}/finish`, { answers: many }, '198.51.100.62');
    expect(f.statusCode).toBe(422);
    const q = await post(
      `/api/trainings/${tr.id}/questionnaire`,
      { ratings: { content: 5, materials: 5, quiz: 5, usefulness: 5, overall: 5 }, comment: 'C'.repeat(2001) },
      '198.51.100.62',
    );
    expect([422, 423]).toContain(q.statusCode);
    expect(await comments()).toHaveLength(0);
    expect(await getDb().select().from(trainingQuestionnaireResponses).where(eq(trainingQuestionnaireResponses.trainingId, tr.id))).toHaveLength(0);
  });

  it('malformed bodies answer 400 { message } on comments, questionnaire and finish', async () => {
    const boundary = '----trainings-boundary';
    for (const url of [`/api/training-points/${tr.lessons[0]}/comments`, `/api/trainings/${tr.id}/questionnaire`, `/api/quiz-attempts/${attemptId}/finish`]) {
      const cases: [string, string][] = [
        ['application/json', '{"body": "x", '],
        [`multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\nPyta`],
        ['multipart/form-data', 'body=x'],
      ];
      for (const [type, payload] of cases) {
        const res = await learner.request({ method: 'POST', url, payload, headers: { 'content-type': type }, remoteAddress: '198.51.100.63' });
        expect(res.statusCode, `${url} ${type}`).toBe(400);
        expect(res.json()).toEqual({ message: BAD_BODY });
      }
    }
    const [a] = await getDb().select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
    expect(a?.status).toBe('open');
    // The attempt still finishes normally afterwards.
    expect((await post(`/api/quiz-attempts/${attemptId}/finish`, { answers: rightAnswers(tr) }, '198.51.100.64')).json().passed).toBe(true);
  });

  it('the 21st comment from one IP in an hour answers 429, whatever X-Forwarded-For says', async () => {
    const ip = '198.51.100.70';
    for (let i = 0; i < 20; i++) {
      const res = await post(`/api/training-points/${tr.lessons[0]}/comments`, { body: '' }, ip, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await post(`/api/training-points/${tr.lessons[0]}/comments`, { body: 'Pytanie' }, ip, { 'x-forwarded-for': '203.0.113.250' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    expect(await comments()).toHaveLength(0);
  });

  it('an XLSX bomb in the questions import is refused with 422 before ExcelJS unpacks it', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Pytania').addRow(['text_pl', 'text_en', 'multiple']);
    const real = readZip(Buffer.from(await wb.xlsx.writeBuffer()));
    const data = makeZip([
      ...real.map((e) => ({ name: e.name, data: e.data })),
      { name: 'xl/media/image1.png', deflated: deflatedZeros(60 * MB), declaredSize: 1024 },
    ]);
    const fd = new FormData();
    fd.append('file', file(data, 'pytania.xlsx'));
    const m = await multipart(fd);
    const before = await getDb().select().from(trainingQuestions).where(eq(trainingQuestions.trainingId, tr.id));
    const res = await admin.request({ method: 'POST', url: `/api/admin/trainings/${tr.id}/questions/import`, payload: m.payload, headers: m.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBeTruthy();
    expect(await getDb().select().from(trainingQuestions).where(eq(trainingQuestions.trainingId, tr.id))).toHaveLength(before.length);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('picture and lesson-attachment uploads: SVG with script, a file over 20 MB, a truncated body and a forged download path store nothing', async () => {
    const count = async () => (await getDb().select({ id: files.id }).from(files)).length;
    const before = await count();
    const upload = async (url: string, data: Buffer, name: string) => {
      const fd = new FormData();
      fd.append('file', file(data, name));
      const m = await multipart(fd);
      return admin.request({ method: 'POST', url, payload: m.payload, headers: m.headers });
    };
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const url of ['/api/admin/trainings/image', '/api/admin/trainings/attachment']) {
      const res = await upload(url, svg, 'obraz.png');
      expect(res.statusCode, url).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['file']);
    }
    const big = await upload('/api/admin/trainings/attachment', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(20 * MB + 1)]), 'duzy.pdf');
    expect(big.statusCode).toBe(422);
    expect(big.json().errors.file).toEqual(['Plik jest większy niż 20 MB.']);
    const boundary = '----trainings-upload';
    const truncated = await admin.request({
      method: 'POST',
      url: '/api/admin/trainings/attachment',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json()).toEqual({ message: BAD_BODY });
    expect(await count()).toBe(before);
    for (const path of [
      `${tr.lessons[0]}/files/..%2F..%2Fetc%2Fpasswd/x`,
      `${tr.lessons[0]}/files/not-a-uuid`,
      `${tr.lessons[0]}/files/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/x`,
    ]) {
      const res = await learner.get(`/api/training-points/${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('at ');
    }
  });
});
