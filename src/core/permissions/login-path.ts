// The login page's way back to the page that sent a visitor there (`?next=`), for guards and links.

/**
 * A page address the login page may lead back to: a path of this site in a locale, never another
 * host (`//x`, a backslash), never the login page itself; else null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 1000 || !/^\/(pl|en)(\/|$|\?)/.test(value)) return null;
  // Whitespace, control characters and backslashes (browsers read a slash and a backslash as `//`).
  if (/[\\\s]/.test(value) || [...value].some((c) => c.charCodeAt(0) < 32) || value.includes('//')) return null;
  if (/^\/(pl|en)\/login(\/|\?|$)/.test(value)) return null;
  return value;
}

/** The login page, asked to lead back to `returnTo` (a page of this site) after logging in. */
export function loginPath(locale: string, returnTo?: string | null, reason?: string): string {
  const query: string[] = [];
  if (reason) query.push(`reason=${encodeURIComponent(reason)}`);
  const back = safeReturnPath(returnTo);
  // Slashes may stay as they are in a query: the address stays readable.
  if (back) query.push(`next=${encodeURIComponent(back).replaceAll('%2F', '/')}`);
  return `/${locale}/login${query.length ? `?${query.join('&')}` : ''}`;
}
