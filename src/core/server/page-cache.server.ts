// A short-lived cache of pages rendered for anonymous visitors. Any change made through the
// admin panel calls clearPageCache(), so visitors never see a stale page for long.

interface Entry {
  status: number;
  headers: [string, string][];
  body: string;
  nonce: string;
  token: string;
  expires: number;
}

const MAX_ENTRIES = 2000;
const entries = new Map<string, Entry>();
let ttlMs = 30_000;
const listeners = new Set<() => void>();

export function configurePageCache(seconds: number) {
  ttlMs = seconds * 1000;
}

export function getCachedPage(key: string): Entry | undefined {
  if (ttlMs === 0) return undefined;
  const e = entries.get(key);
  if (!e) return undefined;
  if (e.expires < Date.now()) {
    entries.delete(key);
    return undefined;
  }
  return e;
}

export function setCachedPage(key: string, entry: Omit<Entry, 'expires'>) {
  if (ttlMs === 0) return;
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, { ...entry, expires: Date.now() + ttlMs });
}

/** Drops every cached page and tells in-memory caches (menus, lists) to reload. */
export function clearPageCache() {
  entries.clear();
  for (const fn of listeners) fn();
}

/** Registers an in-memory cache to be cleared along with the page cache. */
export function onCacheClear(fn: () => void) {
  listeners.add(fn);
}
