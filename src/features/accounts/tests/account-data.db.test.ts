import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { sessions } from '~/core/session/session.schema';
import { sessionKey } from '~/core/session/session.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { roles, users } from '../accounts.schema';
import { createOrPromoteAdministrator } from '../accounts.server';
import { ensureRolesAndPermissions } from '../roles.server';
import { createUser, latestMail, linkIn, loggedIn, mailCount, PASSWORD } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const json = (res: { body: string }) => JSON.parse(res.body);
const row = async (id: number) => (await getDb().select().from(users).where(eq(users.id, id)))[0];

describe('my account data', () => {
  it('saves basic data; a new e-mail address must be verified again', async () => {
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    const bad = await client.request({
      method: 'PUT',
      url: '/api/my-account/basic-data',
      payload: { first_name: '', surname: 'X', email: 'bad', phone: 'abc' },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['email', 'first_name', 'phone']);
    expect((await row(u.id)).surname).toBe('Kowalski');

    const other = await createUser();
    const taken = await client.request({ method: 'PUT', url: '/api/my-account/basic-data', payload: { first_name: 'Jan', surname: 'K', email: other.email } });
    expect(json(taken).errors).toEqual({ email: ['Konto z tym adresem e-mail już istnieje.'] });

    const same = await client.request({
      method: 'PUT',
      url: '/api/my-account/basic-data',
      payload: { first_name: 'Janusz', surname: 'Nowy', email: u.email, phone: '600 700 800' },
    });
    expect(json(same)).toEqual({ message: 'Zapisano zmiany.' });
    expect(await row(u.id)).toMatchObject({ firstName: 'Janusz', surname: 'Nowy', phone: '600 700 800' });
    expect((await row(u.id)).emailVerifiedAt).not.toBeNull();

    const moved = await client.request({
      method: 'PUT',
      url: '/api/my-account/basic-data',
      payload: { first_name: 'Janusz', surname: 'Nowy', email: 'new.address@example.com' },
    });
    expect(json(moved).message).toBe('Zapisano zmiany. Potwierdź nowy adres e-mail linkiem, który wysłaliśmy.');
    expect((await row(u.id)).emailVerifiedAt).toBeNull();
    expect(await mailCount('new.address@example.com', 'account.verify')).toBe(1);
    // Now unverified: calls that need an active account answer 406.
    expect((await client.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'en' } })).statusCode).toBe(406);
  });

  it('saves the default locale', async () => {
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    const res = await client.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'en' }, headers: { 'x-locale': 'en' } });
    expect(json(res)).toEqual({ message: 'Changes saved.' });
    expect((await row(u.id)).defaultLocale).toBe('en');
    const bad = await client.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'de' } });
    expect(json(bad).errors).toEqual({ default_locale: ['Język musi być pl albo en.'] });
  });

  it('changes the password only with the current one, ends the other sessions and renews this one', async () => {
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    const other = await loggedIn(t.app, u.email);
    const wrong = await client.request({
      method: 'PUT',
      url: '/api/my-account/password',
      payload: { current_password: 'Not-the-password-1', password: 'Nowe-Haslo-Kabel-9', password_confirmation: 'Nowe-Haslo-Kabel-9' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong).errors).toEqual({ current_password: ['Obecne hasło jest nieprawidłowe.'] });
    const weak = await client.request({
      method: 'PUT',
      url: '/api/my-account/password',
      payload: { current_password: PASSWORD, password: 'password1234', password_confirmation: 'password1234' },
    });
    expect(json(weak).errors.password).toEqual(['To hasło jest zbyt popularne i łatwe do odgadnięcia. Wybierz inne.']);

    const sid = client.cookies.get('sid') as string;
    const res = await client.request({
      method: 'PUT',
      url: '/api/my-account/password',
      payload: { current_password: PASSWORD, password: 'Nowe-Haslo-Kabel-9', password_confirmation: 'Nowe-Haslo-Kabel-9' },
    });
    expect(res.statusCode).toBe(200);
    expect(client.cookies.get('sid')).not.toBe(sid);
    expect(
      await getDb()
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, sessionKey(sid))),
    ).toHaveLength(0);
    expect((await client.get('/api/my-account')).statusCode).toBe(200);
    expect((await other.get('/api/my-account')).statusCode).toBe(401);
    expect((await new TestClient(t.app).post('/api/login', { email: u.email, password: 'Nowe-Haslo-Kabel-9' })).statusCode).toBe(200);
  });

  it('saves the profile with its rules', async () => {
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    const bad = await client.request({ method: 'PUT', url: '/api/my-account/profile', payload: { country: 'Polska', postcode: '12345', is_b2b_request: '1' } });
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.postcode).toEqual(['Podaj kod pocztowy w formacie 00-000.']);
    expect(json(bad).errors.company).toEqual(['Pole jest wymagane przy wniosku o dostęp do sklepu B2B.']);
    const ok = await client.request({
      method: 'PUT',
      url: '/api/my-account/profile',
      payload: {
        company: 'Kable Sp. j.',
        position: 'Projektant',
        address: 'ul. Długa 1',
        city: 'Gdańsk',
        country: 'Niemcy',
        province: '',
        postcode: 'D-10115',
        tax_identification_nr: 'DE123456789',
        is_b2b_request: '1',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(await row(u.id)).toMatchObject({
      company: 'Kable Sp. j.',
      country: 'Niemcy',
      postcode: 'D-10115',
      taxIdentificationNr: 'DE123456789',
      isB2bRequest: true,
    });
  });

  it('withdraws and gives the marketing consent; required consents stay given', async () => {
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    await client.request({ method: 'PUT', url: '/api/my-account/consents', payload: { accepted_marketing: '1' } });
    expect((await row(u.id)).marketingAcceptedAt).not.toBeNull();
    const res = await client.request({ method: 'PUT', url: '/api/my-account/consents', payload: { accepted_marketing: '0', accepted_terms: '0' } });
    expect(res.statusCode).toBe(200);
    const after = await row(u.id);
    expect(after.marketingAcceptedAt).toBeNull();
    expect(after.termsAcceptedAt).not.toBeNull();
    expect(json(await client.get('/api/my-account'))).toMatchObject({
      accepted_marketing: false,
      accepted_terms: true,
      accepted_privacy: true,
      accepted_rodo: true,
    });
  });
});

