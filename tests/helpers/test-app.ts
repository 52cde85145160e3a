import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '~/core/config.server';
import { type Database, openDatabase } from '~/core/db/client.server';
import { localStorage, setStorage } from '~/core/files/storage.server';
import { seedIfEmpty } from '~/core/seed.server';
import { buildApp } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { features, seeders } from '~/server.server';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

let template: Promise<Blob> | undefined;
let pgTemplate: Promise<string> | undefined;

/** A short hash of the migrations: a template made from other migrations is never used. */
function migrationsHash(): string {
  const folder = path.resolve('drizzle');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort())
    hash.update(name).update(readFileSync(path.join(folder, name)));
  hash.update(readFileSync(path.join(folder, 'meta/_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The data folder of a migrated PGlite database, made once and kept in tmp/ under a hash of the
 * migrations: starting from it takes under a second, initdb and 24 migrations take about four.
 * Written to a temporary name and renamed, so parallel workers never read half a file.
 */
function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.resolve('tmp/test-db', `migrated-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const database = await openDatabase({ memory: true });
    await database.migrate();
    if (!database.dumpDataDir) throw new Error('PGlite dumps its data folder');
    const blob = await database.dumpDataDir();
    await database.close();
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  })();
  return template;
}

/**
 * A migrated PostgreSQL database to copy test databases from (CREATE DATABASE ... TEMPLATE takes a
 * fraction of a second; the migrations took one to two per file). Made once per migrations hash on
 * the server, under an advisory lock so that parallel workers and runs make it once; it is made
 * under a temporary name and renamed, so a crash never leaves a half-migrated template. Nobody
 * connects to it afterwards (a template must have no sessions while it is copied).
 */
function migratedPgTemplate(base: string): Promise<string> {
  pgTemplate ??= (async () => {
    const { default: postgres } = await import('postgres');
    const name = `test_template_${migrationsHash()}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    try {
      await admin`select pg_advisory_lock(hashtext(${name}))`;
      const [found] = await admin`select 1 as found from pg_database where datname = ${name}`;
      if (!found) {
        const partial = `${name}_${process.pid}_${randomBytes(3).toString('hex')}`;
        await admin.unsafe(`create database "${partial}"`);
        const url = new URL(base);
        url.pathname = `/${partial}`;
        const database = await openDatabase({ url: url.toString() });
        await database.migrate();
        await database.close();
        await admin.unsafe(`alter database "${partial}" rename to "${name}"`);
      }
      await admin`select pg_advisory_unlock(hashtext(${name}))`;
    } finally {
      await admin.end();
    }
    return name;
  })();
  return pgTemplate;
}

/**
 * A fresh database for one test file: PGlite in memory, or, when TEST_DATABASE_URL points to a
 * PostgreSQL server, a new database created there and dropped on close.
 */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ memory: true, loadDataDir: await migratedTemplate() });
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const { default: postgres } = await import('postgres');
  const name = `test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${await migratedPgTemplate(base)}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    database,
    drop: async () => {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * `plugins`: registered before the features (e.g. an onRoute hook that lists the routes).
 * `env`: further environment variables of the configuration (e.g. SALES_EMAIL).
 */
export async function createTestApp(opts: { seed?: boolean; plugins?: FastifyPluginAsync[]; env?: Record<string, string> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cabling-test-'));
  const config = loadConfig({ ...opts.env, NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  const { database, drop } = await openTestDatabase();
  setStorage(localStorage(path.join(dataDir, 'files')));
  clearPageCache();
  const app = await buildApp({ config, database, features: [...(opts.plugins ?? []), ...features], logger: false });
  if (opts.seed) await seedIfEmpty(seeders, () => {});
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client that keeps cookies and echoes the XSRF token, as the browser app does. */
export class TestClient {
  cookies = new Map<string, string>();
  constructor(private app: FastifyInstance) {}

  get xsrf() {
    return this.cookies.get('XSRF-TOKEN');
  }

  async request(opts: InjectOptions & { xsrf?: boolean }): Promise<LightMyRequestResponse> {
    if (!this.cookies.has('sid')) await this.start();
    const headers: Record<string, string> = { ...(opts.headers as Record<string, string>) };
    headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const method = (opts.method ?? 'GET').toUpperCase();
    if (opts.xsrf !== false && method !== 'GET' && this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    const res = await this.app.inject({ ...opts, headers });
    this.keep(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], ...opts });
  }

  private async start() {
    const res = await this.app.inject({ method: 'GET', url: '/healthz' });
    this.keep(res);
  }

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }
}
