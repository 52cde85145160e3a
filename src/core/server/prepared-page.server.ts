import { constants, crc32, createDeflateRaw, deflateRawSync, gunzipSync } from 'node:zlib';

// A rendered page kept for reuse: its text is cut around the per-visitor values (CSP nonce,
// anti-forgery token), and each fixed piece is compressed once. Serving it to the next visitor
// only splices that visitor's values in, as plain text or as a gzip stream made of the
// precompressed pieces with the values as uncompressed ("stored") deflate blocks, so a cached
// page costs no compression work however often it is served.

export interface PreparedPage {
  /** Each fixed piece of text as raw deflate blocks ending with a sync flush (byte-aligned, not final). */
  deflated: Buffer[];
  /** After piece i comes the value number slots[i] (an index into the values given when serving). */
  slots: number[];
  /** CRC-32 and length in bytes of each fixed piece. */
  crcs: number[];
  lengths: number[];
  /** Length of the fixed text in bytes. */
  fixedBytes: number;
  /** Bytes held in memory (the compressed pieces). */
  storedBytes: number;
  /** The values the page was rendered with, and the CRC-32 of the page as rendered. */
  original: Buffer[];
  crc: number;
  /** Per value: the sum of x^(8 * bytes after each of its occurrences) mod the CRC polynomial. */
  weights: number[];
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty final stored block. */
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
/**
 * zlib level 3: on rendered pages about three times faster than the default level 6 for some 10%
 * more bytes. A page is compressed once per cache fill, but a page nobody asked for recently is
 * compressed on every request, and there the time counts more than the bytes.
 */
export const PAGE_GZIP_LEVEL = 3;

// CRC-32 arithmetic as in zlib's crc32_combine: a CRC is a polynomial over GF(2) (bit-reflected),
// appending n zero bytes multiplies it by x^(8n) modulo the CRC polynomial, and multiplication
// distributes over XOR. Hence the CRC of the page with other values of the same lengths is the
// rendered page's CRC XOR, per value, (weight * CRC of the bytewise difference of the values).
const POLY = 0xedb88320;
const X0 = 0x80000000; // the polynomial 1

/** a * b modulo the CRC polynomial. */
function multModP(a: number, b: number): number {
  let m = X0;
  let p = 0;
  let bb = b >>> 0;
  const aa = a >>> 0;
  if (aa === 0) return 0;
  for (;;) {
    if ((aa & m) >>> 0) {
      p ^= bb;
      if ((aa & (m - 1)) >>> 0 === 0) break;
    }
    m >>>= 1;
    bb = bb & 1 ? (bb >>> 1) ^ POLY : bb >>> 1;
  }
  return p >>> 0;
}

/** X2N[k] = x^(2^k) mod p. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 1 << 30; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multModP(p, p);
  return table;
})();

/** x^(8 * bytes) mod p: the factor that appending `bytes` zero bytes multiplies a CRC by. */
export function zeroBytesFactor(bytes: number): number {
  let p = X0;
  for (let k = 3, n = bytes; n > 0; k++, n = Math.floor(n / 2)) if (n % 2) p = multModP(X2N[k & 31] as number, p);
  return p >>> 0;
}

/** CRC-32 of A followed by B, from crc(A), crc(B) and B's length. */
export function crcCombine(crcA: number, crcB: number, lengthB: number): number {
  return (multModP(zeroBytesFactor(lengthB), crcA) ^ crcB) >>> 0;
}

/** zlib.crc32(data, crc) continued over more data (Node answers 0 for empty data whatever the start value). */
function crcAppend(data: Buffer, crc: number): number {
  return data.length ? crc32(data, crc) : crc;
}

const zeroCrcs = new Map<number, number>();
/** CRC-32 of `length` zero bytes. */
function zeroCrc(length: number): number {
  let c = zeroCrcs.get(length);
  if (c === undefined) {
    c = crc32(Buffer.alloc(length));
    if (zeroCrcs.size < 256) zeroCrcs.set(length, c);
  }
  return c;
}

interface CutPage {
  pieces: Buffer[];
  slots: number[];
  original: Buffer[];
}

function cut(body: string, values: readonly string[]): CutPage {
  const pieces: Buffer[] = [];
  const slots: number[] = [];
  const next = values.map((v) => (v ? body.indexOf(v) : -1));
  let from = 0;
  for (;;) {
    let slot = -1;
    for (let v = 0; v < values.length; v++) {
      const at = next[v] as number;
      if (at >= 0 && (slot < 0 || at < (next[slot] as number))) slot = v;
    }
    if (slot < 0) break;
    const at = next[slot] as number;
    pieces.push(Buffer.from(body.slice(from, at)));
    slots.push(slot);
    from = at + (values[slot] as string).length;
    for (let v = 0; v < values.length; v++) {
      if ((next[v] as number) >= 0 && (next[v] as number) < from) next[v] = body.indexOf(values[v] as string, from);
    }
  }
  pieces.push(Buffer.from(body.slice(from)));
  const original = values.map((v) => Buffer.from(v));
  return { pieces, slots, original };
}

const DEFLATE_OPTIONS = { level: PAGE_GZIP_LEVEL, finishFlush: constants.Z_SYNC_FLUSH };

/** Cuts `body` at every occurrence of the given values (none may be empty) and precompresses the pieces. */
export function preparePage(body: string, values: readonly string[]): PreparedPage {
  const page = cut(body, values);
  return assemble(
    page,
    page.pieces.map((p) => deflateRawSync(p, DEFLATE_OPTIONS)),
  );
}

/** What a full flush ends with: an empty stored block, byte-aligned. */
const FLUSH_MARK = Buffer.from([0x00, 0x00, 0xff, 0xff]);

/**
 * The pieces compressed by one deflate stream on libuv's thread pool, a full flush after each: a
 * full flush forgets the earlier text, so each piece's blocks stand alone and a value can go between
 * them. One stream instead of one per piece: a stream's setup (its 256 kB of state) cost more than
 * compressing a piece (a product page has about ten pieces; with 16 pages at once, 1.5 ms of CPU per
 * page against 0.7 ms).
 * Null when a piece's output does not end with the flush's mark (an empty piece may give none), which
 * would mean the output came in another order than written (never seen; the caller then compresses
 * piece by piece).
 */
export function deflatePieces(pieces: readonly Buffer[]): Promise<Buffer[] | null> {
  return new Promise((resolve, reject) => {
    const stream = createDeflateRaw({ level: PAGE_GZIP_LEVEL });
    const out: Buffer[] = [];
    const deflated: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => out.push(chunk));
    stream.on('error', reject);
    const next = (i: number) => {
      if (i === pieces.length) {
        stream.close();
        resolve(deflated.every((d, at) => (d.length === 0 ? (pieces[at] as Buffer).length === 0 : d.subarray(-4).equals(FLUSH_MARK))) ? deflated : null);
        return;
      }
      stream.write(pieces[i] as Buffer);
      stream.flush(constants.Z_FULL_FLUSH, () => {
        deflated.push(Buffer.concat(out.splice(0)));
        next(i + 1);
      });
    };
    next(0);
  });
}

