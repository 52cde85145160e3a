import { describe, expect, it } from 'vitest';
import { detectResource, withExtension, zipEntryNames } from '../uploads.server';

/** A ZIP archive of stored (uncompressed) entries, enough for the central-directory reader. */
function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const n = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

describe('detectResource: the type of a download from its bytes', () => {
  it('PDF and RTF by their signatures, whatever the name', () => {
    expect(detectResource(Buffer.from('%PDF-1.7\n...'), 'x.docx')?.contentType).toBe('application/pdf');
    expect(detectResource(Buffer.from('{\\rtf1\\ansi hello}'), 'x.pdf')?.contentType).toBe('application/rtf');
  });

  it('old binary office files (OLE2): the name tells Word, Excel or PowerPoint', () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    expect(detectResource(ole, 'a.xls')?.contentType).toBe('application/vnd.ms-excel');
    expect(detectResource(ole, 'a.doc')?.contentType).toBe('application/msword');
    expect(detectResource(ole, 'a.bin')?.contentType).toBe('application/vnd.ms-office');
  });

  it('OOXML and OpenDocument by the archive entries, other ZIPs as ZIP', () => {
    const docx = zip([
      ['[Content_Types].xml', '<Types/>'],
      ['word/document.xml', '<w:document/>'],
    ]);
    expect(zipEntryNames(docx)).toEqual(['[Content_Types].xml', 'word/document.xml']);
    expect(detectResource(docx, 'x.zip')?.exts[0]).toBe('docx');
    const xlsx = zip([
      ['[Content_Types].xml', '<Types/>'],
      ['xl/workbook.xml', '<workbook/>'],
    ]);
    expect(detectResource(xlsx, 'x')?.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const odt = zip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office/>'],
    ]);
    expect(detectResource(odt, 'x.zip')?.contentType).toBe('application/vnd.oasis.opendocument.text');
    expect(detectResource(zip([['readme.txt', 'hi']]), 'pack.docx')?.contentType).toBe('application/zip');
  });

  it('refuses anything else: programs, HTML, scripts, a truncated ZIP', () => {
    expect(detectResource(Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), 'a.pdf')).toBeNull();
    expect(detectResource(Buffer.from('<!doctype html><script></script>'), 'a.doc')).toBeNull();
    expect(detectResource(Buffer.from('#!/bin/sh\nrm -rf /\n'), 'a.zip')).toBeNull();
    expect(detectResource(zip([['a', 'b']]).subarray(0, 40), 'a.zip')).toBeNull();
  });
});

describe('withExtension', () => {
  it('keeps a fitting extension and adds the real one otherwise', () => {
    expect(withExtension('Katalog.PDF', ['pdf'])).toBe('Katalog.PDF');
    expect(withExtension('katalog', ['pdf'])).toBe('katalog.pdf');
    expect(withExtension('raport.exe', ['pdf'])).toBe('raport.pdf');
    expect(withExtension('../../etc/passwd', ['pdf'])).toBe('passwd.pdf');
  });
});
