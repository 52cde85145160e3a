import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, demoProducts, descriptionHtml } from '~/features/catalog/demo/catalog.data';
import { LATIN_TEXT, POLISH_TEXT } from '../../../scripts/font-subset-text.mjs';

// The web font is cut to a character list (scripts/font-subset-text.mjs, `npm run fonts:subset`);
// a character outside it is drawn in the fallback font, in the middle of Inter text.

const SUBSET = new Set([...LATIN_TEXT, ...POLISH_TEXT]);

/** The code points app.css declares for the Inter faces (their unicode-range lines). */
function declaredRanges(): [number, number][] {
  const css = readFileSync(new URL('../../app.css', import.meta.url), 'utf8');
  const faces = css.match(/@font-face\s*\{[^}]*"Inter Variable"[^}]*\}/g) ?? [];
  const out: [number, number][] = [];
  for (const face of faces) {
    const range = /unicode-range:([^;]+);/.exec(face)?.[1] ?? '';
    for (const m of range.matchAll(/U\+([0-9A-F]+)(?:-([0-9A-F]+))?/gi)) out.push([Number.parseInt(m[1], 16), Number.parseInt(m[2] ?? m[1], 16)]);
  }
  return out;
}

/** Every string of the demo catalogue (names, leads, descriptions, attribute values, units…). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('the web font subset covers the demo catalogue', () => {
  const products = demoProducts();
  const html = products.flatMap((p) => [descriptionHtml(p, 'pl'), descriptionHtml(p, 'en')]);
  const text = strings([CATEGORIES, products, html]).join('\n');
  // The file itself too (a value the walk might miss); its comments are plain ASCII.
  const source = readFileSync(new URL('../../features/catalog/demo/catalog.data.ts', import.meta.url), 'utf8');
  const nonAscii = [...new Set([...text, ...source].filter((c) => (c.codePointAt(0) as number) > 0x7e))];

  it('reads the catalogue (a sanity check of the walk)', () => {
    expect(text.length).toBeGreaterThan(10_000);
    expect(nonAscii).toEqual(expect.arrayContaining(['ą', 'Ø', '≤', '−']));
  });

  it('every character that is not plain ASCII is in the subset', () => {
    expect(nonAscii.filter((c) => !SUBSET.has(c))).toEqual([]);
  });

  it('and in the unicode-range of an Inter face in app.css', () => {
    const ranges = declaredRanges();
    expect(ranges.length).toBeGreaterThan(10);
    const covered = (c: string) => ranges.some(([a, b]) => (c.codePointAt(0) as number) >= a && (c.codePointAt(0) as number) <= b);
    expect(nonAscii.filter((c) => !covered(c))).toEqual([]);
    // And the other way round: each subset character is declared (else the face is never used for it).
    expect([...SUBSET].filter((c) => !covered(c))).toEqual([]);
  });
});
