import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFPage, PDFRawStream } from 'pdf-lib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfText } from '~tests/helpers/pdf-text';
import { createDocument } from './document.server';

const DATE = new Date('2026-03-02T09:30:00Z');

describe('PDF documents', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes Polish letters that a viewer reads back, with the letterhead and page numbers', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Zażółć gęślą jaźń', reference: 'ZAM/2026/0001', date: DATE });
    doc
      .heading('Dane zamówienia')
      .keyValues([['Nabywca', 'Przedsiębiorstwo Łączności „Żuraw” sp. z o.o.']])
      .paragraph('Zażółć gęślą jaźń. ZAŻÓŁĆ GĘŚLĄ JAŹŃ.');
    const bytes = await doc.save();
    const { pages, info, sizes } = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    expect(sizes[0]?.width).toBeCloseTo(595.28, 1);
    expect(sizes[0]?.height).toBeCloseTo(841.89, 1);
    const text = pages[0] ?? '';
    expect(text).toContain('Zażółć gęślą jaźń');
    expect(text).toContain('ZAŻÓŁĆ GĘŚLĄ JAŹŃ');
    expect(text).toContain('Przedsiębiorstwo Łączności „Żuraw” sp. z o.o.');
    // letterhead: company, address, reference, date; footer: page number
    expect(text).toContain('COBI NET');
    expect(text).toContain('ul. Usługowa 10B, 64-100 Leszno, Polska');
    expect(text).toContain('ZAM/2026/0001');
    expect(text).toContain('Data: 02.03.2026');
    expect(text).toContain('Strona 1 z 1');
    expect(info.Title).toBe('Zażółć gęślą jaźń');
    expect(info.Author).toBe('COBI NET');
    expect(info.Language).toBe('pl-PL');
  });

  it('embeds its own font, so no machine font is needed, and makes the same bytes from the same input', async () => {
    const make = async () => {
      const doc = await createDocument({ locale: 'en', title: 'Warranty certificate', date: DATE });
      doc.paragraph('Zażółć gęślą jaźń');
      return doc.save();
    };
    const a = await make();
    const b = await make();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const loaded = await PDFDocument.load(a);
    expect(loaded.getTitle()).toBe('Warranty certificate');
    expect(loaded.getAuthor()).toBe('COBI NET');
    expect(loaded.getCreationDate()?.toISOString()).toBe(DATE.toISOString());
    const raw = Buffer.from(a).toString('latin1');
    expect(raw).toMatch(/\/FontFile2 /); // a TrueType font program inside the file
    // A subset's name: a six-letter tag, "+", the font's name (PDF 32000-1, 9.6.4), distinct per subset.
    const names = [...raw.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((m) => m[1]);
    expect([...new Set(names.filter((n) => n?.includes('DejaVu')))].sort()).toEqual(['CBNBLD+DejaVuSansCondensed-Bold', 'CBNREG+DejaVuSansCondensed']);
    expect(raw).toMatch(/\/FontName \/CBNREG\+DejaVuSansCondensed/);
    expect(a.length).toBeLessThan(40_000); // the glyphs used, not the 600 kB font
    expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Arial|Times)/);
  });

  it('embeds subsets whose glyphs all have their outlines (a viewer draws every letter)', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Zażółć gęślą jaźń', date: DATE });
    doc.paragraph('Potwierdzenie zamówienia: ZAŻÓŁĆ GĘŚLĄ JAŹŃ, 1 234,50 zł – „cudzysłów”.');
    const loaded = await PDFDocument.load(await doc.save());
    const programs: Uint8Array[] = [];
    for (const [, obj] of loaded.context.enumerateIndirectObjects()) {
      if (!(obj instanceof PDFDict) || obj.get(PDFName.of('Type')) !== PDFName.of('FontDescriptor')) continue;
      const file = loaded.context.lookup(obj.get(PDFName.of('FontFile2')));
      if (file instanceof PDFRawStream) programs.push(decodePDFRawStream(file).decode());
    }
    expect(programs).toHaveLength(2); // regular and bold
    for (const program of programs) {
      const font = fontkit.create(Buffer.from(program));
      const blank: number[] = [];
      for (let id = 1; id < font.numGlyphs; id++) {
        const glyph = font.getGlyph(id);
        if (glyph.path.toSVG() === '') blank.push(id);
      }
      expect(font.numGlyphs).toBeGreaterThan(20);
      expect(blank.length).toBeLessThanOrEqual(2); // the space (and the no-break space)
    }
  });

  it('writes English page numbers and money', async () => {
    const doc = await createDocument({ locale: 'en', title: 'Order confirmation', date: DATE });
    doc.table({
      columns: [
        { header: 'Product', width: 3 },
        { header: 'Quantity', align: 'right' },
        { header: 'Net', money: true },
      ],
      rows: [['Cable', 1000, 123450]],
    });
    const { pages } = await pdfText(await doc.save());
    expect(pages[0]).toContain('Page 1 of 1');
    expect(pages[0]).toContain('PLN 1,234.50');
    expect(pages[0]).toContain('1,000');
    expect(pages[0]).toContain('Date: 02.03.2026');
  });

  it('continues a long table over pages with its header row repeated and the totals at the end', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', reference: 'ZAM/2026/0002', date: DATE });
    const rows = Array.from({ length: 120 }, (_, i) => [`${i + 1}`, `Kabel U/UTP kat. 6 LSOH, pozycja ${i + 1}`, i + 1, 12345 * (i + 1)]);
    doc.table({
      columns: [
        { header: 'Lp.', width: 0.5, align: 'right' },
        { header: 'Produkt', width: 5 },
        { header: 'Ilość', align: 'right' },
        { header: 'Wartość netto', width: 1.6, money: true },
      ],
      rows,
      footer: [[null, 'Razem netto', null, 12345 * 7260]],
    });
    expect(doc.pageCount).toBeGreaterThan(2);
    const bytes = await doc.save();
    const { pages } = await pdfText(bytes);
    expect(pages.length).toBe(doc.pageCount);
    pages.forEach((page, i) => {
      expect(page).toContain(`Strona ${i + 1} z ${pages.length}`);
      expect(page).toContain('Wartość netto'); // the header on every page
      expect(page).toContain('COBI NET');
    });
    const all = pages.join('\n');
    for (const n of [1, 60, 120]) expect(all).toContain(`pozycja ${n}`);
    // every row once, none lost or repeated at a page break
    expect(all.match(/pozycja \d+/g)?.length).toBe(120);
    expect(pages.at(-1)).toContain('Razem netto');
    expect(pages.at(-1)).toContain('Razem netto 896 247,00 zł');
    expect(pages[0]).toContain('1 Kabel U/UTP kat. 6 LSOH, pozycja 1 1 123,45 zł');
  });

  it('wraps long paragraphs and cells and breaks pages between lines', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Umowa najmu miernika', date: DATE });
    const long = 'Najemca zobowiązuje się zwrócić miernik w stanie niepogorszonym. '.repeat(120);
    doc
      .heading('§ 1. Przedmiot umowy', 1)
      .paragraph(long)
      .keyValues([['Okres najmu', '02.03.2026 – 16.03.2026']])
      .signatures(['Wynajmujący', 'Najemca']);
    const { pages } = await pdfText(await doc.save());
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.at(-1)).toContain('Wynajmujący');
    expect(pages.at(-1)).toContain('Najemca');
    // each occurrence of the sentence start survives wrapping and the page break
    expect(pages.join(' ').match(/Najemca zobowiązuje się/g)?.length).toBe(120);
  });

  it('makes a document with a 2,000-letter word, every letter kept, cut to the page width', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', date: DATE });
    const note = 'ż'.repeat(1000) + 'W'.repeat(1000);
    doc
      .heading('Uwagi', 2)
      .paragraph(note)
      .table({
        columns: [
          { header: 'Lp.', width: 0.5 },
          { header: 'Produkt', width: 7 },
        ],
        rows: [['1', note.slice(0, 300)]],
      });
    const { pages } = await pdfText(await doc.save());
    const all = pages.join('');
    expect(all.match(/ż/g)?.length).toBe(1000 + 300);
    expect(all.match(/W/g)?.length).toBe(1000);
  });

  it('keeps a short note on the page it belongs to: with its heading, and on the current page while both fit (issue 41 point 13)', async () => {
    const NOTE = 'Dostawa do 10:00, wjazd od ul. Kablowej.';
    // The first blank space (in steps of 2 points) before the section that sends it to page 2.
    const firstPushed = async (add: (doc: Awaited<ReturnType<typeof createDocument>>) => void) => {
      for (let s = 500; s < 800; s += 2) {
        const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', date: DATE });
        doc.space(s);
        add(doc);
        if (doc.pageCount > 1) return s;
      }
      throw new Error('never pushed');
    };
    const headed = await firstPushed((d) => d.headedParagraph('Uwagi', NOTE));
    // A heading kept with a fixed 60 points whatever follows: a one-line note went to page 2 with 40 points still free.
    const fixedKeep = await firstPushed((d) => d.heading('Uwagi', 2).paragraph(NOTE));
    expect(headed - fixedKeep).toBeGreaterThanOrEqual(30);
    for (const [s, pageOfNote] of [
      [headed - 2, 0],
      [headed, 1],
    ] as const) {
      const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', date: DATE });
      doc.space(s).headedParagraph('Uwagi', NOTE);
      const { pages } = await pdfText(await doc.save());
      expect(pages[pageOfNote]).toContain('Uwagi');
      expect(pages[pageOfNote]).toContain('Dostawa do 10:00');
      if (pageOfNote === 1) expect(pages[0]).not.toContain('Uwagi');
    }
  });

  it('lets other work run while it draws: a callback queued as saving starts runs before the last paragraph is drawn', async () => {
    const doc = await createDocument({ locale: 'pl', title: 'Potwierdzenie zamówienia', date: DATE });
    const drawText = vi.spyOn(PDFPage.prototype, 'drawText');
    doc.heading('Uwagi', 2).paragraph('ż'.repeat(2000)).paragraph('Koniec uwag.');
    let drawnBeforeOtherWork: string[] | undefined;
    const saving = doc.save();
    setImmediate(() => {
      drawnBeforeOtherWork = drawText.mock.calls.map((c) => c[0]);
    });
    await saving;
    const drawn = drawText.mock.calls.map((c) => c[0]);
    expect(drawn).toContain('Koniec uwag.');
    expect(drawnBeforeOtherWork).toBeDefined();
    expect(drawnBeforeOtherWork).not.toContain('Koniec uwag.');
  });
});
