// Line breaking for the PDF documents, in time linear in the text's length.
//
// pdf-lib measures a string by laying all of it out with the font (fontkit: substitutions such as
// ligatures), a few microseconds per character. Measuring every growing line, or every shorter
// prefix of a word too long for a line, made wrapping quadratic or worse: a 2,000-letter word took
// minutes. Here each word is measured once (a line's width is its words' widths plus the spaces),
// and a word wider than a line is cut where the sum of its characters' own widths says, a guess
// pdf-lib's measure of that one line then confirms or moves by a character. The lines are the same
// as measuring every candidate line with pdf-lib.

/** What wrapping needs of a font: pdf-lib's PDFFont has it. */
export interface MeasuredFont {
  widthOfTextAtSize(text: string, size: number): number;
}

/** Words longer than this are first estimated from their characters, not laid out whole. */
const SHORT_WORD = 64;
const WORD_CACHE_LIMIT = 10_000;

class Measurer {
  private readonly chars = new Map<string, number>();
  private readonly words = new Map<string, number>();
  readonly space: number;

  constructor(
    private readonly font: MeasuredFont,
    private readonly size: number,
  ) {
    this.space = this.exact(' ');
  }

  /** pdf-lib's width of `text`: costs a layout of all of it, so only ever asked of a line's worth. */
  exact(text: string): number {
    return this.font.widthOfTextAtSize(text, this.size);
  }

  /** One character's width by itself (a ligature makes a word's real width differ slightly). */
  char(ch: string): number {
    let w = this.chars.get(ch);
    if (w === undefined) {
      w = this.exact(ch);
      this.chars.set(ch, w);
    }
    return w;
  }

  /** A word's width, or Infinity for a word certainly wider than `limit` (it is then never laid out whole). */
  word(word: string, limit: number): number {
    let w = this.words.get(word);
    if (w !== undefined) return w;
    if (word.length > SHORT_WORD) {
      let estimate = 0;
      for (const ch of word) estimate += this.char(ch);
      // Substitutions change a word's width by a little, never by half.
      if (estimate > 2 * limit) return Number.POSITIVE_INFINITY;
    }
    w = this.exact(word);
    if (this.words.size >= WORD_CACHE_LIMIT) this.words.clear();
    this.words.set(word, w);
    return w;
  }
}

// Measurers per font and size: the characters' and words' widths stay known between documents.
const measurers = new WeakMap<MeasuredFont, Map<number, Measurer>>();

function measurer(font: MeasuredFont, size: number): Measurer {
  let bySize = measurers.get(font);
  if (!bySize) {
    bySize = new Map();
    measurers.set(font, bySize);
  }
  let m = bySize.get(size);
  if (!m) {
    m = new Measurer(font, size);
    bySize.set(size, m);
  }
  return m;
}

/**
 * Pieces of a word wider than `width`, each the longest start of the rest that fits (at least one
 * character, so a glyph wider than the line still moves on); the last piece is the rest that fits.
 * Made one at a time, each costing pdf-lib's measure of about a line.
 */
function* cutWord(word: string, m: Measurer, width: number): Generator<string> {
  const chars = Array.from(word); // by code point: a surrogate pair is never cut in two
  const n = chars.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = (prefix[i] ?? 0) + m.char(chars[i] ?? '');
  let start = 0;
  while (start < n) {
    const from = start;
    const fits = (end: number) => m.exact(chars.slice(from, end).join('')) <= width;
    // The last end whose characters' widths add up to at most the line (binary search).
    let lo = start + 1;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((prefix[mid] ?? 0) - (prefix[start] ?? 0) <= width) lo = mid;
      else hi = mid - 1;
    }
    let end = lo;
    // pdf-lib's measure has the last word: shorten or lengthen by a character while it disagrees.
    while (end > start + 1 && !fits(end)) end--;
    while (end < n && fits(end + 1)) end++;
    // One piece at a time: the caller (a PDF's drawing steps) may pause between lines.
    yield chars.slice(start, end).join('');
    start = end;
  }
}

/** Lines of `text` that fit `width` at `size`: breaks at spaces, a word longer than a line at characters. */
export function* wrapLines(text: string, font: MeasuredFont, size: number, width: number): Generator<string> {
  const m = measurer(font, size);
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/[ \t]+/).filter(Boolean);
    if (words.length === 0) {
      yield '';
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const word of words) {
      const w = m.word(word, width);
      const candidate = line ? lineWidth + m.space + w : w;
      if (candidate <= width) {
        line = line ? `${line} ${word}` : word;
        lineWidth = candidate;
        continue;
      }
      if (line) yield line;
      if (w <= width) {
        line = word;
        lineWidth = w;
        continue;
      }
      // A word wider than the whole line (a long number or address) is cut where it must be.
      let last = '';
      for (const piece of cutWord(word, m, width)) {
        if (last) yield last;
        last = piece;
      }
      line = last;
      lineWidth = m.exact(line);
    }
    yield line;
  }
}

/** All lines of `text` at once (see wrapLines). */
export function wrapText(text: string, font: MeasuredFont, size: number, width: number): string[] {
  return Array.from(wrapLines(text, font, size, width));
}