/**
 * preparePage() compressing on libuv's thread pool: a page just rendered for its first visitor is
 * compressed there while the event loop renders the next one.
 */
export async function preparePageAsync(body: string, values: readonly string[]): Promise<PreparedPage> {
  const page = cut(body, values);
  const deflated = await deflatePieces(page.pieces);
  return assemble(page, deflated ?? page.pieces.map((p) => deflateRawSync(p, DEFLATE_OPTIONS)));
}

function assemble({ pieces, slots, original }: CutPage, deflated: Buffer[]): PreparedPage {
  let crc = crcAppend(pieces[0] as Buffer, 0);
  for (let i = 0; i < slots.length; i++) crc = crcAppend(pieces[i + 1] as Buffer, crcAppend(original[slots[i] as number] as Buffer, crc));
  const weights = original.map(() => 0);
  let after = 0;
  for (let i = slots.length - 1; i >= 0; i--) {
    after += (pieces[i + 1] as Buffer).length;
    const slot = slots[i] as number;
    weights[slot] = ((weights[slot] as number) ^ zeroBytesFactor(after)) >>> 0;
    after += (original[slot] as Buffer).length;
  }
  return {
    deflated,
    slots,
    crcs: pieces.map((p) => crc32(p)),
    lengths: pieces.map((p) => p.length),
    fixedBytes: pieces.reduce((n, p) => n + p.length, 0),
    storedBytes: deflated.reduce((n, d) => n + d.length, 0),
    original,
    crc,
    weights,
  };
}

