import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { Locale } from '~/core/i18n/locale';
import { onCacheClear } from '~/core/server/page-cache.server';
import { foldText } from '~/core/text';
import { catalogNumberStock, productCatalogNumbers, productImages, products } from './catalog.schema';
import { type AttributeDef, attributeDefinitions, facetDataFrom, type ValueRow, valuesOf } from './attributes.server';
// The scopes of a change of some products; importing it registers which pages such a change touches
// (a side effect every process that lists products needs).
import { PRODUCT_CONTENT_SCOPE, PRODUCTS_SCOPE } from './product-changes.server';
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
  /** Only products with a catalogue number in stock (issue 39: "dostępne od ręki"). */
  inStock?: boolean;
}

export class CatalogIndex {
  readonly size: number;
  private readonly ids: Int32Array;
  private readonly categoryIds: Int32Array;
  private readonly publishedAt: Float64Array;
  /** 1 where some catalogue number of the product is in stock. */
  private readonly inStock: Uint8Array;
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
  /** Per position: the name sort keys and the distinct search words (for patched()). */
  private readonly keys: Record<Locale, string[]>;
  private readonly wordsAt: string[][];

  /** `keys` (sortKey of each name) and `words` (distinct words of the search text) may come precomputed. */
  constructor(
    rows: {
      id: number;
      categoryId: number;
      publishedAt: number;
      searchText: string;
      cards: Record<Locale, CardData>;
      inStock?: boolean;
      keys?: Record<Locale, string>;
      words?: string[];
    }[],
    facets: FacetData = new FacetData(
      [],
      [],
      rows.map(() => []),
    ),
  ) {
    this.size = rows.length;
    this.facets = facets;
    this.base = new Int32Array(rows.length);
    this.ids = Int32Array.from(rows, (r) => r.id);
    this.categoryIds = Int32Array.from(rows, (r) => r.categoryId);
    this.publishedAt = Float64Array.from(rows, (r) => r.publishedAt);
    this.inStock = Uint8Array.from(rows, (r) => (r.inStock ? 1 : 0));
    this.cards = { pl: rows.map((r) => r.cards.pl), en: rows.map((r) => r.cards.en) };
    this.keys = {
      pl: rows.map((r, i) => r.keys?.pl ?? sortKey(this.cards.pl[i].name)),
      en: rows.map((r, i) => r.keys?.en ?? sortKey(this.cards.en[i].name)),
    };
    const idx = Array.from(rows.keys());
    this.order = { pl: Int32Array.from(idx.sort(this.byName('pl'))), en: Int32Array.from(idx.sort(this.byName('en'))) };
    this.newest = Int32Array.from(idx.sort(this.byNewest()));
    this.wordsAt = rows.map((r) => r.words ?? [...new Set(r.searchText.split(' '))].filter(Boolean));
    const byWord = new Map<string, number[]>();
    for (const [i, words] of this.wordsAt.entries()) {
      for (const w of words) {
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

  /** Listing order by name: the sort key, then the id. */
  private byName(locale: Locale): (a: number, b: number) => number {
    const keys = this.keys[locale];
    const ids = this.ids;
    return (a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : ids[a] - ids[b]);
  }

  /** Newest first: publication time, then id, descending. */
  private byNewest(): (a: number, b: number) => number {
    const at = this.publishedAt;
    const ids = this.ids;
    return (a, b) => at[b] - at[a] || ids[b] - ids[a];
  }

  /**
   * A copy of this index with some products changed in place (the same products, so every position
   * stays): their cards, keys and words, and the sorted orders and postings around them are
   * updated instead of sorting and indexing the whole catalogue again (an editor's save of one
   * product on a catalogue of 10,000). This index is left as it was (requests may still read it).
   */
  patched(changed: ConstructorParameters<typeof CatalogIndex>[0], facets: FacetData): CatalogIndex | null {
    const positions: number[] = [];
    for (const r of changed) {
      const at = this.positionOf.get(r.id);
      if (at === undefined) return null;
      positions.push(at);
    }
    const next: CatalogIndex = Object.create(CatalogIndex.prototype);
    const mutable = next as unknown as Record<string, unknown>;
    const ids = this.ids;
    const categoryIds = this.categoryIds.slice();
    const publishedAt = this.publishedAt.slice();
    const inStock = this.inStock.slice();
    const cards = { pl: this.cards.pl.slice(), en: this.cards.en.slice() };
    const keys = { pl: this.keys.pl.slice(), en: this.keys.en.slice() };
    const wordsAt = this.wordsAt.slice();
    // Postings: a changed position leaves the lists of the words it lost and joins those of the
    // words it gained (the order within a list does not matter); most of its words stay.
    const lost = new Map<string, Set<number>>();
    const gained = new Map<string, number[]>();
    for (const [k, r] of changed.entries()) {
      const i = positions[k] as number;
      const before = new Set(wordsAt[i]);
      const after = r.words ?? [...new Set(r.searchText.split(' '))].filter(Boolean);
      const kept = new Set(after);
      for (const w of before) if (!kept.has(w)) (lost.get(w) ?? lost.set(w, new Set()).get(w))?.add(i);
      for (const w of after) if (!before.has(w)) (gained.get(w) ?? gained.set(w, []).get(w))?.push(i);
      categoryIds[i] = r.categoryId;
      publishedAt[i] = r.publishedAt;
      inStock[i] = r.inStock ? 1 : 0;
      cards.pl[i] = r.cards.pl;
      cards.en[i] = r.cards.en;
      keys.pl[i] = r.keys?.pl ?? sortKey(r.cards.pl.name);
      keys.en[i] = r.keys?.en ?? sortKey(r.cards.en.name);
      wordsAt[i] = after;
    }
    let finalWords = this.words;
    let finalLists = this.postings;
    if (lost.size > 0 || gained.size > 0) {
      const lists = [...this.postings];
      const added: [string, Int32Array][] = [];
      let emptied = false;
      for (const w of new Set([...lost.keys(), ...gained.keys()])) {
        const at = this.wordIndex(w);
        const out = lost.get(w);
        const kept = at >= 0 ? (out ? (lists[at] as Int32Array).filter((i) => !out.has(i)) : (lists[at] as Int32Array)) : new Int32Array(0);
        const list = Int32Array.from([...kept, ...(gained.get(w) ?? [])]);
        if (at >= 0) {
          lists[at] = list;
          emptied ||= list.length === 0;
        } else added.push([w, list]);
      }
      finalLists = lists;
      if (added.length > 0 || emptied) {
        const all = this.words.map((w, at) => [w, lists[at] as Int32Array] as [string, Int32Array]).filter(([, l]) => l.length > 0);
        all.push(...added);
        all.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        finalWords = all.map(([w]) => w);
        finalLists = all.map(([, l]) => l);
      }
    }
    Object.assign(mutable, {
      size: this.size,
      facets,
      base: new Int32Array(this.size),
      ids,
      categoryIds,
      publishedAt,
      inStock,
      cards,
      keys,
      wordsAt,
      words: finalWords,
      postings: finalLists,
      marks: new Uint8Array(this.size),
      positionOf: this.positionOf,
    });
    // The orders: the changed positions are taken out and put back where their new keys belong.
    const moved = new Set(positions);
    const reinsert = (order: Int32Array, compare: (a: number, b: number) => number): Int32Array => {
      const kept = order.filter((i) => !moved.has(i));
      const out = new Int32Array(order.length);
      const incoming = [...moved].sort(compare);
      let a = 0;
      let b = 0;
      let n = 0;
      while (a < kept.length || b < incoming.length) {
        if (b >= incoming.length || (a < kept.length && compare(kept[a] as number, incoming[b] as number) <= 0)) out[n++] = kept[a++] as number;
        else out[n++] = incoming[b++] as number;
      }
      return out;
    };
    mutable.order = { pl: reinsert(this.order.pl, next.byName('pl')), en: reinsert(this.order.en, next.byName('en')) };
    mutable.newest = reinsert(this.newest, next.byNewest());
    return next;
  }

  /** The key attributes on a product's card (none for a product not in the index). */
  attrsOf(id: number, locale: Locale): { name: string; value: string }[] {
    const i = this.positionOf.get(id);
    return (i === undefined ? undefined : this.cards[locale][i]?.attrs) ?? [];
  }

  /** Position of a word in the sorted word list, or -1. */
  private wordIndex(word: string): number {
    const i = this.lowerBound(word);
    return i < this.words.length && this.words[i] === word ? i : -1;
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

  /**
   * The newest public products of the given categories, leaving out `skip`: the first `limit` of
   * the newest-first order, without the count and facets a listing computes (a product page's
   * related products ask for four of them).
   */
  newestIn(categories: Set<number>, locale: Locale, limit: number, skip: Set<number>, now = Date.now()): (CardData & { id: number })[] {
    const out: (CardData & { id: number })[] = [];
    for (const i of this.newest) {
      if (out.length >= limit) break;
      if (this.publishedAt[i] > now || !categories.has(this.categoryIds[i] as number)) continue;
      const id = this.ids[i] as number;
      if (!skip.has(id)) out.push({ id, ...this.cards[locale][i] });
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
      if (q.inStock && this.inStock[i] === 0) continue;
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

/** What the index is built from, per product: kept so that a change of a few products re-reads only them. */
interface SourceProduct {
  id: number;
  categoryId: number;
  publishedAt: number;
  namePl: string;
  nameEn: string;
  slugPl: string;
  slugEn: string;
  searchText: string;
  number: string | null;
  image: { fileId: string; altPl: string; altEn: string; width: number | null; height: number | null } | null;
  values: ValueRow[];
  /** Some catalogue number of it is in stock (a warehouse holds more than zero). */
  inStock: boolean;
  /** Derived once per read of the product: the name sort keys and the distinct search words. */
  keys: Record<Locale, string>;
  words: string[];
}

interface Source {
  products: Map<number, SourceProduct>;
  defs: AttributeDef[];
}

/** The active products (all, or those of `ids`) with their first number, first image and attribute values. */
async function loadProducts(ids?: number[]): Promise<SourceProduct[]> {
  const db = getDb();
  const only = (column: typeof products.id | typeof productCatalogNumbers.productId | typeof productImages.productId) =>
    ids ? inArray(column, ids) : undefined;
  const [rows, numbers, images, values, stocked] = await Promise.all([
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
      .where(and(eq(products.isActive, true), only(products.id))),
    db
      .selectDistinctOn([productCatalogNumbers.productId], { productId: productCatalogNumbers.productId, number: productCatalogNumbers.number })
      .from(productCatalogNumbers)
      .where(only(productCatalogNumbers.productId))
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
      .where(only(productImages.productId))
      .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
    valuesOf(db, ids),
    db
      .selectDistinct({ id: productCatalogNumbers.productId })
      .from(catalogNumberStock)
      .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, catalogNumberStock.catalogNumberId))
      .where(and(gt(catalogNumberStock.quantity, 0), only(productCatalogNumbers.productId))),
  ]);
  const inStock = new Set(stocked.map((r) => r.id));
  const numberOf = new Map(numbers.map((n) => [n.productId, n.number]));
  const imageOf = new Map(images.map(({ productId, ...image }) => [productId, image]));
  const valuesOfProduct = new Map<number, ValueRow[]>();
  for (const v of values) (valuesOfProduct.get(v.productId) ?? valuesOfProduct.set(v.productId, []).get(v.productId))?.push(v);
  return rows.map((r) => ({
    ...r,
    publishedAt: r.publishedAt.getTime(),
    number: numberOf.get(r.id) ?? null,
    image: imageOf.get(r.id) ?? null,
    values: valuesOfProduct.get(r.id) ?? [],
    inStock: inStock.has(r.id),
    keys: { pl: sortKey(r.namePl), en: sortKey(r.nameEn) },
    words: [...new Set(r.searchText.split(' '))].filter(Boolean),
  }));
}

async function loadSource(): Promise<Source> {
  const [list, defs] = await Promise.all([loadProducts(), attributeDefinitions()]);
  return { products: new Map(list.map((p) => [p.id, p])), defs };
}

/**
 * Re-reads the given products into the source (an inactive or deleted one leaves it), and the
 * attribute definitions (a few rows; written outside the admin, e.g. by a seed, they may have
 * changed). False when nothing the index holds changed.
 */
async function patchSource(source: Source, ids: number[]): Promise<{ facetsSame: boolean } | false> {
  const [fresh, defs] = await Promise.all([loadProducts(ids), attributeDefinitions()]);
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const byId = new Map(fresh.map((p) => [p.id, p]));
  // Most saves change what the listings do not show (descriptions, documents, related lists).
  const defsSame = same(defs, source.defs);
  const changed = !defsSame || ids.some((id) => !same(byId.get(id), source.products.get(id)));
  const facetsSame = defsSame && ids.every((id) => same(byId.get(id)?.values, source.products.get(id)?.values));
  for (const id of ids) source.products.delete(id);
  for (const p of fresh) source.products.set(p.id, p);
  source.defs = defs;
  return changed && { facetsSame };
}

type IndexRow = ConstructorParameters<typeof CatalogIndex>[0][number];
type AttrsOf = (id: number, locale: Locale) => { name: string; value: string }[];

/** The index row of a product, its cards' key attributes told by `attrsOf`. */
function rowMaker(attrsOf: AttrsOf): (r: SourceProduct) => IndexRow {
  return (r) => {
    const img = r.image;
    const card = (locale: Locale): CardData => {
      const name = locale === 'pl' ? r.namePl : r.nameEn;
      return {
        name,
        slug: locale === 'pl' ? r.slugPl : r.slugEn,
        number: r.number,
        image: img ? { fileId: img.fileId, width: img.width, height: img.height, alt: (locale === 'pl' ? img.altPl : img.altEn) || name } : null,
        attrs: attrsOf(r.id, locale),
      };
    };
    return {
      id: r.id,
      categoryId: r.categoryId,
      publishedAt: r.publishedAt,
      searchText: r.searchText,
      cards: { pl: card('pl'), en: card('en') },
      inStock: r.inStock,
      keys: r.keys,
      words: r.words,
    };
  };
}

/** The products in index order (by id), their facets and the index row of each. */
function indexParts(source: Source) {
  const list = [...source.products.values()].sort((a, b) => a.id - b.id);
  const positions = new Map(list.map((p, i) => [p.id, i]));
  const { facets, cards } = facetDataFrom(
    source.defs,
    list.flatMap((p) => p.values),
    positions,
  );
  return { list, facets, rowOf: rowMaker((id, locale) => cards.get(id)?.[locale] ?? []) };
}

function indexFrom(source: Source): CatalogIndex {
  const { list, facets, rowOf } = indexParts(source);
  return new CatalogIndex(list.map(rowOf), facets);
}

/**
 * The index with the given products changed, when they were all in it and still are; else built
 * anew. `facetsSame`: their attribute values and the definitions did not change (the facets and
 * the cards' key attributes stay as they are).
 */
function patchedIndex(index: CatalogIndex, source: Source, ids: number[], facetsSame: boolean): CatalogIndex {
  const changed = ids.map((id) => source.products.get(id));
  if (changed.every((p) => p !== undefined)) {
    const { facets, rowOf } = facetsSame ? { facets: index.facets, rowOf: rowMaker((id, locale) => index.attrsOf(id, locale)) } : indexParts(source);
    const patched = index.patched(
      changed.map((p) => rowOf(p as SourceProduct)),
      facets,
    );
    if (patched && patched.size === source.products.size) return patched;
  }
  return indexFrom(source);
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
      // Stock (issue 39): an ERP update through another process changes the "in stock" filter.
      stock: sql<string>`(select count(*) || ':' || coalesce(max(updated_at)::text, '') from catalog_number_stock)`,
      definitions: sql<string>`(select count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(sum(version), 0) from attributes)`,
    })
    .from(sql`(select 1) as one`);
  return `${row?.products}|${row?.numbers}|${row?.images}|${row?.attributes}|${row?.definitions}|${row?.stock}`;
}

let current: Promise<CatalogIndex> | undefined;
/** The source of `current` once built (patched in place by a change of some products). */
let source: Source | undefined;
let builtAt = 0;
let builtSignature = '';
let refreshing = false;
let generation = 0;

onCacheClear((scope) => {
  generation++;
  const base = source;
  if ((scope?.kind === PRODUCTS_SCOPE || scope?.kind === PRODUCT_CONTENT_SCOPE) && current && base) {
    // A change of some products (an editor's save): re-read just them and index again from memory,
    // not the whole catalogue from the database.
    // The signature is left as it was: a write that bypassed the admin meanwhile is still found by
    // the next background check (a full rebuild at most once per REFRESH_MS while editors work).
    const previous = current;
    const job = previous.then(async (index) => {
      const patch = await patchSource(base, scope.ids);
      return patch ? patchedIndex(index, base, scope.ids, patch.facetsSame) : index;
    });
    current = job;
    job.catch(() => {
      if (current === job) {
        current = undefined;
        source = undefined;
      }
    });
    return;
  }
  current = undefined;
  source = undefined;
});

async function buildWithSignature(): Promise<{ index: CatalogIndex; sig: string; source: Source }> {
  const sig = await signature();
  const built = await loadSource();
  return { index: indexFrom(built), sig, source: built };
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
      const built = await buildWithSignature();
      if (gen === generation) {
        current = Promise.resolve(built.index);
        source = built.source;
        builtAt = Date.now();
        builtSignature = built.sig;
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
          source = r.source;
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
