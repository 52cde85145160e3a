// The product admin API (SPEC section 6: products.update): create with catalogue numbers,
// datasheet and documents, 422, update, 409 on a stale version, delete, the search text kept up
// to date, and the product images (upload checked by bytes, reorder, alt texts, delete).
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { categories, productCatalogNumbers, productDocuments, productImages, products } from '../../catalog.schema';
import { listProducts } from '../../catalog.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import type { AdminProduct } from '../products-admin.server';
import { adminClients, file, form, json, PDF, png, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let categoriesOnly: TestClient;
let member: TestClient;
let visitor: TestClient;
let categoryId: number;
let otherCategoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, categoriesOnly } = await adminClients(t));
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
  const rows = await getDb()
    .insert(categories)
    .values([
      { namePl: 'Kable miedziane', nameEn: 'Copper cables', slugPl: 'kable-miedziane', slugEn: 'copper-cables' },
      { namePl: 'Szafy rack', nameEn: 'Rack cabinets', slugPl: 'szafy-rack', slugEn: 'rack-cabinets' },
    ])
    .returning();
  categoryId = rows[0].id;
  otherCategoryId = rows[1].id;
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  category_id: String(categoryId),
  name_pl: 'Kabel U/UTP kat. 6 LSOH',
  name_en: 'U/UTP Cat. 6 LSOH cable',
  slug_pl: '',
  slug_en: '',
  lead_pl: 'Kabel instalacyjny do sieci LAN.',
  lead_en: 'Installation cable for LAN networks.',
  description_pl: '<p>Opis <strong>kabla</strong></p><script>alert(1)</script>',
  description_en: '<p>Cable description</p>',
  published_at: '2025-02-03',
  is_active: true,
  choice_of_version: '',
  datasheet_remove: false,
  numbers: [
    { number: 'CN-U6-305-G', name_pl: 'Karton 305 m, szary', name_en: '305 m box, grey', multiple: '305', multiple_unit: 'm', position: '0' },
    { number: 'CN-U6-500-B', name_pl: 'Bęben 500 m, niebieski', name_en: '500 m drum, blue', multiple: '0,5', multiple_unit: 'm', position: '1' },
  ],
  ...over,
});

async function productCount() {
  const [r] = await getDb().select({ n: count() }).from(products);
  return Number(r.n);
}

async function create(over: Record<string, unknown> = {}, extra?: (fd: FormData) => void): Promise<number> {
  const fd = form(valid(over));
  extra?.(fd);
  const res = await send(admin, 'POST', '/api/admin/products', fd);
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

async function load(id: number): Promise<AdminProduct> {
  const res = await send(admin, 'GET', `/api/admin/products/${id}`);
  expect(res.statusCode).toBe(200);
  return json<AdminProduct>(res);
}

async function row(id: number) {
  const [r] = await getDb().select().from(products).where(eq(products.id, id));
  return r;
}

const searchIds = async (q: string) => (await listProducts({ locale: 'pl', search: q })).items.map((i) => i.id);

describe('refusals', () => {
  it('401 for a visitor, 403 for an administrator without products.update and for a user without admin rights; nothing written', async () => {
    const before = await productCount();
    for (const [client, status] of [
      [visitor, 401],
      [categoriesOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/products')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/products', form(valid()))).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/products/1', form(valid({ version: 1 })))).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/products/1')).statusCode).toBe(status);
      expect((await send(client, 'GET', '/api/admin/products-export')).statusCode).toBe(status);
    }
    expect(await productCount()).toBe(before);
  });
});

