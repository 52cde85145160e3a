// A change of some products (an editor's save, an image, a deletion) is not a change of the whole
// site: the catalogue index re-reads just those products (catalog-index.server.ts) and the page
// cache renders again only the pages that show them. Changes of categories, attributes or many
// products at once (import) still clear everything (clearPageCache()).
import { and, gt, inArray, lte, or } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { clearPageCache, registerChangeScope, registerTrackedPages } from '~/core/server/page-cache.server';
import { categories, productRelations, products } from './catalog.schema';

export const PRODUCTS_SCOPE = 'products';
/** Products left these categories (deleted, or moved to another one): their listings and siblings. */
export const FORMER_CATEGORIES_SCOPE = 'product-categories';

/**
 * Call after the transaction that changed these products has committed. `formerCategories`: the
 * categories a deleted or moved product was in (its row no longer says so).
 */
export function productsChanged(ids: number[], formerCategories: number[] = []) {
  clearPageCache({ kind: PRODUCTS_SCOPE, ids });
  if (formerCategories.length > 0) clearPageCache({ kind: FORMER_CATEGORIES_SCOPE, ids: formerCategories });
}

/**
 * A product whose publication date comes is a change nobody makes: every `intervalMs` the products
 * published since the last look are reported as changed (their pages, listings and searches become
 * stale). This is what lets the catalogue's pages be tracked pages (a long lifetime in the cache).
 */
export function watchPublications(intervalMs = 60_000): { stop(): void; tick(): Promise<void> } {
  let since = new Date();
  const tick = async () => {
    const until = new Date();
    const due = await getDb()
      .select({ id: products.id })
      .from(products)
      .where(and(gt(products.publishedAt, since), lte(products.publishedAt, until)));
    since = until;
    if (due.length > 0) productsChanged(due.map((r) => r.id));
  };
  const timer = setInterval(() => tick().catch((e) => console.error('catalogue: could not look for published products', e)), intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer), tick };
}

/** The catalogue's pages: product pages, category listings (searches too) and the category overview. */
registerTrackedPages(/^\/(?:pl|en)\/(?:product\/|category(?:[/?]|$)|categories(?:\?|$))/);

/** The categories and every category above them. */
async function withAncestors(categoryIds: Iterable<number>): Promise<Set<number>> {
  const tree = await getDb().select({ id: categories.id, parent: categories.parentId }).from(categories);
  const parentOf = new Map(tree.map((c) => [c.id, c.parent]));
  const trail = new Set<number>();
  for (const c of categoryIds) {
    for (let id: number | null | undefined = c; id != null && !trail.has(id); id = parentOf.get(id)) trail.add(id);
  }
  return trail;
}

/** A test of page URLs: the overview pages, the listings of `trail` and the pages of `shown`. */
function pagesOf(trail: Set<number>, shown: Set<number>): (url: string) => boolean {
  return (url) => {
    const path = /^\/(?:pl|en)(\/[^?#]*)?/.exec(url)?.[1] ?? '';
    if (path === '' || path === '/' || path === '/categories' || path === '/category' || path === '/category/') return true;
    const category = /^\/category\/(\d+)/.exec(path);
    if (category) return trail.has(Number(category[1]));
    const product = /^\/product\/(\d+)/.exec(path);
    return product !== null && shown.has(Number(product[1]));
  };
}

/**
 * The pages that show a product: its own page, the pages of the products that show it as related
 * (chosen, or the same category's fallback), the listings of its category and the categories above
 * it, the all-products listing and searches (`/category?…`), the category overview and the home page
 * (new and featured products). The category a product left is told apart (productsChanged's
 * `formerCategories`).
 */
export async function pagesShowingProducts(ids: number[]): Promise<(url: string) => boolean> {
  const db = getDb();
  const [related, siblings, own] = await Promise.all([
    db
      .select({ a: productRelations.productId, b: productRelations.relatedProductId })
      .from(productRelations)
      .where(or(inArray(productRelations.productId, ids), inArray(productRelations.relatedProductId, ids))),
    db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.categoryId, db.select({ c: products.categoryId }).from(products).where(inArray(products.id, ids)))),
    db.select({ c: products.categoryId }).from(products).where(inArray(products.id, ids)),
  ]);
  const shown = new Set<number>([...ids, ...siblings.map((s) => s.id), ...related.flatMap((r) => [r.a, r.b])]);
  // The products' categories and every category above them (a listing shows its subcategories' products).
  return pagesOf(await withAncestors(own.map((r) => r.c)), shown);
}

/** The pages a product that left these categories was on: their listings and their products' pages (related products). */
export async function pagesOfFormerCategories(ids: number[]): Promise<(url: string) => boolean> {
  const siblings = await getDb().select({ id: products.id }).from(products).where(inArray(products.categoryId, ids));
  return pagesOf(await withAncestors(ids), new Set(siblings.map((s) => s.id)));
}

registerChangeScope(PRODUCTS_SCOPE, pagesShowingProducts);
registerChangeScope(FORMER_CATEGORIES_SCOPE, pagesOfFormerCategories);
