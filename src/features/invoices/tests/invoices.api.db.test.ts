// Invoices (issue 11): the admin upload (PDF by its bytes, 422s), list filters, paid/overdue,
// delete, batch import (index + PDFs, one transaction), the customer's list (own invoices only,
// overdue marked), the download (only the invoice's customer: 403/404; filename = the number),
// and the file references that keep invoice PDFs from the unused-file collector.
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { referencedFileIds } from '~/core/files/references.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { file, form, json, PDF, send } from '~/features/catalog/admin/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { adminUser, b2bUser } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { invoices } from '../invoices.schema';
import { resetClock, setClock } from '~/core/time/clock';

let t: TestApp;
let admin: TestClient;
let buyerA: TestClient;
let buyerB: TestClient;
let notB2b: TestClient;
let guest: TestClient;
let customerA: number;
let customerB: number;

beforeAll(async () => {
  t = await createTestApp();
  setClock(() => new Date('2026-03-15T10:00:00Z'));
  const rows = await getDb()
    .insert(customers)
    .values([
      { name: 'Firma A', taxIdentificationNr: '7791011327', enovaKod: 'FIRMA-A' },
      { name: 'Firma B', taxIdentificationNr: '5260250995', enovaKod: 'FIRMA-B' },
    ])
    .returning();
  [customerA, customerB] = rows.map((r) => r.id);
  admin = await loggedIn(t.app, (await adminUser()).email);
  buyerA = await loggedIn(t.app, (await b2bUser(customerA)).email);
  buyerB = await loggedIn(t.app, (await b2bUser(customerB)).email);
  notB2b = await loggedIn(t.app, (await createUser({ state: 'active' })).email);
  guest = new TestClient(t.app);
});
afterAll(async () => {
  resetClock();
  await t?.close();
});

