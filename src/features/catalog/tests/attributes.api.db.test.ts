// Product attributes through the admin API: saved with the product form (checked against the
// definitions), shown in the specification table and the listing facets, and carried through the
// XLSX export and import (round trip, changed cells, refusals).
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { adminClients, file, form, json, send } from '../admin/tests/helpers';
import { productAttributeValues } from '../attributes.schema';
import { categories } from '../catalog.schema';
import { getProduct, listProducts } from '../catalog.server';
import { type SeededAttributes, seedDemoAttributes } from '../demo/attributes.seed.server';

let t: TestApp;
let admin: TestClient;
let categoryId: number;
let seeded: SeededAttributes;

const attr = (code: string) => seeded.byCode.get(code) as { id: number; options: Map<string, number> };
const opt = (code: string, option: string) => attr(code).options.get(option) as number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminClients(t));
  const [c] = await getDb().insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
  categoryId = c.id;
  seeded = await seedDemoAttributes();
});
afterAll(async () => {
  await t?.close();
});

const body = (name: string, attributes: unknown[] | undefined, version?: number) =>
  form({
    category_id: String(categoryId),
    name_pl: name,
    name_en: `${name} EN`,
    published_at: '2025-02-03',
    is_active: true,
    ...(version ? { version } : {}),
    ...(attributes ? { attributes } : {}),
  });

const errorsOf = (res: LightMyRequestResponse) => json<{ errors: Record<string, string[]> }>(res).errors;

async function storedValues(productId: number) {
  return getDb()
    .select()
    .from(productAttributeValues)
    .where(eq(productAttributeValues.productId, productId))
    .orderBy(productAttributeValues.attributeId, productAttributeValues.position);
}

let cableId: number;
let cordId: number;

describe('the product form', () => {
  it('saves enum, number and text values; the page and the listing show them', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/admin/products',
      body('Kabel S/FTP kat. 6A', [
        { id: attr('category').id, options: [opt('category', '6a')] },
        { id: attr('shielding').id, options: [opt('shielding', 's-ftp')] },
        { id: attr('length').id, numbers: '305; 500' },
        { id: attr('material').id, text_pl: 'miedź', text_en: 'copper' },
        { id: attr('colour').id, options: [] },
      ]),
    );
    expect(res.statusCode).toBe(200);
    cableId = json<{ id: number }>(res).id;
    const cord = await send(
      admin,
      'POST',
      '/api/admin/products',
      body('Patchcord kat. 6', [
        { id: attr('category').id, options: [opt('category', '6')] },
        { id: attr('shielding').id, options: [opt('shielding', 's-ftp')] },
        { id: attr('length').id, numbers: '0,5; 2' },
      ]),
    );
    expect(cord.statusCode).toBe(200);
    cordId = json<{ id: number }>(cord).id;
    expect(await storedValues(cableId)).toHaveLength(5);

    const pl = await getProduct(cableId, 'pl');
    expect(pl?.specs.map((s) => [s.name, s.value])).toEqual([
      ['Kategoria', '6A'],
      ['Ekranowanie', 'S/FTP'],
      ['Długość', '305; 500 m'],
      ['Materiał', 'miedź'],
    ]);
    const en = await getProduct(cordId, 'en');
    expect(en?.specs.find((s) => s.code === 'length')?.value).toBe('0.5, 2 m');

    const list = await listProducts({ locale: 'pl', categoryId, selection: { shielding: ['s-ftp'] } });
    expect(list.total).toBe(2);
    const category = list.facets.find((f) => f.code === 'category');
    expect(category?.values.map((v) => [v.label, v.count])).toEqual([
      ['6', 1],
      ['6A', 1],
    ]);
    const narrowed = await listProducts({ locale: 'en', categoryId, selection: { shielding: ['s-ftp'], length: ['0.5'] } });
    expect(narrowed.items.map((i) => i.id)).toEqual([cordId]);
    // Key attributes on the card.
    expect(narrowed.items[0]?.attrs).toEqual([
      { name: 'Category', value: '6' },
      { name: 'Shielding', value: 'S/FTP' },
    ]);
  });

  it('refuses an option of another attribute, bad numbers and unknown attributes (422, nothing changed)', async () => {
    const before = await storedValues(cableId);
    const res = await send(
      admin,
      'PUT',
      `/api/admin/products/${cableId}`,
      body(
        'Kabel S/FTP kat. 6A',
        [
          { id: attr('category').id, options: [opt('shielding', 'u-utp')] },
          { id: attr('length').id, numbers: '305, 500' },
        ],
        1,
      ),
    );
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)['attributes.1.numbers']).toEqual(['Wpisz liczby oddzielone średnikami, np. 0,5; 1; 2.']);
    const res2 = await send(
      admin,
      'PUT',
      `/api/admin/products/${cableId}`,
      body(
        'Kabel S/FTP kat. 6A',
        [
          { id: attr('category').id, options: [opt('shielding', 'u-utp')] },
          { id: 999999, options: [] },
        ],
        1,
      ),
    );
    expect(res2.statusCode).toBe(422);
    expect(errorsOf(res2)['attributes.0.options']).toEqual(['Wybierz wartość z listy tego atrybutu.']);
    expect(errorsOf(res2)['attributes.1.id']).toEqual(['Ten atrybut nie istnieje.']);
    expect(await storedValues(cableId)).toEqual(before);
  });

  it('an update replaces the values; a save without the attributes section keeps them', async () => {
    const res = await send(
      admin,
      'PUT',
      `/api/admin/products/${cableId}`,
      body(
        'Kabel S/FTP kat. 6A',
        [
          { id: attr('category').id, options: [opt('category', '6a'), opt('category', '7')] },
          { id: attr('length').id, numbers: '' },
        ],
        1,
      ),
    );
    expect(res.statusCode).toBe(200);
    const after = await storedValues(cableId);
    expect(after.map((v) => v.optionId)).toEqual([opt('category', '6a'), opt('category', '7')]);
    const keep = await send(admin, 'PUT', `/api/admin/products/${cableId}`, body('Kabel S/FTP kat. 6A nowa nazwa', undefined, 2));
    expect(keep.statusCode).toBe(200);
    expect(await storedValues(cableId)).toEqual(after);
    const edit = json<{ attributes: { attributeId: number; optionIds?: number[] }[] }>(await send(admin, 'GET', `/api/admin/products/${cableId}`));
    expect(edit.attributes).toEqual([{ attributeId: attr('category').id, optionIds: [opt('category', '6a'), opt('category', '7')] }]);
  });
});

