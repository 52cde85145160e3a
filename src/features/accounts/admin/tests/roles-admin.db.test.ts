// The roles and permissions area (issue 37): the catalogue, the list with users counts, create,
// rename and permissions, delete refused while users hold a role, the fixed Administrator and
// built-in roles, no escalation, the change log with readable labels, parallel creates.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { ALL_PERMISSION_KEYS } from '~/core/permissions/permissions';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { rolePermissions, roles, userRoles } from '../../accounts.schema';
import { createUser, loggedIn } from '../../tests/helpers';

let t: TestApp;
let admin: TestClient;
let adminId: number;
/** Holds admin access, roles.update and posts.update only. */
let editor: TestClient;

const json = (res: { body: string }) => JSON.parse(res.body);
const put = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as never });
const del = (client: TestClient, url: string) => client.request({ method: 'DELETE', url });
const logOf = (id: number) =>
  getDb()
    .select()
    .from(changeInfos)
    .where(and(eq(changeInfos.entity, 'role'), eq(changeInfos.entityId, String(id))))
    .orderBy(changeInfos.id);

async function multipart(fields: [string, string][]) {
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') as string } };
}

beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser({ roleIds: [1], email: 'szef@cobinet.test' });
  adminId = u.id;
  admin = await loggedIn(t.app, u.email);
  await getDb().insert(roles).values({ id: 50, key: 'role-editors', namePl: 'Redaktor ról', nameEn: 'Role editor', position: 50 });
  await getDb()
    .insert(rolePermissions)
    .values(['admin.access', 'roles.update', 'posts.update'].map((permissionKey) => ({ roleId: 50, permissionKey })));
  editor = await loggedIn(t.app, (await createUser({ roleIds: [50] })).email);
});
afterAll(async () => {
  await t?.close();
});

