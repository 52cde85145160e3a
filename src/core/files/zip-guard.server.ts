// The guard every import of a ZIP-based file (XLSX, DOCX, ZIP archives) passes before a library
// unpacks it: a small file must not unpack to gigabytes (a "zip bomb") and take the process down.
//
//   await assertSafeArchive(upload.data);                       // throws UnsafeArchiveError
//   … catch (e) { if (e instanceof UnsafeArchiveError) → 422 archiveErrorMessage(e, locale) }
//
// What is checked, on the bytes only (nothing is written or kept):
// - the central directory: entry count and the declared uncompressed total against the limits;
// - every local entry matches its central record and the entries lie end to end from the first
//   byte to the central directory, so a streaming reader (which reads local headers, as ExcelJS's
//   does) sees exactly the entries counted here and no hidden ones;
// - the actual size: each entry is inflated as a stream, only counted, and reading stops as soon
//   as the running total passes the cap, so a header that lies cannot pass. An entry must inflate
//   to its declared size and use up exactly its compressed bytes.
import { createInflateRaw } from 'node:zlib';
import { defineMessages, type Locale, translator } from '~/core/i18n/locale';

export interface ArchiveLimits {
  /** Largest total of all entries unpacked, in bytes. */
  maxUncompressedBytes: number;
  /** Most entries (files and folders). */
  maxEntries: number;
}

/** Defaults for imports: 50 MB unpacked, 10,000 entries. */
export const ARCHIVE_LIMITS: ArchiveLimits = { maxUncompressedBytes: 50 * 1024 * 1024, maxEntries: 10_000 };

export type ArchiveProblem = 'tooLarge' | 'tooManyEntries' | 'malformed' | 'unsupported';

export class UnsafeArchiveError extends Error {
  constructor(
    public readonly problem: ArchiveProblem,
    public readonly limits: ArchiveLimits,
    detail: string,
  ) {
    super(`Archive refused (${problem}): ${detail}`);
  }
}

export const archiveMessages = defineMessages({
  pl: {
    'archive.tooLarge': 'Plik po rozpakowaniu jest za duży (maksymalnie {mb} MB). Podziel dane na mniejsze pliki.',
    'archive.tooManyEntries': 'Plik zawiera za dużo elementów (maksymalnie {n}).',
    'archive.malformed': 'Plik jest uszkodzony lub nie jest poprawnym archiwum ZIP (XLSX).',
    'archive.unsupported': 'Plik używa nieobsługiwanego sposobu kompresji lub szyfrowania. Zapisz go ponownie w arkuszu kalkulacyjnym.',
  },
  en: {
    'archive.tooLarge': 'The file is too large when unpacked (at most {mb} MB). Split the data into smaller files.',
    'archive.tooManyEntries': 'The file contains too many items (at most {n}).',
    'archive.malformed': 'The file is damaged or is not a valid ZIP archive (XLSX).',
    'archive.unsupported': 'The file uses an unsupported compression or encryption. Save it again from your spreadsheet program.',
  },
});

/** The user-facing sentence for a refused archive. */
export function archiveErrorMessage(error: UnsafeArchiveError, locale: Locale): string {
  const t = translator(archiveMessages, locale);
  return t(`archive.${error.problem}`, {
    mb: Math.round(error.limits.maxUncompressedBytes / 1024 / 1024),
    n: error.limits.maxEntries,
  });
}

const SIG_LOCAL = 0x04034b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_DESCRIPTOR = 0x08074b50;
const MAX32 = 0xffffffff;
const MAX16 = 0xffff;

