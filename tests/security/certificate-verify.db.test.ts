// Issue 42: the public certificate check (GET /api/certificates/verify/{code}, POST
// /api/certificates/verify, the pages /{locale}/certificates/{code} and /verify) and the admin
// revocation under attack: no listing or enumeration (bare numbers, counted numbers, wrong surnames
// answer 404 without a name), the shared per-IP limit whatever X-Forwarded-For says, NUL, oversized
// and malformed input, the anti-forgery token, and visitors or wrong roles on the admin routes.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { RATE_LIMITS } from '~/core/http/rate-limit.server';
import { rolePermissions, roles, users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { multipart } from '~/features/catalog/admin/tests/helpers';
import * as codePage from '~/features/trainings/routes/certificate-code';
import { trainingEnrolments, trainings } from '~/features/trainings/trainings.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const BAD_BODY = 'Nieprawidłowa treść żądania: nie pasuje do podanego typu lub jest niekompletna.';

let t: TestApp;
let trainingId: number;
let holder: { id: number; number: string; code: string };
beforeAll(async () => {
  t = await createTestApp();
  const [tr] = await getDb().insert(trainings).values({ slug: 'cert-attack', titlePl: 'Szkolenie' }).returning();
  trainingId = tr.id;
  holder = await certified(1);
});
afterAll(async () => {
  await t?.close();
});

async function certified(n: number) {
  const u = await createUser();
  await getDb().update(users).set({ firstName: 'Tajny', surname: 'Posiadacz' }).where(eq(users.id, u.id));
  const number = `COBI/EL/2026/${String(n).padStart(5, '0')}`;
  const code = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  const [e] = await getDb()
    .insert(trainingEnrolments)
    .values({ trainingId, userId: u.id, status: 'accepted', doneAt: new Date(), certificateNumber: number, certificateCode: code })
    .returning();
  return { id: e.id, number, code };
}

const req = (opts: { method?: 'GET' | 'POST'; url: string; ip: string; payload?: unknown; headers?: Record<string, string>; xsrf?: boolean }) =>
  new TestClient(t.app).request({
    method: opts.method ?? 'GET',
    url: opts.url,
    remoteAddress: opts.ip,
    payload: opts.payload as never,
    headers: opts.headers,
    xsrf: opts.xsrf,
  });

describe('public verification: no enumeration', () => {
  it('counted-up numbers, the number as a code and a surname guess answer 404 without a name', async () => {
    for (let n = 1; n <= 5; n++) {
      const number = `COBI/EL/2026/${String(n).padStart(5, '0')}`;
      for (const url of [`/api/certificates/verify/${encodeURIComponent(number)}`, `/api/certificates/verify/${number.replaceAll('/', '-')}`]) {
        const res = await req({ url, ip: '198.51.100.60' });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Posiadacz');
      }
      const guess = await req({ method: 'POST', url: '/api/certificates/verify', ip: '198.51.100.60', payload: { number, surname: 'Kowalski' } });
      expect(guess.statusCode).toBe(404);
      expect(guess.body).not.toContain('Posiadacz');
    }
    // No listing: the bare path is no list.
    expect((await req({ url: '/api/certificates/verify', ip: '198.51.100.60' })).statusCode).toBe(404);
    expect((await req({ url: '/api/certificates/verify/', ip: '198.51.100.60' })).statusCode).toBe(404);
  });

  it('the link page shows nothing for a number and the certificate for its code', async () => {
    const load = (code: string) =>
      codePage.loader({
        params: { locale: 'pl', code },
        context: { clientIp: '198.51.100.61' },
        request: new Request('http://localhost/'),
      } as never) as Promise<unknown>;
    const bare = (await load(holder.number.replaceAll('/', '-'))) as { data: { certificate: null }; init: { status: number } };
    expect(bare.init.status).toBe(404);
    expect(bare.data.certificate).toBeNull();
    const found = (await load(holder.code)) as { certificate: { holder: string; status: string } };
    expect(found.certificate).toMatchObject({ holder: 'Tajny Posiadacz', status: 'valid' });
  });
});

describe('public verification: the per-IP limit (API, form and pages share it)', () => {
  it('the request after the limit answers 429 whatever X-Forwarded-For says; another address still works', async () => {
    const ip = '198.51.100.70';
    const max = RATE_LIMITS.certificateLookupPerIp.max;
    for (let i = 0; i < max; i++) {
      const res =
        i % 2 === 0
          ? await req({ url: `/api/certificates/verify/${'0'.repeat(31)}${i % 10}`, ip, headers: { 'x-forwarded-for': `10.9.${i}.1` } })
          : await req({
              method: 'POST',
              url: '/api/certificates/verify',
              ip,
              payload: { number: `COBI/EL/2026/${i}`, surname: 'X' },
              headers: { 'x-forwarded-for': `10.9.${i}.1` },
            });
      expect(res.statusCode).toBe(404);
    }
    const blocked = await req({ url: `/api/certificates/verify/${holder.code}`, ip, headers: { 'x-forwarded-for': '10.9.200.1' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).not.toContain('Posiadacz');
    const form = await req({ method: 'POST', url: '/api/certificates/verify', ip, payload: { number: holder.number, surname: 'Posiadacz' } });
    expect(form.statusCode).toBe(429);
    const page = (await codePage.loader({
      params: { locale: 'pl', code: holder.code },
      context: { clientIp: ip },
      request: new Request('http://localhost/'),
    } as never)) as {
      data: { certificate: null; limited: boolean };
      init: { status: number };
    };
    expect(page.init.status).toBe(429);
    expect(page.data).toEqual({ certificate: null, limited: true });
    expect((await req({ url: `/api/certificates/verify/${holder.code}`, ip: '198.51.100.71' })).statusCode).toBe(200);
  });
});

describe('POST /api/certificates/verify: bad input', () => {
  it('NUL in a field (JSON and multipart) is 422 under the field; NUL in the code is refused', async () => {
    const json = await req({
      method: 'POST',
      url: '/api/certificates/verify',
      ip: '198.51.100.80',
      payload: { number: holder.number, surname: `Posiad${NUL}acz` },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.surname).toEqual([NUL_MESSAGE]);
    const fd = new FormData();
    fd.append('number', `${holder.number}${NUL}`);
    fd.append('surname', 'Posiadacz');
    const m = await multipart(fd);
    const mp = await req({ method: 'POST', url: '/api/certificates/verify', ip: '198.51.100.80', payload: m.payload, headers: m.headers });
    expect(mp.statusCode).toBe(422);
    expect(mp.json().errors.number).toEqual([NUL_MESSAGE]);
    const code = await req({ url: `/api/certificates/verify/${holder.code.slice(0, 31)}%00`, ip: '198.51.100.80' });
    expect([404, 422]).toContain(code.statusCode);
    expect(code.body).not.toContain('Posiadacz');
  });

  it('oversized fields are 422 (or 413 past the parser limit), a very long code 404, line breaks 422', async () => {
    const res = await req({
      method: 'POST',
      url: '/api/certificates/verify',
      ip: '198.51.100.81',
      payload: { number: 'N'.repeat(41), surname: 'S'.repeat(5000) },
    });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['number', 'surname']);
    const fd = new FormData();
    fd.append('number', holder.number);
    fd.append('surname', 'S'.repeat(40_000));
    const m = await multipart(fd);
    const big = await req({ method: 'POST', url: '/api/certificates/verify', ip: '198.51.100.81', payload: m.payload, headers: m.headers });
    expect([413, 422]).toContain(big.statusCode);
    const long = await req({ url: `/api/certificates/verify/${'a'.repeat(5000)}`, ip: '198.51.100.81' });
    expect([404, 414]).toContain(long.statusCode);
    const broken = await req({
      method: 'POST',
      url: '/api/certificates/verify',
      ip: '198.51.100.81',
      payload: { number: holder.number, surname: 'Posia\ndacz' },
    });
    expect(broken.statusCode).toBe(422);
  });

  it('malformed bodies answer 400; no token 419 (with a session), never a 500', async () => {
    const boundary = '----cert-boundary';
    const cases: [string, string][] = [
      ['application/json', '{"number": "COBI", '],
      [
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="number"\r\n\r\nCOBI\r\n--${boundary}\r\nContent-Disposition: form-data; name="surname"\r\n\r\nPos`,
      ],
    ];
    for (const [type, payload] of cases) {
      const res = await req({ method: 'POST', url: '/api/certificates/verify', ip: '198.51.100.82', payload, headers: { 'content-type': type } });
      expect(res.statusCode, type).toBe(400);
      expect(res.json()).toEqual({ message: BAD_BODY });
    }
    const array = await req({ method: 'POST', url: '/api/certificates/verify', ip: '198.51.100.82', payload: [holder.number, 'Posiadacz'] });
    expect(array.statusCode).toBe(400);
    const noToken = await req({
      method: 'POST',
      url: '/api/certificates/verify',
      ip: '198.51.100.82',
      payload: { number: holder.number, surname: 'Posiadacz' },
      xsrf: false,
    });
    expect(noToken.statusCode).toBe(419);
    expect(noToken.body).not.toContain('Tajny');
  });
});

describe('admin revocation under attack', () => {
  it('visitor 401, user 403, an admin without the trainings permission 403, no token 419; nothing revoked', async () => {
    const c = await certified(50);
    const url = `/api/admin/training-certificates/${c.id}/revoke`;
    await getDb().insert(roles).values({ id: 77, key: 'news77', namePl: 'Aktualności', nameEn: 'News' });
    await getDb()
      .insert(rolePermissions)
      .values([
        { roleId: 77, permissionKey: 'admin.access' },
        { roleId: 77, permissionKey: 'posts.update' },
      ]);
    const news = await loggedIn(t.app, (await createUser({ roleIds: [77] })).email);
    const user = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
    const admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
    expect((await new TestClient(t.app).post(url, { reason: 'x' })).statusCode).toBe(401);
    expect((await user.post(url, { reason: 'x' })).statusCode).toBe(403);
    expect((await news.post(url, { reason: 'x' })).statusCode).toBe(403);
    expect((await news.get('/api/admin/training-certificates')).statusCode).toBe(403);
    expect((await admin.post(url, { reason: 'x' }, { xsrf: false })).statusCode).toBe(419);
    // Bad reasons: NUL, oversized, malformed.
    const nul = await admin.post(url, { reason: `Fałsz${NUL}` });
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.reason).toEqual([NUL_MESSAGE]);
    expect((await admin.post(url, { reason: 'R'.repeat(1001) })).statusCode).toBe(422);
    const broken = await admin.request({ method: 'POST', url, payload: '{"reason": ', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    for (const id of ['0', '-1', '99999999999', '1e3', '%00']) {
      expect([404, 422]).toContain((await admin.post(`/api/admin/training-certificates/${id}/revoke`, { reason: 'x' })).statusCode);
    }
    const [row] = await getDb().select().from(trainingEnrolments).where(eq(trainingEnrolments.id, c.id));
    expect(row.certificateRevokedAt).toBeNull();
    expect((await admin.post(url, { reason: 'Sfałszowane pomiary' })).statusCode).toBe(200);
  });
});
