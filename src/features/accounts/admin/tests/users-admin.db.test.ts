// The admin users API (SPEC sections 2 and 6: users, user/{id}, permission users.update): list
// filters, activation and deactivation with their mails, roles, e-mail verification, password
// reset, customer link, data with optimistic locking, and the guards.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { customers, customerUsers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { rolePermissions, roles, userRoles, users } from '../../accounts.schema';
import { createUser, latestMail, linkIn, loggedIn, mailCount } from '../../tests/helpers';

/** A role with admin access only (no users.update). */
const ADMIN_ACCESS_ONLY_ROLE = 10;

let t: TestApp;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await getDb().insert(roles).values({ id: ADMIN_ACCESS_ONLY_ROLE, key: 'office', namePl: 'Biuro', nameEn: 'Office' });
  await getDb().insert(rolePermissions).values({ roleId: ADMIN_ACCESS_ONLY_ROLE, permissionKey: 'admin.access' });
  const u = await createUser({ roleIds: [1], email: 'szef@cobinet.test' });
  adminId = u.id;
  admin = await loggedIn(t.app, u.email);
});
afterAll(async () => {
  await t?.close();
});

const json = (res: { body: string }) => JSON.parse(res.body);
const put = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as never });
const row = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

describe('guards', () => {
  it('answers 401 to a visitor', async () => {
    const visitor = new TestClient(t.app);
    expect((await visitor.get('/api/admin/users')).statusCode).toBe(401);
    expect((await visitor.get(`/api/admin/users/${adminId}`)).statusCode).toBe(401);
    expect((await visitor.post(`/api/admin/users/${adminId}/verify-email`)).statusCode).toBe(401);
  });

  it("answers 403 to an administrator without users.update, who can open service's overview only (issue 37)", async () => {
    const office = await loggedIn(t.app, (await createUser({ roleIds: [ADMIN_ACCESS_ONLY_ROLE] })).email);
    const target = await createUser({ state: 'inactive' });
    expect((await office.get('/api/admin/users')).statusCode).toBe(403);
    expect((await office.get(`/api/admin/users/${target.id}`)).statusCode).toBe(403);
    expect((await put(office, `/api/admin/users/${target.id}/roles`, { role_ids: [1] })).statusCode).toBe(403);
    expect((await office.post(`/api/admin/users/${target.id}/activate`)).statusCode).toBe(403);
    expect((await row(target.id)).isActive).toBe(false);
    expect(await getDb().select().from(userRoles).where(eq(userRoles.userId, target.id))).toEqual([]);
    expect((await office.get('/api/admin/customers')).statusCode).toBe(403);
    expect((await office.get('/api/admin/service')).statusCode).toBe(200);
  });
});

