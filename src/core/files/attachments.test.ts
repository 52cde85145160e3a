// The attachment rules shared by every form: type by content (never by name alone), the list
// schema (ids, files, unique names) with the SPEC section 5 messages.
import { describe, expect, it } from 'vitest';
import { attachmentRefusal } from '~/core/ui/attachment-adder';
import { attachmentsSchema } from './attachments';
import { checkAttachmentFiles } from './attachments.server';

const PDF = Buffer.from('%PDF-1.7\n...', 'latin1');
const up = (data: Buffer, filename: string) => ({ filename, data });

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

  it('a name may repeat in different boxes (kinds), not within one: the rule a box applies as a file is added (issue 41 point 3)', () => {
    const schema = attachmentsSchema('pl', { kinds: ['lan', 'fibre'] as const });
    const list = [
      { id: id(), file: up(PDF, 'raport.pdf'), filename: 'raport.pdf', kind: 'lan' },
      { id: id(), file: up(PDF, 'raport.pdf'), filename: 'raport.pdf', kind: 'fibre' },
    ];
    expect(schema.safeParse(list).success).toBe(true);
    const twice = schema.safeParse([...list, { id: id(), file: up(PDF, 'raport.pdf'), filename: ' raport.pdf ', kind: 'fibre' }]);
    expect(twice.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['2.file', 'Istnieje już załącznik o tej nazwie.']]);
    // The box (one kind) refuses exactly what the save would.
    const box = [{ id: 'a', file: new File(['%PDF'], 'raport.pdf'), filename: 'raport.pdf' }];
    expect(attachmentRefusal(new File(['%PDF'], 'raport.pdf'), box)).toBe('duplicate');
    expect(attachmentRefusal(new File(['%PDF'], 'inny.pdf'), box)).toBeNull();
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

  it('stores a file under the extension of its detected type', () => {
    const { files } = checkAttachmentFiles([{ id: 'a', file: up(PDF, 'raport.exe'), filename: 'raport.exe' }], 'pl');
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([['raport.pdf', 'application/pdf']]);
  });
});
