import { describe, expect, it } from 'vitest';
import { hasOnlyPageParams, registerPageParams, withoutTrackingParams, withTrackingParamsOf } from './page-url.server';

describe('withoutTrackingParams', () => {
  it('drops the parameters of ad clicks and mail campaigns, keeping the others in their order', () => {
    expect(withoutTrackingParams('/pl/product/1-kabel?gclid=Cj0KCQ')).toBe('/pl/product/1-kabel');
    expect(withoutTrackingParams('/pl/product/1-kabel?fbclid=IwAR3&utm_source=facebook&utm_medium=cpc')).toBe('/pl/product/1-kabel');
    expect(withoutTrackingParams('/pl/category/1-kable?page=2&utm_campaign=jesien&sort=name_desc&mc_eid=7f')).toBe(
      '/pl/category/1-kable?page=2&sort=name_desc',
    );
    expect(withoutTrackingParams('/en/search?UTM_Source=x&q=rj45')).toBe('/en/search?q=rj45');
    expect(withoutTrackingParams('/pl?_gl=1*abc&msclkid=9')).toBe('/pl');
  });

  it('leaves an address without them as it is (the same string), also names that only look alike', () => {
    const plain = '/pl/category/1-kable?page=2&sort=name_desc';
    expect(withoutTrackingParams(plain)).toBe(plain);
    expect(withoutTrackingParams('/pl/product/1-kabel')).toBe('/pl/product/1-kabel');
    expect(withoutTrackingParams('/pl/search?q=utm_source&gclidx=1&my_gclid=2')).toBe('/pl/search?q=utm_source&gclidx=1&my_gclid=2');
    expect(withoutTrackingParams('/pl/courses?course=7&section=opis')).toBe('/pl/courses?course=7&section=opis');
  });

  it('a value is never read as a name, and empty parts go with the tracking ones', () => {
    expect(withoutTrackingParams('/pl/search?q=gclid')).toBe('/pl/search?q=gclid');
    expect(withoutTrackingParams('/pl/search?q=a&&gclid=1&')).toBe('/pl/search?q=a');
    expect(withoutTrackingParams('/pl?')).toBe('/pl');
  });
});

describe('withTrackingParamsOf', () => {
  it('puts the tracking parameters of the address asked for back on a redirect target', () => {
    const asked = '/pl/product/1-stary?utm_source=mail&page=2&gclid=Cj0';
    expect(withTrackingParamsOf('/pl/product/1-kabel?page=2', asked)).toBe('/pl/product/1-kabel?page=2&utm_source=mail&gclid=Cj0');
    expect(withTrackingParamsOf('http://example.com/pl#nav', '/?fbclid=1')).toBe('http://example.com/pl?fbclid=1#nav');
  });

  it('leaves the target alone when the address had none', () => {
    expect(withTrackingParamsOf('/pl/product/1-kabel?page=2', '/pl/product/1-stary?page=2')).toBe('/pl/product/1-kabel?page=2');
    expect(withTrackingParamsOf('/pl', '/')).toBe('/pl');
  });
});

describe('hasOnlyPageParams', () => {
  it('accepts the parameters pages declared, plainly written, and a facet prefix', () => {
    registerPageParams('sort', 'f.*');
    expect(hasOnlyPageParams('/pl/category/1-kable')).toBe(true);
    expect(hasOnlyPageParams('/pl/category/1-kable?page=2&sort=name_desc&f.shielding=u-ftp&')).toBe(true);
    expect(hasOnlyPageParams('/pl/category/1-kable?page')).toBe(true);
  });

  it('refuses any other name, an encoded one and a bare prefix', () => {
    expect(hasOnlyPageParams('/pl/category/1-kable?page=2&foo=1')).toBe(false);
    expect(hasOnlyPageParams('/pl/category/1-kable?p%61ge=2')).toBe(false);
    expect(hasOnlyPageParams('/pl/category/1-kable?f.=1')).toBe(false);
    expect(hasOnlyPageParams('/pl/category/1-kable?=1')).toBe(false);
  });
});
