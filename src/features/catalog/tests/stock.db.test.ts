// Stock and lead times (issue 39): applyStockRows replaces a number's row per warehouse, reports
// unknown numbers and warehouses and invalid rows in their place, takes 10,000 rows in one call, and
// makes stale only the pages of the products whose stock changed; buyers see it in
// GET /api/products/{id}, the listing's "in stock" filter, the product page and the cart.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { type ChangeScope, onCacheClear } from '~/core/server/page-cache.server';
import { changeInfos } from '~/core/audit/audit.schema';
import { b2bUser, clientOf, send as sendJson, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { adminClients, form, json, send } from '../admin/tests/helpers';
import { catalogIndex } from '../catalog-index.server';
import { catalogNumberStock, categories, productCatalogNumbers, products, warehouses } from '../catalog.schema';
import { getProduct, listProducts } from '../catalog.server';
import { PRODUCT_CONTENT_SCOPE, pagesShowingProductContent } from '../product-changes.server';
import { applyStockRows, type StockRowInput } from '../stock.server';

let t: TestApp;
let f: ShopFixture;
let admin: TestClient;
let productsOnly: TestClient;
let categoriesOnly: TestClient;
let glw: number;
let waw: number;
const heard: (ChangeScope | undefined)[] = [];
onCacheClear((scope) => heard.push(scope));
const ERP = { userId: null, userEmail: 'ERP key' };

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  ({ admin, productsOnly, categoriesOnly } = await adminClients(t));
  const a = await send(admin, 'POST', '/api/admin/warehouses', form({ code: 'glw', name_pl: 'Magazyn Gliwice', name_en: 'Gliwice warehouse', sort: 1 }));
  expect(a.statusCode, a.body).toBe(200);
  glw = json<{ id: number }>(a).id;
  const b = await send(admin, 'POST', '/api/admin/warehouses', form({ code: 'WAW', name_pl: 'Magazyn Warszawa', name_en: 'Warsaw warehouse', sort: 2 }));
  waw = json<{ id: number }>(b).id;
});
afterAll(() => t?.close());

const stockOf = (numberId: number) =>
  getDb().select().from(catalogNumberStock).where(eq(catalogNumberStock.catalogNumberId, numberId)).orderBy(catalogNumberStock.warehouseId);

