// Issue 37, hole 3: "%PDF-" anywhere in the first kilobyte passed an HTML page or a Windows program as
// a PDF. Every upload box now asks one detector (core/files/file-type.server.ts): the signature at
// offset 0, no active content, the stored name's extension from the detected type, bidi and control
// characters removed. Two boxes are tried: the complaint form (takes PDF, images, ZIP, XLSX, .flw: PNG
// bytes named x.pdf are stored as x.png) and a static page's resource (takes PDF and office files
// only: PNG bytes named x.pdf are refused). Inline PDFs carry the same sandbox CSP as downloads.
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createRole, multipart } from '~/features/content/admin/tests/helpers';
import { complaintAttachments } from '~/features/forms/forms.schema';
import { attachment, complaint, file, form, guest, PDF, PNG, send } from '~/features/forms/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let editor: TestClient;

const BAD_TYPE = 'Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.';
/** An HTML page with "%PDF-" at offset 10: it used to pass as a PDF. */
const HTML_PDF = Buffer.from('<html><!--%PDF-1.4--><script>alert(document.cookie)</script></html>', 'latin1');
/** A Windows program with "%PDF-" in its first kilobyte. */
const EXE_PDF = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00', 'latin1'), Buffer.from('%PDF-1.4\n'), Buffer.alloc(200)]);

beforeAll(async () => {
  t = await createTestApp();
  await createRole(43, 'pages-only', ['admin.access', 'static_sites.update']);
  editor = await loggedIn(t.app, (await createUser({ roleIds: [43] })).email);
});
afterAll(async () => {
  await t?.close();
});

async function fileComplaint(...list: File[]) {
  return send(guest(t), 'POST', '/api/complaints', form(complaint({ attachments: list.map((f) => attachment(f)) })));
}

async function uploadResource(bytes: Buffer, name: string) {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const m = await multipart(fd);
  return editor.request({ method: 'POST', url: '/api/admin/static-sites/resource', payload: m.payload, headers: m.headers });
}

describe('the complaint form (PDF, images, ZIP, XLSX, .flw)', () => {
  it('refuses an HTML page with %PDF- at offset 10 and a program named .pdf', async () => {
    const html = await fileComplaint(file(HTML_PDF, 'faktura.pdf', 'application/pdf'));
    expect(html.statusCode).toBe(422);
    expect(html.json().errors).toEqual({ 'attachments.0.file': [BAD_TYPE] });
    const exe = await fileComplaint(file(EXE_PDF, 'protokol.pdf', 'application/pdf'));
    expect(exe.statusCode).toBe(422);
    expect(exe.json().errors).toEqual({ 'attachments.0.file': [BAD_TYPE] });
  });

  it('stores each file under the extension of its detected type, without bidi or control characters', async () => {
    const res = await fileComplaint(file(PNG, 'zdjecie.pdf'), file(PDF, 'report.exe'), file(PDF, 'faktura\u202Efdp.exe\u2066\u0007'));
    expect(res.statusCode, res.body).toBe(200);
    const stored = await getDb()
      .select({ name: files.originalName, type: files.contentType, listed: complaintAttachments.filename })
      .from(complaintAttachments)
      .innerJoin(files, eq(files.id, complaintAttachments.fileId))
      .orderBy(desc(complaintAttachments.id))
      .limit(3);
    expect(stored.map((s) => [s.name, s.type]).sort()).toEqual([
      ['fakturafdp.pdf', 'application/pdf'],
      ['report.pdf', 'application/pdf'],
      ['zdjecie.png', 'image/png'],
    ]);
    for (const s of stored) expect(s.listed).toBe(s.name);
  });
});

describe('a static page’s resource (PDF and office files only)', () => {
  it('refuses PNG bytes named x.pdf, an HTML page and a program', async () => {
    for (const [bytes, name] of [
      [PNG, 'x.pdf'],
      [HTML_PDF, 'cennik.pdf'],
      [EXE_PDF, 'katalog.pdf'],
    ] as const) {
      const res = await uploadResource(bytes, name);
      expect(res.statusCode, name).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['file']);
    }
  });

  it('a PDF opened inline gets the same sandbox CSP as a download', async () => {
    const up = await uploadResource(PDF, 'katalog\u202Eexe.pdf');
    expect(up.statusCode, up.body).toBe(200);
    const { id, name } = up.json().file as { id: string; name: string };
    expect(name).toBe('katalogexe.pdf');
    const page = await send(editor, 'POST', '/api/admin/static-sites', {
      slug: '',
      name_pl: 'Katalog',
      name_en: 'Catalogue',
      destination: 'Dokumenty',
      role_ids: [],
      content_pl: '<p>Katalog</p>',
      content_en: '',
      resource_file_id: id,
      resource_filename: '',
    });
    expect(page.statusCode, page.body).toBe(200);
    const download = await editor.get(`/files/${id}/katalog.pdf`);
    const inline = await editor.get(`/files/${id}/katalog.pdf?inline=1`);
    expect(download.statusCode).toBe(200);
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    expect(download.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(inline.headers['content-security-policy']).toBe(download.headers['content-security-policy']);
  });
});
