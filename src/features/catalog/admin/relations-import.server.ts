// The `related` and `accessories` columns of the product import and export: the chosen products'
// catalogue numbers separated by semicolons (the export writes each product's first number, or
// `#id` for a product without numbers, which the import reads back as that product). A
// number may belong to a product of the same file (also a new one) or to a product in the
// database; a column the file has replaces that list of every product of the file (an empty cell
// clears it), a column it leaves out keeps the lists as they are.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { productCatalogNumbers, productRelations, products, type RelationKind } from '../catalog.schema';
import type { ImportColumn, ImportRow } from './import-columns';
import type { Translate } from './validation';

const BY_ID = /^#(\d{1,9})$/; // import-columns.ts PRODUCT_ID_REF, with the id captured

const KINDS: { kind: RelationKind; column: 'related' | 'accessories' }[] = [
  { kind: 'related', column: 'related' },
  { kind: 'accessory', column: 'accessories' },
];

/** A chosen product: one of the file (by its first row; its id is known once written) or a stored one. */
type Target = { row: number } | { id: number };

export interface RelationPlan {
  /** Per product of the file (its first row), the lists its columns set. */
  lists: Map<number, Partial<Record<RelationKind, Target[]>>>;
  /** First rows of existing products whose lists change. */
  changed: Set<number>;
  /** The stored lists of the existing products (catalogue numbers, for the change log). */
  before: Map<number, Partial<Record<RelationKind, string[]>>>;
}

