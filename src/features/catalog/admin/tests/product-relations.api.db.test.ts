// Related products and accessories chosen in the admin product form (issue 17): saved with the
// product (same save, same validation, change log), refused when a product is related to itself,
// listed twice or unknown (422, nothing written), and shown on the public product page: chosen
// related products first (public ones only), then the category fallback; accessories only when
// chosen. Deleting a product removes the links to it. The XLSX export and import carry them as
// catalogue numbers in the `related` and `accessories` columns.
import { and, asc, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { categories, productRelations } from '../../catalog.schema';
import { getProduct, RELATED_COUNT } from '../../catalog.server';
import { loader as productPageLoader } from '../../routes/product';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import type { AdminProduct } from '../products-admin.server';
import { adminClients, file, form, json, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let categoriesOnly: TestClient;
let cablesId: number;
let toolsId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, categoriesOnly } = await adminClients(t));
  const rows = await getDb()
    .insert(categories)
    .values([
      { namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' },
      { namePl: 'Narzędzia', nameEn: 'Tools', slugPl: 'narzedzia', slugEn: 'tools' },
    ])
    .returning();
  cablesId = rows[0].id;
  toolsId = rows[1].id;
});
afterAll(async () => {
  await t?.close();
});

let seq = 0;
const body = (name: string, over: Record<string, unknown> = {}) => ({
  category_id: String(cablesId),
  name_pl: name,
  name_en: `${name} EN`,
  published_at: '2025-02-03',
  is_active: true,
  numbers: [{ number: `CN-REL-${++seq}`, multiple: '1', multiple_unit: 'szt.' }],
  ...over,
});

async function create(name: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await send(admin, 'POST', '/api/admin/products', form(body(name, over)));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

async function load(id: number): Promise<AdminProduct> {
  const res = await send(admin, 'GET', `/api/admin/products/${id}`);
  expect(res.statusCode).toBe(200);
  return json<AdminProduct>(res);
}

/** Saves the product as its form does: every field again, with the loaded version. */
async function save(id: number, name: string, over: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const { version, numbers } = await load(id);
  const kept = numbers.map((n) => ({ number: n.number, multiple: String(n.multiple), multiple_unit: n.multipleUnit }));
  return send(admin, 'PUT', `/api/admin/products/${id}`, form({ ...body(name, over), numbers: kept, version }));
}

const errorsOf = (res: LightMyRequestResponse) => json<{ errors: Record<string, string[]> }>(res).errors;
const stored = (productId: number) =>
  getDb()
    .select({ id: productRelations.relatedProductId, kind: productRelations.kind })
    .from(productRelations)
    .where(eq(productRelations.productId, productId))
    .orderBy(asc(productRelations.kind), asc(productRelations.position));

let cable: number;
let cableB: number;
let cableC: number;
let plug: number;
let crimper: number;
let hidden: number;
let future: number;

describe('saving the lists with the product', () => {
  it('creates the products; a new product is saved with its lists', async () => {
    cableB = await create('Kabel B');
    cableC = await create('Kabel C');
    plug = await create('Wtyk RJ45', { category_id: String(toolsId) });
    crimper = await create('Zaciskarka', { category_id: String(toolsId) });
    hidden = await create('Narzędzie nieaktywne', { category_id: String(toolsId), is_active: false });
    future = await create('Narzędzie przyszłe', { category_id: String(toolsId), published_at: '2099-01-01' });
    cable = await create('Kabel A', { related: [plug], accessories: [crimper] });
    expect(await stored(cable)).toEqual([
      { id: crimper, kind: 'accessory' },
      { id: plug, kind: 'related' },
    ]);
  });

  it('saves related products and accessories in their order; the form reads them back; the change log names them', async () => {
    const res = await save(cable, 'Kabel A', { related: [hidden, plug], accessories: [future, crimper, hidden] });
    expect(res.statusCode, res.body).toBe(200);
    const p = await load(cable);
    expect(p.related.map((r) => r.id)).toEqual([hidden, plug]);
    expect(p.accessories.map((r) => r.id)).toEqual([future, crimper, hidden]);
    expect(p.related[0]).toMatchObject({ namePl: 'Narzędzie nieaktywne', isActive: false, number: expect.stringMatching(/^CN-REL-/) });

    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'product'), eq(changeInfos.entityId, String(cable))))
      .orderBy(desc(changeInfos.id))
      .limit(1);
    const changes = log.changes as Record<string, { before: unknown; after: unknown }>;
    expect(changes.related.before).toEqual([expect.stringContaining('Wtyk RJ45')]);
    expect(changes.related.after).toEqual([expect.stringContaining('Narzędzie nieaktywne'), expect.stringContaining('Wtyk RJ45')]);
    expect(changes.accessories.after).toHaveLength(3);
  });

  it('a save without the lists keeps them; an empty list removes them', async () => {
    expect((await save(cable, 'Kabel A', {})).statusCode).toBe(200);
    expect(await stored(cable)).toHaveLength(5);
    expect((await save(cable, 'Kabel A', { accessories: '' })).statusCode).toBe(200);
    expect((await load(cable)).accessories).toEqual([]);
    expect((await load(cable)).related.map((r) => r.id)).toEqual([hidden, plug]);
    expect((await save(cable, 'Kabel A', { accessories: [future, crimper, hidden] })).statusCode).toBe(200);
  });

  it('refuses (422) a product related to itself, a product listed twice and unknown ids; nothing is written', async () => {
    const before = await stored(cable);
    const { version } = await load(cable);

    const self = await save(cable, 'Kabel A', { related: [plug, cable] });
    expect(self.statusCode).toBe(422);
    expect(errorsOf(self)['related.1']).toEqual(['Produkt nie może być powiązany sam ze sobą.']);

    const unknown = await save(cable, 'Kabel A', { accessories: [crimper, 987654] });
    expect(unknown.statusCode).toBe(422);
    expect(errorsOf(unknown)['accessories.1']).toEqual(['Produkt o id 987654 nie istnieje.']);

    const twice = await save(cable, 'Kabel A', { related: [plug, plug] });
    expect(twice.statusCode).toBe(422);
    expect(errorsOf(twice)['related.1']).toEqual(['Ten produkt jest już na liście.']);

    const bad = await save(cable, 'Kabel A', { related: ['abc'] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(errorsOf(bad))).toEqual(['related.0']);

    const tooMany = await save(cable, 'Kabel A', { related: Array.from({ length: 25 }, (_, i) => i + 1) });
    expect(tooMany.statusCode).toBe(422);
    expect(errorsOf(tooMany).related).toEqual(['Można wybrać najwyżej 24 produktów.']);

    // A new product refused the same way is not created.
    const created = await send(admin, 'POST', '/api/admin/products', form(body('Kabel odrzucony', { accessories: [987654] })));
    expect(created.statusCode).toBe(422);
    expect(errorsOf(created)['accessories.0']).toBeDefined();

    expect(await stored(cable)).toEqual(before);
    expect((await load(cable)).version).toBe(version);
  });

  it('only an administrator with products.update saves them', async () => {
    const res = await send(categoriesOnly, 'PUT', `/api/admin/products/${cable}`, form({ ...body('Kabel A'), related: [plug], version: 1 }));
    expect(res.statusCode).toBe(403);
  });
});

