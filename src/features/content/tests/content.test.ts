import { describe, expect, it } from 'vitest';
import { staticSiteHref } from '../links';
import { parseIdSlug } from '../posts.server';
import { canViewStaticSite, staticSiteAccess } from '../static-site-access';
import { DOCUMENT_TYPES } from '~/features/catalog/catalog.schema';
import { parseSection } from '../knowledge-base';
import { KB_DOCUMENT_TYPES, knowledgeBaseQuery } from '../knowledge-base-query';

describe('static site role rule (SPEC section 6)', () => {
  const open = { roleIds: [] };
  const restricted = { roleIds: [1, 3] };

  it('opens a site with empty role_ids to everyone', () => {
    expect(canViewStaticSite(open, null)).toBe(true);
    expect(canViewStaticSite(open, { roleIds: [] })).toBe(true);
    expect(staticSiteAccess(open, null)).toBe('view');
  });

  it('sends a visitor who is not logged in to login', () => {
    expect(canViewStaticSite(restricted, null)).toBe(false);
    expect(staticSiteAccess(restricted, null)).toBe('login');
  });

  it('sends a logged-in user without any listed role home', () => {
    expect(canViewStaticSite(restricted, { roleIds: [2] })).toBe(false);
    expect(staticSiteAccess(restricted, { roleIds: [] })).toBe('home');
    expect(staticSiteAccess(restricted, { roleIds: [2, 4] })).toBe('home');
  });

  it('shows the site to a user holding at least one listed role', () => {
    expect(canViewStaticSite(restricted, { roleIds: [3] })).toBe(true);
    expect(staticSiteAccess(restricted, { roleIds: [5, 1] })).toBe('view');
  });
});

describe('static site links (SPEC section 2)', () => {
  it('links to the file when an open site has one', () => {
    expect(staticSiteHref('pl', { slug: 'katalog', role_ids: [], resource_url: '/files/abc/katalog.pdf?inline=1' })).toEqual({
      href: '/files/abc/katalog.pdf?inline=1',
      isFile: true,
    });
  });

  it('links to the page when there is no file, or when the site is restricted', () => {
    expect(staticSiteHref('en', { slug: 'regulamin', role_ids: [], resource_url: null })).toEqual({ href: '/en/static/regulamin', isFile: false });
    expect(staticSiteHref('pl', { slug: 'cennik', role_ids: [1], resource_url: '/files/x/c.pdf' })).toEqual({ href: '/pl/static/cennik', isFile: false });
  });
});

describe('knowledge-base section query', () => {
  it('accepts the three sections and defaults to Materiały', () => {
    expect(parseSection('Dokumenty')).toBe('Dokumenty');
    expect(parseSection('Instrukcje')).toBe('Instrukcje');
    expect(parseSection(null)).toBe('Materiały');
    expect(parseSection('other')).toBe('Materiały');
    expect(parseSection('dokumenty')).toBe('Materiały');
  });

  it('reads the search and the document type, ignoring anything else', () => {
    expect(knowledgeBaseQuery.parse({ q: '  deklaracja  ', type: 'cad' })).toEqual({ q: 'deklaracja', type: 'cad' });
    expect(knowledgeBaseQuery.parse({ q: 'x'.repeat(300), type: 'drop table' })).toEqual({ q: 'x'.repeat(100), type: undefined });
    expect(knowledgeBaseQuery.parse({ q: ['a', 'b'] })).toEqual({ q: '', type: undefined });
  });

  it('knows the same document types as the catalogue', () => {
    expect(KB_DOCUMENT_TYPES).toEqual(DOCUMENT_TYPES);
  });
});

describe('post address', () => {
  it('splits {id}-{slug}', () => {
    expect(parseIdSlug('12-nowa-linia')).toEqual({ id: 12, slug: 'nowa-linia' });
    expect(parseIdSlug('12')).toEqual({ id: 12, slug: '' });
    expect(parseIdSlug('abc-12')).toBeNull();
    expect(parseIdSlug(undefined)).toBeNull();
  });
});