const pdf = (label: string) => Buffer.from(`%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1');

const invoiceForm = (over: Record<string, unknown> = {}, data: Buffer | null = PDF) => {
  const fd = form({
    number: 'FV/2026/03/0001',
    customer_id: String(customerA),
    issue_date: '2026-03-01',
    due_date: '2026-03-31',
    net_amount: '1 000,00',
    gross_amount: '1 230,00',
    paid_on: '',
    ...over,
  });
  if (data) fd.append('file', file(data, 'faktura.pdf', 'application/pdf'));
  return fd;
};

const invoiceCount = async () => Number((await getDb().select({ n: count() }).from(invoices))[0].n);

describe('admin upload', () => {
  it('only administrators may use the admin API', async () => {
    for (const [client, status] of [
      [guest, 401],
      [buyerA, 403],
      [notB2b, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/invoices')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/invoices', invoiceForm())).statusCode).toBe(status);
    }
    expect(await invoiceCount()).toBe(0);
  });

  it('stores an invoice with its PDF; amounts in grosze; the change log has it', async () => {
    const res = await send(admin, 'POST', '/api/admin/invoices', invoiceForm());
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Faktura FV/2026/03/0001 została dodana.');
    const [row] = await getDb()
      .select()
      .from(invoices)
      .where(eq(invoices.id, json<{ id: number }>(res).id));
    expect(row).toMatchObject({
      number: 'FV/2026/03/0001',
      customerId: customerA,
      netAmount: 100000,
      grossAmount: 123000,
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      paidOn: null,
    });
    const log = await getDb().select().from(changeInfos).where(eq(changeInfos.entity, 'invoice'));
    expect(log.map((l) => l.action)).toEqual(['create']);
    // The collector keeps the PDF.
    expect((await referencedFileIds(getDb())).has(row.fileId as string)).toBe(true);
  });

  it('refuses bad input with 422 per field and stores nothing', async () => {
    const before = await invoiceCount();
    const cases: [Record<string, unknown>, Buffer | null, string, RegExp][] = [
      [{ number: 'FV/2026/03/0001' }, PDF, 'number', /już istnieje/],
      [{ number: 'fv/2026/03/0001' }, PDF, 'number', /już istnieje/],
      [{ number: 'FV/2', due_date: '2026-02-01' }, PDF, 'due_date', /wcześniejszy/],
      [{ number: 'FV/3', gross_amount: '999,00' }, PDF, 'gross_amount', /brutto/],
      [{ number: 'FV/4', issue_date: '2026-02-30' }, PDF, 'issue_date', /RRRR-MM-DD/],
      [{ number: 'FV/5', customer_id: '999999' }, PDF, 'customer_id', /Wybierz klienta/],
      [{ number: 'FV/6' }, null, 'file', /Dołącz plik PDF/],
      [{ number: 'FV/7' }, Buffer.from('<html><script>alert(1)</script></html>'), 'file', /nie jest dokumentem PDF/],
      [{ number: 'FV/8' }, Buffer.from('%PDF-1.4 but no end marker'), 'file', /nie jest dokumentem PDF/],
      [{ number: '<script>' }, PDF, 'number', /64 znaków/],
    ];
    for (const [over, data, field, message] of cases) {
      const res = await send(admin, 'POST', '/api/admin/invoices', invoiceForm(over, data));
      expect(res.statusCode, `${JSON.stringify(over)} ${res.body}`).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors[field]?.[0], field).toMatch(message);
    }
    expect(await invoiceCount()).toBe(before);
  });

  it('answers in English for an English request', async () => {
    const fd = invoiceForm({ number: 'FV/EN' }, null);
    const res = await send(admin, 'POST', '/api/admin/invoices', fd, { 'accept-language': 'en' });
    expect(json<{ errors: Record<string, string[]> }>(res).errors.file[0]).toBe('Attach the invoice PDF file.');
  });
});

describe('customers see and download only their own invoices', () => {
  let idA: number;
  let idB: number;
  let overdueId: number;

  beforeAll(async () => {
    const add = async (over: Record<string, unknown>) =>
      json<{ id: number }>(await send(admin, 'POST', '/api/admin/invoices', invoiceForm(over, pdf(String(over.number))))).id;
    idA = (await getDb().select().from(invoices).where(eq(invoices.number, 'FV/2026/03/0001')))[0].id;
    overdueId = await add({ number: 'FV/2026/01/0007', issue_date: '2026-01-10', due_date: '2026-02-09' });
    await add({ number: 'FV/2026/01/0008', issue_date: '2026-01-11', due_date: '2026-02-10', paid_on: '2026-02-01' });
    idB = await add({ number: 'FV/2026/03/0100', customer_id: String(customerB) });
  });

  it("GET /api/invoices: the customer's invoices, newest first, overdue marked", async () => {
    const res = await buyerA.get('/api/invoices');
    expect(res.statusCode).toBe(200);
    const body = json<{ items: Record<string, unknown>[]; pages: number }>(res);
    expect(body.pages).toBe(1);
    expect(body.items.map((i) => [i.number, i.is_overdue, i.paid_on])).toEqual([
      ['FV/2026/03/0001', false, null],
      ['FV/2026/01/0008', false, '2026-02-01'],
      ['FV/2026/01/0007', true, null],
    ]);
    expect(body.items[0]).toMatchObject({ net_amount: '1000.00', gross_amount: '1230.00', issue_date: '2026-03-01', due_date: '2026-03-31' });
    const b = json<{ items: { number: string }[] }>(await buyerB.get('/api/invoices')).items;
    expect(b.map((i) => i.number)).toEqual(['FV/2026/03/0100']);
  });

  it('the invoice list and download are for B2B customers only', async () => {
    expect((await guest.get('/api/invoices')).statusCode).toBe(401);
    expect((await notB2b.get('/api/invoices')).statusCode).toBe(403);
    expect((await notB2b.get(`/api/invoices/${idA}/file`)).statusCode).toBe(403);
    expect((await guest.get(`/api/invoices/${idA}/file`)).statusCode).toBe(401);
  });

  it('downloads the PDF named after the invoice number; another customer gets 403, an unknown id 404', async () => {
    const res = await buyerA.get(`/api/invoices/${overdueId}/file`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="FV-2026-01-0007.pdf"; filename*=UTF-8''FV-2026-01-0007.pdf`);
    expect(res.rawPayload.equals(pdf('FV/2026/01/0007'))).toBe(true);
    expect((await buyerB.get(`/api/invoices/${idA}/file`)).statusCode).toBe(403);
    expect((await buyerA.get(`/api/invoices/${idB}/file`)).statusCode).toBe(403);
    expect((await buyerA.get('/api/invoices/999999/file')).statusCode).toBe(404);
    expect((await buyerA.get('/api/invoices/abc/file')).statusCode).toBe(404);
    // The administrator downloads any.
    expect((await admin.get(`/api/admin/invoices/${idB}/file`)).statusCode).toBe(200);
  });

  it('the overdue flag follows the payment and the date', async () => {
    const paid = await send(admin, 'PUT', `/api/admin/invoices/${overdueId}/paid`, { paid_on: '2026-03-10' });
    expect(paid.statusCode, paid.body).toBe(200);
    let items = json<{ items: { id: number; is_overdue: boolean }[] }>(await buyerA.get('/api/invoices')).items;
    expect(items.find((i) => i.id === overdueId)?.is_overdue).toBe(false);
    await send(admin, 'PUT', `/api/admin/invoices/${overdueId}/paid`, { paid_on: '' });
    setClock(() => new Date('2026-04-01T08:00:00Z'));
    items = json<{ items: { id: number; is_overdue: boolean }[] }>(await buyerA.get('/api/invoices')).items;
    expect(
      items
        .filter((i) => i.is_overdue)
        .map((i) => i.id)
        .sort(),
    ).toEqual([idA, overdueId].sort());
    setClock(() => new Date('2026-03-15T10:00:00Z'));
  });

  it('admin list filters: customer, dates, overdue, number', async () => {
    const list = async (q: string) => json<{ items: { number: string }[] }>(await admin.get(`/api/admin/invoices?${q}`)).items.map((i) => i.number);
    expect(await list(`customer=${customerB}`)).toEqual(['FV/2026/03/0100']);
    expect(await list('from=2026-01-01&to=2026-01-31')).toEqual(['FV/2026/01/0008', 'FV/2026/01/0007']);
    expect(await list('payment=overdue')).toEqual(['FV/2026/01/0007']);
    expect(await list('payment=unpaid')).toEqual(['FV/2026/03/0100', 'FV/2026/03/0001', 'FV/2026/01/0007']);
    expect(await list('search=0100')).toEqual(['FV/2026/03/0100']);
  });

  it('delete removes the invoice for the customer too', async () => {
    expect((await send(admin, 'DELETE', `/api/admin/invoices/${idB}`)).statusCode).toBe(200);
    expect((await buyerB.get(`/api/invoices/${idB}/file`)).statusCode).toBe(404);
    expect((await send(admin, 'DELETE', `/api/admin/invoices/${idB}`)).statusCode).toBe(404);
  });
});

