// Products in the administrator panel: the searchable list, the edit record, create/update/delete
// with catalogue numbers, datasheet and documents, and the product images. Every save writes
// products.search_text (buildSearchText), so the catalogue search always finds the saved state.
import { and, asc, count, desc, eq, inArray, max, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { StoredFile } from '~/core/files/storage.server';
import { type Paged, pageCount } from '~/core/http/pagination';
import { HttpError, validationError } from '~/core/http/errors';
import type { Locale } from '~/core/i18n/locale';
import { sanitizeRichText } from '~/core/html/sanitize.server';
import { slugify } from '~/core/text';
import {
  categories,
  type DocumentType,
  nameSortKey,
  productCatalogNumbers,
  productDocuments,
  productImages,
  products,
  type VERSION_CHOICE,
} from '../catalog.schema';
import { productsChanged } from '../product-changes.server';
import { buildSearchText, compactNumber, toPrefixQuery } from '../search';
import { subtreeIds } from './categories-admin.server';
import { type CheckedFile, discardFiles, removeUnusedFiles, storeFile } from './files.server';
import { type AttributeWrite, attributeWritesOf } from '../attributes.server';
import { saveProductAttributes } from './attributes-admin.server';
import { type AdminRelation, relationErrors, relationsOf, saveProductRelations } from './relations-admin.server';
import { adminT, CHOICE_OF_VERSION, PRODUCT_SORTS, type ProductInput, type ProductSort, type Translate } from './validation';
import { warsawDay, warsawMidnight } from '~/core/time/days';

// The shared schema's constant is the catalogue's (a compile-time check).
const _sameChoice: typeof VERSION_CHOICE = CHOICE_OF_VERSION;
void _sameChoice;

export const ADMIN_PER_PAGE = 25;

export interface ProductListQuery {
  locale: Locale;
  page?: number;
  perPage?: number;
  /** Name or catalogue number (words of the catalogue search), or a product id. */
  search?: string;
  /** Products of this category and all its subcategories. */
  category?: number;
  /** '1' active only, '0' inactive only. */
  active?: string;
  sort?: string;
  dir?: string;
}

export interface AdminProductItem {
  id: number;
  name: string;
  slug: string;
  numbers: string[];
  numberCount: number;
  categoryId: number;
  categoryName: string;
  isActive: boolean;
  publishedAt: string;
  updatedAt: string;
  imageFileId: string | null;
}

/** One page of products for the admin list: search, category (with subcategories), active filter, sorting. */
export async function listAdminProducts(query: ProductListQuery): Promise<Paged<AdminProductItem>> {
  const db = getDb();
  const perPage = query.perPage ?? ADMIN_PER_PAGE;
  const filters: SQL[] = [];
  if (query.category) {
    const rows = await db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        position: categories.position,
        namePl: categories.namePl,
        nameEn: categories.nameEn,
        isActive: categories.isActive,
      })
      .from(categories);
    filters.push(inArray(products.categoryId, [...subtreeIds(rows, query.category)]));
  }
  if (query.active === '1' || query.active === '0') filters.push(eq(products.isActive, query.active === '1'));

  const search = query.search?.trim() ?? '';
  const matching = (prefix: string | null): SQL | undefined => {
    const byId = /^\d{1,9}$/.test(search) ? eq(products.id, Number(search)) : undefined;
    const byWords = prefix ? sql`${products.searchVector} @@ to_tsquery('simple', ${prefix})` : undefined;
    return byId && byWords ? or(byId, byWords) : (byId ?? byWords);
  };
  let where = filters.length ? and(...filters) : undefined;
  let total: number;
  const countOf = async (w: SQL | undefined) => Number((await db.select({ n: count() }).from(products).where(w))[0]?.n ?? 0);
  if (search) {
    const words = matching(toPrefixQuery(search));
    // A catalogue number ("CN-U5-305") is looked up as one word first (its compact form starts the
    // product's number), not as its parts, which would match many products; when no number starts
    // so (e.g. "U/UTP"), the words of names and numbers are searched.
    const asNumber = /^[\p{L}\p{N}]+(?:[-./_][\p{L}\p{N}]+)+$/u.test(search) ? matching(`${compactNumber(search)}:*`) : undefined;
    const narrow = asNumber ? and(...filters, asNumber) : undefined;
    const narrowTotal = narrow ? await countOf(narrow) : 0;
    if (narrow && narrowTotal > 0) {
      where = narrow;
      total = narrowTotal;
    } else {
      if (!words) return { items: [], pages: 1, page: 1, total: 0 };
      where = and(...filters, words);
      total = await countOf(where);
    }
  } else total = await countOf(where);

  const name = query.locale === 'pl' ? products.namePl : products.nameEn;
  const categoryName = query.locale === 'pl' ? categories.namePl : categories.nameEn;
  const sort: ProductSort = (PRODUCT_SORTS as readonly string[]).includes(query.sort ?? '') ? (query.sort as ProductSort) : 'id';
  const dir = query.dir === 'asc' || (query.dir !== 'desc' && sort !== 'id' && sort !== 'updated_at' && sort !== 'published_at') ? asc : desc;
  const order: SQL[] = {
    id: [dir(products.id)],
    name: [dir(nameSortKey(name)), asc(products.id)],
    category: [dir(nameSortKey(categoryName)), asc(nameSortKey(name)), asc(products.id)],
    published_at: [dir(products.publishedAt), desc(products.id)],
    is_active: [dir(products.isActive), asc(products.id)],
    updated_at: [dir(products.updatedAt), desc(products.id)],
  }[sort];

  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, query.page ?? 1), pages);
  const rows = await db
    .select({
      id: products.id,
      name,
      slug: query.locale === 'pl' ? products.slugPl : products.slugEn,
      categoryId: products.categoryId,
      categoryName,
      isActive: products.isActive,
      publishedAt: products.publishedAt,
      updatedAt: products.updatedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = rows.map((r) => r.id);
  const [numbers, images] = ids.length
    ? await Promise.all([
        db
          .select({ productId: productCatalogNumbers.productId, number: productCatalogNumbers.number })
          .from(productCatalogNumbers)
          .where(inArray(productCatalogNumbers.productId, ids))
          .orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id)),
        db
          .selectDistinctOn([productImages.productId], { productId: productImages.productId, fileId: productImages.fileId })
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
      ])
    : [[], []];
  const numbersOf = new Map<number, string[]>();
  for (const n of numbers) numbersOf.set(n.productId, [...(numbersOf.get(n.productId) ?? []), n.number]);
  const imageOf = new Map(images.map((i) => [i.productId, i.fileId]));
  return {
    items: rows.map((r) => {
      const all = numbersOf.get(r.id) ?? [];
      return {
        id: r.id,
        name: r.name,
        slug: r.slug,
        numbers: all.slice(0, 3),
        numberCount: all.length,
        categoryId: r.categoryId,
        categoryName: r.categoryName,
        isActive: r.isActive,
        publishedAt: r.publishedAt.toISOString(),
        updatedAt: r.updatedAt.toISOString(),
        imageFileId: imageOf.get(r.id) ?? null,
      };
    }),
    pages,
    page,
    total,
  };
}

