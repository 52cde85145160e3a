import { describe, expect, it } from 'vitest';
import {
  buildSearchText,
  canonicalRedirect,
  categoryPath,
  idSlug,
  parseIdSlug,
  productPath,
  queryGroups,
  queryTerms,
  searchWords,
  toPrefixQuery,
} from '../search';

describe('search folding', () => {
  it('folds case and Polish diacritics, so "ŚWIATŁOWÓD" and "swiatlowod" are the same word', () => {
    expect(searchWords('Kabel ŚWIATŁOWODOWY, żółty')).toEqual(['kabel', 'swiatlowodowy', 'zolty']);
    expect(queryTerms('Światłowód')).toEqual(queryTerms('swiatlowod'));
  });

  it('writes every distinct word of numbers (also without separators), names, leads and descriptions without HTML', () => {
    const text = buildSearchText({
      namePl: 'Kabel U/UTP kat. 6',
      nameEn: 'U/UTP category 6 cable',
      leadPl: 'Kabel do sieci LAN',
      descriptionPl: '<p>Powłoka <strong>LSOH</strong> &amp; kabel</p>',
      descriptionEn: '<ul><li>LSOH jacket</li></ul>',
      numbers: [{ number: 'CN-U6-305-G', namePl: 'Karton 305 m, szary', nameEn: '305 m pull box, grey' }],
    });
    const words = text.split(' ');
    expect(words).toEqual(
      expect.arrayContaining(['cn', 'u6', '305', 'g', 'cnu6305g', 'kabel', 'utp', 'category', 'lan', 'powloka', 'lsoh', 'jacket', 'szary', 'grey']),
    );
    expect(words.filter((w) => w === 'kabel')).toHaveLength(1);
    expect(text).not.toMatch(/[<>&]|strong|amp/);
  });

  it('limits a query to eight distinct words of at most 40 characters', () => {
    expect(queryTerms('a b c d e f g h i j')).toHaveLength(8);
    expect(queryTerms('kabel kabel KABEL')).toEqual(['kabel']);
    expect(queryTerms('x'.repeat(60))[0]).toHaveLength(40);
    expect(queryTerms('*** ---')).toEqual([]);
  });

  it('builds prefix tsqueries that carry no tsquery syntax from the input', () => {
    expect(toPrefixQuery("CN-U6 & !kabel | 'x':*")).toBe('cn:* & u6:* & kabel:* & x:*');
    expect(toPrefixQuery('!!!')).toBeNull();
  });
});

describe('slug and URL rules', () => {
  it('reads {id}-{slug} and a bare id, and refuses anything else', () => {
    expect(parseIdSlug('12-kabel-u-utp')).toEqual({ id: 12, slug: 'kabel-u-utp' });
    expect(parseIdSlug('12')).toEqual({ id: 12, slug: '' });
    expect(parseIdSlug('0-x')).toBeNull();
    expect(parseIdSlug('abc')).toBeNull();
    expect(parseIdSlug('12abc')).toBeNull();
    expect(parseIdSlug(undefined)).toBeNull();
    expect(parseIdSlug('1234567890-too-long-id')).toBeNull();
  });

  it('builds localized product and category paths', () => {
    expect(productPath('pl', 5, 'szafa-stojaca-42u')).toBe('/pl/product/5-szafa-stojaca-42u');
    expect(categoryPath('en', 3, 'copper-cables')).toBe('/en/category/3-copper-cables');
    expect(idSlug(7, '')).toBe('7');
  });

  it('redirects a wrong or missing slug to the canonical path and keeps the query', () => {
    expect(canonicalRedirect('http://x/pl/category/3?search=kabel&page=2', '/pl/category/3-kable')).toBe('/pl/category/3-kable?search=kabel&page=2');
    expect(canonicalRedirect('http://x/pl/product/5-old-name', '/pl/product/5-new-name')).toBe('/pl/product/5-new-name');
    expect(canonicalRedirect('http://x/pl/product/5-new-name?x=1', '/pl/product/5-new-name')).toBeNull();
  });
});

describe('query groups', () => {
  it('keeps a chunk with separators together as a compact catalogue number besides its words', () => {
    expect(queryGroups('CN-U6-305-G kabel')).toEqual([
      { compact: 'cnu6305g', parts: ['cn', 'u6', '305', 'g'] },
      { compact: null, parts: ['kabel'] },
    ]);
    expect(queryGroups('  ')).toEqual([]);
  });
});
