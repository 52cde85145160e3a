// The home page's products (issue 17): featured ones and the newest others, public products only
// (active, published, in a visible category), with their first number, first image and category.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '~/core/files/files.schema';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories, productCatalogNumbers, productImages, products } from '../catalog.schema';
import { adminClients, form, send } from '../admin/tests/helpers';
import { homeProducts } from '../home-products.server';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';

let t: TestApp;
let categoryId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [open, hidden] = await db
    .insert(categories)
    .values([
      { namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' },
      { namePl: 'Ukryta', nameEn: 'Hidden', slugPl: 'ukryta', slugEn: 'hidden', isActive: false },
    ])
    .returning({ id: categories.id });
  categoryId = open.id;
  const at = (days: number) => new Date(Date.now() + days * DAY);
  const p = (name: string, over: Partial<typeof products.$inferInsert>) => ({
    categoryId: open.id,
    namePl: `${name} PL`,
    nameEn: `${name} EN`,
    slugPl: name.toLowerCase(),
    slugEn: name.toLowerCase(),
    ...over,
  });
  const rows = await db
    .insert(products)
    .values([
      p('Featured1', { isFeatured: true, publishedAt: at(-10) }),
      p('Featured2', { isFeatured: true, publishedAt: at(-1) }),
      p('FeaturedInactive', { isFeatured: true, isActive: false, publishedAt: at(-1) }),
      p('FeaturedLater', { isFeatured: true, publishedAt: at(5) }),
      p('FeaturedHidden', { isFeatured: true, categoryId: hidden.id, publishedAt: at(-1) }),
      p('Old', { publishedAt: at(-30) }),
      p('Newer', { publishedAt: at(-3) }),
      p('Newest', { publishedAt: at(-2) }),
    ])
    .returning({ id: products.id, namePl: products.namePl });
  const id = (name: string) => rows.find((r) => r.namePl === `${name} PL`)?.id as number;
  await db.insert(productCatalogNumbers).values([
    { productId: id('Featured2'), number: 'CN-2-B', position: 1 },
    { productId: id('Featured2'), number: 'CN-2-A', position: 0 },
  ]);
  const [file] = await db
    .insert(files)
    .values({ storageKey: 'test/home.png', originalName: 'home.png', contentType: 'image/png', size: 10, width: 800, height: 600 })
    .returning({ id: files.id });
  await db.insert(productImages).values({ productId: id('Featured2'), fileId: file.id, position: 0, altPl: 'Zdjęcie', altEn: '' });
  clearPageCache();
});
afterAll(() => t?.close());

describe('home products', () => {
  it('featured: public ones only, newest first; latest: the newest of the others', async () => {
    const pl = await homeProducts('pl', 4);
    expect(pl.featured.map((c) => c.name)).toEqual(['Featured2 PL', 'Featured1 PL']);
    expect(pl.latest.map((c) => c.name)).toEqual(['Newest PL', 'Newer PL', 'Old PL']);
    const two = await homeProducts('en', 2);
    expect(two.latest.map((c) => c.name)).toEqual(['Newest EN', 'Newer EN']);
  });

  it('cards carry the first catalogue number, the first image (alt falls back to the name) and the category', async () => {
    const en = await homeProducts('en', 4);
    const card = en.featured[0];
    expect(card).toMatchObject({ name: 'Featured2 EN', slug: 'featured2', number: 'CN-2-A', category: 'Cables' });
    expect(card.image).toMatchObject({ width: 800, height: 600, alt: 'Featured2 EN' });
    const pl = await homeProducts('pl', 4);
    expect(pl.featured[0].image?.alt).toBe('Zdjęcie');
    expect(pl.featured[1]).toMatchObject({ number: null, image: null, category: 'Kable' });
  });

  it('the admin product form sets and clears the flag; a body without it keeps the stored one', async () => {
    const { admin } = await adminClients(t);
    const body = (over: Record<string, unknown>) =>
      form({
        category_id: String(categoryId),
        name_pl: 'Panel z formularza',
        name_en: 'Panel from the form',
        slug_pl: '',
        slug_en: '',
        lead_pl: '',
        lead_en: '',
        description_pl: '',
        description_en: '',
        published_at: '2025-02-03',
        is_active: true,
        choice_of_version: '',
        datasheet_remove: false,
        ...over,
      });
    const created = await send(admin, 'POST', '/api/admin/products', body({ is_featured: true }));
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const flag = async () => (await t.database.db.select({ f: products.isFeatured, v: products.version }).from(products).where(eq(products.id, id)))[0];
    expect((await flag()).f).toBe(true);
    expect((await homeProducts('en', 4)).featured.map((c) => c.name)).toContain('Panel from the form');

    expect((await send(admin, 'PUT', `/api/admin/products/${id}`, body({ version: (await flag()).v, name_pl: 'Panel 2' }))).statusCode).toBe(200);
    expect((await flag()).f).toBe(true);
    expect((await send(admin, 'PUT', `/api/admin/products/${id}`, body({ version: (await flag()).v, is_featured: false }))).statusCode).toBe(200);
    expect((await flag()).f).toBe(false);
    expect((await homeProducts('en', 4)).featured.map((c) => c.name)).not.toContain('Panel from the form');
  });
});
