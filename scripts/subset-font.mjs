#!/usr/bin/env node
// npm run fonts:subset: cuts the site's web font down to what its pages write, so the first paint
// on a slow phone does not wait for 133 kB of fonts (issue 17: Lighthouse >= 95 with a web font).
//
// Source: Inter 4.1 (variable, OFL) from the npm package inter-ui (variable/InterVariable.woff2:
// the whole character set in one file, so the technical signs of the catalogue – Ω π ≤ ≥ ₂ – are
// there too; @fontsource's per-script files leave ≤ ≥ ₂ out). Output, committed to
// src/assets/fonts/ (app.css names them, root.tsx preloads them):
//   inter-latin-subset.woff2  printable ASCII, the Latin-1 letters and signs, typographic quotes and
//                             dashes, the catalogue's technical signs; weights 400-700 (all the site
//                             uses), the text optical size (opsz 14)
//   inter-pl-subset.woff2     the Polish letters outside Latin-1 (ą ć ę ł ń ś ź ż and capitals)
// The characters are in scripts/font-subset-text.mjs; keep the unicode-range lines of app.css in
// step (src/assets/fonts/font-subset.test.ts checks both against the demo catalogue).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { LATIN_TEXT, POLISH_TEXT } from './font-subset-text.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = readFileSync(path.join(root, 'node_modules/inter-ui/variable/InterVariable.woff2'));
const TEXT = { latin: LATIN_TEXT, pl: POLISH_TEXT };
const AXES = { wght: { min: 400, max: 700 }, opsz: 14 };
// The features a browser applies by itself, plus tnum (Tailwind's tabular-nums) and case: Inter's
// stylistic sets and character variants would add ~16 kB of alternate glyphs the site never asks for.
const FEATURES = ['kern', 'liga', 'calt', 'clig', 'ccmp', 'locl', 'mark', 'mkmk', 'rlig', 'rvrn', 'tnum', 'case'];

for (const name of ['latin', 'pl']) {
  const out = await subsetFont(source, TEXT[name], { targetFormat: 'woff2', variationAxes: AXES, keepFeatures: FEATURES });
  const target = path.join(root, 'src/assets/fonts', `inter-${name}-subset.woff2`);
  writeFileSync(target, out);
  console.log(`${path.relative(root, target)}: ${out.length} bytes`);
}
