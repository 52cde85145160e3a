// A product saved in the admin is a change of that product, not of the whole site (issue 18): the
// listing index re-reads just it (a rename is found by its new name, a deactivated product leaves
// the listings, a move changes its category) and only the pages that show it are rendered again.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { type ChangeScope, onCacheClear } from '~/core/server/page-cache.server';
import { adminClients, form, json, send } from '../admin/tests/helpers';
import type { AdminProduct } from '../admin/products-admin.server';
import { catalogIndex } from '../catalog-index.server';
import { eq } from 'drizzle-orm';
import { categories, products } from '../catalog.schema';
import { getProduct } from '../catalog.server';
import {
  FORMER_CATEGORIES_SCOPE,
  PRODUCT_CONTENT_SCOPE,
  pagesOfFormerCategories,
  pagesShowingProductContent,
  pagesShowingProducts,
  PRODUCTS_SCOPE,
  watchPublications,
} from '../product-changes.server';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let cables: number;
let tools: number;
const heard: (ChangeScope | undefined)[] = [];
onCacheClear((scope) => heard.push(scope));

beforeAll(async () => {
  t = await createTestApp();
  ({ admin } = await adminClients(t));
  const rows = await getDb()
    .insert(categories)
    .values([
      { namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' },
      { namePl: 'Narzędzia', nameEn: 'Tools', slugPl: 'narzedzia', slugEn: 'tools' },
    ])
    .returning();
  cables = rows[0].id;
  tools = rows[1].id;
});
afterAll(() => t?.close());

let seq = 0;
const body = (name: string, over: Record<string, unknown> = {}) => ({
  category_id: String(cables),
  name_pl: name,
  name_en: `${name} EN`,
  published_at: '2025-02-03',
  is_active: true,
  numbers: [{ number: `CN-CHG-${++seq}`, multiple: '1', multiple_unit: 'szt.' }],
  ...over,
});

async function create(name: string, over: Record<string, unknown> = {}): Promise<number> {
  const res = await send(admin, 'POST', '/api/admin/products', form(body(name, over)));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

async function save(id: number, name: string, over: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  const { version, numbers } = json<AdminProduct>(await send(admin, 'GET', `/api/admin/products/${id}`));
  const kept = numbers.map((n) => ({ number: n.number, multiple: String(n.multiple), multiple_unit: n.multipleUnit }));
  return send(admin, 'PUT', `/api/admin/products/${id}`, form({ ...body(name, over), numbers: kept, version }));
}

async function search(words: string[], category: number | null = null) {
  const index = await catalogIndex();
  return index.query({ locale: 'pl', categories: category === null ? null : new Set([category]), terms: words, offset: 0, limit: 50 }).items.map((i) => i.name);
}

let cableA: number;
let cableB: number;
let crimper: number;
let plug: number;

describe('a product save patches the listing index', () => {
  it('builds the index, then a rename is a change of that product only and is found by its new name', async () => {
    cableA = await create('Kabel miedziany');
    cableB = await create('Kabel zapasowy');
    crimper = await create('Zaciskarka', { category_id: String(tools) });
    plug = await create('Wtyk RJ45', { category_id: String(tools), related: [] });
    expect(await search(['kabel'])).toEqual(['Kabel miedziany', 'Kabel zapasowy']);

    heard.length = 0;
    expect((await save(cableA, 'Przewód miedziany')).statusCode).toBe(200);
    // A rename keeps the product's place in the newest-first order (date, activity and category kept).
    expect(heard).toEqual([{ kind: PRODUCT_CONTENT_SCOPE, ids: [cableA] }]);
    expect(await search(['kabel'])).toEqual(['Kabel zapasowy']);
    expect(await search(['przewod'])).toEqual(['Przewód miedziany']);
  });

  it('a save that changes nothing the listings show keeps the index as it is', async () => {
    const before = await catalogIndex();
    expect((await save(cableA, 'Przewód miedziany')).statusCode).toBe(200);
    expect(await catalogIndex()).toBe(before);
    expect((await save(cableA, 'Przewód miedziany', { name_en: 'Copper wire' })).statusCode).toBe(200);
    const after = await catalogIndex();
    expect(after).not.toBe(before);
    expect(after.query({ locale: 'en', categories: null, terms: ['copper'], offset: 0, limit: 5 }).items.map((i) => i.name)).toEqual(['Copper wire']);
  });

  it('a move to another category and a deactivation show in the listings at once', async () => {
    expect((await save(cableB, 'Kabel zapasowy', { category_id: String(tools) })).statusCode).toBe(200);
    expect(await search([], tools)).toEqual(['Kabel zapasowy', 'Wtyk RJ45', 'Zaciskarka']);
    expect((await save(crimper, 'Zaciskarka', { category_id: String(tools), is_active: false })).statusCode).toBe(200);
    expect(await search([], tools)).toEqual(['Kabel zapasowy', 'Wtyk RJ45']);
    expect((await send(admin, 'DELETE', `/api/admin/products/${plug}`)).statusCode).toBe(200);
    expect(await search([], tools)).toEqual(['Kabel zapasowy']);
  });
});

describe('the pages that show a product', () => {
  it('are its page, its category siblings, the products relating to it, its category listings, searches and home', async () => {
    const accessory = await create('Tester', { category_id: String(tools) });
    const other = await create('Szafa', { category_id: String(cables) });
    expect((await save(other, 'Szafa', { accessories: [accessory] })).statusCode).toBe(200);
    // `accessory` is alone in tools with cableB (moved there); `other` relates to it.
    const shows = await pagesShowingProducts([accessory]);
    for (const url of [
      `/pl/product/${accessory}-tester`,
      `/en/product/${accessory}`,
      `/pl/product/${cableB}-kabel-zapasowy`,
      `/pl/product/${other}-szafa`,
      '/pl',
      '/en?x=1',
      '/pl/categories',
      `/pl/category/${tools}-narzedzia?page=2`,
      '/en/category?search=tester',
    ]) {
      expect(shows(url), url).toBe(true);
    }
    // Another category's listings do not show it: they stay as they are.
    for (const url of [
      `/pl/product/${cableA}-przewod-miedziany`,
      '/pl/posts',
      '/en/knowledge-base',
      `/pl/product/${accessory}0-x`,
      `/pl/category/${cables}-kable`,
      `/en/category/${cables}-cables?page=2`,
    ]) {
      expect(shows(url), url).toBe(false);
    }
  });

  it('include the listings of the categories above its own, not of their other branches', async () => {
    const [crimping, testers] = await getDb()
      .insert(categories)
      .values([
        { parentId: tools, namePl: 'Zaciskarki', nameEn: 'Crimpers', slugPl: 'zaciskarki', slugEn: 'crimpers' },
        { parentId: tools, namePl: 'Testery', nameEn: 'Testers', slugPl: 'testery', slugEn: 'testers' },
      ])
      .returning();
    const tool = await create('Zaciskarka RJ45', { category_id: String(crimping?.id) });
    const shows = await pagesShowingProducts([tool]);
    expect(shows(`/pl/category/${crimping?.id}-zaciskarki`)).toBe(true);
    expect(shows(`/en/category/${tools}-tools?page=3`)).toBe(true);
    expect(shows(`/pl/category/${testers?.id}-testery`)).toBe(false);
    expect(shows(`/pl/category/${cables}-kable`)).toBe(false);
  });
});

describe("a change that keeps a product's place in the newest-first order", () => {
  let patchcords: number;
  /** Oldest first: 2025-01-01, 2025-01-02, ... */
  const ids: number[] = [];
  let pointing: number;

  beforeAll(async () => {
    const [row] = await getDb()
      .insert(categories)
      .values({ namePl: 'Patchcordy', nameEn: 'Patch cords', slugPl: 'patchcordy', slugEn: 'patch-cords' })
      .returning();
    patchcords = row?.id ?? 0;
    for (let day = 1; day <= 8; day++) {
      ids.push(await create(`Patchcord ${day}`, { category_id: String(patchcords), published_at: `2025-01-0${day}` }));
    }
    // One product of the category names the oldest as related: its page shows it whatever the order.
    pointing = ids[6] as number;
    expect((await save(pointing, 'Patchcord 7', { category_id: String(patchcords), published_at: '2025-01-07', related: [ids[0]] })).statusCode).toBe(200);
  });

  it('is reported as such by a save of names or texts, and as a change of the order when the date or activity changes', async () => {
    const oldest = ids[0] as number;
    heard.length = 0;
    expect((await save(oldest, 'Patchcord 1 nowy', { category_id: String(patchcords), published_at: '2025-01-01' })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: PRODUCT_CONTENT_SCOPE, ids: [oldest] }]);
    heard.length = 0;
    expect((await save(oldest, 'Patchcord 1 nowy', { category_id: String(patchcords), published_at: '2024-12-31' })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: PRODUCTS_SCOPE, ids: [oldest] }]);
    heard.length = 0;
    expect((await save(oldest, 'Patchcord 1 nowy', { category_id: String(patchcords), published_at: '2024-12-31', is_active: false })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: PRODUCTS_SCOPE, ids: [oldest] }]);
    expect((await save(oldest, 'Patchcord 1 nowy', { category_id: String(patchcords), published_at: '2025-01-01' })).statusCode).toBe(200);
  });

  it("of a product too old for the related fallback leaves the other products' pages alone, except one relating to it", async () => {
    const oldest = ids[0] as number;
    const shows = await pagesShowingProductContent([oldest]);
    expect(shows(`/pl/product/${oldest}-patchcord-1-nowy`)).toBe(true);
    expect(shows(`/en/product/${pointing}`)).toBe(true);
    expect(shows(`/pl/category/${patchcords}-patchcordy?page=2`)).toBe(true);
    expect(shows('/en/category?search=patchcord')).toBe(true);
    expect(shows('/pl')).toBe(true);
    for (const other of ids.slice(1, 6)) expect(shows(`/pl/product/${other}-x`), String(other)).toBe(false);
    // A change that may move it in the order still makes every page of the category stale.
    const moved = await pagesShowingProducts([oldest]);
    for (const other of ids.slice(1)) expect(moved(`/pl/product/${other}-x`), String(other)).toBe(true);
  });

  it('of one of the newest makes stale the pages whose related products may show it', async () => {
    const newest = ids[7] as number;
    const shows = await pagesShowingProductContent([newest]);
    for (const other of ids.slice(0, 7)) expect(shows(`/pl/product/${other}-x`), String(other)).toBe(true);
  });

  it('agrees with the product pages themselves: every page listing the product among its related products is stale', async () => {
    for (const changed of ids) {
      const shows = await pagesShowingProductContent([changed]);
      for (const other of ids) {
        const page = await getProduct(other, 'pl');
        if (page?.related.some((r) => r.id === changed)) expect(shows(`/pl/product/${other}-x`), `${other} shows ${changed}`).toBe(true);
      }
    }
  });
});