describe('activation by the provider', () => {
  it('activates with the "account is active" mail, grants B2B access with its mail, deactivates (then 406)', async () => {
    const admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
    const u = await createUser({ state: 'inactive' });
    const userClient = await loggedIn(t.app, u.email);
    expect((await userClient.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'pl' } })).statusCode).toBe(406);

    expect(json(await admin.post(`/api/admin/users/${u.id}/activate`))).toEqual({ message: 'Konto zostało aktywowane.' });
    expect((await row(u.id)).isActive).toBe(true);
    const mail = await latestMail(u.email, 'account.active');
    expect(mail.subject).toBe('Twoje konto jest aktywne – COBI NET');
    expect(linkIn(mail.text, '/login')).toBe('http://localhost:3000/pl/login');
    // Activating again sends no second mail.
    await admin.post(`/api/admin/users/${u.id}/activate`);
    expect(await mailCount(u.email, 'account.active')).toBe(1);
    expect((await userClient.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'pl' } })).statusCode).toBe(200);

    expect((await admin.post(`/api/admin/users/${u.id}/b2b-access`)).statusCode).toBe(200);
    expect(json(await userClient.get('/api/my-account')).has_b2b_access).toBe(true);
    expect(await mailCount(u.email, 'account.b2b')).toBe(1);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/users/${u.id}/b2b-access` })).statusCode).toBe(200);
    expect(json(await userClient.get('/api/my-account')).has_b2b_access).toBe(false);

    expect((await admin.post(`/api/admin/users/${u.id}/deactivate`)).statusCode).toBe(200);
    expect((await userClient.request({ method: 'PUT', url: '/api/my-account/settings', payload: { default_locale: 'pl' } })).statusCode).toBe(406);
  });
});

describe('roles and administrators', () => {
  it('seeds the four roles with stable ids at start, idempotently, keeping what administrators changed', async () => {
    // Seeded by the accounts plugin when the app became ready, not by the empty-database demo seeding.
    const list = await getDb().select().from(roles).orderBy(roles.id);
    expect(list.map((r) => [r.id, r.key, r.allPermissions])).toEqual([
      [1, 'administrator', true],
      [2, 'installer', false],
      [3, 'designer', false],
      [4, 'trainee', false],
    ]);
    await getDb().update(roles).set({ allPermissions: false, namePl: 'Admin (zmieniony)' }).where(eq(roles.id, 1));
    await ensureRolesAndPermissions();
    await ensureRolesAndPermissions();
    const again = await getDb().select().from(roles).orderBy(roles.id);
    expect(again).toHaveLength(4);
    expect(again[0]).toMatchObject({ allPermissions: true, namePl: 'Admin (zmieniony)' });
  });

  it('creates a verified, active administrator, or promotes an existing account', async () => {
    const created = await createOrPromoteAdministrator({ email: 'Boss@Example.com', password: 'Admin-Haslo-Mocne-1' });
    expect(created.created).toBe(true);
    const boss = await loggedIn(t.app, 'boss@example.com', 'Admin-Haslo-Mocne-1');
    expect(json(await boss.get('/api/my-account'))).toMatchObject({
      role_ids: [1],
      has_verified_email: true,
      is_active: true,
      can: { admin: { access: true } },
    });

    const u = await createUser({ state: 'unverified', roleIds: [2] });
    const promoted = await createOrPromoteAdministrator({ email: u.email, password: 'Admin-Haslo-Mocne-2' });
    expect(promoted).toEqual({ userId: u.id, created: false });
    const p = await loggedIn(t.app, u.email, 'Admin-Haslo-Mocne-2');
    expect(json(await p.get('/api/my-account'))).toMatchObject({ role_ids: [1, 2], has_verified_email: true, is_active: true });
  });
});
