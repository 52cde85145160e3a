// The category admin API (SPEC section 6: categories.update): create, 422, update, 409 on a stale
// version, moves that keep products, refused cycles, delete refused while in use, image checks.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { categories, products } from '../../catalog.schema';
import { listProducts } from '../../catalog.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { adminClients, file, form, json, png, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let productsOnly: TestClient;
let member: TestClient;
let visitor: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, productsOnly } = await adminClients(t));
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  parent_id: '',
  position: '0',
  is_active: true,
  name_pl: 'Kable miedziane',
  name_en: 'Copper cables',
  slug_pl: '',
  slug_en: '',
  description_pl: 'Kable skrętkowe.',
  description_en: 'Twisted-pair cables.',
  image_remove: false,
  ...over,
});

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await send(admin, 'POST', '/api/admin/categories', form(valid(over)));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

async function row(id: number) {
  const [r] = await getDb().select().from(categories).where(eq(categories.id, id));
  return r;
}

async function categoryCount() {
  const [r] = await getDb().select({ n: count() }).from(categories);
  return Number(r.n);
}

async function addProduct(categoryId: number, name = 'Kabel U/UTP kat. 6') {
  const [p] = await getDb()
    .insert(products)
    .values({ categoryId, namePl: name, nameEn: name, slugPl: 'kabel', slugEn: 'cable', searchText: 'kabel utp', publishedAt: new Date('2024-01-01') })
    .returning();
  return p.id;
}

describe('refusals', () => {
  it('401 for a visitor, 403 for an administrator without categories.update and for a user without admin rights; nothing written', async () => {
    const before = await categoryCount();
    for (const [client, status] of [
      [visitor, 401],
      [productsOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/categories')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/categories', form(valid()))).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/categories/1')).statusCode).toBe(status);
    }
    expect(await categoryCount()).toBe(before);
  });
});

describe('create', () => {
  it('stores the category with slugs made from the names and logs the change', async () => {
    const id = await create({ name_pl: 'Światłowody jednomodowe', name_en: 'Single-mode fibre', position: '3' });
    const r = await row(id);
    expect(r).toMatchObject({
      namePl: 'Światłowody jednomodowe',
      slugPl: 'swiatlowody-jednomodowe',
      slugEn: 'single-mode-fibre',
      position: 3,
      isActive: true,
      parentId: null,
      version: 1,
    });
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'category'), eq(changeInfos.entityId, String(id))));
    expect(log.map((l) => l.action)).toEqual(['create']);
    const list = json<{ items: { id: number; depth: number }[]; pages: number }>(await send(admin, 'GET', '/api/admin/categories'));
    expect(list.pages).toBe(1);
    expect(list.items.some((i) => i.id === id)).toBe(true);
  });

  it('422 with a message per field in the request language; nothing written', async () => {
    const before = await categoryCount();
    const res = await send(admin, 'POST', '/api/admin/categories', form(valid({ name_pl: '', slug_en: 'Zły Slug', position: 'abc', parent_id: '999999' })));
    expect(res.statusCode).toBe(422);
    const body = json<{ errors: Record<string, string[]> }>(res);
    expect(body.errors.name_pl).toEqual(['Pole jest wymagane.']);
    expect(body.errors.slug_en?.[0]).toMatch(/małe litery/);
    expect(body.errors.position?.[0]).toBe('Podaj liczbę całkowitą.');
    const en = await send(admin, 'POST', '/api/admin/categories', form(valid({ name_en: '' })), { 'x-locale': 'en' });
    expect(json<{ errors: Record<string, string[]> }>(en).errors.name_en).toEqual(['This field is required.']);
    // A parent that does not exist.
    const missing = await send(admin, 'POST', '/api/admin/categories', form(valid({ parent_id: '999999' })));
    expect(missing.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(missing).errors.parent_id).toEqual(['Wybrana kategoria nadrzędna nie istnieje.']);
    expect(await categoryCount()).toBe(before);
  });

  it('stores an uploaded image; a non-image renamed .jpg is refused and nothing is stored', async () => {
    const fd = form(valid({ name_pl: 'Szafy rack', name_en: 'Rack cabinets' }));
    fd.append('image', file(await png(80, 60), 'szafa.png', 'image/png'));
    const res = await send(admin, 'POST', '/api/admin/categories', fd);
    expect(res.statusCode, res.body).toBe(200);
    const r = await row(json<{ id: number }>(res).id);
    expect(r.imageFileId).toBeTruthy();
    const [stored] = await getDb()
      .select()
      .from(files)
      .where(eq(files.id, r.imageFileId as string));
    expect(stored).toMatchObject({ contentType: 'image/png', width: 80, height: 60 });

    const [{ n: filesBefore }] = await getDb().select({ n: count() }).from(files);
    const before = await categoryCount();
    const bad = form(valid({ name_pl: 'Zła', name_en: 'Bad' }));
    bad.append('image', file('MZ\u0090\u0000 this is an executable, not a picture', 'zdjecie.jpg', 'image/jpeg'));
    const refused = await send(admin, 'POST', '/api/admin/categories', bad);
    expect(refused.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(refused).errors.image?.[0]).toMatch(/nie jest obrazem/);
    expect(await categoryCount()).toBe(before);
    const [{ n: filesAfter }] = await getDb().select({ n: count() }).from(files);
    expect(filesAfter).toBe(filesBefore);
  });
});

