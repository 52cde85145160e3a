// The video admin API (area videos, SPEC section 6: posts.update): refusals, create with a poster
// checked by its bytes, the YouTube address rule, 422 field paths, list, edit with 409 on a stale
// version, delete; change-log entries, the public lists and the poster's public image route.
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { onCacheClear } from '~/core/server/page-cache.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { videos } from '~/features/content/content.schema';
import { listVideos } from '~/features/content/media.server';
import { youtubeIdOf } from '~/features/content/youtube';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { createRole, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let noArea: TestClient;
let sitesOnly: TestClient;
let postsOnly: TestClient;
let member: TestClient;
let visitor: TestClient;
let cacheClears = 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ state: 'active', roleIds: [1] });
  adminEmail = a.email;
  admin = await loggedIn(t.app, a.email);
  const bare = await createRole(20, 'admin-no-areas', ['admin.access']);
  const sites = await createRole(21, 'admin-sites', ['admin.access', 'static_sites.update']);
  // Videos belong to the news editors' permission group (posts.update).
  const editors = await createRole(22, 'admin-posts', ['admin.access', 'posts.update']);
  noArea = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [bare] })).email);
  sitesOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [sites] })).email);
  postsOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [editors] })).email);
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
  onCacheClear(() => {
    cacheClears++;
  });
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  title_pl: 'Montaż gniazda RJ45 kat. 6A',
  title_en: 'Fitting a Cat. 6A RJ45 jack',
  description_pl: 'Krok po kroku.',
  description_en: 'Step by step.',
  video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  poster_file_id: '',
  is_instructional: '1',
  position: '',
  ...over,
});

async function videoCount() {
  const [row] = await getDb().select({ n: count() }).from(videos);
  return Number(row?.n ?? 0);
}

async function changesOf(entityId: number) {
  return getDb()
    .select()
    .from(changeInfos)
    .where(and(eq(changeInfos.entity, 'video'), eq(changeInfos.entityId, String(entityId))))
    .orderBy(desc(changeInfos.id));
}

async function uploadPoster(client: TestClient, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return send(client, 'POST', '/api/admin/videos/poster', fd);
}

const png = (width: number, height: number, background = '#1d4ed8') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

describe('the YouTube address rule (shared by the form and the API)', () => {
  it('takes the id from the addresses YouTube gives and refuses other hosts and malformed ids', () => {
    for (const url of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s',
      'http://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ',
      'https://youtu.be/dQw4w9WgXcQ?si=abc',
      'https://www.youtube.com/embed/dQw4w9WgXcQ',
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
      'https://www.youtube.com/shorts/dQw4w9WgXcQ',
      'www.youtube.com/watch?v=dQw4w9WgXcQ',
      ' dQw4w9WgXcQ ',
    ]) {
      expect(youtubeIdOf(url), url).toBe('dQw4w9WgXcQ');
    }
    for (const url of [
      'https://vimeo.com/76979871',
      'https://www.youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
      'https://evil.example/?u=youtube.com/watch?v=dQw4w9WgXcQ',
      'javascript:alert(1)//youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/watch?v=dQw4w9WgXc',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ"><script>',
      'https://user:pass@www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.youtube.com/playlist?list=PL123',
      '',
    ]) {
      expect(youtubeIdOf(url), url).toBeNull();
    }
  });
});

describe('refusals', () => {
  it('401 for a visitor, 403 without the posts group or admin access; nothing is written', async () => {
    const before = await videoCount();
    for (const [client, status] of [
      [visitor, 401],
      [noArea, 403],
      [sitesOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/videos')).statusCode).toBe(status);
      expect((await send(client, 'GET', '/api/admin/videos/1')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/videos', valid())).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/videos/1', { ...valid(), version: 1 })).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/videos/1')).statusCode).toBe(status);
      expect((await uploadPoster(client, await png(32, 18), 'a.png')).statusCode).toBe(status);
    }
    expect(await videoCount()).toBe(before);
  });

  it('a write without the echoed anti-forgery token is refused (419)', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/videos', payload: valid(), xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('poster upload', () => {
  it('refuses a file that is not an image by its content, whatever its name and type say (422 on file), and an SVG', async () => {
    const fake = await uploadPoster(admin, Buffer.from('MZ\x90\x00 this is a program, not a picture'), 'kadr.png', 'image/png');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ file: ['Plik nie jest obrazem JPG, PNG, WebP, GIF ani AVIF.'] });
    const pdf = await uploadPoster(admin, Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF'), 'kadr.jpg', 'image/jpeg');
    expect(pdf.statusCode).toBe(422);
    const svg = await uploadPoster(
      admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><script>alert(1)</script></svg>'),
      'kadr.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(422);
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(Buffer.from('not an image'))]), 'a.webp');
    const english = await send(admin, 'POST', '/api/admin/videos/poster', fd, { 'x-locale': 'en' });
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ file: ['The file is not a JPG, PNG, WebP, GIF or AVIF image.'] });
  });

  it('stores an image decoded from its bytes, named by its real type, with an inline preview', async () => {
    const res = await uploadPoster(postsOnly, await png(1280, 720), 'kadr.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.file).toMatchObject({ type: 'image/png', width: 1280, height: 720, name: 'kadr.png' });
    expect(body.preview).toMatch(/^data:image\/webp;base64,/);
    const [stored] = await getDb().select().from(files).where(eq(files.id, body.file.id));
    expect(stored).toMatchObject({ contentType: 'image/png', width: 1280, height: 720 });
  });
});

