// A cache of pages rendered for anonymous visitors (and of private pages, see registerPrivatePage).
// Any change made through the admin panel calls clearPageCache(): the anonymous pages become stale.
// A stale page is still served (stale-while-revalidate: a visitor never waits for a page that
// exists to be rendered again) and is rendered again in the background, first the pages asked
// for, then every other one at a bounded rate (REFRESH_GAP_MS), so a change reaches the pages
// within seconds without slowing live traffic. A page older than the cache's lifetime is stale too.
// Behind this memory tier is the persistent store (page-store.server.ts, setPageStore): a page that
// left memory, or was rendered before a restart or by another process, comes from there.
import type { PageStore } from './page-store.server';
import { type PreparedPage, preparePage } from './prepared-page.server';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /**
   * The body as rendered, with the per-visitor values [nonce, token] it was rendered with. Kept
   * like this until the page is asked for again: most pages of a large catalogue are asked for
   * once within the cache's lifetime, and cutting and compressing them would be wasted work.
   */
  rendered?: { html: string; values: string[] };
  /** The body cut around the per-visitor values and precompressed, once the page is served again. */
  page?: PreparedPage;
}

interface Entry extends CachedPage {
  /** Until then the page is fresh (its lifetime); after it, stale. */
  freshUntil: number;
  /** The clear generation it was rendered in: stale once the caches were cleared after it. */
  generation: number;
  storedAt: number;
}

// Bounded by count and by memory: pages are kept gzipped (some 10-20 kB each).
const MAX_ENTRIES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let bytes = 0;
let ttlMs = 30_000;
const listeners = new Set<(scope?: ChangeScope) => void>();
/** Changes of everything so far: an entry of an older generation is stale. */
let generation = 0;
/** Every change so far, of everything or of some records (see setCachedPage). */
let changes = 0;
/** A stale page is never served when older than this (its refresh kept failing). */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** The shortest pause between two renders of stale pages (at most 20 a second). */
const REFRESH_GAP_MS = 50;
/**
 * After a render nobody waits for (a page no visitor asked for since it went stale), the pause is
 * at least this many times the render's own time: such renders take at most a tenth of the process,
 * however slow the machine or the page, so a change of many pages does not slow live traffic.
 */
const BACKGROUND_PAUSE_FACTOR = 9;
/** Private pages (registerPrivatePage) are never served stale: their keys start with this. */
export const PRIVATE_PREFIX = 'private|';

/** Lifetime of the pages registered with registerTrackedPages (every change of their data is reported). */
let trackedTtlMs = 3600_000;
const tracked: RegExp[] = [];

/** `seconds`: lifetime of a cached page (0: no cache); `trackedSeconds`: that of tracked pages (registerTrackedPages). */
export function configurePageCache(seconds: number, trackedSeconds = 3600) {
  ttlMs = seconds * 1000;
  trackedTtlMs = Math.max(ttlMs, trackedSeconds * 1000);
}

/**
 * Pages (path and query matching `path`) whose every data change is reported by clearPageCache, a
 * scope included, also the changes nobody makes (a product's publication date reached): their
 * lifetime is the longer tracked one. Without it a crawler going through a large catalogue would
 * find most pages past the short lifetime and keep the background renderer busy for nothing.
 */
export function registerTrackedPages(path: RegExp) {
  if (!tracked.some((r) => r.source === path.source)) tracked.push(path);
}

/** The lifetime of the page of a cache key (`url|consent`), in ms. */
function lifetimeOf(key: string): number {
  if (tracked.length === 0 || key.startsWith(PRIVATE_PREFIX)) return ttlMs;
  const url = key.slice(0, key.lastIndexOf('|'));
  return tracked.some((r) => r.test(url)) ? trackedTtlMs : ttlMs;
}

let store: PageStore | undefined;
/** The persistent tier (undefined: memory only). Set by the page handler for a production build. */
export function setPageStore(s: PageStore | undefined) {
  store = s;
}

export function pageStore(): PageStore | undefined {
  return store;
}

/**
 * Keys read from the store lately. A page read from the store joins the memory tier only when it
 * is read again while its key is still here: a crawler walking through more pages than memory
 * holds would otherwise replace a memory page with one nobody asks for again on every request,
 * and each such page outlives the young generation, which makes every garbage collection slower.
 */
