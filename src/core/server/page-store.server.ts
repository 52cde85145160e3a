// The persistent tier of the page cache: every anonymous page, once rendered, is kept as a file in
// the data folder (cut and precompressed as core/server/prepared-page.server.ts makes it), so a
// page rendered once is served without rendering again after it leaves the memory tier, after a
// restart and by every process that shares the data folder (uploaded files already require that).
//
// One folder per build (`page-cache/{build id}`: the assets version and a hash of the server bundle,
// server.js): a page refers to the build's hashed assets and was written by its server code, so pages
// of another build are never served; starting a new build removes the old folders.
// A file is named by a hash of its cache key. Layout: "PGS1", a flags byte (1 = stale, set in place
// by a scoped change), the header's length (uint32 LE), the header (JSON) and the compressed pieces.
// A change of everything is one timestamp in `cleared-at`: every page rendered before it is stale.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { open, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PreparedPage } from './prepared-page.server';

const MAGIC = Buffer.from('PGS1');
const FLAGS_AT = 4;
const HEADER_AT = 9;
const STALE = 1;
const CLEARED_AT = 'cleared-at';
/** Stale flags written at a time (file handles open at once). */
const FLAG_BATCH = 32;

/** Caps of the store on disk: the oldest pages go first beyond them. */
export const PAGE_STORE_MAX_BYTES = 2 * 1024 * 1024 * 1024;
export const PAGE_STORE_MAX_PAGES = 200_000;

export interface StoredPage {
  status: number;
  headers: [string, string][];
  page: PreparedPage;
  /** When its rendering was stored (ms since the epoch). */
  renderedAt: number;
  /** Marked stale by a change, or rendered before the last change of everything. */
  stale: boolean;
}

interface Header {
  key: string;
  status: number;
  headers: [string, string][];
  renderedAt: number;
  slots: number[];
  crcs: number[];
  lengths: number[];
  fixedBytes: number;
  crc: number;
  weights: number[];
  original: string[];
  pieces: number[];
}

interface IndexEntry {
  file: string;
  bytes: number;
  renderedAt: number;
}

export function fileOfKey(key: string): string {
  return `${createHash('sha256').update(key).digest('hex').slice(0, 40)}.page`;
}

function encode(key: string, status: number, headers: [string, string][], page: PreparedPage, renderedAt: number): Buffer {
  const header: Header = {
    key,
    status,
    headers,
    renderedAt,
    slots: page.slots,
    crcs: page.crcs,
    lengths: page.lengths,
    fixedBytes: page.fixedBytes,
    crc: page.crc,
    weights: page.weights,
    original: page.original.map((b) => b.toString('base64')),
    pieces: page.deflated.map((d) => d.length),
  };
  const json = Buffer.from(JSON.stringify(header));
  const head = Buffer.alloc(HEADER_AT);
  MAGIC.copy(head, 0);
  head[FLAGS_AT] = 0;
  head.writeUInt32LE(json.length, FLAGS_AT + 1);
  return Buffer.concat([head, json, ...page.deflated]);
}

function decodeHeader(data: Buffer): { header: Header; flags: number; bodyAt: number } | undefined {
  if (data.length < HEADER_AT || !data.subarray(0, 4).equals(MAGIC)) return undefined;
  const length = data.readUInt32LE(FLAGS_AT + 1);
  if (HEADER_AT + length > data.length) return undefined;
  try {
    const header = JSON.parse(data.subarray(HEADER_AT, HEADER_AT + length).toString('utf8')) as Header;
    return { header, flags: data[FLAGS_AT] as number, bodyAt: HEADER_AT + length };
  } catch {
    return undefined;
  }
}

export class PageStore {
  readonly dir: string;
  /** Pages rendered before this time are stale (the last change of everything, in any process). */
  clearedAt = 0;
  private index = new Map<string, IndexEntry>();
  private bytes = 0;
  private writes = new Map<string, { data: Buffer; entry: IndexEntry }>();
  private writing: Promise<void> = Promise.resolve();
  private scanned: Promise<void>;
  /**
   * Keys marked stale by a scoped change whose file may not carry the flag yet: this process takes
   * them as stale at once, and the flags are written to the files in the background (other processes
   * read them there). A new page written under the key ends the mark.
   */
  private staleMarks = new Set<string>();
  private flagQueue: string[] = [];
  private flagging: Promise<void> | undefined;