describe('create', () => {
  it('stores the video with its poster and id from the address, logs it, clears the caches, and the public list shows it', async () => {
    const posterId = (await uploadPoster(admin, await png(640, 360), 'kadr.png')).json().file.id as string;
    // Not yet saved: the uploaded still is not public.
    expect((await visitor.get(`/img/${posterId}/320.webp`)).statusCode).toBe(404);
    const clearsBefore = cacheClears;
    const res = await send(admin, 'POST', '/api/admin/videos', valid({ poster_file_id: posterId, video_url: 'https://youtu.be/dQw4w9WgXcQ?si=x' }));
    expect(res.statusCode).toBe(200);
    const { id, message } = res.json();
    expect(message).toBe('Dodano film.');
    expect(cacheClears).toBeGreaterThan(clearsBefore);
    const [row] = await getDb().select().from(videos).where(eq(videos.id, id));
    expect(row).toMatchObject({
      titlePl: 'Montaż gniazda RJ45 kat. 6A',
      youtubeId: 'dQw4w9WgXcQ',
      posterFileId: posterId,
      isInstructional: true,
      position: 0,
      version: 1,
    });
    const [entry] = await changesOf(id);
    expect(entry).toMatchObject({ action: 'create', userEmail: adminEmail });
    expect(entry?.changes.youtubeId).toEqual({ before: null, after: 'dQw4w9WgXcQ' });

    const instructional = await listVideos('en', true);
    expect(instructional.find((v) => v.id === id)).toMatchObject({
      title: 'Fitting a Cat. 6A RJ45 jack',
      youtubeId: 'dQw4w9WgXcQ',
      poster: { fileId: posterId, width: 640, height: 360 },
    });
    expect((await listVideos('pl', false)).some((v) => v.id === id)).toBe(false);
    // The saved poster is public (shown behind the consent notice to every visitor).
    const img = await visitor.get(`/img/${posterId}/320.webp`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
  });

  it('an empty order puts a new video after the last one of its list', async () => {
    const first = (await send(admin, 'POST', '/api/admin/videos', valid({ title_pl: 'Drugi film', position: '' }))).json().id as number;
    const general = (await send(admin, 'POST', '/api/admin/videos', valid({ title_pl: 'Ogólny', is_instructional: '0' }))).json().id as number;
    const rows = await getDb().select({ id: videos.id, position: videos.position }).from(videos);
    const pos = new Map(rows.map((r) => [r.id, r.position]));
    expect(pos.get(first)).toBe(1);
    expect(pos.get(general)).toBe(0);
  });

  it('422 names every invalid field by its path in the language of the request and stores nothing', async () => {
    const before = await videoCount();
    const res = await send(
      admin,
      'POST',
      '/api/admin/videos',
      valid({ title_pl: ' ', title_en: 'x'.repeat(201), video_url: 'https://vimeo.com/76979871', poster_file_id: 'nope', position: '-3' }),
      { 'x-locale': 'en' },
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['position', 'poster_file_id', 'title_en', 'title_pl', 'video_url']);
    expect(errors.video_url).toEqual(['Enter the YouTube address of the video (youtube.com or youtu.be) – the site embeds no other service.']);
    expect(errors.title_pl).toEqual(['This field is required.']);
    const empty = await send(admin, 'POST', '/api/admin/videos', valid({ video_url: '' }));
    expect(empty.json().errors).toEqual({ video_url: ['Pole jest wymagane.'] });
    expect(await videoCount()).toBe(before);
  });

  it('a poster must be a stored image, not another kind of file', async () => {
    const [pdf] = await getDb().insert(files).values({ storageKey: 'x/y', originalName: 'a.pdf', contentType: 'application/pdf', size: 10 }).returning();
    const res = await send(admin, 'POST', '/api/admin/videos', valid({ poster_file_id: pdf?.id }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ poster_file_id: ['Wybrany plik nie istnieje – prześlij go ponownie.'] });
  });

  it('accepts the form as multipart (SPEC section 7)', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid({ title_pl: 'Z formularza', is_instructional: '0', position: '7' }))) fd.append(k, String(v));
    const res = await send(admin, 'POST', '/api/admin/videos', fd);
    expect(res.statusCode).toBe(200);
    const [row] = await getDb().select().from(videos).where(eq(videos.id, res.json().id));
    expect(row).toMatchObject({ titlePl: 'Z formularza', isInstructional: false, position: 7 });
  });
});

