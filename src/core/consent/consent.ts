// Cookie consent (SPEC section 6): which optional cookie categories the visitor allowed.
// The choice lives in the cookie `consent` (read by the server, so pages render without a flash)
// and is mirrored in localStorage.

export const CONSENT_COOKIE = 'consent';
export const CONSENT_MAX_AGE_SECONDS = 60 * 60 * 24 * 365;
/** The same choice in localStorage, with the time it was saved (the cookie can be dropped early). */
export const CONSENT_STORAGE_KEY = 'consent';
export const CONSENT_STORAGE_DATE_KEY = 'consent-saved-at';

export const CONSENT_CATEGORIES = ['necessary', 'statistics', 'marketing'] as const;
export type ConsentCategory = (typeof CONSENT_CATEGORIES)[number];

/** The optional categories a visitor allowed; necessary cookies are always on. */
export interface Consent {
  statistics: boolean;
  marketing: boolean;
}

/** What an embedded frame needs: maps need marketing, the video provider marketing or statistics. */
export type EmbedKind = 'map' | 'video';

export const NO_CONSENT: Consent = { statistics: false, marketing: false };
export const ALL_CONSENT: Consent = { statistics: true, marketing: true };

/** Parses a cookie value such as `necessary,statistics,marketing`; null when no choice was made. */
export function parseConsent(value: string | null | undefined): Consent | null {
  if (value == null) return null;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const parts = new Set(
    decoded
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  );
  // A recorded choice always contains `necessary`; anything else is not a choice of ours.
  if (!parts.has('necessary')) return null;
  return { statistics: parts.has('statistics'), marketing: parts.has('marketing') };
}

export function serializeConsent(consent: Consent): string {
  const parts: ConsentCategory[] = ['necessary'];
  if (consent.statistics) parts.push('statistics');
  if (consent.marketing) parts.push('marketing');
  return parts.join(',');
}

/** The value of one cookie in a `Cookie` request header. */
export function cookieValue(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The visitor's choice from a request's cookies (use in loaders); null before any choice. */
export function consentFromRequest(request: Request): Consent | null {
  return parseConsent(cookieValue(request.headers.get('cookie'), CONSENT_COOKIE));
}

/** Whether an embedded frame of the given kind may load. */
export function allowsEmbed(consent: Consent | null, kind: EmbedKind): boolean {
  if (!consent) return false;
  return kind === 'map' ? consent.marketing : consent.marketing || consent.statistics;
}

/** The smallest addition to a choice that lets an embed of the given kind load. */
export function grantFor(consent: Consent | null, kind: EmbedKind): Consent {
  const base = consent ?? NO_CONSENT;
  return kind === 'map' ? { ...base, marketing: true } : { ...base, statistics: true };
}

/** The Set-Cookie style string written by the browser (1 year, SameSite=Lax, Secure on https). */
export function consentCookieString(consent: Consent, secure: boolean): string {
  return `${CONSENT_COOKIE}=${serializeConsent(consent)}${consentCookieAttributes(secure)}`;
}

/** What follows the value in the consent cookie's string. */
export function consentCookieAttributes(secure: boolean): string {
  return `; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}
