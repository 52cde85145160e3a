import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { categories, productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { customers } from '~/features/customers/customers.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';
import { priceListItems, priceLists } from '../pricing.schema';
import { pricesFor, pricesOfProduct } from '../pricing.server';

let t: TestApp;
let n1: number;
let n2: number;
let n3: number;
let productId: number;
const customer: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = getDb();
  const [cat] = await db.insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
  const [p] = await db.insert(products).values({ categoryId: cat.id, namePl: 'Kabel', nameEn: 'Cable', slugPl: 'kabel', slugEn: 'cable' }).returning();
  const nums = await db
    .insert(productCatalogNumbers)
    .values([
      { productId: p.id, number: 'CN-A' },
      { productId: p.id, number: 'CN-B' },
      { productId: p.id, number: 'CN-C' },
    ])
    .returning();
  [n1, n2, n3] = nums.map((n) => n.id);
  productId = p.id;
  const [base] = await db.insert(priceLists).values({ code: 'BAZOWA', isBase: true }).returning();
  const [hurt] = await db.insert(priceLists).values({ code: 'HURT-20' }).returning();
  await db.insert(priceListItems).values([
    { priceListId: base.id, catalogNumberId: n1, netPrice: 10000 },
    { priceListId: base.id, catalogNumberId: n2, netPrice: 2550 },
    { priceListId: hurt.id, catalogNumberId: n1, netPrice: 8000 },
    // A number only on the definition's list (no base price).
    { priceListId: hurt.id, catalogNumberId: n3, netPrice: 999 },
  ]);
  for (const [key, code] of [
    ['hurt', 'HURT-20'],
    ['hurtLower', ' hurt-20 '],
    ['none', ''],
    ['unknown', 'NIEZNANA'],
    ['base', 'BAZOWA'],
  ] as const) {
    const [c] = await db.insert(customers).values({ name: key, enovaDefinicjaCeny: code }).returning();
    customer[key] = c.id;
  }
});

afterAll(async () => {
  await t.close();
});

describe('pricesFor', () => {
  it('gives the definition price where the list has one, else the base price', async () => {
    const prices = await pricesFor(getDb(), customer.hurt, [n1, n2, n3]);
    expect(prices.get(n1)).toEqual({ base: 10000, customer: 8000 });
    expect(prices.get(n2)).toEqual({ base: 2550, customer: 2550 });
    expect(prices.get(n3)).toEqual({ base: null, customer: 999 });
  });

  it('matches the definition code case- and space-insensitively', async () => {
    expect((await pricesFor(getDb(), customer.hurtLower, [n1])).get(n1)).toEqual({ base: 10000, customer: 8000 });
  });

  it('an empty, unknown or base definition, or no customer, buys at the base list', async () => {
    for (const id of [customer.none, customer.unknown, customer.base, null]) {
      const prices = await pricesFor(getDb(), id, [n1, n2, n3]);
      expect(prices.get(n1)).toEqual({ base: 10000, customer: 10000 });
      expect(prices.get(n2)).toEqual({ base: 2550, customer: 2550 });
      expect(prices.get(n3)).toEqual({ base: null, customer: null });
    }
  });

  it('answers every requested id, unknown ones with nulls, and an empty list with an empty map', async () => {
    const prices = await pricesFor(getDb(), customer.hurt, [n1, 999999, n1]);
    expect(prices.get(999999)).toEqual({ base: null, customer: null });
    expect(prices.size).toBe(2);
    expect((await pricesFor(getDb(), customer.hurt, [])).size).toBe(0);
  });
});

describe('pricesOfProduct (the product page of a B2B customer: one prepared statement)', () => {
  it('gives every number of the product what pricesFor gives, for every kind of customer', async () => {
    for (const id of [customer.hurt, customer.hurtLower, customer.none, customer.unknown, customer.base, null]) {
      const one = await pricesOfProduct(productId, id);
      expect([...one.keys()].sort()).toEqual([n1, n2, n3].sort());
      expect(one).toEqual(await pricesFor(getDb(), id, [n1, n2, n3]));
    }
    expect((await pricesOfProduct(productId, customer.hurt)).get(n3)).toEqual({ base: null, customer: 999 });
  });

  it('an unknown product has no numbers', async () => {
    expect((await pricesOfProduct(999999, customer.hurt)).size).toBe(0);
  });
});