describe('import and export', () => {
  async function exported(): Promise<ExcelJS.Worksheet> {
    const res = await send(admin, 'GET', '/api/admin/products-export');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return wb.getWorksheet('Produkty') as ExcelJS.Worksheet;
  }
  const header = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rowOf = (ws: ExcelJS.Worksheet, productId: number) => {
    for (let r = 2; r <= ws.rowCount; r++) if (Number(ws.getRow(r).getCell(1).value) === productId) return ws.getRow(r);
    throw new Error(`no row of ${productId}`);
  };
  async function upload(ws: ExcelJS.Worksheet) {
    const wb = new ExcelJS.Workbook();
    const out = wb.addWorksheet('Produkty');
    ws.eachRow({ includeEmpty: false }, (row) => {
      out.addRow((row.values as unknown[]).slice(1));
    });
    const fd = new FormData();
    fd.append('file', file(Buffer.from(await wb.xlsx.writeBuffer()), 'produkty.xlsx'));
    return send(admin, 'POST', '/api/admin/products-import', fd);
  }

  it('exports attribute columns; the exported file imports back without changes', async () => {
    const ws = await exported();
    const cols = header(ws);
    expect(cols).toContain('attr:category');
    expect(cols).toContain('attr:material:en');
    const cord = rowOf(ws, cordId);
    expect(cord.getCell(cols.indexOf('attr:length') + 1).value).toBe('0.5; 2');
    expect(cord.getCell(cols.indexOf('attr:shielding') + 1).value).toBe('s-ftp');
    const before = [await storedValues(cableId), await storedValues(cordId)];
    const res = await upload(ws);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('"done":true');
    expect(
      [await storedValues(cableId), await storedValues(cordId)].map((l) => l.map((v) => [v.attributeId, v.optionId, v.number, v.textPl, v.textEn])),
    ).toEqual(before.map((l) => l.map((v) => [v.attributeId, v.optionId, v.number, v.textPl, v.textEn])));
  });

  it('changed cells (codes or values in either language, numbers with a comma) replace the values', async () => {
    const ws = await exported();
    const cols = header(ws);
    const cord = rowOf(ws, cordId);
    cord.getCell(cols.indexOf('attr:category') + 1).value = '6A; kat';
    const bad = await upload(ws);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Nieznana wartość „kat” atrybutu category');
    cord.getCell(cols.indexOf('attr:category') + 1).value = '6A; 5e';
    cord.getCell(cols.indexOf('attr:colour') + 1).value = 'Niebieski; grey';
    cord.getCell(cols.indexOf('attr:length') + 1).value = '1,5';
    cord.getCell(cols.indexOf('attr:shielding') + 1).value = '';
    cord.getCell(cols.indexOf('attr:material') + 1).value = 'tworzywo';
    cord.getCell(cols.indexOf('attr:material:en') + 1).value = 'plastic';
    const res = await upload(ws);
    expect(res.statusCode).toBe(200);
    const pl = await getProduct(cordId, 'pl');
    expect(pl?.specs.map((s) => [s.code, s.value])).toEqual([
      ['category', '5e, 6A'],
      ['length', '1,5 m'],
      ['colour', 'szary, niebieski'],
      ['material', 'tworzywo'],
    ]);
    expect((await getProduct(cordId, 'en'))?.specs.find((s) => s.code === 'material')?.value).toBe('plastic');
  });

  it('refuses an unknown attribute column', async () => {
    const ws = await exported();
    ws.getRow(1).getCell(header(ws).length + 1).value = 'attr:nope';
    const res = await upload(ws);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).file).toEqual(['Nieznana kolumna atrybutu: attr:nope.']);
  });
});
