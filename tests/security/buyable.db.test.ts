// Issue 37, hole 2: a product that is not public (inactive, not published yet, or in a hidden
// category branch) can be neither seen nor bought. One rule ("buyable", catalog/buyable.server.ts)
// answers for the product page, GET /api/products/{id}, the cart, the quick order (typed and file),
// the reorder and the placing of an order.
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { loader as productPageLoader } from '~/features/catalog/routes/product';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { orders } from '~/features/shop/shop.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;
let hiddenBranch: number;

type Kind = 'unpublished' | 'inactive' | 'hidden';
const KINDS: Kind[] = ['unpublished', 'inactive', 'hidden'];
/** The product, its one catalogue number (id and text) per kind. */
const p = {} as Record<Kind | 'published', { product: number; number: number; code: string; slug: string }>;

const json = (r: { body: string }) => JSON.parse(r.body);
const day = 24 * 3600 * 1000;

/** Makes the three products public (false) or each non-public in its own way (true). */
async function hide(on: boolean) {
  const db = getDb();
  await db
    .update(products)
    .set({ publishedAt: new Date(Date.now() + (on ? day : -day)) })
    .where(eq(products.id, p.unpublished.product));
  await db.update(products).set({ isActive: !on }).where(eq(products.id, p.inactive.product));
  // The top of the branch is hidden; the product's own category stays active.
  await db.update(categories).set({ isActive: !on }).where(eq(categories.id, hiddenBranch));
  clearPageCache();
}

async function cartNumbers(): Promise<number[]> {
  return json(await buyer.get('/api/cart')).positions.map((l: { product_catalog_number_id: number }) => l.product_catalog_number_id);
}

async function emptyCart() {
  for (const l of json(await buyer.get('/api/cart')).positions) await send(buyer, 'DELETE', `/api/cart/positions/${l.id}`);
}

async function multipart(name: string, content: Buffer | string, filename: string) {
  const fd = new FormData();
  fd.append(name, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') as string } };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  buyer = await clientOf(t.app, (await b2bUser(f.customers.a)).email);
  const db = getDb();
  const [cabinet] = await db.select({ categoryId: products.categoryId }).from(products).where(eq(products.id, f.products.patch));
  const [top] = await db.insert(categories).values({ namePl: 'Ukryte', nameEn: 'Hidden', slugPl: 'ukryte', slugEn: 'hidden' }).returning();
  const [child] = await db.insert(categories).values({ parentId: top.id, namePl: 'Dziecko', nameEn: 'Child', slugPl: 'dziecko', slugEn: 'child' }).returning();
  hiddenBranch = top.id;
  const [base] = await db.select().from(priceLists).where(eq(priceLists.isBase, true));
  const make = async (kind: Kind, categoryId: number) => {
    const slug = `produkt-${kind}`;
    const [row] = await db
      .insert(products)
      .values({ categoryId, namePl: `Produkt ${kind}`, nameEn: `Product ${kind}`, slugPl: slug, slugEn: slug })
      .returning();
    const code = `NB-${kind.toUpperCase()}`;
    const [n] = await db
      .insert(productCatalogNumbers)
      .values({ productId: row.id, number: code, namePl: `Numer ${kind}` })
      .returning();
    await db.insert(priceListItems).values({ priceListId: base.id, catalogNumberId: n.id, netPrice: 1000 });
    p[kind] = { product: row.id, number: n.id, code, slug };
  };
  await make('unpublished', cabinet.categoryId);
  await make('inactive', cabinet.categoryId);
  await make('hidden', child.id);
  p.published = { product: f.products.patch, number: f.numbers.patch, code: 'PC-1M', slug: 'patchcord' };
  await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.courier });
});

afterAll(async () => {
  await t?.close();
});

beforeEach(async () => {
  await hide(true);
  await emptyCart();
});

