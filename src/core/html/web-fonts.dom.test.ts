// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_FONTS_CLASS, withWebFontSwitch } from './web-fonts';

// After the first paint the module loader sets the class (deferred-scripts.test.ts); this is the
// head script that sets it before the first paint when the font is likely cached.

const page = '<!DOCTYPE html><html><head><title>t</title></head><body><h1>Żółć</h1></body></html>';

let script = '';
let referrer = '';
let navigationType = 'navigate';
const hasClass = () => document.documentElement.classList.contains(WEB_FONTS_CLASS);
const run = () => new Function(script)();

beforeAll(() => {
  const html = withWebFontSwitch(page, 'n0nce');
  expect(html.indexOf('<script nonce="n0nce">')).toBeLessThan(html.indexOf('</head>'));
  script = /<script nonce="n0nce">([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
});

beforeEach(() => {
  document.documentElement.classList.remove(WEB_FONTS_CLASS);
  referrer = '';
  navigationType = 'navigate';
  vi.spyOn(document, 'referrer', 'get').mockImplementation(() => referrer);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(((type: string) =>
    type === 'navigation' ? [{ type: navigationType }] : []) as unknown as typeof performance.getEntriesByType);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the web font before the first paint', () => {
  it('is left off on a first visit (from another site or typed in)', () => {
    referrer = 'https://www.google.com/';
    run();
    expect(hasClass()).toBe(false);
    referrer = '';
    run();
    expect(hasClass()).toBe(false);
  });

  it('is switched on at once for a page reached from this site', () => {
    referrer = `${location.origin}/pl/category/1-kable`;
    run();
    expect(hasClass()).toBe(true);
  });

  it.each(['reload', 'back_forward'])('is switched on at once on %s', (type) => {
    navigationType = type;
    referrer = 'https://www.google.com/';
    run();
    expect(hasClass()).toBe(true);
  });

  it('is left off for another site whose address merely starts alike', () => {
    referrer = `${location.origin}.evil.example/`;
    run();
    expect(hasClass()).toBe(false);
  });
});
