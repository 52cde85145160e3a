import { asc, eq, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { foldText } from '~/core/text';
import { productCatalogNumbers, productImages, products } from './catalog.schema';
import { loadFacetData } from './attributes.server';
import { FacetData, type FacetSelection, type FacetView, type ListingSort } from './facets';

// The listing and search index of the public catalogue, held in memory. Listing pages (counts,
// sorting by name, 24 per page) and searches over products.search_text are answered from it
// without touching the database: counting thousands of matches in SQL costs far more than the
// target latency of the category and search pages. It is built from the database on first use,
// rebuilt after any admin change (clearPageCache) and, for other processes' changes, refreshed in
// the background once it is older than REFRESH_MS.

const REFRESH_MS = 60_000;

/**
 * The sort key of a name: folded (case and accents ignored) with every number zero-padded, so
 * "kat. 6" sorts before "kat. 6A" and "9U" before "12U". Plain string comparison of keys is much
 * faster than a collator over thousands of names.
 */
export function sortKey(name: string): string {
  return foldText(name).replace(/\d+/g, (d) => d.padStart(8, '0'));
}

export interface CardData {
  name: string;
  slug: string;
  number: string | null;
  image: { fileId: string; width: number | null; height: number | null; alt: string } | null;
  /** Key attributes shown on the card (at most two). */
  attrs?: { name: string; value: string }[];
}

export interface IndexQuery {
  locale: Locale;
  /** Allowed categories; null for all. */
  categories: Set<number> | null;
  /** Folded query words; each must start a word of the product's search text. */
  terms?: string[];
  /** Query groups (queryGroups): a group's compact form when it starts a word, else its words. */
  groups?: { compact: string | null; parts: string[] }[];
  offset: number;
  limit: number;
  now?: number;
  /** Chosen facet values (codes to value keys). */
  selection?: FacetSelection;
  sort?: ListingSort;
}

export class CatalogIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly categoryIds: Int32Array;
  private readonly publishedAt: Float64Array;
  private readonly cards: Record<Locale, CardData[]>;
  private readonly order: Record<Locale, Int32Array>;
  /** Newest first (published_at, then id, descending). */
  private readonly newest: Int32Array;
  readonly facets: FacetData;
  private base: Int32Array;
  /** Distinct words, sorted, and for each the positions of the products holding it. */
  private readonly words: string[];
  private readonly postings: Int32Array[];
  private readonly marks: Uint8Array;
  /** Position of each product id in the index. */
  private readonly positionOf: Map<number, number>;

  constructor(
    rows: { id: number; categoryId: number; publishedAt: number; searchText: string; cards: Record<Locale, CardData> }[],
    facets: FacetData = new FacetData([], [], rows.map(() => [])),
  ) {
    this.size = rows.length;
    this.facets = facets;
    this.base = new Int32Array(rows.length);
    this.ids = Int32Array.from(rows, (r) => r.id);
    this.categoryIds = Int32Array.from(rows, (r) => r.categoryId);
    this.publishedAt = Float64Array.from(rows, (r) => r.publishedAt);
    this.cards = { pl: rows.map((r) => r.cards.pl), en: rows.map((r) => r.cards.en) };
    const sortBy = (locale: Locale) => {
      const keys = this.cards[locale].map((c) => sortKey(c.name));
      const idx = Array.from(rows.keys());
      idx.sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : rows[a].id - rows[b].id));
      return Int32Array.from(idx);
    };
    this.order = { pl: sortBy('pl'), en: sortBy('en') };
    this.newest = Int32Array.from(
      Array.from(rows.keys()).sort((a, b) => rows[b].publishedAt - rows[a].publishedAt || rows[b].id - rows[a].id),
    );
    const byWord = new Map<string, number[]>();
    for (const [i, r] of rows.entries()) {
      for (const w of new Set(r.searchText.split(' '))) {
        if (!w) continue;
        const list = byWord.get(w);
        if (list) list.push(i);
        else byWord.set(w, [i]);
      }
    }
    // Plain code-point order: the words are folded to a-z and 0-9, so a prefix is a contiguous range.
    this.words = [...byWord.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.postings = this.words.map((w) => Int32Array.from(byWord.get(w) as number[]));
    this.marks = new Uint8Array(rows.length);
    this.positionOf = new Map(rows.map((r, i) => [r.id, i]));
  }

  /**
   * Cards of the given products in the given order, leaving out those that are not public: inactive
   * (not in the index), not published yet, or in a category `visible` refuses.
   */
  cardsOf(ids: number[], locale: Locale, visible: (categoryId: number) => boolean, now = Date.now()): (CardData & { id: number })[] {
    const out: (CardData & { id: number })[] = [];
    for (const id of ids) {
      const i = this.positionOf.get(id);
      if (i === undefined || this.publishedAt[i] > now || !visible(this.categoryIds[i])) continue;
      out.push({ id, ...this.cards[locale][i] });
    }
    return out;
  }

  /** First index of a word >= prefix. */
  private lowerBound(prefix: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** True when some word starts with the prefix. */
  hasPrefix(prefix: string): boolean {
    const i = this.lowerBound(prefix);
    return i < this.words.length && this.words[i].startsWith(prefix);
  }

  /** Matching products' count, the cards of one window of them (by name or newest first) and the facets. */
  query(q: IndexQuery): { total: number; items: (CardData & { id: number })[]; facets: FacetView[] } {
    const now = q.now ?? Date.now();
    const marks = this.marks;
    const terms = [...(q.terms ?? []), ...(q.groups ?? []).flatMap((g) => (g.compact && this.hasPrefix(g.compact) ? [g.compact] : g.parts))].slice(0, 250);
    if (terms.length) {
      // marks[i] counts the terms product i matched so far (each term at most once).
      marks.fill(0);
      for (const [k, term] of terms.entries()) {
        let any = false;
        for (let w = this.lowerBound(term); w < this.words.length && this.words[w].startsWith(term); w++) {
          for (const i of this.postings[w]) {
            if (marks[i] === k) {
              marks[i] = k + 1;
              any = true;
            }
          }
        }
        if (!any) return { total: 0, items: [], facets: [] };
      }
    }
    const need = terms.length;
    const order = q.sort === 'newest' ? this.newest : this.order[q.locale];
    const cards = this.cards[q.locale];
    // The base set: the category, search and publication filters, in listing order.
    const base = this.base;
    let n = 0;
    for (const i of order) {
      if (need && marks[i] !== need) continue;
      if (this.publishedAt[i] > now) continue;
      if (q.categories && !q.categories.has(this.categoryIds[i])) continue;
      base[n++] = i;
    }
    const selection = this.facets.resolve(q.selection ?? {});
    const { matched, counts } = this.facets.filter(base.subarray(0, n), selection);
    const items: (CardData & { id: number })[] = [];
    for (let k = q.offset; k < matched.length && items.length < q.limit; k++) {
      const i = matched[k] as number;
      items.push({ id: this.ids[i], ...cards[i] });
    }
    return { total: matched.length, items, facets: this.facets.view(counts, selection, q.locale) };
  }
}