describe('create', () => {
  it('stores the product with numbers, datasheet and documents; sanitizes HTML; writes the search text', async () => {
    const id = await create({}, (fd) => {
      fd.append('datasheet', file(PDF, 'karta.pdf', 'application/pdf'));
      fd.append('documents[0][type]', 'declaration_of_conformity');
      fd.append('documents[0][name_pl]', 'Deklaracja zgodności CE');
      fd.append('documents[0][name_en]', 'EU declaration of conformity');
      fd.append('documents[0][locale]', 'pl');
      fd.append('documents[0][file]', file(PDF, 'deklaracja.pdf', 'application/pdf'));
      fd.append('documents[1][type]', 'cad');
      fd.append('documents[1][name_pl]', 'Rysunek DXF');
      fd.append('documents[1][name_en]', 'DXF drawing');
      fd.append('documents[1][locale]', 'both');
      fd.append('documents[1][file]', file('0\nSECTION\n2\nHEADER\n0\nENDSEC\n0\nEOF\n', 'rysunek.dxf'));
    });
    const p = await load(id);
    expect(p).toMatchObject({
      namePl: 'Kabel U/UTP kat. 6 LSOH',
      slugPl: 'kabel-u-utp-kat-6-lsoh',
      slugEn: 'u-utp-cat-6-lsoh-cable',
      publishedAt: '2025-02-03',
      isActive: true,
      version: 1,
    });
    expect(p.descriptionPl).toBe('<p>Opis <strong>kabla</strong></p>');
    expect(p.numbers).toEqual([
      {
        number: 'CN-U6-305-G',
        namePl: 'Karton 305 m, szary',
        nameEn: '305 m box, grey',
        multiple: 305,
        multipleUnit: 'm',
        position: 0,
        weightKg: 0,
        volumeCm: 0,
      },
      {
        number: 'CN-U6-500-B',
        namePl: 'Bęben 500 m, niebieski',
        nameEn: '500 m drum, blue',
        multiple: 0.5,
        multipleUnit: 'm',
        position: 1,
        weightKg: 0,
        volumeCm: 0,
      },
    ]);
    expect(p.datasheet).toMatchObject({ filename: 'karta.pdf', contentType: 'application/pdf' });
    expect(p.documents.map((d) => [d.type, d.locale, d.namePl, d.file.contentType])).toEqual([
      ['declaration_of_conformity', 'pl', 'Deklaracja zgodności CE', 'application/pdf'],
      ['cad', 'both', 'Rysunek DXF', 'image/vnd.dxf'],
    ]);
    expect((await row(id)).searchText).toContain('cnu6305g');
    expect(await searchIds('CN-U6-500')).toEqual([id]);
    expect(await searchIds('bęben niebieski')).toEqual([id]);
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'product'), eq(changeInfos.entityId, String(id))));
    expect(log.action).toBe('create');
    expect(log.changes.numbers?.after).toHaveLength(2);
    // The datasheet downloads as a public catalogue file.
    const dl = await visitor.get(`/files/${p.datasheet?.fileId}/karta.pdf`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('karta.pdf');
  });

  it('422 with field paths (also inside the numbers and documents lists); nothing written', async () => {
    const before = await productCount();
    const [{ n: filesBefore }] = await getDb().select({ n: count() }).from(files);
    const res = await send(
      admin,
      'POST',
      '/api/admin/products',
      form(
        valid({
          name_pl: '',
          category_id: '',
          published_at: '2025-02-30',
          choice_of_version: 'Szafa',
          numbers: [
            { number: 'CN 1', multiple: '0', multiple_unit: 'km' },
            { number: 'CN-2', multiple: '1' },
            { number: 'cn-2', multiple: '1' },
          ],
        }),
      ),
    );
    expect(res.statusCode).toBe(422);
    const { errors } = json<{ errors: Record<string, string[]> }>(res);
    expect(errors.name_pl).toEqual(['Pole jest wymagane.']);
    expect(errors.category_id).toEqual(['Pole jest wymagane.']);
    expect(errors.published_at).toEqual(['Podaj datę w formacie RRRR-MM-DD.']);
    expect(errors.choice_of_version).toBeDefined();
    expect(errors['numbers.0.number']?.[0]).toMatch(/bez spacji/);
    expect(errors['numbers.0.multiple']?.[0]).toMatch(/większą od zera/);
    expect(errors['numbers.0.multiple_unit']?.[0]).toMatch(/m, opak/);
    expect(errors['numbers.2.number']).toEqual(['Numer katalogowy cn-2 występuje w tym produkcie więcej niż raz.']);

    // Files: a datasheet that is not a PDF, a new document without a file, a document of an unknown type.
    const fd = form(valid({ numbers: [] }));
    fd.append('datasheet', file(await png(), 'karta.pdf', 'application/pdf'));
    fd.append('documents[0][type]', 'certificate');
    fd.append('documents[0][name_pl]', 'Certyfikat');
    fd.append('documents[0][name_en]', 'Certificate');
    fd.append('documents[1][type]', 'other');
    fd.append('documents[1][name_pl]', 'Program');
    fd.append('documents[1][name_en]', 'Program');
    fd.append('documents[1][file]', file('MZ\u0090\u0000binary', 'instrukcja.pdf'));
    const files422 = await send(admin, 'POST', '/api/admin/products', fd);
    expect(files422.statusCode).toBe(422);
    const e2 = json<{ errors: Record<string, string[]> }>(files422).errors;
    expect(e2.datasheet).toEqual(['Plik „karta.pdf” nie jest dokumentem PDF.']);
    expect(e2['documents.0.file']).toEqual(['Dodaj plik dokumentu.']);
    expect(e2['documents.1.file']?.[0]).toMatch(/nieobsługiwany format/);

    // A category that does not exist.
    const missing = await send(admin, 'POST', '/api/admin/products', form(valid({ category_id: '999999', numbers: [] })));
    expect(json<{ errors: Record<string, string[]> }>(missing).errors.category_id).toEqual(['Wybrana kategoria nie istnieje.']);

    expect(await productCount()).toBe(before);
    const [{ n: filesAfter }] = await getDb().select({ n: count() }).from(files);
    expect(filesAfter).toBe(filesBefore);
  });

  it('refuses a catalogue number another product already has (case-insensitive)', async () => {
    const first = await create({ numbers: [{ number: 'CN-UNIQ-1', multiple: '1', multiple_unit: 'szt.' }] });
    const res = await send(admin, 'POST', '/api/admin/products', form(valid({ numbers: [{ number: 'cn-uniq-1', multiple: '1', multiple_unit: 'szt.' }] })));
    expect(res.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(res).errors['numbers.0.number']).toEqual([
      `Numer katalogowy cn-uniq-1 jest już przypisany do produktu „Kabel U/UTP kat. 6 LSOH” (id ${first}).`,
    ]);
  });
});