describe("related products read from above a product's own category", () => {
  let network: number;
  let copper: number;
  let fibre: number;
  /** Oldest first: three in copper, one alone in fibre, one placed in the parent category itself. */
  const tree: number[] = [];

  beforeAll(async () => {
    const [root] = await getDb().insert(categories).values({ namePl: 'Sieci', nameEn: 'Networks', slugPl: 'sieci', slugEn: 'networks' }).returning();
    network = root?.id ?? 0;
    const [a, b] = await getDb()
      .insert(categories)
      .values([
        { parentId: network, namePl: 'Miedź', nameEn: 'Copper', slugPl: 'miedz', slugEn: 'copper' },
        { parentId: network, namePl: 'Światłowody', nameEn: 'Fibre', slugPl: 'swiatlowody', slugEn: 'fibre' },
      ])
      .returning();
    copper = a?.id ?? 0;
    fibre = b?.id ?? 0;
    const placed: [number, number][] = [
      [1, copper],
      [2, copper],
      [3, copper],
      [4, fibre],
      [5, network],
    ];
    for (const [day, category] of placed) tree.push(await create(`Sieć ${day}`, { category_id: String(category), published_at: `2025-03-0${day}` }));
  });

  it('are on the pages of a product of the parent category and of one alone in a sibling category, and those pages go stale', async () => {
    const [copperOne, , , alone, placedHigh] = tree as [number, number, number, number, number];
    // What the pages show: the parent's product lists its subcategories' products; the product alone
    // in fibre has nothing of its own to list and reads the parent's branch.
    expect((await getProduct(placedHigh, 'pl'))?.related.map((r) => r.id)).toContain(copperOne);
    expect((await getProduct(alone, 'pl'))?.related.map((r) => r.id)).toContain(copperOne);
    for (const scope of [pagesShowingProducts, pagesShowingProductContent]) {
      for (const changed of tree) {
        const shows = await scope([changed]);
        for (const other of tree) {
          const page = await getProduct(other, 'pl');
          if (page?.related.some((r) => r.id === changed)) expect(shows(`/pl/product/${other}-x`), `${scope.name}: ${other} shows ${changed}`).toBe(true);
        }
      }
    }
    // A product leaving copper: the pages that listed it through the parent go stale too.
    const left = await pagesOfFormerCategories([copper]);
    expect(left(`/pl/product/${placedHigh}-x`)).toBe(true);
    expect(left(`/pl/product/${alone}-x`)).toBe(true);
    expect(left(`/pl/category/${network}-sieci`)).toBe(true);
    expect(left(`/pl/category/${fibre}-swiatlowody`)).toBe(false);
  });
});

