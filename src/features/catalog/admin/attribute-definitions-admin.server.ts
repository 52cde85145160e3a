// Product attribute definitions in the administrator panel (issue 17): the list with the number
// of products that use each one, create, edit (409 on a stale version) and delete. An attribute's
// code is the listing's filter parameter and the import column, so it cannot change while
// products hold values of it; neither can its type. An option or an attribute that products use
// is never deleted (the foreign keys would cascade and silently drop those values): 422/409 with
// the count instead. Every write runs in one transaction with its change-log entry and clears the
// page cache (which also rebuilds the listing index, its facets and the product pages' tables).
import { and, asc, count, countDistinct, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion, VersionConflictError } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { escapeLike } from '~/core/text';
import { attributeOptions, attributes, type AttributeType, ATTRIBUTE_TYPES, productAttributeValues } from '../attributes.schema';
import { nameSortKey } from '../catalog.schema';
import { ATTRIBUTE_SORTS, type AttributeInput, type AttributeSort } from './attribute-validation';
import { adminT } from './validation';

export const ATTRIBUTES_PER_PAGE = 25;

export interface AdminAttributeItem {
  id: number;
  code: string;
  /** The name in the admin's language. */
  name: string;
  unit: string;
  type: AttributeType;
  position: number;
  isFacet: boolean;
  onCard: boolean;
  options: number;
  /** Products holding a value of it. */
  products: number;
}

export interface AttributeListQuery {
  locale: Locale;
  page?: number;
  search?: string;
  type?: string;
  sort?: string;
  dir?: string;
  perPage?: number;
}

/** Products holding a value of the attribute (correlated by name: drizzle writes a lone table's columns unqualified). */
const productsUsing = sql<number>`(select count(distinct pav.product_id) from product_attribute_values pav where pav.attribute_id = "attributes"."id")`.mapWith(
  Number,
);
const optionCount = sql<number>`(select count(*) from attribute_options ao where ao.attribute_id = "attributes"."id")`.mapWith(Number);

/** A page of attributes: search by code or name (both languages), filter by type, sorting. */
export async function listAdminAttributes(query: AttributeListQuery): Promise<Paged<AdminAttributeItem>> {
  const db = getDb();
  const perPage = query.perPage ?? ATTRIBUTES_PER_PAGE;
  const filters: SQL[] = [];
  const search = query.search?.trim() ?? '';
  if (search) {
    const like = `%${escapeLike(search)}%`;
    filters.push(or(ilike(attributes.code, like), ilike(attributes.namePl, like), ilike(attributes.nameEn, like)) as SQL);
  }
  if ((ATTRIBUTE_TYPES as readonly string[]).includes(query.type ?? '')) filters.push(eq(attributes.type, query.type as AttributeType));
  const where = filters.length ? and(...filters) : undefined;
  const [{ n }] = await db.select({ n: count() }).from(attributes).where(where);
  const pages = pageCount(Number(n), perPage);
  const page = Math.min(Math.max(1, query.page ?? 1), pages);

  const name = query.locale === 'pl' ? attributes.namePl : attributes.nameEn;
  const sort: AttributeSort = (ATTRIBUTE_SORTS as readonly string[]).includes(query.sort ?? '') ? (query.sort as AttributeSort) : 'position';
  const dir = query.dir === 'desc' ? desc : asc;
  const order: SQL[] = {
    position: [dir(attributes.position), dir(attributes.id)],
    code: [dir(attributes.code)],
    name: [dir(nameSortKey(name)), asc(attributes.id)],
    products: [dir(productsUsing), asc(attributes.position), asc(attributes.id)],
  }[sort];
  const rows = await db
    .select({
      id: attributes.id,
      code: attributes.code,
      name,
      unit: attributes.unit,
      type: attributes.type,
      position: attributes.position,
      isFacet: attributes.isFacet,
      onCard: attributes.onCard,
      options: optionCount,
      products: productsUsing,
    })
    .from(attributes)
    .where(where)
    .orderBy(...order)
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items: rows, pages, page, total: Number(n) };
}

