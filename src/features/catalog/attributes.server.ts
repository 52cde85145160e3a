// Product attributes: definitions, the facet data of the listing index, a product's specification
// table, and writing a product's values (admin form, import, demo seed).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { type Locale, numberFormat } from '~/core/i18n/locale';
import { attributeOptions, attributes, type AttributeType, productAttributeValues } from './attributes.schema';
import { onCacheClear } from '~/core/server/page-cache.server';
import { FacetData, type FacetValue } from './facets';

export interface AttributeOptionDef {
  id: number;
  code: string;
  valuePl: string;
  valueEn: string;
}

export interface AttributeDef {
  id: number;
  code: string;
  namePl: string;
  nameEn: string;
  unit: string;
  type: AttributeType;
  position: number;
  isFacet: boolean;
  onCard: boolean;
  options: AttributeOptionDef[];
}

let cachedDefinitions: Promise<AttributeDef[]> | undefined;
onCacheClear(() => {
  cachedDefinitions = undefined;
});

/** The attribute definitions for public pages (cached until the next admin change clears the page cache). */
export function publicAttributeDefinitions(): Promise<AttributeDef[]> {
  if (!cachedDefinitions) {
    const job = attributeDefinitions();
    cachedDefinitions = job;
    job.catch(() => {
      if (cachedDefinitions === job) cachedDefinitions = undefined;
    });
  }
  return cachedDefinitions;
}

/** Every attribute with its options, in display order. */
export async function attributeDefinitions(db: Db = getDb()): Promise<AttributeDef[]> {
  const [attrs, options] = await Promise.all([
    db.select().from(attributes).orderBy(asc(attributes.position), asc(attributes.id)),
    db.select().from(attributeOptions).orderBy(asc(attributeOptions.position), asc(attributeOptions.id)),
  ]);
  const byAttr = new Map<number, AttributeOptionDef[]>();
  for (const o of options)
    (byAttr.get(o.attributeId) ?? byAttr.set(o.attributeId, []).get(o.attributeId))?.push({ id: o.id, code: o.code, valuePl: o.valuePl, valueEn: o.valueEn });
  return attrs.map((a) => ({ ...a, options: byAttr.get(a.id) ?? [] }));
}

/** A number as the pages write it: "0,5" / "0.5", up to 4 decimals. */
export function formatAttributeNumber(n: number, unit: string, locale: Locale): string {
  const s = numberFormat(locale, 4).format(n);
  return unit ? `${s} ${unit}` : s;
}

/** The key of a number in URLs and files: plain JavaScript notation ("0.5", "305"). */
export const numberKey = (n: number) => String(Number(n));

export interface ValueRow {
  productId: number;
  attributeId: number;
  optionId: number | null;
  number: number | null;
  textPl: string;
  textEn: string;
  position: number;
}

/** Stored values of products (all when `productIds` is absent), in attribute value order. */
export async function valuesOf(db: Db, productIds?: number[]): Promise<ValueRow[]> {
  const cols = {
    productId: productAttributeValues.productId,
    attributeId: productAttributeValues.attributeId,
    optionId: productAttributeValues.optionId,
    number: productAttributeValues.number,
    textPl: productAttributeValues.textPl,
    textEn: productAttributeValues.textEn,
    position: productAttributeValues.position,
  };
  const order = [asc(productAttributeValues.productId), asc(productAttributeValues.position), asc(productAttributeValues.id)];
  if (!productIds)
    return db
      .select(cols)
      .from(productAttributeValues)
      .orderBy(...order);
  const out: ValueRow[] = [];
  for (let i = 0; i < productIds.length; i += 1000) {
    out.push(
      ...(await db
        .select(cols)
        .from(productAttributeValues)
        .where(inArray(productAttributeValues.productId, productIds.slice(i, i + 1000)))
        .orderBy(...order)),
    );
  }
  return out;
}