async function build(): Promise<CatalogIndex> {
  const db = getDb();
  const [rows, numbers, images] = await Promise.all([
    db
      .select({
        id: products.id,
        categoryId: products.categoryId,
        publishedAt: products.publishedAt,
        namePl: products.namePl,
        nameEn: products.nameEn,
        slugPl: products.slugPl,
        slugEn: products.slugEn,
        searchText: products.searchText,
      })
      .from(products)
      .where(eq(products.isActive, true)),
    db
      .selectDistinctOn([productCatalogNumbers.productId], { productId: productCatalogNumbers.productId, number: productCatalogNumbers.number })
      .from(productCatalogNumbers)
      .orderBy(productCatalogNumbers.productId, asc(productCatalogNumbers.position), asc(productCatalogNumbers.id)),
    db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        fileId: productImages.fileId,
        altPl: productImages.altPl,
        altEn: productImages.altEn,
        width: files.width,
        height: files.height,
      })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId))
      .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
  ]);
  const numberOf = new Map(numbers.map((n) => [n.productId, n.number]));
  const imageOf = new Map(images.map((i) => [i.productId, i]));
  const { facets, cards } = await loadFacetData(new Map(rows.map((r, i) => [r.id, i])));
  return new CatalogIndex(
    rows.map((r) => {
      const img = imageOf.get(r.id);
      const card = (locale: Locale): CardData => {
        const name = locale === 'pl' ? r.namePl : r.nameEn;
        return {
          name,
          slug: locale === 'pl' ? r.slugPl : r.slugEn,
          number: numberOf.get(r.id) ?? null,
          image: img ? { fileId: img.fileId, width: img.width, height: img.height, alt: (locale === 'pl' ? img.altPl : img.altEn) || name } : null,
          attrs: cards.get(r.id)?.[locale] ?? [],
        };
      };
      return { id: r.id, categoryId: r.categoryId, publishedAt: r.publishedAt.getTime(), searchText: r.searchText, cards: { pl: card('pl'), en: card('en') } };
    }),
    facets,
  );
}

