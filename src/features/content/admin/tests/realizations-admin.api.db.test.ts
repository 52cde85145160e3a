// The realization admin API (area realizations, SPEC section 6: posts.update): refusals, create with
// a photo checked by its bytes, 422 field paths, list, edit with 409 on a stale version, delete;
// change-log entries and the public list in both languages.
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { onCacheClear } from '~/core/server/page-cache.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { realizations } from '~/features/content/content.schema';
import { listRealizations } from '~/features/content/media.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { createRole, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let noArea: TestClient;
let sitesOnly: TestClient;
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
  noArea = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [bare] })).email);
  sitesOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [sites] })).email);
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
  title_pl: 'Szpital wojewódzki',
  title_en: 'Regional hospital',
  description_pl: 'Okablowanie kat. 6A w 3 budynkach.',
  description_en: 'Cat. 6A cabling in 3 buildings.',
  location: 'Leszno',
  year: '2024',
  image_file_id: '',
  position: '',
  ...over,
});

async function realizationCount() {
  const [row] = await getDb().select({ n: count() }).from(realizations);
  return Number(row?.n ?? 0);
}

async function changesOf(entityId: number) {
  return getDb()
    .select()
    .from(changeInfos)
    .where(and(eq(changeInfos.entity, 'realization'), eq(changeInfos.entityId, String(entityId))))
    .orderBy(desc(changeInfos.id));
}

