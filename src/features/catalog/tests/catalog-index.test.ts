import { describe, expect, it } from 'vitest';
import { type CardData, CatalogIndex, sortKey } from '../catalog-index.server';
import { buildSearchText, queryGroups } from '../search';

const NOW = Date.UTC(2025, 0, 1);
const card = (name: string): CardData => ({ name, slug: name.toLowerCase(), number: null, image: null });

function product(id: number, categoryId: number, namePl: string, nameEn: string, number: string, publishedAt = NOW - 1000) {
  return {
    id,
    categoryId,
    publishedAt,
    searchText: buildSearchText({ namePl, nameEn, numbers: [{ number }] }),
    cards: { pl: card(namePl), en: card(nameEn) },
  };
}

const index = new CatalogIndex([
  product(1, 10, 'Szafa stojąca 42U', 'Floor cabinet 42U', 'CN-SS-42U'),
  product(2, 11, 'Światłowód uniwersalny OS2', 'Universal OS2 fibre cable', 'CN-FU-OS2-12'),
  product(3, 11, 'Kabel U/UTP kat. 6', 'Category 6 U/UTP cable', 'CN-U6-305-G'),
  product(4, 12, 'Kabel U/UTP kat. 6A', 'Category 6A U/UTP cable', 'CN-U6A-305-G'),
  product(5, 12, 'Szafa wisząca 9U', 'Wall cabinet 9U', 'CN-SW-9U'),
  product(6, 12, 'Szafa wisząca 12U', 'Wall cabinet 12U', 'CN-SW-12U'),
  product(7, 10, 'Patchcord światłowodowy LC-LC', 'LC-LC fibre patch cord', 'CN-FPC-LCLC', NOW + 86_400_000),
]);

const names = (r: { items: { name: string }[] }) => r.items.map((i) => i.name);
const all = { locale: 'pl' as const, categories: null, terms: [], offset: 0, limit: 24, now: NOW };

describe('catalogue index', () => {
  it('sorts by name ignoring accents and comparing numbers as numbers', () => {
    expect(names(index.query(all))).toEqual([
      'Kabel U/UTP kat. 6',
      'Kabel U/UTP kat. 6A',
      // "Ś" sorts as "s" (code-point order would put it after every "S…" and "Z…").
      'Światłowód uniwersalny OS2',
      'Szafa stojąca 42U',
      'Szafa wisząca 9U',
      'Szafa wisząca 12U',
    ]);
    expect(sortKey('Światłowód 9U') < sortKey('Światłowód 12U')).toBe(true);
  });

  it('leaves out products published in the future', () => {
    expect(index.query(all).total).toBe(6);
    expect(index.query({ ...all, now: NOW + 2 * 86_400_000 }).total).toBe(7);
  });

  it('matches every term as the start of a word, accent-insensitively and in both languages', () => {
    expect(names(index.query({ ...all, terms: ['swiatlowod'] }))).toEqual(['Światłowód uniwersalny OS2']);
    expect(names(index.query({ ...all, terms: ['swiat'] }))).toEqual(['Światłowód uniwersalny OS2']);
    expect(names(index.query({ ...all, terms: ['cabinet', '12u'] }))).toEqual(['Szafa wisząca 12U']);
    expect(index.query({ ...all, terms: ['kabel', 'cabinet'] }).total).toBe(0);
    expect(index.query({ ...all, terms: ['iatlowod'] }).total).toBe(0);
  });

  it('finds catalogue numbers with or without separators', () => {
    expect(names(index.query({ ...all, terms: ['cnu6a305'] }))).toEqual(['Kabel U/UTP kat. 6A']);
    expect(names(index.query({ ...all, terms: ['cn', 'u6', '305'] }))).toEqual(['Kabel U/UTP kat. 6', 'Kabel U/UTP kat. 6A']);
  });

  it('filters by a set of categories', () => {
    expect(names(index.query({ ...all, categories: new Set([12]) }))).toEqual(['Kabel U/UTP kat. 6A', 'Szafa wisząca 9U', 'Szafa wisząca 12U']);
  });

  it('counts all matches and returns only the requested window, in the English order for English', () => {
    const page = index.query({ ...all, locale: 'en', offset: 2, limit: 2 });
    expect(page.total).toBe(6);
    expect(names(page)).toEqual(['Floor cabinet 42U', 'Universal OS2 fibre cable']);
    expect(page.items.map((i) => i.id)).toEqual([1, 2]);
  });
});

