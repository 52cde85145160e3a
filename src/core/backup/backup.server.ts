// One archive (.tar.gz) holds everything that cannot be made again: the database and the uploaded
// files (DATA_DIR/files, without the image cache). The database is copied first, in one consistent
// piece (PGlite: its data folder, taken between two queries by the process that owns it;
// PostgreSQL: pg_dump, one snapshot); the files after it. Uploads write their bytes before their
// row, so every file row in the copy has its bytes in the archive; files written later are extra.
//
// Archive layout:
//   manifest.json                   format, version, when, database kind, counts
//   database/pglite-datadir.tar     the embedded database's data folder (PGlite dumpDataDir)
//   database/postgres.dump          pg_dump --format=custom of DATABASE_URL
//   files/<storage key>             every uploaded file, byte for byte
//
// Live secrets stay out (LIVE_SECRET_TABLES: sessions, the e-mail links' tokens): the copy's tables
// have no rows of them, and a restore starts with none (also from an archive made before).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type Database, PGLITE_EXTENSIONS } from '~/core/db/client.server';
import { lockDataFolder } from '~/core/db/data-dir-lock.server';
import { extractTarGz, type TarEntry, writeTarGz } from './tar.server';

export const BACKUP_FORMAT = 'cobinet-backup';
export const BACKUP_VERSION = 1;
const PGLITE_ENTRY = 'database/pglite-datadir.tar';
const POSTGRES_ENTRY = 'database/postgres.dump';

/**
 * Tables whose rows only serve while they are live and would let their holder in (sessions, the
 * one-time tokens of verification and password-reset links): left out of every backup and emptied
 * on restore. Named here, not imported: the backup command runs without the features' code.
 */
export const LIVE_SECRET_TABLES = ['sessions', 'account_tokens'] as const;

/** Empties the live-secret tables that exist (an older database may lack one). */
const EMPTY_LIVE_SECRETS = `do $$ declare t text; begin
  foreach t in array array['${LIVE_SECRET_TABLES.join("','")}'] loop
    if to_regclass('public.' || quote_ident(t)) is not null then execute format('truncate table public.%I', t); end if;
  end loop; end $$`;

/**
 * PGlite's data folder without the live-secret rows: the dump loaded into a throwaway in-memory
 * database, those tables emptied there, and dumped again (the live database is not touched). Costs
 * a second copy of the database in memory while the backup is made.
 */
async function pgliteDumpWithoutSecrets(blob: Blob): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const copy = new PGlite({ loadDataDir: blob, extensions: PGLITE_EXTENSIONS });
  try {
    await copy.waitReady;
    await copy.exec(EMPTY_LIVE_SECRETS);
    // The rows are still in the write-ahead log's segments: a new segment, and the old ones
    // removed (not kept for reuse, which leaves their bytes) by the checkpoint.
    await copy.exec('set wal_recycle = off; select pg_switch_wal(); checkpoint; select pg_switch_wal(); checkpoint;');
    return await copy.dumpDataDir('none');
  } finally {
    await copy.close();
  }
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  database: { kind: 'pglite' | 'postgres'; entry: string; bytes: number };
  files: { count: number; bytes: number };
}

/** What a backup needs of the database: PGlite's dump, or PostgreSQL's URL. */
export type BackupDatabase = Pick<Database, 'kind' | 'url' | 'dumpDataDir'>;

/** Temporary work folders live in the data folder (same disk as the data, never a small /tmp). */
export function backupWorkDir(dataDir: string): string {
  return path.join(dataDir, '.backup-tmp');
}

/**
 * Removes what backups cut short (a crash, a kill) left in the work folder, a day after. Several
 * processes may share DATA_DIR (PostgreSQL deployments), so a backup in progress is never touched.
 */
