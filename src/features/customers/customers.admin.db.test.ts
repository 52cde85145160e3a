// The customers admin API as registered in the server (src/server.server.ts): CRUD with addresses,
// validation, optimistic locking, the change log, and the GUS registry lookup through a local
// stand-in speaking the registry's SOAP protocol.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { loadConfig } from '~/core/config.server';
import type { Database } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { buildApp } from '~/core/server/app.server';
import { features } from '~/server.server';
import { closedPortUrl, type GusBirStandin, STANDIN_COMPANY, startGusBirStandin } from '~tests/helpers/gus-bir-standin';
import { openTestDatabase, type TestClient } from '~tests/helpers/test-app';
import { createUser, loggedIn } from '../accounts/tests/helpers';
import { PERSONAL_PICKUP_ADDRESS, personalPickupAddress } from './addresses';
import { addresses, customers, customerUsers } from './customers.schema';

const KEY = 'secretkey00000000001';
const GUS = '/api/admin/customers-from-gus-bir';

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
let standin: GusBirStandin;
const apps: FastifyInstance[] = [];
let app: FastifyInstance;
let admin: TestClient;
let adminId: number;

async function appWith(env: Record<string, string>) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env });
  const instance = await buildApp({ config, database, features, logger: false });
  await instance.ready();
  apps.push(instance);
  return instance;
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-customers-admin-'));
  standin = await startGusBirStandin({ key: KEY, companies: [STANDIN_COMPANY] });
  app = await appWith({ GUS_API_KEY: KEY, GUS_BIR_URL: standin.url });
  const u = await createUser({ roleIds: [1] });
  adminId = u.id;
  admin = await loggedIn(app, u.email);
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await standin?.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const json = (res: { body: string }) => JSON.parse(res.body);

function address(overrides: Record<string, string> = {}) {
  return {
    name: 'Instal-Net Sp. z o.o.',
    email: 'Biuro@Instal-Net.pl',
    phone_number: '+48 61 100 20 30',
    town: 'Poznań',
    street: 'ul. Kablowa',
    home: '5',
    flat: '2',
    postcode: '60-101',
    post: 'Poznań',
    ...overrides,
  };
}

function customer(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Instal-Net Sp. z o.o.',
    tax_identification_nr: '526-104-08-28',
    payment_deadline_days: '14',
    enova_kod: 'INST01',
    enova_definicja_ceny: 'Cennik hurtowy A',
    is_active: '1',
    invoice_address: address(),
    delivery_addresses: [address({ name: 'Magazyn Poznań', street: 'ul. Składowa', home: '12', flat: '' })],
    ...overrides,
  };
}

async function create(body: Record<string, unknown> = customer()) {
  const res = await admin.post('/api/admin/customers', body);
  expect(res.statusCode, res.body).toBe(200);
  return json(res).id as number;
}

/** The body as the browser sends it: multipart with bracket keys (SPEC section 7). */
async function multipart(fields: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  const r = new Response(fd);
  return { payload: Buffer.from(await r.arrayBuffer()), headers: { 'content-type': r.headers.get('content-type') as string } };
}

describe('guards', () => {
  it('answers 401 to a visitor and 403 to a logged-in user without admin access', async () => {
    const { TestClient } = await import('~tests/helpers/test-app');
    const visitor = new TestClient(app);
    expect((await visitor.get('/api/admin/customers')).statusCode).toBe(401);
    expect((await visitor.post('/api/admin/customers', customer())).statusCode).toBe(401);
    expect((await visitor.get(`${GUS}/5261040828`)).statusCode).toBe(401);
    const plain = await loggedIn(app, (await createUser({ roleIds: [2] })).email);
    expect((await plain.get('/api/admin/customers')).statusCode).toBe(403);
    expect((await plain.request({ method: 'DELETE', url: '/api/admin/customers/1' })).statusCode).toBe(403);
  });
});