describe('update', () => {
  it('replaces numbers and documents, keeps kept files, bumps the version and updates the search; 409 when stale', async () => {
    const id = await create({ numbers: [{ number: 'CN-OLD-1', multiple: '1', multiple_unit: 'szt.' }] }, (fd) => {
      fd.append('documents[0][type]', 'certificate');
      fd.append('documents[0][name_pl]', 'Certyfikat');
      fd.append('documents[0][name_en]', 'Certificate');
      fd.append('documents[0][file]', file(PDF, 'certyfikat.pdf'));
      fd.append('documents[1][type]', 'other');
      fd.append('documents[1][name_pl]', 'Instrukcja');
      fd.append('documents[1][name_en]', 'Manual');
      fd.append('documents[1][file]', file(PDF, 'instrukcja.pdf'));
    });
    const before = await load(id);
    const keptDoc = before.documents[0];
    const removedDoc = before.documents[1];
    expect(await searchIds('CN-OLD-1')).toEqual([id]);

    const fd = form(
      valid({
        version: before.version,
        name_pl: 'Kabel F/UTP kat. 6A',
        category_id: String(otherCategoryId),
        choice_of_version: 'Flatpack/Szafa złożona',
        is_active: false,
        numbers: [
          { number: 'CN-NEW-2', name_pl: 'Drugi', multiple: '2', multiple_unit: 'opak.', position: '5' },
          { number: 'CN-NEW-1', name_pl: 'Pierwszy', multiple: '1', multiple_unit: 'szt.', position: '1' },
        ],
      }),
    );
    fd.append('documents[0][id]', String(keptDoc.id));
    fd.append('documents[0][type]', 'declaration_of_performance');
    fd.append('documents[0][name_pl]', 'Deklaracja właściwości');
    fd.append('documents[0][name_en]', 'Declaration of performance');
    fd.append('documents[0][locale]', 'en');
    const res = await send(admin, 'PUT', `/api/admin/products/${id}`, fd);
    expect(res.statusCode, res.body).toBe(200);
    const after = await load(id);
    expect(after).toMatchObject({
      version: 2,
      namePl: 'Kabel F/UTP kat. 6A',
      categoryId: otherCategoryId,
      choiceOfVersion: 'Flatpack/Szafa złożona',
      isActive: false,
    });
    expect(after.numbers.map((n) => [n.number, n.position])).toEqual([
      ['CN-NEW-1', 0],
      ['CN-NEW-2', 1],
    ]);
    expect(after.documents).toHaveLength(1);
    expect(after.documents[0]).toMatchObject({ id: keptDoc.id, type: 'declaration_of_performance', locale: 'en', namePl: 'Deklaracja właściwości' });
    expect(after.documents[0].file.fileId).toBe(keptDoc.file.fileId);
    // The removed document's file is gone; the search text follows the new numbers and name.
    expect(await getDb().select().from(files).where(eq(files.id, removedDoc.file.fileId))).toHaveLength(0);
    const text = (await row(id)).searchText;
    expect(text).toContain('cnnew2');
    expect(text).not.toContain('cnold1');
    expect(text).toContain('kabel f utp kat 6a');
    const changes = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'product'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'update')));
    expect(changes.some((c) => c.changes.namePl?.after === 'Kabel F/UTP kat. 6A')).toBe(true);
    expect(changes.some((c) => Array.isArray(c.changes.numbers?.after))).toBe(true);

    const stale = await send(admin, 'PUT', `/api/admin/products/${id}`, form(valid({ version: 1, name_pl: 'Nadpisany', numbers: [] })));
    expect(stale.statusCode).toBe(409);
    expect(json<{ message: string }>(stale).message).toMatch(/zmieniony przez innego użytkownika/);
    const still = await load(id);
    expect(still.namePl).toBe('Kabel F/UTP kat. 6A');
    expect(still.numbers).toHaveLength(2);
  });

  it('replaces the datasheet and removes it on request', async () => {
    const id = await create({ numbers: [] }, (fd) => fd.append('datasheet', file(PDF, 'stara.pdf')));
    const v1 = await load(id);
    const oldFile = v1.datasheet?.fileId as string;
    const fd = form(valid({ version: 1, numbers: [] }));
    fd.append('datasheet', file(PDF, 'nowa.pdf'));
    expect((await send(admin, 'PUT', `/api/admin/products/${id}`, fd)).statusCode).toBe(200);
    const v2 = await load(id);
    expect(v2.datasheet?.filename).toBe('nowa.pdf');
    expect(await getDb().select().from(files).where(eq(files.id, oldFile))).toHaveLength(0);
    expect((await send(admin, 'PUT', `/api/admin/products/${id}`, form(valid({ version: 2, numbers: [], datasheet_remove: true })))).statusCode).toBe(200);
    expect((await load(id)).datasheet).toBeNull();
  });
});