describe('a product leaving a category (moved or deleted)', () => {
  it("makes stale the listings of the category it left and its former siblings' pages", async () => {
    const left = await create('Przewód do przeniesienia');
    heard.length = 0;
    expect((await save(left, 'Przewód do przeniesienia', { category_id: String(tools) })).statusCode).toBe(200);
    expect(heard).toContainEqual({ kind: PRODUCTS_SCOPE, ids: [left] });
    expect(heard).toContainEqual({ kind: FORMER_CATEGORIES_SCOPE, ids: [cables] });
    // A save within the category names no former category.
    heard.length = 0;
    expect((await save(left, 'Przewód przeniesiony', { category_id: String(tools) })).statusCode).toBe(200);
    expect(heard).toEqual([{ kind: PRODUCT_CONTENT_SCOPE, ids: [left] }]);

    heard.length = 0;
    expect((await send(admin, 'DELETE', `/api/admin/products/${left}`)).statusCode).toBe(200);
    expect(heard).toContainEqual({ kind: FORMER_CATEGORIES_SCOPE, ids: [tools] });
    const shows = await pagesOfFormerCategories([tools]);
    expect(shows(`/pl/category/${tools}-narzedzia?page=2`)).toBe(true);
    expect(shows(`/pl/product/${cableB}-kabel-zapasowy`)).toBe(true);
    expect(shows('/en/categories')).toBe(true);
    expect(shows(`/pl/category/${cables}-kable`)).toBe(false);
    expect(shows(`/pl/product/${cableA}-kabel-miedziany`)).toBe(false);
  });
});

describe('a publication date reached', () => {
  it('is reported as a change of the products published since the last look, once', async () => {
    const watch = watchPublications(3_600_000);
    try {
      const later = await create('Kabel na jutro', { published_at: '2099-01-01' });
      await getDb()
        .update(products)
        .set({ publishedAt: new Date(Date.now() + 30) })
        .where(eq(products.id, later));
      await new Promise((r) => setTimeout(r, 60));
      heard.length = 0;
      await watch.tick();
      expect(heard).toEqual([{ kind: PRODUCTS_SCOPE, ids: [later] }]);
      heard.length = 0;
      await watch.tick();
      expect(heard).toEqual([]);
    } finally {
      watch.stop();
    }
  });
});