describe('the public product page', () => {
  it('shows the chosen related products first (public ones only), then products of the category; accessories when chosen', async () => {
    const pl = await getProduct(cable, 'pl');
    expect(pl).not.toBeNull();
    // The inactive product is left out; the chosen plug comes first, then the category's other cables.
    expect(pl?.related.map((r) => r.id)).toEqual([plug, cableC, cableB]);
    expect(pl?.related.length).toBeLessThanOrEqual(RELATED_COUNT);
    expect(pl?.related[0]).toMatchObject({ name: 'Wtyk RJ45', number: expect.stringMatching(/^CN-REL-/) });
    // Not published yet and inactive accessories are left out.
    expect(pl?.accessories.map((a) => a.id)).toEqual([crimper]);
    const en = await getProduct(cable, 'en');
    expect(en?.accessories.map((a) => a.name)).toEqual(['Zaciskarka EN']);
    expect(en?.related[0].name).toBe('Wtyk RJ45 EN');
  });

  it('the page loader hands the same lists to the page', async () => {
    const pl = await getProduct(cable, 'pl');
    const data = await productPageLoader({
      params: { locale: 'pl', idSlug: `${cable}-${pl?.slug}` },
      request: new Request(`http://localhost/pl/product/${cable}-${pl?.slug}`),
    } as Parameters<typeof productPageLoader>[0]);
    expect(data.product.related.map((r) => r.id)).toEqual([plug, cableC, cableB]);
    expect(data.product.accessories.map((a) => a.id)).toEqual([crimper]);
  });

  it('without chosen products: the category fallback and no accessories', async () => {
    const p = await getProduct(cableB, 'pl');
    expect(p?.related.map((r) => r.id)).toEqual([cable, cableC]);
    expect(p?.accessories).toEqual([]);
  });

  it('deleting a chosen product removes it from the lists', async () => {
    const res = await send(admin, 'DELETE', `/api/admin/products/${crimper}`);
    expect(res.statusCode).toBe(200);
    expect((await load(cable)).accessories.map((a) => a.id)).toEqual([future, hidden]);
    expect((await getProduct(cable, 'pl'))?.accessories).toEqual([]);
  });
});

