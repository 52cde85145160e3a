import { describe, expect, it } from 'vitest';
import { type CardData, CatalogIndex } from '../catalog-index.server';
import { FacetData, type FacetValue, listingQuery, parseSort, selectionFromParams } from '../facets';
import { buildSearchText } from '../search';
import { parseNumberList } from '../admin/validation';

const NOW = Date.UTC(2025, 0, 1);
const card = (name: string): CardData => ({ name, slug: name.toLowerCase(), number: null, image: null });

// Attributes: 0 category (5e, 6, 6A), 1 shielding (U/UTP, U/FTP), 2 length (numbers 1, 2).
const attrs = [
  { code: 'category', name: { pl: 'Kategoria', en: 'Category' }, unit: '' },
  { code: 'shielding', name: { pl: 'Ekranowanie', en: 'Shielding' }, unit: '' },
  { code: 'length', name: { pl: 'Długość', en: 'Length' }, unit: 'm' },
];
const values: FacetValue[] = [
  { attr: 0, key: '5e', label: { pl: '5e', en: '5e' }, order: 0 }, // 0
  { attr: 0, key: '6', label: { pl: '6', en: '6' }, order: 1 }, // 1
  { attr: 0, key: '6a', label: { pl: '6A', en: '6A' }, order: 2 }, // 2
  { attr: 1, key: 'u-utp', label: { pl: 'U/UTP', en: 'U/UTP' }, order: 0 }, // 3
  { attr: 1, key: 'u-ftp', label: { pl: 'U/FTP', en: 'U/FTP' }, order: 1 }, // 4
  { attr: 2, key: '2', label: { pl: '2 m', en: '2 m' }, order: 2 }, // 5
  { attr: 2, key: '0.5', label: { pl: '0,5 m', en: '0.5 m' }, order: 0.5 }, // 6
];
// Products (index positions 0..5) and their values.
const productValues = [
  [0, 3], // 5e U/UTP
  [1, 3, 5, 6], // 6 U/UTP, 0.5 and 2 m
  [1, 4], // 6 U/FTP
  [2, 4, 5], // 6A U/FTP 2 m
  [2, 3], // 6A U/UTP
  [], // nothing
];

const facets = () => new FacetData(attrs, values, productValues);
const all = Int32Array.from([0, 1, 2, 3, 4, 5]);
const countsByKey = (f: FacetData, counts: Int32Array) => Object.fromEntries(f.values.map((v, i) => [`${f.attrs[v.attr]?.code}:${v.key}`, counts[i]]));

describe('facet counting', () => {
  it('without a selection lists everything and counts every value', () => {
    const f = facets();
    const { matched, counts } = f.filter(all, new Map());
    expect([...matched]).toEqual([0, 1, 2, 3, 4, 5]);
    expect(countsByKey(f, counts)).toEqual({
      'category:5e': 1,
      'category:6': 2,
      'category:6a': 2,
      'shielding:u-utp': 3,
      'shielding:u-ftp': 2,
      'length:2': 2,
      'length:0.5': 1,
    });
  });

  it('ORs values inside a facet, ANDs facets, and counts each facet against the others only', () => {
    const f = facets();
    const sel = f.resolve({ category: ['6', '6a'], shielding: ['u-ftp'] });
    const { matched, counts } = f.filter(all, sel);
    expect([...matched]).toEqual([2, 3]);
    const c = countsByKey(f, counts);
    // Category counts use the shielding selection only (U/FTP products: 2 and 3).
    expect(c['category:5e']).toBe(0);
    expect(c['category:6']).toBe(1);
    expect(c['category:6a']).toBe(1);
    // Shielding counts use the category selection only (6 or 6A: products 1, 2, 3, 4).
    expect(c['shielding:u-utp']).toBe(2);
    expect(c['shielding:u-ftp']).toBe(2);
    // An unselected facet counts the matched products.
    expect(c['length:2']).toBe(1);
    expect(c['length:0.5']).toBe(0);
  });

  it('a value count equals the size of the result when that value is added (single-valued facet)', () => {
    const f = facets();
    const base = f.resolve({ shielding: ['u-utp'] });
    const { counts } = f.filter(all, base);
    for (const key of ['5e', '6', '6a']) {
      const vid = f.values.findIndex((v) => v.attr === 0 && v.key === key);
      const chosen = f.filter(all, f.resolve({ shielding: ['u-utp'], category: [key] }));
      expect(chosen.matched.length).toBe(counts[vid]);
    }
  });

  it('ignores unknown facets and values; keeps the base order', () => {
    const f = facets();
    const sel = f.resolve({ nope: ['x'], category: ['6', 'zzz'] });
    expect([...sel.keys()]).toEqual([0]);
    const { matched } = f.filter(Int32Array.from([4, 2, 1, 0]), sel);
    expect([...matched]).toEqual([2, 1]);
  });

  it('views: values with a count or selected, in their order; facets without values left out', () => {
    const f = facets();
    const sel = f.resolve({ category: ['5e'], shielding: ['u-ftp'] });
    const { matched, counts } = f.filter(all, sel);
    expect(matched.length).toBe(0);
    const view = f.view(counts, sel, 'en');
    const category = view.find((v) => v.code === 'category');
    // 5e has no U/FTP product but stays listed (selected); 6 and 6A have one each.
    expect(category?.values.map((v) => [v.label, v.count, v.selected])).toEqual([
      ['5e', 0, true],
      ['6', 1, false],
      ['6A', 1, false],
    ]);
    expect(view.find((v) => v.code === 'length')).toBeUndefined();
    const lengths = f.view(f.filter(all, new Map()).counts, new Map(), 'pl').find((v) => v.code === 'length');
    expect(lengths?.values.map((v) => v.label)).toEqual(['0,5 m', '2 m']);
  });
});

