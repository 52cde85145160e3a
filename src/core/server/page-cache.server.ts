// A short-lived cache of pages rendered for anonymous visitors. Any change made through the
// admin panel calls clearPageCache(), so visitors never see a stale page for long.
import type { PreparedPage } from './prepared-page.server';

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
  expires: number;
}

// Bounded by count and by memory: pages are kept gzipped (some 10-20 kB each).
const MAX_ENTRIES = 5000;
const MAX_BYTES = 64 * 1024 * 1024;
const entries = new Map<string, Entry>();
let bytes = 0;
let ttlMs = 30_000;
const listeners = new Set<() => void>();

export function configurePageCache(seconds: number) {
  ttlMs = seconds * 1000;
}

export function pageCacheEnabled(): boolean {
  return ttlMs > 0;
}

export function getCachedPage(key: string): CachedPage | undefined {
  if (ttlMs === 0) return undefined;
  const e = entries.get(key);
  if (!e) return undefined;
  if (e.expires < Date.now()) {
    drop(key, e);
    return undefined;
  }
  return e;
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

export function setCachedPage(key: string, entry: CachedPage) {
  if (ttlMs === 0) return;
  const previous = entries.get(key);
  if (previous) drop(key, previous);
  const size = sizeOf(entry);
  if (size > MAX_BYTES / 16) return;
  // The oldest pages make room (a Map iterates in insertion order).
  for (const [k, e] of entries) {
    if (entries.size < MAX_ENTRIES && bytes + size <= MAX_BYTES) break;
    drop(k, e);
  }
  entries.set(key, { ...entry, expires: Date.now() + ttlMs });
  bytes += size;
}

function clearHere() {
  entries.clear();
  bytes = 0;
  for (const fn of listeners) fn();
}

let broadcast: ((sender: string) => void) | undefined;
const INSTANCE = `${process.pid}-${Math.random().toString(36).slice(2)}`;
const CHANNEL = 'page_cache_clear';

/** Drops every cached page and tells in-memory caches (menus, lists) to reload, in every process. */
export function clearPageCache() {
  clearHere();
  broadcast?.(INSTANCE);
}

/**
 * Several processes on one PostgreSQL database: a change made through one of them clears the
 * caches of all (NOTIFY), so no process serves an old page or list.
 */
export async function shareCacheClearing(channel: {
  publish(name: string, payload: string): Promise<void>;
  subscribe(name: string, onMessage: (payload: string) => void): Promise<void>;
}) {
  await channel.subscribe(CHANNEL, (sender) => {
    if (sender !== INSTANCE) clearHere();
  });
  broadcast = (sender) => {
    channel.publish(CHANNEL, sender).catch((e) => console.error('page cache: could not notify the other processes', e));
  };
}

/** Registers an in-memory cache to be cleared along with the page cache. */
export function onCacheClear(fn: () => void) {
  listeners.add(fn);
}