describe('export and import', () => {
  const numberOf = async (id: number) => (await load(id)).numbers[0].number;
  const exported = async () => {
    const res = await send(admin, 'GET', '/api/admin/products-export');
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    return wb;
  };
  const columnsOf = (sheet: ExcelJS.Worksheet) => {
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    return (name: string) => header.indexOf(name) + 1;
  };
  const rowOf = (sheet: ExcelJS.Worksheet, id: number) => {
    let found: ExcelJS.Row | undefined;
    sheet.eachRow((r, n) => {
      if (n > 1 && Number(r.getCell(1).value) === id) found ??= r;
    });
    return found as ExcelJS.Row;
  };
  const upload = async (wb: ExcelJS.Workbook, url: string) => {
    const fd = new FormData();
    fd.append('file', file(Buffer.from(await wb.xlsx.writeBuffer()), 'produkty.xlsx'));
    return send(admin, 'POST', url, fd);
  };

  it('exports the lists as catalogue numbers; the same file imports as unchanged', async () => {
    expect((await save(cable, 'Kabel A', { related: [plug, hidden], accessories: [future] })).statusCode).toBe(200);
    const wb = await exported();
    const sheet = wb.worksheets[0];
    const col = columnsOf(sheet);
    const row = rowOf(sheet, cable);
    expect(row.getCell(col('related')).value).toBe(`${await numberOf(plug)}; ${await numberOf(hidden)}`);
    expect(row.getCell(col('accessories')).value).toBe(await numberOf(future));
    const res = await upload(wb, '/api/admin/products-import/preview');
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ summary: { updated: number; created: number } }>(res).summary).toMatchObject({ updated: 0, created: 0 });
  });

  it("an edited cell changes the lists (in the file's order) and the change log; unknown numbers and the product itself are refused", async () => {
    const wb = await exported();
    const sheet = wb.worksheets[0];
    const col = columnsOf(sheet);
    const row = rowOf(sheet, cable);
    row.getCell(col('related')).value = `${await numberOf(cableC)};${await numberOf(plug)}`;
    row.getCell(col('accessories')).value = '';
    const preview = await upload(wb, '/api/admin/products-import/preview');
    expect(json<{ summary: { updated: number } }>(preview).summary.updated).toBe(1);
    const res = await upload(wb, '/api/admin/products-import');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('"done":true');
    const p = await load(cable);
    expect(p.related.map((r) => r.id)).toEqual([cableC, plug]);
    expect(p.accessories).toEqual([]);
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'product'), eq(changeInfos.entityId, String(cable))))
      .orderBy(desc(changeInfos.id))
      .limit(1);
    expect((log.changes as Record<string, { after: unknown }>).related.after).toEqual([await numberOf(cableC), await numberOf(plug)]);

    row.getCell(col('related')).value = `CN-NIE-MA-TAKIEGO; ${await numberOf(cable)}`;
    const bad = await upload(wb, '/api/admin/products-import/preview');
    expect(bad.statusCode).toBe(200);
    const errors = json<{ ok: boolean; errors: { row: number; errors: Record<string, string[]> }[] }>(bad);
    expect(errors.ok).toBe(false);
    expect(errors.errors.find((e) => e.row === row.number)?.errors.related).toEqual([
      'Numer katalogowy CN-NIE-MA-TAKIEGO nie należy do żadnego produktu.',
      `Numer katalogowy ${await numberOf(cable)} należy do tego samego produktu – produkt nie może być powiązany sam ze sobą.`,
    ]);
    expect((await upload(wb, '/api/admin/products-import')).statusCode).toBe(422);
    expect((await load(cable)).related.map((r) => r.id)).toEqual([cableC, plug]);
  });

  it('a chosen product without catalogue numbers is exported as #id and survives the round trip; an unknown #id is refused', async () => {
    const bare = await create('Uchwyt bez numeru', { category_id: String(toolsId), numbers: [] });
    expect((await load(bare)).numbers).toEqual([]);
    expect((await save(cable, 'Kabel A', { related: [cableC, bare], accessories: [] })).statusCode).toBe(200);
    const wb = await exported();
    const sheet = wb.worksheets[0];
    const col = columnsOf(sheet);
    const row = rowOf(sheet, cable);
    expect(row.getCell(col('related')).value).toBe(`${await numberOf(cableC)}; #${bare}`);
    const same = await upload(wb, '/api/admin/products-import');
    expect(same.statusCode, same.body).toBe(200);
    expect((await load(cable)).related.map((r) => r.id)).toEqual([cableC, bare]);

    row.getCell(col('related')).value = `#${bare}; #99999999`;
    const bad = json<{ ok: boolean; errors: { row: number; errors: Record<string, string[]> }[] }>(await upload(wb, '/api/admin/products-import/preview'));
    expect(bad.ok).toBe(false);
    expect(bad.errors.find((e) => e.row === row.number)?.errors.related).toEqual(['Numer katalogowy #99999999 nie należy do żadnego produktu.']);
    expect((await load(cable)).related.map((r) => r.id)).toEqual([cableC, bare]);
  });
});
