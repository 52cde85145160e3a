// Issue 37, hole 9: an admin of one area could link any stored file by its id (a complaint's
// attachment in a lesson, which learners then download). A lesson, post or page may reference only
// files uploaded for its own feature (files.owner; core/files/references.server.ts foreignFileErrors):
// 422 with a sentence under the field, in Polish and English; the feature's own uploads still work.
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createRole, multipart } from '~/features/content/admin/tests/helpers';
import { complaintAttachments } from '~/features/forms/forms.schema';
import { trainingPointFiles } from '~/features/trainings/trainings.schema';
import { attachment, complaint, file, form, guest, PDF, send } from '~/features/forms/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let trainer: TestClient;
let editor: TestClient;
/** Stored files of other features: a complaint's PDF and photo. */
let complaintPdf: string;
let complaintPng: string;

const FOREIGN_PL = 'Ten plik nie został przesłany dla tej treści. Prześlij go tutaj jeszcze raz.';
const FOREIGN_EN = 'This file was not uploaded for this content. Upload it here again.';

async function upload(client: TestClient, url: string, bytes: Buffer, name: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const m = await multipart(fd);
  const res = await client.request({ method: 'POST', url, payload: m.payload, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().file.id as string;
}

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#0a5' } })
    .png()
    .toBuffer();
const link = (id: string) => `<p><a href="/files/${id}/plik.pdf">plik</a></p>`;

const training = (over: Record<string, unknown> = {}) => ({
  title_pl: `Szkolenie ${Math.random().toString(36).slice(2, 7)}`,
  title_en: 'Training',
  access_days: 30,
  quiz_attempts: 3,
  pass_percent: 70,
  questions_per_attempt: 10,
  questionnaire_enabled: '1',
  is_active: '1',
  modules: [] as unknown[],
  ...over,
});
const lesson = (point: Record<string, unknown>) => [
  { title_pl: 'Moduł', points: [{ kind: 'lesson', title_pl: 'Lekcja', content_pl: '<p>x</p>', files: [], ...point }] },
];
const post = (over: Record<string, unknown> = {}) => ({
  title_pl: `Wpis ${Math.random().toString(36).slice(2, 7)}`,
  title_en: '',
  slug_pl: '',
  slug_en: '',
  lead_pl: 'Zajawka',
  lead_en: '',
  content_pl: '<p>Treść</p>',
  content_en: '',
  image_file_id: '',
  published_at: '2025-03-01',
  is_published: '1',
  ...over,
});
const page = (over: Record<string, unknown> = {}) => ({
  slug: '',
  name_pl: `Strona ${Math.random().toString(36).slice(2, 7)}`,
  name_en: 'Page',
  destination: 'Dokumenty',
  role_ids: [],
  content_pl: '<p>Treść</p>',
  content_en: '',
  resource_file_id: '',
  resource_filename: '',
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  // A trainings-only admin and a content-only editor, made by direct inserts (no role editor needed).
  await createRole(41, 'trainer-only', ['admin.access', 'trainings.update']);
  await createRole(42, 'content-only', ['admin.access', 'posts.update', 'static_sites.update']);
  trainer = await loggedIn(t.app, (await createUser({ roleIds: [41] })).email);
  editor = await loggedIn(t.app, (await createUser({ roleIds: [42] })).email);
  // A customer files a complaint with two attachments through the public form.
  const res = await send(
    guest(t),
    'POST',
    '/api/complaints',
    form(complaint({ attachments: [attachment(file(PDF, 'protokol.pdf')), attachment(file(await png(), 'zdjecie.png'))] })),
  );
  expect(res.statusCode, res.body).toBe(200);
  const rows = await getDb()
    .select({ id: complaintAttachments.fileId, name: complaintAttachments.filename })
    .from(complaintAttachments)
    .orderBy(desc(complaintAttachments.id));
  complaintPdf = rows.find((r) => r.name.endsWith('.pdf'))?.id ?? '';
  complaintPng = rows.find((r) => r.name.endsWith('.png'))?.id ?? '';
  expect(complaintPdf).toMatch(/^[0-9a-f-]{36}$/);
  expect(complaintPng).toMatch(/^[0-9a-f-]{36}$/);
});
afterAll(async () => {
  await t?.close();
});

describe('a lesson links only the trainings’ own files', () => {
  it('refuses a complaint’s attachment as a lesson attachment, a link in the lesson and the picture (422 under each field, pl/en)', async () => {
    const attached = await trainer.post('/api/admin/trainings', training({ modules: lesson({ files: [complaintPdf] }) }));
    expect(attached.statusCode).toBe(422);
    expect(attached.json().errors).toEqual({ 'modules.0.points.0.files': [FOREIGN_PL] });
    const linked = await trainer.post('/api/admin/trainings', training({ modules: lesson({ content_pl: link(complaintPdf) }) }), {
      headers: { 'x-locale': 'en' },
    });
    expect(linked.statusCode).toBe(422);
    expect(linked.json().errors).toEqual({ 'modules.0.points.0.content_pl': [FOREIGN_EN] });
    const picture = await trainer.post('/api/admin/trainings', training({ image_file_id: complaintPng }));
    expect(picture.statusCode).toBe(422);
    expect(picture.json().errors).toEqual({ image_file_id: [FOREIGN_PL] });
  });

  it('accepts its own uploads, and an update cannot add a foreign file to a saved lesson', async () => {
    const own = await upload(trainer, '/api/admin/trainings/attachment', PDF, 'instrukcja.pdf');
    const image = await upload(trainer, '/api/admin/trainings/image', await png(), 'okladka.png');
    const created = await trainer.post('/api/admin/trainings', training({ image_file_id: image, modules: lesson({ files: [own], content_pl: link(own) }) }));
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const loaded = (await trainer.get(`/api/admin/trainings/${id}`)).json();
    const saved = { ...training(), title_pl: loaded.title_pl, version: loaded.version, image_file_id: image };
    const points = (extra: string[]) => [
      {
        id: loaded.modules[0].id,
        title_pl: 'Moduł',
        points: [{ id: loaded.modules[0].points[0].id, kind: 'lesson', title_pl: 'Lekcja', content_pl: link(own), files: [own, ...extra] }],
      },
    ];
    const add = await trainer.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: { ...saved, modules: points([complaintPdf]) } });
    expect(add.statusCode).toBe(422);
    expect(add.json().errors).toEqual({ 'modules.0.points.0.files': [FOREIGN_PL] });
    const keep = await trainer.request({ method: 'PUT', url: `/api/admin/trainings/${id}`, payload: { ...saved, modules: points([]) } });
    expect(keep.statusCode, keep.body).toBe(200);
  });
});

