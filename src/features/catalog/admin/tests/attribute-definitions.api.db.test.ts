// The attribute definitions admin API (issue 17; area `attributes`, permission products.update):
// refusals (401/403/419), create with options, 422 (duplicate code, bad input), edit with 409 on
// a stale version, the code and type locked while products hold values, options in use kept,
// delete refused (409) while in use, the change log, and the public listing/product page
// following every change (caches cleared).
import { and, asc, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { attributeOptions, attributes } from '../../attributes.schema';
import { categories } from '../../catalog.schema';
import { getProduct, listProducts } from '../../catalog.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { adminClients, form, json, multipart, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let productsOnly: TestClient;
let categoriesOnly: TestClient;
let member: TestClient;
let visitor: TestClient;
let categoryId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, productsOnly, categoriesOnly } = await adminClients(t));
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  visitor = new TestClient(t.app);
  const [c] = await getDb().insert(categories).values({ namePl: 'Kable', nameEn: 'Cables', slugPl: 'kable', slugEn: 'cables' }).returning();
  categoryId = c.id;
});
afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  code: 'cable_category',
  name_pl: 'Kategoria kabla',
  name_en: 'Cable category',
  unit: '',
  type: 'enum',
  position: '5',
  is_facet: true,
  on_card: false,
  options: [
    { code: '', value_pl: 'Kat. 6', value_en: 'Cat. 6' },
    { code: 'cat6a', value_pl: 'Kat. 6A', value_en: 'Cat. 6A' },
  ],
  ...over,
});

const errorsOf = (res: LightMyRequestResponse) => json<{ errors: Record<string, string[]> }>(res).errors;

async function attributeCount() {
  const [r] = await getDb().select({ n: count() }).from(attributes);
  return Number(r.n);
}

