// A change of some products (an editor's save, an image, a deletion) is not a change of the whole
// site: the catalogue index re-reads just those products (catalog-index.server.ts) and the page
// cache renders again only the pages that show them. Changes of categories, attributes or many
// products at once (import) still clear everything (clearPageCache()).
import { inArray, or } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { clearPageCache, registerChangeScope } from '~/core/server/page-cache.server';
import { categories, productRelations, products } from './catalog.schema';

export const PRODUCTS_SCOPE = 'products';

/** Call after the transaction that changed these products has committed. */
export function productsChanged(ids: number[]) {
  clearPageCache({ kind: PRODUCTS_SCOPE, ids });
}

/**
 * The pages that show a product: its own page, the pages of the products that show it as related
 * (chosen, or the same category's fallback), the listings of its category and the categories above
 * it, the all-products listing and searches (`/category?…`), the category overview and the home page
 * (new and featured products). A product moved to another category leaves its old siblings' pages
 * and its old category's listings as they were until their lifetime ends (seconds).
 */
export async function pagesShowingProducts(ids: number[]): Promise<(url: string) => boolean> {
  const db = getDb();
  const [related, siblings, own, tree] = await Promise.all([
    db
      .select({ a: productRelations.productId, b: productRelations.relatedProductId })
      .from(productRelations)
      .where(or(inArray(productRelations.productId, ids), inArray(productRelations.relatedProductId, ids))),
    db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.categoryId, db.select({ c: products.categoryId }).from(products).where(inArray(products.id, ids)))),
    db.select({ c: products.categoryId }).from(products).where(inArray(products.id, ids)),
    db.select({ id: categories.id, parent: categories.parentId }).from(categories),
  ]);
  const shown = new Set<number>([...ids, ...siblings.map((s) => s.id), ...related.flatMap((r) => [r.a, r.b])]);
  // The products' categories and every category above them (a listing shows its subcategories' products).
  const parentOf = new Map(tree.map((c) => [c.id, c.parent]));
  const trail = new Set<number>();
  for (const { c } of own) {
    for (let id: number | null | undefined = c; id != null && !trail.has(id); id = parentOf.get(id)) trail.add(id);
  }
  return (url) => {
    const path = /^\/(?:pl|en)(\/[^?#]*)?/.exec(url)?.[1] ?? '';
    if (path === '' || path === '/' || path === '/categories' || path === '/category' || path === '/category/') return true;
    const category = /^\/category\/(\d+)/.exec(path);
    if (category) return trail.has(Number(category[1]));
    const product = /^\/product\/(\d+)/.exec(path);
    return product !== null && shown.has(Number(product[1]));
  };
}

registerChangeScope(PRODUCTS_SCOPE, pagesShowingProducts);
