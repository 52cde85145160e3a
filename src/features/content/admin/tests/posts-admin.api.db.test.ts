// The news-post admin API (SPEC section 6: posts.update): create, 422 with field paths, update,
// 409 on a stale version, delete, refusals, sanitised HTML, change-log entries, image upload.
import { and, count, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { posts } from '~/features/content/content.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { createRole, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let noArea: TestClient;
let sitesOnly: TestClient;
let member: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ state: 'active', roleIds: [1] });
  adminEmail = a.email;
  admin = await loggedIn(t.app, a.email);
  // An administrator without posts.update, and one with the static-sites area only.
  const bare = await createRole(20, 'admin-no-areas', ['admin.access']);
  const sites = await createRole(21, 'admin-sites', ['admin.access', 'static_sites.update']);
  noArea = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [bare] })).email);
  sitesOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [sites] })).email);
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  title_pl: 'Nowy kabel U/FTP kat. 6A',
  title_en: 'New U/FTP Cat. 6A cable',
  slug_pl: '',
  slug_en: '',
  lead_pl: 'Zajawka',
  lead_en: 'Lead',
  content_pl: '<p>Treść</p>',
  content_en: '<p>Content</p>',
  image_file_id: '',
  published_at: '2025-03-01',
  is_published: '1',
  ...over,
});

async function postCount() {
  const [row] = await getDb().select({ n: count() }).from(posts);
  return Number(row?.n ?? 0);
}

async function changesOf(entityId: number) {
  return getDb()
    .select()
    .from(changeInfos)
    .where(and(eq(changeInfos.entity, 'post'), eq(changeInfos.entityId, String(entityId))))
    .orderBy(desc(changeInfos.id));
}

describe('refusals', () => {
  it('401 for a visitor, 403 for an administrator without posts.update, 403 without admin access; nothing is written', async () => {
    const before = await postCount();
    for (const [client, status] of [
      [visitor, 401],
      [noArea, 403],
      [sitesOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/posts')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/posts', valid())).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/posts/1', { ...valid(), version: 1 })).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/posts/1')).statusCode).toBe(status);
    }
    expect(await postCount()).toBe(before);
  });

  it('a write without the echoed anti-forgery token is refused (419)', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/posts', payload: valid(), xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('create', () => {
  it('stores the post with a slug made from the title, sanitised HTML and a change-log entry', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/admin/posts',
      valid({
        content_pl: '<p onclick="x()">Dobry <strong>tekst</strong></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="alert(2)">',
        content_en: '<p>ok</p><iframe src="https://evil.example.com/x"></iframe><a href="javascript:alert(3)">link</a>',
      }),
    );
    expect(res.statusCode).toBe(200);
    const { id, message } = res.json();
    expect(message).toBe('Dodano wpis.');
    const [row] = await getDb().select().from(posts).where(eq(posts.id, id));
    expect(row?.slugPl).toBe('nowy-kabel-u-ftp-kat-6a');
    expect(row?.slugEn).toBe('new-u-ftp-cat-6a-cable');
    expect(row?.contentPl).toBe('<p>Dobry <strong>tekst</strong></p><img src="https://example.com/a.png">');
    for (const html of [row?.contentPl, row?.contentEn]) {
      expect(html).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
    }
    expect(row?.isPublished).toBe(true);
    // The day is the start of 1 March in Polish time (UTC+1 in winter).
    expect(row?.publishedAt.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    const [entry] = await changesOf(id);
    expect(entry).toMatchObject({ action: 'create', userEmail: adminEmail });
    expect(entry?.changes.titlePl).toEqual({ before: null, after: 'Nowy kabel U/FTP kat. 6A' });
  });

  it('numbers a slug made from a title that is taken, and refuses a typed slug that is taken (422 slug_pl)', async () => {
    const first = await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Targi Elektrotechnika', title_en: '' }));
    const second = await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Targi Elektrotechnika', title_en: '' }));
    const [a] = await getDb().select().from(posts).where(eq(posts.id, first.json().id));
    const [b] = await getDb().select().from(posts).where(eq(posts.id, second.json().id));
    expect([a?.slugPl, b?.slugPl]).toEqual(['targi-elektrotechnika', 'targi-elektrotechnika-2']);
    expect(a?.slugEn).toBe('');
    const before = await postCount();
    const taken = await send(admin, 'POST', '/api/admin/posts', valid({ slug_pl: 'targi-elektrotechnika' }));
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ slug_pl: ['Ten adres jest już używany.'] });
    expect(await postCount()).toBe(before);
  });

  it('422 names every invalid field by its path, in the language of the request, and stores nothing', async () => {
    const before = await postCount();
    const res = await send(
      admin,
      'POST',
      '/api/admin/posts',
      valid({ title_pl: '  ', slug_en: 'Zły Slug!', published_at: '2025-02-30', image_file_id: 'not-a-uuid', title_en: 'x'.repeat(201) }),
      { 'x-locale': 'en' },
    );
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(Object.keys(errors).sort()).toEqual(['image_file_id', 'published_at', 'slug_en', 'title_en', 'title_pl']);
    expect(errors.title_pl).toEqual(['This field is required.']);
    expect(errors.title_en).toEqual(['At most 200 characters.']);
    expect(errors.published_at).toEqual(['Enter a valid date.']);
    expect(await postCount()).toBe(before);
  });

  it('accepts the form as multipart (SPEC section 7): booleans 1/0', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(valid({ title_pl: 'Szkic z formularza', is_published: '0', published_at: '2030-01-15' }))) fd.append(k, String(v));
    const res = await send(admin, 'POST', '/api/admin/posts', fd);
    expect(res.statusCode).toBe(200);
    const [row] = await getDb().select().from(posts).where(eq(posts.id, res.json().id));
    expect(row).toMatchObject({ titlePl: 'Szkic z formularza', isPublished: false });
  });
});