export interface AdminFile {
  fileId: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface AdminImage {
  id: number;
  fileId: string;
  width: number | null;
  height: number | null;
  altPl: string;
  altEn: string;
  position: number;
}

export interface AdminProduct {
  id: number;
  version: number;
  categoryId: number;
  namePl: string;
  nameEn: string;
  slugPl: string;
  slugEn: string;
  leadPl: string;
  leadEn: string;
  descriptionPl: string;
  descriptionEn: string;
  choiceOfVersion: string | null;
  isActive: boolean;
  isFeatured: boolean;
  /** YYYY-MM-DD, Polish calendar day. */
  publishedAt: string;
  updatedAt: string;
  datasheet: AdminFile | null;
  numbers: { number: string; namePl: string; nameEn: string; multiple: number; multipleUnit: string; position: number; weightKg: number; volumeCm: number }[];
  documents: { id: number; type: DocumentType; locale: 'pl' | 'en' | 'both'; namePl: string; nameEn: string; position: number; file: AdminFile }[];
  images: AdminImage[];
  /** Attribute values (the form's Specifications section). */
  attributes: AttributeWrite[];
  /** Related products chosen by the administrator, in their order. */
  related: AdminRelation[];
  /** Accessories chosen by the administrator, in their order. */
  accessories: AdminRelation[];
}

export async function productImagesOf(productId: number, db: Db = getDb()): Promise<AdminImage[]> {
  return db
    .select({
      id: productImages.id,
      fileId: productImages.fileId,
      width: files.width,
      height: files.height,
      altPl: productImages.altPl,
      altEn: productImages.altEn,
      position: productImages.position,
    })
    .from(productImages)
    .innerJoin(files, eq(files.id, productImages.fileId))
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));
}

