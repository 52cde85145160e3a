// Builds the PDF documents of the content feature (run once, the outputs are committed):
//   public/resources/warunki-gwarancji-25-lat.pdf, public/resources/25-year-warranty-conditions.pdf
//     (the warranty conditions linked from the guarantee page, served as static files)
//   src/features/content/demo/files/*.pdf (the knowledge-base files of the demo content)
// Usage: node src/features/content/demo/pdf/build-pdfs.mjs
// Needs pdf-lib and @pdf-lib/fontkit (dev dependency) and a TrueType font with Polish letters
// (Liberation Sans, Debian package fonts-liberation; FONT_DIR overrides the folder).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb } from 'pdf-lib';
import { documents } from './documents.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../../..');
const fontDir = process.env.FONT_DIR ?? '/usr/share/fonts/truetype/liberation';

const BRAND = rgb(0x15 / 255, 0x49 / 255, 0xc6 / 255);
const DARK = rgb(0x0b / 255, 0x2e / 255, 0x6e / 255);
const TEXT = rgb(0.16, 0.19, 0.25);
const MUTED = rgb(0.39, 0.45, 0.55);
const LINE = rgb(0.85, 0.88, 0.92);

const A4 = [595.28, 841.89];
const MARGIN = 56;

async function render(doc) {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(readFileSync(path.join(fontDir, 'LiberationSans-Regular.ttf')), { subset: true });
  const bold = await pdf.embedFont(readFileSync(path.join(fontDir, 'LiberationSans-Bold.ttf')), { subset: true });
  pdf.setTitle(doc.title);
  pdf.setSubject(doc.subtitle ?? doc.title);
  pdf.setAuthor('COBI NET');
  pdf.setCreator('COBI NET');
  pdf.setProducer('COBI NET');
  pdf.setLanguage(doc.lang ?? 'pl-PL');
  const fixed = new Date('2025-01-15T09:00:00Z');
  pdf.setCreationDate(fixed);
  pdf.setModificationDate(fixed);

  const width = A4[0] - 2 * MARGIN;
  let page;
  let y;

  const newPage = () => {
    page = pdf.addPage(A4);
    // Header band with the brand name and the document reference.
    page.drawRectangle({ x: 0, y: A4[1] - 70, width: A4[0], height: 70, color: DARK });
    page.drawRectangle({ x: MARGIN, y: A4[1] - 48, width: 20, height: 20, color: BRAND });
    page.drawRectangle({ x: MARGIN + 4, y: A4[1] - 36, width: 12, height: 2.2, color: rgb(1, 1, 1) });
    page.drawRectangle({ x: MARGIN + 4, y: A4[1] - 41, width: 12, height: 2.2, color: rgb(1, 1, 1) });
    page.drawRectangle({ x: MARGIN + 4, y: A4[1] - 46, width: 8, height: 2.2, color: rgb(1, 1, 1) });
    page.drawText('COBI NET', { x: MARGIN + 28, y: A4[1] - 44, size: 16, font: bold, color: rgb(1, 1, 1) });
    if (doc.reference) {
      const w = regular.widthOfTextAtSize(doc.reference, 9);
      page.drawText(doc.reference, { x: A4[0] - MARGIN - w, y: A4[1] - 42, size: 9, font: regular, color: rgb(0.85, 0.9, 1) });
    }
    y = A4[1] - 110;
  };

  const ensure = (needed) => {
    if (y - needed < 80) newPage();
  };

  const wrap = (text, font, size, maxWidth) => {
    const lines = [];
    for (const para of String(text).split('\n')) {
      let line = '';
      for (const word of para.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (font.widthOfTextAtSize(candidate, size) > maxWidth && line) {
          lines.push(line);
          line = word;
        } else line = candidate;
      }
      lines.push(line);
    }
    return lines;
  };

  const paragraph = (text, { font = regular, size = 10.5, color = TEXT, indent = 0, gap = 8, leading = 1.45 } = {}) => {
    for (const line of wrap(text, font, size, width - indent)) {
      ensure(size * leading);
      page.drawText(line, { x: MARGIN + indent, y, size, font, color });
      y -= size * leading;
    }
    y -= gap;
  };

  const heading = (text, size = 13) => {
    ensure(size * 3);
    y -= 6;
    paragraph(text, { font: bold, size, color: DARK, gap: 4 });
  };

  const bullets = (items, numbered = false) => {
    items.forEach((item, i) => {
      const mark = numbered ? `${i + 1}.` : '•';
      const lines = wrap(item, regular, 10.5, width - 18);
      ensure(15);
      page.drawText(mark, { x: MARGIN + 2, y, size: 10.5, font: numbered ? bold : regular, color: BRAND });
      for (const line of lines) {
        ensure(15);
        page.drawText(line, { x: MARGIN + 18, y, size: 10.5, font: regular, color: TEXT });
        y -= 15.2;
      }
      y -= 3;
    });
    y -= 6;
  };

  const table = (head, rows, widths) => {
    const total = widths.reduce((a, b) => a + b, 0);
    const cols = widths.map((w) => (w / total) * width);
    const drawRow = (cells, font, fill) => {
      const wrapped = cells.map((c, i) => wrap(c, font, 9, cols[i] - 10));
      const h = Math.max(...wrapped.map((l) => l.length)) * 12 + 8;
      ensure(h);
      if (fill) page.drawRectangle({ x: MARGIN, y: y - h + 10, width, height: h, color: fill });
      let x = MARGIN;
      wrapped.forEach((lines, i) => {
        for (const [j, line] of lines.entries()) page.drawText(line, { x: x + 5, y: y - j * 12, size: 9, font, color: fill === BRAND ? rgb(1, 1, 1) : TEXT });
        x += cols[i];
      });
      y -= h;
      page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: MARGIN + width, y: y + 10 }, thickness: 0.5, color: LINE });
    };
    drawRow(head, bold, BRAND);
    for (const [i, r] of rows.entries()) drawRow(r, regular, i % 2 ? rgb(0.96, 0.97, 0.99) : undefined);
    y -= 12;
  };

  newPage();
  paragraph(doc.title, { font: bold, size: 20, color: DARK, leading: 1.25, gap: 2 });
  if (doc.subtitle) paragraph(doc.subtitle, { size: 12, color: MUTED, gap: 14 });
  page.drawLine({ start: { x: MARGIN, y: y + 6 }, end: { x: MARGIN + width, y: y + 6 }, thickness: 1, color: LINE });
  y -= 10;

  for (const block of doc.blocks) {
    if (block.h) heading(block.h, block.level === 1 ? 16 : 13);
    if (block.p) for (const p of [].concat(block.p)) paragraph(p);
    if (block.ul) bullets(block.ul);
    if (block.ol) bullets(block.ol, true);
    if (block.table) table(block.table.head, block.table.rows, block.table.widths);
    if (block.pageBreak) newPage();
  }

  // Footer on every page: address and page number.
  const pages = pdf.getPages();
  pages.forEach((p, i) => {
    p.drawLine({ start: { x: MARGIN, y: 52 }, end: { x: A4[0] - MARGIN, y: 52 }, thickness: 0.5, color: LINE });
    p.drawText('COBI NET · ul. Usługowa 10B · 64-100 Leszno · biuro@cobinet.pl', { x: MARGIN, y: 38, size: 8, font: regular, color: MUTED });
    const n = `${i + 1} / ${pages.length}`;
    p.drawText(n, { x: A4[0] - MARGIN - regular.widthOfTextAtSize(n, 8), y: 38, size: 8, font: regular, color: MUTED });
  });
  return pdf.save({ useObjectStreams: true });
}

for (const doc of documents) {
  const out = path.join(root, doc.out);
  mkdirSync(path.dirname(out), { recursive: true });
  const bytes = await render(doc);
  writeFileSync(out, bytes);
  console.log(`${doc.out}: ${bytes.length} bytes`);
}
