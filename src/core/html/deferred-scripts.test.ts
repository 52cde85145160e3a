import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferModuleScripts, FIRST_PAINT_WAIT_MS } from './deferred-scripts';
import { WEB_FONTS_CLASS } from './web-fonts';

const N = 'bm9uY2UtMTIz';
const page = (body: string) =>
  `<!DOCTYPE html><html lang="pl"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${N}"/><link rel="modulepreload" href="/assets/vendor-2.js" nonce="${N}"/>` +
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/></head><body>${body}</body></html>`;
const moduleScript = `import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nwindow.__m = {"root":route0, "s":"a<b", "t":"<!--"};\nimport("/assets/entry.client-4.js");`;
const rr = page(
  `<main>x</main><script nonce="${N}">window.__ctx={}</script><script nonce="${N}" type="module" async="">${moduleScript}</script><!--$--><script nonce="${N}">enqueue()</script>`,
);

const LOADER = /<script nonce="[^"]*">(\(function loadAfterFirstPaint[\s\S]*?)<\/script>/;

/**
 * Runs the loader the rewrite leaves with a minimal DOM: what it adds to <head> and <body>, and when.
 * `paint`: whether the browser reports paint timing (then `report()` delivers the first contentful paint).
 */
function runLoader(html: string, visibility: 'visible' | 'hidden', paint = true) {
  const loader = LOADER.exec(html)?.[1] as string;
  const added: { where: string; el: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const observers: ((list: { getEntriesByName: (n: string) => unknown[] }, o: { disconnect: () => void }) => void)[] = [];
  let disconnected = 0;
  class FakeObserver {
    static supportedEntryTypes = paint ? ['paint', 'largest-contentful-paint'] : ['resource'];
    constructor(private cb: (typeof observers)[number]) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'paint', buffered: true });
      observers.push(this.cb);
    }
  }
  const classes = new Set<string>();
  const document = {
    documentElement: { classList: { add: (c: string) => classes.add(c) } },
    visibilityState: visibility,
    currentScript: { nonce: N },
    createElement: (tag: string) => ({ tag }),
    addEventListener: () => {},
    head: { appendChild: (el: Record<string, string>) => added.push({ where: 'head', el }) },
    body: { appendChild: (el: Record<string, string>) => added.push({ where: 'body', el }) },
  };
  runInNewContext(loader, {
    document,
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms = 0) => timers.push({ f, ms }),
  });
  const report = (name: string) => {
    for (const cb of observers) cb({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => disconnected++ });
  };
  return { added, frames, timers, report, disconnected: () => disconnected, classes };
}

const summary = (added: { where: string; el: Record<string, string> }[]) => added.map((a) => [a.where, a.el.rel ?? a.el.type, a.el.href ?? a.el.nonce]);
const expected = [
  ['head', 'modulepreload', '/assets/manifest-1.js'],
  ['head', 'modulepreload', '/assets/vendor-2.js'],
  ['body', 'module', N],
];

describe('deferModuleScripts', () => {
  it('takes the module preloads out of <head> and the module script out of the document', () => {
    const out = deferModuleScripts(rr);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain(`<script nonce="${N}" type="module"`);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"');
    // The other inline scripts stay where they were, in order.
    expect(out.indexOf('window.__ctx={}')).toBeLessThan(out.indexOf('loadAfterFirstPaint'));
    expect(out.indexOf('loadAfterFirstPaint')).toBeLessThan(out.indexOf('enqueue()'));
    // Nothing in the loader can close its script element early.
    const loader = LOADER.exec(out)?.[1] as string;
    expect(loader).not.toContain('<');
    expect(out).toContain(`<script nonce="${N}">(function loadAfterFirstPaint`);
  });

  it('once the first contentful paint is reported switches the web font on and adds the same preloads and the very same module script, with the nonce', () => {
    const { added, timers, report, disconnected, classes } = runLoader(deferModuleScripts(rr), 'visible');
    // Only the longest wait is set; the first paint report (not the first frame) starts the load.
    expect(timers.map((t) => t.ms)).toEqual([FIRST_PAINT_WAIT_MS]);
    report('first-paint');
    expect(timers).toHaveLength(1);
    report('first-contentful-paint');
    expect(disconnected()).toBe(1);
    expect(added).toEqual([]);
    expect(classes.has(WEB_FONTS_CLASS)).toBe(false);
    timers[1]?.f();
    expect(classes.has(WEB_FONTS_CLASS)).toBe(true);
    expect(summary(added)).toEqual(expected);
    expect(added[2]?.el.textContent).toBe(moduleScript);
    // The longest wait, when it ends later, adds nothing twice.
    timers[0]?.f();
    expect(added).toHaveLength(3);
  });

  it('without a paint report loads after the longest wait', () => {
    const { added, timers, classes } = runLoader(deferModuleScripts(rr), 'visible');
    timers[0]?.f();
    expect(summary(added)).toEqual(expected);
    expect(classes.has(WEB_FONTS_CLASS)).toBe(true);
  });

  it('a browser without paint timing loads after the first frame', () => {
    const { added, frames, timers } = runLoader(deferModuleScripts(rr), 'visible', false);
    expect(timers).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    timers.shift()?.f();
    expect(summary(added)).toEqual(expected);
  });

  it('a hidden tab, which paints no frames, loads at once', () => {
    const { added, frames, timers } = runLoader(deferModuleScripts(rr), 'hidden');
    expect(frames).toEqual([]);
    expect(timers).toEqual([]);
    expect(added).toHaveLength(3);
  });

  it('leaves a document without the module script as it is', () => {
    const plain = page('<main>x</main>');
    expect(deferModuleScripts(plain)).toBe(plain);
  });
});
