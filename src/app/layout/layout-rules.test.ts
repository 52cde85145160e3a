import { describe, expect, it } from 'vitest';
import { knowledgeBaseHref, menuSections } from './menu-items';
import { redirectFromTarget, sectionTarget } from './section-scroll';
import { switchLocaleHref } from './site-layout';
import { alternatePathFromMatches } from '~/core/seo/meta';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';

describe('switchLocaleHref (PL/EN switch keeps the rest of the path and the query)', () => {
  it('swaps only the locale segment', () => {
    expect(switchLocaleHref('/pl/category/12-kable', '?search=kabel&page=2', 'en')).toBe('/en/category/12-kable?search=kabel&page=2');
    expect(switchLocaleHref('/en/knowledge-base', '?section=Dokumenty', 'pl')).toBe('/pl/knowledge-base?section=Dokumenty');
  });
  it('works on home, with a trailing slash and with a hash', () => {
    expect(switchLocaleHref('/pl', '', 'en')).toBe('/en');
    expect(switchLocaleHref('/pl/', '?redirectFrom=x', 'en')).toBe('/en/?redirectFrom=x');
    expect(switchLocaleHref('/pl/posts', '', 'en', '#top')).toBe('/en/posts#top');
  });
  it('does not touch a segment that only starts like a locale', () => {
    expect(switchLocaleHref('/plany/pl', '', 'en')).toBe('/en/plany/pl');
    expect(switchLocaleHref('/en/pl-docs', '', 'pl')).toBe('/pl/pl-docs');
    // A route naming its address in the other language (a product's slug there) is linked directly.
    expect(switchLocaleHref('/pl/product/7-kabel-miedziany', '?tab=docs', 'en', '', '/product/7-copper-cable')).toBe('/en/product/7-copper-cable?tab=docs');
  });
});

describe('section links and redirectFrom (SPEC section 2)', () => {
  it('redirectFrom on home becomes the hash of home', () => {
    expect(redirectFromTarget('/pl', '?redirectFrom=contact-form')).toBe('/pl#contact-form');
    expect(redirectFromTarget('/en/', '?a=1&redirectFrom=catalog')).toBe('/en#catalog');
    expect(redirectFromTarget('/pl', '?redirectFrom=')).toBe('/pl');
  });
  it('only on home and only with the parameter', () => {
    expect(redirectFromTarget('/pl/posts', '?redirectFrom=x')).toBeNull();
    expect(redirectFromTarget('/pl', '?page=2')).toBeNull();
  });
  it('links to a section go to home, except nav and catalog-form, which stay on the page', () => {
    const loc = { pathname: '/pl/category/3-kable', search: '?page=2' };
    expect(sectionTarget('trainings', 'pl', loc)).toEqual({ pathname: '/pl', hash: '#trainings' });
    expect(sectionTarget('nav', 'pl', loc)).toEqual({ pathname: '/pl/category/3-kable', search: '?page=2', hash: '#nav' });
    expect(sectionTarget('catalog-form', 'en', loc)).toEqual({ pathname: '/pl/category/3-kable', search: '?page=2', hash: '#catalog-form' });
  });
  it('on home every section link stays on home', () => {
    expect(sectionTarget('trainings', 'en', { pathname: '/en', search: '' })).toEqual({ pathname: '/en', search: '', hash: '#trainings' });
  });
});

describe('menus', () => {
  it('knowledge base sections are query values of the knowledge-base route', () => {
    expect(knowledgeBaseHref('pl', 'Materiały')).toBe('/pl/knowledge-base?section=Materia%C5%82y');
    expect(new URL(knowledgeBaseHref('en', 'Instrukcje'), 'http://x').searchParams.get('section')).toBe('Instrukcje');
  });
  it('holds the news, warranty, knowledge base, about, tester rentals and trainings menus', () => {
    const sections = menuSections('en', translator(coreMessages, 'en'));
    const byId = Object.fromEntries(sections.map((s) => [s.id, s.items.map((i) => i.to)]));
    expect(Object.keys(byId)).toEqual(['news', 'guarantee', 'knowledge-base', 'about', 'tester-rentals', 'trainings']);
    expect(byId.about).toEqual(['/en/about', '/en/about-cobi', '/en/realizations', '/en/videos', '/en/videos-instructional', '/en/contact']);
    expect(byId['tester-rentals']).toEqual(['/en/tester-rentals', '/en/tester-rentals-price-list', '/en/tester-rentals-rent']);
    expect(byId.trainings).toEqual(['/en/courses', '/en/trainings']);
    expect(byId['knowledge-base'].slice(0, 3)).toEqual([
      '/en/knowledge-base?section=Materia%C5%82y',
      '/en/knowledge-base?section=Dokumenty',
      '/en/knowledge-base?section=Instrukcje',
    ]);
  });
});

describe('alternatePathFromMatches (the language switch on a page whose slug differs per language)', () => {
  const product = { handle: { alternatePaths: (d?: { id: number }) => (d ? { pl: `/product/${d.id}-kabel`, en: `/product/${d.id}-cable` } : undefined) } };
  it('takes the deepest route that names its addresses, from its own data', () => {
    const matches = [
      { handle: undefined, data: {} },
      { ...product, data: { id: 7 } },
      { handle: {}, data: null },
    ];
    expect(alternatePathFromMatches(matches, 'en')).toBe('/product/7-cable');
    expect(alternatePathFromMatches(matches, 'pl')).toBe('/product/7-kabel');
  });
  it('none when no route names them or the page has no data (404)', () => {
    expect(alternatePathFromMatches([{ handle: undefined, data: {} }], 'en')).toBeUndefined();
    expect(alternatePathFromMatches([{ ...product, data: undefined }], 'en')).toBeUndefined();
  });
});