  /** Opens the store of one build under `root`, removing the stores of other builds. */
  constructor(root: string, buildVersion: string) {
    const name = buildVersion.replace(/[^A-Za-z0-9_-]/g, '_') || 'build';
    this.dir = path.join(root, name);
    mkdirSync(this.dir, { recursive: true });
    for (const other of readdirSync(root)) {
      if (other !== name) rmSync(path.join(root, other), { recursive: true, force: true });
    }
    const cleared = path.join(this.dir, CLEARED_AT);
    if (existsSync(cleared)) this.clearedAt = Number(readFileSync(cleared, 'utf8')) || 0;
    // A store removed meanwhile (a newer build started) simply has nothing to index.
    this.scanned = this.scan().catch(() => {});
  }

  /** Reads the keys of the pages already on disk (for scoped changes and the background refresh). */
  private async scan() {
    const files = (await readdir(this.dir)).filter((f) => f.endsWith('.page'));
    const head = Buffer.alloc(64 * 1024);
    for (const file of files) {
      try {
        const handle = await open(path.join(this.dir, file), 'r');
        try {
          const { bytesRead } = await handle.read(head, 0, head.length, 0);
          const decoded = decodeHeader(head.subarray(0, bytesRead));
          if (!decoded || this.index.has(decoded.header.key)) continue;
          const { size } = await handle.stat();
          this.remember(decoded.header.key, { file, bytes: size, renderedAt: decoded.header.renderedAt });
        } finally {
          await handle.close();
        }
      } catch {
        // Removed meanwhile by another process: nothing to index.
      }
    }
  }

  /** Resolves once the pages on disk are indexed and every queued write is on disk. */
  async settled(): Promise<void> {
    await this.scanned;
    while (this.writes.size > 0) await this.writing;
    await this.writing;
    while (this.flagging) await this.flagging;
  }

  private remember(key: string, entry: IndexEntry) {
    const previous = this.index.get(key);
    if (previous) {
      this.bytes -= previous.bytes;
      this.index.delete(key);
    }
    this.index.set(key, entry);
    this.bytes += entry.bytes;
    for (const [k, e] of this.index) {
      if (this.index.size <= PAGE_STORE_MAX_PAGES && this.bytes <= PAGE_STORE_MAX_BYTES) break;
      this.index.delete(k);
      this.staleMarks.delete(k);
      this.bytes -= e.bytes;
      try {
        unlinkSync(path.join(this.dir, e.file));
      } catch {}
    }
  }

  has(key: string): boolean {
    return this.index.has(key) || this.writes.has(key) || existsSync(path.join(this.dir, fileOfKey(key)));
  }

  /** Keys of the pages this process knows to be on disk. */
  keys(): string[] {
    return [...new Set([...this.index.keys(), ...this.writes.keys()])];
  }

  /** The stored page of a key (also one another process wrote), or undefined. */
  read(key: string): StoredPage | undefined {
    const queued = this.writes.get(key);
    let data: Buffer;
    try {
      data = queued ? queued.data : readFileSync(path.join(this.dir, fileOfKey(key)));
    } catch {
      return undefined;
    }
    const decoded = decodeHeader(data);
    if (!decoded || decoded.header.key !== key) return undefined;
    const { header, flags } = decoded;
    let at = decoded.bodyAt;
    const deflated = header.pieces.map((length) => {
      const piece = data.subarray(at, at + length);
      at += length;
      return piece;
    });
    if (at !== data.length) return undefined;
    const page: PreparedPage = {
      deflated,
      slots: header.slots,
      crcs: header.crcs,
      lengths: header.lengths,
      fixedBytes: header.fixedBytes,
      storedBytes: data.length - decoded.bodyAt,
      original: header.original.map((v) => Buffer.from(v, 'base64')),
      crc: header.crc,
      weights: header.weights,
    };
    if (!this.index.has(key) && !queued) this.remember(key, { file: fileOfKey(key), bytes: data.length, renderedAt: header.renderedAt });
    return {
      status: header.status,
      headers: header.headers,
      page,
      renderedAt: header.renderedAt,
      stale: (flags & STALE) !== 0 || this.staleMarks.has(key) || header.renderedAt < this.clearedAt,
    };
  }

