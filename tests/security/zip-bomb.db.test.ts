// Issue 10, item 3: a small XLSX that unpacks to far more than an import may hold is refused (422,
// a clear message) before ExcelJS unpacks it, whether its headers tell the truth or lie, and the
// server keeps answering /healthz during and after.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { file, multipart } from '~/features/catalog/admin/tests/helpers';
import { IMPORT_COLUMNS } from '~/features/catalog/admin/import-columns';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { deflatedZeros, makeZip, readZip } from '~tests/helpers/zip';

const MB = 1024 * 1024;
const TOO_LARGE = 'Plik po rozpakowaniu jest za duży (maksymalnie 50 MB). Podziel dane na mniejsze pliki.';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
});
afterAll(async () => {
  await t?.close();
});

/** A real, importable workbook (one product row) with a 60 MB run of zeros added as one more entry. */
async function bomb(opts: { lie: boolean }): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Produkty');
  ws.addRow([...IMPORT_COLUMNS]);
  ws.addRow(IMPORT_COLUMNS.map((c) => (c === 'name_pl' ? 'Kabel U/UTP' : c === 'name_en' ? 'U/UTP cable' : null)));
  const real = readZip(Buffer.from(await wb.xlsx.writeBuffer()));
  return makeZip([
    ...real.map((e) => ({ name: e.name, data: e.data })),
    { name: 'xl/media/image1.png', deflated: deflatedZeros(60 * MB), ...(opts.lie ? { declaredSize: 1024 } : {}) },
  ]);
}

async function importPreview(data: Buffer, locale = 'pl') {
  const fd = new FormData();
  fd.append('file', file(data, 'produkty.xlsx'));
  const m = await multipart(fd);
  return admin.request({ method: 'POST', url: '/api/admin/products-import/preview', payload: m.payload, headers: { ...m.headers, 'x-locale': locale } });
}

describe('XLSX bomb in the products import (issue 10, item 3)', () => {
  it('a 60 MB entry that says so is refused with 422 and a clear message', async () => {
    const data = await bomb({ lie: false });
    expect(data.length).toBeLessThan(200 * 1024);
    const res = await importPreview(data);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: TOO_LARGE, errors: { file: [TOO_LARGE] } });
  });

  it('a 60 MB entry whose headers claim 1 kB is stopped at the cap while inflating; /healthz answers during and after', async () => {
    const data = await bomb({ lie: true });
    const [res, health] = await Promise.all([importPreview(data, 'en'), t.app.inject({ method: 'GET', url: '/healthz' })]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.file[0]).toBe('The file is too large when unpacked (at most 50 MB). Split the data into smaller files.');
    expect(health.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
  });

  it('the same on the import itself, and an honest small workbook still passes the guard', async () => {
    const fd = new FormData();
    fd.append('file', file(await bomb({ lie: true }), 'produkty.xlsx'));
    const m = await multipart(fd);
    const res = await admin.request({ method: 'POST', url: '/api/admin/products-import', payload: m.payload, headers: m.headers });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(TOO_LARGE);
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Produkty').addRow([...IMPORT_COLUMNS]);
    const ok = await importPreview(Buffer.from(await wb.xlsx.writeBuffer()));
    // Read (no rows), not refused as an archive.
    expect(ok.statusCode).toBe(422);
    expect(ok.json().message).toBe('Plik nie zawiera żadnych wierszy z danymi.');
  });
});
