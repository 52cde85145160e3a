// Files nothing refers to: uploads whose product, post or form was deleted or never saved. They are
// listed (dry run) and, once older than the grace period, removed: row first, then bytes and resized
// copies. A file that any registered source names is never touched, and a database foreign key
// (ON DELETE RESTRICT) refuses the delete of a file that became referenced after the scan.
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { files } from './files.schema';
import { referencedFileIds } from './references.server';
import { getStorage } from './storage.server';

/** Uploads younger than this are kept: a form may still be open that will save them. */
export const DEFAULT_GRACE_MS = 24 * 3_600_000;

export interface OrphanFile {
  id: string;
  originalName: string;
  size: number;
  createdAt: Date;
}

export interface FileGcResult {
  /** Files older than the grace period that nothing refers to (all of them, also in a dry run). */
  orphans: OrphanFile[];
  /** How many were removed (0 in a dry run). */
  removed: number;
  /** Bytes of the removed files. */
  freedBytes: number;
  /** Orphans the database refused to delete (referenced meanwhile); kept. */
  kept: number;
  /** Unreferenced files still inside the grace period; kept. */
  young: number;
}

export interface FileGcOptions {
  db: Db;
  dryRun: boolean;
  graceMs?: number;
  now?: Date;
  /** Where resized images are cached (DATA_DIR/files/cache); their copies go with the file. */
  cacheDir?: string;
}

export async function collectUnreferencedFiles(opts: FileGcOptions): Promise<FileGcResult> {
  const { db } = opts;
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.graceMs ?? DEFAULT_GRACE_MS));
  const referenced = await referencedFileIds(db);
  const all = await db
    .select({ id: files.id, originalName: files.originalName, size: files.size, createdAt: files.createdAt, storageKey: files.storageKey })
    .from(files)
    .orderBy(asc(files.createdAt), asc(files.id));
  const unreferenced = all.filter((f) => !referenced.has(f.id.toLowerCase()));
  const old = unreferenced.filter((f) => f.createdAt < cutoff);
  const result: FileGcResult = {
    orphans: old.map(({ storageKey: _key, ...f }) => f),
    removed: 0,
    freedBytes: 0,
    kept: 0,
    young: unreferenced.length - old.length,
  };
  if (opts.dryRun) return result;

  for (const f of old) {
    let deleted = false;
    try {
      const rows = await db
        .delete(files)
        .where(and(eq(files.id, f.id), lt(files.createdAt, cutoff)))
        .returning({ id: files.id });
      deleted = rows.length === 1;
    } catch {
      // A row that now refers to the file (foreign key RESTRICT): it is in use after all.
      result.kept++;
      continue;
    }
    if (!deleted) continue;
    await getStorage().remove(f.storageKey);
    if (opts.cacheDir) await removeResizedCopies(opts.cacheDir, f.id);
    result.removed++;
    result.freedBytes += f.size;
  }
  return result;
}

async function removeResizedCopies(cacheDir: string, id: string) {
  const dir = path.join(cacheDir, id.slice(0, 2));
  const names = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(`${id}-`)).map((n) => rm(path.join(dir, n), { force: true })));
}