  /** Keeps a page; written in the background (a temporary file renamed, so no reader sees half a page). */
  write(key: string, status: number, headers: [string, string][], page: PreparedPage, renderedAt: number) {
    const data = encode(key, status, headers, page, renderedAt);
    const entry = { file: fileOfKey(key), bytes: data.length, renderedAt };
    this.staleMarks.delete(key);
    const first = this.writes.size === 0;
    this.writes.set(key, { data, entry });
    if (first) this.writing = this.writing.then(() => this.drainWrites());
  }

  private async drainWrites() {
    while (this.writes.size > 0) {
      const [key, { data, entry }] = this.writes.entries().next().value as [string, { data: Buffer; entry: IndexEntry }];
      const file = path.join(this.dir, entry.file);
      const temporary = `${file}.${process.pid}.tmp`;
      try {
        await writeFile(temporary, data);
        await rename(temporary, file);
        if (this.writes.get(key)?.data === data) this.remember(key, entry);
      } catch (error) {
        // The store is an optimisation: a page that could not be written is rendered again later.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') console.error('page store: could not write %s', key, error);
      }
      if (this.writes.get(key)?.data === data) this.writes.delete(key);
    }
  }

  /**
   * Marks stale the stored pages whose key passes `test`; answers their keys. Stale at once for this
   * process; the flags reach the files in the background, not one synchronous write per page while the
   * event loop waits (a change of one product touches every stored search page).
   */
  markStale(test: (key: string) => boolean): string[] {
    const marked: string[] = [];
    for (const key of this.keys()) {
      if (!test(key)) continue;
      const queued = this.writes.get(key);
      if (queued) queued.data[FLAGS_AT] = STALE;
      if (this.index.has(key)) {
        this.staleMarks.add(key);
        this.flagQueue.push(key);
      }
      marked.push(key);
    }
    if (this.flagQueue.length > 0 && !this.flagging) {
      this.flagging = this.writeFlags().finally(() => {
        this.flagging = undefined;
      });
    }
    return marked;
  }

  private async writeFlags() {
    const flag = Buffer.from([STALE]);
    while (this.flagQueue.length > 0) {
      const batch = this.flagQueue.splice(0, FLAG_BATCH);
      await Promise.all(
        batch.map(async (key) => {
          const entry = this.index.get(key);
          // Written anew meanwhile (the mark ended): that file is fresh.
          if (!entry || !this.staleMarks.has(key)) return;
          try {
            const handle = await open(path.join(this.dir, entry.file), 'r+');
            try {
              await handle.write(flag, 0, 1, FLAGS_AT);
            } finally {
              await handle.close();
            }
          } catch {
            // Removed meanwhile (evicted, or a newer build started): nothing to mark.
          }
        }),
      );
    }
  }

  /** A change of everything: every page stored until now is stale, here and in other processes. */
  clearAll(at = Date.now()) {
    this.clearedAt = Math.max(this.clearedAt, at);
    const file = path.join(this.dir, CLEARED_AT);
    const temporary = `${file}.${process.pid}.tmp`;
    try {
      writeFileSync(temporary, String(this.clearedAt));
      renameSync(temporary, file);
    } catch (error) {
      console.error('page store: could not record a change of everything', error);
    }
  }

  /** Pages and bytes on disk that this process knows of. */
  size(): { pages: number; bytes: number } {
    return { pages: this.index.size, bytes: this.bytes };
  }

  /** Removes every stored page (tests). */
  forget() {
    this.writes.clear();
    this.index.clear();
    this.staleMarks.clear();
    this.flagQueue.length = 0;
    this.bytes = 0;
    for (const f of readdirSync(this.dir)) {
      try {
        if (statSync(path.join(this.dir, f)).isFile()) unlinkSync(path.join(this.dir, f));
      } catch {}
    }
    this.clearedAt = 0;
  }
}
