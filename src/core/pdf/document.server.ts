// The documents the site makes at run time (order confirmation, warranty certificate, rental
// contract, course and training certificates): A4 pages with the company's letterhead, headings,
// wrapped paragraphs, label/value blocks, tables that continue over pages with their header row,
// "Strona 1 z 2" / "Page 1 of 2", and the document's metadata. pdf-lib draws them.
//
//   const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', reference: 'ZAM/2026/0001' });
//   doc.keyValues([{ label: 'Nabywca', value: 'Firma sp. z o.o.' }])
//     .heading('Pozycje')
//     .table({ columns: [{ header: 'Produkt', width: 4 }, { header: 'Wartość', money: true }], rows })
//     .paragraph('Dziękujemy za zamówienie.');
//   const bytes = await doc.save();
//
// The font (DejaVu Sans Condensed, a permissive licence, src/core/pdf/fonts) ships with the
// project and is embedded as a subset, never taken from the machine, so every machine makes the
// same file from the same input.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { COMPANY } from '~/core/company';
import { formatDate } from '~/core/time/format';
import { type Locale, numberFormat, translator } from '~/core/i18n/locale';
import { BRAND } from '~/core/mail/layout.server';
import { formatMoney, type Grosze } from '~/core/money/money';
import { pdfMessages } from './messages';
import { wrapLines } from './wrap';

/** A4 in points. */
export const A4 = { width: 595.28, height: 841.89 } as const;
const MARGIN_X = 50;
const CONTENT_TOP = A4.height - 112; // below the letterhead
const CONTENT_BOTTOM = 64; // above the footer
export const CONTENT_WIDTH = A4.width - 2 * MARGIN_X;
/** A paragraph this short is never split from its heading (headedParagraph). */
export const SHORT_PARAGRAPH_LINES = 8;

function hexColor(hex: string): Color {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const COLORS = {
  brand: hexColor(BRAND.color),
  ink: rgb(0.07, 0.09, 0.15),
  text: rgb(0.16, 0.19, 0.25),
  muted: rgb(0.39, 0.45, 0.53),
  rule: rgb(0.85, 0.88, 0.92),
  zebra: rgb(0.96, 0.97, 0.98),
  white: rgb(1, 1, 1),
};

// ---------------------------------------------------------------------------------------------
// The font, read once per process

interface FontFiles {
  regular: Uint8Array;
  bold: Uint8Array;
}
let fontFiles: FontFiles | undefined;

/** The shipped fonts' folder: found from the sources (src/core/pdf) and from the bundle (build/server). */
function fontsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'fonts'), path.resolve(here, '../../src/core/pdf/fonts'), path.resolve('src/core/pdf/fonts')];
  const dir = candidates.find((d) => existsSync(path.join(d, 'DejaVuSansCondensed.ttf')));
  if (!dir) throw new Error(`PDF fonts not found (looked in ${candidates.join(', ')})`);
  return dir;
}

// pdf-lib parses the font file for every document; parsing the same file once per process and
// sharing the parsed font (fontkit is synchronous, and a subset is made per document) saves most
// of a document's time.
type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsed = new WeakMap<Uint8Array, ReturnType<Fontkit['create']>>();
const cachingFontkit: Fontkit = {
  create(data: Uint8Array) {
    let font = parsed.get(data);
    if (!font) {
      font = fontkit.create(data);
      parsed.set(data, font);
    }
    return font;
  },
};

function loadFonts(): FontFiles {
  if (!fontFiles) {
    const dir = fontsDir();
    fontFiles = {
      regular: readFileSync(path.join(dir, 'DejaVuSansCondensed.ttf')),
      bold: readFileSync(path.join(dir, 'DejaVuSansCondensed-Bold.ttf')),
    };
  }
  return fontFiles;
}

// ---------------------------------------------------------------------------------------------
// Input types

export interface DocumentOptions {
  locale: Locale;
  /** The document's title: printed under the letterhead and stored as its metadata. */
  title: string;
  /** A line under the title, e.g. the order date or the certificate's holder. */
  subtitle?: string;
  /** Printed at the right of the letterhead, e.g. "ZAM/2026/0001". */
  reference?: string;
  /** Stored as metadata (subject); defaults to the title. */
  subject?: string;
  keywords?: string[];
  /** The date of the document: printed in the letterhead, stored as creation date. Default: now. */
  date?: Date;
}

export interface KeyValue {
  label: string;
  value: string;
}

