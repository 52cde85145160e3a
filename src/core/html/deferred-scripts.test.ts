import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferModuleScripts } from './deferred-scripts';

const N = 'bm9uY2UtMTIz';
const page = (body: string) =>
  `<!DOCTYPE html><html lang="pl"><head><meta charSet="utf-8"/>` +
  `<link rel="modulepreload" href="/assets/manifest-1.js" nonce="${N}"/><link rel="modulepreload" href="/assets/vendor-2.js" nonce="${N}"/>` +
  `<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/></head><body>${body}</body></html>`;
const moduleScript = `import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-3.js";\nwindow.__m = {"root":route0, "s":"a<b", "t":"<!--"};\nimport("/assets/entry.client-4.js");`;
const rr = page(`<main>x</main><script nonce="${N}">window.__ctx={}</script><script nonce="${N}" type="module" async="">${moduleScript}</script><!--$--><script nonce="${N}">enqueue()</script>`);

/** Runs the loader the rewrite leaves with a minimal DOM: what it adds to <head> and <body>, and when. */
function runLoader(html: string, visibility: 'visible' | 'hidden') {
  const loader = /<script nonce="[^"]*">(\(function\(d,s\)[\s\S]*?)<\/script>/.exec(html)?.[1] as string;
  const added: { where: string; el: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const document = {
    visibilityState: visibility,
    currentScript: { nonce: N },
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (el: Record<string, string>) => added.push({ where: 'head', el }) },
    body: { appendChild: (el: Record<string, string>) => added.push({ where: 'body', el }) },
  };
  runInNewContext(loader, { document, requestAnimationFrame: (f: () => void) => frames.push(f), setTimeout: (f: () => void) => timers.push(f) });
  return { added, frames, timers };
}

describe('deferModuleScripts', () => {
  it('takes the module preloads out of <head> and the module script out of the document', () => {
    const out = deferModuleScripts(rr);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain(`<script nonce="${N}" type="module"`);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"');
    // The other inline scripts stay where they were, in order.
    expect(out.indexOf('window.__ctx={}')).toBeLessThan(out.indexOf('(function(d,s)'));
    expect(out.indexOf('(function(d,s)')).toBeLessThan(out.indexOf('enqueue()'));
    // Nothing in the loader can close its script element early.
    const loader = /<script nonce="[^"]*">(\(function\(d,s\)[\s\S]*?)<\/script>/.exec(out)?.[1] as string;
    expect(loader).not.toContain('<');
    expect(out).toContain(`<script nonce="${N}">(function(d,s)`);
  });

  it('after the first frame adds the same preloads and the very same module script, with the nonce', () => {
    const { added, frames, timers } = runLoader(deferModuleScripts(rr), 'visible');
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    timers.shift()?.();
    expect(added.map((a) => [a.where, a.el.rel ?? a.el.type, a.el.href ?? a.el.nonce])).toEqual([
      ['head', 'modulepreload', '/assets/manifest-1.js'],
      ['head', 'modulepreload', '/assets/vendor-2.js'],
      ['body', 'module', N],
    ]);
    expect(added[2]?.el.textContent).toBe(moduleScript);
  });

  it('a hidden tab, which paints no frames, loads at once', () => {
    const { added, frames } = runLoader(deferModuleScripts(rr), 'hidden');
    expect(frames).toEqual([]);
    expect(added).toHaveLength(3);
  });

  it('leaves a document without the module script as it is', () => {
    const plain = page('<main>x</main>');
    expect(deferModuleScripts(plain)).toBe(plain);
  });
});
