// Issue 37: DELETE /api/admin/users/{id}. A user without records to keep is deleted; one whose
// orders, applications, trainings … must be kept is anonymised (personal fields cleared, e-mail
// replaced, password unusable, deactivated, roles and sessions gone) and the records stay. Refused:
// 409 for oneself and the last active Administrator, 403 with a sentence for a user who holds a
// permission the actor lacks; and the usual attacks (no login, wrong permission, no XSRF token,
// malformed ids).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { sessions } from '~/core/session/session.schema';
import { rolePermissions, roles, userRoles, users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn, PASSWORD } from '~/features/accounts/tests/helpers';
import { warrantyApplications } from '~/features/forms/forms.schema';
import { createTestApp, type TestApp, type TestClient, TestClient as Client } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let adminId: number;
/** Admin access and users.update only. */
let usersAdmin: TestClient;
/** Admin access and posts.update only. */
let newsEditor: TestClient;
let newsEditorId: number;

const del = (client: TestClient, id: number | string, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}) =>
  client.request({ method: 'DELETE', url: `/api/admin/users/${id}`, ...opts });
const userRow = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

async function makeRole(id: number, keys: string[]) {
  await getDb()
    .insert(roles)
    .values({ id, key: `del-${id}`, namePl: `Rola ${id}`, nameEn: `Role ${id}`, position: id });
  await getDb()
    .insert(rolePermissions)
    .values(keys.map((permissionKey) => ({ roleId: id, permissionKey })));
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ roleIds: [1] });
  adminId = a.id;
  admin = await loggedIn(t.app, a.email);
  usersAdmin = await loggedIn(t.app, (await createUser({ roleIds: [await makeRole(80, ['admin.access', 'users.update'])] })).email);
  const editor = await createUser({ roleIds: [await makeRole(81, ['admin.access', 'posts.update'])] });
  newsEditorId = editor.id;
  newsEditor = await loggedIn(t.app, editor.email);
});
afterAll(async () => {
  await t?.close();
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes a user without records to keep: the row, roles and sessions go; logged without personal data', async () => {
    const u = await createUser({ roleIds: [2] });
    const session = await loggedIn(t.app, u.email);
    const res = await del(admin, u.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Użytkownik został usunięty.', outcome: 'deleted' });
    expect(await userRow(u.id)).toBeUndefined();
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, u.id))).toEqual([]);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, u.id))).toEqual([]);
    expect((await session.get('/api/my-account')).statusCode).toBe(401);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'user'), eq(changeInfos.entityId, String(u.id))));
    expect(log.map((l) => [l.action, l.userId])).toEqual([['delete', adminId]]);
    expect(JSON.stringify(log[0]?.changes)).toContain('Instalator');
    expect(JSON.stringify(log[0]?.changes)).not.toContain(u.email);
    expect((await del(admin, u.id)).statusCode).toBe(404);
  });

  it('anonymises a user whose application must be kept: the application stays, the person does not, nobody can log in', async () => {
    const u = await createUser({ roleIds: [2] });
    const owner = await loggedIn(t.app, u.email);
    const draft = await owner.request({ method: 'POST', url: '/api/applications', payload: { investment_name: 'Biurowiec' } });
    expect(draft.statusCode, draft.body).toBe(200);
    const res = await del(admin, u.id, { headers: { 'x-locale': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message:
        'The user has records that must be kept (such as orders, applications or trainings): their personal data has been removed and the account deactivated.',
      outcome: 'anonymised',
    });
    const row = await userRow(u.id);
    expect(row).toMatchObject({
      email: `deleted-${u.id}@deleted.invalid`,
      firstName: '',
      surname: '',
      phone: '',
      company: '',
      isActive: false,
      emailVerifiedAt: null,
    });
    expect(row?.passwordHash).not.toBe(u.passwordHash);
    expect(await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.userId, u.id))).toHaveLength(1);
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, u.id))).toEqual([]);
    expect((await owner.get('/api/my-account')).statusCode).toBe(401);
    const again = new Client(t.app);
    expect((await again.post('/api/login', { email: u.email, password: PASSWORD })).statusCode).toBe(422);
  });

  it('refuses oneself and the last active Administrator with 409 and a sentence', async () => {
    const self = await del(admin, adminId);
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ message: 'Nie możesz usunąć własnego konta.' });
    // A deputy with every permission (not the Administrator role) may act on the last Administrator, but not delete them.
    const { ALL_PERMISSION_KEYS } = await import('~/core/permissions/permissions');
    const deputy = await loggedIn(t.app, (await createUser({ roleIds: [await makeRole(82, [...ALL_PERMISSION_KEYS])] })).email);
    await getDb()
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, 1)));
    await getDb().insert(userRoles).values({ userId: adminId, roleId: 1 });
    const last = await del(deputy, adminId);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('To ostatni aktywny Administrator: nie można mu odebrać tej roli ani dezaktywować konta.');
    expect(await userRow(adminId)).toBeDefined();
  });
});

describe('attacks on DELETE /api/admin/users/{id}', () => {
  it('a visitor gets 401, a user without admin access and a news editor 403; nothing is deleted', async () => {
    const target = await createUser({ roleIds: [2] });
    expect((await del(new Client(t.app), target.id)).statusCode).toBe(401);
    const plain = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
    expect((await del(plain, target.id)).statusCode).toBe(403);
    expect((await del(newsEditor, target.id)).statusCode).toBe(403);
    expect(await userRow(target.id)).toBeDefined();
  });

  it('without the anti-forgery token, or with a forged one: 419, nothing is deleted', async () => {
    const target = await createUser({ roleIds: [2] });
    expect((await del(admin, target.id, { xsrf: false })).statusCode).toBe(419);
    expect((await del(admin, target.id, { xsrf: false, headers: { 'x-xsrf-token': 'forged' } })).statusCode).toBe(419);
    expect(await userRow(target.id)).toBeDefined();
  });

  it('malformed ids answer 404, never 500', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '1e3', '99999999999', '%20', '2147483648', "1' or '1'='1"]) {
      const res = await del(admin, encodeURIComponent(id));
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Nie znaleziono użytkownika.' });
    }
  });

  it('escalation: a users-only admin cannot delete a user who holds more (403 with a sentence), nor an Administrator', async () => {
    for (const target of [newsEditorId, adminId]) {
      const res = await del(usersAdmin, target);
      expect(res.statusCode, String(target)).toBe(403);
      expect(res.json().message).toMatch(/^Nie możesz zmieniać konta osoby, która ma uprawnienia, których Ty nie masz: /);
      expect(await userRow(target)).toBeDefined();
    }
    // Within their reach it works.
    const plain = await createUser({ roleIds: [2] });
    expect((await del(usersAdmin, plain.id)).statusCode).toBe(200);
  });
});
