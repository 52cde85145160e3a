// The availability of a meter on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
// (issue 42): GET /api/testers/{id}/calendar, the quote and the booking answer with the one rule
// of rules.ts, so every range the calendar offers books and no other does; the turnaround around a
// rental is guarded by the database under parallel bookings; the admin's calibration and turnaround
// fields; the calibration date in the contract and the tenant's mail; a meter in repair.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { resetClock, setClock } from '~/core/time/clock';
import { addDays } from '~/core/time/days';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { testerRentals, testers } from '../rentals.schema';
import { type CalendarDay, checkRangeOnCalendar } from '../rules';

let t: TestApp;
let tenant: TestClient;
let tenantEmail: string;
let admin: TestClient;
/** Courier transit 2 working days, inspection 1, calibrated until Friday 18 December 2026. */
let meter: number;
/** No transit, inspection 2 working days (the parallel bookings). */
let slow: number;
let ip = 0;
const nextIp = () => `10.42.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;
const json = (res: { body: string }) => JSON.parse(res.body);

async function multipart(client: TestClient, url: string, fields: Record<string, string>, method: 'POST' | 'PUT' = 'POST') {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const req = new Request('http://x/', { method: 'POST', body: form });
  return client.request({
    method,
    url,
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') as string },
    remoteAddress: nextIp(),
  });
}

const COURIER = {
  is_personal_pickup: '0',
  'delivery_address[name]': 'Budowa',
  'delivery_address[phone_number]': '+48 600 200 300',
  'delivery_address[town]': 'Wrocław',
  'delivery_address[street]': 'ul. Świdnicka',
  'delivery_address[home]': '10',
  'delivery_address[postcode]': '50-001',
  'delivery_address[post]': 'Wrocław',
};

function book(client: TestClient, testerId: number, from: string, to: string, extra: Record<string, string> = { is_personal_pickup: '1' }) {
  return multipart(client, '/api/tester-rentals', {
    tester_id: String(testerId),
    datetime_from: from,
    datetime_to: to,
    tenant_name: 'Instal-Net Sp. z o.o.',
    tenant_tax_id: '5261040828',
    tenant_street: 'ul. Kablowa 5',
    tenant_postcode: '60-101',
    tenant_post: 'Poznań',
    tenant_phone: '+48 600 100 200',
    tenant_person: 'Jan Kowalski',
    accepted_terms: '1',
    ...extra,
  });
}

async function calendar(testerId: number, from: string, to: string, delivery: 'courier' | 'pickup') {
  const res = await new TestClient(t.app).get(`/api/testers/${testerId}/calendar?from=${from}&to=${to}&delivery=${delivery}`);
  expect(res.statusCode, res.body).toBe(200);
  return json(res) as { min_days: number; max_days: number; days: CalendarDay[] };
}

beforeAll(async () => {
  // Tuesday, 24 November 2026, in Poland.
  setClock(() => new Date('2026-11-24T10:00:00Z'));
  t = await createTestApp();
  const rows = await getDb()
    .insert(testers)
    .values([
      {
        name: 'Turnaround meter',
        pricePerDay: 10_000,
        thresholdDays: 3,
        extraDayPrice: 5_000,
        turnaroundBeforeDays: 2,
        turnaroundAfterDays: 1,
        calibrationValidUntil: '2026-12-18',
      },
      { name: 'Slow inspection', pricePerDay: 10_000, thresholdDays: 3, extraDayPrice: 5_000, turnaroundAfterDays: 2, calibrationValidUntil: '2027-12-31' },
    ])
    .returning({ id: testers.id });
  [meter, slow] = rows.map((r) => r.id);
  const u = await createUser();
  tenantEmail = u.email;
  tenant = await loggedIn(t.app, u.email);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  // Another rental of the meter, picked up: Tuesday 8 to Wednesday 9 December, inspection on Thursday 10.
  const res = await book(tenant, meter, '2026-12-08', '2026-12-09');
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

describe('GET /api/testers/{id}/calendar', () => {
  it('answers {min_days, max_days, days} with turnaround, days off, other rentals and the calibration', async () => {
    const c = await calendar(meter, '2026-11-24', '2026-12-21', 'courier');
    expect(c.min_days).toBe(1);
    expect(c.max_days).toBe(90);
    expect(c.days).toHaveLength(28);
    const day = (d: string) => c.days.find((x) => x.date === d);
    expect(day('2026-11-24')).toEqual({ date: '2026-11-24', start: false, end: false, free: true }); // the courier cannot leave before today
    expect(day('2026-11-25')?.start).toBe(false); // it would leave on Monday 23
    expect(day('2026-11-26')?.start).toBe(true); // it leaves today
    expect(day('2026-11-30')?.start).toBe(false); // a Monday
    expect(day('2026-12-05')?.start).toBe(true); // transit Thu 3 and Fri 4, inspection Mon 7: before the other rental
    expect(day('2026-12-07')?.start).toBe(false); // a Monday
    expect(day('2026-12-08')).toMatchObject({ start: false, free: false }); // the other rental
    expect(day('2026-12-10')).toMatchObject({ start: false, free: false }); // the other rental's inspection
    expect(day('2026-12-11')).toMatchObject({ start: false, free: true }); // the courier would leave on Thu 10
    expect(day('2026-12-13')?.start).toBe(false); // transit Thu 10 and Fri 11
    expect(day('2026-12-15')?.start).toBe(true); // transit Fri 11 and Mon 14
    expect(day('2026-12-18')?.end).toBe(true); // the calibration's last day
    expect(day('2026-12-19')?.end).toBe(false); // after the calibration
    // A personal pickup needs no transit: today may begin a rental.
    const pickup = await calendar(meter, '2026-11-24', '2026-11-30', 'pickup');
    expect(pickup.days[0]).toMatchObject({ date: '2026-11-24', start: true, end: true });
  });

  it('the calendar offers exactly what the quote and the booking accept (four weeks, ranges up to 3 days, by courier)', async () => {
    const from = '2026-11-24';
    const to = '2026-12-21';
    const c = await calendar(meter, from, to, 'courier');
    const byDay = new Map(c.days.map((d) => [d.date, d]));
    const holidays = new Set<string>();
    let offered = 0;
    let refused = 0;
    for (let s = from; s <= to; s = addDays(s, 1)) {
      for (let len = 1; len <= 3; len++) {
        const e = addDays(s, len - 1);
        if (e > to) continue;
        const ok = checkRangeOnCalendar({ from: s, to: e }, byDay, holidays) === null;
        const quote = await new TestClient(t.app).get(`/api/testers/${meter}/quote?from=${s}&to=${e}&delivery=courier`);
        expect(quote.statusCode, `quote ${s}..${e}`).toBe(ok ? 200 : 422);
        const res = await book(tenant, meter, s, e, COURIER);
        expect(res.statusCode, `booking ${s}..${e}: ${res.body}`).toBe(ok ? 200 : 422);
        if (ok) {
          offered++;
          // Free the meter again, so every range is tried against the same calendar.
          await getDb()
            .update(testerRentals)
            .set({ status: 'cancelled' })
            .where(eq(testerRentals.id, json(res).id));
        } else refused++;
      }
    }
    expect(offered).toBeGreaterThan(5);
    expect(refused).toBeGreaterThan(5);
  });

  it('the booking stores the occupied window, which the calendar of another delivery then respects', async () => {
    const res = await book(tenant, meter, '2026-12-15', '2026-12-16', COURIER);
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await getDb()
      .select()
      .from(testerRentals)
      .where(eq(testerRentals.id, json(res).id));
    // Transit Fri 11 and Mon 14, inspection Thu 17.
    expect(row).toMatchObject({ blockedFrom: '2026-12-11', blockedTo: '2026-12-17' });
    const c = await calendar(meter, '2026-12-11', '2026-12-18', 'pickup');
    expect(c.days.map((d) => d.free)).toEqual([false, false, false, false, false, false, false, true]);
    // Friday 18 by pickup: free and calibrated.
    expect(c.days[7]).toMatchObject({ date: '2026-12-18', start: true, end: true });
    await getDb().update(testerRentals).set({ status: 'cancelled' }).where(eq(testerRentals.id, row.id));
  });
});

describe('parallel bookings', () => {
  it('of ranges that share no day but whose inspection overlaps, exactly one books (the database guards the window)', async () => {
    const clients = [tenant, admin, tenant, admin, tenant, admin];
    // Tue 12 – Wed 13 January keeps the meter until Fri 15 (two inspection days); Thu 14 – Fri 15 touches it.
    const results = await Promise.all(clients.map((c, i) => book(c, slow, i % 2 ? '2027-01-14' : '2027-01-12', i % 2 ? '2027-01-15' : '2027-01-13')));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) expect(Object.keys(json(r).errors)).toEqual(['datetime_from']);
    const rows = await getDb()
      .select()
      .from(testerRentals)
      .where(and(eq(testerRentals.testerId, slow)));
    expect(rows.filter((r) => r.status !== 'cancelled')).toHaveLength(1);
  });
});

describe('administrator fields, contract and mail', () => {
  it('the tester API takes the calibration date and the turnaround (bounded)', async () => {
    const fields = { name: 'Nowy', price_per_day: '100', threshold_days: '3', extra_day_price: '50', deposit: '0', is_active: '1' };
    const created = await multipart(admin, '/api/admin/testers', {
      ...fields,
      calibration_valid_until: '2027-06-30',
      turnaround_before_days: '3',
      turnaround_after_days: '10',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = json(created).id;
    expect(json(await admin.get(`/api/admin/testers/${id}`))).toMatchObject({
      calibration_valid_until: '2027-06-30',
      turnaround_before_days: 3,
      turnaround_after_days: 10,
    });
    const bad = await multipart(admin, '/api/admin/testers', {
      ...fields,
      calibration_valid_until: '2027-02-30',
      turnaround_before_days: '11',
      turnaround_after_days: '-1',
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(json(bad).errors).sort()).toEqual(['calibration_valid_until', 'turnaround_after_days', 'turnaround_before_days']);
    // No calibration date: the meter is not offered at all.
    const upd = await multipart(admin, `/api/admin/testers/${id}`, { ...fields, calibration_valid_until: '', version: '1' }, 'PUT');
    expect(upd.statusCode, upd.body).toBe(200);
    const c = await calendar(id, '2026-12-01', '2026-12-31', 'pickup');
    expect(c.days.some((d) => d.start || d.end)).toBe(false);
    const refused = await book(tenant, id, '2026-12-01', '2026-12-02');
    expect(json(refused).errors.datetime_to).toEqual(['Ten miernik nie ma ważnej kalibracji i nie jest teraz wypożyczany.']);
  });

  it('a range past the calibration is refused with the date; the contract and the mail state the calibration date', async () => {
    const late = await book(tenant, meter, '2026-12-17', '2026-12-22');
    expect(late.statusCode).toBe(422);
    expect(json(late).errors.datetime_to).toEqual(['Kalibracja miernika jest ważna do 18.12.2026: wypożyczenie musi się skończyć najpóźniej tego dnia.']);
    const res = await book(tenant, meter, '2026-12-16', '2026-12-18');
    expect(res.statusCode, res.body).toBe(200);
    const id = json(res).id;
    const mails = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, tenantEmail), eq(mailOutbox.subject, `Wypożyczenie miernika nr ${id}: Nowe`)));
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Kalibracja miernika ważna do');
    expect(mails[0].text).toContain('18.12.2026');
    const pdf = await tenant.get(`/api/tester-rentals/${id}/contract`);
    expect(pdf.statusCode).toBe(200);
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    expect(text).toContain('Kalibracja ważna do');
    expect(text).toContain('18.12.2026');
  });

  it('a meter in repair is offered on no day and refused at booking', async () => {
    await getDb().update(testers).set({ inRepair: true }).where(eq(testers.id, slow));
    const c = await calendar(slow, '2027-02-01', '2027-02-28', 'pickup');
    expect(c.days.some((d) => d.start || d.end)).toBe(false);
    const res = await book(tenant, slow, '2027-02-02', '2027-02-03');
    expect(json(res).errors.datetime_from).toEqual(['Miernik jest w naprawie i nie jest teraz wypożyczany.']);
    await getDb().update(testers).set({ inRepair: false }).where(eq(testers.id, slow));
  });
});