/** The text of one attribute's values of a product in a language ("6A", "1 m, 2 m", "LSOH"). */
export function valueText(def: AttributeDef, rows: ValueRow[], locale: Locale): string {
  if (def.type === 'enum') {
    // In the attribute's option order, whatever order they were chosen in.
    const chosen = new Set(rows.map((r) => r.optionId));
    return def.options
      .filter((o) => chosen.has(o.id))
      .map((o) => (locale === 'pl' ? o.valuePl : o.valueEn))
      .join(', ');
  }
  if (def.type === 'number') {
    const nums = rows
      .map((r) => r.number)
      .filter((n): n is number => n !== null)
      .map(Number);
    if (nums.length === 0) return '';
    const fmt = numberFormat(locale, 4);
    // Polish writes decimals with a comma, so its list separator is a semicolon.
    return `${nums.map((n) => fmt.format(n)).join(locale === 'pl' ? '; ' : ', ')}${def.unit ? ` ${def.unit}` : ''}`;
  }
  return rows
    .map((r) => (locale === 'pl' ? r.textPl : r.textEn || r.textPl))
    .filter(Boolean)
    .join(', ');
}

/**
 * The facet data of the listing index for the products at `positions` (product id -> index
 * position), and each product's card attributes per language.
 */
export async function loadFacetData(positions: Map<number, number>): Promise<FacetSource> {
  const db = getDb();
  const [defs, rows] = await Promise.all([attributeDefinitions(db), valuesOf(db)]);
  return facetDataFrom(defs, rows, positions);
}

export type FacetSource = { facets: FacetData; cards: Map<number, Record<Locale, { name: string; value: string }[]>> };

/** loadFacetData from definitions and value rows already read (the index keeps them to patch one product). */
export function facetDataFrom(defs: AttributeDef[], rows: Iterable<ValueRow>, positions: Map<number, number>): FacetSource {
  const facetDefs = defs.filter((d) => d.isFacet && d.type !== 'text');
  const attrIndex = new Map(facetDefs.map((d, i) => [d.id, i]));
  const values: FacetValue[] = [];
  const optionVid = new Map<number, number>();
  const numberVid = new Map<string, number>();
  for (const [i, d] of facetDefs.entries()) {
    if (d.type === 'enum') {
      for (const [k, o] of d.options.entries()) {
        optionVid.set(o.id, values.length);
        values.push({ attr: i, key: o.code, label: { pl: o.valuePl, en: o.valueEn }, order: k });
      }
    }
  }
  const perProduct: number[][] = Array.from({ length: positions.size }, () => []);
  const byProduct = new Map<number, ValueRow[]>();
  for (const r of rows) {
    const p = positions.get(r.productId);
    if (p === undefined) continue;
    (byProduct.get(r.productId) ?? byProduct.set(r.productId, []).get(r.productId))?.push(r);
    const a = attrIndex.get(r.attributeId);
    if (a === undefined) continue;
    let vid: number | undefined;
    if (r.optionId !== null) vid = optionVid.get(r.optionId);
    else if (r.number !== null) {
      const def = facetDefs[a] as AttributeDef;
      const n = Number(r.number);
      const key = `${a}:${numberKey(n)}`;
      vid = numberVid.get(key);
      if (vid === undefined) {
        vid = values.length;
        numberVid.set(key, vid);
        values.push({
          attr: a,
          key: numberKey(n),
          label: { pl: formatAttributeNumber(n, def.unit, 'pl'), en: formatAttributeNumber(n, def.unit, 'en') },
          order: n,
        });
      }
    }
    const list = perProduct[p] as number[];
    if (vid !== undefined && !list.includes(vid)) list.push(vid);
  }
  const facets = new FacetData(
    facetDefs.map((d) => ({ code: d.code, name: { pl: d.namePl, en: d.nameEn }, unit: d.unit })),
    values,
    perProduct,
  );
  const cardDefs = defs.filter((d) => d.onCard);
  const cards = new Map<number, Record<Locale, { name: string; value: string }[]>>();
  for (const [productId, list] of byProduct) {
    const card: Record<Locale, { name: string; value: string }[]> = { pl: [], en: [] };
    for (const d of cardDefs) {
      if (card.pl.length >= 2) break;
      const own = list.filter((r) => r.attributeId === d.id);
      if (own.length === 0) continue;
      for (const l of ['pl', 'en'] as const) {
        const value = valueText(d, own, l);
        if (value) card[l].push({ name: l === 'pl' ? d.namePl : d.nameEn, value });
      }
    }
    if (card.pl.length || card.en.length) cards.set(productId, card);
  }
  return { facets, cards };
}

/** One row of a product's specification table. */
export interface SpecRow {
  code: string;
  name: string;
  value: string;
}

/** A product's stored attribute value as the product page statement reads it (catalog.server.ts). */
export interface StoredValue {
  attributeId: number;
  optionId: number | null;
  number: string | number | null;
  textPl: string;
  textEn: string;
}

