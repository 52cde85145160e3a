import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { deflatedZeros, makeZip } from '~tests/helpers/zip';
import { ARCHIVE_LIMITS, archiveErrorMessage, assertSafeArchive, UnsafeArchiveError } from './zip-guard.server';

const MB = 1024 * 1024;
const small = { maxUncompressedBytes: 1 * MB, maxEntries: 50 };

async function problemOf(data: Buffer, limits = small): Promise<string> {
  try {
    await assertSafeArchive(data, limits);
    return 'accepted';
  } catch (e) {
    if (e instanceof UnsafeArchiveError) return e.problem;
    throw e;
  }
}

describe('assertSafeArchive (ZIP bombs and lying archives)', () => {
  it('accepts a workbook written by ExcelJS (data descriptors) and plain ZIPs, stored or deflated', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Produkty');
    ws.addRow(['product_id', 'name_pl']);
    for (let i = 0; i < 200; i++) ws.addRow([i, `Kabel U/UTP kat. 6 – ${i}`]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const result = await assertSafeArchive(xlsx);
    expect(result.entries).toBeGreaterThan(3);
    expect(result.uncompressedBytes).toBeGreaterThan(1000);
    const plain = makeZip([
      { name: 'a.txt', data: Buffer.from('abc'.repeat(1000)) },
      { name: 'b.bin', data: Buffer.from([1, 2, 3]), stored: true },
      { name: 'empty/', data: Buffer.alloc(0), stored: true },
    ]);
    expect(await assertSafeArchive(plain, small)).toEqual({ entries: 3, uncompressedBytes: 3003 });
  });

  it('refuses an archive that declares more than the cap, before inflating anything', async () => {
    const bomb = makeZip([{ name: 'xl/worksheets/sheet1.xml', deflated: deflatedZeros(2 * MB) }]);
    expect(bomb.length).toBeLessThan(10_000);
    expect(await problemOf(bomb)).toBe('tooLarge');
  });

  it('stops at the cap when the headers lie about the size (actual inflation is counted)', async () => {
    const liar = makeZip([{ name: 'xl/media/a.bin', deflated: deflatedZeros(8 * MB), declaredSize: 100 }]);
    expect(await problemOf(liar)).toBe('tooLarge');
    // Several entries that each fit but together pass the cap.
    const many = makeZip(Array.from({ length: 5 }, (_, i) => ({ name: `p${i}`, deflated: deflatedZeros(300 * 1024) })));
    expect(await problemOf(many)).toBe('tooLarge');
    // Within the cap, a size that differs from the declared one is a damaged file.
    const under = makeZip([{ name: 'a', data: Buffer.alloc(5000), declaredSize: 10 }]);
    expect(await problemOf(under)).toBe('malformed');
  });

  it('counts entries', async () => {
    const zip = makeZip(Array.from({ length: 51 }, (_, i) => ({ name: `f${i}.txt`, data: Buffer.from('x') })));
    expect(await problemOf(zip)).toBe('tooManyEntries');
    expect(await problemOf(zip, { ...small, maxEntries: 51 })).toBe('accepted');
  });

  it('refuses entries hidden from the central directory, trailing bytes, garbage and other methods', async () => {
    const hidden = makeZip([
      { name: 'a.txt', data: Buffer.from('a') },
      { name: 'bomb', deflated: deflatedZeros(8 * MB), unlisted: true },
    ]);
    expect(await problemOf(hidden)).toBe('malformed');
    const padded = makeZip([
      { name: 'a', deflated: { bytes: Buffer.concat([deflateRawSync(Buffer.from('abc')), Buffer.from('PK\x03\x04hidden')]), size: 3, crc: 0 } },
    ]);
    expect(await problemOf(padded)).toBe('malformed');
    expect(await problemOf(Buffer.from('PK\x03\x04 not really a zip'))).toBe('malformed');
    expect(await problemOf(Buffer.alloc(0))).toBe('malformed');
    const bzip = makeZip([{ name: 'a', data: Buffer.from('x') }]);
    bzip.writeUInt16LE(12, 8); // local method
    bzip.writeUInt16LE(12, bzip.lastIndexOf(Buffer.from('PK\x01\x02')) + 10); // central method
    expect(await problemOf(bzip)).toBe('unsupported');
  });

  it('says what was refused, in Polish and English', () => {
    const e = new UnsafeArchiveError('tooLarge', ARCHIVE_LIMITS, 'x');
    expect(archiveErrorMessage(e, 'pl')).toBe('Plik po rozpakowaniu jest za duży (maksymalnie 50 MB). Podziel dane na mniejsze pliki.');
    expect(archiveErrorMessage(e, 'en')).toContain('at most 50 MB');
  });
});