describe('applyStockRows', () => {
  it('replaces the row of a number in a warehouse (codes and numbers in any case)', async () => {
    let r = await applyStockRows([{ number: 'KAB-U6-305', warehouse: 'GLW', quantity: 1220, next_delivery_date: '2030-01-10', lead_time_days: 5 }], ERP);
    expect(r).toEqual([{ index: 0, status: 'updated' }]);
    r = await applyStockRows([{ number: 'kab-u6-305', warehouse: 'glw', quantity: 610 }], ERP);
    expect(r).toEqual([{ index: 0, status: 'updated' }]);
    const rows = await stockOf(f.numbers.reel);
    expect(rows).toHaveLength(1);
    // Replaced: the date and lead time not sent are cleared.
    expect(rows[0]).toMatchObject({ warehouseId: glw, quantity: 610, nextDeliveryDate: null, leadTimeDays: null });
    await applyStockRows([{ number: 'KAB-U6-305', warehouse: 'WAW', quantity: 305 }], ERP);
    expect((await stockOf(f.numbers.reel)).map((s) => [s.warehouseId, s.quantity])).toEqual([
      [glw, 610],
      [waw, 305],
    ]);
    // One change-log entry per call, under the sender's name.
    const [logged] = await getDb().select({ n: count() }).from(changeInfos).where(eq(changeInfos.userEmail, 'ERP key'));
    expect(logged.n).toBe(3);
  });

  it('reports unknown numbers, unknown warehouses and invalid rows in their place and saves the rest', async () => {
    const rows: unknown[] = [
      { number: 'NO-SUCH', warehouse: 'GLW', quantity: 1 },
      { number: 'PC-1M', warehouse: 'KRK', quantity: 1 },
      { number: 'PC-1M', warehouse: 'GLW', quantity: -1 },
      { number: 'PC-1M', warehouse: 'GLW', quantity: 5, next_delivery_date: '2030-02-30' },
      { number: 'PC-1M', warehouse: 'GLW', quantity: 5, lead_time_days: 2.5 },
      { number: 'PC-1M', warehouse: 'GLW', quantity: 40, lead_time_days: 3 },
    ];
    const r = await applyStockRows(rows, ERP, { locale: 'en' });
    expect(r.map((x) => x.status)).toEqual(['error', 'error', 'error', 'error', 'error', 'updated']);
    expect(r[0]).toMatchObject({ index: 0, message: 'There is no catalogue number NO-SUCH.', errors: { number: ['There is no catalogue number NO-SUCH.'] } });
    expect(r[1]).toMatchObject({ index: 1, errors: { warehouse: ['There is no warehouse with the code KRK.'] } });
    expect(Object.keys(r[2].errors ?? {})).toEqual(['quantity']);
    expect(Object.keys(r[3].errors ?? {})).toEqual(['next_delivery_date']);
    expect(Object.keys(r[4].errors ?? {})).toEqual(['lead_time_days']);
    expect((await stockOf(f.numbers.patch)).map((s) => [s.quantity, s.leadTimeDays])).toEqual([[40, 3]]);
    const pl = await applyStockRows([{ number: 'NO-SUCH', warehouse: 'GLW', quantity: 1 }], ERP);
    expect(pl[0].message).toBe('Nie ma numeru katalogowego NO-SUCH.');
  });

  it('makes stale only the pages of the products whose stock changed', async () => {
    heard.length = 0;
    await applyStockRows([{ number: 'SZ-42U', warehouse: 'GLW', quantity: 2 }], ERP);
    expect(heard).toEqual([{ kind: PRODUCT_CONTENT_SCOPE, ids: [f.products.cabinet] }]);
    // The same stock again is no change: nothing becomes stale.
    heard.length = 0;
    await applyStockRows([{ number: 'SZ-42U', warehouse: 'GLW', quantity: 2 }], ERP);
    expect(heard).toEqual([]);
    // The pages of that scope: the product's own page and the listings, not another category's product.
    const [other] = await getDb().insert(categories).values({ namePl: 'Narzędzia', nameEn: 'Tools', slugPl: 'narzedzia', slugEn: 'tools' }).returning();
    const [tool] = await getDb()
      .insert(products)
      .values({ categoryId: other.id, namePl: 'Zaciskarka', nameEn: 'Crimper', slugPl: 'zaciskarka', slugEn: 'crimper', searchText: 'zaciskarka' })
      .returning();
    const stale = await pagesShowingProductContent([f.products.cabinet]);
    expect(stale(`/pl/product/${f.products.cabinet}-szafa-rack-42u`)).toBe(true);
    expect(stale('/pl/category?stock=1')).toBe(true);
    expect(stale(`/pl/product/${tool.id}-zaciskarka`)).toBe(false);
    expect(stale(`/pl/category/${other.id}-narzedzia`)).toBe(false);
  });

  it('takes 10,000 rows in one call', async () => {
    const db = getDb();
    const [cat] = await db.insert(categories).values({ namePl: 'Masa', nameEn: 'Bulk', slugPl: 'masa', slugEn: 'bulk' }).returning();
    const made = await db
      .insert(products)
      .values(
        Array.from({ length: 50 }, (_, i) => ({ categoryId: cat.id, namePl: `Masa ${i}`, nameEn: `Bulk ${i}`, slugPl: `masa-${i}`, slugEn: `bulk-${i}` })),
      )
      .returning({ id: products.id });
    const numbers = made.flatMap((p, i) => Array.from({ length: 100 }, (_, k) => ({ productId: p.id, number: `BULK-${i}-${k}`, position: k })));
    for (let i = 0; i < numbers.length; i += 1000) await db.insert(productCatalogNumbers).values(numbers.slice(i, i + 1000));
    const rows: StockRowInput[] = numbers.flatMap((n, i) => [
      { number: n.number, warehouse: 'GLW', quantity: i % 7, lead_time_days: 4 },
      { number: n.number, warehouse: 'WAW', quantity: 0, next_delivery_date: '2030-03-01' },
    ]);
    expect(rows).toHaveLength(10_000);
    heard.length = 0;
    const r = await applyStockRows(rows, ERP);
    expect(r.filter((x) => x.status === 'updated')).toHaveLength(10_000);
    const [stored] = await db
      .select({ n: count() })
      .from(catalogNumberStock)
      .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, catalogNumberStock.catalogNumberId));
    expect(stored.n).toBeGreaterThanOrEqual(10_000);
    // The 50 products, one scope.
    expect(heard).toHaveLength(1);
    expect(new Set(heard[0]?.ids)).toEqual(new Set(made.map((p) => p.id)));
  }, 60_000);
});

