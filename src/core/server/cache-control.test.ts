import { describe, expect, it } from 'vitest';
import { decideCacheControl, PRIVATE_NO_STORE } from './cache-control.server';

const base = { current: undefined, page: false, sessionRead: false, loggedIn: false };

describe('decideCacheControl', () => {
  it('a page rendered for a logged-in user is private, no-store, even when the route said public', () => {
    expect(decideCacheControl({ ...base, path: '/pl/product/1-kabel', page: true, sessionRead: true, loggedIn: true })).toBe(PRIVATE_NO_STORE);
    expect(decideCacheControl({ ...base, path: '/sitemap.xml', page: true, sessionRead: true, loggedIn: true, current: 'public, max-age=600' })).toBe(
      PRIVATE_NO_STORE,
    );
  });

  it('an anonymous page keeps its headers (none, or the public ones of the route)', () => {
    expect(decideCacheControl({ ...base, path: '/pl/category/1-kable', page: true })).toBeUndefined();
    expect(decideCacheControl({ ...base, path: '/pl/category/1-kable', page: true, sessionRead: true })).toBeUndefined();
    expect(decideCacheControl({ ...base, path: '/robots.txt', page: true, current: 'public, max-age=3600' })).toBeUndefined();
  });

  it('admin and my-account paths are private, no-store for everyone, whatever the route set', () => {
    for (const path of ['/pl/admin', '/en/admin/service', '/api/admin/products', '/api/my-account', '/pl/my-account/data']) {
      expect(decideCacheControl({ ...base, path, page: path.startsWith('/pl') || path.startsWith('/en') }), path).toBe(PRIVATE_NO_STORE);
      expect(decideCacheControl({ ...base, path, current: 'public, max-age=60' }), path).toBe(PRIVATE_NO_STORE);
    }
    // Already no-store: left as the route set it.
    expect(decideCacheControl({ ...base, path: '/api/admin/products-export', current: 'no-store' })).toBeUndefined();
  });

  it('an API answer is private, no-store unless the route declared it public', () => {
    expect(decideCacheControl({ ...base, path: '/api/login' })).toBe(PRIVATE_NO_STORE);
    expect(decideCacheControl({ ...base, path: '/api/categories-main', current: 'public, max-age=60' })).toBeUndefined();
    expect(decideCacheControl({ ...base, path: '/api/open-holidays-api', current: 'public, max-age=3600', sessionRead: true, loggedIn: true })).toBeUndefined();
  });

  it('any other answer that read the session is private; explicit file headers stand', () => {
    expect(decideCacheControl({ ...base, path: '/logout', sessionRead: true })).toBe(PRIVATE_NO_STORE);
    expect(decideCacheControl({ ...base, path: '/healthz' })).toBeUndefined();
    expect(decideCacheControl({ ...base, path: '/files/x/a.pdf', current: 'private, no-store', sessionRead: true, loggedIn: true })).toBeUndefined();
    expect(
      decideCacheControl({ ...base, path: '/img/x/480.webp', current: 'public, max-age=31536000, immutable', sessionRead: true, loggedIn: true }),
    ).toBeUndefined();
  });
});
