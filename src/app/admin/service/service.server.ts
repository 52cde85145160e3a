// The service screen: state of the database, the mail outbox (without SMTP_URL it is the
// development mailbox), storage use, and the maintenance actions.
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDatabase, getDb } from '~/core/db/db.server';
import { maskMailHeaders, maskMailSecrets } from '~/core/mail/mask-secrets';
import { getOutboxMail, listOutbox } from '~/core/mail/outbox.server';
import { clearPageCache } from '~/core/server/page-cache.server';

/**
 * The mail queue as the admin sees it (the API and the page): links with tokens masked in the
 * subjects, headers and bodies (core/mail/mask-secrets.ts). Retrying sends the stored, real mail.
 */
export async function outboxForAdmin(opts: Parameters<typeof listOutbox>[0]) {
  const list = await listOutbox(opts);
  return { ...list, items: list.items.map((m) => ({ ...m, subject: maskMailSecrets(m.subject), headers: maskMailHeaders(m.headers) })) };
}

/** One mail of the queue with its bodies masked as in outboxForAdmin, or null. */
export async function outboxMailForAdmin(id: string) {
  const mail = await getOutboxMail(id);
  if (!mail) return null;
  return {
    ...mail,
    subject: maskMailSecrets(mail.subject),
    html: maskMailSecrets(mail.html),
    text: maskMailSecrets(mail.text),
    headers: maskMailHeaders(mail.headers),
    lastError: mail.lastError && maskMailSecrets(mail.lastError),
  };
}

export interface TableCount {
  name: string;
  rows: number;
}

export interface MigrationState {
  tag: string;
  applied: boolean;
  /** When it was applied (ISO), for an applied migration. */
  appliedAt: string | null;
}

export interface DatabaseState {
  kind: 'pglite' | 'postgres';
  sizeBytes: number | null;
  tables: TableCount[];
  migrations: MigrationState[];
  /** Applied migrations the code does not know (a newer version ran on this database). */
  unknownMigrations: number;
}

/** Tables shown first, in this order; every other table of the schema follows by name. */
const MAIN_TABLES = ['users', 'products', 'categories', 'posts', 'static_sites', 'files', 'mail_outbox', 'change_infos', 'sessions'];

function rowsOf<T>(result: unknown): T[] {
  // postgres-js answers an array, PGlite an object with rows.
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** The committed migrations' journal (drizzle/meta/_journal.json), found from the sources or the bundle. */
async function journal(): Promise<{ tag: string; when: number }[]> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../../drizzle'), path.resolve(here, '../../drizzle'), path.resolve('drizzle')];
  const dir = candidates.find((d) => existsSync(path.join(d, 'meta/_journal.json')));
  if (!dir) return [];
  const parsed = JSON.parse(await readFile(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries?: { tag: string; when: number }[] };
  return parsed.entries ?? [];
}

export async function databaseState(db: Db = getDb()): Promise<DatabaseState> {
  const kind = getDatabase().kind;
  let sizeBytes: number | null = null;
  try {
    const [row] = rowsOf<{ size: string | number }>(await db.execute(sql`select pg_database_size(current_database()) as size`));
    sizeBytes = row ? Number(row.size) : null;
  } catch {
    sizeBytes = null;
  }
  const names = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_catalog.pg_tables where schemaname = 'public' order by tablename`),
  ).map((r) => r.name);
  let tables: TableCount[] = [];
  if (names.length) {
    const counts = rowsOf<{ name: string; rows: string | number }>(
      await db.execute(
        sql.join(
          names.map((n) => sql`select ${n}::text as name, count(*)::bigint as rows from ${sql.identifier(n)}`),
          sql` union all `,
        ),
      ),
    );
    tables = counts.map((c) => ({ name: c.name, rows: Number(c.rows) }));
    const rank = (n: string) => (MAIN_TABLES.includes(n) ? MAIN_TABLES.indexOf(n) : MAIN_TABLES.length);
    tables.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
  }
  let applied: { createdAt: number }[] = [];
  try {
    applied = rowsOf<{ created_at: string | number }>(await db.execute(sql`select created_at from drizzle.__drizzle_migrations order by created_at`)).map(
      (r) => ({ createdAt: Number(r.created_at) }),
    );
  } catch {
    applied = [];
  }
  const entries = await journal();
  const appliedAt = new Set(applied.map((a) => a.createdAt));
  const migrations = entries.map((e) => ({
    tag: e.tag,
    applied: appliedAt.has(e.when),
    appliedAt: appliedAt.has(e.when) ? new Date(e.when).toISOString() : null,
  }));
  const known = new Set(entries.map((e) => e.when));
  return { kind, sizeBytes, tables, migrations, unknownMigrations: applied.filter((a) => !known.has(a.createdAt)).length };
}

export interface DirUsage {
  bytes: number;
  files: number;
}

/** Total size and number of the files under a directory (0 when it does not exist). */
export async function dirUsage(dir: string, skip: (full: string) => boolean = () => false): Promise<DirUsage> {
  const usage: DirUsage = { bytes: 0, files: 0 };
  const walk = async (current: string) => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (skip(full)) continue;
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        try {
          usage.bytes += (await stat(full)).size;
          usage.files += 1;
        } catch {
          // removed while walking
        }
      }
    }
  };
  await walk(dir);
  return usage;
}

/** Where the image route keeps resized images (see core/files/files.api.server.ts). */
export function imageCacheDir(dataDir: string): string {
  return path.join(dataDir, 'files', 'cache');
}

export interface StorageState {
  dataDir: string;
  /** Uploaded files (without the image cache). */
  files: DirUsage;
  /** Resized images, made again on demand. */
  imageCache: DirUsage;
  /** The development mailbox: .eml files of delivered mails when SMTP_URL is not set. */
  mailbox: DirUsage & { dir: string };
}

export async function storageState(dataDir: string): Promise<StorageState> {
  const cache = imageCacheDir(dataDir);
  const mailDir = path.join(dataDir, 'mail');
  const [files, imageCache, mailbox] = await Promise.all([dirUsage(path.join(dataDir, 'files'), (full) => full === cache), dirUsage(cache), dirUsage(mailDir)]);
  return { dataDir, files, imageCache, mailbox: { ...mailbox, dir: mailDir } };
}

// Maintenance actions --------------------------------------------------------------------------

/** Drops the page cache and every in-memory cache registered with it (menus, catalogue index …). */
export function clearCaches(): void {
  clearPageCache();
}

/** Deletes every resized image; the image route makes each size again on its next request. */
export async function rebuildImageSizes(dataDir: string): Promise<DirUsage> {
  const dir = imageCacheDir(dataDir);
  const before = await dirUsage(dir);
  await rm(dir, { recursive: true, force: true });
  return before;
}

/** The catalogue's search text, rebuilt by the catalogue feature (offered on this screen). */
export { rebuildSearchIndex } from '~/features/catalog/search-index.server';
