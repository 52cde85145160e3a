import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories, products } from '../catalog.schema';
import { getCategory, getProduct, listProducts } from '../catalog.server';
import { demoProducts } from '../demo/catalog.data';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
const demo = demoProducts();

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t.close());

async function productId(namePl: string): Promise<number> {
  const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.namePl, namePl));
  return row.id;
}
async function categoryId(namePl: string, parentNamePl?: string): Promise<number> {
  const rows = await t.database.db.select().from(categories).where(eq(categories.namePl, namePl));
  if (!parentNamePl) return rows[0].id;
  const parents = await t.database.db.select().from(categories).where(eq(categories.namePl, parentNamePl));
  return rows.find((r) => parents.some((p) => p.id === r.parentId))?.id as number;
}
const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name);

describe('demo catalogue', () => {
  it('seeds at least 150 bilingual products in ten main categories three levels deep', async () => {
    expect(demo.length).toBeGreaterThanOrEqual(150);
    const rows = await t.database.db.select().from(categories);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const depth = (id: number): number => {
      const p = byId.get(id)?.parentId;
      return p ? 1 + depth(p) : 1;
    };
    expect(rows.filter((r) => r.parentId === null)).toHaveLength(10);
    expect(Math.max(...rows.map((r) => depth(r.id)))).toBe(3);
  });
});

describe('product listing', () => {
  it('lists every public product, 24 per page, sorted by name', async () => {
    const first = await listProducts({ locale: 'pl' });
    expect(first.total).toBe(demo.length);
    expect(first.items).toHaveLength(24);
    expect(first.pages).toBe(Math.ceil(demo.length / 24));
    const last = await listProducts({ locale: 'pl', page: first.pages });
    expect(last.items).toHaveLength(demo.length - 24 * (first.pages - 1));
    const sorted = [...names(first)].sort((a, b) => a.localeCompare(b, 'pl', { numeric: true, sensitivity: 'base' }));
    expect(names(first)[0]).toBe(sorted[0]);
  });

  it('shows an image, the name and the first catalogue number of each product', async () => {
    const { items } = await listProducts({ locale: 'en', search: 'CN-U6-305-G' });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ name: 'U/UTP category 6 cable, PVC, 4x2x23AWG', number: 'CN-U6-305-G' });
    expect(items[0].image?.fileId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lists a category with all its descendants and a subcategory with its own products only', async () => {
    const copper = await categoryId('Kable miedziane');
    const cat6 = await categoryId('Kable kat. 6');
    const cat6Utp = await categoryId('Kable kat. 6 nieekranowane');
    const all = await listProducts({ locale: 'pl', categoryId: copper, perPage: 100 });
    const six = await listProducts({ locale: 'pl', categoryId: cat6, perPage: 100 });
    const sixUtp = await listProducts({ locale: 'pl', categoryId: cat6Utp, perPage: 100 });
    expect(all.total).toBe(demo.filter((p) => p.category.startsWith('copper')).length);
    expect(six.total).toBe(demo.filter((p) => p.category.startsWith('copper-6-')).length);
    expect(sixUtp.total).toBe(demo.filter((p) => p.category === 'copper-6-utp').length);
    expect(names(sixUtp).every((n) => n.includes('U/UTP kat. 6 '))).toBe(true);
    expect(names(six)).toEqual(expect.arrayContaining(names(sixUtp)));
    expect(names(all)).toEqual(expect.arrayContaining(names(six)));
    const view = await getCategory(cat6, 'pl');
    expect(view?.trail.map((c) => c.name)).toEqual(['Kable miedziane', 'Kable kat. 6']);
    expect(view?.children.map((c) => c.name)).toEqual(['Kable kat. 6 nieekranowane', 'Kable kat. 6 ekranowane']);
  });

  it('hides inactive, unpublished and hidden-category products from lists and pages', async () => {
    const inactive = await productId('Kabel U/UTP kat. 5e PVC 4x2x24AWG');
    const future = await productId('Kabel U/UTP kat. 6 PVC 4x2x23AWG');
    const fibreMm = await categoryId('Kable wielomodowe');
    await t.database.db.update(products).set({ isActive: false }).where(eq(products.id, inactive));
    await t.database.db
      .update(products)
      .set({ publishedAt: new Date(Date.now() + 86_400_000) })
      .where(eq(products.id, future));
    await t.database.db.update(categories).set({ isActive: false }).where(eq(categories.id, fibreMm));
    clearPageCache();
    try {
      const all = await listProducts({ locale: 'pl', perPage: 500 });
      const hiddenBranch = demo.filter((p) => p.category.startsWith('fibre-mm')).length;
      expect(all.total).toBe(demo.length - 2 - hiddenBranch);
      expect(names(all)).not.toContain('Kabel U/UTP kat. 5e PVC 4x2x24AWG');
      expect(await getProduct(inactive, 'pl')).toBeNull();
      expect(await getProduct(future, 'pl')).toBeNull();
      expect(await getCategory(fibreMm, 'pl')).toBeNull();
      expect((await listProducts({ locale: 'pl', categoryId: fibreMm })).total).toBe(0);
    } finally {
      await t.database.db.update(products).set({ isActive: true }).where(eq(products.id, inactive));
      await t.database.db
        .update(products)
        .set({ publishedAt: new Date('2024-01-01') })
        .where(eq(products.id, future));
      await t.database.db.update(categories).set({ isActive: true }).where(eq(categories.id, fibreMm));
      clearPageCache();
    }
  });
});

