#!/usr/bin/env node
// npm run fonts:subset: cuts the site's web font down to what its pages write, so the first paint
// on a slow phone does not wait for 133 kB of fonts (issue 17: Lighthouse >= 95 with a web font).
//
// Source: Inter (variable, OFL) from the npm package @fontsource-variable/inter. Output, committed
// to src/assets/fonts/ (app.css names them, root.tsx preloads them):
//   inter-latin-subset.woff2  printable ASCII, the Latin-1 letters and signs the catalogue uses,
//                             typographic quotes and dashes; weights 400-700 (all the site uses)
//   inter-pl-subset.woff2     the Polish letters outside Latin-1 (ą ć ę ł ń ś ź ż and capitals)
// Keep the unicode-range lines of app.css in step with TEXT below.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = (file) => readFileSync(path.join(root, 'node_modules/@fontsource-variable/inter/files', file));
const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const TEXT = {
  latin: `${ASCII}\u00A0ÓóÄäÖöÜüßÉéÈèÀàÁáÍíÚúÇçÑñ«»°±×÷²³µ·¼½¾©®™€–—‘’‚“”„…•′″`,
  pl: 'ĄąĆćĘęŁłŃńŚśŹźŻż',
};
const AXES = { wght: { min: 400, max: 700 } };

for (const [name, file] of [
  ['latin', 'inter-latin-wght-normal.woff2'],
  ['pl', 'inter-latin-ext-wght-normal.woff2'],
]) {
  const out = await subsetFont(source(file), TEXT[name], { targetFormat: 'woff2', variationAxes: AXES });
  const target = path.join(root, 'src/assets/fonts', `inter-${name}-subset.woff2`);
  writeFileSync(target, out);
  console.log(`${path.relative(root, target)}: ${out.length} bytes`);
}