describe('list', () => {
  it('searches names and numbers, filters by category (with subcategories) and activity, sorts and pages', async () => {
    const [sub] = await getDb()
      .insert(categories)
      .values({ parentId: otherCategoryId, namePl: 'Szafy wiszące', nameEn: 'Wall cabinets', slugPl: 'szafy-wiszace', slugEn: 'wall-cabinets' })
      .returning();
    const a = await create({
      name_pl: 'Szafa wisząca 9U',
      name_en: 'Wall cabinet 9U',
      category_id: String(sub.id),
      numbers: [{ number: 'CN-SW-9U', multiple: '1', multiple_unit: 'szt.' }],
    });
    const b = await create({ name_pl: 'Szafa stojąca 42U', name_en: 'Floor cabinet 42U', category_id: String(otherCategoryId), is_active: false, numbers: [] });
    const list = async (q: string) =>
      json<{ items: { id: number; name: string }[]; pages: number; page: number; total: number }>(await send(admin, 'GET', `/api/admin/products?${q}`));
    expect((await list('search=CN-SW-9U')).items.map((i) => i.id)).toEqual([a]);
    expect((await list('search=wisząca')).items.map((i) => i.id)).toEqual([a]);
    // No number starts with "U/UTP": the words of the names are searched instead.
    expect((await list('search=U/UTP')).items.length).toBeGreaterThan(0);
    expect((await list('search=U/UTP')).items.every((i) => /UTP/.test(i.name))).toBe(true);
    expect((await list(`search=${b}`)).items.map((i) => i.id)).toContain(b);
    const inCategory = (await list(`category=${otherCategoryId}&sort=name&dir=asc`)).items.map((i) => i.id);
    expect(inCategory).toContain(a);
    expect(inCategory).toContain(b);
    expect(inCategory.indexOf(b)).toBeLessThan(inCategory.indexOf(a));
    expect((await list(`category=${otherCategoryId}&active=0`)).items.every((i) => i.id !== a)).toBe(true);
    const desc = (await list(`category=${otherCategoryId}&sort=name&dir=desc`)).items.map((i) => i.id);
    expect(desc.indexOf(a)).toBeLessThan(desc.indexOf(b));
    const all = await list('');
    expect(all.total).toBe(await productCount());
    expect(all.pages).toBe(Math.max(1, Math.ceil(all.total / 25)));
  });
});