describe('catalogue and list', () => {
  it('GET /api/admin/permissions lists every key with labels in the language of the request', async () => {
    const pl = json(await admin.get('/api/admin/permissions'));
    expect(pl.map((p: { key: string }) => p.key)).toEqual(ALL_PERMISSION_KEYS);
    expect(pl.find((p: { key: string }) => p.key === 'posts.update')).toEqual({
      key: 'posts.update',
      area: 'posts',
      action: 'update',
      label: 'Aktualności, filmy i realizacje: zmiany',
      area_label: 'Aktualności, filmy i realizacje',
      action_label: 'zmiany',
    });
    const en = json(await admin.get('/api/admin/permissions', { 'x-locale': 'en' }));
    expect(en.find((p: { key: string }) => p.key === 'orders.view').label).toBe('Orders: view');
  });

  it('GET /api/admin/roles lists the built-in roles with their users; Administrator holds every key', async () => {
    const { items, pages } = json(await admin.get('/api/admin/roles'));
    expect(pages).toBe(1);
    expect(items.slice(0, 4).map((r: { name: string; built_in: boolean }) => [r.name, r.built_in])).toEqual([
      ['Administrator', true],
      ['Instalator', true],
      ['Projektant', true],
      ['Kursant', true],
    ]);
    const administrator = items[0];
    expect(administrator).toMatchObject({ id: 1, all_permissions: true, users_count: 1, permissions: ALL_PERMISSION_KEYS });
    expect(items.find((r: { id: number }) => r.id === 50)).toMatchObject({
      name: 'Redaktor ról',
      built_in: false,
      users_count: 1,
      permissions: ['admin.access', 'posts.update', 'roles.update'],
    });
    const en = json(await admin.get('/api/admin/roles', { 'x-locale': 'en' }));
    expect(en.items[1].name).toBe('Installer');
  });

  it('GET /api/admin/roles/{id} answers one role, 404 with a sentence for an unknown or odd id', async () => {
    expect(json(await admin.get('/api/admin/roles/2'))).toMatchObject({ id: 2, name_pl: 'Instalator', name_en: 'Installer', users_count: 0 });
    for (const id of ['999', 'abc', '0', '99999999999']) {
      const res = await admin.get(`/api/admin/roles/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(json(res)).toEqual({ message: 'Nie znaleziono roli.' });
    }
  });

  it('the role picker of the user screen still lists every role, custom ones too', async () => {
    const options = json(await admin.get('/api/admin/roles/options'));
    expect(options).toContainEqual({ id: '50', name: 'Redaktor ról' });
    expect(options[0]).toEqual({ id: '1', name: 'Administrator' });
  });
});

describe('create, update, delete', () => {
  it('creates a role from JSON (keys deduplicated, id and key after the others) and logs it with labels', async () => {
    const res = await admin.post('/api/admin/roles', {
      name_pl: ' Redaktor aktualności ',
      name_en: 'News editor',
      permissions: ['admin.access', 'posts.update', 'posts.update'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, message } = json(res);
    expect(message).toBe('Rola została utworzona.');
    expect(id).toBe(51);
    const [row] = await getDb().select().from(roles).where(eq(roles.id, id));
    expect(row).toMatchObject({ key: 'role-51', namePl: 'Redaktor aktualności', nameEn: 'News editor', allPermissions: false, position: 51 });
    expect(json(await admin.get(`/api/admin/roles/${id}`)).permissions).toEqual(['admin.access', 'posts.update']);
    const log = await logOf(id);
    expect(log.map((l) => [l.action, l.userId])).toEqual([['create', adminId]]);
    expect(log[0]?.changes).toEqual({
      namePl: { before: null, after: 'Redaktor aktualności' },
      nameEn: { before: null, after: 'News editor' },
      permissions: { before: null, after: ['Panel administracyjny: dostęp do panelu', 'Aktualności, filmy i realizacje: zmiany'] },
    });
  });

  it('creates a role from multipart (repeated and bracket keys) and from a body without permissions', async () => {
    const m = await multipart([
      ['name_pl', 'Trener'],
      ['name_en', 'Trainer'],
      ['permissions[0]', 'admin.access'],
      ['permissions[1]', 'trainings.update'],
    ]);
    const res = await admin.request({ method: 'POST', url: '/api/admin/roles', payload: m.payload, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(await admin.get(`/api/admin/roles/${json(res).id}`)).permissions).toEqual(['admin.access', 'trainings.update']);
    const single = await multipart([
      ['name_pl', 'Handlowiec'],
      ['name_en', 'Sales'],
      ['permissions', 'orders.view'],
    ]);
    const one = await admin.request({ method: 'POST', url: '/api/admin/roles', payload: single.payload, headers: single.headers });
    expect(json(await admin.get(`/api/admin/roles/${json(one).id}`)).permissions).toEqual(['orders.view']);
    const none = await admin.post('/api/admin/roles', { name_pl: 'Pusta', name_en: 'Empty' });
    expect(json(await admin.get(`/api/admin/roles/${json(none).id}`)).permissions).toEqual([]);
  });

  it('refuses with 422 under the field: missing, long, multi-line and taken names, unknown permissions', async () => {
    const bad = async (body: unknown) => {
      const res = await admin.post('/api/admin/roles', body);
      expect(res.statusCode, res.body).toBe(422);
      return json(res).errors;
    };
    expect(await bad({ name_pl: '', name_en: '  ' })).toEqual({ name_pl: ['To pole jest wymagane.'], name_en: ['To pole jest wymagane.'] });
    expect(await bad({ name_pl: 'x'.repeat(101), name_en: 'Ok' })).toEqual({ name_pl: ['Maksymalnie 100 znaków.'] });
    expect(await bad({ name_pl: 'Dwa\nwiersze', name_en: 'Ok' })).toEqual({ name_pl: ['Nazwa musi mieścić się w jednym wierszu.'] });
    expect(await bad({ name_pl: 'Nowa', name_en: 'New', permissions: ['posts.update', 'posts.delete'] })).toEqual({
      permissions: ['Wybierz uprawnienia z listy.'],
    });
    expect(await bad({ name_pl: 'Nowa', name_en: 'New', permissions: 'x' })).toEqual({ permissions: ['Wybierz uprawnienia z listy.'] });
    expect(await bad({ name_pl: 'instalator', name_en: 'ADMINISTRATOR' })).toEqual({
      name_pl: ['Rola o tej nazwie już istnieje.'],
      name_en: ['Rola o tej nazwie już istnieje.'],
    });
    const en = await admin.request({
      method: 'POST',
      url: '/api/admin/roles',
      payload: { name_pl: 'Kursant', name_en: 'Unique' },
      headers: { 'x-locale': 'en' },
    });
    expect(json(en).errors).toEqual({ name_pl: ['A role with this name already exists.'] });
  });

  it('renames a built-in role and replaces its permissions; its own names are not "taken"; logged with labels', async () => {
    const res = await put(admin, '/api/admin/roles/3', { name_pl: 'Projektant', name_en: 'Network designer', permissions: ['admin.access', 'products.view'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: 'Rola została zapisana.', id: 3 });
    expect(json(await admin.get('/api/admin/roles/3'))).toMatchObject({ name_en: 'Network designer', permissions: ['admin.access', 'products.view'] });
    const [entry] = await logOf(3);
    expect(entry?.action).toBe('update');
    expect(entry?.changes).toEqual({
      nameEn: { before: 'Designer', after: 'Network designer' },
      permissions: { before: [], after: ['Panel administracyjny: dostęp do panelu', 'Produkty i atrybuty: podgląd'] },
    });
    // Saving the same again changes nothing and logs nothing.
    await put(admin, '/api/admin/roles/3', { name_pl: 'Projektant', name_en: 'Network designer', permissions: ['products.view', 'admin.access'] });
    expect(await logOf(3)).toHaveLength(1);
    expect((await put(admin, '/api/admin/roles/999', { name_pl: 'A', name_en: 'B' })).statusCode).toBe(404);
  });

  it('Administrator cannot be changed or deleted (409); built-in roles cannot be deleted (409)', async () => {
    const edit = await put(admin, '/api/admin/roles/1', { name_pl: 'Szef', name_en: 'Boss', permissions: [] });
    expect(edit.statusCode).toBe(409);
    expect(json(edit)).toEqual({ message: 'Rola Administrator ma wszystkie uprawnienia: nie można jej zmienić ani usunąć.' });
    expect((await del(admin, '/api/admin/roles/1')).statusCode).toBe(409);
    const builtIn = await del(admin, '/api/admin/roles/4');
    expect(builtIn.statusCode).toBe(409);
    expect(json(builtIn).message).toBe('To rola wbudowana: można zmienić jej nazwę i uprawnienia, ale nie można jej usunąć.');
    expect(await getDb().select({ id: roles.id }).from(roles).where(eq(roles.id, 4))).toHaveLength(1);
    expect((await getDb().select().from(roles).where(eq(roles.id, 1)))[0]).toMatchObject({ namePl: 'Administrator', allPermissions: true });
  });

  it('deletes a role nobody holds (logged); 409 while a user holds it; 404 when gone', async () => {
    const { id } = json(await admin.post('/api/admin/roles', { name_pl: 'Do usunięcia', name_en: 'To delete', permissions: ['admin.access', 'orders.view'] }));
    const holder = await createUser({ roleIds: [id] });
    const held = await del(admin, `/api/admin/roles/${id}`);
    expect(held.statusCode).toBe(409);
    expect(json(held)).toEqual({ message: 'Tej roli nie można usunąć, bo mają ją użytkownicy (1). Najpierw odbierz im tę rolę.' });
    expect(json(await admin.get('/api/admin/roles')).items.find((r: { id: number }) => r.id === id).users_count).toBe(1);
    await getDb().delete(userRoles).where(eq(userRoles.userId, holder.id));
    const ok = await del(admin, `/api/admin/roles/${id}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toEqual({ message: 'Rola została usunięta.' });
    expect(await getDb().select().from(rolePermissions).where(eq(rolePermissions.roleId, id))).toEqual([]);
    const log = await logOf(id);
    expect(log.map((l) => l.action)).toEqual(['create', 'delete']);
    expect(log[1]?.changes.permissions).toEqual({ before: ['Panel administracyjny: dostęp do panelu', 'Zamówienia: podgląd'], after: null });
    expect((await del(admin, `/api/admin/roles/${id}`)).statusCode).toBe(404);
  });

  it("never gives a deleted role's id again, also after the highest role was deleted (issue 37)", async () => {
    const create = async (s: string) => {
      const res = await admin.post('/api/admin/roles', { name_pl: `Jednorazowa ${s}`, name_en: `One-off ${s}` });
      expect(res.statusCode, res.body).toBe(200);
      return json(res).id as number;
    };
    const first = await create('A');
    const highest = await create('B');
    expect(highest).toBeGreaterThan(first);
    expect((await getDb().select({ id: roles.id }).from(roles)).every((r) => r.id <= highest)).toBe(true);
    expect((await del(admin, `/api/admin/roles/${highest}`)).statusCode).toBe(200);
    const next = await create('C');
    expect(next).toBeGreaterThan(highest);
    expect((await getDb().select({ key: roles.key }).from(roles).where(eq(roles.id, next)))[0]?.key).toBe(`role-${next}`);
    // The change log of the deleted id stays its own.
    expect((await logOf(highest)).map((l) => l.action)).toEqual(['create', 'delete']);
  });

  it('two roles created at the same moment both succeed with their own ids and keys', async () => {
    const results = await Promise.all(
      ['A', 'B', 'C'].map((s) => admin.post('/api/admin/roles', { name_pl: `Równoległa ${s}`, name_en: `Parallel ${s}`, permissions: ['admin.access'] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const ids = results.map((r) => json(r).id as number);
    expect(new Set(ids).size).toBe(3);
    const rows = await getDb().select().from(roles);
    for (const id of ids) expect(rows.find((r) => r.id === id)?.key).toBe(`role-${id}`);
    // The same name twice at once: one is created, the other refused (422).
    const same = await Promise.all([0, 1].map(() => admin.post('/api/admin/roles', { name_pl: 'Bliźniak', name_en: 'Twin' })));
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 422]);
  });
});

describe('no escalation', () => {
  it('a role editor may create a role with what they hold, not with more (403 naming the permissions)', async () => {
    const ok = await editor.post('/api/admin/roles', { name_pl: 'Pomocnik redakcji', name_en: 'Editorial help', permissions: ['admin.access', 'posts.view'] });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = await editor.post('/api/admin/roles', {
      name_pl: 'Przejęcie',
      name_en: 'Takeover',
      permissions: ['admin.access', 'users.update', 'service.update'],
    });
    expect(res.statusCode).toBe(403);
    expect(json(res)).toEqual({
      message: 'Nie możesz nadać uprawnień, których sam nie masz: Użytkownicy: zmiany, Serwis (kopia zapasowa, treść poczty, czynności serwisowe): zmiany.',
    });
    expect(await getDb().select().from(roles).where(eq(roles.namePl, 'Przejęcie'))).toEqual([]);
    // Giving its own role more is refused the same way.
    const self = await put(editor, '/api/admin/roles/50', {
      name_pl: 'Redaktor ról',
      name_en: 'Role editor',
      permissions: ['admin.access', 'roles.update', 'posts.update', 'users.update'],
    });
    expect(self.statusCode).toBe(403);
    expect(json(await admin.get('/api/admin/roles/50')).permissions).not.toContain('users.update');
  });

  it('a role editor cannot edit or delete a role holding more than they do, nor Administrator', async () => {
    const { id } = json(await admin.post('/api/admin/roles', { name_pl: 'Kadry', name_en: 'HR', permissions: ['admin.access', 'users.update'] }));
    const edit = await put(editor, `/api/admin/roles/${id}`, { name_pl: 'Kadry', name_en: 'HR', permissions: ['admin.access'] });
    expect(edit.statusCode).toBe(403);
    expect(json(edit)).toEqual({ message: 'Nie możesz zmienić ani usunąć roli, która ma uprawnienia, których Ty nie masz: Użytkownicy: zmiany.' });
    const remove = await del(editor, `/api/admin/roles/${id}`);
    expect(remove.statusCode).toBe(403);
    expect(json(await admin.get(`/api/admin/roles/${id}`)).permissions).toEqual(['admin.access', 'users.update']);
    expect((await put(editor, '/api/admin/roles/1', { name_pl: 'Administrator', name_en: 'Administrator', permissions: [] })).statusCode).toBe(409);
    expect((await del(editor, '/api/admin/roles/1')).statusCode).toBe(409);
    // The editor's own tools stay: a role within their reach is edited and deleted.
    const mine = json(await editor.post('/api/admin/roles', { name_pl: 'Tymczasowa', name_en: 'Temporary', permissions: ['posts.update'] })).id;
    expect((await put(editor, `/api/admin/roles/${mine}`, { name_pl: 'Tymczasowa', name_en: 'Temporary', permissions: ['posts.view'] })).statusCode).toBe(200);
    expect((await del(editor, `/api/admin/roles/${mine}`)).statusCode).toBe(200);
  });
});
