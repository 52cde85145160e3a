// The rentals API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the price list,
// availability, quotes, bookings under the calendar rules, no double booking under concurrent
// requests, the tenant's rentals, the contract, the signed contract, the administrator's run of a
// rental to settled with a mail per change, and the authorisation matrix.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { mailOutbox } from '~/core/mail/mail.schema';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { rentalSettings, testerRentals, testers } from '../rentals.schema';
import { resetClock, setClock } from '~/core/time/clock';

let t: TestApp;
let copper: number;
let otdr: number;
let inactive: number;
let tenant: TestClient;
let tenantEmail: string;
let other: TestClient;
let admin: TestClient;
let limitedAdmin: TestClient;
let ip = 0;

/** Each booking from its own address, so the per-IP rate limit of public forms does not count them together. */
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const json = (res: { body: string }) => JSON.parse(res.body);

async function multipart(client: TestClient, url: string, fields: Record<string, string | Blob>, method: 'POST' | 'PUT' = 'POST', remoteAddress?: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v as string);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return client.request({
    method,
    url,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
    remoteAddress,
  });
}

function booking(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    tester_id: String(copper),
    datetime_from: '2026-12-01',
    datetime_to: '2026-12-04',
    is_personal_pickup: '1',
    tenant_name: 'Instal-Net Sp. z o.o.',
    tenant_tax_id: '526-104-08-28',
    tenant_street: 'ul. Kablowa 5',
    tenant_postcode: '60-101',
    tenant_post: 'Poznań',
    tenant_phone: '+48 600 100 200',
    tenant_person: 'Jan Kowalski',
    accepted_terms: '1',
    ...overrides,
  };
}

function book(client: TestClient, overrides: Record<string, string> = {}) {
  return multipart(client, '/api/tester-rentals', booking(overrides), 'POST', nextIp());
}

