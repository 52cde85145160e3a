// The course registration form (issue 14), the four cases every public form adds here: its rate
// limit per IP (X-Forwarded-For does not help), a NUL character in a field, oversized fields and
// malformed bodies. The page action of /{locale}/courses counts against the same limit.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { multipart } from '~/features/catalog/admin/tests/helpers';
import { courseRegistrations } from '~/features/courses/courses.schema';
import { createCourse, registration } from '~/features/courses/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';
const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';

let t: TestApp;
let courseId: number;
beforeAll(async () => {
  t = await createTestApp();
  courseId = (await createCourse({ seats: 100 })).id;
});
afterAll(async () => {
  await t?.close();
});

const send = (payload: unknown, ip: string, headers: Record<string, string> = {}) =>
  new TestClient(t.app).request({ method: 'POST', url: '/api/course-registrations', payload: payload as Record<string, unknown>, remoteAddress: ip, headers });

async function registrationsOf(email: string) {
  return getDb().select().from(courseRegistrations).where(eq(courseRegistrations.email, email));
}

describe('POST /api/course-registrations under attack', () => {
  it('the 21st submission from one IP in an hour answers 429, whatever X-Forwarded-For says', async () => {
    const ip = '198.51.100.14';
    for (let i = 0; i < 20; i++) {
      const res = await send(registration(courseId, { accepted_privacy: '0' }), ip, { 'x-forwarded-for': `203.0.113.${i}` });
      expect(res.statusCode).toBe(422);
    }
    const p = registration(courseId);
    const blocked = await send(p, ip, { 'x-forwarded-for': '203.0.113.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    expect(await registrationsOf(String(p.email))).toHaveLength(0);
    // Another address is not affected.
    expect((await send(registration(courseId), '198.51.100.15')).statusCode).toBe(200);
  });

  it('a NUL character in a field is refused with 422 (JSON and multipart) and stores nothing', async () => {
    const p = registration(courseId, { company_name: `Instal${NUL}Net` });
    const json = await send(p, '198.51.100.20');
    expect(json.statusCode).toBe(422);
    expect(json.json()).toEqual({ message: NUL_MESSAGE, errors: { company_name: [NUL_MESSAGE] } });
    const fd = new FormData();
    for (const [k, v] of Object.entries(registration(courseId, { city: `Pozna${NUL}ń` }))) fd.append(k, String(v));
    const m = await multipart(fd);
    const mp = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/course-registrations',
      payload: m.payload,
      headers: m.headers,
      remoteAddress: '198.51.100.20',
    });
    expect(mp.statusCode).toBe(422);
    expect(mp.json().errors.city).toEqual([NUL_MESSAGE]);
    expect(await registrationsOf(String(p.email))).toHaveLength(0);
  });

  it('oversized fields are refused (422 per field, or 413 for a multipart field past the parser limit)', async () => {
    const p = registration(courseId, { company_name: 'A'.repeat(5000), surname: 'B'.repeat(300) });
    const res = await send(p, '198.51.100.30');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.company_name[0]).toBe('Wpisz najwyżej 200 znaków.');
    expect(res.json().errors.surname[0]).toBe('Wpisz najwyżej 100 znaków.');
    const fd = new FormData();
    for (const [k, v] of Object.entries(registration(courseId, { city: 'C'.repeat(40_000) }))) fd.append(k, String(v));
    const m = await multipart(fd);
    const big = await new TestClient(t.app).request({
      method: 'POST',
      url: '/api/course-registrations',
      payload: m.payload,
      headers: m.headers,
      remoteAddress: '198.51.100.30',
    });
    expect([413, 422]).toContain(big.statusCode);
    expect(await registrationsOf(String(p.email))).toHaveLength(0);
  });

  it('malformed bodies answer 400 { message }', async () => {
    const boundary = '----course-boundary';
    const cases: [string, string | Buffer][] = [
      ['application/json', '{"course_id": "1", '],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nanna@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="city"\r\n\r\nPozn`,
      ],
      ['multipart/form-data', 'email=anna%40example.com'],
    ];
    for (const [type, payload] of cases) {
      const res = await new TestClient(t.app).request({
        method: 'POST',
        url: '/api/course-registrations',
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