/** A table cell: text, a number (grosze in a money column), or nothing. */
export type Cell = string | number | null | undefined;

export interface TableColumn {
  header: string;
  /** Relative width (default 1): widths are shared out in proportion. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Numbers in this column are grosze, written as "1 234,50 zł" / "PLN 1,234.50"; right-aligned. */
  money?: boolean;
}

export interface TableInput {
  columns: TableColumn[];
  rows: Cell[][];
  /** Rows in bold after a rule, e.g. the net, VAT and gross totals. */
  footer?: Cell[][];
}

export interface QrInput {
  modules: { size: number; data: ArrayLike<number | boolean> };
  caption: string;
  /** Side of the code in points (default 96). */
  side?: number;
  title?: string;
  lines?: string[];
}

export interface ParagraphOptions {
  size?: number;
  bold?: boolean;
  muted?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface DocumentBuilder {
  readonly locale: Locale;
  /** A section heading (level 1 large, level 2 in the brand colour with a rule); kept with what follows. */
  heading(text: string, level?: 1 | 2): DocumentBuilder;
  /** Text wrapped to the page width; a line break starts a new line. */
  paragraph(text: string, opts?: ParagraphOptions): DocumentBuilder;
  /**
   * A level-2 heading with its paragraph (an address, a note): a paragraph of up to
   * SHORT_PARAGRAPH_LINES lines stays whole on its heading's page, and stays on the current page when
   * both fit there; a longer one keeps at least three lines with its heading.
   */
  headedParagraph(heading: string, text: string, opts?: ParagraphOptions): DocumentBuilder;
  /** Label/value rows (buyer, dates, numbers), labels on the left, values in bold. */
  keyValues(items: KeyValue[] | [string, string][]): DocumentBuilder;
  /** A table with a header row repeated on every page it runs over. */
  table(input: TableInput): DocumentBuilder;
  /** Blank space in points. */
  space(points?: number): DocumentBuilder;
  /** Lines to sign above each label (e.g. the two parties of a rental contract), side by side. */
  signatures(labels: string[]): DocumentBuilder;
  pageBreak(): DocumentBuilder;
  /**
   * A QR code drawn as vector squares from its module matrix (any QR library's output: `size` modules
   * a side, `data` row by row, truthy = dark), a caption centred under it (e.g. a KSeF number) and
   * optional lines of text at its right.
   */
  qrCode(input: QrInput): DocumentBuilder;
  /** Pages so far. */
  readonly pageCount: number;
  /** Adds the page numbers and returns the file. */
  save(): Promise<Uint8Array>;
}

// ---------------------------------------------------------------------------------------------
// The builder

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Line height in table and key-value cells, as a multiple of the font size. */
const LINE = 1.3;

interface MeasuredRow {
  /** Per column, its wrapped lines. */
  lines: string[][];
  height: number;
}

interface RowStyle {
  fonts: PDFFont[];
  colors: Color[];
  size: number;
  pad: number;
  aligns: ('left' | 'right' | 'center')[];
  fill?: Color;
  /** A thin rule under the row (default on). */
  rule?: boolean;
}

/** One piece of queued drawing: a generator that pauses after each line or row. */
type Steps = Generator<void, void, undefined>;

/** Drawing runs at most this long before other work (requests) gets the event loop. */
const SLICE_MS = 8;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function drain(steps: Steps) {
  for (const _ of steps);
}

// The builder's calls only queue their drawing; save() runs it a line or row at a time and lets
// other work in between calls and every few milliseconds, so a long document (a 2,000-character
// note, a table of hundreds of rows) never holds the process (requests, /healthz) for long.
class Builder implements DocumentBuilder {
  private page!: PDFPage;
  private y = CONTENT_TOP;
  private readonly t;
  private readonly money = (g: Grosze) => formatMoney(g, this.locale);
  private readonly queue: (() => Steps)[] = [];
  private current: Steps | undefined;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly fonts: Fonts,
    private readonly opts: DocumentOptions & { date: Date },
  ) {
    this.t = translator(pdfMessages, opts.locale);
    this.newPage();
    drain(this.block(opts.title, { size: 18, bold: true, color: COLORS.ink, leading: 1.25 }));
    if (opts.subtitle) drain(this.block(opts.subtitle, { size: 11, color: COLORS.muted }));
    this.y -= 10;
  }

  get locale(): Locale {
    return this.opts.locale;
  }

  get pageCount(): number {
    for (const _ of this.steps());
    return this.pdf.getPageCount();
  }