describe('a post or a page links only the content’s own files', () => {
  it('refuses a complaint’s photo as a post picture and its PDF linked in the text', async () => {
    const picture = await send(editor, 'POST', '/api/admin/posts', post({ image_file_id: complaintPng }));
    expect(picture.statusCode).toBe(422);
    expect(picture.json().errors.image_file_id).toEqual([FOREIGN_PL]);
    const linked = await send(editor, 'POST', '/api/admin/posts', post({ content_pl: link(complaintPdf) }), { headers: { 'x-locale': 'en' } });
    expect(linked.statusCode).toBe(422);
    expect(linked.json().errors).toEqual({ content_pl: [FOREIGN_EN] });
  });

  it('refuses a lesson’s attachment in a post: another feature’s file, however the editor got its id', async () => {
    const lessonFile = await upload(trainer, '/api/admin/trainings/attachment', PDF, 'test-koncowy.pdf');
    const res = await send(editor, 'POST', '/api/admin/posts', post({ content_en: link(lessonFile) }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ content_en: [FOREIGN_PL] });
  });

  it('refuses a complaint’s PDF as a page’s resource or link; the page’s own upload is saved', async () => {
    const resource = await send(editor, 'POST', '/api/admin/static-sites', page({ resource_file_id: complaintPdf }));
    expect(resource.statusCode).toBe(422);
    expect(resource.json().errors).toEqual({ resource_file_id: [FOREIGN_PL] });
    const linked = await send(editor, 'POST', '/api/admin/static-sites', page({ content_pl: link(complaintPdf) }));
    expect(linked.statusCode).toBe(422);
    expect(linked.json().errors).toEqual({ content_pl: [FOREIGN_PL] });
    const own = await upload(editor, '/api/admin/static-sites/resource', PDF, 'katalog.pdf');
    const ok = await send(editor, 'POST', '/api/admin/static-sites', page({ resource_file_id: own, content_pl: link(own) }));
    expect(ok.statusCode, ok.body).toBe(200);
    const image = await upload(editor, '/api/admin/posts/image', await png(), 'foto.png');
    expect((await send(editor, 'POST', '/api/admin/posts', post({ image_file_id: image }))).statusCode).toBe(200);
  });

  it('nothing refused was saved: no lesson holds the complaint’s file', async () => {
    expect(await getDb().$count(trainingPointFiles, eq(trainingPointFiles.fileId, complaintPdf))).toBe(0);
  });
});
