// Issue 37, hole 8: online-training certificates were enumerable (counting up the number at
// /api/certificates/COBI-EL-2026-00001 showed the holders' names). The public address now carries a
// random code beside the number; the number alone answers 404 without a name; lookups are limited.
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { RATE_LIMITS } from '~/core/http/rate-limit.server';
import { users } from '~/features/accounts/accounts.schema';
import { createUser } from '~/features/accounts/tests/helpers';
import * as certificatePage from '~/features/trainings/routes/certificate';
import { certificateKey, certificateSlug } from '~/features/trainings/rules';
import { trainingEnrolments, trainings } from '~/features/trainings/trainings.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let trainingId: number;
beforeAll(async () => {
  t = await createTestApp();
  const [tr] = await getDb().insert(trainings).values({ slug: 'cert-test', titlePl: 'Szkolenie testowe' }).returning();
  trainingId = tr.id;
});
afterAll(async () => {
  await t?.close();
});

/** A learner with a finished training and its certificate; `code` null as before the migration. */
async function certified(n: number, code: string | null = Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('')) {
  const u = await createUser();
  await getDb()
    .update(users)
    .set({ firstName: `Holder${n}`, surname: 'Secret' })
    .where(eq(users.id, u.id));
  const number = `COBI/EL/2026/${String(n).padStart(5, '0')}`;
  const [e] = await getDb()
    .insert(trainingEnrolments)
    .values({ trainingId, userId: u.id, status: 'accepted', doneAt: new Date(), certificateNumber: number, certificateCode: code })
    .returning();
  return { number, code, enrolmentId: e.id };
}

const get = (url: string, ip = '203.0.113.30') => new TestClient(t.app).request({ method: 'GET', url, remoteAddress: ip });

describe('certificate verification (hole 8)', () => {
  it('counting numbers answers 404 with no name; the number with its random code shows the certificate', async () => {
    const certs = [await certified(1), await certified(2), await certified(3)];
    for (const c of certs) {
      const bare = await get(`/api/certificates/${certificateSlug(c.number)}`, '203.0.113.31');
      expect(bare.statusCode).toBe(404);
      expect(bare.body).not.toContain('Holder');
      expect(bare.body).not.toContain('Secret');
    }
    const c = certs[1];
    const ok = await get(`/api/certificates/${certificateKey(c.number, c.code as string)}`, '203.0.113.31');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ number: c.number, name: 'Holder2 Secret', training: 'Szkolenie testowe' });
    // Another certificate's code with this number, or a wrong code, shows nothing.
    expect((await get(`/api/certificates/${certificateKey(c.number, certs[0].code as string)}`, '203.0.113.31')).statusCode).toBe(404);
    expect((await get(`/api/certificates/${certificateKey(c.number, '0'.repeat(32))}`, '203.0.113.31')).statusCode).toBe(404);
  });

  it('the public page shows nothing for a bare number and the certificate for its key', async () => {
    const c = await certified(4);
    const load = (param: string) =>
      certificatePage.loader({
        params: { locale: 'pl', number: param },
        context: { clientIp: '203.0.113.32' },
        request: new Request('http://localhost/'),
      } as never) as Promise<unknown>;
    const bare = (await load(certificateSlug(c.number))) as { data: { certificate: null }; init: { status: number } };
    expect(bare.init.status).toBe(404);
    expect(bare.data.certificate).toBeNull();
    const found = (await load(certificateKey(c.number, c.code as string))) as { certificate: { holder: string } };
    expect(found.certificate.holder).toBe('Holder4 Secret');
  });

  it('lookups are limited per IP (429), whatever X-Forwarded-For says', async () => {
    for (let i = 0; i < RATE_LIMITS.certificateLookupPerIp.max; i++) {
      const res = await new TestClient(t.app).request({
        method: 'GET',
        url: `/api/certificates/COBI-EL-2026-${String(i).padStart(5, '0')}`,
        remoteAddress: '198.51.100.33',
        headers: { 'x-forwarded-for': `10.3.${i}.1` },
      });
      expect(res.statusCode).toBe(404);
    }
    const blocked = await new TestClient(t.app).request({
      method: 'GET',
      url: '/api/certificates/COBI-EL-2026-00001',
      remoteAddress: '198.51.100.33',
      headers: { 'x-forwarded-for': '10.3.99.1' },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('the migration gives certificates issued before it a random code (128 bits, distinct)', async () => {
    const before = [await certified(5, null), await certified(6, null)];
    const migration = readFileSync('drizzle/0027_certificate_code.sql', 'utf8');
    const update = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE')) as string;
    await getDb().execute(sql.raw(update.replace(/^--.*$/gm, '')));
    const codes = [];
    for (const c of before) {
      const [row] = await getDb().select().from(trainingEnrolments).where(eq(trainingEnrolments.id, c.enrolmentId));
      expect(row.certificateCode).toMatch(/^[0-9a-f]{32}$/);
      codes.push(row.certificateCode as string);
      const res = await get(`/api/certificates/${certificateKey(c.number, row.certificateCode as string)}`, '203.0.113.34');
      expect(res.statusCode).toBe(200);
    }
    expect(new Set(codes).size).toBe(2);
  });
});
