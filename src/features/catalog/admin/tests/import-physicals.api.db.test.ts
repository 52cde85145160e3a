// Weight (weight_kg) and volume (volume_cm) of catalogue numbers in the product import and export
// (issue 11): imported from XLSX and CSV (Polish decimal comma accepted), refused per row when not
// a non-negative number, kept when a cell is empty, exported and imported back unchanged.
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { categories, productCatalogNumbers, products } from '../../catalog.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { IMPORT_COLUMNS, type ImportPreview } from '../import-columns';
import { adminClients, file, json, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let cat: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminClients(t));
  const [c] = await getDb().insert(categories).values({ namePl: 'Szafy', nameEn: 'Cabinets', slugPl: 'szafy', slugEn: 'cabinets' }).returning();
  cat = c.id;
});
afterAll(async () => {
  await t?.close();
});

type Row = Partial<Record<(typeof IMPORT_COLUMNS)[number], string | number>>;

function csv(rows: Row[], columns: readonly string[] = IMPORT_COLUMNS): Buffer {
  const cell = (v: unknown) => {
    const s = v === undefined || v === null ? '' : String(v);
    return /["\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [columns.join(';'), ...rows.map((r) => columns.map((c) => cell(r[c as keyof Row])).join(';'))];
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

async function xlsx(rows: Row[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Produkty');
  ws.addRow([...IMPORT_COLUMNS]);
  for (const r of rows) ws.addRow(IMPORT_COLUMNS.map((c) => r[c] ?? null));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function upload(data: Buffer, name: string): FormData {
  const fd = new FormData();
  fd.append('file', file(data, name));
  return fd;
}

const preview = async (data: Buffer, name: string, headers: Record<string, string> = {}) =>
  send(admin, 'POST', '/api/admin/products-import/preview', upload(data, name), headers);
const run = async (data: Buffer, name: string) => send(admin, 'POST', '/api/admin/products-import', upload(data, name));

function last(res: LightMyRequestResponse): Record<string, unknown> {
  const lines = res.body.split('\n').filter(Boolean);
  return JSON.parse(lines[lines.length - 1] as string) as Record<string, unknown>;
}

const physicals = async (productId: number) =>
  (await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, productId)).orderBy(asc(productCatalogNumbers.position))).map(
    (n) => [n.number, Number(n.weightKg), n.volumeCm],
  );

const cabinet = (over: Row = {}): Row => ({
  category_id: cat,
  name_pl: 'Szafa stojąca 42U 800x1000',
  name_en: '42U floor cabinet 800x1000',
  catalog_number: 'CN-SS-42U-81',
  multiple: 1,
  multiple_unit: 'szt.',
  ...over,
});

let id: number;

describe('weight_kg and volume_cm in the product import', () => {
  it('imports them from XLSX: a decimal comma in a text cell, a number cell, an empty cell as 0 for a new number', async () => {
    const data = await xlsx([
      cabinet({ weight_kg: '78,5', volume_cm: '1200000' }),
      cabinet({ catalog_number: 'CN-SS-42U-81-K', weight_kg: 0.045, volume_cm: 95 }),
      cabinet({ catalog_number: 'CN-SS-42U-81-P' }),
    ]);
    const p = await preview(data, 'szafy.xlsx');
    expect(p.statusCode, p.body).toBe(200);
    expect(json<ImportPreview>(p)).toMatchObject({ ok: true, summary: { created: 1, numbers: 3 } });
    const res = await run(data, 'szafy.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(last(res)).toMatchObject({ done: true, created: 1, numbers: 3 });
    const [row] = await getDb().select().from(products).where(eq(products.namePl, 'Szafa stojąca 42U 800x1000'));
    id = row.id;
    expect(await physicals(id)).toEqual([
      ['CN-SS-42U-81', 78.5, 1200000],
      ['CN-SS-42U-81-K', 0.045, 95],
      ['CN-SS-42U-81-P', 0, 0],
    ]);
  });

  it('refuses negative, non-numeric and fractional values on their rows (both languages) and writes nothing', async () => {
    const rows = [
      cabinet({ weight_kg: '-2', volume_cm: '1,5' }),
      cabinet({ catalog_number: 'CN-X-1', weight_kg: 'dużo', volume_cm: '-1' }),
      cabinet({ catalog_number: 'CN-X-2', weight_kg: '1,2345', volume_cm: '12 000' }),
      cabinet({ catalog_number: 'CN-X-3', weight_kg: '0,5', volume_cm: '0' }),
    ].map((r, i) => ({ ...r, product_id: '', name_pl: `Szafa błędna ${i}` }));
    const before = await physicals(id);
    const p = await preview(csv(rows), 'bledy.csv');
    expect(p.statusCode, p.body).toBe(200);
    const body = json<ImportPreview>(p);
    expect(body.ok).toBe(false);
    const byRow = Object.fromEntries(body.errors.map((e) => [e.row, e.errors]));
    expect(Object.keys(byRow).map(Number)).toEqual([2, 3, 4]);
    for (const r of [2, 3, 4]) {
      expect(byRow[r].weight_kg, `row ${r}`).toEqual(['Waga musi być liczbą od 0 do 100000 kg (maks. 3 miejsca po przecinku).']);
      expect(byRow[r].volume_cm, `row ${r}`).toEqual(['Objętość musi być liczbą całkowitą cm³ od 0 do 100000000.']);
    }
    const en = json<ImportPreview>(await preview(csv(rows), 'bledy.csv', { 'x-locale': 'en' }));
    expect(en.errors[0].errors.weight_kg).toEqual(['The weight must be a number from 0 to 100000 kg (at most 3 decimal places).']);
    expect(en.errors[0].errors.volume_cm).toEqual(['The volume must be a whole number of cm³ from 0 to 100000000.']);
    expect((await run(csv(rows), 'bledy.csv')).statusCode).toBe(422);
    expect(await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.number, 'CN-X-3'))).toEqual([]);
    expect(await physicals(id)).toEqual(before);
  });

  it('updates an existing number from a CSV with a decimal comma; an empty cell or a missing column keeps the stored value', async () => {
    const ids = async () =>
      (
        await getDb()
          .select({ id: productCatalogNumbers.id })
          .from(productCatalogNumbers)
          .where(eq(productCatalogNumbers.productId, id))
          .orderBy(asc(productCatalogNumbers.position))
      ).map((r) => r.id);
    const numberIds = await ids();
    const rows = [
      cabinet({ product_id: id, weight_kg: '80,25', volume_cm: '1210000' }),
      cabinet({ product_id: id, catalog_number: 'CN-SS-42U-81-K', weight_kg: '', volume_cm: '' }),
      cabinet({ product_id: id, catalog_number: 'CN-SS-42U-81-P', weight_kg: '12', volume_cm: '' }),
    ];
    const res = await run(csv(rows), 'szafy.csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(last(res)).toMatchObject({ done: true, updated: 1 });
    expect(await physicals(id)).toEqual([
      ['CN-SS-42U-81', 80.25, 1210000],
      ['CN-SS-42U-81-K', 0.045, 95],
      ['CN-SS-42U-81-P', 12, 0],
    ]);
    // A file without the two columns changes neither.
    const without = IMPORT_COLUMNS.filter((c) => c !== 'weight_kg' && c !== 'volume_cm');
    const again = await run(csv(rows, without), 'bez-wag.csv');
    expect(last(again)).toMatchObject({ done: true, updated: 0, unchanged: 1 });
    expect((await physicals(id)).map((n) => n[1])).toEqual([80.25, 0.045, 12]);
    // Number ids stay (price lists, carts and orders refer to them).
    expect(await ids()).toEqual(numberIds);
  });
});

describe('weight_kg and volume_cm in the product export', () => {
  it('are exported as numbers, import back unchanged, and an edited weight updates that number only', async () => {
    const res = await send(admin, 'GET', '/api/admin/products-export');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    expect(col('weight_kg')).toBeGreaterThan(0);
    expect(col('volume_cm')).toBeGreaterThan(0);
    const exported: unknown[][] = [];
    sheet.eachRow((r, n) => {
      if (n > 1 && Number(r.getCell(1).value) === id)
        exported.push([r.getCell(col('catalog_number')).value, r.getCell(col('weight_kg')).value, r.getCell(col('volume_cm')).value]);
    });
    expect(exported).toEqual([
      ['CN-SS-42U-81', 80.25, 1210000],
      ['CN-SS-42U-81-K', 0.045, 95],
      ['CN-SS-42U-81-P', 12, 0],
    ]);

    const back = json<ImportPreview>(await preview(res.rawPayload, 'produkty.xlsx'));
    expect(back.ok, JSON.stringify(back.errors.slice(0, 3))).toBe(true);
    expect(back.summary).toMatchObject({ created: 0, updated: 0 });

    sheet.eachRow((r, n) => {
      if (n > 1 && r.getCell(col('catalog_number')).value === 'CN-SS-42U-81-K') r.getCell(col('weight_kg')).value = '0,05';
    });
    const edited = Buffer.from(await wb.xlsx.writeBuffer());
    const done = await run(edited, 'produkty.xlsx');
    expect(last(done)).toMatchObject({ done: true, created: 0, updated: 1 });
    expect(await physicals(id)).toEqual([
      ['CN-SS-42U-81', 80.25, 1210000],
      ['CN-SS-42U-81-K', 0.05, 95],
      ['CN-SS-42U-81-P', 12, 0],
    ]);
  });
});
