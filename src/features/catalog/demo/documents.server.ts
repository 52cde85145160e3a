// Files of the demo catalogue: PDF datasheets and declarations (pdf-lib), CAD drawings (DXF text)
// and Revit families (small binary). Everything is deterministic: the same input gives the same bytes.
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  PDFName,
  type PDFPage,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  showText,
  StandardFonts,
} from 'pdf-lib';
import { COMPANY } from '~/core/company';

// The 14 standard PDF fonts carry the Polish letters, but pdf-lib only writes WinAnsi text with
// them. The fonts used here get an encoding whose codes 0x80-0x8F name the Polish glyphs instead.
const POLISH: [string, string][] = [
  ['Ą', 'Aogonek'],
  ['ą', 'aogonek'],
  ['Ć', 'Cacute'],
  ['ć', 'cacute'],
  ['Ę', 'Eogonek'],
  ['ę', 'eogonek'],
  ['Ł', 'Lslash'],
  ['ł', 'lslash'],
  ['Ń', 'Nacute'],
  ['ń', 'nacute'],
  ['Ś', 'Sacute'],
  ['ś', 'sacute'],
  ['Ź', 'Zacute'],
  ['ź', 'zacute'],
  ['Ż', 'Zdotaccent'],
  ['ż', 'zdotaccent'],
];
const POLISH_CODE = new Map(POLISH.map(([ch], i) => [ch, 0x80 + i]));
const WIN_ANSI: Record<string, number> = {
  '–': 0x96,
  '—': 0x97,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '°': 0xb0,
  '±': 0xb1,
  '²': 0xb2,
  µ: 0xb5,
  '·': 0xb7,
  '•': 0x95,
  '×': 0xd7,
  Ó: 0xd3,
  ó: 0xf3,
  é: 0xe9,
  ü: 0xfc,
  ö: 0xf6,
  ä: 0xe4,
};

/** Replaces characters whose codes the custom encoding took over. */
function normalizeForPdf(text: string): string {
  return text.replace(/„/g, '“').replace(/…/g, '...').replace(/€/g, 'EUR').replace(/Ω/g, 'Ohm').replace(/−/g, '-').replace(/≤/g, '<=').replace(/≥/g, '>=');
}

function encode(text: string): PDFHexString {
  const bytes: number[] = [];
  for (const ch of normalizeForPdf(text)) {
    const code = POLISH_CODE.get(ch) ?? WIN_ANSI[ch] ?? (ch.charCodeAt(0) < 0x80 ? ch.charCodeAt(0) : 0x3f);
    bytes.push(code);
  }
  return PDFHexString.of(bytes.map((b) => b.toString(16).padStart(2, '0')).join(''));
}

/** The same text with Polish letters folded, for measuring with the WinAnsi metrics (same widths). */
function measurable(text: string): string {
  return normalizeForPdf(text)
    .replace(/[ĄĆĘŁŃŚŹŻąćęłńśźż]/g, (c) => 'ACELNSZZacelnszz'['ĄĆĘŁŃŚŹŻąćęłńśźż'.indexOf(c)] ?? c)
    .replace(/[^\x20-\x7e\u00a0-\u00ff–—’“”·•]/g, '?');
}

const DATE = new Date('2025-03-03T08:00:00Z');
const BRAND = rgb(0x15 / 255, 0x49 / 255, 0xc6 / 255);
const INK = rgb(0.12, 0.16, 0.22);
const MUTED = rgb(0.39, 0.45, 0.53);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

// Text is measured with pdf-lib's metrics of the standard fonts, loaded once for all documents
// (the documents themselves reference the fonts through the Polish encoding below).
let metrics: Promise<Fonts> | undefined;
function measuringFonts(): Promise<Fonts> {
  metrics ??= PDFDocument.create().then(async (d) => ({
    regular: await d.embedFont(StandardFonts.Helvetica),
    bold: await d.embedFont(StandardFonts.HelveticaBold),
  }));
  return metrics;
}

class Writer {
  y = 0;
  page!: PDFPage;
  private pages = 0;
  constructor(
    private doc: PDFDocument,
    private fonts: Fonts,
    private refs: { F1: ReturnType<PDFDocument['context']['register']>; F2: ReturnType<PDFDocument['context']['register']> },
    private header: { kind: string },
  ) {}

