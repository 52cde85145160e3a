// Issue 11, price lists and invoices: an XLSX bomb in the price-list import and in the invoice
// index (422 before ExcelJS unpacks it); NUL in fields and files; an oversized invoice PDF; bytes
// that are not a PDF whatever their name and declared type; malformed bodies (400, never 500);
// odd ids never 500; the customer's invoice routes for guests and non-B2B users.
import ExcelJS from 'exceljs';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { file, form, multipart, PDF } from '~/features/catalog/admin/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { invoices } from '~/features/invoices/invoices.schema';
import { priceLists } from '~/features/pricing/pricing.schema';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { deflatedZeros, makeZip, readZip } from '~tests/helpers/zip';

const MB = 1024 * 1024;
const TOO_LARGE = 'Plik po rozpakowaniu jest za duży (maksymalnie 50 MB). Podziel dane na mniejsze pliki.';

let t: TestApp;
let admin: TestClient;
let customerId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  [{ id: customerId }] = await getDb().insert(customers).values({ name: 'Firma', taxIdentificationNr: '7791011327' }).returning();
});
afterAll(async () => {
  await t?.close();
});

async function bomb(header: string[], lie: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Arkusz').addRow(header);
  const real = readZip(Buffer.from(await wb.xlsx.writeBuffer()));
  return makeZip([
    ...real.map((e) => ({ name: e.name, data: e.data })),
    { name: 'xl/media/image1.png', deflated: deflatedZeros(60 * MB), ...(lie ? { declaredSize: 1024 } : {}) },
  ]);
}

async function post(url: string, fd: FormData, headers: Record<string, string> = {}) {
  const m = await multipart(fd);
  return admin.request({ method: 'POST', url, payload: m.payload, headers: { ...m.headers, ...headers } });
}

const priceCount = async () => Number((await getDb().select({ n: count() }).from(priceLists))[0].n);
const invoiceCount = async () => Number((await getDb().select({ n: count() }).from(invoices))[0].n);

describe('XLSX bombs', () => {
  it('the price-list preview and import refuse a bomb (honest or lying headers) with 422; /healthz answers', async () => {
    for (const lie of [false, true]) {
      for (const url of ['/api/admin/price-lists/import/preview', '/api/admin/price-lists/import']) {
        const fd = new FormData();
        fd.append('file', file(await bomb(['definition_code', 'catalog_number', 'net_price'], lie), 'cennik.xlsx'));
        const [res, health] = await Promise.all([post(url, fd), t.app.inject({ method: 'GET', url: '/healthz' })]);
        expect(res.statusCode, url).toBe(422);
        expect(res.json()).toEqual({ message: TOO_LARGE, errors: { file: [TOO_LARGE] } });
        expect(health.statusCode).toBe(200);
      }
    }
    expect(await priceCount()).toBe(0);
  });

  it('the invoice batch refuses a bomb as its index with 422 on index', async () => {
    for (const url of ['/api/admin/invoices/import/preview', '/api/admin/invoices/import']) {
      const fd = new FormData();
      fd.append('index', file(await bomb(['file', 'number', 'customer', 'issue_date', 'due_date', 'net', 'gross'], true), 'indeks.xlsx'));
      fd.append('files', file(PDF, 'a.pdf', 'application/pdf'));
      const res = await post(url, fd, { 'x-locale': 'en' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.index[0]).toBe('The file is too large when unpacked (at most 50 MB). Split the data into smaller files.');
    }
    expect(await invoiceCount()).toBe(0);
  });
});

describe('NUL, oversized and disguised files', () => {
  const invoiceForm = (over: Record<string, unknown>, data: Buffer | null, name = 'faktura.pdf', type = 'application/pdf') => {
    const fd = form({
      number: 'FV/1',
      customer_id: String(customerId),
      issue_date: '2026-03-01',
      due_date: '2026-03-31',
      net_amount: '100,00',
      gross_amount: '123,00',
      ...over,
    });
    if (data) fd.append('file', file(data, name, type));
    return fd;
  };

  it('NUL in an invoice field (multipart or JSON) is refused with 422', async () => {
    expect((await post('/api/admin/invoices', invoiceForm({ number: 'FV\u0000/1' }, PDF))).statusCode).toBe(422);
    const json = await admin.request({ method: 'POST', url: '/api/admin/invoices', payload: { number: 'FV/\u00001', customer_id: customerId } });
    expect(json.statusCode).toBe(422);
    expect(await invoiceCount()).toBe(0);
  });

  it('NUL bytes in a price-list CSV make it unreadable (422 on file)', async () => {
    const fd = new FormData();
    fd.append('file', file(Buffer.from('definition_code;catalog_number;net_price\nBAZOWA;CN\u0000-1;1,00\n'), 'cennik.csv', 'text/csv'));
    const res = await post('/api/admin/price-lists/import/preview', fd);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toMatch(/Nie można odczytać pliku/);
  });

  it('an invoice PDF over 20 MB is a 422 on file while reading', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(21 * MB, 0x20), Buffer.from('\n%%EOF\n')]);
    const res = await post('/api/admin/invoices', invoiceForm({}, big));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe('Plik może mieć najwyżej 20 MB.');
    expect(await invoiceCount()).toBe(0);
  });

  it('bytes that are not a PDF are refused whatever the name and declared type', async () => {
    for (const data of [
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      Buffer.from('MZ\x90\x00 executable'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0, 0, 0, 0, 0]),
      Buffer.from('   %PDF-1.4 hidden after spaces %%EOF'),
    ]) {
      const res = await post('/api/admin/invoices', invoiceForm({}, data, 'faktura.pdf', 'application/pdf'));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.file[0]).toMatch(/nie jest dokumentem PDF/);
    }
    // In a batch too.
    const fd = new FormData();
    fd.append('index', file('file;number;customer;issue_date;due_date;net;gross\nx.pdf;FV/X;7791011327;2026-03-01;2026-03-31;1;1\n', 'i.csv'));
    fd.append('files', file('<html></html>', 'x.pdf', 'application/pdf'));
    const batch = await post('/api/admin/invoices/import', fd);
    expect(batch.statusCode).toBe(422);
    expect(batch.json().preview.errors[0].errors.file[0]).toMatch(/nie jest dokumentem PDF/);
    expect(await invoiceCount()).toBe(0);
  });

  it('malformed bodies answer 400 and odd ids 404, never 500', async () => {
    const truncated = await admin.request({
      method: 'POST',
      url: '/api/admin/invoices',
      payload: '--xyz\r\nContent-Disposition: form-data; name="number"\r\n\r\nFV',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(truncated.statusCode).toBe(400);
    const badJson = await admin.request({
      method: 'POST',
      url: '/api/admin/price-lists/import',
      payload: '{"file":',
      headers: { 'content-type': 'application/json' },
    });
    expect(badJson.statusCode).toBe(400);
    for (const url of [
      '/api/admin/invoices/1e9/file',
      '/api/admin/invoices/-1/file',
      '/api/admin/price-lists/99999999999/items',
      '/api/admin/orders/abc',
      '/api/admin/orders/0x10/pdf',
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('the customer invoice routes', () => {
  it('guests get 401 and users without B2B access 403, whatever the id', async () => {
    const guest = new TestClient(t.app);
    const member = await loggedIn(t.app, (await createUser({ state: 'active' })).email);
    for (const url of ['/api/invoices', '/api/invoices/1/file', '/api/invoices/abc/file']) {
      expect((await guest.get(url)).statusCode, url).toBe(401);
      expect((await member.get(url)).statusCode, url).toBe(403);
    }
  });
});