const readFromStore = new Set<string>();
const READ_FROM_STORE_MAX = 4096;

/** A page of the store; kept in the memory tier when asked for again soon (stale when the store says so). */
function fromStore(key: string): Entry | undefined {
  const found = store?.read(key);
  if (!found) return undefined;
  const stored: Entry = {
    status: found.status,
    headers: found.headers,
    page: found.page,
    freshUntil: found.renderedAt + lifetimeOf(key),
    generation: found.stale ? -1 : generation,
    storedAt: found.renderedAt,
  };
  if (readFromStore.delete(key)) remember(key, stored);
  else {
    readFromStore.add(key);
    if (readFromStore.size > READ_FROM_STORE_MAX) readFromStore.delete(readFromStore.values().next().value as string);
  }
  return stored;
}

export function pageCacheEnabled(): boolean {
  return ttlMs > 0;
}

/** A cached page and whether it is stale (serve it, and render it again: refreshCachedPage). */
export function lookupCachedPage(key: string): { page: CachedPage; stale: boolean } | undefined {
  if (ttlMs === 0) return undefined;
  const e = entries.get(key) ?? (store && !key.startsWith(PRIVATE_PREFIX) ? fromStore(key) : undefined);
  if (!e) return undefined;
  const now = Date.now();
  const stale = e.generation < generation || e.freshUntil < now;
  if (stale && (key.startsWith(PRIVATE_PREFIX) || e.storedAt + MAX_AGE_MS < now)) {
    if (entries.get(key) === e) drop(key, e);
    return undefined;
  }
  return { page: e, stale };
}

/** A fresh cached page, or undefined. */
export function getCachedPage(key: string): CachedPage | undefined {
  const found = lookupCachedPage(key);
  return found && !found.stale ? found.page : undefined;
}

function sizeOf(e: CachedPage): number {
  // A string of Polish text takes two bytes per character in V8.
  return (e.page ? e.page.storedBytes + 64 * e.page.deflated.length : 0) + 2 * (e.rendered?.html.length ?? 0) + 256;
}

/** Records that a cached page changed form (rendered -> prepared), keeping its place and lifetime. */
export function resizeCachedPage(key: string, entry: CachedPage, previousSize: number) {
  if (entries.get(key) !== entry) return;
  bytes += sizeOf(entry) - previousSize;
}

/** Memory a cached page takes, as counted against the cache's limit. */
export function cachedPageSize(entry: CachedPage): number {
  return sizeOf(entry);
}

function drop(key: string, e: Entry) {
  entries.delete(key);
  bytes -= sizeOf(e);
}

/** Anonymous pages rendered but not yet written to the store (written after the answer went out). */
const toPersist = new Map<string, { entry: CachedPage; renderedAt: number }>();
let persistScheduled = false;

function persistLater(key: string, entry: CachedPage, renderedAt: number) {
  toPersist.set(key, { entry, renderedAt });
  if (persistScheduled) return;
  persistScheduled = true;
  setImmediate(() => {
    persistScheduled = false;
    for (const [k, { entry: e, renderedAt: at }] of toPersist) {
      toPersist.delete(k);
      if (!store) break;
      if (!e.page && e.rendered) {
        // Cut and compressed once, for the store and for the memory tier alike.
        const before = cachedPageSize(e);
        e.page = preparePage(e.rendered.html, e.rendered.values);
        e.rendered = undefined;
        resizeCachedPage(k, e, before);
      }
      if (e.page) store.write(k, e.status, e.headers, e.page, at);
    }
  });
}

/**
 * Keeps a rendered page. `renderedIn`: currentGeneration() when its rendering started. A page
 * rendered while any change was made (of everything or of some records, here or heard from another
 * process) may show the old data: it is kept stale (served, and rendered again at once), never
 * stored as fresh. Otherwise it is written to the persistent store too.
 */