describe('list', () => {
  it('pages every video with the title search, the list filter and sorting', async () => {
    const all = (await send(admin, 'GET', '/api/admin/videos?sort=title&dir=asc')).json();
    const titles = all.items.map((i: { title: string }) => i.title);
    expect(titles).toEqual([...titles].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase(), 'pl')));
    const general = (await send(admin, 'GET', '/api/admin/videos?kind=general')).json();
    expect(general.items.map((i: { title: string }) => i.title)).toEqual(['Ogólny', 'Z formularza']);
    expect(general.items[0]).toMatchObject({ kind: 'general', position: 0, has_en: true, youtube_id: 'dQw4w9WgXcQ' });
    // The search looks in both titles.
    const search = (await send(admin, 'GET', '/api/admin/videos?search=monta%C5%BC')).json();
    expect(search.items.map((i: { title: string }) => i.title)).toEqual(['Montaż gniazda RJ45 kat. 6A']);
    expect(search.items[0].poster_file_id).toMatch(/^[0-9a-f-]{36}$/);
    const english = (await send(admin, 'GET', '/api/admin/videos?search=Fitting&kind=instructional')).json();
    expect(english.items).toHaveLength(2);
  });
});

describe('update and delete', () => {
  it('saves with the loaded version (a new poster too), records the differences, refuses a stale version with 409', async () => {
    const id = (await send(admin, 'POST', '/api/admin/videos', valid({ title_pl: 'Przed zmianą' }))).json().id as number;
    const loaded = (await send(admin, 'GET', `/api/admin/videos/${id}`)).json();
    expect(loaded).toMatchObject({ id, version: 1, title_pl: 'Przed zmianą', video_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', poster: null });
    const posterId = (await uploadPoster(admin, await png(800, 450, '#c2410c'), 'nowy.png')).json().file.id as string;
    const clearsBefore = cacheClears;
    const res = await send(admin, 'PUT', `/api/admin/videos/${id}`, {
      ...valid({ title_pl: 'Po zmianie', video_url: 'https://www.youtube.com/embed/aaaaaaaaaaa', poster_file_id: posterId, position: loaded.position }),
      version: loaded.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Zapisano zmiany.', version: 2 });
    expect(cacheClears).toBeGreaterThan(clearsBefore);
    const again = (await send(admin, 'GET', `/api/admin/videos/${id}`)).json();
    expect(again).toMatchObject({ title_pl: 'Po zmianie', youtube_id: 'aaaaaaaaaaa', poster: { id: posterId, width: 800, height: 450 } });
    const [entry] = await changesOf(id);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual({
      titlePl: { before: 'Przed zmianą', after: 'Po zmianie' },
      youtubeId: { before: 'dQw4w9WgXcQ', after: 'aaaaaaaaaaa' },
      posterFileId: { before: null, after: posterId },
    });

    const stale = await send(admin, 'PUT', `/api/admin/videos/${id}`, { ...valid({ title_pl: 'Nadpisanie' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/zmieniony przez innego użytkownika/);
    const [after] = await getDb().select().from(videos).where(eq(videos.id, id));
    expect(after).toMatchObject({ titlePl: 'Po zmianie', version: 2 });

    const noVersion = await send(admin, 'PUT', `/api/admin/videos/${id}`, valid());
    expect(noVersion.statusCode).toBe(422);
    expect(Object.keys(noVersion.json().errors)).toEqual(['version']);
    expect((await send(admin, 'PUT', '/api/admin/videos/999999', { ...valid(), version: 1 })).statusCode).toBe(404);
  });

  it('deletes with a change-log entry; the public list drops it; a second delete is 404', async () => {
    const id = (await send(admin, 'POST', '/api/admin/videos', valid({ title_pl: 'Do usunięcia' }))).json().id as number;
    expect((await listVideos('pl', true)).some((v) => v.id === id)).toBe(true);
    const res = await send(postsOnly, 'DELETE', `/api/admin/videos/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Usunięto film.' });
    expect(await getDb().select().from(videos).where(eq(videos.id, id))).toHaveLength(0);
    expect((await listVideos('pl', true)).some((v) => v.id === id)).toBe(false);
    const [entry] = await changesOf(id);
    expect(entry?.action).toBe('delete');
    expect(entry?.changes.titlePl).toEqual({ before: 'Do usunięcia', after: null });
    expect((await send(admin, 'DELETE', `/api/admin/videos/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/api/admin/videos/${id}`)).statusCode).toBe(404);
  });
});