  private later(op: () => Steps): DocumentBuilder {
    this.queue.push(op);
    return this;
  }

  /** The queued drawing, a step at a time; `true` after each builder call's last step. */
  private *steps(): Generator<boolean> {
    for (;;) {
      if (!this.current) {
        const op = this.queue.shift();
        if (!op) return;
        this.current = op();
      }
      if (this.current.next().done) {
        this.current = undefined;
        yield true;
      } else yield false;
    }
  }

  // -- pages ----------------------------------------------------------------------------------

  private newPage() {
    this.page = this.pdf.addPage([A4.width, A4.height]);
    this.letterhead();
    this.y = CONTENT_TOP;
  }

  /** Starts a new page unless `height` more points fit on this one. */
  private ensure(height: number) {
    if (this.y - height < CONTENT_BOTTOM) this.newPage();
  }

  private letterhead() {
    const p = this.page;
    const top = A4.height - 46;
    const { regular, bold } = this.fonts;
    // The mark: a brand square with three white bars (cable runs), the same as on the static PDFs.
    p.drawRectangle({ x: MARGIN_X, y: top - 6, width: 26, height: 26, color: COLORS.brand });
    for (const [dy, w] of [
      [14.5, 16],
      [9, 16],
      [3.5, 10],
    ] as const) {
      p.drawRectangle({ x: MARGIN_X + 5, y: top - 6 + dy, width: w, height: 2.6, color: COLORS.white });
    }
    p.drawText(BRAND.name, { x: MARGIN_X + 34, y: top + 4, size: 15, font: bold, color: COLORS.ink });
    const address = `${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}, ${BRAND.country[this.locale]} · ${COMPANY.email}`;
    p.drawText(address, { x: MARGIN_X + 34, y: top - 8, size: 8, font: regular, color: COLORS.muted });
    const right = A4.width - MARGIN_X;
    if (this.opts.reference) {
      const w = bold.widthOfTextAtSize(this.opts.reference, 10);
      p.drawText(this.opts.reference, { x: right - w, y: top + 4, size: 10, font: bold, color: COLORS.ink });
    }
    const date = this.t('pdf.date', { date: formatDate(this.opts.date) });
    p.drawText(date, { x: right - regular.widthOfTextAtSize(date, 8), y: top - 8, size: 8, font: regular, color: COLORS.muted });
    p.drawLine({ start: { x: MARGIN_X, y: top - 22 }, end: { x: right, y: top - 22 }, thickness: 1.5, color: COLORS.brand });
    // Footer rule and company line; the page number is added at save().
    p.drawLine({ start: { x: MARGIN_X, y: 44 }, end: { x: right, y: 44 }, thickness: 0.5, color: COLORS.rule });
    const footer = `${COMPANY.name} · ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town} · ${COMPANY.email}`;
    p.drawText(footer, { x: MARGIN_X, y: 30, size: 7.5, font: regular, color: COLORS.muted });
  }

  // -- text -----------------------------------------------------------------------------------

  private drawLine(text: string, x: number, width: number, size: number, font: PDFFont, color: Color, align: 'left' | 'right' | 'center' = 'left') {
    let dx = 0;
    if (align !== 'left') {
      const w = font.widthOfTextAtSize(text, size);
      dx = align === 'right' ? width - w : (width - w) / 2;
    }
    this.page.drawText(text, { x: x + dx, y: this.y, size, font, color });
  }

  /** Wrapped lines at the left margin, breaking pages between lines. */
  private *block(text: string, o: { size: number; bold?: boolean; color?: Color; leading?: number; align?: 'left' | 'right' | 'center' }): Steps {
    const font = o.bold ? this.fonts.bold : this.fonts.regular;
    const lineHeight = o.size * (o.leading ?? 1.45);
    for (const line of wrapLines(text, font, o.size, CONTENT_WIDTH)) {
      this.ensure(lineHeight);
      this.y -= o.size;
      this.drawLine(line, MARGIN_X, CONTENT_WIDTH, o.size, font, o.color ?? COLORS.text, o.align);
      this.y -= lineHeight - o.size;
      yield;
    }
  }

  heading(text: string, level: 1 | 2 = 2): DocumentBuilder {
    return this.later(() => this.drawHeading(text, level));
  }

