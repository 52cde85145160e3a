import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CachedPage,
  cachedPageSize,
  clearPageCache,
  configurePageCache,
  forgetCachedPages,
  getCachedPage,
  currentGeneration,
  lookupCachedPage,
  onCacheClear,
  refreshCachedPage,
  refreshesSettled,
  registerChangeScope,
  registerTrackedPages,
  resizeCachedPage,
  setCachedPage,
  setPageRenderer,
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

  it('keeps tracked pages fresh for their longer lifetime; other pages for the short one', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      configurePageCache(30, 3600);
      registerTrackedPages(/^\/(?:pl|en)\/product\//);
      setCachedPage('/pl/product/1-kabel|', page(10));
      setCachedPage('/pl/news|', page(10));
      vi.advanceTimersByTime(31_000);
      expect(lookupCachedPage('/pl/product/1-kabel|')?.stale).toBe(false);
      expect(lookupCachedPage('/pl/news|')?.stale).toBe(true);
      vi.advanceTimersByTime(3600_000);
      expect(lookupCachedPage('/pl/product/1-kabel|')?.stale).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a page rendered while some records changed stale, and renders it again', async () => {
    configurePageCache(30);
    registerChangeScope('widgets', async () => () => false);
    const rendered: string[] = [];
    setPageRenderer(async (key) => {
      rendered.push(key);
      return page(20);
    });
    try {
      // Its rendering started before the change: it may show the old record.
      const startedBefore = currentGeneration();
      clearPageCache({ kind: 'widgets', ids: [1] });
      setCachedPage('/pl/widget/1|', page(10), startedBefore);
      expect(lookupCachedPage('/pl/widget/1|')?.stale).toBe(true);
      // Started after the change: fresh.
      setCachedPage('/pl/widget/2|', page(10), currentGeneration());
      expect(lookupCachedPage('/pl/widget/2|')?.stale).toBe(false);
      await vi.waitFor(() => expect(rendered).toEqual(['/pl/widget/1|']));
      await vi.waitFor(() => expect(lookupCachedPage('/pl/widget/1|')?.stale).toBe(false));
      expect(getCachedPage('/pl/widget/1|')?.page?.storedBytes).toBe(20);
    } finally {
      setPageRenderer(undefined);
      await refreshesSettled();
    }
  });

  it('renders stale pages nobody asked for at a tenth of the time at most; a page a visitor asked for goes first', async () => {
    // The render's length is read from performance.now (stubbed: each render "takes" 20 ms); the pauses are timers.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const rendered: string[] = [];
    try {
      configurePageCache(30);
      for (const key of ['/a|', '/b|', '/c|', '/d|']) setCachedPage(key, page(10));
      setPageRenderer(async (key) => {
        now += 20;
        rendered.push(key);
        return page(10);
      });
      clearPageCache();
      await vi.advanceTimersByTimeAsync(0);
      expect(rendered).toEqual(['/a|']);
      // After a 20 ms render nobody waits for, 180 ms of pause: 10 % of the time.
      await vi.advanceTimersByTimeAsync(179);
      expect(rendered).toEqual(['/a|']);
      await vi.advanceTimersByTimeAsync(1);
      expect(rendered).toEqual(['/a|', '/b|']);
      // A visitor was served /d| stale: it is next, and after it the pause is the shortest one (50 ms).
      refreshCachedPage('/d|');
      await vi.advanceTimersByTimeAsync(180);
      expect(rendered).toEqual(['/a|', '/b|', '/d|']);
      await vi.advanceTimersByTimeAsync(49);
      expect(rendered).toHaveLength(3);
      await vi.advanceTimersByTimeAsync(1);
      expect(rendered).toEqual(['/a|', '/b|', '/d|', '/c|']);
    } finally {
      setPageRenderer(undefined);
      vi.useRealTimers();
      clock.mockRestore();
    }
  });
});
