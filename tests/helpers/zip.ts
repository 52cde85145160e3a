// Hand-made ZIP files for tests of the archive guard (core/files/zip-guard.server.ts): honest
// ones, bombs, and ones whose headers lie.
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  /** The unpacked bytes (compressed here with deflate unless `stored`). */
  data?: Buffer;
  /** Already deflated bytes, with the unpacked size they stand for. */
  deflated?: { bytes: Buffer; size: number; crc: number };
  stored?: boolean;
  /** Sizes written in the headers instead of the true ones (a lying archive). */
  declaredSize?: number;
  /** Written as a local entry but left out of the central directory (hidden from directory readers). */
  unlisted?: boolean;
}

/** A ZIP of the entries, in order, without data descriptors (as most spreadsheet programs write). */
export function makeZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    let body: Buffer;
    let size: number;
    let crc: number;
    if (e.deflated) {
      body = e.deflated.bytes;
      size = e.deflated.size;
      crc = e.deflated.crc;
    } else {
      const data = e.data ?? Buffer.alloc(0);
      body = e.stored ? data : deflateRawSync(data);
      size = data.length;
      crc = crc32(data);
    }
    const declared = e.declaredSize ?? size;
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    if (!e.unlisted) centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  const listed = entries.filter((e) => !e.unlisted).length;
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of a ZIP (as written by ExcelJS or makeZip), unpacked. */
export function readZip(zip: Buffer): { name: string; data: Buffer }[] {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const out: { name: string; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const body = zip.subarray(start, start + compressed);
    out.push({ name, data: method === 0 ? Buffer.from(body) : inflateRawSync(body) });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** `size` zero bytes, deflated (a bomb's payload: about 1,000 : 1). */
export function deflatedZeros(size: number): { bytes: Buffer; size: number; crc: number } {
  const zeros = Buffer.alloc(size);
  return { bytes: deflateRawSync(zeros, { level: 9 }), size, crc: crc32(zeros) };
}