describe('list', () => {
  it('searches name, e-mail and company and filters by verified, active, B2B and role', async () => {
    const tag = 'lst';
    const now = new Date();
    const a = await createUser({ email: `${tag}.anna@example.com`, state: 'active', roleIds: [2] });
    const b = await createUser({ email: `${tag}.bogdan@example.com`, state: 'unverified' });
    const c = await createUser({ email: `${tag}.celina@example.com`, state: 'inactive', roleIds: [3] });
    await getDb().update(users).set({ firstName: 'Anna', surname: 'Zielińska', company: 'Kable Zachód' }).where(eq(users.id, a.id));
    await getDb().update(users).set({ firstName: 'Bogdan', surname: 'Adamski', company: 'Światłowody Północ', isB2bRequest: true }).where(eq(users.id, b.id));
    await getDb().update(users).set({ firstName: 'Celina', surname: 'Mazur', company: 'Kable Wschód', b2bGrantedAt: now }).where(eq(users.id, c.id));
    const ids = async (q: string) => (json(await admin.get(`/api/admin/users?search=${tag}&${q}`)).items as { id: number }[]).map((u) => u.id);

    expect(await ids('')).toHaveLength(3);
    expect(json(await admin.get('/api/admin/users?search=anna%20ziel')).items.map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(json(await admin.get('/api/admin/users?search=ZIELIŃSKA%20anna')).items.map((u: { id: number }) => u.id)).toEqual([a.id]);
    expect(json(await admin.get('/api/admin/users?search=światłowody')).items.map((u: { id: number }) => u.id)).toEqual([b.id]);
    expect((await ids('verified=0')).sort()).toEqual([b.id]);
    expect((await ids('verified=1')).sort()).toEqual([a.id, c.id].sort());
    expect((await ids('active=1')).sort()).toEqual([a.id]);
    expect((await ids('active=0')).sort()).toEqual([b.id, c.id].sort());
    expect(await ids('b2b=request')).toEqual([b.id]);
    expect(await ids('b2b=granted')).toEqual([c.id]);
    expect(await ids('b2b=none')).toEqual([a.id]);
    expect(await ids('role=3')).toEqual([c.id]);
    expect(await ids('role=2&active=1')).toEqual([a.id]);
    expect(await ids('sort=name&dir=asc')).toEqual([b.id, c.id, a.id]);
    expect(await ids('sort=name&dir=desc')).toEqual([a.id, c.id, b.id]);
    expect(await ids('sort=company&dir=asc')).toEqual([c.id, a.id, b.id]);

    const item = json(await admin.get(`/api/admin/users?search=${tag}.celina`)).items[0];
    expect(item).toEqual({
      id: c.id,
      name: 'Celina Mazur',
      email: `${tag}.celina@example.com`,
      company: 'Kable Wschód',
      has_verified_email: true,
      is_active: false,
      is_b2b_request: false,
      has_b2b_access: true,
      role_ids: [3],
      created_at: expect.any(String),
      last_login_at: null,
    });
    expect(json(await admin.get('/api/admin/users?search=nobody-matches-this')).items).toEqual([]);
  });
});

describe('activation', () => {
  it('activation and deactivation each send their mail to the user (outbox) and are logged', async () => {
    const u = await createUser({ state: 'inactive' });
    expect(json(await admin.post(`/api/admin/users/${u.id}/activate`))).toEqual({ message: 'Konto zostało aktywowane.' });
    expect((await row(u.id)).isActive).toBe(true);
    expect((await latestMail(u.email, 'account.active'))?.subject).toBe('Twoje konto jest aktywne – COBI NET');

    expect(json(await admin.post(`/api/admin/users/${u.id}/deactivate`))).toEqual({ message: 'Konto zostało dezaktywowane.' });
    expect((await row(u.id)).isActive).toBe(false);
    const mail = await latestMail(u.email, 'account.inactive');
    expect(mail?.subject).toBe('Twoje konto zostało dezaktywowane – COBI NET');
    expect(mail?.text).toContain('biuro@cobinet.pl');
    // Deactivating an inactive account sends nothing more.
    await admin.post(`/api/admin/users/${u.id}/deactivate`);
    expect(await mailCount(u.email, 'account.inactive')).toBe(1);

    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'user'), eq(changeInfos.entityId, String(u.id))));
    expect(log.map((l) => [l.userId, l.changes.isActive])).toEqual([
      [adminId, { before: false, after: true }],
      [adminId, { before: true, after: false }],
    ]);
  });

  it('an administrator cannot deactivate their own account', async () => {
    const res = await admin.post(`/api/admin/users/${adminId}/deactivate`);
    expect(res.statusCode).toBe(422);
    expect(json(res).errors.is_active).toEqual(['Nie możesz dezaktywować własnego konta.']);
    expect((await row(adminId)).isActive).toBe(true);
  });

  it('marks an e-mail address verified and sends a password-reset link', async () => {
    const u = await createUser({ state: 'unverified' });
    expect(json(await admin.post(`/api/admin/users/${u.id}/verify-email`))).toEqual({ message: 'Adres e-mail oznaczono jako zweryfikowany.' });
    expect((await row(u.id)).emailVerifiedAt).not.toBeNull();
    const reset = await admin.post(`/api/admin/users/${u.id}/password-reset`);
    expect(json(reset)).toEqual({ message: `Wysłano link do ustawienia nowego hasła na adres ${u.email}.` });
    const mail = await latestMail(u.email, 'account.reset');
    expect(linkIn(mail?.text ?? '', '/reset-password/')).toMatch(/\/pl\/reset-password\/[\w-]+/);
    expect((await admin.post('/api/admin/users/999999/password-reset')).statusCode).toBe(404);
  });
});

describe('roles', () => {
  it('replaces the roles of a user and logs the change', async () => {
    const u = await createUser({ roleIds: [2] });
    const res = await put(admin, `/api/admin/users/${u.id}/roles`, { role_ids: ['3', '4'] });
    expect(json(res)).toEqual({ message: 'Zapisano role użytkownika.' });
    expect(json(await admin.get(`/api/admin/users/${u.id}`)).role_ids).toEqual([3, 4]);
    expect((await put(admin, `/api/admin/users/${u.id}/roles`, {})).statusCode).toBe(200);
    expect(json(await admin.get(`/api/admin/users/${u.id}`)).role_ids).toEqual([]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'user'), eq(changeInfos.entityId, String(u.id))));
    expect(log.map((l) => l.changes.roleIds)).toEqual([
      { before: [2], after: [3, 4] },
      { before: [3, 4], after: [] },
    ]);
    expect(log.map((l) => l.changes.roles)).toEqual([
      { before: 'Instalator', after: 'Projektant, Kursant' },
      { before: 'Projektant, Kursant', after: '' },
    ]);
  });

  it('refuses unknown roles and the removal of the own administrator role', async () => {
    const u = await createUser();
    const unknown = await put(admin, `/api/admin/users/${u.id}/roles`, { role_ids: [2, 999] });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).errors.role_ids).toEqual(['Wybierz istniejące role.']);
    const own = await put(admin, `/api/admin/users/${adminId}/roles`, { role_ids: [2] });
    expect(own.statusCode).toBe(422);
    expect(json(own).errors.role_ids).toEqual(['Nie możesz odebrać sobie roli administratora.']);
    expect(json(await admin.get(`/api/admin/users/${adminId}`)).role_ids).toEqual([1]);
    // Another administrator may take it away (the first one stays an administrator).
    const other = await createUser({ roleIds: [1] });
    expect((await put(admin, `/api/admin/users/${other.id}/roles`, { role_ids: [2] })).statusCode).toBe(200);
    const otherClient = await loggedIn(t.app, other.email);
    expect((await otherClient.get('/api/admin/users')).statusCode).toBe(403);
  });
});

