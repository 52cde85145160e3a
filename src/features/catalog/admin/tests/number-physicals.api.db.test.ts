// Catalogue numbers' weight and volume on the admin product form (issue 11), the ids of numbers
// kept across saves and re-imports (price lists, carts and orders refer to them), and the shop's
// reading of them (shopCatalogNumbers).
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { categories, productCatalogNumbers } from '../../catalog.schema';
import { shopCatalogNumbers } from '../../catalog.server';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { adminClients, file, form, json, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminClients(t));
  const [c] = await getDb().insert(categories).values({ namePl: 'Szafy', nameEn: 'Cabinets', slugPl: 'szafy', slugEn: 'cabinets' }).returning();
  categoryId = c.id;
});
afterAll(async () => {
  await t?.close();
});

const product = (numbers: Record<string, string>[], over: Record<string, unknown> = {}) =>
  form({
    category_id: String(categoryId),
    name_pl: 'Szafa stojąca 42U',
    name_en: 'Floor cabinet 42U',
    published_at: '2025-02-03',
    is_active: true,
    choice_of_version: '',
    datasheet_remove: false,
    numbers,
    ...over,
  });

const numbersOf = (productId: number) =>
  getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, productId)).orderBy(asc(productCatalogNumbers.position));

describe('weight and volume of catalogue numbers', () => {
  let id: number;

  it('are stored from the form (decimal comma accepted), and empty means 0', async () => {
    const res = await send(
      admin,
      'POST',
      '/api/admin/products',
      product([
        { number: 'CN-SS-42U-66', name_pl: 'Szara', name_en: 'Grey', multiple: '1', multiple_unit: 'szt.', weight_kg: '78,5', volume_cm: '1200000' },
        { number: 'CN-SS-42U-66-K', name_pl: 'Czarna', name_en: 'Black', multiple: '1', multiple_unit: 'szt.', weight_kg: '', volume_cm: '' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    id = json<{ id: number }>(res).id;
    const rows = await numbersOf(id);
    expect(rows.map((r) => [r.number, Number(r.weightKg), r.volumeCm])).toEqual([
      ['CN-SS-42U-66', 78.5, 1200000],
      ['CN-SS-42U-66-K', 0, 0],
    ]);
  });

  it('bad values are 422 on the row field and change nothing', async () => {
    const res = await send(
      admin,
      'PUT',
      `/api/admin/products/${id}`,
      product([{ number: 'CN-SS-42U-66', name_pl: 'Szara', name_en: 'Grey', multiple: '1', multiple_unit: 'szt.', weight_kg: '-2', volume_cm: '1,5' }], {
        version: 1,
      }),
    );
    expect(res.statusCode).toBe(422);
    const errors = json<{ errors: Record<string, string[]> }>(res).errors;
    expect(errors['numbers.0.weight_kg']?.[0]).toMatch(/Waga/);
    expect(errors['numbers.0.volume_cm']?.[0]).toMatch(/Objętość/);
    expect((await numbersOf(id)).map((r) => Number(r.weightKg))).toEqual([78.5, 0]);
  });

  it('a save keeps the ids of the numbers that stay, updates their values, deletes removed ones', async () => {
    const before = await numbersOf(id);
    const res = await send(
      admin,
      'PUT',
      `/api/admin/products/${id}`,
      product(
        [
          {
            number: 'CN-SS-42U-88',
            name_pl: 'Nowa',
            name_en: 'New',
            multiple: '1',
            multiple_unit: 'szt.',
            weight_kg: '110',
            volume_cm: '1600000',
            position: '1',
          },
          {
            number: 'cn-ss-42u-66',
            name_pl: 'Szara',
            name_en: 'Grey',
            multiple: '1',
            multiple_unit: 'szt.',
            weight_kg: '80.25',
            volume_cm: '1210000',
            position: '0',
          },
        ],
        { version: 1 },
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await numbersOf(id);
    expect(after.map((r) => [r.number, Number(r.weightKg), r.volumeCm])).toEqual([
      ['cn-ss-42u-66', 80.25, 1210000],
      ['CN-SS-42U-88', 110, 1600000],
    ]);
    expect(after[0].id).toBe(before[0].id);
    expect(after.some((r) => r.id === before[1].id)).toBe(false);
  });

  it('a re-import of the product keeps number ids and weights', async () => {
    const before = await numbersOf(id);
    const csv = [
      'product_id;category_id;name_pl;name_en;catalog_number;number_name_pl;number_name_en;multiple;multiple_unit',
      `${id};${categoryId};Szafa stojąca 42U;Floor cabinet 42U;CN-SS-42U-66;Szara RAL 7035;Grey;1;szt.`,
      `${id};${categoryId};Szafa stojąca 42U;Floor cabinet 42U;CN-SS-42U-88;Nowa;New;1;szt.`,
    ].join('\n');
    const fd = new FormData();
    fd.append('file', file(csv, 'produkty.csv', 'text/csv'));
    const res = await send(admin, 'POST', '/api/admin/products-import', fd);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('"done":true');
    const after = await numbersOf(id);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(after.map((r) => [r.number, r.namePl, Number(r.weightKg)])).toEqual([
      ['CN-SS-42U-66', 'Szara RAL 7035', 80.25],
      ['CN-SS-42U-88', 'Nowa', 110],
    ]);
  });

  it('shopCatalogNumbers answers weight, volume and product data by id or number', async () => {
    const [first] = await numbersOf(id);
    const byId = await shopCatalogNumbers({ ids: [first.id, 999999] });
    expect(byId).toEqual([
      expect.objectContaining({
        id: first.id,
        productId: id,
        number: 'CN-SS-42U-66',
        weightKg: 80.25,
        volumeCm: 1210000,
        multiple: 1,
        productActive: true,
        productSlugPl: 'szafa-stojaca-42u',
      }),
    ]);
    const byNumber = await shopCatalogNumbers({ numbers: [' cn-ss-42u-88 '] });
    expect(byNumber.map((n) => [n.number, n.weightKg])).toEqual([['CN-SS-42U-88', 110]]);
    expect(await shopCatalogNumbers({})).toEqual([]);
  });
});