export async function cleanBackupWork(dataDir: string, olderThanMs = 24 * 60 * 60_000): Promise<void> {
  const dir = backupWorkDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    try {
      if ((await stat(full)).mtimeMs < Date.now() - olderThanMs) await rm(full, { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
  }
}

async function tempPath(dataDir: string, suffix: string): Promise<string> {
  const dir = backupWorkDir(dataDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return path.join(dir, `${Date.now()}-${randomBytes(4).toString('hex')}${suffix}`);
}

/** Runs a PostgreSQL client program (pg_dump, pg_restore, psql); fails with its error output. */
function runPgTool(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += String(d);
    });
    child.on('error', (e) => reject(new Error(`${program} could not be started (${(e as Error).message}); install the PostgreSQL client programs`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Uploaded files under DATA_DIR/files, without the image cache (made again on demand). */
async function listFiles(filesDir: string): Promise<{ rel: string; size: number; mtime: Date }[]> {
  const out: { rel: string; size: number; mtime: Date }[] = [];
  const cache = path.join(filesDir, 'cache');
  const walk = async (dir: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (full !== cache) await walk(full);
      } else if (e.isFile()) {
        try {
          const s = await stat(full);
          out.push({ rel: path.relative(filesDir, full).split(path.sep).join('/'), size: s.size, mtime: s.mtime });
        } catch {
          // deleted meanwhile: not part of this backup
        }
      }
    }
  };
  await walk(filesDir);
  return out;
}

/** Exactly `size` bytes of a file (a file appended to meanwhile is cut at its size when listed). */
async function* fileBytes(file: string, size: number): AsyncGenerator<Buffer> {
  if (size === 0) return;
  for await (const chunk of createReadStream(file, { start: 0, end: size - 1 })) yield chunk as Buffer;
}

export interface BackupSummary {
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Writes a backup archive to `out` (written as `out.partial`, renamed when complete). The site
 * keeps serving meanwhile: PGlite pauses other queries only while its folder is copied to memory.
 */
export async function writeBackup(opts: { database: BackupDatabase; dataDir: string; out: string }): Promise<BackupSummary> {
  const { database, dataDir } = opts;
  const work: string[] = [];
  try {
    let dbEntry: TarEntry;
    if (database.kind === 'pglite') {
      if (!database.dumpDataDir) throw new Error('This database cannot be dumped');
      const blob = await pgliteDumpWithoutSecrets(await database.dumpDataDir());
      dbEntry = { name: PGLITE_ENTRY, size: blob.size, body: () => Readable.fromWeb(blob.stream() as import('node:stream/web').ReadableStream) };
    } else {
      if (!database.url) throw new Error('DATABASE_URL is needed for a PostgreSQL backup');
      const dumpFile = await tempPath(dataDir, '.dump');
      work.push(dumpFile);
      const without = LIVE_SECRET_TABLES.map((t) => `--exclude-table-data=public.${t}`);
      await runPgTool('pg_dump', [
        '--format=custom',
        '--compress=0',
        '--no-owner',
        '--no-privileges',
        ...without,
        `--file=${dumpFile}`,
        `--dbname=${database.url}`,
      ]);
      const size = (await stat(dumpFile)).size;
      dbEntry = { name: POSTGRES_ENTRY, size, body: () => fileBytes(dumpFile, size) };
    }
    const filesDir = path.join(dataDir, 'files');
    const files = await listFiles(filesDir);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      database: { kind: database.kind, entry: dbEntry.name, bytes: dbEntry.size },
      files: { count: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    const entries = function* (): Generator<TarEntry> {
      yield {
        name: 'manifest.json',
        size: manifestBytes.length,
        body: async function* () {
          yield manifestBytes;
        },
      };
      yield dbEntry;
      for (const f of files) yield { name: `files/${f.rel}`, size: f.size, mtime: f.mtime, body: () => fileBytes(path.join(filesDir, f.rel), f.size) };
    };
    await mkdir(path.dirname(path.resolve(opts.out)), { recursive: true });
    const partial = `${opts.out}.partial`;
    work.push(partial);
    await writeTarGz(entries(), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, opts.out);
    return { manifest, bytes: (await stat(opts.out)).size };
  } finally {
    for (const f of work) await rm(f, { force: true });
  }
}

export class RestoreRefused extends Error {}

async function dirHasEntries(dir: string, ignore: (name: string) => boolean = () => false): Promise<boolean> {
  try {
    return (await readdir(dir)).some((n) => !ignore(n));
  } catch {
    return false;
  }
}

async function postgresHasTables(url: string): Promise<boolean> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`select count(*)::int as n from pg_catalog.pg_tables where schemaname in ('public', 'drizzle')`;
    return (row?.n ?? 0) > 0;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function emptyPostgres(url: string) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public;');
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function emptyLiveSecrets(url: string) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(EMPTY_LIVE_SECRETS);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  /** Restore into this PostgreSQL database instead of the embedded one in dataDir/db. */
  databaseUrl?: string;
  /** Replace a non-empty database and files folder. */
  force?: boolean;
}

/**
 * Brings a backup into an empty data folder (or an empty PostgreSQL database and the data folder's
 * files); a non-empty one is refused unless `force`, which first deletes what is there.
 * The server must not be running on that data folder or database.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<BackupManifest> {
  const dataDir = path.resolve(opts.dataDir);
  const dbDir = path.join(dataDir, 'db');
  if (opts.databaseUrl) return restoreInto(opts, dataDir, dbDir);
  // The embedded database's folder stays locked from the first check to the end: no server or
  // other command can open it while it is emptied and filled.
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataFolder(dbDir);
  try {
    return await restoreInto(opts, dataDir, dbDir);
  } finally {
    unlock();
  }
}

async function restoreInto(opts: RestoreOptions, dataDir: string, dbDir: string): Promise<BackupManifest> {
  const filesDir = path.join(dataDir, 'files');
  if (!existsSync(opts.archive)) throw new RestoreRefused(`There is no file ${opts.archive}`);

  const occupied: string[] = [];
  if (opts.databaseUrl ? await postgresHasTables(opts.databaseUrl) : await dirHasEntries(dbDir)) {
    occupied.push(opts.databaseUrl ? 'the database (DATABASE_URL) has tables' : `${dbDir} is not empty`);
  }
  if (await dirHasEntries(filesDir, (n) => n === 'cache')) occupied.push(`${filesDir} is not empty`);
  if (occupied.length && !opts.force) {
    throw new RestoreRefused(`Not restoring: ${occupied.join(' and ')}. Restore into an empty data folder or database, or add --force to replace them.`);
  }

  await mkdir(dataDir, { recursive: true });
  const work = await tempPath(dataDir, '.restore');
  try {
    await extractTarGz(createReadStream(opts.archive), work);
    let manifest: BackupManifest;
    try {
      manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
    } catch {
      throw new RestoreRefused(`${opts.archive} is not a backup of this site (no manifest.json)`);
    }
    if (manifest.format !== BACKUP_FORMAT || manifest.version > BACKUP_VERSION) {
      throw new RestoreRefused(`${opts.archive} is not a backup this version can read (${manifest.format} ${manifest.version})`);
    }
    const kind = manifest.database.kind;
    if (kind === 'pglite' && opts.databaseUrl) {
      throw new RestoreRefused('This backup holds the embedded database: restore it without DATABASE_URL (into DATA_DIR).');
    }
    if (kind === 'postgres' && !opts.databaseUrl) {
      throw new RestoreRefused('This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.');
    }
    const dump = path.join(work, manifest.database.entry);
    if (!existsSync(dump)) throw new RestoreRefused(`${opts.archive} is incomplete: ${manifest.database.entry} is missing`);

    if (opts.force) {
      if (opts.databaseUrl) await emptyPostgres(opts.databaseUrl);
      else await rm(dbDir, { recursive: true, force: true });
      await rm(filesDir, { recursive: true, force: true });
    }

    if (kind === 'pglite') {
      await mkdir(dbDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const restored = new PGlite(dbDir, { loadDataDir: new Blob([await readFile(dump)]), extensions: PGLITE_EXTENSIONS });
      await restored.waitReady;
      await restored.exec(EMPTY_LIVE_SECRETS);
      await restored.close();
    } else {
      await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${opts.databaseUrl}`, dump]);
      await emptyLiveSecrets(opts.databaseUrl as string);
    }

    const extractedFiles = path.join(work, 'files');
    if (existsSync(extractedFiles)) {
      await rm(filesDir, { recursive: true, force: true });
      await rename(extractedFiles, filesDir);
    } else {
      await mkdir(filesDir, { recursive: true });
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