export interface AdminAttributeOption {
  id: number;
  code: string;
  valuePl: string;
  valueEn: string;
  /** Products holding this option. */
  products: number;
}

export interface AdminAttribute {
  id: number;
  version: number;
  code: string;
  namePl: string;
  nameEn: string;
  unit: string;
  type: AttributeType;
  position: number;
  isFacet: boolean;
  onCard: boolean;
  options: AdminAttributeOption[];
  products: number;
  updatedAt: string;
}

async function usage(db: Db, id: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(productAttributeValues.productId) })
    .from(productAttributeValues)
    .where(eq(productAttributeValues.attributeId, id));
  return Number(row?.n ?? 0);
}

async function optionsOf(db: Db, id: number): Promise<AdminAttributeOption[]> {
  const [options, used] = await Promise.all([
    db.select().from(attributeOptions).where(eq(attributeOptions.attributeId, id)).orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
    db
      .select({ optionId: productAttributeValues.optionId, n: countDistinct(productAttributeValues.productId) })
      .from(productAttributeValues)
      .where(eq(productAttributeValues.attributeId, id))
      .groupBy(productAttributeValues.optionId),
  ]);
  const byOption = new Map(used.map((u) => [u.optionId, Number(u.n)]));
  return options.map((o) => ({ id: o.id, code: o.code, valuePl: o.valuePl, valueEn: o.valueEn, products: byOption.get(o.id) ?? 0 }));
}

/** One attribute with its options and usage, or null. */
export async function getAdminAttribute(id: number): Promise<AdminAttribute | null> {
  const db = getDb();
  const [row] = await db.select().from(attributes).where(eq(attributes.id, id)).limit(1);
  if (!row) return null;
  const [options, products] = await Promise.all([optionsOf(db, id), usage(db, id)]);
  return {
    id: row.id,
    version: row.version,
    code: row.code,
    namePl: row.namePl,
    nameEn: row.nameEn,
    unit: row.unit,
    type: row.type,
    position: row.position,
    isFacet: row.isFacet,
    onCard: row.onCard,
    options,
    products,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function values(input: AttributeInput) {
  return {
    code: input.code,
    namePl: input.name_pl,
    nameEn: input.name_en,
    unit: input.unit,
    type: input.type,
    position: input.position,
    isFacet: input.is_facet,
    onCard: input.on_card,
  };
}

/** The options as the change log records them: "code: pl | en". */
const optionLog = (options: { code: string; valuePl: string; valueEn: string }[]) => options.map((o) => `${o.code}: ${o.valuePl} | ${o.valueEn}`);

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } };
  return err?.code === '23505' || err?.cause?.code === '23505';
};

async function checkCodeFree(db: Db, code: string, exceptId: number | null, locale: Locale) {
  const [taken] = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(exceptId === null ? eq(attributes.code, code) : and(eq(attributes.code, code), ne(attributes.id, exceptId)))
    .limit(1);
  if (taken) throw validationError({ code: [adminT(locale)('attr.v.codeTaken', { code })] });
}

/** Creates an attribute with its options; returns its id. A taken code is a 422 on `code`. */
export async function createAttribute(input: AttributeInput, actor: Actor, locale: Locale): Promise<number> {
  try {
    const id = await getDb().transaction(async (tx) => {
      await checkCodeFree(tx, input.code, null, locale);
      const [row] = await tx.insert(attributes).values(values(input)).returning();
      const options = input.options.map((o, position) => ({ attributeId: row.id, code: o.code, valuePl: o.value_pl, valueEn: o.value_en, position }));
      if (options.length) await tx.insert(attributeOptions).values(options);
      await recordChange(tx, {
        ...actor,
        entity: 'attribute',
        entityId: row.id,
        action: 'create',
        after: { ...row, options: optionLog(options) },
        skip: ['createdAt'],
      });
      return row.id;
    });
    clearPageCache();
    return id;
  } catch (e) {
    // Two administrators adding the same code at once: the unique index decides.
    if (isUniqueViolation(e)) throw validationError({ code: [adminT(locale)('attr.v.codeTaken', { code: input.code })] });
    throw e;
  }
}