describe('delete', () => {
  it('deletes the product with its numbers, documents and images and logs it; 404 after', async () => {
    const id = await create({ numbers: [{ number: 'CN-DEL-1', multiple: '1', multiple_unit: 'szt.' }] }, (fd) => {
      fd.append('documents[0][type]', 'other');
      fd.append('documents[0][name_pl]', 'Plik');
      fd.append('documents[0][name_en]', 'File');
      fd.append('documents[0][file]', file(PDF, 'plik.pdf'));
    });
    const up = new FormData();
    up.append('images', file(await png(), 'a.png'));
    expect((await send(admin, 'POST', `/api/admin/products/${id}/images`, up)).statusCode).toBe(200);
    const res = await send(admin, 'DELETE', `/api/admin/products/${id}`);
    expect(res.statusCode).toBe(200);
    expect(json<{ message: string }>(res).message).toBe('Produkt został usunięty.');
    expect(await row(id)).toBeUndefined();
    expect(await getDb().select().from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, id))).toHaveLength(0);
    expect(await getDb().select().from(productDocuments).where(eq(productDocuments.productId, id))).toHaveLength(0);
    expect(await getDb().select().from(productImages).where(eq(productImages.productId, id))).toHaveLength(0);
    expect(await searchIds('CN-DEL-1')).toEqual([]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'product'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'delete')));
    expect(log).toHaveLength(1);
    expect((await send(admin, 'DELETE', `/api/admin/products/${id}`)).statusCode).toBe(404);
    // The number is free again.
    await create({ numbers: [{ number: 'CN-DEL-1', multiple: '1', multiple_unit: 'szt.' }] });
  });
});

describe('images', () => {
  it('uploads several, refuses a non-image renamed .jpg, reorders, edits alt texts, deletes; served resized as WebP', async () => {
    const id = await create({ numbers: [] });
    const up = new FormData();
    up.append('images', file(await png(60, 40, '#ff0000'), 'czerwone.png', 'image/png'));
    up.append('images', file(await png(60, 40, '#0000ff'), 'niebieskie.png', 'image/png'));
    const res = await send(admin, 'POST', `/api/admin/products/${id}/images`, up);
    expect(res.statusCode, res.body).toBe(200);
    const { items, message } = json<{ items: { id: number; fileId: string; position: number }[]; message: string }>(res);
    expect(message).toBe('Dodano zdjęcia: 2.');
    expect(items.map((i) => i.position)).toEqual([0, 1]);

    const bad = new FormData();
    bad.append('images', file(await png(), 'dobre.png', 'image/png'));
    bad.append('images', file('GIF89a but really just text', 'zdjecie.jpg', 'image/jpeg'));
    const refused = await send(admin, 'POST', `/api/admin/products/${id}/images`, bad);
    expect(refused.statusCode).toBe(422);
    expect(json<{ errors: Record<string, string[]> }>(refused).errors.images).toEqual([
      'Plik „zdjecie.jpg” nie jest obrazem (dozwolone: JPEG, PNG, WebP, GIF, AVIF).',
    ]);
    expect(await getDb().select().from(productImages).where(eq(productImages.productId, id))).toHaveLength(2);

    const reordered = await send(admin, 'PUT', `/api/admin/products/${id}/images/order`, { ids: [items[1].id, items[0].id] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const rows = await getDb().select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position));
    expect(rows.map((r) => r.id)).toEqual([items[1].id, items[0].id]);
    const wrong = await send(admin, 'PUT', `/api/admin/products/${id}/images/order`, { ids: [items[0].id] });
    expect(wrong.statusCode).toBe(422);

    const alt = await send(admin, 'PUT', `/api/admin/product-images/${items[0].id}`, form({ alt_pl: 'Widok z przodu', alt_en: 'Front view' }));
    expect(alt.statusCode).toBe(200);
    const [img] = await getDb().select().from(productImages).where(eq(productImages.id, items[0].id));
    expect(img).toMatchObject({ altPl: 'Widok z przodu', altEn: 'Front view' });

    const webp = await visitor.get(`/img/${items[0].fileId}/160.webp`);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');

    const del = await send(admin, 'DELETE', `/api/admin/product-images/${items[0].id}`);
    expect(del.statusCode).toBe(200);
    expect(await getDb().select().from(files).where(eq(files.id, items[0].fileId))).toHaveLength(0);
    expect((await visitor.get(`/img/${items[0].fileId}/160.webp`)).statusCode).toBe(404);
    expect(await getDb().select().from(productImages).where(eq(productImages.productId, id))).toHaveLength(1);
  });
});
