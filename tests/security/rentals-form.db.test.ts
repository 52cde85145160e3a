// The meter booking form (issue 13), the four cases every public form adds here: its rate limit per
// IP (X-Forwarded-For does not help), a NUL character in a field, oversized fields and files, and
// malformed bodies. The booking needs a login, so a logged-in client sends them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { testerRentals, testers } from '~/features/rentals/rentals.schema';
import { resetClock, setClock } from '~/core/time/clock';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';
const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';

let t: TestApp;
let client: TestClient;
let testerId: number;

beforeAll(async () => {
  setClock(() => new Date('2026-11-24T10:00:00Z'));
  t = await createTestApp();
  [{ id: testerId }] = await getDb()
    .insert(testers)
    .values({ name: 'DSX', pricePerDay: 35_000, thresholdDays: 3, extraDayPrice: 25_000, calibrationValidUntil: '2027-12-31' })
    .returning({ id: testers.id });
  client = await loggedIn(t.app, (await createUser()).email);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

function booking(overrides: Record<string, string> = {}) {
  return {
    tester_id: String(testerId),
    datetime_from: '2026-12-01',
    datetime_to: '2026-12-04',
    is_personal_pickup: '1',
    tenant_name: 'Instal-Net',
    tenant_tax_id: '5261040828',
    tenant_street: 'ul. Kablowa 5',
    tenant_postcode: '60-101',
    tenant_post: 'Poznań',
    tenant_phone: '+48 600 100 200',
    tenant_person: 'Jan Kowalski',
    accepted_terms: '1',
    ...overrides,
  };
}

const send = (payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  client.request({ method: 'POST', url: '/api/tester-rentals', payload: payload as Record<string, unknown>, remoteAddress: ip, headers });

async function multipartOf(fields: Record<string, string | Blob>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v as string);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') as string } };
}

const rentals = () => getDb().select().from(testerRentals).where(eq(testerRentals.testerId, testerId));

describe('POST /api/tester-rentals under attack', () => {
  it('the 21st booking from one IP in an hour answers 429, whatever X-Forwarded-For says', async () => {
    const ip = '198.51.100.14';
    for (let i = 0; i < 20; i++) {
      const res = await send(booking({ accepted_terms: '0' }), ip, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(422);
    }
    const blocked = await send(booking(), ip, { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    expect(await rentals()).toHaveLength(0);
    expect((await send(booking(), '198.51.100.15')).statusCode).toBe(200);
    expect(await rentals()).toHaveLength(1);
  });

  it('a NUL character in a field is refused with 422 (JSON and multipart) and books nothing', async () => {
    const json = await send(booking({ tenant_name: `Instal${NUL}Net`, datetime_from: '2026-12-08', datetime_to: '2026-12-09' }), '198.51.100.20');
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.tenant_name).toEqual([NUL_MESSAGE]);
    const m = await multipartOf(booking({ tenant_post: `Pozna${NUL}ń`, datetime_from: '2026-12-08', datetime_to: '2026-12-09' }));
    const mp = await client.request({ method: 'POST', url: '/api/tester-rentals', payload: m.payload, headers: m.headers, remoteAddress: '198.51.100.20' });
    expect(mp.statusCode).toBe(422);
    expect(mp.json().errors.tenant_post).toEqual([NUL_MESSAGE]);
    expect(await rentals()).toHaveLength(1);
  });

  it('oversized fields are refused (422 per field, or 413 past the parser limit), and an oversized signed contract too', async () => {
    const res = await send(booking({ tenant_name: 'A'.repeat(5000), datetime_from: '2026-12-08', datetime_to: '2026-12-09' }), '198.51.100.30');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.tenant_name).toEqual(['Wpisz najwyżej 255 znaków.']);
    const m = await multipartOf(booking({ tenant_person: 'C'.repeat(40_000), datetime_from: '2026-12-08', datetime_to: '2026-12-09' }));
    const big = await client.request({ method: 'POST', url: '/api/tester-rentals', payload: m.payload, headers: m.headers, remoteAddress: '198.51.100.30' });
    expect([413, 422]).toContain(big.statusCode);
    expect(await rentals()).toHaveLength(1);
    const [rental] = await rentals();
    await getDb().update(testerRentals).set({ status: 'confirmed' }).where(eq(testerRentals.id, rental.id));
    const huge = Buffer.alloc(11 * 1024 * 1024, 0x41);
    huge.write('%PDF-1.4\n', 0, 'latin1');
    const file = await multipartOf({ file: new File([huge], 'umowa.pdf', { type: 'application/pdf' }) });
    const up = await client.request({ method: 'POST', url: `/api/tester-rentals/${rental.id}/signed-contract`, payload: file.payload, headers: file.headers });
    expect([413, 422]).toContain(up.statusCode);
    const [after] = await rentals();
    expect(after.signedContractFileId).toBeNull();
  });

  it('malformed bodies answer 400 { message }', async () => {
    const boundary = '----rental-boundary';
    const cases: [string, string][] = [
      ['application/json', '{"tester_id": "1", '],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="tenant_name"\r\n\r\nInstal\r\n--${boundary}\r\nContent-Disposition: form-data; name="tenant_post"\r\n\r\nPozn`,
      ],
      ['multipart/form-data', 'tenant_name=Instal'],
    ];
    for (const [type, payload] of cases) {
      const res = await client.request({
        method: 'POST',
        url: '/api/tester-rentals',
        payload,
        headers: { 'content-type': type },
        remoteAddress: '198.51.100.40',
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ message: BAD_BODY });
    }
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
  });
});
