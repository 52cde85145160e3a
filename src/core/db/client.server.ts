import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataFolder } from './data-dir-lock.server';

/** No relational query API: queries name their tables, so core needs no feature's schema. */
export type Schema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs migrations (all pending ones in one transaction). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Messages between the processes that share this database (PostgreSQL LISTEN/NOTIFY); absent for
   * the embedded database, which only one process can open.
   */
  channel?: {
    publish(name: string, payload: string): Promise<void>;
    subscribe(name: string, onMessage: (payload: string) => void): Promise<void>;
  };
  /** PostgreSQL: the server's URL (backups run pg_dump on it). */
  url?: string;
  /** PGlite: its data folder as an uncompressed tar, taken between queries (a consistent copy for backups). */
  dumpDataDir?(): Promise<Blob>;
}

/** The committed migrations: found from the sources (src/core/db) and from the bundle (build/server). */
function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../drizzle'), path.resolve(here, '../../drizzle')];
  return candidates.find((dir) => existsSync(path.join(dir, 'meta/_journal.json'))) ?? path.resolve('drizzle');
}

/** The PGlite extensions the migrations use (PostgreSQL servers have them in contrib). */
export const PGLITE_EXTENSIONS = { btree_gist };

/**
 * PostgreSQL when a URL is given, otherwise PGlite (embedded PostgreSQL) in `dataDir/db`, or in memory.
 * `loadDataDir`: a memory database starts from this data folder tar (tests start from a migrated
 * template instead of running initdb and every migration again).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string; memory?: boolean; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    const client = postgres(opts.url, { max: 10, onnotice: () => {} });
    const db = drizzle(client) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      migrate: () => migrate(db as never, { migrationsFolder: migrationsFolder() }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => client.end({ timeout: 5 }),
      channel: {
        publish: async (name, payload) => {
          await client.notify(name, payload);
        },
        subscribe: async (name, onMessage) => {
          await client.listen(name, onMessage);
        },
      },
    };
  }
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (!opts.memory) {
    dir = path.join(opts.dataDir ?? './data', 'db');
    mkdirSync(dir, { recursive: true });
  }
  const unlock = dir ? lockDataFolder(dir) : () => {};
  // btree_gist: exclusion constraints that mix equality with ranges (a tester's rentals never overlap).
  // (PGlite reads its options from the first argument when there is no folder.)
  let client: PGlite;
  try {
    client = dir
      ? new PGlite(dir, { extensions: PGLITE_EXTENSIONS })
      : new PGlite({ extensions: PGLITE_EXTENSIONS, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) });
    await client.waitReady;
  } catch (e) {
    unlock();
    throw e;
  }
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db as never, { migrationsFolder: migrationsFolder() }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        await client.close();
      } finally {
        unlock();
      }
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