async function uploadImage(client: TestClient, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return send(client, 'POST', '/api/admin/realizations/image', fd);
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#0f766e' } })
    .jpeg()
    .toBuffer();

describe('refusals', () => {
  it('401 for a visitor, 403 without the posts group or admin access; nothing is written', async () => {
    const before = await realizationCount();
    for (const [client, status] of [
      [visitor, 401],
      [noArea, 403],
      [sitesOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/realizations')).statusCode).toBe(status);
      expect((await send(client, 'GET', '/api/admin/realizations/1')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/realizations', valid())).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/realizations/1', { ...valid(), version: 1 })).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/realizations/1')).statusCode).toBe(status);
      expect((await uploadImage(client, await jpeg(32, 20), 'a.jpg')).statusCode).toBe(status);
    }
    expect(await realizationCount()).toBe(before);
  });

  it('a write without the echoed anti-forgery token is refused (419)', async () => {
    const res = await admin.request({ method: 'DELETE', url: '/api/admin/realizations/1', xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('photo upload', () => {
  it('refuses a file that is not an image by its content (422 on file); stores a real one under its real type', async () => {
    const fake = await uploadImage(admin, Buffer.from('PK\x03\x04 an archive pretending to be a photo'), 'zdjecie.jpg', 'image/jpeg');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ file: ['Plik nie jest obrazem JPG, PNG, WebP, GIF ani AVIF.'] });
    const ok = await uploadImage(admin, await jpeg(1200, 800), 'zdjecie.png', 'image/png');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().file).toMatchObject({ type: 'image/jpeg', name: 'zdjecie.jpg', width: 1200, height: 800 });
  });
});

describe('create', () => {
  it('stores the realization with its photo, logs it, clears the caches, and the public page lists it in both languages', async () => {
    const imageId = (await uploadImage(admin, await jpeg(900, 600), 'szpital.jpg')).json().file.id as string;
    const clearsBefore = cacheClears;
    const res = await send(admin, 'POST', '/api/admin/realizations', valid({ image_file_id: imageId }));
    expect(res.statusCode).toBe(200);
    const { id, message } = res.json();
    expect(message).toBe('Dodano realizację.');
    expect(cacheClears).toBeGreaterThan(clearsBefore);
    const [row] = await getDb().select().from(realizations).where(eq(realizations.id, id));
    expect(row).toMatchObject({ titlePl: 'Szpital wojewódzki', location: 'Leszno', year: 2024, imageFileId: imageId, position: 0, version: 1 });
    const [entry] = await changesOf(id);
    expect(entry).toMatchObject({ action: 'create', userEmail: adminEmail });
    expect(entry?.changes.location).toEqual({ before: null, after: 'Leszno' });

    expect((await listRealizations('pl')).find((r) => r.id === id)).toMatchObject({
      title: 'Szpital wojewódzki',
      description: 'Okablowanie kat. 6A w 3 budynkach.',
      image: { fileId: imageId, width: 900, height: 600 },
    });
    expect((await listRealizations('en')).find((r) => r.id === id)).toMatchObject({
      title: 'Regional hospital',
      description: 'Cat. 6A cabling in 3 buildings.',
    });
    expect((await visitor.get(`/img/${imageId}/320.webp`)).statusCode).toBe(200);
  });

  it('keeps descriptions as plain text (the public page prints them as text) and an empty year as none', async () => {
    const res = await send(admin, 'POST', '/api/admin/realizations', valid({ title_pl: 'Bez roku', year: '', description_pl: '<b>Hala</b> & magazyn' }));
    expect(res.statusCode).toBe(200);
    const [row] = await getDb().select().from(realizations).where(eq(realizations.id, res.json().id));
    expect(row).toMatchObject({ year: null, descriptionPl: '<b>Hala</b> & magazyn', position: 1 });
  });

  it('422 names every invalid field by its path in the language of the request and stores nothing', async () => {
    const before = await realizationCount();
    const res = await send(
      admin,
      'POST',
      '/api/admin/realizations',
      valid({ title_pl: '', location: 'x'.repeat(121), year: '1800', image_file_id: 'not-a-uuid', position: '1.5', description_en: 'y'.repeat(2001) }),
      { 'x-locale': 'en' },
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['description_en', 'image_file_id', 'location', 'position', 'title_pl', 'year']);
    expect(errors.year).toEqual(['Enter a year from 1950 to 2100.']);
    expect(errors.position).toEqual(['Enter a whole number from 0 to 100000.']);
    const [pdf] = await getDb().insert(files).values({ storageKey: 'x/z', originalName: 'a.pdf', contentType: 'application/pdf', size: 10 }).returning();
    const notImage = await send(admin, 'POST', '/api/admin/realizations', valid({ image_file_id: pdf?.id }));
    expect(notImage.json().errors).toEqual({ image_file_id: ['Wybrany plik nie istnieje – prześlij go ponownie.'] });
    expect(await realizationCount()).toBe(before);
  });
});

describe('list', () => {
  it('pages the realizations with search in titles and towns and sorting', async () => {
    await send(
      admin,
      'POST',
      '/api/admin/realizations',
      valid({ title_pl: 'Centrum danych', title_en: '', location: 'Warszawa', year: '2025', position: '5' }),
    );
    const byTown = (await send(admin, 'GET', '/api/admin/realizations?search=warsz')).json();
    expect(byTown.items).toEqual([
      expect.objectContaining({ title: 'Centrum danych', location: 'Warszawa', year: 2025, position: 5, has_en: false, image_file_id: null }),
    ]);
    const byPosition = (await send(admin, 'GET', '/api/admin/realizations')).json();
    expect(byPosition.items.map((i: { title: string }) => i.title)).toEqual(['Szpital wojewódzki', 'Bez roku', 'Centrum danych']);
    const byYear = (await send(admin, 'GET', '/api/admin/realizations?sort=year')).json();
    expect(byYear.items.map((i: { year: number | null }) => i.year)).toEqual([2025, 2024, null]);
    // English list: the Polish title stands in for a missing English one.
    const en = (await send(admin, 'GET', '/api/admin/realizations?search=centrum', undefined, { 'x-locale': 'en' })).json();
    expect(en.items[0].title).toBe('Centrum danych');
  });
});

describe('update and delete', () => {
  it('saves with the loaded version, records the differences, refuses a stale version with 409', async () => {
    const id = (await send(admin, 'POST', '/api/admin/realizations', valid({ title_pl: 'Przed zmianą' }))).json().id as number;
    const loaded = (await send(admin, 'GET', `/api/admin/realizations/${id}`)).json();
    expect(loaded).toMatchObject({ id, version: 1, title_pl: 'Przed zmianą', year: 2024, location: 'Leszno', image: null });
    const res = await send(admin, 'PUT', `/api/admin/realizations/${id}`, {
      ...valid({ title_pl: 'Po zmianie', location: 'Poznań', year: 2023, position: loaded.position }),
      version: loaded.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Zapisano zmiany.', version: 2 });
    const [entry] = await changesOf(id);
    expect(entry?.changes).toEqual({
      titlePl: { before: 'Przed zmianą', after: 'Po zmianie' },
      location: { before: 'Leszno', after: 'Poznań' },
      year: { before: 2024, after: 2023 },
    });
    const stale = await send(admin, 'PUT', `/api/admin/realizations/${id}`, { ...valid({ title_pl: 'Nadpisanie' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    const [after] = await getDb().select().from(realizations).where(eq(realizations.id, id));
    expect(after).toMatchObject({ titlePl: 'Po zmianie', location: 'Poznań', version: 2 });
  });

  it('deletes with a change-log entry; the public list drops it; a second delete is 404', async () => {
    const id = (await send(admin, 'POST', '/api/admin/realizations', valid({ title_pl: 'Do usunięcia' }))).json().id as number;
    const clearsBefore = cacheClears;
    const res = await send(admin, 'DELETE', `/api/admin/realizations/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Usunięto realizację.' });
    expect(cacheClears).toBeGreaterThan(clearsBefore);
    expect((await listRealizations('pl')).some((r) => r.id === id)).toBe(false);
    const [entry] = await changesOf(id);
    expect(entry?.action).toBe('delete');
    expect((await send(admin, 'DELETE', `/api/admin/realizations/${id}`)).statusCode).toBe(404);
  });
});
