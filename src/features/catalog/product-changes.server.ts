// A change of some products (an editor's save, an image, a deletion) is not a change of the whole
// site: the catalogue index re-reads just those products (catalog-index.server.ts) and the page
// cache renders again only the pages that show them. Changes of categories, attributes or many
// products at once (import) still clear everything (clearPageCache()).
import { and, count, desc, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { clearPageCache, registerChangeScope, registerTrackedPages } from '~/core/server/page-cache.server';
import { RELATED_COUNT } from './catalog.server';
import { categories, productRelations, products } from './catalog.schema';
import { catalogIndex } from './catalog-index.server';
import { categoryIndex } from './categories.server';

export const PRODUCTS_SCOPE = 'products';
/** Products whose place in the newest-first order stayed (publication date, activity and category unchanged). */
export const PRODUCT_CONTENT_SCOPE = 'product-content';
/** Products left these categories (deleted, or moved to another one): their listings and siblings. */
export const FORMER_CATEGORIES_SCOPE = 'product-categories';

/**
 * Call after the transaction that changed these products has committed. `formerCategories`: the
 * categories a deleted or moved product was in (its row no longer says so). `orderKept`: their
 * publication date, activity and category did not change (a change of names, texts, images,
 * numbers): the other products' pages of their category then show them only where they did before.
 */
export function productsChanged(ids: number[], formerCategories: number[] = [], { orderKept = false }: { orderKept?: boolean } = {}) {
  clearPageCache({ kind: orderKept ? PRODUCT_CONTENT_SCOPE : PRODUCTS_SCOPE, ids });
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

/**
 * The pages that show products whose place in the newest-first order stayed. A page of another
 * product of the same category shows one of them only as a chosen relation (looked up) or among its
 * related products' fallback: the newest of the category after its own `taken` ones (itself, its
 * chosen related products and accessories), RELATED_COUNT at most. A product ranked K-th or lower
 * there, with K = RELATED_COUNT + 1 + the most relations any product of the category has, is on none
 * of them: only its own page, the listings and the overview pages are stale then, not every page of
 * the category (an editor saving one product of a large category had hundreds rendered again).
 */
export async function pagesShowingProductContent(ids: number[]): Promise<(url: string) => boolean> {
  const db = getDb();
  const [related, own, index, tree] = await Promise.all([
    db
      .select({ a: productRelations.productId, b: productRelations.relatedProductId })
      .from(productRelations)
      .where(or(inArray(productRelations.productId, ids), inArray(productRelations.relatedProductId, ids))),
    db.select({ id: products.id, c: products.categoryId }).from(products).where(inArray(products.id, ids)),
    catalogIndex(),
    categoryIndex(),
  ]);
  const shown = new Set<number>([...ids, ...related.flatMap((r) => [r.a, r.b])]);
  const fallbackCategories = new Set<number>();
  for (const c of new Set(own.map((r) => r.c))) {
    const [most] = await db
      .select({ n: count() })
      .from(productRelations)
      .innerJoin(products, eq(products.id, productRelations.productId))
      .where(eq(products.categoryId, c))
      .groupBy(productRelations.productId)
      .orderBy(desc(count()))
      .limit(1);
    const k = RELATED_COUNT + 1 + (most?.n ?? 0);
    const newest = new Set(index.newestIn(new Set(tree.descendantIds(c)), 'pl', k, new Set()).map((p) => p.id));
    if (own.some((r) => r.c === c && newest.has(r.id))) fallbackCategories.add(c);
  }
  if (fallbackCategories.size > 0) {
    const siblings = await db.select({ id: products.id }).from(products).where(inArray(products.categoryId, [...fallbackCategories]));
    for (const s of siblings) shown.add(s.id);
  }
  return pagesOf(await withAncestors(own.map((r) => r.c)), shown);
}

/** The pages a product that left these categories was on: their listings and their products' pages (related products). */
export async function pagesOfFormerCategories(ids: number[]): Promise<(url: string) => boolean> {
  const siblings = await getDb().select({ id: products.id }).from(products).where(inArray(products.categoryId, ids));
  return pagesOf(await withAncestors(ids), new Set(siblings.map((s) => s.id)));
}

registerChangeScope(PRODUCTS_SCOPE, pagesShowingProducts);
registerChangeScope(PRODUCT_CONTENT_SCOPE, pagesShowingProductContent);
registerChangeScope(FORMER_CATEGORIES_SCOPE, pagesOfFormerCategories);