interface Entry {
  name: Buffer;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * Refuses (UnsafeArchiveError) a ZIP that declares or actually unpacks to more than the limits,
 * that is malformed, or whose local entries differ from its central directory. Resolves with the
 * entry count and the unpacked total.
 */
export async function assertSafeArchive(data: Buffer, limits: ArchiveLimits = ARCHIVE_LIMITS): Promise<{ entries: number; uncompressedBytes: number }> {
  const fail = (problem: ArchiveProblem, detail: string): never => {
    throw new UnsafeArchiveError(problem, limits, detail);
  };
  const u16 = (at: number) => (at + 2 <= data.length ? data.readUInt16LE(at) : fail('malformed', `read past the end at ${at}`));
  const u32 = (at: number) => (at + 4 <= data.length ? data.readUInt32LE(at) : fail('malformed', `read past the end at ${at}`));
  const u64 = (at: number) => {
    if (at + 8 > data.length) fail('malformed', `read past the end at ${at}`);
    const v = data.readBigUInt64LE(at);
    return v > BigInt(Number.MAX_SAFE_INTEGER) ? fail('malformed', 'a 64-bit size out of range') : Number(v);
  };

  // End of central directory: the last signature within the comment's reach of the end.
  let eocd = -1;
  for (let at = data.length - 22; at >= Math.max(0, data.length - 22 - MAX16); at--) {
    if (data.readUInt32LE(at) === SIG_EOCD && at + 22 + data.readUInt16LE(at + 20) === data.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail('malformed', 'no end of central directory');
  if (u16(eocd + 4) !== 0 || u16(eocd + 6) !== 0) fail('unsupported', 'a multi-part archive');
  let total = u16(eocd + 10);
  let cdSize = u32(eocd + 12);
  let cdOffset = u32(eocd + 16);
  let cdEnd = eocd;
  // A ZIP64 end record (needed when a value above is at its maximum; some writers always add it).
  const locator = eocd - 20;
  const hasZip64 = locator >= 0 && data.readUInt32LE(locator) === SIG_ZIP64_LOCATOR;
  if (!hasZip64 && (total === MAX16 || cdSize === MAX32 || cdOffset === MAX32)) fail('malformed', 'no ZIP64 locator');
  if (hasZip64) {
    const record = u64(locator + 8);
    if (u32(record) !== SIG_ZIP64_EOCD) fail('malformed', 'no ZIP64 end of central directory');
    total = u64(record + 32);
    cdSize = u64(record + 40);
    cdOffset = u64(record + 48);
    cdEnd = record;
  }
  if (total > limits.maxEntries) fail('tooManyEntries', `${total} entries`);
  if (cdOffset + cdSize !== cdEnd) fail('malformed', 'the central directory is not where the end record says');

  // The central directory: what a reader such as JSZip lists.
  const entries: Entry[] = [];
  let declared = 0;
  let at = cdOffset;
  for (let i = 0; i < total; i++) {
    if (u32(at) !== SIG_CENTRAL) fail('malformed', `central record ${i} missing`);
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let compressedSize = u32(at + 20);
    let size = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localOffset = u32(at + 42);
    const name = data.subarray(at + 46, at + 46 + nameLength);
    if (size === MAX32 || compressedSize === MAX32 || localOffset === MAX32) {
      // ZIP64 extra field: the 64-bit values, in this order, of those set to 0xFFFFFFFF.
      let x = at + 46 + nameLength;
      const xEnd = x + extraLength;
      let found = false;
      while (x + 4 <= xEnd) {
        const id = u16(x);
        const len = u16(x + 2);
        if (id === 0x0001) {
          let p = x + 4;
          if (size === MAX32) {
            size = u64(p);
            p += 8;
          }
          if (compressedSize === MAX32) {
            compressedSize = u64(p);
            p += 8;
          }
          if (localOffset === MAX32) localOffset = u64(p);
          found = true;
          break;
        }
        x += 4 + len;
      }
      if (!found) fail('malformed', 'ZIP64 sizes without their extra field');
    }
    if (flags & 0x1) fail('unsupported', 'an encrypted entry');
    if (method !== 0 && method !== 8) fail('unsupported', `compression method ${method}`);
    declared += size;
    if (declared > limits.maxUncompressedBytes) fail('tooLarge', `declares more than ${limits.maxUncompressedBytes} bytes`);
    entries.push({ name, flags, method, compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (at !== cdEnd) fail('malformed', 'the central directory has more or fewer records than declared');

  // The local entries, end to end from the first byte to the central directory: what a streaming
  // reader sees. Then each is inflated and counted against the cap.
  entries.sort((a, b) => a.localOffset - b.localOffset);
  // Where the next entry may start (a data descriptor holds 32- or 64-bit sizes).
  let expected = [0];
  let unpacked = 0;
  for (const e of entries) {
    if (!expected.includes(e.localOffset)) fail('malformed', `bytes outside any entry at ${expected[0]}`);
    if (u32(e.localOffset) !== SIG_LOCAL) fail('malformed', `no local header at ${e.localOffset}`);
    const localFlags = u16(e.localOffset + 6);
    const localMethod = u16(e.localOffset + 8);
    const nameLength = u16(e.localOffset + 26);
    const extraLength = u16(e.localOffset + 28);
    const localName = data.subarray(e.localOffset + 30, e.localOffset + 30 + nameLength);
    if (localMethod !== e.method || !localName.equals(e.name) || (localFlags & 0x1) !== 0) {
      fail('malformed', `local header of "${e.name.toString('latin1')}" differs from its central record`);
    }
    const start = e.localOffset + 30 + nameLength + extraLength;
    const end = start + e.compressedSize;
    if (end > cdOffset) fail('malformed', 'an entry runs into the central directory');
    const budget = limits.maxUncompressedBytes - unpacked;
    let size: number;
    if (e.method === 0) {
      size = e.compressedSize;
      if (size > budget) fail('tooLarge', 'stored entries exceed the cap');
    } else {
      const result = await inflatedSize(data.subarray(start, end), budget);
      if (result === 'over') return fail('tooLarge', `unpacks to more than ${limits.maxUncompressedBytes} bytes`);
      if (result === 'broken') return fail('malformed', `"${e.name.toString('latin1')}" does not inflate`);
      if (result.consumed !== e.compressedSize) fail('malformed', `"${e.name.toString('latin1')}" has bytes after its compressed data`);
      size = result.size;
    }
    if (size !== e.size) fail('malformed', `"${e.name.toString('latin1')}" unpacks to ${size} bytes, not the ${e.size} declared`);
    unpacked += size;
    if (localFlags & 0x8) {
      // Data descriptor: optional signature, CRC, then 32- or 64-bit sizes.
      const signed = end + 4 <= data.length && data.readUInt32LE(end) === SIG_DESCRIPTOR;
      const base = end + (signed ? 4 : 0) + 4;
      expected = [base + 8, base + 16];
    } else expected = [end];
  }
  if (!expected.includes(cdOffset)) fail('malformed', 'bytes between the last entry and the central directory');
  return { entries: entries.length, uncompressedBytes: unpacked };
}

/** Inflates a raw deflate stream only to count it; stops as soon as it passes `budget` bytes. */
function inflatedSize(compressed: Buffer, budget: number): Promise<{ size: number; consumed: number } | 'over' | 'broken'> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let size = 0;
    let settled = false;
    const settle = (value: { size: number; consumed: number } | 'over' | 'broken') => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        settle('over');
        inflate.destroy();
      }
    });
    inflate.on('end', () => settle({ size, consumed: inflate.bytesWritten }));
    inflate.on('error', () => settle('broken'));
    inflate.on('close', () => settle('broken'));
    inflate.end(compressed);
  });
}