  newPage() {
    this.page = this.doc.addPage([595.28, 841.89]);
    this.pages++;
    this.page.node.setFontDictionary(PDFName.of('CobiRegular'), this.refs.F1);
    this.page.node.setFontDictionary(PDFName.of('CobiBold'), this.refs.F2);
    this.page.drawRectangle({ x: 0, y: 771.89, width: 595.28, height: 70, color: BRAND });
    this.text('COBI NET', 48, 798, 22, 'bold', rgb(1, 1, 1));
    const kindWidth = this.width(this.header.kind, 9, 'bold');
    this.text(this.header.kind, 547 - kindWidth, 802, 9, 'bold', rgb(1, 1, 1));
    const footer = `${COMPANY.name} · ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town} · ${COMPANY.email} · www.cobinet.pl`;
    this.text(footer, 48, 30, 7.5, 'regular', MUTED);
    this.text(String(this.pages), 540, 30, 7.5, 'regular', MUTED);
    this.y = 740;
  }

  width(text: string, size: number, weight: 'regular' | 'bold' = 'regular') {
    return this.fonts[weight].widthOfTextAtSize(measurable(text), size);
  }

  text(text: string, x: number, y: number, size: number, weight: 'regular' | 'bold' = 'regular', colour = INK) {
    this.page.pushOperators(
      beginText(),
      setFillingRgbColor(colour.red, colour.green, colour.blue),
      setFontAndSize(weight === 'bold' ? 'CobiBold' : 'CobiRegular', size),
      moveText(x, y),
      showText(encode(text)),
      endText(),
    );
  }

  ensure(space: number) {
    if (this.y - space < 60) this.newPage();
  }

  /** A paragraph wrapped to the page width. */
  paragraph(text: string, size = 10, weight: 'regular' | 'bold' = 'regular', colour = INK, indent = 0) {
    const max = 499 - indent;
    const words = text.split(/\s+/).filter(Boolean);
    let line = '';
    const lines: string[] = [];
    for (const w of words) {
      const next = line ? `${line} ${w}` : w;
      if (this.width(next, size, weight) > max && line) {
        lines.push(line);
        line = w;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      this.ensure(size * 1.5);
      this.text(l, 48 + indent, this.y, size, weight, colour);
      this.y -= size * 1.45;
    }
  }

  gap(n = 8) {
    this.y -= n;
  }

  heading(text: string) {
    this.ensure(40);
    this.gap(6);
    this.text(text, 48, this.y, 12, 'bold', BRAND);
    this.y -= 6;
    this.page.drawLine({ start: { x: 48, y: this.y }, end: { x: 547, y: this.y }, thickness: 0.6, color: BRAND });
    this.y -= 16;
  }

  table(rows: [string, string][]) {
    for (const [i, [label, value]] of rows.entries()) {
      this.ensure(20);
      if (i % 2 === 0) this.page.drawRectangle({ x: 48, y: this.y - 5, width: 499, height: 17, color: rgb(0.95, 0.96, 0.98) });
      this.text(label, 54, this.y, 9, 'regular', MUTED);
      this.text(value, 300, this.y, 9, 'bold');
      this.y -= 17;
    }
  }
}

export interface PdfSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
  table?: [string, string][];
}

export interface PdfInput {
  /** Shown in the blue header, e.g. "KARTA KATALOGOWA / DATASHEET". */
  kind: string;
  title: string;
  subtitle?: string;
  sections: PdfSection[];
  /** Document metadata. */
  subject?: string;
}

