// The attachment rules shared by every form: type by content (never by name alone), the list
// schema (ids, files, unique names) with the SPEC section 5 messages.
import { describe, expect, it } from 'vitest';
import { attachmentsSchema } from './attachments';
import { attachmentContentType, checkAttachmentFiles } from './attachments.server';

const PDF = Buffer.from('%PDF-1.7\n...', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('[Content_Types].xml xl/workbook.xml')]);
const up = (data: Buffer, filename: string) => ({ filename, data });

describe('attachmentContentType', () => {
  it('decides by the bytes: PDF, JPEG, PNG, GIF, WebP, ZIP, XLSX', () => {
    expect(attachmentContentType(PDF, 'x.bin')).toBe('application/pdf');
    expect(attachmentContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'a.jpg')).toBe('image/jpeg');
    expect(attachmentContentType(PNG, 'a.pdf')).toBe('image/png');
    expect(attachmentContentType(Buffer.from('GIF89a....'), 'a.gif')).toBe('image/gif');
    expect(attachmentContentType(Buffer.from('RIFF0000WEBPVP8 '), 'a.webp')).toBe('image/webp');
    expect(attachmentContentType(ZIP, 'a.zip')).toBe('application/zip');
    expect(attachmentContentType(ZIP, 'Pomiary.XLSX')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('a LinkWare .flw is a binary download unless its bytes are markup or a program', () => {
    expect(attachmentContentType(Buffer.from([0x00, 0x10, 0x20]), 'kanal.flw')).toBe('application/octet-stream');
    expect(attachmentContentType(Buffer.from('<html><script>x</script>'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('  <svg onload=x>'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('MZ\x90\x00'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.alloc(0), 'kanal.flw')).toBeNull();
  });

  it('a .flw must be binary: a renamed text file (CSV, JavaScript, PHP, UTF-16 text) is refused', () => {
    expect(attachmentContentType(Buffer.from('tor;długość;wynik\r\n1;45,2;PASS\r\n'), 'pomiary.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('fetch("/api/x").then((r) => r.text());\n'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('<?php system($_GET["c"]); ?>'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('\ufefftor;wynik\n', 'utf16le'), 'kanal.flw')).toBeNull();
    expect(attachmentContentType(Buffer.from('\tnazwa\fstrona\x1b[0m\n'), 'kanal.flw')).toBeNull();
    // Binary bytes anywhere in the file make it a measurement, not only at its start.
    expect(attachmentContentType(Buffer.concat([Buffer.from('LinkWare PC project '), Buffer.from([0x00, 0x00, 0x01, 0x7f])]), 'kanal.flw')).toBe('application/octet-stream');
    expect(attachmentContentType(Buffer.concat([Buffer.from('x'.repeat(70_000)), Buffer.from([0x02])]), 'kanal.flw')).toBe('application/octet-stream');
  });

  it('refuses what is none of these, whatever the name says', () => {
    expect(attachmentContentType(Buffer.from('<html></html>'), 'faktura.pdf')).toBeNull();
    expect(attachmentContentType(Buffer.from('plain text'), 'notes.txt')).toBeNull();
    expect(attachmentContentType(Buffer.from('MZ\x90\x00'), 'setup.zip')).toBeNull();
  });
});

describe('attachmentsSchema', () => {
  const id = () => crypto.randomUUID();
  it('a missing file is "Pole jest wymagane." on attachments.N.file; a repeated name is refused on the second', () => {
    const missing = attachmentsSchema('pl').safeParse([
      { id: id(), file: up(PDF, 'a.pdf'), filename: 'a.pdf' },
      { id: id(), filename: 'b.pdf' },
    ]);
    expect(missing.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['1.file', 'Pole jest wymagane.']]);
    const repeated = attachmentsSchema('pl').safeParse([
      { id: id(), file: up(PDF, 'a.pdf'), filename: 'a.pdf' },
      { id: id(), file: up(PDF, 'b.pdf'), filename: 'b.pdf' },
      { id: id(), file: up(PDF, 'a.pdf'), filename: 'a.pdf' },
    ]);
    expect(repeated.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['2.file', 'Istnieje już załącznik o tej nazwie.']]);
  });

  it('an empty value is no attachments; a required list needs one', () => {
    expect(attachmentsSchema('pl').parse('')).toEqual([]);
    const r = attachmentsSchema('en', { required: true }).safeParse(undefined);
    expect(r.error?.issues.map((i) => i.message)).toEqual(['This field is required.']);
  });

  it('kinds are checked when the form has them', () => {
    const schema = attachmentsSchema('pl', { kinds: ['lan', 'fibre'] as const });
    expect(schema.safeParse([{ id: id(), file: up(PDF, 'a.pdf'), filename: 'a.pdf', kind: 'lan' }]).success).toBe(true);
    expect(schema.safeParse([{ id: id(), file: up(PDF, 'a.pdf'), filename: 'a.pdf', kind: 'copper' }]).error?.issues[0].path).toEqual([0, 'kind']);
  });
});

describe('checkAttachmentFiles', () => {
  it('refuses by content on attachments.N.file and keeps the accepted ones with their types', () => {
    const { errors, files } = checkAttachmentFiles(
      [
        { id: 'a', file: up(PDF, 'x.pdf'), filename: 'x.pdf' },
        { id: 'b', file: up(Buffer.from('<html>'), 'y.pdf'), filename: 'y.pdf' },
      ],
      'pl',
    );
    expect(errors).toEqual({ 'attachments.1.file': ['Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.'] });
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([['x.pdf', 'application/pdf']]);
  });
});
