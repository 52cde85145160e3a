// Files of the online trainings on a real database (issue 15): the training's picture (uploaded
// through the admin, checked by decoding, public while the training is active), lesson attachments
// (type decided from the bytes, downloaded only by a learner who may open the point: 423 before
// acceptance, on a locked point and after expiry; original name in Content-Disposition) and the
// XLSX template of the question import, which imports back as it is.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { referencedFileIds } from '~/core/files/references.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { multipart } from '~/features/content/admin/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { trainingPointFiles, trainingQuestions } from '../trainings.schema';
import { resetClock, setClock } from '~/core/time/clock';

let t: TestApp;
let editor: TestClient;
let plain: TestClient;
let visitor: TestClient;
const ROLE = 31;

beforeAll(async () => {
  t = await createTestApp();
  await getDb()
    .insert(roles)
    .values([{ id: ROLE, key: 'trainer-files', namePl: 'Trener', nameEn: 'Trainer' }]);
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: ROLE, permissionKey: 'admin.access' },
      { roleId: ROLE, permissionKey: 'trainings.update' },
    ]);
  editor = await loggedIn(t.app, (await createUser({ roleIds: [ROLE] })).email);
  plain = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => resetClock());

async function upload(client: TestClient, url: string, bytes: Buffer, name: string, type = 'application/octet-stream', headers: Record<string, string> = {}) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const m = await multipart(fd);
  return client.request({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...headers } });
}

const png = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: '#0a5' } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function trainingPayload(over: Record<string, unknown> = {}) {
  return {
    title_pl: `Szkolenie z plikami ${Math.random().toString(36).slice(2, 7)}`,
    title_en: 'Training with files',
    access_days: 30,
    quiz_attempts: 3,
    pass_percent: 70,
    questions_per_attempt: 10,
    questionnaire_enabled: '1',
    is_active: '1',
    modules: [] as unknown[],
    ...over,
  };
}

describe('training picture', () => {
  it('uploads an image decoded from its bytes; refuses a non-image (422 on file) and non-admins', async () => {
    const ok = await upload(editor, '/api/admin/trainings/image', await png(), 'okładka.jpg', 'image/jpeg');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().file).toMatchObject({ type: 'image/png', name: 'okładka.png' });
    expect(ok.json().preview).toMatch(/^data:image\/webp;base64,/);
    const pdf = await upload(editor, '/api/admin/trainings/image', PDF, 'x.png', 'image/png');
    expect(pdf.statusCode).toBe(422);
    expect(Object.keys(pdf.json().errors)).toEqual(['file']);
    expect(pdf.json().errors.file).toEqual(['To nie jest obraz (dozwolone: JPG, PNG, WebP, GIF, AVIF).']);
    const en = await upload(editor, '/api/admin/trainings/image', PDF, 'x.png', 'image/png', { 'x-locale': 'en' });
    expect(en.json().errors.file).toEqual(['This is not an image (allowed: JPG, PNG, WebP, GIF, AVIF).']);
    expect((await upload(plain, '/api/admin/trainings/image', await png(), 'a.png')).statusCode).toBe(403);
    expect((await upload(visitor, '/api/admin/trainings/image', await png(), 'a.png')).statusCode).toBe(401);
  });

  it('is saved with the training, listed for learners and public only while the training is active', async () => {
    const img = (await upload(editor, '/api/admin/trainings/image', await png(), 'okladka.png')).json().file.id as string;
    const created = await editor.post('/api/admin/trainings', trainingPayload({ image_file_id: img }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const got = (await editor.get(`/api/admin/trainings/${id}`)).json();
    expect(got.image_file_id).toBe(img);
    const listed = (await visitor.get('/api/trainings')).json().items.find((i: { id: number }) => i.id === id);
    expect(listed.image_file_id).toBe(img);
    expect((await visitor.get(`/img/${img}/320.webp`)).statusCode).toBe(200);
    // Inactive: hidden from visitors, still shown to the trainings admin.
    const off = await editor.request({
      method: 'PUT',
      url: `/api/admin/trainings/${id}`,
      payload: trainingPayload({ title_pl: got.title_pl, version: got.version, image_file_id: img, is_active: '0' }),
    });
    expect(off.statusCode).toBe(200);
    const hidden = new TestClient(t.app);
    expect((await hidden.get(`/files/${img}/okladka.png`)).statusCode).toBe(404);
    expect((await editor.get(`/files/${img}/okladka.png`)).statusCode).toBe(200);
    expect([...(await referencedFileIds(getDb()))]).toContain(img);
    // A PDF is not a picture; removing the picture clears it.
    const pdfFile = (await upload(editor, '/api/admin/trainings/attachment', PDF, 'a.pdf')).json().file.id as string;
    const { version } = (await editor.get(`/api/admin/trainings/${id}`)).json();
    const bad = await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: trainingPayload({ version, image_file_id: pdfFile }) });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['image_file_id']);
    const cleared = await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: trainingPayload({ version, image_file_id: '' }) });
    expect(cleared.statusCode).toBe(200);
    expect((await editor.get(`/api/admin/trainings/${id}`)).json().image_file_id).toBeNull();
  });
});

