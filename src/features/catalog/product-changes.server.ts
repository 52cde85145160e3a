// A change of some products (an editor's save, an image, a deletion) is not a change of the whole
// site: the catalogue index re-reads just those products (catalog-index.server.ts) and the page
// cache renders again only the pages that show them. Changes of categories, attributes or many
// products at once (import) still clear everything (clearPageCache()).
import { and, count, eq, gt, inArray, lte, or } from 'drizzle-orm';
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
 * The categories whose own products' pages may list a product of `categoryIds` among their related
 * products' fallback (catalog.server.ts relatedAndAccessories): the newest products of the page's
 * category with its subcategories, or of the parent's when that holds no other product. So the
 * categories themselves, every category above them (a product placed in a parent category), and a
 * child of those whose products may fall back to its parent (it holds no more products than one and
 * its chosen relations). With `ranked` (their place in the newest-first order stayed), only where a
 * product of `ranked` is among the newest K the fallback reads, K = RELATED_COUNT + 1 + the most
 * relations a product of the hosting category has.
 */
async function fallbackHosts(categoryIds: Iterable<number>, ranked: Set<number> | null): Promise<Set<number>> {
  const [index, tree] = await Promise.all([catalogIndex(), categoryIndex()]);
  const trail = new Set<number>();
  for (const c of categoryIds) for (const row of tree.trail(c)) trail.add(row.id);
  const children = new Set<number>();
  for (const a of trail) for (const child of tree.children(a)) children.add(child.id);
  const candidates = [...new Set([...trail, ...children])];
  if (candidates.length === 0) return new Set();
  const counts = await getDb()
    .select({ c: products.categoryId, n: count() })
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.productId))
    .where(inArray(products.categoryId, candidates))
    .groupBy(products.categoryId, productRelations.productId);
  const most = new Map<number, number>();
  for (const r of counts) most.set(r.c, Math.max(most.get(r.c) ?? 0, r.n));
  const reach = (host: number) => RELATED_COUNT + 1 + (most.get(host) ?? 0);
  const newest = (source: number, limit: number) => index.newestIn(new Set(tree.descendantIds(source)), 'pl', limit, new Set());
  const shows = (source: number, host: number) => ranked === null || newest(source, reach(host)).some((p) => ranked.has(p.id));
  const hosts = new Set<number>();
  for (const a of trail) if (shows(a, a)) hosts.add(a);
  for (const c of children) {
    const parent = tree.visible.get(c)?.parentId;
    if (parent == null || hosts.has(c)) continue;
    // Its own products, with room for their chosen relations: nothing else left for the fallback.
    const spare = 1 + (most.get(c) ?? 0);
    if (newest(c, spare + 1).length <= spare && shows(parent, c)) hosts.add(c);
  }
  return hosts;
}

/** The products placed directly in these categories. */
async function productsIn(categoryIds: Set<number>): Promise<number[]> {
  if (categoryIds.size === 0) return [];
  const rows = await getDb()
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.categoryId, [...categoryIds]));
  return rows.map((r) => r.id);
}

/** The pages that show these products; `orderKept`: their place in the newest-first order stayed. */
async function pagesShowing(ids: number[], orderKept: boolean): Promise<(url: string) => boolean> {
  const db = getDb();
  const [related, own] = await Promise.all([
    db
      .select({ a: productRelations.productId, b: productRelations.relatedProductId })
      .from(productRelations)
      .where(or(inArray(productRelations.productId, ids), inArray(productRelations.relatedProductId, ids))),
    db.select({ c: products.categoryId }).from(products).where(inArray(products.id, ids)),
  ]);
  const categoryIds = own.map((r) => r.c);
  const siblings = await productsIn(await fallbackHosts(categoryIds, orderKept ? new Set(ids) : null));
  const shown = new Set<number>([...ids, ...siblings, ...related.flatMap((r) => [r.a, r.b])]);
  // The products' categories and every category above them (a listing shows its subcategories' products).
  return pagesOf(await withAncestors(categoryIds), shown);
}

/**
 * The pages that show a product: its own page, the pages of the products that show it as related
 * (chosen, or in their fallback: fallbackHosts), the listings of its category and the categories
 * above it, the all-products listing and searches (`/category?…`), the category overview and the
 * home page (new and featured products). The category a product left is told apart
 * (productsChanged's `formerCategories`).
 */
export function pagesShowingProducts(ids: number[]): Promise<(url: string) => boolean> {
  return pagesShowing(ids, false);
}

/**
 * The pages that show products whose place in the newest-first order stayed. A page of another
 * product shows one of them only as a chosen relation (looked up) or among its related products'
 * fallback, and there only when it ranks among the newest few the fallback reads (fallbackHosts with
 * `ranked`): a product ranked lower is on none of those pages. Only its own page, the listings and
 * the overview pages are stale then, not every page of the category (an editor saving one product
 * of a large category had hundreds rendered again).
 */
export function pagesShowingProductContent(ids: number[]): Promise<(url: string) => boolean> {
  return pagesShowing(ids, true);
}

/** The pages a product that left these categories was on: their listings and the pages whose related products' fallback read them. */
export async function pagesOfFormerCategories(ids: number[]): Promise<(url: string) => boolean> {
  const siblings = await productsIn(await fallbackHosts(ids, null));
  return pagesOf(await withAncestors(ids), new Set(siblings));
}

registerChangeScope(PRODUCTS_SCOPE, pagesShowingProducts);
registerChangeScope(PRODUCT_CONTENT_SCOPE, pagesShowingProductContent);
registerChangeScope(FORMER_CATEGORIES_SCOPE, pagesOfFormerCategories);
