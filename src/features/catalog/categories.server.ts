import { asc } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { categories } from './catalog.schema';

/** SPEC section 3 "Main category": id, slug, name, active_children (nested, same shape). */
export interface MainCategory {
  id: number;
  slug: string;
  name: string;
  active_children: MainCategory[];
}

type CategoryRow = typeof categories.$inferSelect;

let rowsCache: Promise<CategoryRow[]> | undefined;
const treeCache = new Map<Locale, MainCategory[]>();
let indexCache: Promise<CategoryIndex> | undefined;
onCacheClear(() => {
  rowsCache = undefined;
  indexCache = undefined;
  treeCache.clear();
});

/** Every category row, cached in memory until an admin change clears caches. */
export function allCategories(): Promise<CategoryRow[]> {
  rowsCache ??= getDb()
    .select()
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.id))
    .catch((e) => {
      rowsCache = undefined;
      throw e;
    });
  return rowsCache;
}

/** The active category tree, up to `depth` levels (the mega-menu shows three). */
export async function mainCategories(locale: Locale, depth = 3): Promise<MainCategory[]> {
  const cached = treeCache.get(locale);
  if (cached && depth === 3) return cached;
  const rows = (await allCategories()).filter((c) => c.isActive);
  const byParent = new Map<number | null, CategoryRow[]>();
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const build = (parentId: number | null, level: number): MainCategory[] =>
    (byParent.get(parentId) ?? []).map((c) => ({
      id: c.id,
      slug: locale === 'pl' ? c.slugPl : c.slugEn,
      name: locale === 'pl' ? c.namePl : c.nameEn,
      active_children: level < depth ? build(c.id, level + 1) : [],
    }));
  const tree = build(null, 1);
  if (depth === 3) treeCache.set(locale, tree);
  return tree;
}

/** The category tree as the catalogue pages need it: visible rows by id, children, descendants. */
export interface CategoryIndex {
  /** Active categories whose ancestors are all active (an inactive branch is hidden as a whole). */
  visible: Map<number, CategoryRow>;
  /** Visible children of a category (null: the main categories), in their set order. */
  children(parentId: number | null): CategoryRow[];
  /** The category and all its visible descendants. */
  descendantIds(id: number): number[];
  /** The visible ancestors of a category, main category first, ending with the category itself. */
  trail(id: number): CategoryRow[];
  /** True when every category is visible (then listing all products needs no category filter). */
  allVisible: boolean;
}

function buildIndex(rows: CategoryRow[]): CategoryIndex {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Map<number, CategoryRow>();
  const state = new Map<number, boolean>();
  const isVisible = (row: CategoryRow, depth: number): boolean => {
    const known = state.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    const ok = row.isActive && depth < 32 && (row.parentId === null || (parent !== undefined && isVisible(parent, depth + 1)));
    state.set(row.id, ok);
    return ok;
  };
  for (const r of rows) if (isVisible(r, 0)) visible.set(r.id, r);
  const byParent = new Map<number | null, CategoryRow[]>();
  for (const r of visible.values()) {
    const list = byParent.get(r.parentId) ?? [];
    list.push(r);
    byParent.set(r.parentId, list);
  }
  const descendants = new Map<number, number[]>();
  const collect = (id: number): number[] => {
    const known = descendants.get(id);
    if (known) return known;
    const ids = [id];
    for (const c of byParent.get(id) ?? []) ids.push(...collect(c.id));
    descendants.set(id, ids);
    return ids;
  };
  return {
    visible,
    allVisible: visible.size === rows.length,
    children: (parentId) => byParent.get(parentId) ?? [],
    descendantIds: (id) => (visible.has(id) ? collect(id) : []),
    trail(id) {
      const out: CategoryRow[] = [];
      let row = visible.get(id);
      while (row && out.length < 32) {
        out.unshift(row);
        row = row.parentId === null ? undefined : visible.get(row.parentId);
      }
      return out;
    },
  };
}

/** The cached index of visible categories (rebuilt after an admin change clears caches). */
export function categoryIndex(): Promise<CategoryIndex> {
  indexCache ??= allCategories()
    .then(buildIndex)
    .catch((e) => {
      indexCache = undefined;
      throw e;
    });
  return indexCache;
}