describe('what buyers see', () => {
  it('GET /api/products/{id} gives each catalogue number its stock', async () => {
    await applyStockRows(
      [
        { number: 'PC-NOPRICE', warehouse: 'GLW', quantity: 0, next_delivery_date: '2030-04-01', lead_time_days: 7 },
        { number: 'PC-1M', warehouse: 'WAW', quantity: 2.5 },
      ],
      ERP,
    );
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${f.products.patch}` });
    expect(res.statusCode).toBe(200);
    const numbers = json<{ catalog_numbers: { number: string; stock: unknown }[] }>(res).catalog_numbers;
    expect(Object.fromEntries(numbers.map((n) => [n.number, n.stock]))).toEqual({
      'PC-1M': { quantity: 42.5, next_delivery_date: null, lead_time_days: 3 },
      'PC-NOPRICE': { quantity: 0, next_delivery_date: '2030-04-01', lead_time_days: 7 },
    });
  });

  it('the "in stock" filter of the listings follows stock changes (index and page)', async () => {
    await applyStockRows([{ number: 'SZ-42U', warehouse: 'GLW', quantity: 0, lead_time_days: 10 }], ERP);
    const names = async () => (await listProducts({ locale: 'pl', inStock: true, perPage: 100 })).items.map((i) => i.name).filter((n) => !n.startsWith('Masa'));
    expect(await names()).toEqual(['Kabel U/UTP kat 6', 'Patchcord']);
    await applyStockRows([{ number: 'SZ-42U', warehouse: 'WAW', quantity: 1 }], ERP);
    expect(await names()).toEqual(['Kabel U/UTP kat 6', 'Patchcord', 'Szafa rack 42U']);
    // The index was patched, not rebuilt, and a plain listing still has every product.
    expect((await catalogIndex()).query({ locale: 'pl', categories: null, offset: 0, limit: 200 }).total).toBeGreaterThan(50);
    await applyStockRows([{ number: 'SZ-42U', warehouse: 'WAW', quantity: 0 }], ERP);
    expect(await names()).toEqual(['Kabel U/UTP kat 6', 'Patchcord']);
    // With the facets and paging: the count is of the filtered products.
    const paged = await listProducts({
      locale: 'pl',
      inStock: true,
      categoryId: (await getDb().select().from(products).where(eq(products.id, f.products.patch)))[0]?.categoryId,
      perPage: 1,
      page: 2,
    });
    expect([paged.total, paged.pages, paged.items.map((i) => i.name)]).toEqual([2, 2, ['Patchcord']]);
  });

  it('the product page data gives each number its availability (the page itself: tests/e2e/stock.e2e.ts)', async () => {
    const page = await getProduct(f.products.patch, 'pl');
    const byNumber = Object.fromEntries((page?.numbers ?? []).map((n) => [n.number, n.availability]));
    expect(byNumber['PC-1M']).toMatchObject({ state: 'in_stock', quantity: 42.5, unit: 'szt.' });
    expect(byNumber['PC-NOPRICE']).toMatchObject({ state: 'next_delivery', next_delivery_date: '2030-04-01', lead_time_days: 7 });
    const cabinet = await getProduct(f.products.cabinet, 'en');
    expect(cabinet?.numbers[0]?.availability).toMatchObject({ state: 'to_order', lead_time_days: 10 });
  });

  it('the cart and the quick order warn, without refusing, when a line is more than the stock', async () => {
    const u = await b2bUser(f.customers.a);
    const buyer = await clientOf(t.app, u.email);
    expect((await sendJson(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.reel, quantity: 1220 })).statusCode).toBe(200);
    const cart = JSON.parse((await buyer.get('/api/cart')).body) as {
      positions: { availability: { state: string; text: string }; stock_warning: string | null }[];
    };
    expect(cart.positions[0]).toMatchObject({ availability: { state: 'in_stock', text: 'W magazynie: 915 m' } });
    expect(cart.positions[0]?.stock_warning).toBe('W magazynie jest tylko 915 m; resztę dostarczymy później. Zamówienie można złożyć.');
    const quick = await sendJson(buyer, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 40\nSZ-42U 1' });
    expect(quick.statusCode, quick.body).toBe(200);
    const answer = JSON.parse(quick.body) as { added: number; warnings: { line: number; message: string }[] };
    expect(answer.added).toBe(1);
    expect(answer.warnings).toEqual([]);
    const more = JSON.parse((await sendJson(buyer, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 3' })).body) as {
      warnings: { line: number; message: string }[];
    };
    expect(more.warnings).toEqual([
      { line: 1, text: 'PC-1M 3', message: 'W magazynie jest tylko 42,5 szt.; resztę dostarczymy później. Zamówienie można złożyć.' },
    ]);
  });
});

describe('warehouses admin', () => {
  it('renames, refuses a taken code, refuses deleting a warehouse in use and deletes an unused one', async () => {
    const one = json<{ version: number; rows: number }>(await send(admin, 'GET', `/api/admin/warehouses/${glw}`));
    expect(one.rows).toBeGreaterThan(0);
    const renamed = await send(
      admin,
      'PUT',
      `/api/admin/warehouses/${glw}`,
      form({ code: 'GLW', name_pl: 'Gliwice – centrala', name_en: 'Gliwice HQ', sort: 1, version: one.version }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const taken = await send(admin, 'POST', '/api/admin/warehouses', form({ code: 'waw', name_pl: 'X', name_en: 'X' }));
    expect(taken.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(taken).errors.code).toEqual(['Magazyn o kodzie WAW już istnieje.']);
    const refused = await send(admin, 'DELETE', `/api/admin/warehouses/${glw}`);
    expect(refused.statusCode).toBe(409);
    expect(json<{ message: string }>(refused).message).toMatch(/^Nie można usunąć magazynu GLW/);
    const krk = json<{ id: number }>(await send(productsOnly, 'POST', '/api/admin/warehouses', form({ code: 'KRK', name_pl: 'Kraków', name_en: 'Cracow' })));
    expect((await send(categoriesOnly, 'DELETE', `/api/admin/warehouses/${krk.id}`)).statusCode).toBe(403);
    expect((await send(productsOnly, 'DELETE', `/api/admin/warehouses/${krk.id}`)).statusCode).toBe(200);
    expect(await getDb().select().from(warehouses).where(eq(warehouses.id, krk.id))).toEqual([]);
    const list = json<{ items: { code: string; name: string }[] }>(await send(admin, 'GET', '/api/admin/warehouses'));
    expect(list.items.map((w) => [w.code, w.name])).toEqual([
      ['GLW', 'Gliwice – centrala'],
      ['WAW', 'Magazyn Warszawa'],
    ]);
  });
});
