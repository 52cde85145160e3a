// Related products and accessories of a product, chosen in the admin product form: checked (no
// product related to itself, every id an existing product) and written in the caller's
// transaction with the rest of the product. Returns lines for the change log.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { productCatalogNumbers, productRelations, products, type RelationKind } from '../catalog.schema';
import type { ProductInput, Translate } from './validation';

/** A chosen product as the form lists it. */
export interface AdminRelation {
  id: number;
  namePl: string;
  nameEn: string;
  /** Its first catalogue number. */
  number: string | null;
  isActive: boolean;
}

/** The form's field of each kind. */
export const RELATION_FIELDS = { related: 'related', accessory: 'accessories' } as const satisfies Record<RelationKind, keyof ProductInput>;

/** The chosen related products and accessories of products, in their order. */
export async function relationsOf(productIds: number[], db: Db = getDb()): Promise<Map<number, Record<RelationKind, AdminRelation[]>>> {
  const out = new Map<number, Record<RelationKind, AdminRelation[]>>(productIds.map((id) => [id, { related: [], accessory: [] }]));
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productRelations.productId,
      kind: productRelations.kind,
      id: products.id,
      namePl: products.namePl,
      nameEn: products.nameEn,
      isActive: products.isActive,
      number: sql<string | null>`(select n.number from ${productCatalogNumbers} n where n.product_id = ${products.id} order by n.position, n.id limit 1)`,
    })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedProductId))
    .where(inArray(productRelations.productId, productIds))
    .orderBy(asc(productRelations.productId), asc(productRelations.kind), asc(productRelations.position), asc(productRelations.id));
  for (const { productId, kind, ...item } of rows) out.get(productId)?.[kind].push(item);
  return out;
}

/** 422 errors of the chosen ids: the product itself (`productId`, null for a new one) or unknown products. */
export async function relationErrors(db: Db, input: ProductInput, productId: number | null, t: Translate): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const ids = [...new Set([...(input.related ?? []), ...(input.accessories ?? [])])];
  if (ids.length === 0) return errors;
  const known = new Set((await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id));
  for (const field of Object.values(RELATION_FIELDS)) {
    (input[field] ?? []).forEach((id, i) => {
      if (id === productId) errors[`${field}.${i}`] = [t('v.relationSelf')];
      else if (!known.has(id)) errors[`${field}.${i}`] = [t('v.relationMissing', { id })];
    });
  }
  return errors;
}

const logLines = (items: AdminRelation[]) => items.map((r) => `${r.id} | ${r.number ?? ''} | ${r.namePl}`);

/**
 * Replaces the product's chosen related products and accessories with the form's (a list the
 * input leaves out stays as it is); the ids are checked by the caller (relationErrors).
 */
export async function saveProductRelations(
  tx: Db,
  productId: number,
  input: ProductInput,
): Promise<{ before: Record<string, string[]>; after: Record<string, string[]> }> {
  const kinds = (Object.keys(RELATION_FIELDS) as RelationKind[]).filter((k) => input[RELATION_FIELDS[k]] !== undefined);
  if (kinds.length === 0) return { before: {}, after: {} };
  const before = (await relationsOf([productId], tx)).get(productId) as Record<RelationKind, AdminRelation[]>;
  await tx.delete(productRelations).where(and(eq(productRelations.productId, productId), inArray(productRelations.kind, kinds)));
  const rows = kinds.flatMap((kind) =>
    (input[RELATION_FIELDS[kind]] ?? []).map((relatedProductId, position) => ({ productId, relatedProductId, kind, position })),
  );
  if (rows.length) await tx.insert(productRelations).values(rows);
  const after = (await relationsOf([productId], tx)).get(productId) as Record<RelationKind, AdminRelation[]>;
  return {
    before: Object.fromEntries(kinds.map((k) => [RELATION_FIELDS[k], logLines(before[k])])),
    after: Object.fromEntries(kinds.map((k) => [RELATION_FIELDS[k], logLines(after[k])])),
  };
}
