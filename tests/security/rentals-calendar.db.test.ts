// The meter calendar (issue 42), GET /api/testers/{id}/calendar, and the quote's new `delivery`:
// malformed and impossible dates, a range too long to compute, NUL, repeated parameters, an
// unknown delivery and an unknown or malformed id. The admin tester API's new fields
// (calibration_valid_until, turnaround_before_days, turnaround_after_days): who may send them, the
// XSRF token, NUL, out of range, oversized and malformed values.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { testers } from '~/features/rentals/rentals.schema';
import { resetClock, setClock } from '~/core/time/clock';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let testerId: number;
let admin: TestClient;
let user: TestClient;

beforeAll(async () => {
  setClock(() => new Date('2026-11-24T10:00:00Z'));
  t = await createTestApp();
  [{ id: testerId }] = await getDb()
    .insert(testers)
    .values({ name: 'DSX', pricePerDay: 35_000, thresholdDays: 3, extraDayPrice: 25_000, calibrationValidUntil: '2027-12-31', turnaroundBeforeDays: 1 })
    .returning({ id: testers.id });
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  user = await loggedIn(t.app, (await createUser()).email);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

const get = (url: string) => new TestClient(t.app).get(url);

describe('GET /api/testers/{id}/calendar under attack', () => {
  it('answers a good request', async () => {
    const res = await get(`/api/testers/${testerId}/calendar?from=2026-12-01&to=2026-12-31&delivery=courier`);
    expect(res.statusCode).toBe(200);
    expect(res.json().days).toHaveLength(31);
  });

  it('malformed, impossible, reversed and missing dates answer 422 with the field', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-10', 'from'],
      ['from=2026-12-01&to=2026-13-01', 'to'],
      ['from=26-12-01&to=2026-12-10', 'from'],
      ['from=2026-12-01T00:00:00Z&to=2026-12-10', 'from'],
      ['from=tomorrow&to=2026-12-10', 'from'],
      ['to=2026-12-10', 'from'],
      ['from=2026-12-10', 'to'],
      ['from=2026-12-10&to=2026-12-01', 'to'],
      ['from=2026-12-01&from=2026-12-02&to=2026-12-10', 'from'],
    ];
    for (const [q, field] of cases) {
      const res = await get(`/api/testers/${testerId}/calendar?${q}`);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(res.json().errors), q).toContain(field);
    }
  });

  it('a range longer than about six months is refused before anything is computed', async () => {
    const res = await get(`/api/testers/${testerId}/calendar?from=2026-12-01&to=2028-12-31`);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.to).toEqual(['Kalendarz obejmuje najwyżej 186 dni naraz.']);
    const year = await get(`/api/testers/${testerId}/calendar?from=0001-01-01&to=9999-12-31`);
    expect(year.statusCode).toBe(422);
    // Just inside the bound.
    expect((await get(`/api/testers/${testerId}/calendar?from=2026-12-01&to=2027-06-04`)).statusCode).toBe(200);
  });

  it('NUL, an unknown delivery and oversized values answer 422', async () => {
    for (const q of [
      'from=2026-12-01%00&to=2026-12-10',
      'from=2026-12-01&to=2026-12-10&delivery=courier%00',
      'from=2026-12-01&to=2026-12-10&delivery=drone',
      `from=${'9'.repeat(5000)}&to=2026-12-10`,
    ]) {
      const res = await get(`/api/testers/${testerId}/calendar?${q}`);
      expect(res.statusCode, q.slice(0, 60)).toBe(422);
    }
    const quote = await get(`/api/testers/${testerId}/quote?from=2026-12-01&to=2026-12-02&delivery=drone`);
    expect(quote.statusCode).toBe(422);
  });

  it('an unknown, inactive or malformed id answers 404', async () => {
    const q = 'from=2026-12-01&to=2026-12-10';
    for (const id of ['999999', '0', '-1', 'abc', '1e3', '99999999999999999999']) {
      const res = await get(`/api/testers/${id}/calendar?${q}`);
      expect(res.statusCode, id).toBe(404);
    }
    // A NUL in the path is refused by the API's input guard before the route.
    expect((await get(`/api/testers/${testerId}%00/calendar?${q}`)).statusCode).toBe(422);
    await getDb().update(testers).set({ isActive: false }).where(eq(testers.id, testerId));
    expect((await get(`/api/testers/${testerId}/calendar?${q}`)).statusCode).toBe(404);
    await getDb().update(testers).set({ isActive: true }).where(eq(testers.id, testerId));
  });
});

describe('the admin tester API: calibration and turnaround fields under attack', () => {
  const base = { name: 'Nowy', price_per_day: '100', threshold_days: '3', extra_day_price: '50', deposit: '0', is_active: '1' };

  it('a guest gets 401, a user 403, a request without the XSRF token 419; nothing is created', async () => {
    const before = (await getDb().select().from(testers)).length;
    const body = { ...base, calibration_valid_until: '2027-01-01', turnaround_before_days: '1' };
    expect((await new TestClient(t.app).post('/api/admin/testers', body)).statusCode).toBe(401);
    expect((await user.post('/api/admin/testers', body)).statusCode).toBe(403);
    expect((await admin.post('/api/admin/testers', body, { xsrf: false })).statusCode).toBe(419);
    expect((await getDb().select().from(testers)).length).toBe(before);
  });

  it('out of range, malformed, oversized and NUL values answer 422 per field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ turnaround_before_days: '11' }, 'turnaround_before_days'],
      [{ turnaround_after_days: '-1' }, 'turnaround_after_days'],
      [{ turnaround_after_days: '1.5' }, 'turnaround_after_days'],
      [{ turnaround_after_days: '9'.repeat(400) }, 'turnaround_after_days'],
      [{ turnaround_before_days: ['1', '2'] }, 'turnaround_before_days'],
      [{ turnaround_before_days: '1\u0000' }, 'turnaround_before_days'],
      [{ calibration_valid_until: '2027-02-30' }, 'calibration_valid_until'],
      [{ calibration_valid_until: '0001-01-01' }, 'calibration_valid_until'],
      [{ calibration_valid_until: '31.12.2027' }, 'calibration_valid_until'],
      [{ calibration_valid_until: '2027-12-31\u0000' }, 'calibration_valid_until'],
      [{ calibration_valid_until: 'x'.repeat(100_000) }, 'calibration_valid_until'],
    ];
    for (const [fields, field] of bad) {
      const res = await admin.post('/api/admin/testers', { ...base, ...fields });
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(fields).slice(0, 80)).toContain(field);
    }
  });

  it('the database refuses a turnaround out of bounds even without the API (check constraint)', async () => {
    await expect(getDb().insert(testers).values({ name: 'X', pricePerDay: 1, thresholdDays: 1, extraDayPrice: 1, turnaroundAfterDays: 11 })).rejects.toThrow();
  });
});
