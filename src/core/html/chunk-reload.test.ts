import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, RELOAD_WINDOW_MS, reloadOnce } from './chunk-reload';

function memory(): Pick<Storage, 'getItem' | 'setItem'> {
  const m = new Map<string, string>();
  return { getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v) };
}

describe('a script chunk that fails to load', () => {
  it("is told from other errors by the browsers' messages", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/contact-1.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/app.css'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError({ status: 500 })).toBe(false);
  });

  it('reloads once per address; again only after a minute or at another address', () => {
    const storage = memory();
    const reload = vi.fn();
    expect(reloadOnce('/pl/contact', 1_000, storage, reload)).toBe(true);
    expect(reloadOnce('/pl/contact', 5_000, storage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(reloadOnce('/pl/about', 6_000, storage, reload)).toBe(true);
    expect(reloadOnce('/pl/about', 6_000 + RELOAD_WINDOW_MS, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it('does not reload when the browser refuses storage (it could not tell a loop)', () => {
    const reload = vi.fn();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(reloadOnce('/pl', 0, refusing, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