  private *drawHeading(text: string, level: 1 | 2, keep = 60): Steps {
    const size = level === 1 ? 15 : 12;
    // Keep the heading with at least a few lines of what follows.
    this.ensure(size * 1.5 + keep);
    this.y -= level === 1 ? 10 : 8;
    yield* this.block(text, { size, bold: true, color: level === 1 ? COLORS.ink : COLORS.brand, leading: 1.3 });
    if (level === 2) {
      this.page.drawLine({ start: { x: MARGIN_X, y: this.y + 2 }, end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y + 2 }, thickness: 0.6, color: COLORS.brand });
    }
    this.y -= 8;
  }

  paragraph(text: string, opts: ParagraphOptions = {}): DocumentBuilder {
    return this.later(() => this.drawParagraph(text, opts));
  }

  private *drawParagraph(text: string, opts: ParagraphOptions): Steps {
    yield* this.block(text, { size: opts.size ?? 10, bold: opts.bold, color: opts.muted ? COLORS.muted : COLORS.text, align: opts.align });
    this.y -= 6;
  }

  headedParagraph(heading: string, text: string, opts: ParagraphOptions = {}): DocumentBuilder {
    return this.later(() => this.drawHeadedParagraph(heading, text, opts));
  }

  private *drawHeadedParagraph(heading: string, text: string, opts: ParagraphOptions): Steps {
    const size = opts.size ?? 10;
    const lines = [...wrapLines(text, opts.bold ? this.fonts.bold : this.fonts.regular, size, CONTENT_WIDTH)].length;
    const kept = lines <= SHORT_PARAGRAPH_LINES ? lines : 3;
    // The heading's own gaps (8 + 8 points) and the kept lines; drawHeading adds its line height.
    yield* this.drawHeading(heading, 2, 16 + kept * size * 1.45);
    yield* this.drawParagraph(text, opts);
  }

  space(points = 12): DocumentBuilder {
    return this.later(() => this.drawSpace(points));
  }

  // biome-ignore lint/correctness/useYield: a step like the others, with nothing to pause at
  private *drawSpace(points: number): Steps {
    this.y -= points;
    if (this.y < CONTENT_BOTTOM) this.newPage();
  }

  pageBreak(): DocumentBuilder {
    return this.later(() => this.drawPageBreak());
  }

  // biome-ignore lint/correctness/useYield: a step like the others, with nothing to pause at
  private *drawPageBreak(): Steps {
    this.newPage();
  }

  // -- rows -----------------------------------------------------------------------------------

  /** One row of cells, each wrapped in its column (in that column's font); with its height. A step per wrapped line. */
  private *measureRow(cells: string[], widths: number[], fonts: PDFFont[], size: number, pad: number): Generator<void, MeasuredRow, undefined> {
    const lines: string[][] = [];
    for (const [i, cell] of cells.entries()) {
      const cellLines: string[] = [];
      for (const line of wrapLines(cell, fonts[i] ?? this.fonts.regular, size, Math.max(10, (widths[i] ?? 0) - 2 * pad))) {
        cellLines.push(line);
        yield;
      }
      lines.push(cellLines);
    }
    const height = Math.max(1, ...lines.map((l) => l.length)) * size * LINE + 2 * pad - size * (LINE - 1);
    return { lines, height };
  }

  private drawRow(row: MeasuredRow, widths: number[], o: RowStyle) {
    const top = this.y;
    if (o.fill) this.page.drawRectangle({ x: MARGIN_X, y: top - row.height, width: CONTENT_WIDTH, height: row.height, color: o.fill });
    let x = MARGIN_X;
    row.lines.forEach((lines, i) => {
      const w = widths[i] ?? 0;
      lines.forEach((line, j) => {
        // The baseline sits about 0.8 of the size below the line's top; descenders keep the rest.
        this.y = top - o.pad - o.size * 0.82 - j * o.size * LINE;
        this.drawLine(line, x + o.pad, w - 2 * o.pad, o.size, o.fonts[i] ?? this.fonts.regular, o.colors[i] ?? COLORS.text, o.aligns[i]);
      });
      x += w;
    });
    this.y = top - row.height;
    if (o.rule !== false) {
      this.page.drawLine({ start: { x: MARGIN_X, y: this.y }, end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y }, thickness: 0.4, color: COLORS.rule });
    }
  }

  keyValues(items: KeyValue[] | [string, string][]): DocumentBuilder {
    const pairs = items.map((i) => (Array.isArray(i) ? { label: i[0], value: i[1] } : i));
    return this.later(() => this.drawKeyValues(pairs));
  }

  private *drawKeyValues(pairs: KeyValue[]): Steps {
    const widths = [CONTENT_WIDTH * 0.36, CONTENT_WIDTH * 0.64];
    const fonts = [this.fonts.regular, this.fonts.bold];
    const style: RowStyle = { fonts, colors: [COLORS.muted, COLORS.ink], size: 9.5, pad: 5, aligns: ['left', 'left'] };
    for (const { label, value } of pairs) {
      const row = yield* this.measureRow([label, value], widths, fonts, style.size, style.pad);
      this.ensure(row.height);
      this.drawRow(row, widths, style);
      yield;
    }
    this.y -= 10;
  }

  private cellText(cell: Cell, column: TableColumn): string {
    if (cell === null || cell === undefined) return '';
    if (typeof cell === 'number') return column.money ? this.money(cell) : numberFormat(this.locale, 3).format(cell);
    return cell;
  }

  table(input: TableInput): DocumentBuilder {
    if (input.columns.length === 0) throw new Error('table: no columns');
    return this.later(() => this.drawTable(input));
  }

  private *drawTable(input: TableInput): Steps {
    const { columns } = input;
    const total = columns.reduce((s, c) => s + (c.width ?? 1), 0);
    const widths = columns.map((c) => (CONTENT_WIDTH * (c.width ?? 1)) / total);
    const aligns = columns.map((c) => c.align ?? (c.money ? 'right' : 'left'));
    const { regular, bold } = this.fonts;
    const base = { size: 9, pad: 5, aligns };
    const headStyle: RowStyle = { ...base, fonts: columns.map(() => bold), colors: columns.map(() => COLORS.white), fill: COLORS.brand, rule: false };
    const bodyStyle: RowStyle = { ...base, fonts: columns.map(() => regular), colors: columns.map(() => COLORS.text) };
    const footStyle: RowStyle = { ...base, fonts: columns.map(() => bold), colors: columns.map(() => COLORS.ink) };
    const measure = (cells: Cell[], style: RowStyle) =>
      this.measureRow(
        columns.map((c, i) => this.cellText(cells[i], c)),
        widths,
        style.fonts,
        style.size,
        style.pad,
      );
    const header = yield* this.measureRow(
      columns.map((c) => c.header),
      widths,
      headStyle.fonts,
      base.size,
      base.pad,
    );
    const first = input.rows[0] ? yield* measure(input.rows[0], bodyStyle) : input.footer?.[0] ? yield* measure(input.footer[0], footStyle) : undefined;

    // The header never stands alone at the bottom of a page: it goes with the first row.
    this.ensure(header.height + (first?.height ?? 0));
    this.drawRow(header, widths, headStyle);
    // A row that does not fit goes to a new page, under the header again. (A single row taller
    // than a page is not split; documents keep their cells short.)
    const place = (row: MeasuredRow) => {
      if (this.y - row.height < CONTENT_BOTTOM) {
        this.newPage();
        this.drawRow(header, widths, headStyle);
      }
    };
    for (const [i, cells] of input.rows.entries()) {
      const row = i === 0 && first ? first : yield* measure(cells, bodyStyle);
      place(row);
      this.drawRow(row, widths, { ...bodyStyle, fill: i % 2 === 1 ? COLORS.zebra : undefined });
      yield;
    }
    for (const [i, cells] of (input.footer ?? []).entries()) {
      const row = i === 0 && first && input.rows.length === 0 ? first : yield* measure(cells, footStyle);
      place(row);
      if (i === 0) this.page.drawLine({ start: { x: MARGIN_X, y: this.y }, end: { x: MARGIN_X + CONTENT_WIDTH, y: this.y }, thickness: 1, color: COLORS.ink });
      this.drawRow(row, widths, footStyle);
      yield;
    }
    this.y -= 14;
  }

  signatures(labels: string[]): DocumentBuilder {
    if (labels.length === 0) return this;
    return this.later(() => this.drawSignatures(labels));
  }

  private *drawSignatures(labels: string[]): Steps {
    this.ensure(70);
    this.y -= 44;
    const gap = 30;
    const w = (CONTENT_WIDTH - gap * (labels.length - 1)) / labels.length;
    labels.forEach((label, i) => {
      const x = MARGIN_X + i * (w + gap);
      this.page.drawLine({ start: { x, y: this.y }, end: { x: x + w, y: this.y }, thickness: 0.6, color: COLORS.muted });
      const size = 8.5;
      const text = wrapLines(label, this.fonts.regular, size, w).next().value ?? '';
      const tw = this.fonts.regular.widthOfTextAtSize(text, size);
      this.page.drawText(text, { x: x + (w - tw) / 2, y: this.y - 12, size, font: this.fonts.regular, color: COLORS.muted });
    });
    this.y -= 26;
  }

  qrCode(input: QrInput): DocumentBuilder {
    return this.later(() => this.drawQr(input));
  }

  private *drawQr(input: QrInput): Steps {
    const side = input.side ?? 96;
    const { size, data } = input.modules;
    // Four modules of quiet zone on each side (ISO/IEC 18004).
    const cell = side / (size + 8);
    const captionSize = 7.5;
    this.ensure(side + captionSize + 12);
    const top = this.y;
    const x0 = MARGIN_X;
    this.page.drawRectangle({ x: x0, y: top - side, width: side, height: side, color: COLORS.white });
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        if (!data[r * size + c]) continue;
        this.page.drawRectangle({ x: x0 + (c + 4) * cell, y: top - (r + 5) * cell, width: cell, height: cell, color: rgb(0, 0, 0) });
      }
    }
    // The caption (e.g. a 35-character KSeF number) may be wider than the code: it starts under the
    // code's left edge (centred when it fits) and the text column starts after the wider of the two.
    const cw = this.fonts.bold.widthOfTextAtSize(input.caption, captionSize);
    this.page.drawText(input.caption, {
      x: x0 + Math.max(0, (side - cw) / 2),
      y: top - side - captionSize - 2,
      size: captionSize,
      font: this.fonts.bold,
      color: COLORS.ink,
    });
    const textX = x0 + Math.max(side, cw) + 18;
    const textW = CONTENT_WIDTH - (textX - MARGIN_X);
    let y = top - 14;
    if (input.title) {
      for (const line of wrapLines(input.title, this.fonts.bold, 10.5, textW)) {
        this.page.drawText(line, { x: textX, y, size: 10.5, font: this.fonts.bold, color: COLORS.ink });
        y -= 14;
      }
    }
    for (const text of input.lines ?? []) {
      for (const line of wrapLines(text, this.fonts.regular, 8.5, textW)) {
        this.page.drawText(line, { x: textX, y, size: 8.5, font: this.fonts.regular, color: COLORS.text });
        y -= 11.5;
      }
    }
    this.y = Math.min(top - side - captionSize - 14, y - 4);
    yield;
  }

  async save(): Promise<Uint8Array> {
    let since = performance.now();
    for (const callDone of this.steps()) {
      if (callDone || performance.now() - since > SLICE_MS) {
        await nextTurn();
        since = performance.now();
      }
    }
    const pages = this.pdf.getPages();
    const { regular } = this.fonts;
    pages.forEach((p, i) => {
      const text = this.t('pdf.page', { n: i + 1, total: pages.length });
      p.drawText(text, { x: A4.width - MARGIN_X - regular.widthOfTextAtSize(text, 7.5), y: 30, size: 7.5, font: regular, color: COLORS.muted });
    });
    await nextTurn();
    // Without object streams: every reader (and a test's eye) sees the objects as they are.
    return this.pdf.save({ useObjectStreams: false });
  }
}