/** CRC-32 of the page with these values: from the rendered page's CRC when the lengths are the same. */
function pageCrc(page: PreparedPage, bytes: Buffer[]): number {
  if (bytes.every((b, s) => b.length === page.original[s]?.length)) {
    let crc = page.crc;
    for (let s = 0; s < bytes.length; s++) {
      const b = bytes[s] as Buffer;
      const o = page.original[s] as Buffer;
      if (page.weights[s] === 0 || b.equals(o)) continue;
      const diff = Buffer.allocUnsafe(b.length);
      for (let i = 0; i < b.length; i++) diff[i] = (b[i] as number) ^ (o[i] as number);
      crc ^= multModP(page.weights[s] as number, crc32(diff) ^ zeroCrc(b.length));
    }
    return crc >>> 0;
  }
  // Values of other lengths: combine the pieces' CRCs one after another.
  let crc = page.crcs[0] as number;
  for (let i = 0; i < page.slots.length; i++) {
    const b = bytes[page.slots[i] as number] as Buffer;
    crc = crcCombine(crc, crc32(b), b.length);
    crc = crcCombine(crc, page.crcs[i + 1] as number, page.lengths[i + 1] as number);
  }
  return crc >>> 0;
}

/** A stored (uncompressed) deflate block holding `data` (at most 65,535 bytes), not final. */
function storedBlock(data: Buffer): Buffer {
  const len = data.length;
  if (len > 0xffff) throw new Error('per-visitor value too long for a stored block');
  const head = Buffer.from([0x00, len & 0xff, len >> 8, ~len & 0xff, (~len >> 8) & 0xff]);
  return Buffer.concat([head, data]);
}

/** The page with these values as a gzip stream (RFC 1952), without compressing anything. */
export function pageGzip(page: PreparedPage, values: readonly string[]): Buffer {
  const bytes = values.map((v) => Buffer.from(v));
  const blocks = bytes.map(storedBlock);
  const parts: Buffer[] = [GZIP_HEADER, page.deflated[0] as Buffer];
  let size = page.fixedBytes;
  for (let i = 0; i < page.slots.length; i++) {
    const slot = page.slots[i] as number;
    parts.push(blocks[slot] as Buffer, page.deflated[i + 1] as Buffer);
    size += (bytes[slot] as Buffer).length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(pageCrc(page, bytes), 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** The page with these values as plain UTF-8 (for the rare client that takes no gzip). */
export function pageBytes(page: PreparedPage, values: readonly string[]): Buffer {
  return gunzipSync(pageGzip(page, values));
}

/** Whether an Accept-Encoding header admits gzip (an explicit `gzip;q=0` refuses it, `*` admits it). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return false;
  const q: Record<string, number> = {};
  for (const part of value.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((x) => x.trim());
    const given = params.find((p) => p.startsWith('q='));
    q[name] = given ? Number(given.slice(2)) || 0 : 1;
  }
  const gzip = q.gzip ?? q['x-gzip'] ?? q['*'];
  return gzip !== undefined && gzip > 0;
}
