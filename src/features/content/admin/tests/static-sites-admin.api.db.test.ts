// The static-site admin API (SPEC section 6: static_sites.update): create, 422 with field paths,
// update, 409 on a stale version, delete, refusals, sanitised HTML, change log, resource files.
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { staticSites } from '~/features/content/content.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { loader as staticSiteLoader } from '../../routes/static-site';
import { createRole, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let noArea: TestClient;
let postsOnly: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ state: 'active', roleIds: [1] });
  adminEmail = a.email;
  admin = await loggedIn(t.app, a.email);
  const bare = await createRole(20, 'admin-no-areas', ['admin.access']);
  const postsRole = await createRole(21, 'admin-posts', ['admin.access', 'posts.update']);
  noArea = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [bare] })).email);
  postsOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [postsRole] })).email);
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  slug: '',
  name_pl: 'Deklaracje zgodności',
  name_en: 'Declarations of conformity',
  destination: 'Dokumenty',
  role_ids: [],
  content_pl: '<p>Treść</p>',
  content_en: '<p>Content</p>',
  resource_file_id: '',
  resource_filename: '',
  ...over,
});

async function siteCount() {
  const [row] = await getDb().select({ n: count() }).from(staticSites);
  return Number(row?.n ?? 0);
}

async function changesOf(entityId: number) {
  return getDb()
    .select()
    .from(changeInfos)
    .where(and(eq(changeInfos.entity, 'static_site'), eq(changeInfos.entityId, String(entityId))))
    .orderBy(desc(changeInfos.id));
}