/** What changes when products, their numbers, images, attribute values or definitions change (checked before a refresh). */
async function signature(): Promise<string> {
  const [row] = await getDb()
    .select({
      products: sql<string>`(select count(*) || ':' || coalesce(max(updated_at)::text, '') || ':' || coalesce(max(id), 0) from products)`,
      numbers: sql<string>`(select count(*) || ':' || coalesce(max(id), 0) from product_catalog_numbers)`,
      images: sql<string>`(select count(*) || ':' || coalesce(max(id), 0) from product_images)`,
      attributes: sql<string>`(select count(*) || ':' || coalesce(max(id), 0) from product_attribute_values)`,
      // Attribute definitions (names, flags, options: every save bumps the attribute's version).
      definitions: sql<string>`(select count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(version), 0) from attributes)`,
    })
    .from(sql`(select 1) as one`);
  return `${row?.products}|${row?.numbers}|${row?.images}|${row?.attributes}|${row?.definitions}`;
}

let current: Promise<CatalogIndex> | undefined;
let builtAt = 0;
let builtSignature = '';
let refreshing = false;
let generation = 0;

onCacheClear(() => {
  current = undefined;
  generation++;
});

async function buildWithSignature(): Promise<{ index: CatalogIndex; sig: string }> {
  const sig = await signature();
  return { index: await build(), sig };
}

/** The catalogue index (built on first use; refreshed in the background when old and changed). */
export function catalogIndex(): Promise<CatalogIndex> {
  if (current && Date.now() - builtAt > REFRESH_MS && !refreshing) {
    refreshing = true;
    const gen = generation;
    (async () => {
      // Another process may have changed the catalogue; rebuild only when something did.
      if ((await signature()) === builtSignature) {
        if (gen === generation) builtAt = Date.now();
        return;
      }
      const { index, sig } = await buildWithSignature();
      if (gen === generation) {
        current = Promise.resolve(index);
        builtAt = Date.now();
        builtSignature = sig;
      }
    })()
      .catch(() => {})
      .finally(() => {
        refreshing = false;
      });
  }
  if (!current) {
    const gen = generation;
    const job = buildWithSignature();
    current = job.then((r) => r.index);
    const mine = current;
    job.then(
      (r) => {
        if (gen === generation) {
          builtAt = Date.now();
          builtSignature = r.sig;
        }
      },
      () => {
        if (current === mine) current = undefined;
      },
    );
  }
  return current;
}
