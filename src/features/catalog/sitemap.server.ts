import { and, asc, eq, gt, lte, min } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { localizedPath, samePath, type SitemapPage, type SitemapSource } from '~/core/seo/sitemap';
import { categories, products } from './catalog.schema';

/** Active categories whose ancestors are all active too (an inactive branch is hidden as a whole). */
function visibleCategories<T extends { id: number; parentId: number | null; isActive: boolean }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const visible = new Map<number, boolean>();
  const isVisible = (row: T, depth = 0): boolean => {
    const known = visible.get(row.id);
    if (known !== undefined) return known;
    const parent = row.parentId === null ? undefined : byId.get(row.parentId);
    const result = row.isActive && depth < 64 && (row.parentId === null || (parent !== undefined && isVisible(parent, depth + 1)));
    visible.set(row.id, result);
    return result;
  };
  return rows.filter((r) => isVisible(r));
}

/** The catalogue's public pages: the category index, visible categories and published products. */
export const catalogSitemap: SitemapSource = async (now) => {
  const db = getDb();
  const [categoryRows, productRows, [nextProduct]] = await Promise.all([
    db
      .select({
        id: categories.id,
        parentId: categories.parentId,
        isActive: categories.isActive,
        slugPl: categories.slugPl,
        slugEn: categories.slugEn,
        updatedAt: categories.updatedAt,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db
      .select({ id: products.id, slugPl: products.slugPl, slugEn: products.slugEn, updatedAt: products.updatedAt })
      .from(products)
      .where(and(eq(products.isActive, true), lte(products.publishedAt, now)))
      .orderBy(asc(products.id)),
    db
      .select({ at: min(products.publishedAt) })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.publishedAt, now))),
  ]);
  const pages: SitemapPage[] = ['/categories', '/category'].map((p) => ({ paths: samePath(p) }));
  for (const c of visibleCategories(categoryRows)) {
    pages.push({ paths: localizedPath('/category', c.id, c.slugPl, c.slugEn), lastmod: c.updatedAt });
  }
  for (const p of productRows) pages.push({ paths: localizedPath('/product', p.id, p.slugPl, p.slugEn), lastmod: p.updatedAt });
  return { pages, nextChange: nextProduct?.at ?? null };
};