async function create(over: Record<string, unknown> = {}): Promise<number> {
  const res = await send(admin, 'POST', '/api/admin/attributes', form(valid(over)));
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

interface Edit {
  id: number;
  version: number;
  code: string;
  nameEn: string;
  type: string;
  products: number;
  options: { id: number; code: string; valuePl: string; valueEn: string; products: number }[];
}

async function edit(id: number): Promise<Edit> {
  const res = await send(admin, 'GET', `/api/admin/attributes/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return json<Edit>(res);
}

/** The form body of a stored attribute (options by id), with changes. */
function bodyOf(a: Edit, over: Record<string, unknown> = {}) {
  return form({
    version: a.version,
    code: a.code,
    name_pl: 'Kategoria kabla',
    name_en: a.nameEn,
    unit: '',
    type: a.type,
    position: '5',
    is_facet: true,
    on_card: false,
    options: a.options.map((o) => ({ id: o.id, code: o.code, value_pl: o.valuePl, value_en: o.valueEn })),
    ...over,
  });
}

async function createProduct(attrs: unknown[]): Promise<number> {
  const res = await send(
    admin,
    'POST',
    '/api/admin/products',
    form({ category_id: String(categoryId), name_pl: 'Kabel U/UTP', name_en: 'U/UTP cable', published_at: '2025-02-03', is_active: true, attributes: attrs }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return json<{ id: number }>(res).id;
}

describe('refusals', () => {
  it('401 for a visitor, 403 for an administrator without products.update and for a user without admin rights, 419 without the token; nothing written', async () => {
    const before = await attributeCount();
    for (const [client, status] of [
      [visitor, 401],
      [categoriesOnly, 403],
      [member, 403],
    ] as const) {
      expect((await send(client, 'GET', '/api/admin/attributes')).statusCode).toBe(status);
      expect((await send(client, 'GET', '/api/admin/attributes/1')).statusCode).toBe(status);
      expect((await send(client, 'POST', '/api/admin/attributes', form(valid()))).statusCode).toBe(status);
      expect((await send(client, 'PUT', '/api/admin/attributes/1', form(valid({ version: 1 })))).statusCode).toBe(status);
      expect((await send(client, 'DELETE', '/api/admin/attributes/1')).statusCode).toBe(status);
    }
    const m = await multipart(form(valid()));
    for (const [method, url] of [
      ['POST', '/api/admin/attributes'],
      ['PUT', '/api/admin/attributes/1'],
      ['DELETE', '/api/admin/attributes/1'],
    ] as const) {
      const res = await admin.request({ method, url, payload: m.payload, headers: m.headers, xsrf: false });
      expect(res.statusCode, `${method} ${url}`).toBe(419);
    }
    expect(await attributeCount()).toBe(before);
    // The products' permission opens the area.
    expect((await send(productsOnly, 'GET', '/api/admin/attributes')).statusCode).toBe(200);
  });
});

describe('create', () => {
  it('creates a list attribute with its options (an empty option code is made from the Polish name) and logs it', async () => {
    const res = await send(admin, 'POST', '/api/admin/attributes', form(valid()));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Atrybut został dodany.');
    const id = json<{ id: number }>(res).id;
    const a = await edit(id);
    expect(a).toMatchObject({ code: 'cable_category', nameEn: 'Cable category', type: 'enum', version: 1, products: 0 });
    expect(a.options.map((o) => [o.code, o.valuePl, o.valueEn])).toEqual([
      ['kat-6', 'Kat. 6', 'Cat. 6'],
      ['cat6a', 'Kat. 6A', 'Cat. 6A'],
    ]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'attribute'), eq(changeInfos.entityId, String(id))));
    expect(log.map((l) => l.action)).toEqual(['create']);
    expect(log[0]?.changes.options?.after).toEqual(['kat-6: Kat. 6 | Cat. 6', 'cat6a: Kat. 6A | Cat. 6A']);
    // Text attributes keep no options, unit or facet flag.
    const text = await create({ code: 'finish', type: 'text', unit: 'mm', is_facet: true });
    const [row] = await getDb().select().from(attributes).where(eq(attributes.id, text));
    expect(row).toMatchObject({ type: 'text', unit: '', isFacet: false });
    expect(await getDb().select().from(attributeOptions).where(eq(attributeOptions.attributeId, text))).toEqual([]);
  });

  it('a duplicate code is a 422 on the field, in the admin language; nothing written', async () => {
    const before = await attributeCount();
    const res = await send(admin, 'POST', '/api/admin/attributes', form(valid()));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).code).toEqual(['Atrybut o kodzie cable_category już istnieje.']);
    const en = await send(admin, 'POST', '/api/admin/attributes', form(valid()), { 'x-locale': 'en' });
    expect(en.statusCode).toBe(422);
    expect(errorsOf(en).code).toEqual(['An attribute with the code cable_category already exists.']);
    expect(await attributeCount()).toBe(before);
  });

  it('refuses bad input with a message per field (422)', async () => {
    const before = await attributeCount();
    const res = await send(admin, 'POST', '/api/admin/attributes', form(valid({ code: 'Kod z spacją', name_pl: '', type: 'colour', position: '-1' })));
    expect(res.statusCode).toBe(422);
    const errors = errorsOf(res);
    expect(Object.keys(errors).sort()).toEqual(['code', 'name_pl', 'position', 'type']);
    const noOptions = await send(admin, 'POST', '/api/admin/attributes', form(valid({ code: 'empty_list', options: [] })));
    expect(errorsOf(noOptions).options).toEqual(['Atrybut z listą wartości musi mieć co najmniej jedną wartość.']);
    const duplicate = await send(
      admin,
      'POST',
      '/api/admin/attributes',
      form(
        valid({
          code: 'dup',
          options: [
            { code: 'a', value_pl: 'A', value_en: 'A' },
            { code: 'a', value_pl: 'B', value_en: 'B' },
            { code: '', value_pl: '', value_en: '' },
          ],
        }),
      ),
    );
    expect(errorsOf(duplicate)).toEqual({
      'options.1.code': ['Kod wartości a występuje na liście więcej niż raz.'],
      'options.2.value_pl': ['Pole jest wymagane.'],
      'options.2.value_en': ['Pole jest wymagane.'],
    });
    expect(await attributeCount()).toBe(before);
  });
});

describe('edit, listing and delete', () => {
  let id: number;
  let productId: number;

  it('a product value makes it a facet of the listing; the English name change reaches the /en listing and the product page', async () => {
    id = (await getDb().select({ id: attributes.id }).from(attributes).where(eq(attributes.code, 'cable_category')))[0]?.id as number;
    const a = await edit(id);
    productId = await createProduct([{ id, options: [a.options[1]?.id] }]);
    const pl = await listProducts({ locale: 'pl', categoryId });
    expect(pl.facets.find((f) => f.code === 'cable_category')).toMatchObject({
      name: 'Kategoria kabla',
      values: [{ key: 'cat6a', label: 'Kat. 6A', count: 1, selected: false }],
    });

    const res = await send(admin, 'PUT', `/api/admin/attributes/${id}`, bodyOf(a, { name_en: 'Cabling category' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe('Atrybut został zapisany.');
    const en = await listProducts({ locale: 'en', categoryId });
    expect(en.facets.find((f) => f.code === 'cable_category')?.name).toBe('Cabling category');
    expect((await getProduct(productId, 'en'))?.specs.find((s) => s.code === 'cable_category')).toEqual({
      code: 'cable_category',
      name: 'Cabling category',
      value: 'Cat. 6A',
    });
    const after = await edit(id);
    expect(after.version).toBe(2);
    expect(after.products).toBe(1);
    const [log] = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'attribute'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'update')));
    expect(log?.changes.nameEn).toEqual({ before: 'Cable category', after: 'Cabling category' });
    expect(log?.changes).not.toHaveProperty('options');
  });

  it('a stale version is refused with 409 and changes nothing', async () => {
    const a = await edit(id);
    const res = await send(admin, 'PUT', `/api/admin/attributes/${id}`, bodyOf({ ...a, version: a.version - 1 }, { name_en: 'Stale' }));
    expect(res.statusCode).toBe(409);
    expect((await edit(id)).nameEn).toBe('Cabling category');
  });

  it('while products hold values: code and type locked, a used option kept; unused options change freely', async () => {
    const a = await edit(id);
    const res = await send(admin, 'PUT', `/api/admin/attributes/${id}`, bodyOf(a, { code: 'renamed', type: 'number', options: [] }));
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res).code?.[0]).toMatch(/^Kodu nie można zmienić/);
    expect(errorsOf(res).type?.[0]).toMatch(/^Typu nie można zmienić/);
    const dropUsed = await send(
      admin,
      'PUT',
      `/api/admin/attributes/${id}`,
      bodyOf(a, { options: [{ id: a.options[0]?.id, code: 'kat-6', value_pl: 'Kat. 6', value_en: 'Cat. 6' }] }),
    );
    expect(dropUsed.statusCode).toBe(422);
    expect(errorsOf(dropUsed).options).toEqual(['Nie można usunąć wartości „Kat. 6A”, bo mają ją produkty (1). Najpierw zmień ją w tych produktach.']);
    expect(await edit(id)).toEqual(a);

    // Reorder, rename a code, drop the unused option, add one.
    const used = a.options[1] as Edit['options'][number];
    const ok = await send(
      admin,
      'PUT',
      `/api/admin/attributes/${id}`,
      bodyOf(a, {
        options: [
          { code: 'cat7', value_pl: 'Kat. 7', value_en: 'Cat. 7' },
          { id: used.id, code: 'c6a', value_pl: used.valuePl, value_en: used.valueEn },
        ],
      }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const b = await edit(id);
    expect(b.options.map((o) => [o.code, o.products])).toEqual([
      ['cat7', 0],
      ['c6a', 1],
    ]);
    expect(b.options[1]?.id).toBe(used.id);
    const list = await listProducts({ locale: 'pl', categoryId, selection: { cable_category: ['c6a'] } });
    expect(list.items.map((i) => i.id)).toEqual([productId]);
  });

  it('the list: name in the admin language, usage count, search, type filter, paging', async () => {
    const list = json<{ items: { code: string; name: string; products: number; options: number; isFacet: boolean }[]; pages: number }>(
      await send(admin, 'GET', '/api/admin/attributes?search=cabl', undefined, { 'x-locale': 'en' }),
    );
    expect(list.items).toEqual([
      expect.objectContaining({ code: 'cable_category', name: 'Cabling category', products: 1, options: 2, isFacet: true }),
      // Found by its English name ("Cable category", made by the same form values).
      expect.objectContaining({ code: 'finish', products: 0, options: 0, isFacet: false }),
    ]);
    const byCode = json<{ items: { code: string }[] }>(await send(admin, 'GET', '/api/admin/attributes?search=FINI'));
    expect(byCode.items.map((i) => i.code)).toEqual(['finish']);
    const texts = json<{ items: { code: string }[] }>(await send(admin, 'GET', '/api/admin/attributes?type=text'));
    expect(texts.items.map((i) => i.code)).toEqual(['finish']);
    await getDb()
      .insert(attributes)
      .values(
        Array.from({ length: 30 }, (_, i) => ({ code: `bulk_${i}`, namePl: `Masowy ${i}`, nameEn: `Bulk ${i}`, type: 'number' as const, position: 100 + i })),
      );
    const first = json<{ items: unknown[]; pages: number; page: number }>(await send(admin, 'GET', '/api/admin/attributes'));
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(25);
    const second = json<{ items: { code: string }[]; page: number }>(await send(admin, 'GET', '/api/admin/attributes?page=2'));
    expect(second.page).toBe(2);
    expect(second.items.at(-1)?.code).toBe('bulk_29');
  });

  it('delete is refused (409) while products hold values; once they do not, it deletes and logs', async () => {
    const res = await send(admin, 'DELETE', `/api/admin/attributes/${id}`);
    expect(res.statusCode).toBe(409);
    expect(json(res).message).toBe('Nie można usunąć atrybutu „Kategoria kabla”, bo mają go produkty (1). Najpierw usuń jego wartości z tych produktów.');
    expect((await edit(id)).options).toHaveLength(2);
    // The product drops its value; the attribute is then free to go.
    const product = json<{ version: number }>(await send(admin, 'GET', `/api/admin/products/${productId}`));
    const save = await send(
      admin,
      'PUT',
      `/api/admin/products/${productId}`,
      form({
        version: product.version,
        category_id: String(categoryId),
        name_pl: 'Kabel U/UTP',
        name_en: 'U/UTP cable',
        published_at: '2025-02-03',
        is_active: true,
        attributes: [{ id, options: [] }],
      }),
    );
    expect(save.statusCode, save.body).toBe(200);
    const del = await send(admin, 'DELETE', `/api/admin/attributes/${id}`, undefined, { 'x-locale': 'en' });
    expect(del.statusCode).toBe(200);
    expect(json(del).message).toBe('The attribute has been deleted.');
    expect(await getDb().select().from(attributes).where(eq(attributes.id, id))).toEqual([]);
    expect(await getDb().select().from(attributeOptions).where(eq(attributeOptions.attributeId, id)).orderBy(asc(attributeOptions.id))).toEqual([]);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'attribute'), eq(changeInfos.entityId, String(id)), eq(changeInfos.action, 'delete')));
    expect(log).toHaveLength(1);
    expect((await listProducts({ locale: 'pl', categoryId })).facets.find((f) => f.code === 'cable_category')).toBeUndefined();
    expect((await send(admin, 'DELETE', `/api/admin/attributes/${id}`)).statusCode).toBe(404);
    expect((await send(admin, 'GET', `/api/admin/attributes/${id}`)).statusCode).toBe(404);
  });
});