interface PlannedProduct {
  firstRow: number;
  productId: number | null;
  data: ImportRow;
  numbers: { number: string }[] | null;
}

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** The first catalogue number of products (none for a product without numbers). */
async function firstNumbers(db: Db, ids: number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (const part of chunks([...new Set(ids)], 1000)) {
    const rows = await db
      .selectDistinctOn([productCatalogNumbers.productId], { productId: productCatalogNumbers.productId, number: productCatalogNumbers.number })
      .from(productCatalogNumbers)
      .where(inArray(productCatalogNumbers.productId, part))
      .orderBy(productCatalogNumbers.productId, asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
    for (const r of rows) out.set(r.productId, r.number);
  }
  return out;
}

/** Stored lists of products: kind -> related product ids in order. */
async function storedLists(db: Db, productIds: number[]): Promise<Map<number, Record<RelationKind, number[]>>> {
  const out = new Map<number, Record<RelationKind, number[]>>(productIds.map((id) => [id, { related: [], accessory: [] }]));
  for (const part of chunks(productIds, 1000)) {
    const rows = await db
      .select({ productId: productRelations.productId, id: productRelations.relatedProductId, kind: productRelations.kind })
      .from(productRelations)
      .where(inArray(productRelations.productId, part))
      .orderBy(asc(productRelations.productId), asc(productRelations.position), asc(productRelations.id));
    for (const r of rows) out.get(r.productId)?.[r.kind].push(r.id);
  }
  return out;
}

/**
 * Checks the relation columns of a file: every number belongs to a product (of the file or stored,
 * not one whose numbers the file replaces without it), a product does not list itself or the same
 * product twice. Errors go into `addError`; returns undefined when the file has neither column.
 */
export async function planRelations(
  db: Db,
  plan: PlannedProduct[],
  columns: Set<ImportColumn>,
  addError: (row: number, column: string, message: string) => void,
  t: Translate,
): Promise<RelationPlan | undefined> {
  const kinds = KINDS.filter((k) => columns.has(k.column));
  if (kinds.length === 0) return undefined;
  // Numbers of the file's products point at them (by first row).
  const inFile = new Map<string, number>();
  const replaced = new Set<number>();
  for (const p of plan) {
    if (p.numbers === null) continue;
    if (p.productId !== null) replaced.add(p.productId);
    for (const n of p.numbers) inFile.set(n.number.toUpperCase(), p.firstRow);
  }
  const rowOfId = new Map(plan.filter((p) => p.productId !== null).map((p) => [p.productId as number, p.firstRow]));
  // Other numbers are looked up in the database.
  const cells = [...new Set(plan.flatMap((p) => kinds.flatMap((k) => p.data[k.column].map((n) => n.toUpperCase()))))];
  const wanted = cells.filter((n) => !inFile.has(n) && !BY_ID.test(n));
  const stored = new Map<string, number>();
  // `#id` names a stored product by its id (one without catalogue numbers, as the export writes it).
  const byId = cells.flatMap((n) => {
    const m = BY_ID.exec(n);
    return m && !inFile.has(n) ? [Number(m[1])] : [];
  });
  for (const part of chunks(byId.filter(Number.isSafeInteger), 1000)) {
    for (const r of await db.select({ id: products.id }).from(products).where(inArray(products.id, part))) stored.set(`#${r.id}`, r.id);
  }
  for (const part of chunks(wanted, 1000)) {
    const rows = await db
      .select({ number: productCatalogNumbers.number, productId: productCatalogNumbers.productId })
      .from(productCatalogNumbers)
      .where(inArray(sql`upper(${productCatalogNumbers.number})`, part));
    // A number the file takes away from its product is gone after the import.
    for (const r of rows) if (!replaced.has(r.productId)) stored.set(r.number.toUpperCase(), r.productId);
  }

  const existingIds = plan.filter((p) => p.productId !== null).map((p) => p.productId as number);
  const current = await storedLists(db, existingIds);
  const lists: RelationPlan['lists'] = new Map();
  const changed = new Set<number>();
  const before: RelationPlan['before'] = new Map();
  const numberOf = await firstNumbers(
    db,
    [...current.values()].flatMap((l) => [...l.related, ...l.accessory]),
  );
  const idOfRow = new Map(plan.map((p) => [p.firstRow, p.productId]));
  for (const p of plan) {
    const own: Partial<Record<RelationKind, Target[]>> = {};
    for (const { kind, column } of kinds) {
      const targets: Target[] = [];
      const seen = new Set<string>();
      for (const number of p.data[column]) {
        const key = number.toUpperCase();
        const row = inFile.get(key);
        const id = row === undefined ? stored.get(key) : undefined;
        // A stored product of the file is named by its row, so a product is found once either way.
        const target: Target | null = row !== undefined ? { row } : id !== undefined ? (rowOfId.has(id) ? { row: rowOfId.get(id) as number } : { id }) : null;
        if (!target) {
          addError(p.firstRow, column, t('import.relationUnknown', { number }));
          continue;
        }
        if ('row' in target ? target.row === p.firstRow : false) {
          addError(p.firstRow, column, t('import.relationSelf', { number }));
          continue;
        }
        const targetKey = 'row' in target ? `r${target.row}` : `i${target.id}`;
        if (seen.has(targetKey)) {
          addError(p.firstRow, column, t('import.relationDuplicate', { number }));
          continue;
        }
        seen.add(targetKey);
        targets.push(target);
      }
      own[kind] = targets;
      if (p.productId !== null) {
        const old = current.get(p.productId)?.[kind] ?? [];
        const next = targets.map((x) => ('id' in x ? x.id : (idOfRow.get(x.row) ?? null)));
        if (old.length !== next.length || old.some((id, i) => id !== next[i])) changed.add(p.firstRow);
        before.set(p.firstRow, { ...before.get(p.firstRow), [kind]: old.map((id) => numberOf.get(id) ?? `#${id}`) });
      }
    }
    lists.set(p.firstRow, own);
  }
  return { lists, changed, before };
}

/**
 * Writes the planned lists of the imported products (ids by first file row) and returns the
 * change-log entries of the changed existing products: first row -> { related, accessories }.
 */
export async function writeImportRelations(
  tx: Db,
  plan: RelationPlan | undefined,
  idOf: Map<number, number>,
  createdRows: Set<number>,
): Promise<Map<number, Record<string, { before: string[]; after: string[] }>>> {
  const log = new Map<number, Record<string, { before: string[]; after: string[] }>>();
  if (!plan) return log;
  const rows: (typeof productRelations.$inferInsert)[] = [];
  const rewrite: { productId: number; kinds: RelationKind[] }[] = [];
  const idOfTarget = (x: Target) => ('id' in x ? x.id : (idOf.get(x.row) as number));
  for (const [firstRow, lists] of plan.lists) {
    if (!createdRows.has(firstRow) && !plan.changed.has(firstRow)) continue;
    const productId = idOf.get(firstRow);
    if (!productId) continue;
    const kinds = Object.keys(lists) as RelationKind[];
    rewrite.push({ productId, kinds });
    for (const kind of kinds)
      for (const [position, x] of (lists[kind] ?? []).entries()) rows.push({ productId, relatedProductId: idOfTarget(x), kind, position });
  }
  for (const { productId, kinds } of rewrite) {
    await tx.delete(productRelations).where(and(eq(productRelations.productId, productId), inArray(productRelations.kind, kinds)));
  }
  for (const part of chunks(rows, 1000)) await tx.insert(productRelations).values(part);
  // The change log names the chosen products by their first catalogue number.
  const numberOf = await firstNumbers(
    tx,
    rows.map((r) => r.relatedProductId),
  );
  for (const firstRow of plan.changed) {
    const productId = idOf.get(firstRow);
    const lists = plan.lists.get(firstRow) ?? {};
    const entry: Record<string, { before: string[]; after: string[] }> = {};
    for (const { kind, column } of KINDS) {
      const list = lists[kind];
      if (!list || !productId) continue;
      const after = list.map((x) => numberOf.get(idOfTarget(x)) ?? `#${idOfTarget(x)}`);
      const before = plan.before.get(firstRow)?.[kind] ?? [];
      if (JSON.stringify(before) !== JSON.stringify(after)) entry[column] = { before, after };
    }
    log.set(firstRow, entry);
  }
  return log;
}

/** Export cells of products by id: the chosen products' first catalogue numbers, separated by "; ". */
export async function exportRelationCells(db: Db, productIds: number[]): Promise<Map<number, { related: string; accessories: string }>> {
  const lists = await storedLists(db, productIds);
  const numberOf = await firstNumbers(
    db,
    [...lists.values()].flatMap((l) => [...l.related, ...l.accessory]),
  );
  const cell = (ids: number[]) => ids.map((id) => numberOf.get(id) ?? `#${id}`).join('; ');
  return new Map(productIds.map((id) => [id, { related: cell(lists.get(id)?.related ?? []), accessories: cell(lists.get(id)?.accessory ?? []) }]));
}