/** A small valid A4 PDF with the brand header, Polish and English text, tables and lists. */
export async function makePdf(input: PdfInput): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(input.title);
  doc.setAuthor(COMPANY.name);
  doc.setSubject(input.subject ?? input.kind);
  doc.setCreator('COBI NET');
  doc.setProducer('COBI NET (pdf-lib)');
  doc.setCreationDate(DATE);
  doc.setModificationDate(DATE);
  const fonts = await measuringFonts();
  const differences = [0x80, ...POLISH.map(([, name]) => PDFName.of(name))];
  const fontRef = (base: string) =>
    doc.context.register(
      doc.context.obj({
        Type: 'Font',
        Subtype: 'Type1',
        BaseFont: base,
        Encoding: doc.context.obj({ Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences }),
      }),
    );
  const w = new Writer(doc, fonts, { F1: fontRef('Helvetica'), F2: fontRef('Helvetica-Bold') }, { kind: input.kind });
  w.newPage();
  w.paragraph(input.title, 17, 'bold');
  if (input.subtitle) w.paragraph(input.subtitle, 11, 'regular', MUTED);
  w.gap(6);
  for (const s of input.sections) {
    w.heading(s.heading);
    for (const p of s.paragraphs ?? []) {
      w.paragraph(p);
      w.gap(4);
    }
    for (const b of s.bullets ?? []) w.paragraph(`•  ${b}`, 10, 'regular', INK, 6);
    if (s.table) w.table(s.table);
    w.gap(4);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** A CAD drawing (DXF R12, ASCII) of a product's front and side outline with its dimensions in mm. */
export function makeDxf(input: { title: string; width: number; height: number; depth: number; units?: number }): Buffer {
  const out: string[] = [];
  const pair = (code: number, value: string | number) => out.push(String(code), typeof value === 'number' ? value.toFixed(3) : value);
  const line = (x1: number, y1: number, x2: number, y2: number, layer = 'OUTLINE') => {
    pair(0, 'LINE');
    pair(8, layer);
    pair(10, x1);
    pair(20, y1);
    pair(30, 0);
    pair(11, x2);
    pair(21, y2);
    pair(31, 0);
  };
  const rect = (x: number, y: number, w: number, h: number, layer?: string) => {
    line(x, y, x + w, y, layer);
    line(x + w, y, x + w, y + h, layer);
    line(x + w, y + h, x, y + h, layer);
    line(x, y + h, x, y, layer);
  };
  const text = (x: number, y: number, h: number, value: string) => {
    pair(0, 'TEXT');
    pair(8, 'TEXT');
    pair(10, x);
    pair(20, y);
    pair(30, 0);
    pair(40, h);
    pair(
      1,
      value.replace(/[^\x20-\x7e]/g, (c) => 'ACELNOSZZacelnoszz'['ĄĆĘŁŃÓŚŹŻąćęłńóśźż'.indexOf(c)] ?? '?'),
    );
  };
  const { width: w, height: h, depth: d } = input;
  pair(0, 'SECTION');
  pair(2, 'HEADER');
  pair(9, '$ACADVER');
  pair(1, 'AC1009');
  pair(9, '$INSUNITS');
  pair(70, '4');
  pair(0, 'ENDSEC');
  pair(0, 'SECTION');
  pair(2, 'ENTITIES');
  // Front view, side view to its right, 19" rails and unit marks when the product has units.
  rect(0, 0, w, h);
  rect(w + 200, 0, d, h);
  if (input.units) {
    const pitch = 44.45;
    const railX = (w - 465) / 2;
    rect(railX, 40, 15.875, input.units * pitch, 'RAILS');
    rect(w - railX - 15.875, 40, 15.875, input.units * pitch, 'RAILS');
    for (let u = 0; u <= input.units; u++) line(railX - 10, 40 + u * pitch, railX, 40 + u * pitch, 'RAILS');
  }
  line(0, -60, w, -60, 'DIMENSIONS');
  text(w / 2 - 60, -110, 30, `${w} mm`);
  line(w + 200, -60, w + 200 + d, -60, 'DIMENSIONS');
  text(w + 200 + d / 2 - 60, -110, 30, `${d} mm`);
  line(-60, 0, -60, h, 'DIMENSIONS');
  text(-260, h / 2, 30, `${h} mm`);
  text(0, h + 80, 40, input.title);
  text(0, h + 30, 24, `${COMPANY.name} - ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}`);
  pair(0, 'ENDSEC');
  pair(0, 'EOF');
  return Buffer.from(`${out.join('\r\n')}\r\n`, 'ascii');
}

/**
 * A Revit family file of the demo catalogue: a small binary with the family's parameters.
 * (The demo cannot run Revit; the bytes are deterministic and stored as application/octet-stream.)
 */
export function makeRfa(input: { title: string; width: number; height: number; depth: number }): Buffer {
  const header = Buffer.from('COBINET-RFA\0', 'ascii');
  const params = Buffer.from(
    JSON.stringify({ family: input.title, manufacturer: COMPANY.name, width_mm: input.width, height_mm: input.height, depth_mm: input.depth }),
    'utf8',
  );
  const body = Buffer.alloc(2048);
  let s = 0;
  for (const ch of input.title) s = (s * 31 + ch.charCodeAt(0)) >>> 0;
  for (let i = 0; i < body.length; i++) {
    s = (s * 1103515245 + 12345) >>> 0;
    body[i] = s >>> 24;
  }
  return Buffer.concat([header, params, body]);
}
