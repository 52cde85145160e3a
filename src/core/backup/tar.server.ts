// A small streaming tar (POSIX ustar) writer and extractor for the backup archive, gzipped with
// Node's zlib: regular files only, sizes of any length (base-256 above 8 GiB), names up to 255
// bytes. No dependency, and the extractor refuses paths that would leave its folder.
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

export interface TarEntry {
  /** Path inside the archive, with forward slashes and no leading slash. */
  name: string;
  size: number;
  mtime?: Date;
  /** The bytes: exactly `size` of them. */
  body: () => AsyncIterable<Uint8Array>;
}

const BLOCK = 512;
const MAX_OCTAL_SIZE = 0o77777777777;

function writeString(buf: Buffer, value: string, offset: number, length: number) {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new Error(`tar: "${value}" is too long`);
  bytes.copy(buf, offset);
}

function writeOctal(buf: Buffer, value: number, offset: number, length: number) {
  writeString(buf, `${value.toString(8).padStart(length - 1, '0')}\0`, offset, length);
}

function splitName(name: string): [prefix: string, rest: string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest) return [prefix, rest];
  }
  throw new Error(`tar: the path "${name}" is too long`);
}

/** The 512-byte ustar header of a regular file. */
export function tarHeader(name: string, size: number, mtime = new Date()): Buffer {
  const h = Buffer.alloc(BLOCK);
  const [prefix, rest] = splitName(name);
  writeString(h, rest, 0, 100);
  writeOctal(h, 0o644, 100, 8);
  writeOctal(h, 0, 108, 8);
  writeOctal(h, 0, 116, 8);
  if (size <= MAX_OCTAL_SIZE) writeOctal(h, size, 124, 12);
  else {
    // GNU base-256: the top bit of the first byte set, the size big-endian in the rest.
    h[124] = 0x80;
    let v = BigInt(size);
    for (let i = 135; i > 124; i--) {
      h[i] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  writeOctal(h, Math.floor(mtime.getTime() / 1000), 136, 12);
  h.fill(0x20, 148, 156); // the checksum counts as spaces while it is computed
  h[156] = 0x30; // '0': a regular file
  writeString(h, 'ustar\0', 257, 6);
  writeString(h, '00', 263, 2);
  writeString(h, prefix, 345, 155);
  let sum = 0;
  for (const byte of h) sum += byte;
  writeString(h, `${sum.toString(8).padStart(6, '0')}\0 `, 148, 8);
  return h;
}

/** The archive's bytes, entry after entry; fails when an entry's body is not exactly its size. */
export async function* tarBytes(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  for await (const entry of entries) {
    yield tarHeader(entry.name, entry.size, entry.mtime);
    let written = 0;
    for await (const chunk of entry.body()) {
      const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      written += b.length;
      if (written > entry.size) throw new Error(`tar: ${entry.name} grew while it was archived`);
      yield b;
    }
    if (written !== entry.size) throw new Error(`tar: ${entry.name} has ${written} bytes, expected ${entry.size}`);
    const pad = (BLOCK - (entry.size % BLOCK)) % BLOCK;
    if (pad) yield Buffer.alloc(pad);
  }
  yield Buffer.alloc(2 * BLOCK);
}

/** Writes the entries as a .tar.gz to `out`. */
export async function writeTarGz(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>, out: Writable, level = 6): Promise<void> {
  await pipeline(Readable.from(tarBytes(entries)), createGzip({ level }), out);
}

function readString(buf: Buffer, offset: number, length: number): string {
  const slice = buf.subarray(offset, offset + length);
  const end = slice.indexOf(0);
  return slice.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readSize(h: Buffer): number {
  if (h[124] & 0x80) {
    let v = 0n;
    for (let i = 125; i < 136; i++) v = (v << 8n) | BigInt(h[i] as number);
    return Number(v);
  }
  return Number.parseInt(readString(h, 124, 12).trim() || '0', 8);
}

function checksumOk(h: Buffer): boolean {
  const stored = Number.parseInt(readString(h, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : (h[i] as number);
  return sum === stored;
}

/** A path inside the archive made safe: relative, no `..`, no empty segments. */
function safeRelative(name: string): string {
  const parts = name
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..')) throw new Error(`tar: unsafe path "${name}"`);
  return parts.join('/');
}

/**
 * Extracts a .tar.gz into `destDir` (regular files and folders; other entries are skipped).
 * Returns the paths of the extracted files. A damaged archive fails with a message.
 */
export async function extractTarGz(source: Readable, destDir: string): Promise<string[]> {
  const root = path.resolve(destDir);
  await mkdir(root, { recursive: true });
  const extracted: string[] = [];
  let pending = Buffer.alloc(0);
  let file: import('node:fs/promises').FileHandle | undefined;
  let remaining = 0; // data bytes of the current entry still to come
  let skip = 0; // padding or skipped data still to come
  let ended = false;

  const consume = async (chunk: Buffer) => {
    let buf = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    pending = Buffer.alloc(0);
    while (buf.length > 0 && !ended) {
      if (remaining > 0) {
        const part = buf.subarray(0, Math.min(remaining, buf.length));
        if (file) await file.write(part);
        remaining -= part.length;
        buf = buf.subarray(part.length);
        if (remaining === 0 && file) {
          await file.close();
          file = undefined;
        }
        continue;
      }
      if (skip > 0) {
        const n = Math.min(skip, buf.length);
        skip -= n;
        buf = buf.subarray(n);
        continue;
      }
      if (buf.length < BLOCK) {
        pending = Buffer.from(buf);
        return;
      }
      const h = buf.subarray(0, BLOCK);
      buf = buf.subarray(BLOCK);
      if (h.every((b) => b === 0)) {
        ended = true;
        return;
      }
      if (!checksumOk(h)) throw new Error('tar: damaged archive (bad header checksum)');
      const size = readSize(h);
      const type = String.fromCharCode(h[156] as number);
      const prefix = readString(h, 345, 155);
      const name = prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (type === '0' || type === '\0') {
        const rel = safeRelative(name);
        const target = path.join(root, rel);
        await mkdir(path.dirname(target), { recursive: true });
        file = await open(target, 'w');
        extracted.push(rel);
        remaining = size;
        skip = pad;
        if (size === 0) {
          await file.close();
          file = undefined;
        }
      } else {
        if (type === '5') await mkdir(path.join(root, safeRelative(name)), { recursive: true });
        skip = size + pad;
      }
    }
  };

  let failure: unknown;
  try {
    await pipeline(source, createGunzip(), async (stream: AsyncIterable<Buffer>) => {
      try {
        for await (const chunk of stream) await consume(chunk);
      } catch (e) {
        failure = e;
        throw e;
      }
    });
  } catch (e) {
    // The pipeline reports our own error as an abort: give the reason instead.
    throw failure ?? e;
  } finally {
    await file?.close();
  }
  if (!ended || remaining > 0) throw new Error('tar: the archive is truncated');
  return extracted;
}
