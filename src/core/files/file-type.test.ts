// The one file-type detector (issue 37, hole 3): signatures at offset 0, active content of every
// type, the stored name's extension from the detected type.
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeZip } from '~tests/helpers/zip';
import { ATTACHMENT_KINDS } from './attachments.server';
import { checkFileType, detectFileType, hasActiveContent, nameForType } from './file-type.server';
import { safeFilename } from './storage.server';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog /OpenAction [3 0 R /XYZ null null 0] >> endobj\n%%EOF\n', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]);
const XLSX = makeZip([
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
]);
const kind = (data: Buffer, name = '') => detectFileType(data, name)?.kind ?? null;

describe('detectFileType: the signature at offset 0', () => {
  it('knows each type by its first bytes, whatever the name', () => {
    expect(kind(PDF, 'x.bin')).toBe('pdf');
    expect(kind(PNG, 'a.pdf')).toBe('png');
    expect(kind(JPEG)).toBe('jpeg');
    expect(kind(Buffer.from('GIF89a....'))).toBe('gif');
    expect(kind(Buffer.from('RIFF0000WEBPVP8 '))).toBe('webp');
    expect(kind(Buffer.from('\0\0\0\x1cftypavif\0\0\0\0', 'latin1'))).toBe('avif');
    expect(kind(makeZip([{ name: 'a.txt', data: Buffer.from('x') }]))).toBe('zip');
    expect(kind(XLSX, 'Pomiary.zip')).toBe('xlsx');
    expect(kind(Buffer.from('d0cf11e0a1b11ae1', 'hex'), 'rodzina.rfa')).toBe('ole');
    expect(kind(Buffer.from('AC1032\0\0'))).toBe('dwg');
    expect(kind(Buffer.from('  0\nSECTION\n'))).toBe('dxf');
    expect(kind(Buffer.from([0x00, 0x10, 0x20]), 'kanal.flw')).toBe('flw');
  });

  it('"%PDF-" or another signature later in the file is nothing', () => {
    expect(kind(Buffer.from('<html><!-- %PDF-1.4 --><script>alert(1)</script></html>'), 'x.pdf')).toBeNull();
    expect(kind(Buffer.concat([Buffer.from('MZ\x90\0'.padEnd(10, '\0'), 'latin1'), Buffer.from('%PDF-1.4')]), 'x.pdf')).toBeNull();
    expect(kind(Buffer.concat([Buffer.from(' '), PNG]))).toBeNull();
    expect(kind(Buffer.from('PK\x03\x04 no directory', 'latin1'), 'a.zip')).toBeNull();
    expect(kind(Buffer.from('plain text'), 'notes.txt')).toBeNull();
  });

  it('a .flw is binary and no other type: text (CSV, script, PHP) is refused', () => {
    expect(kind(Buffer.from('tor;długość;wynik\r\n1;45,2;PASS\r\n'), 'pomiary.flw')).toBeNull();
    expect(kind(Buffer.from('<?php system($_GET["c"]); ?>'), 'kanal.flw')).toBeNull();
    expect(kind(Buffer.from('\ufefftor;wynik\n', 'utf16le'), 'kanal.flw')).toBeNull();
    expect(kind(Buffer.alloc(0), 'kanal.flw')).toBeNull();
    expect(kind(Buffer.concat([Buffer.from('LinkWare PC project '), Buffer.from([0x00, 0x00, 0x01, 0x7f])]), 'kanal.flw')).toBe('flw');
  });
});