async function uploadResource(client: TestClient, bytes: Buffer, name: string, type = 'application/octet-stream') {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return send(client, 'POST', '/api/admin/static-sites/resource', fd);
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('refusals', () => {
  it('401 for a visitor, 403 for an administrator without static_sites.update (also one with posts only)', async () => {
    const before = await siteCount();
    for (const [client, status] of [
      [visitor, 401],
      [noArea, 403],
      [postsOnly, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/static-sites')).statusCode).toBe(status);
      expect((await send(client, 'GET', '/api/admin/static-sites/role-options')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/static-sites', valid())).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/static-sites/1', { ...valid(), version: 1 })).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/static-sites/1')).statusCode).toBe(status);
      expect((await uploadResource(client, PDF, 'a.pdf')).statusCode).toBe(status);
    }
    expect(await siteCount()).toBe(before);
    // The posts-only administrator still reaches the posts area.
    expect((await send(postsOnly, 'GET', '/api/admin/posts')).statusCode).toBe(200);
  });
});

describe('create and list', () => {
  it('offers the roles of the accounts feature as options', async () => {
    const res = await send(admin, 'GET', '/api/admin/static-sites/role-options');
    expect(res.json()).toEqual(
      expect.arrayContaining([
        { id: '1', name: 'Administrator' },
        { id: '2', name: 'Instalator' },
        { id: '3', name: 'Projektant' },
      ]),
    );
  });

  it('stores the site with its roles, a slug from the name, sanitised HTML and a change-log entry', async () => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(
      valid({ content_pl: '<p>Dokumenty</p><script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(1)">' }),
    )) {
      if (k !== 'role_ids') fd.append(k, String(v));
    }
    fd.append('role_ids[0]', '3');
    fd.append('role_ids[1]', '2');
    const res = await send(admin, 'POST', '/api/admin/static-sites', fd);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Dodano stronę statyczną.');
    const [row] = await getDb().select().from(staticSites).where(eq(staticSites.id, res.json().id));
    expect(row).toMatchObject({ slug: 'deklaracje-zgodnosci', destination: 'Dokumenty', roleIds: [2, 3], resourceFileId: null });
    expect(row?.contentPl).toBe('<p>Dokumenty</p><img src="https://example.com/x.png">');
    const [entry] = await changesOf(row?.id as number);
    expect(entry).toMatchObject({ action: 'create', userEmail: adminEmail });
    expect(entry?.changes.roleIds).toEqual({ before: null, after: [2, 3] });

    const list = (await send(admin, 'GET', '/api/admin/static-sites?destination=Dokumenty&search=deklar')).json();
    expect(list.items).toEqual([
      expect.objectContaining({ slug: 'deklaracje-zgodnosci', name: 'Deklaracje zgodności', role_ids: [2, 3], has_resource: false }),
    ]);
    expect(list.pages).toBe(1);
  });

  it('422 names every invalid field by its path and stores nothing', async () => {
    const before = await siteCount();
    const res = await send(admin, 'POST', '/api/admin/static-sites', valid({ name_pl: '', destination: 'Inne miejsce', role_ids: [2, 999], slug: 'Zły slug' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['destination', 'name_pl', 'slug']);
    expect(res.json().errors.destination).toEqual(['Wybierz przeznaczenie z listy.']);
    // Once the form is otherwise valid, the unknown role is named by its index.
    const roles = await send(admin, 'POST', '/api/admin/static-sites', valid({ slug: 'nowa-strona', role_ids: [2, 999] }));
    expect(roles.statusCode).toBe(422);
    expect(roles.json().errors).toEqual({ 'role_ids.1': ['Wybrano nieznaną rolę.'] });
    const taken = await send(admin, 'POST', '/api/admin/static-sites', valid({ slug: 'deklaracje-zgodnosci' }));
    expect(taken.json().errors).toEqual({ slug: ['Ten adres jest już używany.'] });
    expect(await siteCount()).toBe(before);
  });
});

describe('resource files', () => {
  it('recognises a PDF by its bytes, keeps its name, and refuses other bytes whatever their name', async () => {
    const ok = await uploadResource(admin, PDF, 'Katalog 2025.pdf');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().file).toMatchObject({ type: 'application/pdf', name: 'Katalog 2025.pdf', size: PDF.length });
    const renamed = await uploadResource(admin, PDF, 'cennik');
    expect(renamed.json().file.name).toBe('cennik.pdf');
    const exe = await uploadResource(admin, Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this is a program'), 'instrukcja.pdf', 'application/pdf');
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors.file[0]).toMatch(/^Dozwolone są pliki PDF/);
    const html = await uploadResource(admin, Buffer.from('<html><script>alert(1)</script></html>'), 'strona.docx');
    expect(html.statusCode).toBe(422);
  });

  it('a site with a file is downloaded under the resource filename; open sites to everyone, limited ones to their roles', async () => {
    const fileId = (await uploadResource(admin, PDF, 'plik.pdf')).json().file.id as string;
    const created = await send(
      admin,
      'POST',
      '/api/admin/static-sites',
      valid({ slug: 'cennik', name_pl: 'Cennik', resource_file_id: fileId, resource_filename: 'Cennik COBI 2025' }),
    );
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const loaded = (await send(admin, 'GET', `/api/admin/static-sites/${id}`)).json();
    expect(loaded).toMatchObject({ resource_file_id: fileId, resource_filename: 'Cennik COBI 2025.pdf', version: 1 });
    const download = await visitor.get(`/files/${fileId}/x`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Cennik%20COBI%202025.pdf");
    expect(download.headers['content-type']).toBe('application/pdf');

    // Limited to designers (role 3): a visitor gets nothing, the editor still can download it.
    const res = await send(admin, 'PUT', `/api/admin/static-sites/${id}`, {
      ...valid({ slug: 'cennik', name_pl: 'Cennik', role_ids: [3], resource_file_id: fileId, resource_filename: loaded.resource_filename }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect((await visitor.get(`/files/${fileId}/x`)).statusCode).toBe(404);
    expect((await admin.get(`/files/${fileId}/x`)).statusCode).toBe(200);

    const [file] = await getDb().select().from(files).where(eq(files.id, fileId));
    expect(file?.originalName).toBe('Cennik COBI 2025.pdf');
  });
});

describe('update and delete', () => {
  it('saves with the loaded version, records the differences, refuses a stale version (409)', async () => {
    const id = (await send(admin, 'POST', '/api/admin/static-sites', valid({ slug: 'polityka', name_pl: 'Polityka', destination: 'other' }))).json()
      .id as number;
    const res = await send(admin, 'PUT', `/api/admin/static-sites/${id}`, {
      ...valid({
        slug: 'polityka-prywatnosci',
        name_pl: 'Polityka prywatności',
        destination: 'other',
        content_en: '<p>New</p><a href="javascript:alert(1)">x</a>',
      }),
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, message: 'Zapisano zmiany.' });
    const [row] = await getDb().select().from(staticSites).where(eq(staticSites.id, id));
    expect(row).toMatchObject({ slug: 'polityka-prywatnosci', namePl: 'Polityka prywatności', contentEn: '<p>New</p>x', version: 2 });
    const [entry] = await changesOf(id);
    expect(entry?.action).toBe('update');
    expect(entry?.changes.slug).toEqual({ before: 'polityka', after: 'polityka-prywatnosci' });

    const stale = await send(admin, 'PUT', `/api/admin/static-sites/${id}`, { ...valid({ slug: 'polityka', name_pl: 'Stara' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    const [same] = await getDb().select().from(staticSites).where(eq(staticSites.id, id));
    expect(same).toMatchObject({ namePl: 'Polityka prywatności', version: 2 });
  });

  it('an address lost by an edit (the slug, or the English one after the English name changed) answers 301 to the current one', async () => {
    const created = await send(
      admin,
      'POST',
      '/api/admin/static-sites',
      valid({ slug: 'montaz-paneli', name_pl: 'Montaż paneli', name_en: 'Panel mounting', destination: 'Instrukcje' }),
    );
    const id = created.json().id as number;
    const page = async (locale: 'pl' | 'en', slug: string) => {
      try {
        const context = { session: async () => ({ id: 'x', isNew: true, userId: null, data: {} }) };
        const res = await staticSiteLoader({ params: { locale, slug }, context, request: new Request(`http://localhost/${locale}/static/${slug}`) } as never);
        return { status: (res as { init?: { status?: number } })?.init?.status ?? 200 };
      } catch (thrown) {
        const r = thrown as Response;
        return { status: r.status, location: r.headers.get('location') };
      }
    };
    expect(await page('en', 'panel-mounting')).toEqual({ status: 200 });
    const renamed = await send(admin, 'PUT', `/api/admin/static-sites/${id}`, {
      ...valid({ slug: 'montaz-paneli-krosowych', name_pl: 'Montaż paneli', name_en: 'Patch panel mounting', destination: 'Instrukcje' }),
      version: 1,
    });
    expect(renamed.statusCode).toBe(200);
    expect(await page('en', 'patch-panel-mounting')).toEqual({ status: 200 });
    expect(await page('en', 'panel-mounting')).toEqual({ status: 301, location: '/en/static/patch-panel-mounting' });
    expect(await page('pl', 'montaz-paneli')).toEqual({ status: 301, location: '/pl/static/montaz-paneli-krosowych' });
    expect(await page('pl', 'montaz-nieznany')).toEqual({ status: 404 });

    // An old address given to a page again is that page's, not a redirect.
    const again = await send(
      admin,
      'POST',
      '/api/admin/static-sites',
      valid({ slug: 'montaz-paneli', name_pl: 'Nowa strona', name_en: '', destination: 'other' }),
    );
    expect(again.statusCode).toBe(200);
    expect(await page('pl', 'montaz-paneli')).toEqual({ status: 200 });
    // Deleting the page takes its old addresses with it.
    expect((await send(admin, 'DELETE', `/api/admin/static-sites/${id}`)).statusCode).toBe(200);
    expect(await page('en', 'panel-mounting')).toEqual({ status: 404 });
  });

  it('deletes with a change-log entry; the public page is gone', async () => {
    const id = (await send(admin, 'POST', '/api/admin/static-sites', valid({ slug: 'do-usuniecia', name_pl: 'Do usunięcia' }))).json().id as number;
    const all = (await visitor.get('/api/static-sites?all=1')).json() as { slug: string }[];
    expect(all.map((s) => s.slug)).toContain('do-usuniecia');
    const res = await send(admin, 'DELETE', `/api/admin/static-sites/${id}`);
    expect(res.json()).toEqual({ message: 'Usunięto stronę statyczną.' });
    expect(await getDb().select().from(staticSites).where(eq(staticSites.id, id))).toHaveLength(0);
    const [entry] = await changesOf(id);
    expect(entry).toMatchObject({ action: 'delete', userEmail: adminEmail });
    expect(entry?.changes.namePl).toEqual({ before: 'Do usunięcia', after: null });
    // The public list (an in-memory cache) forgot it at once.
    const after = (await visitor.get('/api/static-sites?all=1')).json() as { slug: string }[];
    expect(after.map((s) => s.slug)).not.toContain('do-usuniecia');
    expect((await send(admin, 'DELETE', `/api/admin/static-sites/${id}`)).statusCode).toBe(404);
  });
});