describe('catalogue index with facets and sorting', () => {
  const rows = [
    { id: 1, name: 'Kabel kat. 5e', published: NOW - 5000 },
    { id: 2, name: 'Kabel kat. 6', published: NOW - 1000 },
    { id: 3, name: 'Kabel kat. 6 FTP', published: NOW - 3000 },
    { id: 4, name: 'Kabel kat. 6A', published: NOW - 2000 },
    { id: 5, name: 'Kabel kat. 6A UTP', published: NOW - 4000 },
    { id: 6, name: 'Zaślepka', published: NOW - 100 },
  ].map((r) => ({
    id: r.id,
    categoryId: 1,
    publishedAt: r.published,
    searchText: buildSearchText({ namePl: r.name, nameEn: r.name, numbers: [] }),
    cards: { pl: card(r.name), en: card(r.name) },
  }));
  const index = new CatalogIndex(rows, facets());
  const q = { locale: 'pl' as const, categories: null, offset: 0, limit: 24, now: NOW };

  it('filters, counts and pages the facet result', () => {
    const r = index.query({ ...q, selection: { category: ['6a'] } });
    expect(r.total).toBe(2);
    expect(r.items.map((i) => i.id)).toEqual([4, 5]);
    const page2 = index.query({ ...q, selection: { category: ['6', '6a'] }, offset: 2, limit: 2 });
    expect(page2.total).toBe(4);
    expect(page2.items.map((i) => i.id)).toEqual([4, 5]);
    expect(r.facets.find((f) => f.code === 'shielding')?.values.map((v) => [v.key, v.count])).toEqual([
      ['u-utp', 1],
      ['u-ftp', 1],
    ]);
  });

  it('counts within a search', () => {
    const r = index.query({ ...q, groups: [{ compact: null, parts: ['6a'] }] });
    expect(r.total).toBe(2);
    expect(r.facets.find((f) => f.code === 'category')?.values.map((v) => [v.key, v.count])).toEqual([['6a', 2]]);
  });

  it('sorts newest first', () => {
    const r = index.query({ ...q, sort: 'newest' });
    expect(r.items.map((i) => i.id)).toEqual([6, 2, 4, 3, 5, 1]);
    const filtered = index.query({ ...q, sort: 'newest', selection: { shielding: ['u-utp'] } });
    expect(filtered.items.map((i) => i.id)).toEqual([2, 5, 1]);
  });
});

describe('listing URLs', () => {
  it('reads repeated f. parameters and writes them back in a stable order', () => {
    const sel = selectionFromParams(new URLSearchParams('f.shielding=u-ftp&f.category=6a&f.category=6&page=2&search=kabel'));
    expect(sel).toEqual({ shielding: ['u-ftp'], category: ['6a', '6'] });
    expect(listingQuery({ search: 'kabel', selection: sel, sort: 'newest', page: 1 })).toBe(
      '?search=kabel&f.category=6&f.category=6a&f.shielding=u-ftp&sort=newest',
    );
    expect(listingQuery({ selection: {}, sort: 'name' })).toBe('');
    expect(parseSort('newest')).toBe('newest');
    expect(parseSort('price')).toBe('name');
  });

  it('parses number lists with decimal commas', () => {
    expect(parseNumberList('0,5; 1; 2')).toEqual([0.5, 1, 2]);
    expect(parseNumberList('305')).toEqual([305]);
    expect(parseNumberList('')).toEqual([]);
    expect(parseNumberList('1, 2')).toBeNull();
    expect(parseNumberList('abc')).toBeNull();
  });
});