/**
 * The SQL of a product's stored values as one JSON array of StoredValue, in value order, for the
 * product page's statement (`p` is the product): one statement per page instead of two.
 */
export const PRODUCT_VALUES_JSON_SQL = `coalesce((select json_agg(json_build_object('attributeId', v.attribute_id, 'optionId', v.option_id,
    'number', v.number, 'textPl', v.text_pl, 'textEn', v.text_en) order by v.position, v.id)
  from product_attribute_values v where v.product_id = p.id), '[]'::json)`;

/** The specification table of a product in a language from its stored values: every attribute with a value, in order. */
export async function productSpecs(productId: number, stored: StoredValue[], locale: Locale): Promise<SpecRow[]> {
  const defs = await publicAttributeDefinitions();
  const rows: ValueRow[] = stored.map((r, position) => ({ ...r, productId, number: r.number === null ? null : Number(r.number), position }));
  const out: SpecRow[] = [];
  for (const d of defs) {
    const own = rows.filter((r) => r.attributeId === d.id);
    if (own.length === 0) continue;
    const value = valueText(d, own, locale);
    if (value) out.push({ code: d.code, name: locale === 'pl' ? d.namePl : d.nameEn, value });
  }
  return out;
}

/** A product's values to write: per attribute, options (enum), numbers, or a text pair. */
export interface AttributeWrite {
  attributeId: number;
  optionIds?: number[];
  numbers?: number[];
  textPl?: string;
  textEn?: string;
}

/** The value rows of writes (empty values left out). */
export function valueRows(productId: number, writes: AttributeWrite[]): (typeof productAttributeValues.$inferInsert)[] {
  const out: (typeof productAttributeValues.$inferInsert)[] = [];
  for (const w of writes) {
    let position = 0;
    for (const optionId of w.optionIds ?? []) out.push({ productId, attributeId: w.attributeId, optionId, position: position++ });
    for (const number of w.numbers ?? []) out.push({ productId, attributeId: w.attributeId, number, position: position++ });
    if ((w.textPl ?? '') !== '' || (w.textEn ?? '') !== '')
      out.push({ productId, attributeId: w.attributeId, textPl: w.textPl ?? '', textEn: w.textEn ?? '', position: 0 });
  }
  return out;
}

/**
 * Replaces values of products: for each product, the attributes named in its writes (or all of
 * them when `allAttributes`) lose their stored values and get the written ones.
 */
export async function replaceProductAttributes(tx: Db, items: { productId: number; writes: AttributeWrite[] }[], allAttributes: boolean): Promise<void> {
  if (items.length === 0) return;
  const ids = items.map((i) => i.productId);
  if (allAttributes) {
    for (let i = 0; i < ids.length; i += 1000) await tx.delete(productAttributeValues).where(inArray(productAttributeValues.productId, ids.slice(i, i + 1000)));
  } else {
    const attrIds = [...new Set(items.flatMap((i) => i.writes.map((w) => w.attributeId)))];
    if (attrIds.length === 0) return;
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      // Only the attributes the writes name: other attributes are left as they are.
      await tx
        .delete(productAttributeValues)
        .where(and(inArray(productAttributeValues.productId, chunk), inArray(productAttributeValues.attributeId, attrIds)));
    }
  }
  const rows = items.flatMap((i) => valueRows(i.productId, i.writes));
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(productAttributeValues).values(rows.slice(i, i + 1000));
}

/** The stored values of a product as writes (the admin form's starting point; change log). */
export async function attributeWritesOf(productId: number, db: Db = getDb()): Promise<AttributeWrite[]> {
  const rows = await db
    .select()
    .from(productAttributeValues)
    .where(eq(productAttributeValues.productId, productId))
    .orderBy(asc(productAttributeValues.position), asc(productAttributeValues.id));
  const out = new Map<number, AttributeWrite>();
  for (const r of rows) {
    const w = out.get(r.attributeId) ?? { attributeId: r.attributeId };
    out.set(r.attributeId, w);
    if (r.optionId !== null) (w.optionIds ??= []).push(r.optionId);
    else if (r.number !== null) (w.numbers ??= []).push(Number(r.number));
    else {
      w.textPl = r.textPl;
      w.textEn = r.textEn;
    }
  }
  return [...out.values()];
}