/** One product with everything its form edits, or null. */
export async function getAdminProduct(id: number): Promise<AdminProduct | null> {
  const db = getDb();
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!row) return null;
  const fileCols = { fileId: files.id, filename: files.originalName, contentType: files.contentType, size: files.size };
  const [numbers, documents, images, datasheet, attributeValues, relations] = await Promise.all([
    db
      .select()
      .from(productCatalogNumbers)
      .where(eq(productCatalogNumbers.productId, id))
      .orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id)),
    db
      .select({ doc: productDocuments, file: fileCols })
      .from(productDocuments)
      .innerJoin(files, eq(files.id, productDocuments.fileId))
      .where(eq(productDocuments.productId, id))
      .orderBy(asc(productDocuments.position), asc(productDocuments.id)),
    productImagesOf(id, db),
    row.datasheetFileId ? db.select(fileCols).from(files).where(eq(files.id, row.datasheetFileId)).limit(1) : Promise.resolve([]),
    attributeWritesOf(id, db),
    relationsOf([id], db),
  ]);
  return {
    id: row.id,
    version: row.version,
    categoryId: row.categoryId,
    namePl: row.namePl,
    nameEn: row.nameEn,
    slugPl: row.slugPl,
    slugEn: row.slugEn,
    leadPl: row.leadPl,
    leadEn: row.leadEn,
    descriptionPl: row.descriptionPl,
    descriptionEn: row.descriptionEn,
    choiceOfVersion: row.choiceOfVersion,
    isActive: row.isActive,
    isFeatured: row.isFeatured,
    publishedAt: warsawDay(row.publishedAt),
    updatedAt: row.updatedAt.toISOString(),
    datasheet: datasheet[0] ?? null,
    numbers: numbers.map((n) => ({
      number: n.number,
      namePl: n.namePl,
      nameEn: n.nameEn,
      multiple: Number(n.multiple),
      multipleUnit: n.multipleUnit,
      position: n.position,
      weightKg: Number(n.weightKg),
      volumeCm: n.volumeCm,
    })),
    documents: documents.map(({ doc, file }) => ({
      id: doc.id,
      type: doc.type,
      locale: doc.locale ?? 'both',
      namePl: doc.namePl,
      nameEn: doc.nameEn,
      position: doc.position,
      file,
    })),
    images,
    attributes: attributeValues,
    related: relations.get(id)?.related ?? [],
    accessories: relations.get(id)?.accessory ?? [],
  };
}

/** Files of a save, checked already: the datasheet and new document files by their index in `documents`. */
export interface ProductUploads {
  datasheet: CheckedFile | null;
  documents: Map<number, CheckedFile>;
}

