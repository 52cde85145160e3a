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
onCacheClear(() => {
  rowsCache = undefined;
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