describe('search', () => {
  it('finds fibre products for "swiatlowod" without diacritics, the same as with them', async () => {
    const plain = await listProducts({ locale: 'pl', search: 'swiatlowod', perPage: 200 });
    const accented = await listProducts({ locale: 'pl', search: 'ŚWIATŁOWÓD', perPage: 200 });
    expect(plain.total).toBeGreaterThan(20);
    expect(names(accented)).toEqual(names(plain));
    expect(names(plain)).toContain('Kabel światłowodowy uniwersalny U-DQ(ZN)BH OS2');
    expect(names(plain)).toContain('Patchcord światłowodowy LC-LC OS2 duplex');
    expect(names(plain)).not.toContain('Kabel U/UTP kat. 6 PVC 4x2x23AWG');
  });

  it('searches catalogue numbers with and without separators', async () => {
    const exact = await listProducts({ locale: 'pl', search: 'CN-SS-42U-66-K' });
    const compact = await listProducts({ locale: 'pl', search: 'cnss42u66k' });
    expect(names(exact)).toEqual(['Szafa stojąca 19" 42U 600×600 mm']);
    expect(names(compact)).toEqual(names(exact));
  });

  it('searches names and descriptions in both languages whatever the page language', async () => {
    const en = await listProducts({ locale: 'en', search: 'patch cord LC', perPage: 100 });
    expect(names(en)).toContain('LC-LC OS2 duplex fibre patch cord');
    const plWordOnEnPage = await listProducts({ locale: 'en', search: 'szafa wiszaca', perPage: 100 });
    expect(plWordOnEnPage.total).toBe(demo.filter((p) => p.namePl.startsWith('Szafa wisząca')).length);
    const description = await listProducts({ locale: 'pl', search: 'zawiasy cokol', perPage: 100 });
    const byDescription = await listProducts({ locale: 'pl', search: 'cokołem', perPage: 100 });
    expect(description.total).toBe(0);
    expect(byDescription.total).toBeGreaterThan(0);
  });

  it('combines a search with a category and paginates the matches', async () => {
    const racks = await categoryId('Szafy i stojaki rack');
    const inRacks = await listProducts({ locale: 'pl', categoryId: racks, search: 'szafa', perPage: 5 });
    const everywhere = await listProducts({ locale: 'pl', search: 'szafa', perPage: 500 });
    expect(inRacks.pages).toBe(Math.ceil(inRacks.total / 5));
    expect(inRacks.items).toHaveLength(5);
    expect(everywhere.total).toBeGreaterThanOrEqual(inRacks.total);
  });

  it('finds nothing for a nonsense query or one without searchable words', async () => {
    expect((await listProducts({ locale: 'pl', search: 'qqqxyzzy' })).total).toBe(0);
    expect((await listProducts({ locale: 'pl', search: '%_*' })).total).toBe(0);
  });
});

