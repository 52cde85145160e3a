// What a feature hands the sitemap: its public pages, in both languages, read from its own tables.
// The application layer (src/app/seo) gathers every feature's source into /sitemap.xml.
import type { Locale } from '~/core/i18n/locale';

/** One public page of the site: its path (without the locale) in each language. */
export interface SitemapPage {
  paths: Record<Locale, string>;
  lastmod?: Date;
}

/** A feature's public pages at `now`, and when its list next changes by itself (a scheduled publication). */
export type SitemapSource = (now: Date) => Promise<{ pages: SitemapPage[]; nextChange: Date | null }>;

/** The same path in every language. */
export const samePath = (path: string): Record<Locale, string> => ({ pl: path, en: path });

/** `/prefix/{id}-{slug}` with the slug of each language. */
export const localizedPath = (prefix: string, id: number, slugPl: string, slugEn: string): Record<Locale, string> => ({
  pl: `${prefix}/${id}-${encodeURIComponent(slugPl)}`,
  en: `${prefix}/${id}-${encodeURIComponent(slugEn)}`,
});
