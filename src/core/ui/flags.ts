/**
 * Local-storage flags of the client (SPEC section 4): the login state and the closed home popups.
 * Every access is guarded: storage may be missing (SSR) or refused (privacy mode).
 */
export const LOGGED_IN_FLAG = 'is-logged-in';
export const NEWSLETTER_CLOSED_FLAG = 'is-newsletter-closed';
export const B2B_POPUP_CLOSED_FLAG = 'is-b2b-popup-closed';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function getFlag(name: string): boolean {
  return storage()?.getItem(name) === '1';
}

export function setFlag(name: string, on: boolean) {
  const s = storage();
  if (!s) return;
  try {
    if (on) s.setItem(name, '1');
    else s.removeItem(name);
  } catch {
    // Storage full or refused: the flag is a convenience, nothing breaks without it.
  }
}

/** The value of a cookie readable by scripts (e.g. XSRF-TOKEN), or '' when absent. */
export function readCookie(name: string): string {
  if (typeof document === 'undefined') return '';
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return '';
}