/**
 * Saves an attribute at the version its form was loaded with (409 when stale). Options are matched
 * by id: new ones are added, missing ones deleted (refused while products hold them).
 */
export async function updateAttribute(id: number, expectedVersion: number, input: AttributeInput, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  try {
    await getDb().transaction(async (tx) => {
      const [current] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
      if (!current) throw new HttpError(404, t('attr.msg.notFound'));
      if (current.version !== expectedVersion) throw new VersionConflictError(locale, current.version);
      // The options too: a product saved meanwhile cannot pick one that this save deletes.
      await tx.select({ id: attributeOptions.id }).from(attributeOptions).where(eq(attributeOptions.attributeId, id)).for('update');
      const used = await usage(tx, id);
      const before = await optionsOf(tx, id);
      const errors: Record<string, string[]> = {};
      if (input.code !== current.code) {
        if (used > 0) errors.code = [t('attr.v.codeInUse', { n: used })];
        else await checkCodeFree(tx, input.code, id, locale);
      }
      if (input.type !== current.type && used > 0) errors.type = [t('attr.v.typeInUse', { n: used })];
      const stored = new Map(before.map((o) => [o.id, o]));
      input.options.forEach((o, i) => {
        if (o.id !== undefined && !stored.has(o.id)) errors[`options.${i}.code`] = [t('attr.v.optionGone')];
      });
      const kept = new Set(input.options.map((o) => o.id).filter((x): x is number => x !== undefined));
      const removed = before.filter((o) => !kept.has(o.id));
      const removedInUse = removed.filter((o) => o.products > 0);
      if (removedInUse.length) {
        errors.options = removedInUse.map((o) => t('attr.v.optionInUse', { value: locale === 'pl' ? o.valuePl : o.valueEn, n: o.products }));
      }
      if (Object.keys(errors).length) throw validationError(errors);

      const saved = await updateWithVersion(tx, attributes, id, expectedVersion, values(input), { locale });
      if (removed.length)
        await tx.delete(attributeOptions).where(
          inArray(
            attributeOptions.id,
            removed.map((o) => o.id),
          ),
        );
      // Codes are unique per attribute: kept options whose code changes pass through a temporary one,
      // so that two options may swap codes in one save.
      const renamed = input.options.filter((o) => o.id !== undefined && stored.get(o.id)?.code !== o.code);
      for (const o of renamed)
        await tx
          .update(attributeOptions)
          .set({ code: `~${o.id}` })
          .where(eq(attributeOptions.id, o.id as number));
      for (const [position, o] of input.options.entries()) {
        const set = { code: o.code, valuePl: o.value_pl, valueEn: o.value_en, position };
        if (o.id !== undefined)
          await tx
            .update(attributeOptions)
            .set(set)
            .where(and(eq(attributeOptions.id, o.id), eq(attributeOptions.attributeId, id)));
        else await tx.insert(attributeOptions).values({ ...set, attributeId: id });
      }
      const after = input.options.map((o) => ({ code: o.code, valuePl: o.value_pl, valueEn: o.value_en }));
      await recordChange(tx, {
        ...actor,
        entity: 'attribute',
        entityId: id,
        action: 'update',
        before: { ...current, options: optionLog(before) },
        after: { ...saved, options: optionLog(after) },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw validationError({ code: [t('attr.v.codeTaken', { code: input.code })] });
    throw e;
  }
  clearPageCache();
}

/**
 * Deletes an attribute with its options. Refused (409) while any product holds a value of it: the
 * values would go with it, from the product pages and the listing filters, without a word.
 */
export async function deleteAttribute(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(attributes).where(eq(attributes.id, id)).for('update');
    if (!row) throw new HttpError(404, t('attr.msg.notFound'));
    const used = await usage(tx, id);
    if (used > 0) throw new HttpError(409, t('attr.msg.inUse', { name: locale === 'pl' ? row.namePl : row.nameEn, n: used }));
    const options = await optionsOf(tx, id);
    await tx.delete(attributes).where(eq(attributes.id, id));
    await recordChange(tx, { ...actor, entity: 'attribute', entityId: id, action: 'delete', before: { ...row, options: optionLog(options) } });
  });
  clearPageCache();
}
