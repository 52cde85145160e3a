// The price-list admin API: permission, preview with row errors, the one-transaction import (a bad
// row imports nothing), new definitions, replace, the XLSX round trip, the change log and delete.
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { adminClients, createRole, file, json, send } from '~/features/catalog/admin/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { priceListItems, priceLists } from '../pricing.schema';
import { pricesFor } from '../pricing.server';

let t: TestApp;
let admin: TestClient;
let productsOnly: TestClient;
let pricesOnly: TestClient;
let ids: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, productsOnly } = await adminClients(t));
  const role = await createRole(41, 'admin-prices', ['admin.access', 'price_lists.update']);
  pricesOnly = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [role] })).email);
  const db = getDb();
  const [cat] = await db.insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
  const [p] = await db
    .insert(products)
    .values({ categoryId: cat.id, namePl: 'Kabel U/UTP kat. 6', nameEn: 'U/UTP cat. 6 cable', slugPl: 'kabel', slugEn: 'cable' })
    .returning();
  const nums = await db
    .insert(productCatalogNumbers)
    .values(['CN-U6-305-B', 'CN-U6-500-B', 'CN-PC6U-1-B'].map((number) => ({ productId: p.id, number })))
    .returning();
  ids = Object.fromEntries(nums.map((n) => [n.number, n.id]));
});
afterAll(async () => {
  await t?.close();
});

const csvFile = (lines: string[]) => {
  const fd = new FormData();
  fd.append('file', file(lines.join('\r\n'), 'cennik.csv', 'text/csv'));
  return fd;
};
const itemsOf = async (code: string) => {
  const rows = await getDb()
    .select({ number: productCatalogNumbers.number, price: priceListItems.netPrice })
    .from(priceListItems)
    .innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
    .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, priceListItems.catalogNumberId))
    .where(eq(priceLists.code, code));
  return Object.fromEntries(rows.map((r) => [r.number, r.price]));
};

describe('access', () => {
  it('needs admin access and price_lists.update', async () => {
    expect((await send(productsOnly, 'GET', '/api/admin/price-lists')).statusCode).toBe(403);
    expect(
      (await send(productsOnly, 'POST', '/api/admin/price-lists/import', csvFile(['definition_code;catalog_number;net_price', 'BAZOWA;CN-U6-305-B;1,00'])))
        .statusCode,
    ).toBe(403);
    expect(await itemsOf('BAZOWA')).toEqual({});
    expect((await send(pricesOnly, 'GET', '/api/admin/price-lists')).statusCode).toBe(200);
  });
});

