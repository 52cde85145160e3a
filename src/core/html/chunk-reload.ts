// A script chunk that fails to load (an old tab after a deploy removed its build, a dropped phone
// connection) is not a server error: the page reloads once at the same address, which brings the
// current build; if that happened moments ago, the error screen says what to do instead.

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to load module script/i;

/** The error a failed dynamic import or module preload throws, in Chromium, Firefox and Safari. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

const KEY = 'chunk-reload';
/** A second failure within this long after a reload is shown rather than reloaded again. */
export const RELOAD_WINDOW_MS = 60_000;

/**
 * Reloads the page unless it was reloaded for the same address within RELOAD_WINDOW_MS; answers
 * whether it did. `storage` and `reload` are the browser's (sessionStorage, location.reload).
 */
export function reloadOnce(address: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>, reload: () => void): boolean {
  let last: { address?: string; at?: number } = {};
  try {
    last = JSON.parse(storage.getItem(KEY) ?? '{}');
  } catch {}
  if (last.address === address && typeof last.at === 'number' && now - last.at < RELOAD_WINDOW_MS) return false;
  try {
    storage.setItem(KEY, JSON.stringify({ address, at: now }));
  } catch {
    // Storage refused (private mode): reloading without a record could loop, so show the error.
    return false;
  }
  reload();
  return true;
}

/** In the browser: reload once for the current address. */
export function reloadPageOnce(): boolean {
  return reloadOnce(location.pathname + location.search, Date.now(), sessionStorage, () => location.reload());
}