describe("the newest products of some categories (a product page's related products)", () => {
  const day = 86_400_000;
  const dated = new CatalogIndex([
    product(1, 10, 'Szafa A', 'Cabinet A', 'CN-A', NOW - 5 * day),
    product(2, 11, 'Kabel B', 'Cable B', 'CN-B', NOW - 1 * day),
    product(3, 10, 'Szafa C', 'Cabinet C', 'CN-C', NOW - 2 * day),
    product(4, 10, 'Szafa D', 'Cabinet D', 'CN-D', NOW - 3 * day),
    product(5, 10, 'Szafa E', 'Cabinet E', 'CN-E', NOW + day),
    product(6, 12, 'Szafa F', 'Cabinet F', 'CN-F', NOW - 4 * day),
  ]);
  const ids = (cards: { id: number }[]) => cards.map((c) => c.id);

  it('takes them newest first, only published ones of the categories, up to the limit, leaving out the skipped', () => {
    expect(ids(dated.newestIn(new Set([10]), 'pl', 4, new Set(), NOW))).toEqual([3, 4, 1]);
    expect(ids(dated.newestIn(new Set([10, 12]), 'pl', 2, new Set([3]), NOW))).toEqual([4, 6]);
    expect(ids(dated.newestIn(new Set([10]), 'pl', 4, new Set(), NOW + 2 * day))).toEqual([5, 3, 4, 1]);
    expect(dated.newestIn(new Set([10]), 'en', 1, new Set(), NOW)[0]).toMatchObject({ id: 3, name: 'Cabinet C' });
    expect(dated.newestIn(new Set([99]), 'pl', 4, new Set(), NOW)).toEqual([]);
  });

  it('lists what a listing of the same categories sorted by newest lists first', () => {
    const listing = dated.query({ locale: 'pl', categories: new Set([10, 12]), terms: [], offset: 0, limit: 3, now: NOW, sort: 'newest' });
    expect(dated.newestIn(new Set([10, 12]), 'pl', 3, new Set(), NOW)).toEqual(listing.items);
  });
});

describe('catalogue number queries', () => {
  it('searches a full catalogue number as one word and falls back to its parts otherwise', () => {
    const q = (search: string) => names(index.query({ ...all, groups: queryGroups(search) }));
    expect(q('CN-U6-305-G')).toEqual(['Kabel U/UTP kat. 6']);
    expect(q('CN-U6')).toEqual(['Kabel U/UTP kat. 6', 'Kabel U/UTP kat. 6A']);
    expect(q('U/UTP 6A')).toEqual(['Kabel U/UTP kat. 6A']);
  });
});

describe('an index patched after a change of some products', () => {
  // Many products with shared words, so that the orders and postings have something to get wrong.
  const many = Array.from({ length: 300 }, (_, i) =>
    product(i + 1, 10 + (i % 4), `Kabel ${['miedziany', 'światłowodowy', 'zasilający'][i % 3]} ${i}`, `Cable ${i}`, `CN-${i}`, NOW - 1000 * (i % 37)),
  );
  const queries = [
    all,
    { ...all, locale: 'en' as const, limit: 400 },
    { ...all, limit: 400 },
    { ...all, sort: 'newest' as const, limit: 400 },
    { ...all, categories: new Set([11]), limit: 400 },
    { ...all, terms: ['kabel', 'miedz'], limit: 400 },
    { ...all, terms: ['patchcord'] },
    { ...all, terms: ['zasil'], sort: 'newest' as const, limit: 400 },
  ];
  const ids = (r: { items: { id: number }[]; total: number }) => [r.total, ...r.items.map((i) => i.id)];

  it('answers every query as an index built anew from the changed products', () => {
    const before = new CatalogIndex(many);
    const changed = [
      // Renamed (a new word, an old one gone from it), moved, published later, and one published earlier.
      product(5, 13, 'Patchcord miedziany 5', 'Copper patch cord 5', 'CN-5'),
      product(120, 11, 'Aaa kabel zasilający 120', 'Aaa cable 120', 'CN-120', NOW - 500_000),
      product(299, 10, 'Zzz kabel 299', 'Zzz cable 299', 'CN-299', NOW + 1),
    ];
    const after = many.map((p) => changed.find((c) => c.id === p.id) ?? p);
    const rebuilt = new CatalogIndex(after);
    const patched = before.patched(changed, rebuilt.facets);
    if (!patched) throw new Error('not patched');
    for (const q of queries) expect(ids(patched.query(q)), JSON.stringify(q)).toEqual(ids(rebuilt.query(q)));
    expect(patched.hasPrefix('patchcord')).toBe(true);
    // The index it was made from still answers as before (a request may still hold it).
    for (const q of queries) expect(ids(before.query(q))).toEqual(ids(new CatalogIndex(many).query(q)));
  });

  it('declines a product it does not hold (a new product: the index is built anew)', () => {
    expect(new CatalogIndex(many).patched([product(999, 10, 'Nowy', 'New', 'CN-999')], new CatalogIndex(many).facets)).toBeNull();
  });
});
