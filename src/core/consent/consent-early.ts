import { withHeadScript, inlineCall } from '~/core/html/head-script';
import { CONSENT_CATEGORIES, CONSENT_COOKIE, CONSENT_STORAGE_DATE_KEY, CONSENT_STORAGE_KEY, consentCookieAttributes } from './consent';

// The cookie banner is in the first paint, but the page's JavaScript arrives after it (see
// src/core/html/deferred-scripts.ts). This small script, written into <head> of a page that shows
// the banner, records a click on one of its buttons before React has hydrated: the same cookie and
// localStorage entries as saveConsent (consent-store.ts), and the banner is hidden. Once hydrated,
// React's handlers take over and this one steps aside.

/** Marks a button that records a choice: `all`, `necessary` or `custom` (the banner's checkboxes). */
export const CONSENT_CHOICE_ATTRIBUTE = 'data-consent-choice';

interface EarlyConsentOptions {
  cookie: string;
  /** consentCookieAttributes(false) and (true): what follows the value on http and on https. */
  attributes: string;
  secureAttributes: string;
  /** The optional categories, in the cookie's order. */
  categories: string[];
  key: string;
  dateKey: string;
  attr: string;
}

// Written into the page by inlineCall: it may use only its parameter and globals.
function earlyConsentHandler(o: EarlyConsentOptions) {
  document.addEventListener(
    'click',
    (event) => {
      if (document.documentElement.dataset.hydrated === 'true') return;
      const target = event.target as Element | null;
      const button = target?.closest?.(`[${o.attr}]`);
      if (!button) return;
      const box = button.closest('[role="dialog"]') as HTMLElement | null;
      const choice = button.getAttribute(o.attr);
      const parts = ['necessary'];
      for (const category of o.categories) {
        const input = box?.querySelector(`input[name="${category}"]`) as HTMLInputElement | null;
        if (choice === 'all' || (choice === 'custom' && input?.checked)) parts.push(category);
      }
      const value = parts.join(',');
      // biome-ignore lint/suspicious/noDocumentCookie: runs before any module; the Cookie Store API is missing in Safari and Firefox
      document.cookie = `${o.cookie}=${value}${location.protocol === 'https:' ? o.secureAttributes : o.attributes}`;
      try {
        localStorage.setItem(o.key, value);
        localStorage.setItem(o.dateKey, String(Date.now()));
      } catch {
        // The cookie alone is enough.
      }
      if (box) box.hidden = true;
    },
    true,
  );
}

const options = (): EarlyConsentOptions => ({
  cookie: CONSENT_COOKIE,
  attributes: consentCookieAttributes(false),
  secureAttributes: consentCookieAttributes(true),
  categories: CONSENT_CATEGORIES.filter((c) => c !== 'necessary'),
  key: CONSENT_STORAGE_KEY,
  dateKey: CONSENT_STORAGE_DATE_KEY,
  attr: CONSENT_CHOICE_ATTRIBUTE,
});
// Built on first use: a module-level call would keep the handler in any bundle importing this module.
let source: string | undefined;

/** Adds the early handler (with the page's nonce) to <head> of a document whose banner is shown. */
export function withEarlyConsentHandler(html: string, nonce: string): string {
  if (!html.includes(`${CONSENT_CHOICE_ATTRIBUTE}=`)) return html;
  source ??= inlineCall(earlyConsentHandler, options());
  return withHeadScript(html, nonce, source);
}
