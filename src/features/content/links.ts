import type { Locale } from '~/core/i18n/locale';

// Links shared by the pages, the knowledge base, the footer and the API: no server code here.

/** What deciding a static site's link needs. */
export interface StaticSiteLinkTarget {
  slug: string;
  role_ids: number[];
  /** The file's download URL when the site has one and is open to everyone, else null. */
  resource_url: string | null;
}

/**
 * SPEC section 2: "A static page link resolves to a downloadable file if the page has one. Files
 * open in a new tab." A site restricted to some roles always links to its page, which checks the
 * visitor's roles first.
 */
export function staticSiteHref(locale: Locale, site: StaticSiteLinkTarget): { href: string; isFile: boolean } {
  if (site.resource_url && site.role_ids.length === 0) return { href: site.resource_url, isFile: true };
  return { href: `/${locale}/static/${encodeURIComponent(site.slug)}`, isFile: false };
}

/** Props of an <a> for a file: a new tab without access to this page. */
export const NEW_TAB = { target: '_blank', rel: 'noopener' } as const;

/** `{id}-{slug}` of a post. */
export function postPath(locale: Locale, id: number, slug: string): string {
  return `/${locale}/post/${id}-${slug}`;
}
