import type { MetaDescriptor } from 'react-router';
import { type Locale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';

export interface SeoInput {
  locale: Locale;
  /** Path without the locale, e.g. "/product/12-kabel" ("" for home). */
  path: string;
  /** The same page's path in the other locale when it differs (localized slugs). */
  alternatePaths?: Partial<Record<Locale, string>>;
  title?: string;
  description?: string;
  image?: string;
  type?: 'website' | 'article' | 'product';
  robots?: string;
  /** The site's public origin (APP_URL); from the locale layout's loader data. */
  origin: string;
  jsonLd?: unknown[];
}

/**
 * Title, description, robots, canonical URL, hreflang alternates, Open Graph and JSON-LD of a page.
 * Defaults (SPEC section 9): Polish/English site title and description, robots "all".
 */
export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const t = translator(coreMessages, input.locale);
  const siteName = t('site.name');
  const title = input.title ? `${input.title} | ${siteName}` : t('site.title');
  const description = (input.description || t('site.description')).slice(0, 300);
  const pathFor = (l: Locale) => input.alternatePaths?.[l] ?? input.path;
  const url = (l: Locale) => `${input.origin}/${l}${pathFor(l)}`;
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: input.robots ?? 'all' },
    { tagName: 'link', rel: 'canonical', href: url(input.locale) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'pl', href: url('pl') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url('en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url('pl') },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: input.title ?? title },
    { property: 'og:description', content: description },
    { property: 'og:type', content: input.type === 'article' ? 'article' : 'website' },
    { property: 'og:url', content: url(input.locale) },
    { property: 'og:locale', content: input.locale === 'pl' ? 'pl_PL' : 'en_GB' },
  ];
  if (input.image) tags.push({ property: 'og:image', content: new URL(input.image, input.origin).toString() });
  for (const ld of input.jsonLd ?? []) tags.push({ 'script:ld+json': ld } as MetaDescriptor);
  return tags;
}

/** A page's address in each language, without the locale prefix (hreflang links and the language switch). */
export type AlternatePaths = Record<Locale, string>;

/**
 * A route's `handle` naming its own address in each language from its loader data (a product's or a
 * post's slug differs per language): the language switch links there directly, not through a 301.
 */
export interface AlternatePathsHandle<D> {
  alternatePaths: (data: D | undefined) => AlternatePaths | undefined;
}

/** The address in `to` named by the deepest matched route with an AlternatePathsHandle, if any. */
export function alternatePathFromMatches(matches: readonly { handle?: unknown; data?: unknown }[], to: Locale): string | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as Partial<AlternatePathsHandle<unknown>> | undefined;
    if (typeof handle?.alternatePaths === 'function') return handle.alternatePaths(matches[i]?.data)?.[to];
  }
  return undefined;
}

export const LOCALE_ROUTE_ID = 'app/layout/locale';

/** The locale layout's loader data (origin, locale) as seen from a route's meta function. */
export function layoutFromMatches(matches: readonly ({ id: string; data?: unknown } | undefined)[]): { origin: string; locale: Locale } {
  const m = matches.find((x) => x?.id === LOCALE_ROUTE_ID);
  const data = (m?.data ?? {}) as { origin?: string; locale?: Locale };
  return { origin: data.origin ?? '', locale: data.locale ?? 'pl' };
}
