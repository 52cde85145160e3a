import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { type MeasuredFont, wrapLines, wrapText } from './wrap';

let regular: PDFFont;
let bold: PDFFont;

beforeAll(async () => {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  regular = await pdf.embedFont(readFileSync(new URL('./fonts/DejaVuSansCondensed.ttf', import.meta.url)), { subset: true });
  bold = await pdf.embedFont(readFileSync(new URL('./fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url)), { subset: true });
});

/** The font, counting the characters pdf-lib is asked to lay out (the cost of wrapping). */
function counting(font: PDFFont) {
  const counted = { chars: 0, calls: 0 };
  const measured: MeasuredFont = {
    widthOfTextAtSize(text, size) {
      counted.chars += text.length;
      counted.calls++;
      return font.widthOfTextAtSize(text, size);
    },
  };
  return { measured, counted };
}

/** The wrapping before issue 37: every candidate line and every shorter start of a long word measured whole. */
function previousWrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const paragraph of text.split(/\r?\n/)) {
    const words = paragraph.split(/[ \t]+/).filter(Boolean);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let line = '';
    for (let word of words) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      while (!fits(word)) {
        let cut = word.length - 1;
        while (cut > 1 && !fits(word.slice(0, cut))) cut--;
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      line = word;
    }
    lines.push(line);
  }
  return lines;
}

/** Every line fits, each cut of a long word is as long as it can be, and no character is lost. */
function expectWellWrapped(lines: string[], text: string, font: PDFFont, size: number, width: number) {
  for (const line of lines) expect(font.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width);
  expect(lines.join('').replaceAll(/\s/g, '')).toBe(text.replaceAll(/\s/g, ''));
}

// A fixed pseudo-random sequence: the same words on every run.
function words(seed: number, count: number, maxLength: number): string[] {
  const letters = 'aąbcćdeęfghijklłmnńoóprsśtuwyzźżAĄĆĘŁŃÓŚŹŻfiflffi0123456789.,;–„”-/';
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + Math.floor(next() * maxLength) }, () => letters[Math.floor(next() * letters.length)]).join(''),
  );
}

describe('wrapping text for PDFs', () => {
  it('breaks text where it did before (lines of the previous wrapping)', () => {
    const text = 'Najemca zobowiązuje się zwrócić miernik w stanie niepogorszonym, wraz z wyposażeniem i dokumentacją.';
    expect(wrapText(text, regular, 10, 200)).toEqual([
      'Najemca zobowiązuje się zwrócić miernik w',
      'stanie niepogorszonym, wraz z',
      'wyposażeniem i dokumentacją.',
    ]);
    expect(wrapText('Zażółć gęślą jaźń\n\nfi fl ffi', bold, 12, 60)).toEqual(['Zażółć', 'gęślą', 'jaźń', '', 'fi fl ffi']);
    expect(wrapText('PL1234567890123456789012345678', regular, 9, 60)).toEqual(['PL123456789', '01234567890', '12345678']);
    expect(wrapText('', regular, 10, 100)).toEqual(['']);
  });

  it('gives the same lines as measuring every candidate line whole, for words of every length and both fonts', () => {
    for (const [seed, font, size, width] of [
      [1, 'regular', 10, 495],
      [2, 'bold', 9.5, 307],
      [3, 'regular', 9, 40],
      [4, 'bold', 12, 120],
      [5, 'regular', 22, 495],
    ] as const) {
      const f = font === 'regular' ? regular : bold;
      const text = words(seed, 120, seed === 3 ? 30 : 14).join(seed % 2 ? ' ' : ' \t ');
      expect(wrapText(text, f, size, width), `seed ${seed}`).toEqual(previousWrap(text, f, size, width));
    }
  });

  it('cuts a 2,000-letter word with a few line-long measurements per line, not one per letter', () => {
    for (const [text, width] of [
      ['a'.repeat(2000), 495],
      ['żółć'.repeat(500), 495],
      ['W'.repeat(2000), 20],
    ] as const) {
      const { measured, counted } = counting(regular);
      const lines = wrapText(text, measured, 10, width);
      expectWellWrapped(lines, text, regular, 10, width);
      // Each cut is the longest start that fits: one more letter would not.
      for (const [i, line] of lines.slice(0, -1).entries()) {
        expect(regular.widthOfTextAtSize(line + (lines[i + 1]?.[0] ?? ''), 10)).toBeGreaterThan(width);
      }
      // Linear: a few times the text's length laid out (the quadratic cut laid out millions of letters).
      expect(counted.chars).toBeLessThan(4 * text.length);
    }
  });

  it('cuts a long word one line at a time, so a PDF can pause between its lines', () => {
    const text = 'a'.repeat(2000);
    const { measured, counted } = counting(regular);
    const lines = wrapLines(text, measured, 10, 495);
    const first = lines.next().value ?? '';
    expect(first.length).toBeGreaterThan(50);
    // The first line costs about a line's worth of layout, not the whole word's (all cuts at once: > 2,000).
    expect(counted.chars).toBeLessThan(8 * first.length);
    const rest = Array.from(lines);
    expect([first, ...rest].join('')).toBe(text);
  });

  it('wraps 20,000 characters of long words, short words and Polish letters in linear work', () => {
    const text = [...words(7, 600, 12), 'Ż'.repeat(3000), ...words(8, 600, 12), 'x'.repeat(5000), ...words(9, 300, 90)].join(' ').slice(0, 20_000);
    expect(text.length).toBe(20_000);
    for (const width of [495, 307, 30]) {
      const { measured, counted } = counting(regular);
      const lines = wrapText(text, measured, 9.5, width);
      expectWellWrapped(lines, text, regular, 9.5, width);
      expect(counted.chars).toBeLessThan(4 * text.length);
      expect(counted.calls).toBeLessThan(text.length);
    }
  });

  it('never cuts a character made of two UTF-16 units in half', () => {
    const text = '😀'.repeat(200);
    const lines = wrapText(text, regular, 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(line).toMatch(/^(😀)+$/u);
  });
});