describe('batch import', () => {
  const index = async (rows: (string | number)[][], kind: 'csv' | 'xlsx' = 'csv') => {
    const header = ['file', 'number', 'customer', 'issue_date', 'due_date', 'net', 'gross', 'paid_on'];
    if (kind === 'csv') return file([header, ...rows].map((r) => r.join(';')).join('\n'), 'indeks.csv', 'text/csv');
    const wb = new ExcelJS.Workbook();
    const s = wb.addWorksheet('Faktury');
    s.addRow(header);
    for (const r of rows) s.addRow(r);
    return file(Buffer.from(await wb.xlsx.writeBuffer()), 'indeks.xlsx');
  };
  const batch = async (rows: (string | number)[][], pdfs: [string, Buffer][], kind: 'csv' | 'xlsx' = 'csv') => {
    const fd = new FormData();
    fd.append('index', await index(rows, kind));
    for (const [name, data] of pdfs) fd.append('files', file(data, name, 'application/pdf'));
    return fd;
  };

  it('the preview lists every bad row and file; a bad batch imports nothing', async () => {
    const before = await invoiceCount();
    const rows = [
      ['b1.pdf', 'FV/B/1', '7791011327', '2026-03-02', '2026-04-01', '100,00', '123,00', ''],
      ['b2.pdf', 'FV/B/2', 'NIEZNANY', '2026-03-02', '2026-04-01', '100,00', '123,00', ''],
      ['brak.pdf', 'FV/B/3', 'FIRMA-B', '2026-03-02', '2026-04-01', '100,00', '123,00', ''],
      ['b4.pdf', 'FV/B/1', String(customerA), '2026-03-02', '2026-02-01', '100,00', '50,00', ''],
      ['b5.pdf', 'FV/2026/03/0001', String(customerA), '2026-03-02', '2026-04-01', '1', '1', ''],
    ];
    const pdfs: [string, Buffer][] = [
      ['b1.pdf', pdf('b1')],
      ['b2.pdf', pdf('b2')],
      ['b4.pdf', Buffer.from('GIF89a not a pdf')],
      ['b5.pdf', pdf('b5')],
      ['extra.pdf', pdf('extra')],
    ];
    const res = await send(admin, 'POST', '/api/admin/invoices/import/preview', await batch(rows, pdfs));
    expect(res.statusCode, res.body).toBe(200);
    const p = json<{ ok: boolean; errorRows: number; errors: { row: number; errors: Record<string, string[]> }[]; fileErrors: string[] }>(res);
    expect(p.ok).toBe(false);
    expect(p.errors.map((e) => [e.row, Object.keys(e.errors).sort()])).toEqual([
      [3, ['customer']],
      [4, ['file']],
      [5, ['due_date', 'file', 'gross', 'number']],
      [6, ['number']],
    ]);
    expect(p.fileErrors[0]).toMatch(/extra\.pdf/);
    const run = await send(admin, 'POST', '/api/admin/invoices/import', await batch(rows, pdfs));
    expect(run.statusCode).toBe(422);
    expect(await invoiceCount()).toBe(before);
  });

  it('a valid XLSX batch imports every invoice in one go', async () => {
    const before = await invoiceCount();
    const rows = [
      ['c1.pdf', 'FV/C/1', '779-101-13-27', '2026-03-02', '2026-04-01', 100.5, 123.62, ''],
      ['c2.pdf', 'FV/C/2', 'firma-b', '2026-03-03', '2026-03-10', '2 000,00', '2 460,00', '2026-03-05'],
    ];
    const pdfs: [string, Buffer][] = [
      ['c1.pdf', pdf('c1')],
      ['c2.pdf', pdf('c2')],
    ];
    const preview = json<{ ok: boolean; items: unknown[] }>(await send(admin, 'POST', '/api/admin/invoices/import/preview', await batch(rows, pdfs, 'xlsx')));
    expect(preview.ok).toBe(true);
    expect(preview.items).toHaveLength(2);
    const res = await send(admin, 'POST', '/api/admin/invoices/import', await batch(rows, pdfs, 'xlsx'));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ created: 2, message: 'Zaimportowano 2 faktury.' });
    expect(await invoiceCount()).toBe(before + 2);
    const [c1] = await getDb().select().from(invoices).where(eq(invoices.number, 'FV/C/1'));
    expect(c1).toMatchObject({ customerId: customerA, netAmount: 10050, grossAmount: 12362 });
    const c2 = (await buyerB.get('/api/invoices')).json() as { items: { number: string; paid_on: string | null }[] };
    expect(c2.items.find((i) => i.number === 'FV/C/2')?.paid_on).toBe('2026-03-05');
    const dl = await buyerA.get(`/api/invoices/${c1.id}/file`);
    expect(dl.rawPayload.equals(pdf('c1'))).toBe(true);
  });

  it('an index without the needed columns is a 422 on index', async () => {
    const fd = new FormData();
    fd.append('index', file('file;number\nx.pdf;FV/1', 'i.csv'));
    const res = await send(admin, 'POST', '/api/admin/invoices/import/preview', fd);
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.index[0]).toMatch(/brak kolumn: customer, issue_date/);
  });
});