export function setCachedPage(key: string, entry: CachedPage, renderedIn = changes, opts: { memory?: boolean } = {}) {
  if (ttlMs === 0) return;
  const renderedAt = Date.now();
  const fresh = renderedIn === changes;
  const kept: Entry = { ...entry, freshUntil: renderedAt + lifetimeOf(key), generation: fresh ? generation : -1, storedAt: renderedAt };
  // The very object the memory tier holds is persisted, so it is cut and compressed only once.
  if (store && fresh && !key.startsWith(PRIVATE_PREFIX)) persistLater(key, kept, renderedAt);
  if (opts.memory !== false) remember(key, kept);
  if (!fresh && renderer && !key.startsWith(PRIVATE_PREFIX)) refreshCachedPage(key);
}

function remember(key: string, kept: Entry) {
  const previous = entries.get(key);
  if (previous) drop(key, previous);
  const size = sizeOf(kept);
  if (size > MAX_BYTES / 16) return;
  // The oldest pages make room (a Map iterates in insertion order).
  for (const [k, e] of entries) {
    if (entries.size < MAX_ENTRIES && bytes + size <= MAX_BYTES) break;
    drop(k, e);
  }
  entries.set(key, kept);
  bytes += size;
}

/** Drops every page without rendering any again and without clearing other caches (tests). */
export function forgetCachedPages() {
  forgetMemoryPages();
  toPersist.clear();
  store?.forget();
}

/** Drops the memory tier only, as a restart would (tests). */
export function forgetMemoryPages() {
  entries.clear();
  readFromStore.clear();
  bytes = 0;
  urgent.clear();
  background.clear();
}

/** The count of changes so far, to hand to setCachedPage for a page whose rendering starts now. */
export function currentGeneration(): number {
  return changes;
}

/**
 * What a change touched when it is narrower than everything: records of one kind ('products') and
 * their ids. The feature owning the kind names the pages that show them (registerChangeScope); the
 * in-memory caches hear the scope (onCacheClear) and may update just those records.
 */
export interface ChangeScope {
  kind: string;
  ids: number[];
}

/** Given the changed ids, a test of which page URLs (path and query) show them. */
export type ScopeResolver = (ids: number[]) => Promise<(url: string) => boolean>;
const resolvers = new Map<string, ScopeResolver>();
const MAX_SCOPE_IDS = 500;
/** Scoped changes whose pages are still being looked up. */
let resolving = 0;

export function registerChangeScope(kind: string, resolver: ScopeResolver) {
  resolvers.set(kind, resolver);
}

/** `origin`: the change was made in this process (not heard from another one by NOTIFY). */
function clearHere(scope?: ChangeScope, origin = true) {
  changes++;
  const resolve = scope ? resolvers.get(scope.kind) : undefined;
  if (!scope || !resolve) {
    generation++;
    for (const [key, e] of entries) {
      if (key.startsWith(PRIVATE_PREFIX)) drop(key, e);
      else if (renderer) background.add(key);
    }
    if (store) {
      store.clearAll();
      // The stored pages are rendered again by the process that made the change (the store is shared).
      if (origin && renderer) for (const key of store.keys()) background.add(key);
    }
    for (const fn of listeners) fn();
    void drainRefreshes();
    return;
  }
  for (const fn of listeners) fn(scope);
  resolving++;
  // Only the pages showing the changed records become stale. A page whose rendering started before
  // the change and is stored after this marking keeps the old data for its lifetime (ttlMs) at most.
  resolve(scope.ids)
    .then(
      (affects) => {
        const shows = (key: string) => affects(key.slice(0, key.lastIndexOf('|')));
        for (const [key, e] of entries) {
          if (key.startsWith(PRIVATE_PREFIX)) drop(key, e);
          else if (shows(key)) {
            e.generation = -1;
            if (renderer) background.add(key);
          }
        }
        for (const key of toPersist.keys()) if (shows(key)) toPersist.delete(key);
        if (store) {
          const marked = store.markStale(shows);
          if (origin && renderer) for (const key of marked) background.add(key);
        }
        void drainRefreshes();
      },
      (error) => {
        console.error('page cache: could not tell the pages of a change, clearing all', error);
        clearHere(undefined, origin);
      },
    )
    .finally(() => {
      resolving--;
    });
}

// ---- Rendering stale pages again in the background

/** Renders the page of a cache key as an anonymous visitor would get it (null: not cacheable). */
export type PageRenderer = (key: string) => Promise<CachedPage | null>;

