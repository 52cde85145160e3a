// The characters of the web font subsets (scripts/subset-font.mjs), shared with the unit test that
// checks the demo catalogue against them (src/assets/fonts/font-subset.test.ts). Keep the
// unicode-range lines of src/app.css in step (the test checks that too).

const ASCII = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

/** Loaded on every page (preloaded): printable ASCII, the Latin-1 letters and signs, typographic
 * quotes and dashes, and the technical signs of the catalogue (Ø diameter, Ω ohm, ≤ ≥ − ± limits,
 * § clauses, ₂ in CO₂, π). */
export const LATIN_TEXT = `${ASCII}\u00A0ÓóÄäÖöÜüßÉéÈèÀàÁáÍíÚúÇçÑñØø«»°±×÷²³µ·¼½¾§©®™€–—‘’‚“”„…•′″−≤≥₂Ωπ`;

/** Loaded when a page writes them (Polish pages): the Polish letters outside Latin-1. */
export const POLISH_TEXT = 'ĄąĆćĘęŁłŃńŚśŹźŻż';