describe('create, read, update, delete', () => {
  it('creates a customer with its invoice and delivery addresses and logs the creation', async () => {
    const res = await admin.post('/api/admin/customers', customer());
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Dodano klienta.', id: expect.any(Number) });
    const id = json(res).id;
    const got = json(await admin.get(`/api/admin/customers/${id}`));
    expect(got).toMatchObject({
      id,
      name: 'Instal-Net Sp. z o.o.',
      tax_identification_nr: '5261040828',
      payment_deadline_days: 14,
      enova_kod: 'INST01',
      enova_definicja_ceny: 'Cennik hurtowy A',
      is_active: true,
      version: 1,
      users: [],
      invoice_address: {
        name: 'Instal-Net Sp. z o.o.',
        email: 'biuro@instal-net.pl',
        street: 'ul. Kablowa',
        full_street: 'ul. Kablowa 5/2',
        postcode: '60-101',
      },
      delivery_addresses: [{ id: expect.any(Number), name: 'Magazyn Poznań', full_street: 'ul. Składowa 12' }],
    });
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'customer'), eq(changeInfos.entityId, String(id))));
    expect(log.map((l) => [l.action, l.userId])).toEqual([['create', adminId]]);
    expect(log[0]?.changes.name).toEqual({ before: null, after: 'Instal-Net Sp. z o.o.' });
  });

  it('reads multipart bodies with bracket keys; a blank invoice address means none', async () => {
    const blankInvoice = Object.keys(address()).map((k) => [`invoice_address[${k}]`, ''] as [string, string]);
    const { payload, headers } = await multipart([
      ['name', 'Elektro-Serwis'],
      ['tax_identification_nr', ''],
      ['payment_deadline_days', '0'],
      ['enova_kod', ''],
      ['enova_definicja_ceny', ''],
      ['is_active', '0'],
      ...blankInvoice,
      ['delivery_addresses[0][name]', 'Budowa A'],
      ['delivery_addresses[0][town]', 'Leszno'],
      ['delivery_addresses[0][postcode]', '64-100'],
      ['delivery_addresses[1][name]', 'Budowa B'],
      ['delivery_addresses[1][town]', 'Kalisz'],
      ['delivery_addresses[1][postcode]', '62-800'],
    ]);
    const res = await admin.request({ method: 'POST', url: '/api/admin/customers', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    const got = json(await admin.get(`/api/admin/customers/${json(res).id}`));
    expect(got).toMatchObject({ name: 'Elektro-Serwis', is_active: false, payment_deadline_days: 0, invoice_address: null });
    expect(got.delivery_addresses.map((a: { name: string; town: string }) => [a.name, a.town])).toEqual([
      ['Budowa A', 'Leszno'],
      ['Budowa B', 'Kalisz'],
    ]);
  });

  it('answers 422 with field errors in the request language and creates nothing', async () => {
    const before = (await getDb().select().from(customers)).length;
    const bad = await admin.post(
      '/api/admin/customers',
      customer({ name: '  ', tax_identification_nr: '5261040827', payment_deadline_days: '', delivery_addresses: [address({ town: '', email: 'x@' })] }),
    );
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors).toMatchObject({
      name: ['Pole jest wymagane.'],
      tax_identification_nr: ['Nieprawidłowy numer NIP.'],
      payment_deadline_days: ['Pole jest wymagane.'],
      'delivery_addresses.0.town': ['Pole jest wymagane.'],
      'delivery_addresses.0.email': ['Podaj poprawny adres e-mail.'],
    });
    const en = await admin.post('/api/admin/customers', customer({ tax_identification_nr: '1234563211' }), { headers: { 'x-locale': 'en' } });
    expect(en.statusCode).toBe(422);
    expect(json(en).errors).toEqual({ tax_identification_nr: ['Invalid tax identification number (NIP).'] });
    expect((await getDb().select().from(customers)).length).toBe(before);
  });

  it('accepts a foreign VAT number with its country prefix', async () => {
    const id = await create(customer({ tax_identification_nr: 'de 123456789' }));
    expect(json(await admin.get(`/api/admin/customers/${id}`)).tax_identification_nr).toBe('DE123456789');
  });

  it('updates fields and addresses: keeps a delivery address by id, removes the missing one, adds a new one', async () => {
    const id = await create(customer({ delivery_addresses: [address({ name: 'Magazyn 1' }), address({ name: 'Magazyn 2' })] }));
    const loaded = json(await admin.get(`/api/admin/customers/${id}`));
    const [first, second] = loaded.delivery_addresses;
    const res = await admin.request({
      method: 'PUT',
      url: `/api/admin/customers/${id}`,
      payload: customer({
        version: loaded.version,
        name: 'Instal-Net S.A.',
        payment_deadline_days: '30',
        invoice_address: address({ name: 'Instal-Net S.A.' }),
        delivery_addresses: [address({ name: 'Magazyn 2 (nowy adres)', id: String(second.id), town: 'Gniezno' }), address({ name: 'Budowa' })],
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ message: 'Zapisano zmiany klienta.', id });
    const after = json(await admin.get(`/api/admin/customers/${id}`));
    expect(after).toMatchObject({ name: 'Instal-Net S.A.', payment_deadline_days: 30, version: loaded.version + 1 });
    expect(after.invoice_address).toMatchObject({ id: loaded.invoice_address.id, name: 'Instal-Net S.A.' });
    expect(after.delivery_addresses.map((a: { id: number; name: string }) => a.name)).toEqual(['Magazyn 2 (nowy adres)', 'Budowa']);
    expect(after.delivery_addresses[0].id).toBe(second.id);
    const ids = (await getDb().select().from(addresses).where(eq(addresses.customerId, id))).map((a) => a.id);
    expect(ids).not.toContain(first.id);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'customer'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'update')));
    expect(log).toHaveLength(1);
    expect(Object.keys(log[0]?.changes ?? {}).sort()).toEqual(['deliveryAddresses', 'invoiceAddress', 'name', 'paymentDeadlineDays']);
  });

  it('sets the highest approval limit an owner may give (issue 40): money, empty for none, kept when absent', async () => {
    const id = await create(customer({ approval_limit_max: '12 500,50' }));
    let loaded = json(await admin.get(`/api/admin/customers/${id}`));
    expect(loaded.approval_limit_max).toBe('12500.50');
    const put = (payload: Record<string, unknown>) => admin.request({ method: 'PUT', url: `/api/admin/customers/${id}`, payload: customer(payload) });
    expect((await put({ version: loaded.version, approval_limit_max: 'abc' })).statusCode).toBe(422);
    expect((await put({ version: loaded.version, approval_limit_max: '-1' })).statusCode).toBe(422);
    expect((await put({ version: loaded.version })).statusCode).toBe(200);
    loaded = json(await admin.get(`/api/admin/customers/${id}`));
    expect(loaded.approval_limit_max).toBe('12500.50');
    expect((await put({ version: loaded.version, approval_limit_max: '' })).statusCode).toBe(200);
    expect(json(await admin.get(`/api/admin/customers/${id}`)).approval_limit_max).toBeNull();
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const id = await create();
    const loaded = json(await admin.get(`/api/admin/customers/${id}`));
    const put = (name: string) =>
      admin.request({ method: 'PUT', url: `/api/admin/customers/${id}`, payload: customer({ version: loaded.version, name, delivery_addresses: [] }) });
    expect((await put('Pierwszy zapis')).statusCode).toBe(200);
    const stale = await put('Drugi zapis');
    expect(stale.statusCode).toBe(409);
    expect(json(stale).message).toMatch(/zmieniony przez innego użytkownika/);
    const now = json(await admin.get(`/api/admin/customers/${id}`));
    expect(now.name).toBe('Pierwszy zapis');
    expect(now.delivery_addresses).toEqual([]);
    const noVersion = await admin.request({ method: 'PUT', url: `/api/admin/customers/${id}`, payload: customer() });
    expect(noVersion.statusCode).toBe(422);
    expect(json(noVersion).errors.version).toBeDefined();
    expect((await admin.request({ method: 'PUT', url: '/api/admin/customers/999999', payload: customer({ version: 1 }) })).statusCode).toBe(404);
  });

  it('deletes a customer with its addresses and user links, logs it, and answers 404 afterwards', async () => {
    const id = await create();
    const u = await createUser();
    await getDb().insert(customerUsers).values({ userId: u.id, customerId: id });
    const res = await admin.request({ method: 'DELETE', url: `/api/admin/customers/${id}` });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Usunięto klienta.' });
    expect((await admin.get(`/api/admin/customers/${id}`)).statusCode).toBe(404);
    expect(await getDb().select().from(addresses).where(eq(addresses.customerId, id))).toEqual([]);
    expect(await getDb().select().from(customerUsers).where(eq(customerUsers.userId, u.id))).toEqual([]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'customer'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'delete')));
    expect(log).toHaveLength(1);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/customers/${id}` })).statusCode).toBe(404);
  });

  it('refuses writes without the anti-forgery token', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/admin/customers', payload: customer(), xsrf: false });
    expect(res.statusCode).toBe(419);
  });
});

describe('list and options', () => {
  it('searches name, tax number and code, filters active, sorts and pages', async () => {
    const a = await create(customer({ name: 'Zeta Kable', tax_identification_nr: '', enova_kod: 'ZK-1', delivery_addresses: [] }));
    const b = await create(customer({ name: 'Alfa Sieci', tax_identification_nr: '1234563218', enova_kod: 'AS-9', is_active: '0', delivery_addresses: [] }));
    const list = async (q: string) => json(await admin.get(`/api/admin/customers?${q}`));
    const byName = await list('search=zeta');
    expect(byName.items.map((c: { id: number }) => c.id)).toEqual([a]);
    expect(byName.pages).toBe(1);
    expect((await list('search=123-456-32')).items.map((c: { id: number }) => c.id)).toEqual([b]);
    expect((await list('search=as-9')).items.map((c: { id: number }) => c.id)).toEqual([b]);
    const inactive = await list('active=0');
    expect(inactive.items.every((c: { is_active: boolean }) => !c.is_active)).toBe(true);
    expect(inactive.items.map((c: { id: number }) => c.id)).toContain(b);
    expect((await list('active=1')).items.map((c: { id: number }) => c.id)).not.toContain(b);
    const desc = (await list('sort=name&dir=desc')).items.map((c: { name: string }) => c.name);
    expect(desc).toEqual([...desc].sort((x, y) => y.localeCompare(x, 'pl')));
    expect(desc[0]).toBe('Zeta Kable');
    expect((await list('search=%25')).items).toEqual([]);
    const first = await list('sort=name&dir=asc&page=1');
    expect(first.items[0]).toMatchObject({ id: b, name: 'Alfa Sieci', enova_kod: 'AS-9', users_count: 0 });
  });

  it('gives an option list with string ids', async () => {
    const id = await create(customer({ name: 'Omega Opcje', tax_identification_nr: '2000000001' }));
    const opts = json(await admin.get('/api/admin/customers/options?search=omega'));
    expect(opts).toEqual([{ id: String(id), name: 'Omega Opcje (NIP 2000000001)' }]);
  });
});

describe('personal pickup address (SPEC section 3)', () => {
  it('is the warehouse in Leszno with empty e-mail and phone', () => {
    expect(PERSONAL_PICKUP_ADDRESS).toMatchObject({ town: 'Leszno', street: 'Usługowa 10B', postcode: '64-100', post: 'Leszno', email: '', phone_number: '' });
    expect(personalPickupAddress('en').name).toBe('Personal pickup at the warehouse');
    expect(Object.isFrozen(PERSONAL_PICKUP_ADDRESS)).toBe(true);
  });
});

describe('GET /api/admin/customers-from-gus-bir/{nip} (registered route)', () => {
  it('finds a company in the registry', async () => {
    const res = await admin.get(`${GUS}/526-104-08-28`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([
      {
        nazwa: 'GŁÓWNY URZĄD STATYSTYCZNY',
        nip: '5261040828',
        kod: '000331501',
        email: 'sekretariat@example.gov.pl',
        adres: {
          telefon: '226083000',
          miejscowosc: 'Warszawa',
          ulica: 'ul. Test-Krucza',
          nr_domu: '208',
          nr_lokalu: '12',
          kod_pocztowy: '00-925',
          poczta: 'Warszawa',
        },
      },
    ]);
    expect(standin.calls.some((c) => c.operation === 'DaneSzukajPodmioty' && c.params.Nip === '5261040828')).toBe(true);
  });

  it('answers [] when the registry has nothing under the NIP', async () => {
    const res = await admin.get(`${GUS}/1234563218`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual([]);
  });

  it('answers 422 for a bad check digit without asking the registry', async () => {
    const before = standin.calls.length;
    const res = await admin.get(`${GUS}/5261040827`);
    expect(res.statusCode).toBe(422);
    expect(json(res).errors).toEqual({ nip: ['Nieprawidłowy numer NIP.'] });
    expect(standin.calls.length).toBe(before);
  });

  it('answers 503 naming the key when the registry refuses it', async () => {
    const other = await appWith({ GUS_API_KEY: 'wrongkey000000000000', GUS_BIR_URL: standin.url });
    const client = await loggedIn(other, (await createUser({ roleIds: [1] })).email);
    const res = await client.get(`${GUS}/5261040828`);
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toMatch(/odrzucił klucz GUS_API_KEY/);
  });

  it('answers 503 when the registry is down or not configured', async () => {
    const down = await appWith({ GUS_API_KEY: KEY, GUS_BIR_URL: await closedPortUrl() });
    const c1 = await loggedIn(down, (await createUser({ roleIds: [1] })).email);
    const res = await c1.get(`${GUS}/5261040828`, { 'x-locale': 'en' });
    expect(res.statusCode).toBe(503);
    expect(json(res).message).toMatch(/unavailable or not responding/);
    const none = await appWith({});
    const c2 = await loggedIn(none, (await createUser({ roleIds: [1] })).email);
    const res2 = await c2.get(`${GUS}/5261040828`);
    expect(res2.statusCode).toBe(503);
    expect(json(res2).message).toMatch(/nie jest skonfigurowane/);
  });
});
