import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { toDecimal } from '~/core/money/money';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { customers } from '~/features/customers/customers.schema';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { pricesFor } from '~/features/pricing/pricing.server';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { productJson } from '../products.server';

// A buyer's product view reads the product's numbers and their prices in one statement (pricing's
// priceColumnsSql inside the shop's read of the numbers). It must give what pricing's rule gives.

let t: TestApp;
let productId: number;
let ids: number[];
const customer: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = getDb();
  const [cat] = await db.insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
  const [p] = await db.insert(products).values({ categoryId: cat.id, namePl: 'Kabel', nameEn: 'Cable', slugPl: 'kabel', slugEn: 'cable' }).returning();
  productId = p.id;
  const nums = await db
    .insert(productCatalogNumbers)
    .values([
      { productId, number: 'PP-C', position: 2 },
      { productId, number: 'PP-A', position: 0 },
      { productId, number: 'PP-B', position: 1 },
    ])
    .returning();
  ids = nums.map((n) => n.id);
  const [a, b, c] = [nums[1].id, nums[2].id, nums[0].id];
  const [base] = await db.insert(priceLists).values({ code: 'BAZA-PP', isBase: true }).returning();
  const [hurt] = await db.insert(priceLists).values({ code: 'HURT-PP' }).returning();
  await db.insert(priceListItems).values([
    { priceListId: base.id, catalogNumberId: a, netPrice: 10000 },
    { priceListId: base.id, catalogNumberId: b, netPrice: 2550 },
    { priceListId: hurt.id, catalogNumberId: a, netPrice: 8000 },
    // Only on the definition's list: no base price.
    { priceListId: hurt.id, catalogNumberId: c, netPrice: 999 },
  ]);
  for (const [key, code] of [
    ['hurt', 'HURT-PP'],
    ['hurtLower', ' hurt-pp '],
    ['none', ''],
    ['unknown', 'NIEZNANA'],
    ['base', 'BAZA-PP'],
  ] as const) {
    const [row] = await db.insert(customers).values({ name: key, enovaDefinicjaCeny: code }).returning();
    customer[key] = row.id;
  }
  clearPageCache();
});

afterAll(async () => {
  await t.close();
});

const money = (v: number | null) => (v === null ? null : toDecimal(v));

describe("a buyer's product: numbers and prices in one read", () => {
  it('gives every number the prices of the pricing rule, in the numbers order, for every kind of customer', async () => {
    for (const id of Object.values(customer)) {
      const product = await productJson(productId, id, 'pl');
      expect(product?.catalog_numbers.map((n) => n.number)).toEqual(['PP-A', 'PP-B', 'PP-C']);
      const rule = await pricesFor(getDb(), id, ids);
      for (const n of product?.catalog_numbers ?? []) {
        const expected = rule.get(n.id);
        expect({ base: n.price_netto, own: n.user_price_attribute }).toEqual({ base: money(expected?.base ?? null), own: money(expected?.customer ?? null) });
      }
    }
    const hurt = await productJson(productId, customer.hurt, 'pl');
    expect(hurt?.catalog_numbers.map((n) => [n.number, n.price_netto, n.user_price_attribute])).toEqual([
      ['PP-A', '100.00', '80.00'],
      ['PP-B', '25.50', '25.50'],
      ['PP-C', null, '9.99'],
    ]);
  });

  it('a guest gets the numbers without prices', async () => {
    const product = await productJson(productId, null, 'en');
    expect(product?.catalog_numbers.map((n) => n.number)).toEqual(['PP-A', 'PP-B', 'PP-C']);
    expect(product?.catalog_numbers.every((n) => !('price_netto' in n) && !('user_price_attribute' in n))).toBe(true);
  });
});