describe('update', () => {
  it('saves at the loaded version, bumps it and logs the changed fields; 409 on a stale version changes nothing', async () => {
    const id = await create({ name_pl: 'Panele krosowe', name_en: 'Patch panels' });
    const loaded = json<{ version: number; namePl: string }>(await send(admin, 'GET', `/api/admin/categories/${id}`));
    expect(loaded.version).toBe(1);
    const ok = await send(
      admin,
      'PUT',
      `/api/admin/categories/${id}`,
      form(valid({ version: loaded.version, name_pl: 'Panele krosowe 19"', name_en: 'Patch panels', slug_pl: 'panele-19', is_active: false })),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await row(id)).toMatchObject({ namePl: 'Panele krosowe 19"', slugPl: 'panele-19', isActive: false, version: 2 });
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'category'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'update')));
    expect(Object.keys(log.changes)).toEqual(expect.arrayContaining(['namePl', 'slugPl', 'isActive']));
    expect(Object.keys(log.changes)).not.toContain('version');
    expect(log.changes.namePl).toEqual({ before: 'Panele krosowe', after: 'Panele krosowe 19"' });

    const stale = await send(admin, 'PUT', `/api/admin/categories/${id}`, form(valid({ version: 1, name_pl: 'Nadpisane', name_en: 'Overwritten' })));
    expect(stale.statusCode).toBe(409);
    expect(json<{ message: string }>(stale).message).toMatch(/zmieniony przez innego użytkownika/);
    expect((await row(id)).namePl).toBe('Panele krosowe 19"');

    const noVersion = await send(admin, 'PUT', `/api/admin/categories/${id}`, form(valid()));
    expect(noVersion.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(noVersion).errors.version).toBeDefined();
  });

  it('moving a category keeps its products (and the public listing follows the move)', async () => {
    const oldRoot = await create({ name_pl: 'Stary dział', name_en: 'Old branch' });
    const newRoot = await create({ name_pl: 'Nowy dział', name_en: 'New branch' });
    const moved = await create({ name_pl: 'Kable U/UTP', name_en: 'U/UTP cables', parent_id: String(oldRoot) });
    const productId = await addProduct(moved);
    const current = await row(moved);
    const res = await send(
      admin,
      'PUT',
      `/api/admin/categories/${moved}`,
      form(valid({ version: current.version, name_pl: 'Kable U/UTP', name_en: 'U/UTP cables', parent_id: String(newRoot) })),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(moved)).parentId).toBe(newRoot);
    const [p] = await getDb().select().from(products).where(eq(products.id, productId));
    expect(p.categoryId).toBe(moved);
    const underNew = await listProducts({ locale: 'pl', categoryId: newRoot });
    expect(underNew.items.map((i) => i.id)).toContain(productId);
    const underOld = await listProducts({ locale: 'pl', categoryId: oldRoot });
    expect(underOld.items.map((i) => i.id)).not.toContain(productId);
    const tree = json<{ items: { id: number; parentId: number | null; products: number }[] }>(await send(admin, 'GET', '/api/admin/categories'));
    expect(tree.items.find((i) => i.id === moved)).toMatchObject({ parentId: newRoot, products: 1 });
  });

  it('refuses a cycle: a category under itself or under its own descendant', async () => {
    const a = await create({ name_pl: 'A', name_en: 'A' });
    const b = await create({ name_pl: 'B', name_en: 'B', parent_id: String(a) });
    const c = await create({ name_pl: 'C', name_en: 'C', parent_id: String(b) });
    for (const parent of [a, c, b]) {
      const res = await send(admin, 'PUT', `/api/admin/categories/${a}`, form(valid({ version: 1, name_pl: 'A', name_en: 'A', parent_id: String(parent) })));
      expect(res.statusCode).toBe(422);
      expect(json<{ errors: Record<string, string[]> }>(res).errors.parent_id).toEqual([
        'Kategoria nie może być podkategorią samej siebie ani swojej podkategorii.',
      ]);
    }
    expect((await row(a)).parentId).toBeNull();
    expect((await row(a)).version).toBe(1);
    // The options for A's parent leave out A and its descendants.
    const options = json<{ id: string; name: string }[]>(await send(admin, 'GET', `/api/admin/categories/options?exclude=${a}`));
    const ids = options.map((o) => o.id);
    expect(ids).not.toContain(String(a));
    expect(ids).not.toContain(String(b));
    expect(ids).not.toContain(String(c));
    // Moving C to the top level is fine.
    const ok = await send(admin, 'PUT', `/api/admin/categories/${c}`, form(valid({ version: 1, name_pl: 'C', name_en: 'C', parent_id: '' })));
    expect(ok.statusCode).toBe(200);
  });
});

