// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEB_FONTS_CLASS, WEB_FONTS_WAIT_MS, withWebFontSwitch } from './web-fonts';

const page = '<!DOCTYPE html><html><head><title>t</title></head><body><h1>Żółć</h1></body></html>';

/** A stand-in for the browser's paint observer: the test decides when the first paint is reported. */
class FakePaintObserver {
  static supportedEntryTypes = ['paint'];
  static last: FakePaintObserver | undefined;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName(name: string): unknown[] }, o: FakePaintObserver) => void) {
    FakePaintObserver.last = this;
  }
  observe() {}
  disconnect() {
    this.disconnected = true;
  }
  report(name: string) {
    this.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, this);
  }
}

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
  vi.useFakeTimers();
  document.documentElement.classList.remove(WEB_FONTS_CLASS);
  referrer = '';
  navigationType = 'navigate';
  FakePaintObserver.last = undefined;
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  vi.spyOn(document, 'referrer', 'get').mockImplementation(() => referrer);
  vi.spyOn(performance, 'getEntriesByType').mockImplementation(((type: string) =>
    type === 'navigation' ? [{ type: navigationType }] : []) as unknown as typeof performance.getEntriesByType);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the web font switch on a first visit', () => {
  it('waits for the first contentful paint, then switches the font on', () => {
    referrer = 'https://www.google.com/';
    run();
    expect(hasClass()).toBe(false);
    FakePaintObserver.last?.report('first-paint');
    expect(hasClass()).toBe(false);
    FakePaintObserver.last?.report('first-contentful-paint');
    expect(hasClass()).toBe(true);
    expect(FakePaintObserver.last?.disconnected).toBe(true);
  });

  it('switches it on after the longest wait when no paint is ever reported', () => {
    run();
    vi.advanceTimersByTime(WEB_FONTS_WAIT_MS - 1);
    expect(hasClass()).toBe(false);
    vi.advanceTimersByTime(1);
    expect(hasClass()).toBe(true);
  });

  it('falls back to the end of the first frame in a browser without paint reports', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    run();
    expect(hasClass()).toBe(false);
    vi.advanceTimersByTime(100);
    expect(hasClass()).toBe(true);
  });
});

describe('when the font is likely cached already', () => {
  it('switches it on at once for a page reached from this site', () => {
    referrer = `${location.origin}/pl/category/1-kable`;
    run();
    expect(hasClass()).toBe(true);
  });

  it.each(['reload', 'back_forward'])('switches it on at once on %s', (type) => {
    navigationType = type;
    referrer = 'https://www.google.com/';
    run();
    expect(hasClass()).toBe(true);
  });

  it('does not for a page reached from another site whose address merely starts alike', () => {
    referrer = `${location.origin}.evil.example/`;
    run();
    expect(hasClass()).toBe(false);
  });
});
