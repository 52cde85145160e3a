import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeDxf, makePdf, makeRfa } from '../demo/documents.server';

describe('demo documents', () => {
  it('makes a valid, deterministic PDF whose fonts name the Polish glyphs', async () => {
    const input = {
      kind: 'KARTA KATALOGOWA',
      title: 'Szafa stojąca – żółć',
      sections: [{ heading: 'Opis', paragraphs: ['Zażółć gęślą jaźń'], table: [['Wysokość', '42U']] as [string, string][] }],
    };
    const pdf = await makePdf(input);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-7).toString()).toContain('%%EOF');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Szafa stojąca – żółć');
    const text = pdf.toString('latin1');
    expect(text).toMatch(/\/Differences \[ ?128 \/Aogonek \/aogonek \/Cacute/);
    expect(text).toContain('/zdotaccent');
    expect((await makePdf(input)).equals(pdf)).toBe(true);
  });

  it('makes a DXF drawing with the outline, rails and dimensions of a cabinet', () => {
    const dxf = makeDxf({ title: 'Szafa 42U', width: 600, height: 2057, depth: 600, units: 42 }).toString('ascii');
    expect(dxf.startsWith('0\r\nSECTION\r\n2\r\nHEADER')).toBe(true);
    expect(dxf.endsWith('0\r\nEOF\r\n')).toBe(true);
    expect(dxf.match(/\r\nLINE\r\n/g)?.length).toBeGreaterThan(50);
    expect(dxf).toContain('\r\n1\r\nSzafa 42U\r\n');
    expect(dxf).toContain('2057 mm');
  });

  it('makes a Revit family file with the family parameters', () => {
    const rfa = makeRfa({ title: 'Floor cabinet 42U', width: 600, height: 2057, depth: 800 });
    expect(rfa.subarray(0, 11).toString()).toBe('COBINET-RFA');
    expect(rfa.toString('utf8')).toContain('"depth_mm":800');
    expect(makeRfa({ title: 'Floor cabinet 42U', width: 600, height: 2057, depth: 800 }).equals(rfa)).toBe(true);
  });
});