describe('delete', () => {
  it('is refused with a clear 409 while the category has subcategories or products; a leaf is deleted and logged', async () => {
    const parent = await create({ name_pl: 'Rodzic', name_en: 'Parent' });
    const child = await create({ name_pl: 'Dziecko', name_en: 'Child', parent_id: String(parent) });
    const withChild = await send(admin, 'DELETE', `/api/admin/categories/${parent}`);
    expect(withChild.statusCode).toBe(409);
    expect(json<{ message: string }>(withChild).message).toBe(
      'Nie można usunąć kategorii, która ma podkategorie (1). Najpierw przenieś lub usuń podkategorie.',
    );
    const productId = await addProduct(child);
    const withProducts = await send(admin, 'DELETE', `/api/admin/categories/${child}`, undefined, { 'x-locale': 'en' });
    expect(withProducts.statusCode).toBe(409);
    expect(json<{ message: string }>(withProducts).message).toBe(
      'A category that holds products (1) cannot be deleted. Move the products to another category first.',
    );
    expect(await row(child)).toBeDefined();

    await getDb().delete(products).where(eq(products.id, productId));
    const ok = await send(admin, 'DELETE', `/api/admin/categories/${child}`);
    expect(ok.statusCode).toBe(200);
    expect(json<{ message: string }>(ok).message).toBe('Kategoria została usunięta.');
    expect(await row(child)).toBeUndefined();
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'category'), eq(changeInfos.entityId, String(child)), eq(changeInfos.action, 'delete')));
    expect(log).toHaveLength(1);
    expect((await send(admin, 'DELETE', `/api/admin/categories/${child}`)).statusCode).toBe(404);
  });
});