describe('customer link and B2B access', () => {
  it('links a user to a customer, grants B2B access with its mail, and unlinks', async () => {
    const [c] = await getDb().insert(customers).values({ name: 'Kable-Pol' }).returning();
    const u = await createUser();
    await getDb().update(users).set({ isB2bRequest: true }).where(eq(users.id, u.id));
    expect(json(await put(admin, `/api/admin/users/${u.id}/customer`, { customer_id: String(c.id) }))).toEqual({
      message: 'Powiązano użytkownika z klientem.',
    });
    // Issue 40: a link without a company role makes a buyer.
    expect(json(await admin.get(`/api/admin/users/${u.id}`)).customer).toEqual({ id: c.id, name: 'Kable-Pol', company_role: 'buyer' });
    expect(json(await admin.get(`/api/admin/customers/${c.id}`)).users).toEqual([
      { id: u.id, name: 'Jan Kowalski', email: u.email, is_active: true, has_b2b_access: false, company_role: 'buyer' },
    ]);
    expect((await admin.post(`/api/admin/users/${u.id}/b2b-access`)).statusCode).toBe(200);
    const got = json(await admin.get(`/api/admin/users/${u.id}`));
    expect(got).toMatchObject({ has_b2b_access: true, is_b2b_request: false });
    expect(await mailCount(u.email, 'account.b2b')).toBe(1);
    // The mail leads to the catalogue: the cart needs the account's company, which may come later (issue 41).
    expect(linkIn((await latestMail(u.email, 'account.b2b')).text, '/categories')).toBe('http://localhost:3000/pl/categories');

    const unknown = await put(admin, `/api/admin/users/${u.id}/customer`, { customer_id: '999999' });
    expect(unknown.statusCode).toBe(422);
    expect(json(unknown).errors.customer_id).toEqual(['Wybierz istniejącego klienta.']);
    expect(json(await put(admin, `/api/admin/users/${u.id}/customer`, { customer_id: '' })).message).toBe('Usunięto powiązanie użytkownika z klientem.');
    expect(await getDb().select().from(customerUsers).where(eq(customerUsers.userId, u.id))).toEqual([]);
  });
});

describe('user data', () => {
  const data = (version: number, overrides: Record<string, unknown> = {}) => ({
    version,
    first_name: 'Janina',
    surname: 'Kowalska',
    phone: '+48 600 700 800',
    default_locale: 'en',
    company: 'Sieci-Lan',
    position: 'Projektant',
    address: 'ul. Miedziana 1',
    city: 'Leszno',
    country: 'Polska',
    province: 'wielkopolskie',
    postcode: '64-100',
    tax_identification_nr: '',
    is_b2b_request: '0',
    ...overrides,
  });

  it('saves the data loaded at a version; a stale version gets 409; bad data 422', async () => {
    const u = await createUser();
    const loaded = json(await admin.get(`/api/admin/users/${u.id}`));
    expect(loaded).not.toHaveProperty('password_hash');
    expect(JSON.stringify(loaded)).not.toContain('argon');
    const ok = await put(admin, `/api/admin/users/${u.id}`, data(loaded.version));
    expect(json(ok)).toEqual({ message: 'Zapisano dane użytkownika.' });
    expect(json(await admin.get(`/api/admin/users/${u.id}`))).toMatchObject({
      first_name: 'Janina',
      default_locale: 'en',
      company: 'Sieci-Lan',
      email: u.email,
      version: loaded.version + 1,
    });
    const stale = await put(admin, `/api/admin/users/${u.id}`, data(loaded.version, { first_name: 'Inna' }));
    expect(stale.statusCode).toBe(409);
    expect((await row(u.id)).firstName).toBe('Janina');
    const bad = await put(
      admin,
      `/api/admin/users/${u.id}`,
      data(loaded.version + 1, { first_name: '', postcode: '641', tax_identification_nr: '5261040827' }),
    );
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['first_name', 'postcode', 'tax_identification_nr']);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'user'), eq(changeInfos.entityId, String(u.id))));
    expect(log).toHaveLength(1);
    expect(log[0]?.changes.firstName).toEqual({ before: 'Jan', after: 'Janina' });
  });
});