describe('import', () => {
  it('the preview lists the errors of every row and writes nothing', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/admin/price-lists/import/preview',
      csvFile([
        'Kod definicji;Numer katalogowy;Cena netto',
        'BAZOWA;CN-U6-305-B;2,35',
        ';CN-U6-500-B;2,40',
        'BAZOWA;CN-NIE-MA;1,00',
        'BAZOWA;CN-PC6U-1-B;12,345',
        'BAZOWA;cn-u6-305-b;2,36',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = json<{ ok: boolean; errorRows: number; errors: { row: number; errors: Record<string, string[]> }[] }>(res);
    expect(preview.ok).toBe(false);
    expect(preview.errorRows).toBe(4);
    expect(preview.errors.map((e) => [e.row, Object.keys(e.errors)])).toEqual([
      [3, ['definition_code']],
      [4, ['catalog_number']],
      [5, ['net_price']],
      [6, ['catalog_number']],
    ]);
    expect(preview.errors[1].errors.catalog_number?.[0]).toBe('Nieznany numer katalogowy CN-NIE-MA.');
    expect(await itemsOf('BAZOWA')).toEqual({});
  });

  it('a file with one bad row imports nothing (422 with the preview)', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/admin/price-lists/import',
      csvFile(['definition_code;catalog_number;net_price', 'BAZOWA;CN-U6-305-B;2,35', 'HURT-20;CN-U6-305-B;abc']),
    );
    expect(res.statusCode).toBe(422);
    const body = json<{ message: string; errors: Record<string, string[]>; preview: { errorRows: number } }>(res);
    expect(body.errors.file[0]).toMatch(/Nic nie zostało zapisane/);
    expect(body.preview.errorRows).toBe(1);
    expect(await getDb().select().from(priceLists)).toEqual([]);
  });

  it('imports a valid file in one go: base list, a new definition, the change log', async () => {
    const preview = await send(
      admin,
      'POST',
      '/api/admin/price-lists/import/preview',
      csvFile([
        'definition_code,catalog_number,net_price',
        'BAZOWA,CN-U6-305-B,2.35',
        'BAZOWA,CN-U6-500-B,2.40',
        'bazowa,CN-PC6U-1-B,"12,90"',
        'hurt-20,CN-U6-305-B,1.76',
      ]),
    );
    expect(json(preview)).toMatchObject({
      ok: true,
      summary: {
        rows: 4,
        created: 2,
        inserted: 4,
        updated: 0,
        lists: [
          { code: 'BAZOWA', isNew: true, rows: 3 },
          { code: 'HURT-20', isNew: true, rows: 1 },
        ],
      },
    });
    const res = await send(
      admin,
      'POST',
      '/api/admin/price-lists/import',
      csvFile([
        'definition_code,catalog_number,net_price',
        'BAZOWA,CN-U6-305-B,2.35',
        'BAZOWA,CN-U6-500-B,2.40',
        'bazowa,CN-PC6U-1-B,"12,90"',
        'hurt-20,CN-U6-305-B,1.76',
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ inserted: 4, created: 2 });
    expect(await itemsOf('BAZOWA')).toEqual({ 'CN-U6-305-B': 235, 'CN-U6-500-B': 240, 'CN-PC6U-1-B': 1290 });
    expect(await itemsOf('HURT-20')).toEqual({ 'CN-U6-305-B': 176 });
    const [base] = await getDb().select().from(priceLists).where(eq(priceLists.code, 'BAZOWA'));
    expect(base.isBase).toBe(true);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'price_list'), eq(changeInfos.action, 'create')));
    expect(log).toHaveLength(2);
    // The shop sees the prices at once.
    const [c] = await getDb().insert(customers).values({ name: 'Hurtownia', enovaDefinicjaCeny: 'HURT-20' }).returning();
    expect((await pricesFor(getDb(), c.id, [ids['CN-U6-305-B'], ids['CN-U6-500-B']])).get(ids['CN-U6-305-B'])).toEqual({ base: 235, customer: 176 });
  });

  it('an XLSX file updates prices; with replace, prices missing from the file are removed', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Arkusz');
    sheet.addRow(['definition_code', 'catalog_number', 'net_price']);
    sheet.addRow(['BAZOWA', 'CN-U6-305-B', 2.5]);
    sheet.addRow(['BAZOWA', 'CN-U6-500-B', 2.4]);
    const fd = new FormData();
    fd.append('file', file(Buffer.from(await wb.xlsx.writeBuffer()), 'cennik.xlsx'));
    fd.append('replace', '1');
    const preview = await send(admin, 'POST', '/api/admin/price-lists/import/preview', fd);
    expect(json(preview)).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1, unchanged: 1, removed: 1 } });
    const fd2 = new FormData();
    fd2.append('file', file(Buffer.from(await wb.xlsx.writeBuffer()), 'cennik.xlsx'));
    fd2.append('replace', '1');
    const res = await send(admin, 'POST', '/api/admin/price-lists/import', fd2);
    expect(res.statusCode, res.body).toBe(200);
    expect(await itemsOf('BAZOWA')).toEqual({ 'CN-U6-305-B': 250, 'CN-U6-500-B': 240 });
    expect(await itemsOf('HURT-20')).toEqual({ 'CN-U6-305-B': 176 });
  });

  it('a file without the columns or rows is a 422 on file', async () => {
    const res = await send(admin, 'POST', '/api/admin/price-lists/import/preview', csvFile(['numer;cena', 'CN-U6-305-B;1']));
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors.file[0]).toMatch(/Brak kolumn: definition_code/);
    const none = await send(admin, 'POST', '/api/admin/price-lists/import/preview', new FormData());
    expect(json<{ errors: Record<string, string[]> }>(none).errors.file[0]).toBe('Wybierz plik XLSX lub CSV.');
  });
});

describe('lists, export and delete', () => {
  it('lists the price lists with counts and a list page with base prices', async () => {
    const lists = json<{ items: { id: number; code: string; is_base: boolean; items: number; customers: number }[] }>(
      await send(admin, 'GET', '/api/admin/price-lists'),
    ).items;
    expect(lists.map((l) => [l.code, l.is_base, l.items, l.customers])).toEqual([
      ['BAZOWA', true, 2, 0],
      ['HURT-20', false, 1, 1],
    ]);
    const hurt = lists[1];
    const page = json<{ items: Record<string, unknown>[]; pages: number }>(await send(admin, 'GET', `/api/admin/price-lists/${hurt.id}/items?search=u6-305`));
    expect(page).toMatchObject({ pages: 1, items: [{ number: 'CN-U6-305-B', net_price: '1.76', base_price: '2.50' }] });
    expect((await send(admin, 'GET', '/api/admin/price-lists/999999/items')).statusCode).toBe(404);
  });

  it('exports XLSX in the import columns, which imports back unchanged', async () => {
    const res = await send(admin, 'GET', '/api/admin/price-lists/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/cennik-wszystkie-.*\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1, 4));
    expect(rows).toEqual([
      ['definition_code', 'catalog_number', 'net_price'],
      ['BAZOWA', 'CN-U6-305-B', 2.5],
      ['BAZOWA', 'CN-U6-500-B', 2.4],
      ['HURT-20', 'CN-U6-305-B', 1.76],
    ]);
    const fd = new FormData();
    fd.append('file', file(res.rawPayload, 'export.xlsx'));
    expect(json(await send(admin, 'POST', '/api/admin/price-lists/import/preview', fd))).toMatchObject({
      ok: true,
      summary: { inserted: 0, updated: 0, unchanged: 3 },
    });
  });

  it('deletes a definition (not the base list)', async () => {
    const lists = await getDb().select().from(priceLists);
    const base = lists.find((l) => l.isBase);
    const hurt = lists.find((l) => l.code === 'HURT-20');
    expect((await send(admin, 'DELETE', `/api/admin/price-lists/${base?.id}`)).statusCode).toBe(422);
    const res = await send(admin, 'DELETE', `/api/admin/price-lists/${hurt?.id}`);
    expect(res.statusCode).toBe(200);
    expect(await itemsOf('HURT-20')).toEqual({});
    expect(await itemsOf('BAZOWA')).toEqual({ 'CN-U6-305-B': 250, 'CN-U6-500-B': 240 });
  });
});