describe('a product that is not public is neither shown nor sold', () => {
  it('the product page answers 404 (and the published one its page)', async () => {
    const load = (kind: Kind | 'published') =>
      productPageLoader({
        params: { locale: 'pl', idSlug: `${p[kind].product}-${p[kind].slug}` },
        request: new Request(`http://localhost/pl/product/${p[kind].product}-${p[kind].slug}`),
      } as Parameters<typeof productPageLoader>[0]);
    for (const kind of KINDS) await expect(load(kind), kind).rejects.toMatchObject({ init: { status: 404 } });
    expect((await load('published')).product.id).toBe(p.published.product);
  });

  it('GET /api/products/{id} answers 404', async () => {
    for (const kind of KINDS) expect((await buyer.get(`/api/products/${p[kind].product}`)).statusCode, kind).toBe(404);
    expect(json(await buyer.get(`/api/products/${p.published.product}`)).id).toBe(p.published.product);
  });

  it('POST /api/cart/positions refuses it with 422 under the number', async () => {
    for (const kind of KINDS) {
      const r = await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: p[kind].number, quantity: 1 });
      expect(r.statusCode, kind).toBe(422);
      expect(json(r).errors.product_catalog_number_id, kind).toEqual(['Produkt jest niedostępny.']);
    }
    expect(await cartNumbers()).toEqual([]);
    expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: p.published.number, quantity: 1 })).statusCode).toBe(200);
    expect(await cartNumbers()).toEqual([p.published.number]);
  });

  it('the quick order by catalogue number lists it as not available', async () => {
    const lines = [...KINDS.map((k) => `${p[k].code} 2`), `${p.published.code} 2`].join('\n');
    const r = await send(buyer, 'POST', '/api/cart/quick-order', { lines });
    expect(r.statusCode).toBe(200);
    expect(json(r).added).toBe(1);
    expect(json(r).invalid).toEqual(KINDS.map((k, i) => ({ line: i + 1, text: `${p[k].code} 2`, reason: 'produkt niedostępny' })));
    expect(await cartNumbers()).toEqual([p.published.number]);
  });

  it('the quick order from a CSV or XLSX file lists it as not available', async () => {
    const rows = [...KINDS.map((k) => [p[k].code, 3]), [p.published.code, 3]];
    const csv = await multipart('file', ['numer;ilosc', ...rows.map((r) => r.join(';'))].join('\n'), 'zamowienie.csv');
    const r = await buyer.request({ method: 'POST', url: '/api/cart/quick-order', ...csv });
    expect(r.statusCode).toBe(200);
    expect(json(r).added).toBe(1);
    expect(json(r).invalid.map((l: { reason: string }) => l.reason)).toEqual(KINDS.map(() => 'produkt niedostępny'));
    await emptyCart();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('x');
    sheet.addRow(['Numer', 'Ilość']);
    for (const row of rows) sheet.addRow(row);
    const xlsx = await multipart('file', Buffer.from(await wb.xlsx.writeBuffer()), 'zamowienie.xlsx');
    const x = await buyer.request({ method: 'POST', url: '/api/cart/quick-order', ...xlsx });
    expect(x.statusCode).toBe(200);
    expect(json(x).added).toBe(1);
    expect(json(x).invalid.map((l: { reason: string }) => l.reason)).toEqual(KINDS.map(() => 'produkt niedostępny'));
    expect(await cartNumbers()).toEqual([p.published.number]);
  });

  it('placing refuses a cart holding a line that stopped being public after it was added (nothing placed), naming the line', async () => {
    for (const kind of KINDS) {
      await hide(false);
      await emptyCart();
      for (const k of [kind, 'published'] as const) {
        expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: p[k].number, quantity: 1 })).statusCode, k).toBe(200);
      }
      await hide(true);
      const before = (await getDb().select({ id: orders.id }).from(orders)).length;
      const r = await send(buyer, 'POST', '/api/orders');
      expect(r.statusCode, kind).toBe(422);
      expect(json(r).message, kind).toContain(p[kind].code);
      expect(json(r).message, kind).toContain(`Produkt ${kind}`);
      expect(json(r).errors['positions.0.product_catalog_number_id'], kind).toBeDefined();
      const en = await buyer.request({ method: 'POST', url: '/api/orders', headers: { 'x-locale': 'en' } });
      expect(json(en).message, kind).toContain(`Product ${kind}`);
      expect(json(en).message, kind).toContain('no longer available');
      expect((await getDb().select({ id: orders.id }).from(orders)).length, kind).toBe(before);
      expect(await cartNumbers(), kind).toEqual([p[kind].number, p.published.number]);
      // The cart marks the line as not available.
      expect(json(await buyer.get('/api/cart')).positions[0].product_is_active, kind).toBe(false);
    }
    // Removing the line lets the rest be placed.
    await send(buyer, 'DELETE', `/api/cart/positions/${json(await buyer.get('/api/cart')).positions[0].id}`);
    expect((await send(buyer, 'POST', '/api/orders')).statusCode).toBe(200);
  });

  it('the reorder skips it and names it in the answer', async () => {
    await hide(false);
    for (const k of [...KINDS, 'published'] as const) {
      expect((await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: p[k].number, quantity: 2 })).statusCode, k).toBe(200);
    }
    const placed = await send(buyer, 'POST', '/api/orders');
    expect(placed.statusCode).toBe(200);
    await hide(true);
    const r = await send(buyer, 'POST', `/api/orders/${json(placed).id}/reorder`);
    expect(r.statusCode).toBe(200);
    expect(json(r).count).toBe(1);
    expect(
      json(r)
        .skipped.map((s: { number: string }) => s.number)
        .sort(),
    ).toEqual(KINDS.map((k) => p[k].code).sort());
    for (const k of KINDS) expect(json(r).message).toContain(p[k].code);
    expect(await cartNumbers()).toEqual([p.published.number]);
  });
});