beforeAll(async () => {
  // A fixed clock: Tuesday, 24 November 2026, in Poland.
  setClock(() => new Date('2026-11-24T10:00:00Z'));
  t = await createTestApp();
  const db = getDb();
  const rows = await db
    .insert(testers)
    .values([
      {
        name: 'DSX-8000',
        model: 'DSX2-8000',
        serialNumber: 'SN-DSX-1',
        pricePerDay: 35_000,
        thresholdDays: 3,
        extraDayPrice: 25_000,
        deposit: 500_000,
        accessoriesPl: 'Adaptery PL\nWalizka',
        accessoriesEn: 'PL adapters\nCase',
        calibrationValidUntil: '2028-12-31',
      },
      { name: 'OptiFiber Pro', serialNumber: 'SN-OFP-1', pricePerDay: 28_000, thresholdDays: 2, extraDayPrice: 18_000, calibrationValidUntil: '2028-12-31' },
      { name: 'Retired meter', pricePerDay: 10_000, thresholdDays: 1, extraDayPrice: 10_000, isActive: false },
    ])
    .returning({ id: testers.id });
  [copper, otdr, inactive] = rows.map((r) => r.id);
  await db.insert(rentalSettings).values({ id: 1, courierFee: 4_500 });
  const u = await createUser();
  tenantEmail = u.email;
  tenant = await loggedIn(t.app, u.email);
  other = await loggedIn(t.app, (await createUser()).email);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  // Admin access with the testers area only (no tester_rentals permission).
  await db.insert(roles).values({ id: 20, key: 'testers-only', namePl: 'Mierniki', nameEn: 'Meters' });
  await db.insert(rolePermissions).values([
    { roleId: 20, permissionKey: 'admin.access' },
    { roleId: 20, permissionKey: 'testers.update' },
  ]);
  limitedAdmin = await loggedIn(t.app, (await createUser({ roleIds: [20] })).email);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

describe('price list and calendar', () => {
  it('GET /api/testers lists the active meters with net prices as decimal strings', async () => {
    const res = await new TestClient(t.app).get('/api/testers');
    expect(res.statusCode).toBe(200);
    const list = json(res);
    expect(list.map((x: { id: number }) => x.id)).toEqual([otdr, copper]);
    expect(list.find((x: { id: number }) => x.id === copper)).toMatchObject({
      name: 'DSX-8000',
      price_per_day: '350.00',
      threshold_days: 3,
      extra_day_price: '250.00',
    });
  });

  it('GET /api/testers/{id}/quote applies the price rule with VAT 23 %', async () => {
    const res = await new TestClient(t.app).get(`/api/testers/${copper}/quote?from=2026-12-01&to=2026-12-08`);
    expect(res.statusCode).toBe(200);
    // 3 x 350 + 5 x 250 = 2300 net
    expect(json(res)).toEqual({ days: 8, cost: '2300.00', vat: '529.00', gross: '2829.00' });
    const bad = await new TestClient(t.app).get(`/api/testers/${copper}/quote?from=2026-12-08&to=2026-12-01`);
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.to).toBeDefined();
    expect((await new TestClient(t.app).get(`/api/testers/${inactive}/quote?from=2026-12-01&to=2026-12-02`)).statusCode).toBe(404);
  });

  it('the open holidays API lists holiday start dates for the calendar', async () => {
    const res = await new TestClient(t.app).get('/api/open-holidays-api');
    expect(res.statusCode).toBe(200);
    expect(json(res).map((h: { startDate: string }) => h.startDate)).toContain('2026-12-25');
  });
});

describe('booking', () => {
  let firstId: number;

  it('a guest cannot book (401)', async () => {
    const res = await book(new TestClient(t.app));
    expect(res.statusCode).toBe(401);
  });

  it('books a free range, answers {message, id}, stores the price and mails the tenant', async () => {
    const res = await book(tenant);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.message).toBe('Przyjęliśmy rezerwację miernika. Potwierdzimy ją e-mailem.');
    firstId = body.id;
    const [row] = await getDb().select().from(testerRentals).where(eq(testerRentals.id, firstId));
    expect(row).toMatchObject({ days: 4, price: 3 * 35_000 + 25_000, courierFee: 0, cost: 130_000, tenantTaxId: '5261040828', status: 'new' });
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, tenantEmail), eq(mailOutbox.kind, 'rentals.status')));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Wypożyczenie miernika nr ${firstId}: Nowe`);
  });

  it('blocks the booked dates in the availability of that meter only', async () => {
    const res = await new TestClient(t.app).get(`/api/testers/${copper}/availability?from=2026-11-01&to=2026-12-31`);
    expect(json(res)).toEqual([{ datetime_from: '2026-12-01', datetime_to: '2026-12-04' }]);
    const free = await new TestClient(t.app).get(`/api/testers/${otdr}/availability?from=2026-11-01&to=2026-12-31`);
    expect(json(free)).toEqual([]);
  });

  it('refuses an overlapping range, a day off at either end, a past start and a date after the calendar', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ datetime_from: '2026-12-03', datetime_to: '2026-12-05' }, 'datetime_from', 'Miernik jest w tym terminie wypożyczony. Wybierz inne daty.'],
      [
        { datetime_from: '2026-11-30', datetime_to: '2026-11-30' },
        'datetime_from',
        'Tego dnia nie wydajemy ani nie przyjmujemy mierników (poniedziałek lub święto).',
      ],
      [
        { datetime_from: '2026-12-22', datetime_to: '2026-12-25' },
        'datetime_to',
        'Tego dnia nie wydajemy ani nie przyjmujemy mierników (poniedziałek lub święto).',
      ],
      [{ datetime_from: '2026-11-20', datetime_to: '2026-11-25' }, 'datetime_from', 'Najwcześniejsza możliwa data to dzisiaj.'],
      [{ datetime_from: '2028-12-29', datetime_to: '2029-01-02' }, 'datetime_to', 'Najpóźniejsza możliwa data to 31.12.2028.'],
      [{ datetime_from: '2026-12-10', datetime_to: '2026-12-09' }, 'datetime_to', 'Data zwrotu nie może być wcześniejsza niż data odbioru.'],
    ];
    for (const [range, field, message] of cases) {
      const res = await book(tenant, range);
      expect(res.statusCode, JSON.stringify(range)).toBe(422);
      expect(json(res).errors[field]).toEqual([message]);
    }
  });

  it('validates the tenant data, the delivery address and the terms with the shared schema', async () => {
    const res = await book(tenant, {
      tenant_tax_id: '1234567890',
      accepted_terms: '0',
      is_personal_pickup: '0',
      datetime_from: '2026-12-15',
      datetime_to: '2026-12-16',
    });
    expect(res.statusCode).toBe(422);
    const errors = json(res).errors;
    expect(errors.tenant_tax_id).toBeDefined();
    expect(errors.accepted_terms).toEqual(['Akceptacja regulaminu wypożyczenia jest wymagana.']);
    const noAddress = await book(tenant, { is_personal_pickup: '0', datetime_from: '2026-12-15', datetime_to: '2026-12-16' });
    expect(noAddress.statusCode).toBe(422);
    expect(Object.keys(json(noAddress).errors)).toContain('delivery_address.town');
  });

  it('a delivery by courier adds the courier fee from the settings', async () => {
    const res = await book(tenant, {
      tester_id: String(otdr),
      datetime_from: '2026-12-15',
      datetime_to: '2026-12-16',
      is_personal_pickup: '0',
      'delivery_address[name]': 'Budowa Biurowca',
      'delivery_address[email]': '',
      'delivery_address[phone_number]': '+48 600 200 300',
      'delivery_address[town]': 'Wrocław',
      'delivery_address[street]': 'ul. Świdnicka',
      'delivery_address[home]': '10',
      'delivery_address[postcode]': '50-001',
      'delivery_address[post]': 'Wrocław',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await getDb()
      .select()
      .from(testerRentals)
      .where(eq(testerRentals.id, json(res).id));
    expect(row.courierFee).toBe(4_500);
    expect(row.cost).toBe(2 * 28_000 + 4_500);
    expect(row.deliveryAddress).toMatchObject({ town: 'Wrocław', full_street: 'ul. Świdnicka 10' });
  });

  it('the database refuses an overlapping rental even without the service check (exclusion constraint)', async () => {
    const [row] = await getDb().select().from(testerRentals).where(eq(testerRentals.id, firstId));
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = row;
    await expect(
      getDb()
        .insert(testerRentals)
        .values({ ...copy, dateFrom: '2026-12-04', dateTo: '2026-12-05', blockedFrom: '2026-12-04', blockedTo: '2026-12-05' }),
    ).rejects.toSatisfy((e: unknown) => {
      const s = JSON.stringify(e, Object.getOwnPropertyNames(e as object)) + String((e as { cause?: unknown }).cause ?? '');
      return s.includes('23P01') || s.includes('tester_rentals_no_overlap');
    });
    // Another meter on the same days is fine.
    await getDb()
      .insert(testerRentals)
      .values({ ...copy, testerId: inactive });
  });

  it('of many overlapping requests for one meter at the same moment exactly one books it', async () => {
    const clients = [tenant, other, tenant, other, tenant, other, tenant, other];
    const results = await Promise.all(
      clients.map((c, i) => book(c, { tester_id: String(otdr), datetime_from: '2027-02-02', datetime_to: i % 2 ? '2027-02-05' : '2027-02-03' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(Object.keys(json(r).errors)).toEqual(['datetime_from']);
    const rows = await getDb()
      .select()
      .from(testerRentals)
      .where(and(eq(testerRentals.testerId, otdr), eq(testerRentals.dateFrom, '2027-02-02')));
    expect(rows).toHaveLength(1);
  });
});

describe('my rentals, contract and signed contract', () => {
  let id: number;

  beforeAll(async () => {
    const res = await book(tenant, { datetime_from: '2027-03-02', datetime_to: '2027-03-05' });
    id = json(res).id;
  });

  it('lists only the own rentals, paged', async () => {
    const mine = json(await tenant.get('/api/tester-rentals'));
    expect(mine.pages).toBe(1);
    expect(mine.items.map((r: { id: number }) => r.id)).toContain(id);
    const theirs = json(await other.get('/api/tester-rentals'));
    expect(theirs.items.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await new TestClient(t.app).get('/api/tester-rentals')).statusCode).toBe(401);
  });

  it('shows the own rental with its history; another user gets 404', async () => {
    const res = await tenant.get(`/api/tester-rentals/${id}`);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id, status: 'new', datetime_from: '2027-03-02', datetime_to: '2027-03-05', cost: '1300.00', gross: '1599.00' });
    expect(json(res).history.map((h: { to: string }) => h.to)).toEqual(['new']);
    expect((await other.get(`/api/tester-rentals/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/api/tester-rentals/${id}/contract`)).statusCode).toBe(404);
    expect((await tenant.get('/api/tester-rentals/99999')).statusCode).toBe(404);
  });

  it('generates the contract PDF from the rental', async () => {
    const res = await tenant.get(`/api/tester-rentals/${id}/contract`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`umowa-wypozyczenia-${id}.pdf`);
    const text = (await pdfText(res.rawPayload)).pages.join('\n');
    expect(text).toContain(`Umowa wypożyczenia miernika nr ${id}`);
    expect(text).toContain('SN-DSX-1');
    expect(text).toContain('Instal-Net Sp. z o.o.');
    expect(text).toContain('02.03.2027 – 05.03.2027');
    expect(text).toContain('1 599,00 zł');
    expect(text).toContain('5 000,00 zł'); // deposit
    expect(text).toContain('Adaptery PL');
    expect(text).toContain('Odbiór osobisty: COBI NET, Usługowa 10B, 64-100 Leszno'); // the shared pickup address
  });

  it('accepts the signed contract only once confirmed, only as PDF or image by content', async () => {
    const pdf = new Blob([Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF')], { type: 'application/pdf' });
    const early = await multipart(tenant, `/api/tester-rentals/${id}/signed-contract`, { file: new File([pdf], 'umowa.pdf') });
    expect(early.statusCode).toBe(422);
    expect(json(early).errors.file).toEqual(['Podpisaną umowę można przesłać po potwierdzeniu wypożyczenia.']);

    expect((await multipart(admin, `/api/admin/tester-rentals/${id}`, { status: 'confirmed' }, 'PUT')).statusCode).toBe(200);

    const html = new File([Buffer.from('<html><script>alert(1)</script></html>')], 'umowa.pdf', { type: 'application/pdf' });
    const fake = await multipart(tenant, `/api/tester-rentals/${id}/signed-contract`, { file: html });
    expect(fake.statusCode).toBe(422);
    expect(json(fake).errors.file).toEqual(['Prześlij podpisaną umowę jako PDF, JPG lub PNG.']);

    const foreign = await multipart(other, `/api/tester-rentals/${id}/signed-contract`, { file: new File([pdf], 'umowa.pdf') });
    expect(foreign.statusCode).toBe(404);

    const ok = await multipart(tenant, `/api/tester-rentals/${id}/signed-contract`, { file: new File([pdf], 'skan.pdf') });
    expect(ok.statusCode).toBe(200);
    const after = json(await tenant.get(`/api/tester-rentals/${id}`));
    expect(after.status).toBe('contract_signed');
    expect(after.has_signed_contract).toBe(true);
    const download = await tenant.get(`/api/tester-rentals/${id}/signed-contract`);
    expect(download.statusCode).toBe(200);
    expect(download.body.startsWith('%PDF-')).toBe(true);
    expect((await admin.get(`/api/admin/tester-rentals/${id}/signed-contract`)).statusCode).toBe(200);
  });
});

describe('administrator', () => {
  let id: number;

  beforeAll(async () => {
    id = json(await book(tenant, { datetime_from: '2027-04-06', datetime_to: '2027-04-09' })).id;
  });

  it('needs the tester_rentals permission (guest 401, user 403, admin of testers only 403)', async () => {
    expect((await new TestClient(t.app).get('/api/admin/tester-rentals')).statusCode).toBe(401);
    expect((await tenant.get('/api/admin/tester-rentals')).statusCode).toBe(403);
    expect((await limitedAdmin.get('/api/admin/tester-rentals')).statusCode).toBe(403);
    expect((await limitedAdmin.get(`/api/admin/tester-rentals/${id}`)).statusCode).toBe(403);
    expect((await limitedAdmin.get('/api/admin/testers')).statusCode).toBe(200);
    expect((await tenant.get('/api/admin/testers')).statusCode).toBe(403);
  });

  it('lists rentals with filters and the month occupancy', async () => {
    const all = json(await admin.get('/api/admin/tester-rentals'));
    expect(all.items.length).toBeGreaterThan(3);
    const filtered = json(await admin.get(`/api/admin/tester-rentals?tester_id=${copper}&date=2027-04-07&status=new`));
    expect(filtered.items.map((r: { id: number }) => r.id)).toEqual([id]);
    const none = json(await admin.get(`/api/admin/tester-rentals?tester_id=${otdr}&date=2027-04-07`));
    expect(none.items).toEqual([]);
    const month = json(await admin.get('/api/admin/tester-rentals-occupancy?month=2027-04'));
    expect(month.testers.find((x: { id: number }) => x.id === copper).rentals.map((r: { id: number }) => r.id)).toEqual([id]);
  });

  it('runs the rental to settled through the workflow, with the waybill, a mail per change and the history', async () => {
    const count = async () =>
      (
        await getDb()
          .select()
          .from(mailOutbox)
          .where(and(eq(mailOutbox.to, tenantEmail), eq(mailOutbox.kind, 'rentals.status')))
      ).length;
    const before = await count();
    // Not a declared transition: new -> sent.
    const skip = await multipart(admin, `/api/admin/tester-rentals/${id}`, { status: 'sent' }, 'PUT');
    expect(skip.statusCode).toBe(422);
    for (const [status, extra] of [
      ['confirmed', {}],
      ['contract_signed', {}],
      ['sent', { waybill_number: '0000123456789X' }],
      ['returned', { return_waybill_number: 'RET-987' }],
      ['settled', { comment: 'Kaucja zwrócona.' }],
    ] as [string, Record<string, string>][]) {
      const res = await multipart(admin, `/api/admin/tester-rentals/${id}`, { status, ...extra }, 'PUT');
      expect(res.statusCode, `${status}: ${res.body}`).toBe(200);
    }
    expect((await count()) - before).toBe(5);
    const detail = json(await admin.get(`/api/admin/tester-rentals/${id}`));
    expect(detail).toMatchObject({ status: 'settled', waybill_number: '0000123456789X', return_waybill_number: 'RET-987', next_statuses: [] });
    expect(detail.history.map((h: { to: string }) => h.to)).toEqual(['new', 'confirmed', 'contract_signed', 'sent', 'returned', 'settled']);
    const [sent] = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, tenantEmail), eq(mailOutbox.subject, `Wypożyczenie miernika nr ${id}: Wysłane`)));
    expect(sent.text).toContain('0000123456789X');
  });

  it('the carrier of the shipment gives the tracking link of its own site (none for another carrier)', async () => {
    const rid = json(await book(tenant, { datetime_from: '2027-05-11', datetime_to: '2027-05-12' })).id;
    // A new rental ships with DPD unless the administrator chooses another carrier.
    expect(json(await tenant.get(`/api/tester-rentals/${rid}`))).toMatchObject({ carrier: 'dpd', tracking_url: null, return_tracking_url: null });
    const bad = await multipart(admin, `/api/admin/tester-rentals/${rid}`, { status: 'new', carrier: 'fedex' }, 'PUT');
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors.carrier).toEqual(['Wybierz przewoźnika z listy.']);
    const set = await multipart(
      admin,
      `/api/admin/tester-rentals/${rid}`,
      { status: 'new', carrier: 'inpost', waybill_number: '6200 1234', return_waybill_number: 'R-55' },
      'PUT',
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(json(await tenant.get(`/api/tester-rentals/${rid}`))).toMatchObject({
      carrier: 'inpost',
      tracking_url: 'https://inpost.pl/sledzenie-przesylek?number=6200%201234',
      return_tracking_url: 'https://inpost.pl/sledzenie-przesylek?number=R-55',
    });
    expect((await multipart(admin, `/api/admin/tester-rentals/${rid}`, { status: 'new', carrier: 'other' }, 'PUT')).statusCode).toBe(200);
    expect(json(await admin.get(`/api/admin/tester-rentals/${rid}`))).toMatchObject({ carrier: 'other', waybill_number: '6200 1234', tracking_url: null });
  });

  it('POST /api/admin/testers-images: an image by its bytes, whatever its name; only with the testers permission', async () => {
    const PNG = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const upload = (client: TestClient, data: Buffer, name: string) =>
      multipart(client, '/api/admin/testers-images', { file: new File([new Uint8Array(data)], name) });
    // A PNG under a .jpg name is stored as a PNG.
    const ok = await upload(limitedAdmin, PNG, 'miernik.jpg');
    expect(ok.statusCode, ok.body).toBe(200);
    const [stored] = await getDb()
      .select()
      .from(files)
      .where(eq(files.id, json(ok).id));
    expect(stored).toMatchObject({ contentType: 'image/png', size: PNG.length });
    // Markup, a PDF and text under image names are refused by their bytes.
    for (const [data, name] of [
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'miernik.png'],
      [Buffer.from('%PDF-1.4\n%%EOF'), 'miernik.jpg'],
      [Buffer.from('just text'), 'miernik.webp'],
    ] as [Buffer, string][]) {
      const res = await upload(admin, data, name);
      expect(res.statusCode, name).toBe(422);
      expect(json(res).errors.file).toEqual(['Prześlij zdjęcie miernika jako JPG, PNG lub WebP (najwyżej 10 MB).']);
    }
    const none = await multipart(admin, '/api/admin/testers-images', { note: 'x' });
    expect(json(none).errors.file).toEqual(['Wybierz plik ze zdjęciem miernika.']);
    // Guest 401, a user 403, an administrator without the testers permission 403.
    await getDb().insert(roles).values({ id: 21, key: 'tester-rentals-only', namePl: 'Wypożyczenia', nameEn: 'Rentals' });
    await getDb()
      .insert(rolePermissions)
      .values([
        { roleId: 21, permissionKey: 'admin.access' },
        { roleId: 21, permissionKey: 'tester_rentals.update' },
      ]);
    const rentalsAdmin = await loggedIn(t.app, (await createUser({ roleIds: [21] })).email);
    expect((await rentalsAdmin.get('/api/admin/tester-rentals')).statusCode).toBe(200);
    expect((await upload(rentalsAdmin, PNG, 'a.png')).statusCode).toBe(403);
    expect((await upload(tenant, PNG, 'a.png')).statusCode).toBe(403);
    expect((await upload(new TestClient(t.app), PNG, 'a.png')).statusCode).toBe(401);
  });

  it('corrects the cost only with a reason', async () => {
    const rid = json(await book(tenant, { datetime_from: '2027-05-04', datetime_to: '2027-05-05' })).id;
    const noReason = await multipart(admin, `/api/admin/tester-rentals/${rid}`, { status: 'new', cost: '500,00' }, 'PUT');
    expect(noReason.statusCode).toBe(422);
    expect(json(noReason).errors.cost_correction_reason).toBeDefined();
    const ok = await multipart(
      admin,
      `/api/admin/tester-rentals/${rid}`,
      { status: 'new', cost: '500,00', cost_correction_reason: 'Rabat stałego klienta' },
      'PUT',
    );
    expect(ok.statusCode).toBe(200);
    expect(json(await tenant.get(`/api/tester-rentals/${rid}`))).toMatchObject({ cost: '500.00', cost_correction_reason: 'Rabat stałego klienta' });
  });

  it('a cancellation frees the dates', async () => {
    const rid = json(await book(tenant, { datetime_from: '2027-06-01', datetime_to: '2027-06-04' })).id;
    expect((await book(other, { datetime_from: '2027-06-02', datetime_to: '2027-06-02' })).statusCode).toBe(422);
    expect((await multipart(admin, `/api/admin/tester-rentals/${rid}`, { status: 'cancelled', comment: 'Na prośbę klienta' }, 'PUT')).statusCode).toBe(200);
    const again = await book(other, { datetime_from: '2027-06-02', datetime_to: '2027-06-02' });
    expect(again.statusCode).toBe(200);
  });

  it('the tenant cancels an unconfirmed booking (dates freed); not another user’s, not once confirmed', async () => {
    const rid = json(await book(tenant, { datetime_from: '2027-07-06', datetime_to: '2027-07-09' })).id;
    expect((await other.post(`/api/tester-rentals/${rid}/cancel`)).statusCode).toBe(404);
    expect((await tenant.post(`/api/tester-rentals/${rid}/cancel`)).statusCode).toBe(200);
    expect(json(await tenant.get(`/api/tester-rentals/${rid}`)).status).toBe('cancelled');
    expect((await book(other, { datetime_from: '2027-07-07', datetime_to: '2027-07-08' })).statusCode).toBe(200);
    const confirmed = json(await book(tenant, { datetime_from: '2027-07-13', datetime_to: '2027-07-14' })).id;
    expect((await multipart(admin, `/api/admin/tester-rentals/${confirmed}`, { status: 'confirmed' }, 'PUT')).statusCode).toBe(200);
    expect((await tenant.post(`/api/tester-rentals/${confirmed}/cancel`)).statusCode).toBe(403);
  });

  it('manages testers: create, update with version, refuses deleting one with rentals', async () => {
    const create = await multipart(admin, '/api/admin/testers', {
      name: 'Certyfikator testowy',
      price_per_day: '199,99',
      threshold_days: '5',
      extra_day_price: '99.50',
      deposit: '1000',
      is_active: '1',
    });
    expect(create.statusCode, create.body).toBe(200);
    const newId = json(create).id;
    const got = json(await admin.get(`/api/admin/testers/${newId}`));
    expect(got).toMatchObject({ price_per_day: '199.99', threshold_days: 5, extra_day_price: '99.50', deposit: '1000.00', version: 1 });
    const bad = await multipart(admin, '/api/admin/testers', { name: '', price_per_day: 'abc', threshold_days: '0', extra_day_price: '1', deposit: '0' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['name', 'price_per_day', 'threshold_days']);
    const upd = await multipart(
      admin,
      `/api/admin/testers/${newId}`,
      { name: 'Certyfikator', price_per_day: '10', threshold_days: '1', extra_day_price: '5', deposit: '0', is_active: '0', version: '1' },
      'PUT',
    );
    expect(upd.statusCode).toBe(200);
    const stale = await multipart(
      admin,
      `/api/admin/testers/${newId}`,
      { name: 'X', price_per_day: '10', threshold_days: '1', extra_day_price: '5', deposit: '0', version: '1' },
      'PUT',
    );
    expect(stale.statusCode).toBe(409);
    expect(json(await new TestClient(t.app).get('/api/testers')).map((x: { id: number }) => x.id)).not.toContain(newId);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/testers/${copper}` })).statusCode).toBe(409);
    expect((await admin.request({ method: 'DELETE', url: `/api/admin/testers/${newId}` })).statusCode).toBe(200);
  });

  it('sets the courier fee', async () => {
    expect((await multipart(admin, '/api/admin/tester-settings', { courier_fee: '39,90' }, 'PUT')).statusCode).toBe(200);
    expect(json(await admin.get('/api/admin/tester-settings'))).toEqual({ courier_fee: '39.90' });
  });
});