describe('lesson attachments', () => {
  it('accepts files by content only (an HTML page named .pdf and a program are refused)', async () => {
    const pdf = await upload(editor, '/api/admin/trainings/attachment', PDF, 'Karta katalogowa – kabel.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json().file).toMatchObject({ type: 'application/pdf', name: 'Karta katalogowa – kabel.pdf' });
    const html = await upload(
      editor,
      '/api/admin/trainings/attachment',
      Buffer.from('<html><script>alert(1)</script></html>'),
      'instrukcja.pdf',
      'application/pdf',
    );
    expect(html.statusCode).toBe(422);
    expect(html.json().errors.file[0]).toContain('Niedozwolony rodzaj pliku');
    const exe = await upload(editor, '/api/admin/trainings/attachment', Buffer.from('MZ\x90\x00program'), 'setup.zip');
    expect(exe.statusCode).toBe(422);
    expect((await upload(plain, '/api/admin/trainings/attachment', PDF, 'a.pdf')).statusCode).toBe(403);
  });

  it('are downloaded only by a learner who may open the point, under their original name', async () => {
    const a1 = (await upload(editor, '/api/admin/trainings/attachment', PDF, 'Schemat połączeń.pdf')).json().file.id as string;
    const a2 = (await upload(editor, '/api/admin/trainings/attachment', await png(), 'zdjęcie.png')).json().file.id as string;
    const created = await editor.post(
      '/api/admin/trainings',
      trainingPayload({
        modules: [
          {
            title_pl: 'Moduł 1',
            points: [
              { kind: 'lesson', title_pl: 'Lekcja 1', content_pl: '<p>Jeden</p>', files: [a1] },
              { kind: 'lesson', title_pl: 'Lekcja 2', content_pl: '<p>Dwa</p>', files: [a2] },
            ],
          },
          { title_pl: 'Test', points: [{ kind: 'quiz', title_pl: 'Test końcowy' }] },
        ],
      }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const got = (await editor.get(`/api/admin/trainings/${id}`)).json();
    const [p1, p2] = got.modules[0].points as { id: number; files: { id: string; name: string }[] }[];
    if (!p1 || !p2) throw new Error('points');
    expect(p1.files).toEqual([expect.objectContaining({ id: a1, name: 'Schemat połączeń.pdf', type: 'application/pdf' })]);
    expect(p2.files.map((f) => f.id)).toEqual([a2]);
    const url = (point: number, file: string) => `/api/training-points/${point}/files/${file}/x`;

    const u = await createUser({ roleIds: [2] });
    const learner = await loggedIn(t.app, u.email);
    // Not started, then waiting for acceptance: 423 with the reason.
    const notStarted = await learner.get(url(p1.id, a1));
    expect(notStarted.statusCode).toBe(423);
    expect(notStarted.json().message).toBe('Najpierw rozpocznij szkolenie.');
    expect((await learner.post(`/api/trainings/${id}/start`)).statusCode).toBe(200);
    expect((await learner.get(url(p1.id, a1))).statusCode).toBe(423);
    expect((await editor.post(`/api/admin/trainings-users/${id}/${u.id}/accept`)).statusCode).toBe(200);

    const ok = await learner.get(url(p1.id, a1));
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="Schemat polaczen.pdf"; filename*=UTF-8''${encodeURIComponent('Schemat połączeń.pdf')}`,
    );
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    // Lesson 2 is locked until lesson 1 is complete (423, message in the user's language).
    const locked = await learner.request({ method: 'GET', url: url(p2.id, a2), headers: { 'x-locale': 'en' } });
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe('This point is locked: finish the previous points of the training first.');
    // A file of another point through this point: 404.
    expect((await learner.get(url(p1.id, a2))).statusCode).toBe(404);
    expect((await learner.post(`/api/training-points/${p1.id}/complete`)).statusCode).toBe(200);
    const second = await learner.get(url(p2.id, a2));
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe('image/png');
    expect(second.headers['content-disposition']).toContain("filename*=UTF-8''zdj%C4%99cie.png");

    // Others: a visitor 401, another learner (not started) 423, an inactive account 406.
    expect((await visitor.get(url(p1.id, a1))).statusCode).toBe(401);
    expect((await plain.get(url(p1.id, a1))).statusCode).toBe(423);
    const inactive = await createUser({ roleIds: [2] });
    const inactiveClient = await loggedIn(t.app, inactive.email);
    await getDb().execute(`update users set is_active = false where id = ${inactive.id}`);
    expect((await inactiveClient.get(url(p1.id, a1))).statusCode).toBe(406);
    // The general file route does not serve attachments to learners or visitors.
    expect((await learner.get(`/files/${a1}/x.pdf`)).statusCode).toBe(404);
    expect((await editor.get(`/files/${a1}/x.pdf`)).statusCode).toBe(200);

    // After the access expired: 423.
    setClock(() => new Date(Date.now() + 31 * 24 * 3600 * 1000));
    const expired = await learner.get(url(p1.id, a1));
    expect(expired.statusCode).toBe(423);
    expect(expired.json().message).toBe('Dostęp do kursu wygasł.');
    resetClock();

    // Attachments are kept by the file collector; saving without them removes them from the point.
    expect([...(await referencedFileIds(getDb()))]).toEqual(expect.arrayContaining([a1, a2]));
    const edit = trainingPayload({
      title_pl: got.title_pl,
      version: got.version,
      modules: got.modules.map((m: { id: number; title_pl: string; points: { id: number; kind: string; title_pl: string }[] }) => ({
        id: m.id,
        title_pl: m.title_pl,
        points: m.points.map((p) => ({ id: p.id, kind: p.kind, title_pl: p.title_pl, files: p.id === p1.id ? [a2, a1] : [] })),
      })),
    });
    expect((await editor.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: edit })).statusCode).toBe(200);
    const rows = await getDb().select().from(trainingPointFiles).where(eq(trainingPointFiles.pointId, p1.id));
    expect(rows.sort((a, b) => a.position - b.position).map((r) => r.fileId)).toEqual([a2, a1]);
    expect(await getDb().select().from(trainingPointFiles).where(eq(trainingPointFiles.pointId, p2.id))).toEqual([]);
  });

  it('refuses unknown file ids on save (422 at the point)', async () => {
    const res = await editor.post(
      '/api/admin/trainings',
      trainingPayload({ modules: [{ title_pl: 'M', points: [{ kind: 'lesson', title_pl: 'L', files: ['00000000-0000-4000-8000-000000000000'] }] }] }),
    );
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['modules.0.points.0.files']);
    const notUuid = await editor.post(
      '/api/admin/trainings',
      trainingPayload({ modules: [{ title_pl: 'M', points: [{ kind: 'lesson', title_pl: 'L', files: ['../etc/passwd'] }] }] }),
    );
    expect(notUuid.statusCode).toBe(422);
    expect(Object.keys(notUuid.json().errors)).toEqual(['modules.0.points.0.files.0']);
  });
});

describe('question import template', () => {
  it('is an XLSX with the columns the import reads and an example row that imports back cleanly', async () => {
    const id = (await editor.post('/api/admin/trainings', trainingPayload())).json().id as number;
    for (const locale of ['pl', 'en'] as const) {
      const res = await editor.request({ method: 'GET', url: '/api/admin/trainings/questions-template.xlsx', headers: { 'x-locale': locale } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toContain(locale === 'en' ? 'questions-template.xlsx' : 'szablon-pytan.xlsx');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      if (!ws) throw new Error('no sheet');
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header).toHaveLength(3 + 6 * 3);
      expect(header[0]).toBe(locale === 'en' ? 'Question (PL)' : 'Pytanie (PL)');
      expect(header[3]).toBe(locale === 'en' ? 'Answer 1 (PL)' : 'Odpowiedź 1 (PL)');
      expect(ws.rowCount).toBe(2);

      const imp = await upload(editor, `/api/admin/trainings/${id}/questions/import`, res.rawPayload, 'szablon.xlsx');
      expect(imp.statusCode).toBe(200);
      expect(imp.json().count).toBe(1);
    }
    const items = (await editor.get(`/api/admin/trainings/${id}/questions`)).json().items as {
      text_pl: string;
      multiple: boolean;
      answers: { text_pl: string; is_correct: boolean }[];
    }[];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ text_pl: 'Jaka jest maksymalna długość kanału miedzianego wg ISO/IEC 11801?', multiple: false });
    expect(items[0]?.answers.map((a) => [a.text_pl, a.is_correct])).toEqual([
      ['100 m', true],
      ['90 m', false],
      ['150 m', false],
    ]);
    expect((await getDb().select().from(trainingQuestions).where(eq(trainingQuestions.trainingId, id))).length).toBe(2);
    expect((await plain.get('/api/admin/trainings/questions-template.xlsx')).statusCode).toBe(403);
  });
});