/** Catalogue numbers are unique across products: saves that write numbers run one at a time. */
export async function lockCatalogNumbers(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(74210001)`);
}

/** Numbers (compared case-insensitively) already used by products other than `exceptIds`. */
export async function takenNumbers(db: Db, numbers: string[], exceptIds: number[]): Promise<Map<string, { id: number; name: string }>> {
  const wanted = [...new Set(numbers.map((n) => n.toUpperCase()))];
  const out = new Map<string, { id: number; name: string }>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const chunk = wanted.slice(i, i + 1000);
    const conditions: SQL[] = [inArray(sql`upper(${productCatalogNumbers.number})`, chunk)];
    if (exceptIds.length === 1) conditions.push(ne(productCatalogNumbers.productId, exceptIds[0]));
    const rows = await db
      .select({ number: productCatalogNumbers.number, id: products.id, name: products.namePl })
      .from(productCatalogNumbers)
      .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
      .where(and(...conditions));
    const except = new Set(exceptIds);
    for (const r of rows) if (!except.has(r.id)) out.set(r.number.toUpperCase(), { id: r.id, name: r.name });
  }
  return out;
}

async function refErrors(db: Db, input: ProductInput, productId: number | null, t: Translate): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, input.category_id)).limit(1);
  if (!category) errors.category_id = [t('v.categoryMissing')];
  const taken = await takenNumbers(
    db,
    input.numbers.map((n) => n.number),
    productId ? [productId] : [],
  );
  input.numbers.forEach((n, i) => {
    const owner = taken.get(n.number.toUpperCase());
    if (owner) errors[`numbers.${i}.number`] = [t('v.numberTaken', { number: n.number, product: owner.name, id: owner.id })];
  });
  Object.assign(errors, await relationErrors(db, input, productId, t));
  return errors;
}

/** The row values of a product from its form input (rich text sanitized, slugs made from names when empty). */
function productValues(input: ProductInput) {
  const descriptionPl = sanitizeRichText(input.description_pl);
  const descriptionEn = sanitizeRichText(input.description_en);
  return {
    categoryId: input.category_id,
    namePl: input.name_pl,
    nameEn: input.name_en,
    slugPl: input.slug_pl || slugify(input.name_pl) || 'produkt',
    slugEn: input.slug_en || slugify(input.name_en) || 'product',
    leadPl: input.lead_pl,
    leadEn: input.lead_en,
    descriptionPl,
    descriptionEn,
    choiceOfVersion: input.choice_of_version,
    isActive: input.is_active,
    ...(input.is_featured !== undefined ? { isFeatured: input.is_featured } : {}),
    publishedAt: warsawMidnight(input.published_at),
    searchText: buildSearchText({
      namePl: input.name_pl,
      nameEn: input.name_en,
      leadPl: input.lead_pl,
      leadEn: input.lead_en,
      descriptionPl,
      descriptionEn,
      numbers: input.numbers.map((n) => ({ number: n.number, namePl: n.name_pl, nameEn: n.name_en })),
    }),
  };
}

/** Numbers in their set order (the order field, then the list order), positions renumbered. */
function numberRows(productId: number, input: ProductInput) {
  return input.numbers
    .map((n, i) => ({ n, i }))
    .sort((a, b) => (a.n.position ?? a.i) - (b.n.position ?? b.i) || a.i - b.i)
    .map(({ n }, position) => ({
      productId,
      number: n.number,
      namePl: n.name_pl,
      nameEn: n.name_en,
      multiple: n.multiple,
      multipleUnit: n.multiple_unit,
      weightKg: n.weight_kg,
      volumeCm: n.volume_cm,
      position,
    }));
}

type NumberWrite = Omit<typeof productCatalogNumbers.$inferInsert, 'id'> & { productId: number; number: string };

/**
 * Writes the catalogue numbers of products (replacing their stored ones) while keeping the id of
 * every number that stays (matched case-insensitively): price lists, carts and orders refer to
 * catalogue numbers by id. Numbers no longer listed are deleted; new ones are inserted.
 * Fields a row leaves out (e.g. the import has no weight) keep their stored values.
 */
export async function syncCatalogNumbers(tx: Db, productIds: number[], rows: NumberWrite[]): Promise<void> {
  if (productIds.length === 0) return;
  const existing: (typeof productCatalogNumbers.$inferSelect)[] = [];
  for (let i = 0; i < productIds.length; i += 1000) {
    existing.push(
      ...(await tx
        .select()
        .from(productCatalogNumbers)
        .where(inArray(productCatalogNumbers.productId, productIds.slice(i, i + 1000)))),
    );
  }
  const byKey = new Map(existing.map((n) => [`${n.productId}:${n.number.toUpperCase()}`, n]));
  const kept = new Set<number>();
  const inserts: NumberWrite[] = [];
  for (const row of rows) {
    const old = byKey.get(`${row.productId}:${row.number.toUpperCase()}`);
    if (!old || kept.has(old.id)) {
      inserts.push(row);
      continue;
    }
    kept.add(old.id);
    const changed = (Object.keys(row) as (keyof NumberWrite)[]).some(
      (k) => row[k] !== undefined && (k === 'multiple' || k === 'weightKg' ? Number(old[k]) !== Number(row[k]) : old[k] !== row[k]),
    );
    if (changed) await tx.update(productCatalogNumbers).set(row).where(eq(productCatalogNumbers.id, old.id));
  }
  const gone = existing.filter((n) => !kept.has(n.id)).map((n) => n.id);
  for (let i = 0; i < gone.length; i += 1000) await tx.delete(productCatalogNumbers).where(inArray(productCatalogNumbers.id, gone.slice(i, i + 1000)));
  for (let i = 0; i < inserts.length; i += 1000) await tx.insert(productCatalogNumbers).values(inserts.slice(i, i + 1000));
}

const numberLog = (
  rows: { number: string; namePl: string; nameEn: string; multiple: number | string; multipleUnit: string; weightKg?: number | string; volumeCm?: number }[],
) =>
  rows.map((n) => `${n.number} | ${n.namePl} | ${n.nameEn} | ${Number(n.multiple)} ${n.multipleUnit} | ${Number(n.weightKg ?? 0)} kg | ${n.volumeCm ?? 0} cm³`);
const documentLog = (rows: { type: string; locale: string | null; namePl: string; nameEn: string; fileId: string }[]) =>
  rows.map((d) => `${d.type} | ${d.locale ?? 'both'} | ${d.namePl} | ${d.nameEn} | ${d.fileId}`);

async function storeUploads(uploads: ProductUploads) {
  const datasheet = uploads.datasheet ? await storeFile(uploads.datasheet) : null;
  const documents = new Map<number, StoredFile>();
  for (const [i, f] of uploads.documents) documents.set(i, await storeFile(f));
  return { datasheet, documents, all: [...(datasheet ? [datasheet] : []), ...documents.values()] };
}

/** Writes the product's numbers and documents (replacing the stored ones); returns the files no longer linked. */
async function writeChildren(
  tx: Db,
  productId: number,
  input: ProductInput,
  stored: { documents: Map<number, StoredFile> },
  t: Translate,
): Promise<{ before: { numbers: string[]; documents: string[] }; after: { numbers: string[]; documents: string[] }; dropped: string[] }> {
  const oldNumbers = await tx
    .select()
    .from(productCatalogNumbers)
    .where(eq(productCatalogNumbers.productId, productId))
    .orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
  const oldDocs = await tx
    .select()
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.position), asc(productDocuments.id));
  const oldById = new Map(oldDocs.map((d) => [d.id, d]));

  const errors: Record<string, string[]> = {};
  input.documents.forEach((d, i) => {
    if (d.id !== undefined && !oldById.has(d.id)) errors[`documents.${i}.id`] = [t('v.documentMissing')];
  });
  if (Object.keys(errors).length) throw validationError(errors);

  const numbers = numberRows(productId, input);
  await syncCatalogNumbers(tx, [productId], numbers);

  const kept = new Set<number>();
  const newDocs: (typeof productDocuments.$inferInsert)[] = [];
  for (const [i, d] of input.documents.entries()) {
    const file = stored.documents.get(i);
    const values = { type: d.type, locale: d.locale === 'both' ? null : d.locale, namePl: d.name_pl, nameEn: d.name_en, position: i };
    if (d.id !== undefined) {
      kept.add(d.id);
      await tx
        .update(productDocuments)
        .set({ ...values, ...(file ? { fileId: file.id } : {}) })
        .where(and(eq(productDocuments.id, d.id), eq(productDocuments.productId, productId)));
    } else if (file) {
      newDocs.push({ ...values, productId, fileId: file.id });
    }
  }
  const removed = oldDocs.filter((d) => !kept.has(d.id));
  if (removed.length)
    await tx.delete(productDocuments).where(
      inArray(
        productDocuments.id,
        removed.map((d) => d.id),
      ),
    );
  if (newDocs.length) await tx.insert(productDocuments).values(newDocs);
  const nowDocs = await tx
    .select()
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.position), asc(productDocuments.id));
  const linked = new Set(nowDocs.map((d) => d.fileId));
  return {
    before: { numbers: numberLog(oldNumbers), documents: documentLog(oldDocs) },
    after: { numbers: numberLog(numbers), documents: documentLog(nowDocs) },
    dropped: oldDocs.map((d) => d.fileId).filter((f) => !linked.has(f)),
  };
}

/** Creates a product with its numbers, datasheet and documents; returns its id. */
export async function createProduct(input: ProductInput, uploads: ProductUploads, actor: Actor, locale: Locale): Promise<number> {
  const t = adminT(locale);
  const pre = await refErrors(getDb(), input, null, t);
  if (Object.keys(pre).length) throw validationError(pre);
  const stored = await storeUploads(uploads);
  try {
    const id = await getDb().transaction(async (tx) => {
      await lockCatalogNumbers(tx);
      const errors = await refErrors(tx, input, null, t);
      if (Object.keys(errors).length) throw validationError(errors);
      const [row] = await tx
        .insert(products)
        .values({ ...productValues(input), datasheetFileId: stored.datasheet?.id ?? null })
        .returning();
      const children = await writeChildren(tx, row.id, input, stored, t);
      const attrs = await saveProductAttributes(tx, row.id, input, t);
      const relations = await saveProductRelations(tx, row.id, input);
      await recordChange(tx, {
        ...actor,
        entity: 'product',
        entityId: row.id,
        action: 'create',
        after: { ...row, ...children.after, attributes: attrs.after, ...relations.after },
        skip: ['searchText', 'searchVector'],
      });
      return row.id;
    });
    productsChanged([id]);
    return id;
  } catch (e) {
    await discardFiles(stored.all);
    throw e;
  }
}

/** Saves a product at the version its form was loaded with (409 when stale). */
export async function updateProduct(
  id: number,
  expectedVersion: number,
  input: ProductInput,
  uploads: ProductUploads,
  actor: Actor,
  locale: Locale,
): Promise<void> {
  const t = adminT(locale);
  const db = getDb();
  const [current] = await db
    .select({ datasheetFileId: products.datasheetFileId, categoryId: products.categoryId, isActive: products.isActive, publishedAt: products.publishedAt })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  if (!current) throw new HttpError(404, t('msg.productNotFound'));
  const values = productValues(input);
  const pre = await refErrors(db, input, id, t);
  if (Object.keys(pre).length) throw validationError(pre);
  const stored = await storeUploads(uploads);
  let dropped: (string | null)[] = [];
  try {
    await db.transaction(async (tx) => {
      await lockCatalogNumbers(tx);
      const errors = await refErrors(tx, input, id, t);
      if (Object.keys(errors).length) throw validationError(errors);
      const datasheetFileId = stored.datasheet ? stored.datasheet.id : input.datasheet_remove ? null : undefined;
      await updateWithVersion(
        tx,
        products,
        id,
        expectedVersion,
        { ...values, ...(datasheetFileId !== undefined ? { datasheetFileId } : {}) },
        { locale, audit: { ...actor, entity: 'product', skip: ['searchText', 'searchVector'] } },
      );
      const children = await writeChildren(tx, id, input, stored, t);
      const attrs = await saveProductAttributes(tx, id, input, t);
      const relations = await saveProductRelations(tx, id, input);
      await recordChange(tx, {
        ...actor,
        entity: 'product',
        entityId: id,
        action: 'update',
        before: { ...children.before, attributes: attrs.before, ...relations.before },
        after: { ...children.after, attributes: attrs.after, ...relations.after },
      });
      dropped = [...children.dropped, datasheetFileId !== undefined && current.datasheetFileId !== datasheetFileId ? current.datasheetFileId : null];
    });
  } catch (e) {
    await discardFiles(stored.all);
    throw e;
  }
  // The save checked the version the form was loaded with, so `current` is the row it replaced.
  const orderKept =
    current.categoryId === values.categoryId &&
    current.isActive === values.isActive &&
    new Date(current.publishedAt).getTime() === values.publishedAt.getTime();
  productsChanged([id], current.categoryId !== input.category_id ? [current.categoryId] : [], { orderKept });
  await removeUnusedFiles(dropped);
}

/** Deletes a product with its numbers, documents and images (their files go when nothing else links them). */
export async function deleteProduct(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  let fileIds: (string | null)[] = [];
  let categoryId = 0;
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw new HttpError(404, t('msg.productNotFound'));
    const numbers = await tx.select().from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, id)).orderBy(asc(productCatalogNumbers.position));
    const docs = await tx.select({ fileId: productDocuments.fileId }).from(productDocuments).where(eq(productDocuments.productId, id));
    const images = await tx.select({ fileId: productImages.fileId }).from(productImages).where(eq(productImages.productId, id));
    await tx.delete(products).where(eq(products.id, id));
    await recordChange(tx, {
      ...actor,
      entity: 'product',
      entityId: id,
      action: 'delete',
      before: { ...row, numbers: numberLog(numbers) },
      skip: ['searchText', 'searchVector'],
    });
    fileIds = [row.datasheetFileId, ...docs.map((d) => d.fileId), ...images.map((i) => i.fileId)];
    categoryId = row.categoryId;
  });
  productsChanged([id], [categoryId]);
  await removeUnusedFiles(fileIds);
}

// ---------------------------------------------------------------------------------------------
// Images

async function requireProduct(db: Db, id: number, t: Translate) {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.id, id)).limit(1);
  if (!row) throw new HttpError(404, t('msg.productNotFound'));
}

/** Adds checked images at the end of the product's gallery; returns the gallery. */
export async function addProductImages(productId: number, images: CheckedFile[], actor: Actor, locale: Locale): Promise<AdminImage[]> {
  const t = adminT(locale);
  await requireProduct(getDb(), productId, t);
  const stored: StoredFile[] = [];
  try {
    for (const img of images) stored.push(await storeFile(img));
    await getDb().transaction(async (tx) => {
      await requireProduct(tx, productId, t);
      const [last] = await tx
        .select({ position: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      const start = (last?.position ?? -1) + 1;
      const rows = await tx
        .insert(productImages)
        .values(stored.map((f, i) => ({ productId, fileId: f.id, position: start + i })))
        .returning();
      for (const row of rows) await recordChange(tx, { ...actor, entity: 'product_image', entityId: row.id, action: 'create', after: row });
    });
  } catch (e) {
    await discardFiles(stored);
    throw e;
  }
  productsChanged([productId], [], { orderKept: true });
  return productImagesOf(productId);
}

/** Puts the product's images in the given order (every image of the product, each once). */
export async function reorderProductImages(productId: number, ids: number[], actor: Actor, locale: Locale): Promise<AdminImage[]> {
  const t = adminT(locale);
  await getDb().transaction(async (tx) => {
    await requireProduct(tx, productId, t);
    const current = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.position), asc(productImages.id));
    const have = current.map((r) => r.id);
    const same = ids.length === have.length && new Set(ids).size === ids.length && ids.every((id) => have.includes(id));
    if (!same) throw validationError({ ids: [t('images.order')] });
    for (const [position, id] of ids.entries()) await tx.update(productImages).set({ position }).where(eq(productImages.id, id));
    await recordChange(tx, { ...actor, entity: 'product', entityId: productId, action: 'update', before: { imageOrder: have }, after: { imageOrder: ids } });
  });
  productsChanged([productId], [], { orderKept: true });
  return productImagesOf(productId);
}

async function findImage(db: Db, imageId: number, t: Translate) {
  const [row] = await db.select().from(productImages).where(eq(productImages.id, imageId)).limit(1);
  if (!row) throw new HttpError(404, t('msg.imageNotFound'));
  return row;
}

export async function updateProductImage(imageId: number, alts: { alt_pl: string; alt_en: string }, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  const productId = await getDb().transaction(async (tx) => {
    const before = await findImage(tx, imageId, t);
    const [after] = await tx.update(productImages).set({ altPl: alts.alt_pl, altEn: alts.alt_en }).where(eq(productImages.id, imageId)).returning();
    await recordChange(tx, { ...actor, entity: 'product_image', entityId: imageId, action: 'update', before, after });
    return before.productId;
  });
  productsChanged([productId], [], { orderKept: true });
}

export async function deleteProductImage(imageId: number, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  let fileId: string | null = null;
  const productId = await getDb().transaction(async (tx) => {
    const before = await findImage(tx, imageId, t);
    await tx.delete(productImages).where(eq(productImages.id, imageId));
    await recordChange(tx, { ...actor, entity: 'product_image', entityId: imageId, action: 'delete', before });
    fileId = before.fileId;
    return before.productId;
  });
  productsChanged([productId], [], { orderKept: true });
  await removeUnusedFiles([fileId]);
}