describe('hasActiveContent / checkFileType', () => {
  it('refuses programs and pages whatever the name, also as a .flw', () => {
    for (const name of ['setup.zip', 'kanal.flw', 'x.pdf']) {
      expect(checkFileType(Buffer.from('MZ\x90\x00\x03\x00', 'latin1'), name, ATTACHMENT_KINDS)).toBeNull();
      expect(checkFileType(Buffer.from('\x7fELF\x02\x01', 'latin1'), name, ATTACHMENT_KINDS)).toBeNull();
    }
    expect(checkFileType(Buffer.concat([Buffer.from([0, 1, 2]), Buffer.from('<script>alert(1)</script>')]), 'kanal.flw', ATTACHMENT_KINDS)).toBeNull();
  });

  it('refuses markup a browser would sniff in the first kilobyte of an image or PDF', () => {
    expect(checkFileType(Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script>')]), 'a.png', ATTACHMENT_KINDS)).toBeNull();
    expect(checkFileType(Buffer.from('%PDF-1.4\n<html><body onload=alert(1)>'), 'a.pdf', ATTACHMENT_KINDS)).toBeNull();
  });

  it('refuses PDFs that run JavaScript or programs, plain, name-escaped or in a compressed object stream', () => {
    const js = Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF', 'latin1');
    expect(checkFileType(js, 'a.pdf', ['pdf'])).toBeNull();
    expect(checkFileType(Buffer.from('%PDF-1.4\n<< /S /Launch /F (cmd.exe) >>\n%%EOF'), 'a.pdf', ['pdf'])).toBeNull();
    expect(checkFileType(Buffer.from('%PDF-1.4\n<< /S /JavaScr#69pt /J#53 (x) >>\n%%EOF'), 'a.pdf', ['pdf'])).toBeNull();
    const objects = deflateSync(Buffer.from('5 0 << /S /JavaScript /JS (app.alert(1)) >>'));
    const hidden = Buffer.concat([
      Buffer.from(`%PDF-1.7\n4 0 obj << /Type /ObjStm /N 1 /First 4 /Length ${objects.length} /Filter /FlateDecode >> stream\n`, 'latin1'),
      objects,
      Buffer.from('\nendstream endobj\n%%EOF', 'latin1'),
    ]);
    expect(hasActiveContent(hidden, { kind: 'pdf', contentType: 'application/pdf', exts: ['pdf'] })).toBe(true);
  });

  it('accepts ordinary PDFs: /OpenAction to a page, names that only start like /JS, pdf-lib output with object streams', async () => {
    expect(checkFileType(PDF, 'a.pdf', ['pdf'])?.kind).toBe('pdf');
    expect(checkFileType(Buffer.from('%PDF-1.4\n<< /BaseFont /JSans-Bold /Font /JSMono >>\n%%EOF'), 'a.pdf', ['pdf'])?.kind).toBe('pdf');
    const doc = await PDFDocument.create();
    doc.addPage().drawText('Karta katalogowa');
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, PDFName.of('Fit')]));
    doc.setTitle('Kabel');
    expect(checkFileType(Buffer.from(await doc.save({ useObjectStreams: true })), 'karta.pdf', ['pdf'])?.kind).toBe('pdf');
    // The same document with a script action in its (compressed) catalogue is refused.
    const bad = await PDFDocument.create();
    bad.addPage();
    bad.catalog.set(PDFName.of('OpenAction'), bad.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') }));
    expect(checkFileType(Buffer.from(await bad.save({ useObjectStreams: true })), 'x.pdf', ['pdf'])).toBeNull();
  });

  it('refuses archives with programs, scripts or macros inside', () => {
    expect(checkFileType(makeZip([{ name: 'faktura.pdf.exe', data: Buffer.from('x') }]), 'a.zip', ATTACHMENT_KINDS)).toBeNull();
    expect(checkFileType(makeZip([{ name: 'dir/run.js', data: Buffer.from('x') }]), 'a.zip', ATTACHMENT_KINDS)).toBeNull();
    const macro = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/vbaProject.bin', data: Buffer.from('x') },
    ]);
    expect(checkFileType(macro, 'a.xlsx', ATTACHMENT_KINDS)).toBeNull();
    expect(checkFileType(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.from('_VBA_PROJECT', 'utf16le')]), 'a.doc', ['ole'])).toBeNull();
    expect(checkFileType(XLSX, 'a.xlsx', ATTACHMENT_KINDS)?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('only the kinds the box takes; office files count as ZIP', () => {
    expect(checkFileType(PNG, 'x.pdf', ['pdf'])).toBeNull();
    const docx = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'word/document.xml', data: Buffer.from('<w/>') },
    ]);
    expect(checkFileType(docx, 'pismo.zip', ['zip'])?.filename).toBe('pismo.docx');
  });
});

describe('stored names', () => {
  it('take the extension of the detected type', () => {
    expect(checkFileType(PDF, 'report.exe', ['pdf'])?.filename).toBe('report.pdf');
    expect(checkFileType(PNG, 'x.pdf', ['png'])?.filename).toBe('x.png');
    expect(checkFileType(JPEG, 'foto.JPEG', ['jpeg'])?.filename).toBe('foto.JPEG');
    expect(nameForType('bez rozszerzenia', { exts: ['pdf'] })).toBe('bez rozszerzenia.pdf');
    expect(nameForType('.pdf', { exts: ['pdf'] })).toBe('.pdf');
  });

  it('lose bidi and control characters (U+0000-U+001F, U+200E/F, U+202A-U+202E, U+2066-U+2069)', () => {
    expect(safeFilename('faktura\u202Efdp.exe')).toBe('fakturafdp.exe');
    expect(safeFilename('a\u200e\u200fb\u202a\u202b\u202c\u202dc\u2066\u2067\u2068\u2069d\u0000\u001f\u0007.pdf')).toBe('abcd.pdf');
    expect(checkFileType(PDF, 'invoice\u202Efdp.exe', ['pdf'])?.filename).toBe('invoicefdp.pdf');
    expect(safeFilename('Świadectwo łączności.pdf')).toBe('Świadectwo łączności.pdf');
  });
});
