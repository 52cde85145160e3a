import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { coreMessages } from '~/core/i18n/messages';
import { layoutFromMatches, LOCALE_ROUTE_ID, seoMeta } from './meta';

const origin = 'https://cobinet.example';

function find(tags: MetaDescriptor[], pred: (t: Record<string, unknown>) => boolean) {
  return tags.filter((t) => pred(t as Record<string, unknown>)) as Record<string, unknown>[];
}
const meta = (tags: MetaDescriptor[], key: 'name' | 'property', value: string) => find(tags, (t) => t[key] === value).map((t) => t.content);
const links = (tags: MetaDescriptor[], rel: string) => find(tags, (t) => t.tagName === 'link' && t.rel === rel);

describe('seoMeta', () => {
  it('falls back to the default Polish title, description and robots "all"', () => {
    const tags = seoMeta({ locale: 'pl', path: '', origin });
    expect(find(tags, (t) => 'title' in t)).toEqual([{ title: coreMessages.pl['site.title'] }]);
    expect(meta(tags, 'name', 'description')).toEqual([coreMessages.pl['site.description']]);
    expect(meta(tags, 'name', 'robots')).toEqual(['all']);
    expect(meta(tags, 'property', 'og:locale')).toEqual(['pl_PL']);
  });

  it('uses English defaults on English pages', () => {
    const tags = seoMeta({ locale: 'en', path: '', origin });
    expect(find(tags, (t) => 'title' in t)[0]?.title).toBe(coreMessages.en['site.title']);
    expect(meta(tags, 'property', 'og:locale')).toEqual(['en_GB']);
  });

  it('suffixes a page title with the site name and keeps it bare in og:title', () => {
    const tags = seoMeta({ locale: 'en', path: '/posts', origin, title: 'News' });
    expect(find(tags, (t) => 'title' in t)[0]?.title).toBe(`News | ${coreMessages.en['site.name']}`);
    expect(meta(tags, 'property', 'og:title')).toEqual(['News']);
    expect(meta(tags, 'property', 'og:site_name')).toEqual([coreMessages.en['site.name']]);
  });

  it('gives an absolute canonical URL, og:url and hreflang alternates for pl, en and x-default', () => {
    const tags = seoMeta({ locale: 'en', path: '/categories', origin });
    expect(links(tags, 'canonical').map((l) => l.href)).toEqual([`${origin}/en/categories`]);
    expect(meta(tags, 'property', 'og:url')).toEqual([`${origin}/en/categories`]);
    expect(links(tags, 'alternate').map((l) => [l.hrefLang, l.href])).toEqual([
      ['pl', `${origin}/pl/categories`],
      ['en', `${origin}/en/categories`],
      ['x-default', `${origin}/pl/categories`],
    ]);
  });

  it('points alternates at localized slugs', () => {
    const tags = seoMeta({
      locale: 'pl',
      path: '/product/7-kabel',
      alternatePaths: { en: '/product/7-cable' },
      origin,
    });
    expect(links(tags, 'canonical')[0]?.href).toBe(`${origin}/pl/product/7-kabel`);
    expect(links(tags, 'alternate').map((l) => l.href)).toEqual([
      `${origin}/pl/product/7-kabel`,
      `${origin}/en/product/7-cable`,
      `${origin}/pl/product/7-kabel`,
    ]);
  });

  it('cuts long descriptions to 300 characters and honours a given robots value', () => {
    const tags = seoMeta({ locale: 'pl', path: '/x', origin, description: 'a'.repeat(500), robots: 'noindex' });
    expect(meta(tags, 'name', 'description')[0]).toHaveLength(300);
    expect(meta(tags, 'property', 'og:description')[0]).toHaveLength(300);
    expect(meta(tags, 'name', 'robots')).toEqual(['noindex']);
  });

  it('makes og:image absolute, sets og:type and emits each JSON-LD block', () => {
    const ld = [{ '@type': 'Product', name: 'Kabel' }, { '@type': 'BreadcrumbList' }];
    const tags = seoMeta({ locale: 'pl', path: '/post/1-a', origin, image: '/files/abc.webp', type: 'article', jsonLd: ld });
    expect(meta(tags, 'property', 'og:image')).toEqual([`${origin}/files/abc.webp`]);
    expect(meta(tags, 'property', 'og:type')).toEqual(['article']);
    expect(find(tags, (t) => 'script:ld+json' in t).map((t) => t['script:ld+json'])).toEqual(ld);
  });

  it('treats product pages as og:type website and leaves og:image out without an image', () => {
    const tags = seoMeta({ locale: 'pl', path: '/product/1-a', origin, type: 'product' });
    expect(meta(tags, 'property', 'og:type')).toEqual(['website']);
    expect(meta(tags, 'property', 'og:image')).toEqual([]);
  });
});

describe('layoutFromMatches', () => {
  it('reads origin and locale from the locale layout match', () => {
    const matches = [{ id: 'root', data: {} }, { id: LOCALE_ROUTE_ID, data: { origin, locale: 'en' } }, undefined];
    expect(layoutFromMatches(matches)).toEqual({ origin, locale: 'en' });
  });

  it('defaults to Polish and an empty origin when the layout has no data', () => {
    expect(layoutFromMatches([{ id: 'root' }])).toEqual({ origin: '', locale: 'pl' });
  });
});
