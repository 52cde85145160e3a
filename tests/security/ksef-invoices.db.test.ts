// Issue 39, KSeF e-invoices: the admin FA(3) upload refuses entity bombs and external entities
// before any parser (and /healthz answers meanwhile), NUL in the XML and in the KSeF number field,
// an XML over 3 MB (422 while reading), bodies without the anti-forgery token (419) and malformed
// bodies (400); the buyer's XML and visualisation routes answer 401 to guests, 403 to users without
// B2B access and to another customer, 404 to odd ids, never 500.
import { readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { file, form, multipart } from '~/features/catalog/admin/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { invoices } from '~/features/invoices/invoices.schema';
import { adminUser, b2bUser } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const SAMPLE = readFileSync(new URL('../../src/features/invoices/tests/fixtures/fa3-sample.xml', import.meta.url));

let t: TestApp;
let admin: TestClient;
let buyerA: TestClient;
let buyerB: TestClient;
let invoiceId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = await getDb()
    .insert(customers)
    .values([
      { name: 'Elektro-Instal', taxIdentificationNr: '7251801126' },
      { name: 'Firma B', taxIdentificationNr: '5260250995' },
    ])
    .returning();
  admin = await loggedIn(t.app, (await adminUser()).email);
  buyerA = await loggedIn(t.app, (await b2bUser(a.id)).email);
  buyerB = await loggedIn(t.app, (await b2bUser(b.id)).email);
});
afterAll(async () => {
  await t?.close();
});

const invoiceCount = async () => Number((await getDb().select({ n: count() }).from(invoices))[0].n);

async function upload(data: Buffer | string, fields: Record<string, unknown> = {}, opts: { xsrf?: boolean } = {}) {
  const fd = form(fields);
  fd.append('file', file(data, 'faktura.xml', 'application/xml'));
  const m = await multipart(fd);
  return admin.request({ method: 'POST', url: '/api/admin/invoices/xml', payload: m.payload, headers: m.headers, xsrf: opts.xsrf });
}

describe('the admin FA(3) upload', () => {
  it('refuses a billion-laughs bomb and an external entity unread (422); /healthz answers meanwhile', async () => {
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = `<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY lol0 "lol">${lol}]><Faktura xmlns="http://crd.gov.pl/wzor/2025/06/25/13775/">&lol9;</Faktura>`;
    const xxe = SAMPLE.toString('utf8')
      .replace('<Faktura', '<!DOCTYPE Faktura [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<Faktura')
      .replace('Kabel U/UTP', '&x;');
    for (const xml of [bomb, xxe]) {
      const [res, health] = await Promise.all([upload(xml), t.app.inject({ method: 'GET', url: '/healthz' })]);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/DOCTYPE/);
      expect(health.statusCode).toBe(200);
    }
    expect(await invoiceCount()).toBe(0);
  });

  it('refuses NUL in the XML and in the KSeF number (422), an XML over 3 MB (422 while reading)', async () => {
    const nul = await upload(Buffer.concat([SAMPLE.subarray(0, 100), Buffer.from([0]), SAMPLE.subarray(100)]));
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.file).toEqual(['Plik XML zawiera niedozwolone znaki (NUL).']);
    const nulField = await upload(SAMPLE, { ksef_number: '5265877635-20260201-0100001AF629\u0000AF' });
    expect(nulField.statusCode).toBe(422);
    const big = SAMPLE.toString('utf8').replace('</Faktura>', `<!-- ${'x'.repeat(3 * 1024 * 1024)} --></Faktura>`);
    const res = await upload(big);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file).toEqual(['Plik XML może mieć najwyżej 3 MB.']);
    expect(await invoiceCount()).toBe(0);
  });

  it('needs the anti-forgery token (419); malformed bodies answer 400', async () => {
    expect((await upload(SAMPLE, {}, { xsrf: false })).statusCode).toBe(419);
    const truncated = await admin.request({
      method: 'POST',
      url: '/api/admin/invoices/xml',
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xml"\r\n\r\n<Faktura',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(truncated.statusCode).toBe(400);
    const asJson = await admin.request({
      method: 'POST',
      url: '/api/admin/invoices/xml',
      payload: '{"file":',
      headers: { 'content-type': 'application/json' },
    });
    expect([400, 415]).toContain(asJson.statusCode);
    expect(await invoiceCount()).toBe(0);
    const ok = await upload(SAMPLE);
    expect(ok.statusCode, ok.body).toBe(200);
    invoiceId = ok.json().id;
  });
});

describe("the buyer's e-invoice routes", () => {
  it('guests 401, users without B2B access 403, another customer 403, odd ids 404', async () => {
    const guest = new TestClient(t.app);
    const member = await loggedIn(t.app, (await createUser({ state: 'active' })).email);
    for (const path of ['xml', 'visualisation']) {
      const url = `/api/invoices/${invoiceId}/${path}`;
      expect((await guest.get(url)).statusCode, url).toBe(401);
      expect((await member.get(url)).statusCode, url).toBe(403);
      expect((await buyerB.get(url)).statusCode, url).toBe(403);
      expect((await buyerA.get(url)).statusCode, url).toBe(200);
      for (const id of ['1e9', '-1', 'abc', '99999999999', '0']) {
        expect((await buyerA.get(`/api/invoices/${id}/${path}`)).statusCode, `${id}/${path}`).toBe(404);
      }
      // NUL in the path: 422 as everywhere (bad-input.db.test.ts).
      for (const id of ['%00', '1%00']) expect((await buyerA.get(`/api/invoices/${id}/${path}`)).statusCode, `${id}/${path}`).toBe(422);
    }
    expect((await admin.get('/api/admin/invoices/abc/xml')).statusCode).toBe(404);
  });
});
