import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadName, saveFile, type StoredFile } from '~/core/files/storage.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { categories } from '~/features/catalog/catalog.schema';
import { createTestApp, type TestApp } from '~tests/helpers/test-app';

let t: TestApp;
let pdf: StoredFile;
let dxf: StoredFile;
let png: StoredFile;
let privateFile: StoredFile;

beforeAll(async () => {
  t = await createTestApp();
  const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#1549c6' } })
    .png()
    .toBuffer();
  pdf = await saveFile({ data: Buffer.from('%PDF-1.7\n%%EOF\n'), filename: 'Deklaracja zgodności „kable”.pdf', contentType: 'application/pdf' });
  dxf = await saveFile({ data: Buffer.from('0\nSECTION\n0\nEOF\n'), filename: 'CN-SS-42U.dxf', contentType: 'image/vnd.dxf' });
  png = await saveFile({ data: image, filename: 'szafa.png', contentType: 'image/png', width: 1200, height: 900 });
  privateFile = await saveFile({ data: Buffer.from('%PDF-1.7\n'), filename: 'reklamacja.pdf', contentType: 'application/pdf' });
  // Files linked from the catalogue are public downloads; the others stay private.
  await t.database.db.insert(categories).values([
    { namePl: 'A', nameEn: 'A', slugPl: 'a', slugEn: 'a', imageFileId: png.id },
    { namePl: 'B', nameEn: 'B', slugPl: 'b', slugEn: 'b', imageFileId: pdf.id },
    { namePl: 'C', nameEn: 'C', slugPl: 'c', slugEn: 'c', imageFileId: dxf.id },
  ]);
  clearPageCache();
});
afterAll(() => t.close());

describe('GET /files/:id/:name?', () => {
  it('sends a stored file as an attachment with its stored name and type', async () => {
    const res = await t.app.inject({ url: `/files/${pdf.id}/anything-else.exe` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Deklaracja zgodnosci _kable_.pdf"; filename*=UTF-8''${encodeURIComponent('Deklaracja zgodności „kable”.pdf')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toBe('%PDF-1.7\n%%EOF\n');
  });

  it('saves a public file under the name of its link when it keeps the extension, never a private one', async () => {
    const res = await t.app.inject({ url: `/files/${pdf.id}/${encodeURIComponent('declaration-of-conformity-cables.pdf')}` });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="declaration-of-conformity-cables.pdf"; filename*=UTF-8''declaration-of-conformity-cables.pdf`,
    );
    // Another extension or no name: the stored name.
    for (const name of ['declaration.exe', 'declaration', '.pdf']) {
      const other = await t.app.inject({ url: `/files/${pdf.id}/${name}` });
      expect(other.headers['content-disposition'], name).toContain(`filename*=UTF-8''${encodeURIComponent('Deklaracja zgodności „kable”.pdf')}`);
    }
    expect(downloadName('reklamacja.pdf', 'invoice.pdf', false)).toBe('reklamacja.pdf');
    expect(downloadName('karta.pdf', 'a/../datasheet.PDF', true)).toBe('datasheet.PDF');
  });

  it('opens only PDFs inline with ?inline=1', async () => {
    const inlinePdf = await t.app.inject({ url: `/files/${pdf.id}?inline=1` });
    expect(inlinePdf.headers['content-disposition']).toMatch(/^inline; filename=/);
    const inlineDxf = await t.app.inject({ url: `/files/${dxf.id}/CN-SS-42U.dxf?inline=1` });
    expect(inlineDxf.statusCode).toBe(200);
    expect(inlineDxf.headers['content-disposition']).toMatch(/^attachment; filename="CN-SS-42U.dxf"/);
    expect(inlineDxf.headers['content-type']).toBe('image/vnd.dxf');
  });

  it('answers 404 for unknown, malformed and private files without saying which', async () => {
    const unknown = await t.app.inject({ url: '/files/0b9a3c1e-8d1f-4c47-9a38-5d7f4e2a1b00/x.pdf' });
    const malformed = await t.app.inject({ url: '/files/..%2F..%2Fetc%2Fpasswd' });
    const hidden = await t.app.inject({ url: `/files/${privateFile.id}/reklamacja.pdf` });
    for (const res of [unknown, malformed, hidden]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('GET /img/:id/:width.webp', () => {
  it('resizes a stored image to an allowed width as WebP and keeps it on disk', async () => {
    const res = await t.app.inject({ url: `/img/${png.id}/320.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(240);
    const cacheDir = path.join(t.dataDir, 'files', 'cache', png.id.slice(0, 2));
    expect(readdirSync(cacheDir)).toContain(`${png.id}-320.webp`);
    const again = await t.app.inject({ url: `/img/${png.id}/320.webp` });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
  });

  it('never enlarges an image beyond its original width', async () => {
    const res = await t.app.inject({ url: `/img/${png.id}/1600.webp` });
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  });

  it('refuses widths outside the allowed list and files that are not images', async () => {
    for (const url of [`/img/${png.id}/333.webp`, `/img/${png.id}/0.webp`, `/img/${png.id}/99999.webp`, `/img/${pdf.id}/320.webp`]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
    }
    expect(existsSync(path.join(t.dataDir, 'files', 'cache', png.id.slice(0, 2), `${png.id}-333.webp`))).toBe(false);
  });
});