let renderer: PageRenderer | undefined;
/** Stale pages a visitor asked for: rendered first. */
const urgent = new Set<string>();
/** Every other stale page after a cache clear. */
const background = new Set<string>();
let draining = false;

/** Set by the page handler (pagesPlugin); undefined stops background rendering (server closing). */
export function setPageRenderer(fn: PageRenderer | undefined) {
  renderer = fn;
  if (!fn) {
    urgent.clear();
    background.clear();
  }
}

/** Asks for a stale page to be rendered again soon (it was just served stale). */
export function refreshCachedPage(key: string) {
  background.delete(key);
  urgent.add(key);
  void drainRefreshes();
}

/** Resolves once no refresh is queued or running (tests, the warm-up script). */
export async function refreshesSettled(): Promise<void> {
  while (resolving > 0 || draining || urgent.size > 0 || background.size > 0 || toPersist.size > 0) await new Promise((r) => setTimeout(r, 10));
  await store?.settled();
}

/** Whether the store's page of a key is stale: marked so by a change, or past its lifetime. */
function storedPageStale(key: string): boolean {
  const found = store?.read(key);
  return found !== undefined && (found.stale || found.renderedAt + lifetimeOf(key) < Date.now());
}

async function drainRefreshes() {
  if (draining || !renderer) return;
  draining = true;
  try {
    while (renderer) {
      const asked = urgent.values().next().value;
      const key = asked ?? background.values().next().value;
      if (key === undefined) break;
      urgent.delete(key);
      background.delete(key);
      const e = entries.get(key);
      // A page only in the store is rendered again into the store, not into the memory tier.
      const storedOnly = !e && store !== undefined && store.has(key);
      if (!e && !storedOnly) continue;
      if (storedOnly && !storedPageStale(key)) continue;
      if (e && e.generation === generation && e.freshUntil >= Date.now()) continue;
      const renderedIn = changes;
      const started = performance.now();
      try {
        const page = await renderer(key);
        if (page) setCachedPage(key, page, renderedIn, { memory: !storedOnly });
      } catch (error) {
        console.error('page cache: could not render %s again', key, error);
      }
      const took = performance.now() - started;
      await new Promise((r) => setTimeout(r, asked === undefined ? Math.max(REFRESH_GAP_MS, took * BACKGROUND_PAUSE_FACTOR) : REFRESH_GAP_MS));
    }
  } finally {
    draining = false;
  }
}

let broadcast: ((sender: string) => void) | undefined;
const INSTANCE = `${process.pid}-${Math.random().toString(36).slice(2)}`;
const CHANNEL = 'page_cache_clear';

/**
 * Marks the cached pages stale and tells in-memory caches (menus, lists) to reload, in every
 * process. With a scope, only what shows the changed records (see ChangeScope).
 */
export function clearPageCache(scope?: ChangeScope) {
  // A change of many records is a change of everything (and NOTIFY payloads are limited to 8 kB).
  if (scope && scope.ids.length > MAX_SCOPE_IDS) scope = undefined;
  clearHere(scope);
  broadcast?.(scope ? `${INSTANCE}|${scope.kind}|${scope.ids.join(',')}` : INSTANCE);
}

/**
 * Several processes on one PostgreSQL database: a change made through one of them clears the
 * caches of all (NOTIFY), so no process serves an old page or list.
 */
export async function shareCacheClearing(channel: {
  publish(name: string, payload: string): Promise<void>;
  subscribe(name: string, onMessage: (payload: string) => void): Promise<void>;
}) {
  await channel.subscribe(CHANNEL, (payload) => {
    const [sender, kind, ids] = payload.split('|');
    if (sender === INSTANCE) return;
    const scope = kind && ids !== undefined ? { kind, ids: ids.split(',').filter(Boolean).map(Number) } : undefined;
    clearHere(scope?.ids.every(Number.isSafeInteger) ? scope : undefined, false);
  });
  broadcast = (sender) => {
    channel.publish(CHANNEL, sender).catch((e) => console.error('page cache: could not notify the other processes', e));
  };
}

/** Registers an in-memory cache to be cleared along with the page cache (told the scope, if any). */
export function onCacheClear(fn: (scope?: ChangeScope) => void) {
  listeners.add(fn);
}