describe('list', () => {
  it('pages every post (drafts too) with the title search, the state filter and sorting', async () => {
    await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Zaplanowany wpis', published_at: '2099-06-01' }));
    const all = (await send(admin, 'GET', '/api/admin/posts?sort=title&dir=asc')).json();
    expect(all.pages).toBe(1);
    const titles = all.items.map((i: { title: string }) => i.title);
    expect(titles).toEqual([...titles].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase(), 'en')));
    const drafts = (await send(admin, 'GET', '/api/admin/posts?state=draft')).json();
    expect(drafts.items.map((i: { title: string; state: string }) => [i.title, i.state])).toEqual([['Szkic z formularza', 'draft']]);
    const scheduled = (await send(admin, 'GET', '/api/admin/posts?state=scheduled')).json();
    expect(scheduled.items.map((i: { title: string }) => i.title)).toEqual(['Zaplanowany wpis']);
    const search = (await send(admin, 'GET', '/api/admin/posts?search=targi')).json();
    expect(search.items).toHaveLength(2);
    const newest = (await send(admin, 'GET', '/api/admin/posts')).json();
    expect(newest.items[0].title).toBe('Zaplanowany wpis');
  });
});

describe('update and delete', () => {
  it('saves with the loaded version, records the field differences, and refuses a stale version with 409', async () => {
    const created = await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Przed zmianą' }));
    const id = created.json().id as number;
    const loaded = (await send(admin, 'GET', `/api/admin/posts/${id}`)).json();
    expect(loaded).toMatchObject({ id, version: 1, title_pl: 'Przed zmianą', published_at: '2025-03-01', state: 'published' });

    const res = await send(admin, 'PUT', `/api/admin/posts/${id}`, {
      ...valid({ title_pl: 'Po zmianie', slug_pl: loaded.slug_pl, content_pl: '<p>Nowa</p><svg onload="alert(1)"></svg>' }),
      version: loaded.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Zapisano zmiany.', version: 2 });
    const [row] = await getDb().select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ titlePl: 'Po zmianie', contentPl: '<p>Nowa</p>', version: 2, slugPl: 'przed-zmiana' });
    // The unchanged day keeps its stored time.
    expect(row?.publishedAt.toISOString()).toBe('2025-02-28T23:00:00.000Z');
    const [entry] = await changesOf(id);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual({
      titlePl: { before: 'Przed zmianą', after: 'Po zmianie' },
      contentPl: { before: '<p>Treść</p>', after: '<p>Nowa</p>' },
    });

    const stale = await send(admin, 'PUT', `/api/admin/posts/${id}`, { ...valid({ title_pl: 'Nadpisanie' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/zmieniony przez innego użytkownika/);
    const [after] = await getDb().select().from(posts).where(eq(posts.id, id));
    expect(after).toMatchObject({ titlePl: 'Po zmianie', version: 2 });
    expect(await changesOf(id)).toHaveLength(2);

    const noVersion = await send(admin, 'PUT', `/api/admin/posts/${id}`, valid());
    expect(noVersion.statusCode).toBe(422);
    expect(Object.keys(noVersion.json().errors)).toEqual(['version']);
  });

  it('deletes with a change-log entry holding the last values; a second delete is 404', async () => {
    const id = (await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Do usunięcia' }))).json().id as number;
    const res = await send(admin, 'DELETE', `/api/admin/posts/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Usunięto wpis.' });
    expect(await getDb().select().from(posts).where(eq(posts.id, id))).toHaveLength(0);
    const [entry] = await changesOf(id);
    expect(entry).toMatchObject({ action: 'delete', userEmail: adminEmail });
    expect(entry?.changes.titlePl).toEqual({ before: 'Do usunięcia', after: null });
    expect((await send(admin, 'DELETE', `/api/admin/posts/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/api/admin/posts/${id}`)).statusCode).toBe(404);
  });
});

describe('image upload', () => {
  async function upload(client: TestClient, bytes: Buffer, name: string, type = 'application/octet-stream') {
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return send(client, 'POST', '/api/admin/posts/image', fd);
  }

  it('stores an image decoded from its bytes (not its name), scales a large one down, and answers a preview', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    const res = await upload(admin, png, 'zdjęcie.jpg', 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.file).toMatchObject({ type: 'image/png', width: 2400, height: 1200, name: 'zdjęcie.png' });
    expect(body.preview).toMatch(/^data:image\/webp;base64,/);
    const [stored] = await getDb().select().from(files).where(eq(files.id, body.file.id));
    expect(stored).toMatchObject({ contentType: 'image/png', width: 2400, height: 1200 });
  });

  it('refuses what is not an image (422 on file), an SVG, and a visitor (401)', async () => {
    const fake = await upload(admin, Buffer.from('MZ\x90\x00 not an image at all'), 'photo.png', 'image/png');
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ file: ['Plik nie jest obrazem JPG, PNG, WebP, GIF ani AVIF.'] });
    const svg = await upload(
      admin,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'),
      'a.svg',
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(422);
    expect((await upload(visitor, Buffer.from('x'), 'a.png')).statusCode).toBe(401);
    expect((await upload(noArea, Buffer.from('x'), 'a.png')).statusCode).toBe(403);
  });

  it('a draft’s image is shown to its editor through the resizing route, not to visitors, until published', async () => {
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#036' } })
      .png()
      .toBuffer();
    const fileId = (await upload(admin, png, 'a.png')).json().file.id as string;
    const created = await send(admin, 'POST', '/api/admin/posts', valid({ title_pl: 'Wpis z obrazem', is_published: '0', image_file_id: fileId }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect((await admin.get(`/img/${fileId}/320.webp`)).statusCode).toBe(200);
    expect((await visitor.get(`/img/${fileId}/320.webp`)).statusCode).toBe(404);
    const loaded = (await send(admin, 'GET', `/api/admin/posts/${id}`)).json();
    expect(loaded.image).toEqual({ id: fileId, width: 400, height: 300 });
    await send(admin, 'PUT', `/api/admin/posts/${id}`, {
      ...valid({ title_pl: 'Wpis z obrazem', image_file_id: fileId, slug_pl: loaded.slug_pl }),
      version: loaded.version,
    });
    expect((await visitor.get(`/img/${fileId}/320.webp`)).statusCode).toBe(200);
  });

  it('a post may not point at a file that is not an image', async () => {
    const [pdf] = await getDb().insert(files).values({ storageKey: 'x/y', originalName: 'a.pdf', contentType: 'application/pdf', size: 10 }).returning();
    const res = await send(admin, 'POST', '/api/admin/posts', valid({ image_file_id: pdf?.id }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['image_file_id']);
  });
});