describe('product page data', () => {
  it('shares one read between callers asking at once (a page and its add-to-cart), and reads again later', async () => {
    const id = await productId('Szafa stojąca 19" 42U 600×600 mm');
    const [a, b] = await Promise.all([getProduct(id, 'pl'), getProduct(id, 'pl')]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    const en = getProduct(id, 'en');
    expect(await en).not.toBe(a);
    expect(await getProduct(id, 'pl')).not.toBe(a);
    expect(await getProduct(id, 'pl')).toEqual(a);
  });

  it('shows catalogue numbers with multiples and the Flatpack/Szafa złożona versions of a cabinet', async () => {
    const p = await getProduct(await productId('Szafa stojąca 19" 42U 600×600 mm'), 'pl');
    expect(p?.versions).toEqual(['Flatpack', 'Szafa złożona']);
    expect(p?.numbers.map((n) => n.number)).toEqual(['CN-SS-42U-66-G', 'CN-SS-42U-66-K']);
    expect(p?.trail.map((c) => c.name)).toEqual(['Szafy i stojaki rack', 'Szafy stojące', 'Szafy stojące 600 mm']);
    const cable = await getProduct(await productId('Kabel U/UTP kat. 6 PVC 4x2x23AWG'), 'en');
    expect(cable?.versions).toEqual([]);
    // With its availability (issue 39; the demo stock has this number to order in 5 working days).
    expect(cable?.numbers.find((n) => n.number === 'CN-U6-500-G')).toMatchObject({
      number: 'CN-U6-500-G',
      name: '500 m drum, grey',
      multiple: 500,
      unit: 'm',
      availability: { state: 'to_order', lead_time_days: 5, quantity: 0 },
    });
  });

  it('groups documents by type in the SPEC order and gives each language its own declaration', async () => {
    const id = await productId('Szafa stojąca 19" 42U 600×600 mm');
    const pl = await getProduct(id, 'pl');
    const en = await getProduct(id, 'en');
    expect(pl?.documents.map((g) => g.type)).toEqual(['declaration_of_conformity', 'certificate', 'cad', 'revit', 'other']);
    expect(pl?.documents[0].items.map((d) => d.filename)).toEqual(['deklaracja-zgodnosci-szafy-rack.pdf']);
    expect(en?.documents[0].items.map((d) => d.filename)).toEqual(['declaration-of-conformity-racks-and-cabinets.pdf']);
    expect(pl?.documents.find((g) => g.type === 'cad')?.items[0].filename).toBe('CN-SS-42U-66-G.dxf');
    expect(pl?.datasheet?.filename).toBe('karta-katalogowa-CN-SS-42U-66-G.pdf');
    expect(pl?.images.length).toBeGreaterThanOrEqual(2);
    expect(pl?.slugs).toEqual({ pl: 'szafa-stojaca-19-42u-600-600-mm', en: '19-floor-standing-cabinet-42u-600-800-mm'.replace('800', '600') });
  });

  it('covers every document type across the catalogue and serves them as downloads with their names', async () => {
    const client = new TestClient(t.app);
    const types = new Set<string>();
    for (const name of ['Szafa stojąca 19" 42U 600×600 mm', 'Kabel U/UTP kat. 6 LSOH Dca 4x2x23AWG', 'Kabel U/FTP kat. 6A LSOH 4x2x23AWG']) {
      const p = await getProduct(await productId(name), 'pl');
      for (const g of p?.documents ?? []) types.add(g.type);
    }
    expect([...types].sort()).toEqual(['cad', 'certificate', 'declaration_of_conformity', 'declaration_of_performance', 'other', 'revit']);
    const p = await getProduct(await productId('Kabel U/UTP kat. 6 LSOH Dca 4x2x23AWG'), 'pl');
    const dop = p?.documents.find((g) => g.type === 'declaration_of_performance')?.items[0];
    const res = await client.get(`/files/${dop?.fileId}/${dop?.filename}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`filename="${dop?.filename}"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.subarray(-6).toString()).toMatch(/%%EOF/);
  });
});

describe('GET /api/categories-main', () => {
  it('answers the main categories with id, slug, name and nested active_children', async () => {
    const res = await t.app.inject({ url: '/api/categories-main', headers: { 'accept-language': 'en' } });
    const list = res.json() as { id: number; slug: string; name: string; active_children: unknown[] }[];
    expect(list).toHaveLength(10);
    expect(Object.keys(list[0]).sort()).toEqual(['active_children', 'id', 'name', 'slug']);
    expect(list[0]).toMatchObject({ name: 'Copper cables', slug: 'copper-cables' });
    const cat6 = (list[0].active_children as typeof list).find((c) => c.name === 'Category 6 cables');
    expect((cat6?.active_children as typeof list).map((c) => c.name)).toEqual(['Unshielded category 6 cables', 'Shielded category 6 cables']);
  });
});
