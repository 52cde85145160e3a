// KSeF e-invoices (issue 39): the FA(3) import service and the admin XML upload (valid sample,
// broken XML, wrong namespace, entity bomb refused unread, unknown NIP, bad KSeF number, re-import),
// the buyer's list with ksef_number, the XML byte for byte and the visualisation (only for the
// invoice's customer), and the PDFs uploaded before keep working.
import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { referencedFileIds } from '~/core/files/references.server';
import { HttpError } from '~/core/http/errors';
import { resetClock, setClock } from '~/core/time/clock';
import { loggedIn } from '~/features/accounts/tests/helpers';
import { file, form, json, PDF, send } from '~/features/catalog/admin/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { adminUser, b2bUser } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { invoices } from '../invoices.schema';
import { importFa3Invoice } from '../ksef-import.server';
import { withChecksum } from '../ksef/ksef-number';
import { invoiceHash } from '../ksef/qr';

const SAMPLE = readFileSync(new URL('./fixtures/fa3-sample.xml', import.meta.url));
const KSEF = withChecksum('5265877635-20260201-0100001AF629');
const variant = (number: string, buyerNip = '7251801126') =>
  Buffer.from(SAMPLE.toString('utf8').replace('FV/2026/02/0001', number).replace('<NIP>7251801126</NIP>', `<NIP>${buyerNip}</NIP>`));

let t: TestApp;
let admin: TestClient;
let buyerA: TestClient;
let buyerB: TestClient;
let customerA: number;
let actor: { userId: number; userEmail: string };

