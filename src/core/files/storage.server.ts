import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { files } from './files.schema';

/** Where file bytes live; local disk by default, swappable for object storage. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer>;
  stream(key: string): Readable;
  remove(key: string): Promise<void>;
  size(key: string): Promise<number>;
}

export function localStorage(root: string): Storage {
  const full = (key: string) => {
    const p = path.resolve(root, key);
    if (!p.startsWith(path.resolve(root) + path.sep)) throw new Error('Invalid storage key');
    return p;
  };
  return {
    async put(key, data) {
      await mkdir(path.dirname(full(key)), { recursive: true });
      await writeFile(full(key), data);
    },
    get: (key) => readFile(full(key)),
    stream: (key) => createReadStream(full(key)),
    remove: (key) => rm(full(key), { force: true }),
    size: async (key) => (await stat(full(key))).size,
  };
}

let storage: Storage | undefined;
export function setStorage(s: Storage) {
  storage = s;
}
export function getStorage(): Storage {
  if (!storage) throw new Error('Storage not configured');
  return storage;
}

/**
 * A file name safe for storage metadata and Content-Disposition: no path, no control characters and
 * no bidi marks or overrides (U+200E/F, U+202A-U+202E, U+2066-U+2069, U+061C), which make
 * "invoice\u202Efdp.exe" show as "invoiceexe.pdf".
 */
export function safeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'file';
  // Control characters are what this strips from file names.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: see above
  const unsafe = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"<>|:*?]/g;
  const cleaned = base.replace(unsafe, '').trim().slice(0, 180);
  return cleaned || 'file';
}

export type StoredFile = typeof files.$inferSelect;

/**
 * Stores bytes and records them; the content type is decided by the caller from the bytes, never trusted.
 * `db`: the caller's transaction when the file belongs to a change made in it (PGlite has one
 * connection: a write through getDb() inside a transaction would wait for it forever).
 */
export async function saveFile(
  input: {
    data: Buffer;
    filename: string;
    contentType: string;
    width?: number;
    height?: number;
    /** The feature the file is uploaded for (see files.owner); content may reference only its own files. */
    owner?: string;
  },
  db: Db = getDb(),
): Promise<StoredFile> {
  const id = randomUUID();
  const now = new Date();
  const key = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${id}`;
  await getStorage().put(key, input.data);
  const [row] = await db
    .insert(files)
    .values({
      id,
      storageKey: key,
      originalName: safeFilename(input.filename),
      contentType: input.contentType,
      size: input.data.length,
      width: input.width,
      height: input.height,
      owner: input.owner,
    })
    .returning();
  return row;
}

export async function findFile(id: string): Promise<StoredFile | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await getDb().select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
/**
 * The name a download is saved under. A public file may be offered under another name by its link
 * (`/files/:id/:name`: a product document's English name on the English pages) as long as the name
 * keeps the stored file's extension; private files and any other name get the stored name.
 */
export function downloadName(stored: string, requested: string | undefined, isPublic: boolean): string {
  if (!isPublic || !requested) return stored;
  const ext = (name: string) => {
    const dot = name.lastIndexOf('.');
    return dot > 0 ? name.slice(dot).toLowerCase() : '';
  };
  const safe = safeFilename(requested);
  return ext(safe) !== '' && ext(safe) === ext(stored) ? safe : stored;
}

export function contentDisposition(filename: string, inline = false): string {
  const safe = safeFilename(filename);
  // ASCII fallback: accents dropped ("ś" -> "s", "ł" -> "l"), anything else non-ASCII as "_".
  const ascii = safe
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
