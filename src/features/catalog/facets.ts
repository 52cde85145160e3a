// Faceted filtering of the catalogue listings over the in-memory index (catalog-index.server.ts).
// Every facet value (an option of an enum attribute, or one number of a number attribute) has a
// small integer id; each product holds the ids of its values. Standard faceting: a product is
// listed when, for every facet with a selection, it holds at least one selected value (OR inside a
// facet, AND between facets); the count of a value is the number of listed products it would
// give when the other facets' selections stay as they are. One pass over the base set does both.
import type { Locale } from '~/core/i18n/locale';

/** Listing URL parameter of a facet: `f.{code}=value` (repeated for several values). */
export const FACET_PARAM_PREFIX = 'f.';
/** `?stock=1`: only products in stock (issue 39, "dostępne od ręki"). */
export const STOCK_PARAM = 'stock';

/** The "in stock" filter from a listing's query. */
export function parseInStock(params: URLSearchParams): boolean {
  return params.get(STOCK_PARAM) === '1';
}
/** The query parameters of a listing (listingQuery), a facet's as a prefix: declared to the page cache. */
export const LISTING_PARAMS = ['search', 'sort', 'page', STOCK_PARAM, `${FACET_PARAM_PREFIX}*`];
/** Listing sort orders (`?sort=`); name is the default and is left out of URLs. */
export const LISTING_SORTS = ['name', 'newest'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

export function parseSort(value: string | null | undefined): ListingSort {
  return value === 'newest' ? 'newest' : 'name';
}

export interface FacetAttribute {
  code: string;
  name: Record<Locale, string>;
  unit: string;
}

export interface FacetValue {
  /** Index into the attributes. */
  attr: number;
  /** The value in URLs: an option code, or a number written with a dot. */
  key: string;
  label: Record<Locale, string>;
  /** Order inside its facet (option position, or the number). */
  order: number;
}

/** Selected values: facet codes to the keys chosen in each. */
export type FacetSelection = Record<string, string[]>;

/** The facet selection of listing URL parameters (unknown codes are kept; the index ignores them). */
export function selectionFromParams(params: URLSearchParams): FacetSelection {
  const out: FacetSelection = {};
  let n = 0;
  for (const [key, value] of params) {
    if (!key.startsWith(FACET_PARAM_PREFIX) || !value || n >= 100) continue;
    const code = key.slice(FACET_PARAM_PREFIX.length).slice(0, 40);
    const list = (out[code] ??= []);
    if (!list.includes(value)) list.push(value.slice(0, 40));
    n++;
  }
  return out;
}

/** Query string of a listing: search, facets (sorted, so equal selections give equal URLs), sort, page. */
export function listingQuery(input: { search?: string; selection?: FacetSelection; sort?: ListingSort; page?: number; inStock?: boolean }): string {
  const q = new URLSearchParams();
  if (input.search) q.set('search', input.search);
  if (input.inStock) q.set(STOCK_PARAM, '1');
  for (const code of Object.keys(input.selection ?? {}).sort()) {
    for (const v of [...(input.selection?.[code] ?? [])].sort()) q.append(`${FACET_PARAM_PREFIX}${code}`, v);
  }
  if (input.sort && input.sort !== 'name') q.set('sort', input.sort);
  if (input.page && input.page > 1) q.set('page', String(input.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** One facet of a listing, as the page shows it. */
export interface FacetView {
  code: string;
  name: string;
  unit: string;
  values: { key: string; label: string; count: number; selected: boolean }[];
  selected: number;
}

/**
 * The facet values of the catalogue: attributes, values and, per product (by index position), the
 * ids of its values in compressed rows (start[p]..start[p+1] in ids).
 */
export class FacetData {
  readonly attrs: FacetAttribute[];
  readonly values: FacetValue[];
  private readonly start: Int32Array;
  private readonly ids: Int32Array;
  private readonly attrOf: Int32Array;
  private readonly byCode: Map<string, number>;
  private readonly byKey: Map<string, number>;
  /** Scratch arrays reused by every count (the server answers one request at a time per process). */
  private readonly selected: Uint8Array;
  private readonly hit: Int32Array;
  private readonly counts: Int32Array;

  constructor(attrs: FacetAttribute[], values: FacetValue[], productValues: number[][]) {
    this.attrs = attrs;
    this.values = values;
    this.attrOf = Int32Array.from(values, (v) => v.attr);
    this.start = new Int32Array(productValues.length + 1);
    let total = 0;
    for (const [p, list] of productValues.entries()) {
      this.start[p] = total;
      total += list.length;
    }
    this.start[productValues.length] = total;
    this.ids = new Int32Array(total);
    let at = 0;
    for (const list of productValues) for (const v of list) this.ids[at++] = v;
    this.byCode = new Map(attrs.map((a, i) => [a.code, i]));
    this.byKey = new Map(values.map((v, i) => [`${v.attr}:${v.key}`, i]));
    this.selected = new Uint8Array(values.length);
    this.hit = new Int32Array(attrs.length);
    this.counts = new Int32Array(values.length);
  }

  /** Value ids of a product (index position). */
  valuesOf(p: number): Int32Array {
    return this.ids.subarray(this.start[p], this.start[p + 1]);
  }

  /** The value ids of a selection grouped by attribute; unknown codes and keys are left out. */
  resolve(selection: FacetSelection): Map<number, number[]> {
    const out = new Map<number, number[]>();
    for (const [code, keys] of Object.entries(selection)) {
      const attr = this.byCode.get(code);
      if (attr === undefined) continue;
      const ids = keys.map((k) => this.byKey.get(`${attr}:${k}`)).filter((v): v is number => v !== undefined);
      if (ids.length) out.set(attr, ids);
    }
    return out;
  }

  /**
   * Filters `base` (product positions, in listing order) by the selection and counts every value:
   * `matched` are the products that pass every facet (in the same order), `counts[v]` the products
   * of the base set that pass every facet except the one of v and hold v.
   */
  filter(base: Int32Array, selection: Map<number, number[]>): { matched: Int32Array; counts: Int32Array } {
    const { selected, hit, counts, ids, start, attrOf } = this;
    selected.fill(0);
    hit.fill(0);
    counts.fill(0);
    const selAttrs = [...selection.keys()];
    for (const list of selection.values()) for (const v of list) selected[v] = 1;
    const need = selAttrs.length;
    const matched = new Int32Array(base.length);
    let m = 0;
    for (let i = 0; i < base.length; i++) {
      const p = base[i] as number;
      const from = start[p] as number;
      const to = start[p + 1] as number;
      const stamp = i + 1;
      let passed = 0;
      if (need) {
        for (let k = from; k < to; k++) {
          const v = ids[k] as number;
          if (selected[v] === 1) {
            const a = attrOf[v] as number;
            if (hit[a] !== stamp) {
              hit[a] = stamp;
              passed++;
            }
          }
        }
      }
      const fails = need - passed;
      if (fails === 0) {
        matched[m++] = p;
        for (let k = from; k < to; k++) counts[ids[k] as number]++;
      } else if (fails === 1) {
        // Passes every facet but one: it counts for the values of that facet only.
        let failing = -1;
        for (const a of selAttrs) {
          if (hit[a] !== stamp) {
            failing = a;
            break;
          }
        }
        for (let k = from; k < to; k++) {
          const v = ids[k] as number;
          if (attrOf[v] === failing) counts[v]++;
        }
      }
    }
    return { matched: matched.subarray(0, m), counts: counts.slice() };
  }

  /**
   * The facets as a page shows them: values with a count, or selected ones, in their order;
   * facets without any such value are left out.
   */
  view(counts: Int32Array, selection: Map<number, number[]>, locale: Locale): FacetView[] {
    const perAttr: FacetView['values'][] = this.attrs.map(() => []);
    const orderOf: number[][] = this.attrs.map(() => []);
    for (let v = 0; v < this.values.length; v++) {
      const def = this.values[v] as FacetValue;
      const isSelected = selection.get(def.attr)?.includes(v) ?? false;
      const count = counts[v] as number;
      if (count === 0 && !isSelected) continue;
      perAttr[def.attr]?.push({ key: def.key, label: def.label[locale], count, selected: isSelected });
      orderOf[def.attr]?.push(def.order);
    }
    const out: FacetView[] = [];
    for (const [a, attr] of this.attrs.entries()) {
      const values = perAttr[a] ?? [];
      if (values.length === 0) continue;
      const order = orderOf[a] ?? [];
      const idx = values.map((_, i) => i).sort((x, y) => (order[x] as number) - (order[y] as number));
      const sorted = idx.map((i) => values[i] as FacetView['values'][number]);
      out.push({ code: attr.code, name: attr.name[locale], unit: attr.unit, values: sorted, selected: sorted.filter((v) => v.selected).length });
    }
    return out;
  }
}
