// Categories in the administrator panel: the whole tree (also inactive branches), create, edit
// (moving a branch keeps its products; cycles are refused) and delete (refused while the category
// has subcategories or products). Every write runs in one transaction with its change-log entry.
import { asc, count, eq } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { StoredFile } from '~/core/files/storage.server';
import { HttpError, validationError } from '~/core/http/errors';
import type { Locale } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { foldText, slugify } from '~/core/text';
import { categories, products } from '../catalog.schema';
import { type CheckedFile, discardFiles, removeUnusedFiles, storeFile } from './files.server';
import { adminT, type CategoryInput } from './validation';

type CategoryRow = typeof categories.$inferSelect;
type TreeRow = Pick<CategoryRow, 'id' | 'parentId' | 'position' | 'namePl' | 'nameEn' | 'isActive'>;

/** Rows in tree order (depth first, siblings by position then id) with their depth. */
export function treeOrder<R extends TreeRow>(rows: R[]): { row: R; depth: number }[] {
  const byParent = new Map<number | null, R[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A row whose parent is missing is shown at the top level rather than lost.
    const parent = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    const list = byParent.get(parent) ?? [];
    list.push(r);
    byParent.set(parent, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: { row: R; depth: number }[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const r of byParent.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      out.push({ row: r, depth });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** The ids of a category and all its descendants. */
export function subtreeIds(rows: TreeRow[], id: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId === null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out = new Set<number>();
  const stack = [id];
  while (stack.length) {
    const next = stack.pop() as number;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** True when placing `id` under `parentId` would make it its own ancestor. */
export function makesCycle(rows: TreeRow[], id: number, parentId: number | null): boolean {
  if (parentId === null) return false;
  return subtreeIds(rows, id).has(parentId);
}

async function treeRows(db: Db = getDb()): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
}

export interface AdminCategoryItem {
  id: number;
  name: string;
  namePl: string;
  nameEn: string;
  slug: string;
  depth: number;
  parentId: number | null;
  parentName: string | null;
  position: number;
  isActive: boolean;
  products: number;
  children: number;
  /** False for a parent shown only so that filtered results keep their place in the tree. */
  match: boolean;
}

export interface CategoryFilters {
  name?: string;
  /** '1' active only, '0' inactive only. */
  active?: string;
}

/** The category tree for the admin list; with filters, the matches and their ancestors. */
export async function adminCategoryTree(locale: Locale, filters: CategoryFilters = {}): Promise<AdminCategoryItem[]> {
  const db = getDb();
  const [rows, counts] = await Promise.all([
    treeRows(db),
    db.select({ categoryId: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
  ]);
  const productCount = new Map(counts.map((c) => [c.categoryId, Number(c.n)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const childCount = new Map<number, number>();
  for (const r of rows) if (r.parentId !== null) childCount.set(r.parentId, (childCount.get(r.parentId) ?? 0) + 1);

  const q = foldText(filters.name?.trim() ?? '');
  const active = filters.active === '1' ? true : filters.active === '0' ? false : undefined;
  const filtered = q !== '' || active !== undefined;
  const matches = new Set<number>();
  for (const r of rows) {
    const nameOk = q === '' || foldText(r.namePl).includes(q) || foldText(r.nameEn).includes(q);
    const activeOk = active === undefined || r.isActive === active;
    if (nameOk && activeOk) matches.add(r.id);
  }
  const shown = new Set<number>();
  for (const id of matches) {
    let cur: CategoryRow | undefined = byId.get(id);
    let guard = 0;
    while (cur && !shown.has(cur.id) && guard++ < 64) {
      shown.add(cur.id);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
  }
  const name = (r: CategoryRow) => (locale === 'pl' ? r.namePl : r.nameEn);
  return treeOrder(rows)
    .filter(({ row }) => !filtered || shown.has(row.id))
    .map(({ row, depth }) => {
      const parent = row.parentId === null ? undefined : byId.get(row.parentId);
      return {
        id: row.id,
        name: name(row),
        namePl: row.namePl,
        nameEn: row.nameEn,
        slug: locale === 'pl' ? row.slugPl : row.slugEn,
        depth,
        parentId: row.parentId,
        parentName: parent ? name(parent) : null,
        position: row.position,
        isActive: row.isActive,
        products: productCount.get(row.id) ?? 0,
        children: childCount.get(row.id) ?? 0,
        match: matches.has(row.id),
      };
    });
}

export interface CategoryOption {
  id: string;
  name: string;
}

/**
 * Categories as select options in tree order, names indented by depth; `exclude` leaves out a
 * category and its descendants (a category cannot move under itself).
 */
export async function categoryOptions(locale: Locale, exclude?: number): Promise<CategoryOption[]> {
  const rows = await treeRows();
  const skip = exclude ? subtreeIds(rows, exclude) : new Set<number>();
  return treeOrder(rows)
    .filter(({ row }) => !skip.has(row.id))
    .map(({ row, depth }) => ({
      id: String(row.id),
      name: `${'\u00a0\u00a0'.repeat(depth)}${depth > 0 ? '– ' : ''}${locale === 'pl' ? row.namePl : row.nameEn}${row.isActive ? '' : locale === 'pl' ? ' (nieaktywna)' : ' (inactive)'}`,
    }));
}

export interface AdminCategory {
  id: number;
  version: number;
  parentId: number | null;
  position: number;
  isActive: boolean;
  namePl: string;
  nameEn: string;
  slugPl: string;
  slugEn: string;
  descriptionPl: string;
  descriptionEn: string;
  image: { fileId: string; filename: string; width: number | null; height: number | null } | null;
  updatedAt: string;
}

/** One category with everything its form edits, or null. */
export async function getAdminCategory(id: number): Promise<AdminCategory | null> {
  const db = getDb();
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  if (!row) return null;
  const [image] = row.imageFileId
    ? await db
        .select({ fileId: files.id, filename: files.originalName, width: files.width, height: files.height })
        .from(files)
        .where(eq(files.id, row.imageFileId))
        .limit(1)
    : [];
  return {
    id: row.id,
    version: row.version,
    parentId: row.parentId,
    position: row.position,
    isActive: row.isActive,
    namePl: row.namePl,
    nameEn: row.nameEn,
    slugPl: row.slugPl,
    slugEn: row.slugEn,
    descriptionPl: row.descriptionPl,
    descriptionEn: row.descriptionEn,
    image: image ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function values(input: CategoryInput) {
  return {
    parentId: input.parent_id,
    position: input.position,
    isActive: input.is_active,
    namePl: input.name_pl,
    nameEn: input.name_en,
    slugPl: input.slug_pl || slugify(input.name_pl) || 'kategoria',
    slugEn: input.slug_en || slugify(input.name_en) || 'category',
    descriptionPl: input.description_pl,
    descriptionEn: input.description_en,
  };
}

async function checkParent(db: Db, locale: Locale, id: number | null, parentId: number | null) {
  if (parentId === null) return;
  const t = adminT(locale);
  const rows = await treeRows(db);
  if (!rows.some((r) => r.id === parentId)) throw validationError({ parent_id: [t('v.parentMissing')] });
  if (id !== null && makesCycle(rows, id, parentId)) throw validationError({ parent_id: [t('v.parentCycle')] });
}

/** Creates a category (with its image, already checked); returns its id. */
export async function createCategory(input: CategoryInput, image: CheckedFile | null, actor: Actor, locale: Locale): Promise<number> {
  await checkParent(getDb(), locale, null, input.parent_id);
  const stored: StoredFile[] = image ? [await storeFile(image)] : [];
  try {
    const id = await getDb().transaction(async (tx) => {
      await checkParent(tx, locale, null, input.parent_id);
      const [row] = await tx
        .insert(categories)
        .values({ ...values(input), imageFileId: stored[0]?.id ?? null })
        .returning();
      await recordChange(tx, { ...actor, entity: 'category', entityId: row.id, action: 'create', after: row });
      return row.id;
    });
    clearPageCache();
    return id;
  } catch (e) {
    await discardFiles(stored);
    throw e;
  }
}

/** Saves a category at the version the form was loaded with (409 when stale). */
export async function updateCategory(
  id: number,
  expectedVersion: number,
  input: CategoryInput,
  image: CheckedFile | null,
  actor: Actor,
  locale: Locale,
): Promise<void> {
  const t = adminT(locale);
  const db = getDb();
  const [current] = await db.select({ imageFileId: categories.imageFileId }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!current) throw new HttpError(404, t('msg.categoryNotFound'));
  await checkParent(db, locale, id, input.parent_id);
  const stored: StoredFile[] = image ? [await storeFile(image)] : [];
  let replaced: string | null = null;
  try {
    await db.transaction(async (tx) => {
      // The tree may have changed since the check above: check again inside the transaction.
      await checkParent(tx, locale, id, input.parent_id);
      const imageFileId = stored[0] ? stored[0].id : input.image_remove ? null : undefined;
      const saved = await updateWithVersion(
        tx,
        categories,
        id,
        expectedVersion,
        { ...values(input), ...(imageFileId !== undefined ? { imageFileId } : {}) },
        { locale, audit: { ...actor, entity: 'category' } },
      );
      if (imageFileId !== undefined && current.imageFileId && current.imageFileId !== saved.imageFileId) replaced = current.imageFileId;
    });
  } catch (e) {
    await discardFiles(stored);
    throw e;
  }
  clearPageCache();
  if (replaced) await removeUnusedFiles([replaced]);
}

/** Deletes a category; 409 while it has subcategories or products. */
export async function deleteCategory(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = adminT(locale);
  let imageFileId: string | null = null;
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!row) throw new HttpError(404, t('msg.categoryNotFound'));
    const [children] = await tx.select({ n: count() }).from(categories).where(eq(categories.parentId, id));
    const [items] = await tx.select({ n: count() }).from(products).where(eq(products.categoryId, id));
    if (Number(children.n) > 0) throw new HttpError(409, t('msg.categoryHasChildren', { n: Number(children.n) }));
    if (Number(items.n) > 0) throw new HttpError(409, t('msg.categoryHasProducts', { n: Number(items.n) }));
    await tx.delete(categories).where(eq(categories.id, id));
    await recordChange(tx, { ...actor, entity: 'category', entityId: id, action: 'delete', before: row });
    imageFileId = row.imageFileId;
  });
  clearPageCache();
  await removeUnusedFiles([imageFileId]);
}