beforeAll(async () => {
  t = await createTestApp();
  setClock(() => new Date('2026-02-10T10:00:00Z'));
  const rows = await getDb()
    .insert(customers)
    .values([
      { name: 'Elektro-Instal', taxIdentificationNr: '725-180-11-26', paymentDeadlineDays: 14 },
      { name: 'Firma B', taxIdentificationNr: '5260250995' },
    ])
    .returning();
  customerA = rows[0].id;
  const adminRow = await adminUser();
  actor = { userId: adminRow.id, userEmail: adminRow.email };
  admin = await loggedIn(t.app, adminRow.email);
  buyerA = await loggedIn(t.app, (await b2bUser(customerA)).email);
  buyerB = await loggedIn(t.app, (await b2bUser(rows[1].id)).email);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

const invoiceCount = async () => Number((await getDb().select({ n: count() }).from(invoices))[0].n);
const xmlForm = (data: Buffer, over: Record<string, unknown> = {}) => {
  const fd = form(over);
  fd.append('file', file(data, 'faktura.xml', 'application/xml'));
  return fd;
};
async function refusal(xml: Buffer, ksefNumber?: string): Promise<HttpError> {
  try {
    await importFa3Invoice({ xml, ksefNumber, actor });
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('importFa3Invoice', () => {
  it('imports the valid sample for the customer of the buyer NIP; XML kept byte for byte', async () => {
    const r = await importFa3Invoice({ xml: SAMPLE, ksefNumber: KSEF, actor });
    expect(r).toMatchObject({ number: 'FV/2026/02/0001', created: true, message: 'Faktura FV/2026/02/0001 została zaimportowana z KSeF/FA(3).' });
    const [row] = await getDb().select().from(invoices).where(eq(invoices.id, r.id));
    expect(row).toMatchObject({
      customerId: customerA,
      issueDate: '2026-02-01',
      dueDate: '2026-03-03',
      netAmount: 155000,
      grossAmount: 187650,
      paidOn: null,
      ksefNumber: KSEF,
      source: 'xml',
      fileId: null,
    });
    expect((await referencedFileIds(getDb())).has(row.xmlFileId as string)).toBe(true);
    const res = await buyerA.get(`/api/invoices/${r.id}/xml`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(res.rawPayload.equals(SAMPLE)).toBe(true);
    expect(invoiceHash(res.rawPayload)).toBe(invoiceHash(SAMPLE));
  });

  it('re-import of the same number for the same customer updates it; the same bytes change nothing', async () => {
    const [before] = await getDb().select().from(invoices).where(eq(invoices.number, 'FV/2026/02/0001'));
    const same = await importFa3Invoice({ xml: SAMPLE, actor });
    expect(same).toMatchObject({ id: before.id, created: false });
    const [unchanged] = await getDb().select().from(invoices).where(eq(invoices.id, before.id));
    expect(unchanged.version).toBe(before.version);
    const changed = Buffer.from(SAMPLE.toString('utf8').replace('<Termin>2026-03-03</Termin>', '<Termin>2026-03-10</Termin>'));
    expect(await importFa3Invoice({ xml: changed, actor })).toMatchObject({
      id: before.id,
      created: false,
      message: 'Faktura FV/2026/02/0001 została zaktualizowana z pliku FA(3).',
    });
    const [after] = await getDb().select().from(invoices).where(eq(invoices.id, before.id));
    expect(after).toMatchObject({ dueDate: '2026-03-10', ksefNumber: KSEF, version: before.version + 1 });
    expect(after.xmlFileId).not.toBe(before.xmlFileId);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(eq(changeInfos.entityId, String(before.id)));
    expect(log.map((l) => l.action)).toEqual(['create', 'update']);
    // Another KSeF number for it, or its number for another customer's invoice: 409.
    expect((await refusal(changed, withChecksum('5265877635-20260202-0100001AF630'))).status).toBe(409);
    expect((await refusal(variant('FV/2026/02/0001', '5260250995'))).status).toBe(409);
    expect((await refusal(variant('FV/2026/02/0099'), KSEF)).status).toBe(409);
  });

  it('refuses an unknown buyer NIP with a 422 naming it', async () => {
    const e = await refusal(variant('FV/2026/02/0002', '1132853869'));
    expect(e.status).toBe(422);
    expect(e.message).toBe('Nie znaleziono klienta z NIP 1132853869 (nabywca faktury FV/2026/02/0002).');
  });

  it('refuses a bad KSeF number: length, checksum, another seller, a date before the issue', async () => {
    const cases: [string, string][] = [
      ['5265877635-20260201-0100001AF629', 'Numer KSeF musi mieć 35 znaków.'],
      ['5265877635-20260201-0100001AF629-00', 'Suma kontrolna numeru KSeF (CRC-8) się nie zgadza.'],
      [withChecksum('1111111111-20260201-0100001AF629'), 'Numer KSeF należy do sprzedawcy z NIP 1111111111, a fakturę wystawił NIP 5265877635.'],
      [withChecksum('5265877635-20260131-0100001AF629'), 'Numer KSeF nosi datę 2026-01-31, wcześniejszą niż data wystawienia 2026-02-01.'],
    ];
    for (const [n, message] of cases) {
      const e = await refusal(variant('FV/2026/02/0003'), n);
      expect([e.status, e.errors]).toEqual([422, { ksef_number: [message] }]);
    }
  });

  it('refuses a broken XML, a wrong namespace, a schema error and an entity bomb (unread)', async () => {
    const before = await invoiceCount();
    expect((await refusal(Buffer.from(SAMPLE.toString('utf8').replace('</Fa>', '')))).errors).toEqual({ file: ['To nie jest poprawny dokument XML.'] });
    const ns = await refusal(Buffer.from(SAMPLE.toString('utf8').replace('2025/06/25/13775', '2023/06/29/12648')));
    expect(ns.errors?.file[0]).toContain('To nie jest faktura FA(3): przestrzeń nazw „http://crd.gov.pl/wzor/2023/06/29/12648/”');
    const schema = await refusal(Buffer.from(SAMPLE.toString('utf8').replace('<P_15>1876.50</P_15>', '<P_15>dużo</P_15>')));
    expect(schema.errors?.file[0]).toMatch(/^Faktura nie jest zgodna ze schematem FA\(3\): .*P_15/);
    const lol = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join('');
    const bomb = Buffer.from(`<?xml version="1.0"?><!DOCTYPE Faktura [<!ENTITY lol0 "lol">${lol}]><Faktura>&lol9;</Faktura>`);
    const started = performance.now();
    expect((await refusal(bomb)).errors?.file[0]).toContain('DOCTYPE');
    expect(performance.now() - started).toBeLessThan(200);
    expect(await invoiceCount()).toBe(before);
  });
});

describe('admin XML upload', () => {
  it('needs the invoices area; answers {message, id}; errors per field', async () => {
    expect((await send(buyerA, 'POST', '/api/admin/invoices/xml', xmlForm(variant('FV/2026/02/0004')))).statusCode).toBe(403);
    const ok = await send(admin, 'POST', '/api/admin/invoices/xml', xmlForm(variant('FV/2026/02/0004')));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(json(ok)).toMatchObject({ message: 'Faktura FV/2026/02/0004 została zaimportowana z KSeF/FA(3).', id: expect.any(Number) });
    const bad = await send(admin, 'POST', '/api/admin/invoices/xml', xmlForm(variant('FV/2026/02/0005'), { ksef_number: 'x' }));
    expect(bad.statusCode).toBe(422);
    expect(json(bad).errors).toEqual({ ksef_number: ['Numer KSeF musi mieć 35 znaków.'] });
    const none = await send(admin, 'POST', '/api/admin/invoices/xml', form({ ksef_number: '' }));
    expect([none.statusCode, json(none).errors]).toEqual([422, { file: ['Dołącz plik XML faktury FA(3).'] }]);
  });
});

describe('the buyer', () => {
  it('sees ksef_number (null before one) in GET /api/invoices; PDF invoices keep their download', async () => {
    const pdf = await send(
      admin,
      'POST',
      '/api/admin/invoices',
      (() => {
        const fd = form({
          number: 'FV/2026/01/0100',
          customer_id: String(customerA),
          issue_date: '2026-01-10',
          due_date: '2026-01-24',
          net_amount: '100,00',
          gross_amount: '123,00',
          paid_on: '',
        });
        fd.append('file', file(PDF, 'f.pdf', 'application/pdf'));
        return fd;
      })(),
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    const list = json<{ items: { number: string; ksef_number: string | null; has_xml: boolean; has_pdf: boolean; is_overdue: boolean }[] }>(
      await buyerA.get('/api/invoices'),
    );
    const by = Object.fromEntries(list.items.map((i) => [i.number, i]));
    expect(by['FV/2026/02/0001']).toMatchObject({ ksef_number: KSEF, has_xml: true, has_pdf: false });
    expect(by['FV/2026/02/0004']).toMatchObject({ ksef_number: null, has_xml: true });
    expect(by['FV/2026/01/0100']).toMatchObject({ ksef_number: null, has_xml: false, has_pdf: true, is_overdue: true });
    const old = await buyerA.get(`/api/invoices/${json<{ id: number }>(pdf).id}/file`);
    expect([old.statusCode, old.rawPayload.equals(PDF)]).toEqual([200, true]);
    expect((await buyerA.get(`/api/invoices/${json<{ id: number }>(pdf).id}/xml`)).statusCode).toBe(404);
  });

  it('downloads the visualisation (PDF with the QR address); another customer 403, unknown 404', async () => {
    const [row] = await getDb().select().from(invoices).where(eq(invoices.number, 'FV/2026/02/0001'));
    const res = await buyerA.get(`/api/invoices/${row.id}/visualisation`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The invoice has no uploaded PDF: its download is the visualisation.
    expect((await buyerA.get(`/api/invoices/${row.id}/file`)).rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const path of ['xml', 'visualisation']) {
      expect((await buyerB.get(`/api/invoices/${row.id}/${path}`)).statusCode).toBe(403);
      expect((await buyerA.get(`/api/invoices/999999/${path}`)).statusCode).toBe(404);
      expect((await buyerA.get(`/api/invoices/abc/${path}`)).statusCode).toBe(404);
    }
  });
});