/** Starts a document: the first page with the letterhead and the title. */
export async function createDocument(opts: DocumentOptions): Promise<DocumentBuilder> {
  const files = loadFonts();
  const date = opts.date ?? new Date();
  // updateMetadata off: pdf-lib would stamp its own producer and the current time.
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(cachingFontkit);
  const fonts: Fonts = {
    // A subset's name starts with a six-letter tag and "+" (PDF 32000-1, 9.6.4), distinct per subset.
    regular: await pdf.embedFont(files.regular, { subset: true, customName: 'CBNREG+DejaVuSansCondensed' }),
    bold: await pdf.embedFont(files.bold, { subset: true, customName: 'CBNBLD+DejaVuSansCondensed-Bold' }),
  };
  pdf.setTitle(opts.title, { showInWindowTitleBar: true });
  pdf.setAuthor(COMPANY.name);
  pdf.setSubject(opts.subject ?? opts.title);
  if (opts.keywords?.length) pdf.setKeywords(opts.keywords);
  pdf.setCreator(COMPANY.name);
  pdf.setProducer(`${COMPANY.name} (pdf-lib)`);
  pdf.setLanguage(opts.locale === 'pl' ? 'pl-PL' : 'en-GB');
  pdf.setCreationDate(date);
  pdf.setModificationDate(date);
  return new Builder(pdf, fonts, { ...opts, date });
}
