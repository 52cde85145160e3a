// Reads a PDF back as a viewer does (Mozilla's pdf.js): its pages' text, in reading order, and its
// metadata. Tests of generated documents check what a person would see and could copy.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  /**
   * The text of each page, items joined by spaces, lines by "\n". A no-break space comes back as a
   * plain space (a font draws both with one glyph, and the file maps that glyph to one character).
   */
  pages: string[];
  info: Record<string, unknown>;
  /** Each page's size in points. */
  sizes: { width: number; height: number }[];
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js takes ownership of the buffer it is given: hand it a copy.
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    const sizes: { width: number; height: number }[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      sizes.push({ width: x1 - x0, height: y1 - y0 });
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        text += item.hasEOL ? '\n' : ' ';
      }
      pages.push(
        text
          .replace(/\u00a0/g, ' ')
          .replace(/[ ]+\n/g, '\n')
          .replace(/[ ]{2,}/g, ' ')
          .trim(),
      );
    }
    const { info } = await doc.getMetadata();
    return { pages, info: info as Record<string, unknown>, sizes };
  } finally {
    await doc.destroy();
  }
}
