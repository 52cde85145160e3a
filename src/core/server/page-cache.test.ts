import { afterEach, describe, expect, it } from 'vitest';
import {
  type CachedPage,
  cachedPageSize,
  clearPageCache,
  configurePageCache,
  forgetCachedPages,
  getCachedPage,
  onCacheClear,
  resizeCachedPage,
  setCachedPage,
} from './page-cache.server';

const page = (storedBytes: number): CachedPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  page: { deflated: [Buffer.alloc(0)], crcs: [0], lengths: [storedBytes], slots: [], fixedBytes: storedBytes, storedBytes, original: [], crc: 0, weights: [] },
});

afterEach(() => {
  forgetCachedPages();
  configurePageCache(30);
});

describe('page cache', () => {
  it('keeps pages until cleared, and tells other caches to clear too', () => {
    configurePageCache(30);
    let cleared = 0;
    onCacheClear(() => cleared++);
    setCachedPage('/pl|', page(100));
    expect(getCachedPage('/pl|')?.page?.storedBytes).toBe(100);
    clearPageCache();
    expect(getCachedPage('/pl|')).toBeUndefined();
    expect(cleared).toBe(1);
  });

  it('stores nothing when disabled', () => {
    configurePageCache(0);
    setCachedPage('/pl|', page(100));
    configurePageCache(30);
    expect(getCachedPage('/pl|')).toBeUndefined();
  });

  it('drops the oldest pages when 5,000 are held', () => {
    configurePageCache(30);
    for (let i = 0; i <= 5000; i++) setCachedPage(`/p/${i}|`, page(10));
    expect(getCachedPage('/p/0|')).toBeUndefined();
    expect(getCachedPage('/p/1|')).toBeDefined();
    expect(getCachedPage('/p/5000|')).toBeDefined();
  });

  it('drops the oldest pages to stay within 64 MB, and skips a page too large to keep', () => {
    configurePageCache(30);
    const mb = 1024 * 1024;
    for (let i = 0; i < 20; i++) setCachedPage(`/big/${i}|`, page(3.5 * mb));
    // 20 x 3.5 MB does not fit in 64 MB: the first ones made room for the last.
    expect(getCachedPage('/big/0|')).toBeUndefined();
    expect(getCachedPage('/big/1|')).toBeUndefined();
    expect(getCachedPage('/big/19|')).toBeDefined();
    expect(getCachedPage('/big/3|')).toBeDefined();
    setCachedPage('/huge|', page(5 * mb));
    expect(getCachedPage('/huge|')).toBeUndefined();
  });

  it('counts a page first as rendered text, then as its compressed pieces', () => {
    configurePageCache(30);
    const mb = 1024 * 1024;
    // Rendered HTML counts two bytes per character: 16 pages of 1.9 M characters fill 64 MB.
    const html = 'x'.repeat(1.9 * mb);
    for (let i = 0; i < 16; i++) setCachedPage(`/r/${i}|`, { status: 200, headers: [], rendered: { html, values: ['n', 't'] } });
    expect(getCachedPage('/r/0|')).toBeDefined();
    setCachedPage('/r/16|', { status: 200, headers: [], rendered: { html, values: ['n', 't'] } });
    expect(getCachedPage('/r/0|')).toBeUndefined();
    // Once prepared, a page takes only its compressed size, and the room is free for others.
    for (let i = 1; i <= 16; i++) {
      const entry = getCachedPage(`/r/${i}|`) as CachedPage;
      const before = cachedPageSize(entry);
      entry.page = page(1000).page;
      entry.rendered = undefined;
      resizeCachedPage(`/r/${i}|`, entry, before);
    }
    for (let i = 0; i < 16; i++) setCachedPage(`/s/${i}|`, { status: 200, headers: [], rendered: { html, values: ['n', 't'] } });
    expect(getCachedPage('/r/1|')?.page?.storedBytes).toBe(1000);
    expect(getCachedPage('/s/0|')).toBeDefined();
  });

  it('replacing a page frees the room of the old copy', () => {
    configurePageCache(30);
    const mb = 1024 * 1024;
    for (let i = 0; i < 40; i++) setCachedPage('/same|', page(3.5 * mb));
    for (let i = 0; i < 17; i++) setCachedPage(`/other/${i}|`, page(3.5 * mb));
    expect(getCachedPage('/same|')).toBeDefined();
    expect(getCachedPage('/other/0|')).toBeDefined();
  });
});
