// Issue 10, "Nothing lost: backups": `npm run backup` (backupCli) makes one archive of a seeded,
// serving site while rows and files are being written, `npm run restore` (restoreCli) brings it
// into a fresh data folder (or database), and the copy holds the same rows (key tables, and every
// row committed before the backup started) and the same files, byte for byte, and no live secret
// (issue 37: no session and no e-mail link token is in the archive, and the restored site has none).
// Embedded database by default: the running server (it owns the data folder) makes the dump when
// the command asks it. With TEST_DATABASE_URL: pg_dump and pg_restore on a PostgreSQL server.
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { publishBackupEndpoint } from '~/core/backup/backup.api.server';
import { backupCli, restoreCli } from '~/core/backup/cli.server';
import { extractTarGz } from '~/core/backup/tar.server';
import { loadConfig } from '~/core/config.server';
import { type Database, type Db, openDatabase } from '~/core/db/client.server';
import { localStorage, saveFile, setStorage } from '~/core/files/storage.server';
import { seedIfEmpty } from '~/core/seed.server';
import { buildApp } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { setDatabase } from '~/core/db/db.server';
import { loadSession, sessionKey } from '~/core/session/session.server';
import { createAccountToken, hashToken } from '~/features/accounts/tokens.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { features, seeders } from '~/server.server';
import { TestClient } from '~tests/helpers/test-app';

const pgBase = process.env.TEST_DATABASE_URL;
const SECRET = 'b'.repeat(40);
const KEY_TABLES = ['users', 'roles', 'categories', 'products', 'product_catalog_numbers', 'posts', 'static_sites', 'change_infos'];

const work = mkdtempSync(path.join(tmpdir(), 'cabling-backup-'));
const sourceDir = path.join(work, 'source');
const restoredDir = path.join(work, 'restored');
const archive = path.join(work, 'site.tar.gz');
const quiet = { log: () => {}, error: (m: string) => messages.push(m) };
const messages: string[] = [];

let app: FastifyInstance;
let source: Database;
let port = 0;
let unpublish = async () => {};
const cleanups: (() => Promise<void>)[] = [];

/** A fresh PostgreSQL database on the test server: its URL and how to drop it. */
async function pgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: postgres } = await import('postgres');
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(pgBase as string, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(pgBase as string);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of [...KEY_TABLES, 'files', 'mail_outbox', 'sessions', 'account_tokens']) {
    const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(t)}`));
    out[t] = Number(row?.n);
  }
  const [m] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
  out.migrations = Number(m?.n);
  return out;
}

async function ids(db: Db, table: 'files' | 'mail_outbox'): Promise<Set<string>> {
  return new Set(rowsOf<{ id: string }>(await db.execute(sql`select id::text as id from ${sql.identifier(table)}`)).map((r) => r.id));
}

function envFor(dataDir: string, databaseUrl?: string): NodeJS.ProcessEnv {
  return { NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

let sourceUrl: string | undefined;

beforeAll(async () => {
  if (pgBase) {
    const db = await pgDatabase('backup_src');
    sourceUrl = db.url;
    cleanups.push(db.drop);
  }
  source = await openDatabase(sourceUrl ? { url: sourceUrl } : { dataDir: sourceDir });
  cleanups.push(() => source.close());
  await source.migrate();
  const config = loadConfig(envFor(sourceDir, sourceUrl));
  setStorage(localStorage(path.join(sourceDir, 'files')));
  clearPageCache();
  app = await buildApp({ config, database: source, features, logger: false });
  cleanups.push(() => app.close());
  await seedIfEmpty(seeders, () => {});
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  if (source.kind === 'pglite') unpublish = await publishBackupEndpoint({ dataDir: sourceDir, host: '127.0.0.1', port });
}, 480_000);

afterAll(async () => {
  await unpublish();
  for (const c of cleanups.reverse()) await c().catch(() => {});
  rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore (${pgBase ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('backs up a seeded site under write load and restores the same rows and files into a fresh folder', async () => {
    const filesBefore = readdirSync(path.join(sourceDir, 'files'), { recursive: true }).length;
    expect(filesBefore).toBeGreaterThan(10); // the demo catalogue's images and PDFs

    // Live secrets: a logged-in user's session and a password-reset link's token.
    const holder = await createUser({ state: 'active' });
    const holderClient = await loggedIn(app, holder.email);
    const holderSid = holderClient.cookies.get('sid') as string;
    const reset = await createAccountToken(source.db, { userId: holder.id, kind: 'reset', email: holder.email, ttlMs: 60 * 60_000 });

    // Write load: uploads (bytes, then row) and mail rows, two writers at once, all along.
    // Each write first waits a moment, as writes made by requests arrive (PGlite answers through promises
    // only: a loop of awaited queries alone would never let a timer or a socket run). Unpaced, the two
    // loops in the backup's own process and thread made thousands of writes and starved it: 8 s alone,
    // 51 s at load 8, past 480 s in CI beside every other suite. Paced at 10 ms it still took past
    // 300 s on PGlite in CI (load ~20; 89 s on PostgreSQL): 25 ms now, and the case may take 15 min.
    const tick = () => new Promise((r) => setTimeout(r, 25));
    let stop = false;
    const committedFiles: string[] = [];
    const committedMails: string[] = [];
    let pageErrors = 0;
    let resets = 0;
    let pages = 0;
    const writers = [
      (async () => {
        for (let i = 0; !stop; i++) {
          await tick();
          const f = await saveFile({ data: randomBytes(1000 + (i % 50) * 97), filename: `load-${i}.bin`, contentType: 'application/octet-stream' });
          committedFiles.push(f.id);
        }
      })(),
      (async () => {
        while (!stop) {
          await tick();
          const [row] = rowsOf<{ id: string }>(
            await source.db.execute(
              sql`insert into mail_outbox ("to", subject, html, text, status) values ('load@example.com', 'Load', '<p>x</p>', 'x', 'sent') returning id::text as id`,
            ),
          );
          committedMails.push(row.id);
        }
      })(),
      // The site keeps answering visitors meanwhile. A connection reset is counted apart: once in CI
      // (load ~20) the embedded database's dump held this process's only thread long enough for one
      // (stop 49); every answer that comes must be a 200.
      (async () => {
        while (!stop) {
          await tick();
          try {
            const res = await fetch(`http://127.0.0.1:${port}/api/categories-main`);
            await res.arrayBuffer();
            pages++;
            if (res.status !== 200) pageErrors++;
          } catch {
            resets++;
          }
        }
      })(),
    ];
    // Both writers are under way before the backup starts (waited for, not timed: a loaded machine
    // may take far longer than usual for the first writes).
    try {
      await vi.waitFor(
        () => {
          if (committedFiles.length < 3 || committedMails.length < 3) throw new Error('writers not under way yet');
        },
        { timeout: 60_000, interval: 20 },
      );
    } catch (e) {
      stop = true;
      await Promise.all(writers);
      throw e;
    }
    const before = await counts(source.db);
    const filesCommittedBefore = [...committedFiles];
    const mailsCommittedBefore = [...committedMails];
    const writesAtStart = committedFiles.length + committedMails.length;
    expect(before.sessions).toBeGreaterThan(0);
    expect(before.account_tokens).toBeGreaterThan(0);

    const started = Date.now();
    let code: number;
    let took: number;
    let writesDuring: number;
    try {
      code = await backupCli(['--out', archive], envFor(sourceDir, sourceUrl), quiet);
      took = Date.now() - started;
      writesDuring = committedFiles.length + committedMails.length - writesAtStart;
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    expect(code, messages.join('\n')).toBe(0);
    console.log(
      `backup: ${(statSync(archive).size / 1024 / 1024).toFixed(1)} MB in ${took} ms, ${writesDuring} writes and ${pages} page answers (${resets} connection resets) meanwhile`,
    );
    expect(writesDuring).toBeGreaterThan(0);
    expect(pages).toBeGreaterThan(resets);
    expect(pageErrors).toBe(0);
    expect(existsSync(`${archive}.partial`)).toBe(false);

    // The archive's database holds neither the session (its id or the hash it is kept under) nor the
    // link's token or hash, not even in the embedded database's write-ahead log.
    const unpacked = path.join(work, 'unpacked');
    await extractTarGz(createReadStream(archive), unpacked);
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    const dbBytes = readFileSync(path.join(unpacked, manifest.database.entry));
    expect(dbBytes.includes(holder.email), 'a row the copy keeps').toBe(true);
    for (const secret of [holderSid, sessionKey(holderSid), reset.token, hashToken(reset.token)]) {
      expect(dbBytes.includes(secret), 'a live secret in the archive').toBe(false);
    }

    // Restore into a fresh data folder (and, on PostgreSQL, a fresh database).
    let restoredUrl: string | undefined;
    if (pgBase) {
      const db = await pgDatabase('backup_dst');
      restoredUrl = db.url;
      cleanups.push(db.drop);
    }
    expect(await restoreCli([archive], envFor(restoredDir, restoredUrl), quiet), messages.join('\n')).toBe(0);

    const restored = await openDatabase(restoredUrl ? { url: restoredUrl } : { dataDir: restoredDir });
    try {
      const after = await counts(restored.db);
      for (const t of [...KEY_TABLES, 'migrations']) expect(after[t], t).toBe(before[t]);
      // Rows committed before the backup started are all there; later ones may be.
      expect(after.files).toBeGreaterThanOrEqual(before.files);
      expect(after.mail_outbox).toBeGreaterThanOrEqual(before.mail_outbox);
      const restoredFiles = await ids(restored.db, 'files');
      const restoredMails = await ids(restored.db, 'mail_outbox');
      for (const id of filesCommittedBefore) expect(restoredFiles.has(id), `file ${id}`).toBe(true);
      for (const id of mailsCommittedBefore) expect(restoredMails.has(id), `mail ${id}`).toBe(true);
      // The restored site starts with no session and no link token: the cookie of before logs nobody in.
      expect(after.sessions).toBe(0);
      expect(after.account_tokens).toBe(0);
      setDatabase(restored);
      try {
        expect(await loadSession(holderSid)).toBeNull();
      } finally {
        setDatabase(source);
      }
      expect((await holderClient.get('/api/my-account')).statusCode).toBe(200); // on the live site, still in

      // Every file row of the copy has its bytes, identical to the original.
      const keys = rowsOf<{ storage_key: string }>(await restored.db.execute(sql`select storage_key from files`)).map((r) => r.storage_key);
      expect(keys.length).toBe(after.files);
      for (const key of keys) {
        const copy = path.join(restoredDir, 'files', key);
        expect(existsSync(copy), key).toBe(true);
        expect(readFileSync(copy).equals(readFileSync(path.join(sourceDir, 'files', key))), key).toBe(true);
      }
    } finally {
      await restored.close();
    }

    // A second restore into the now non-empty folder is refused, and --force replaces it.
    messages.length = 0;
    writeFileSync(path.join(restoredDir, 'files', 'stray.txt'), 'not from the backup');
    expect(await restoreCli([archive], envFor(restoredDir, restoredUrl), quiet)).toBe(1);
    expect(messages.join('\n')).toMatch(/Not restoring: .*--force/);
    expect(await restoreCli([archive, '--force'], envFor(restoredDir, restoredUrl), quiet), messages.join('\n')).toBe(0);
    expect(existsSync(path.join(restoredDir, 'files', 'stray.txt'))).toBe(false);
    const again = await openDatabase(restoredUrl ? { url: restoredUrl } : { dataDir: restoredDir });
    try {
      expect((await counts(again.db)).products).toBe(before.products);
    } finally {
      await again.close();
    }
  }, 900_000);

  it('refuses an archive that is not a backup, and a restore into the folder of a running server', async () => {
    messages.length = 0;
    const junk = path.join(work, 'junk.tar.gz');
    writeFileSync(junk, 'not gzip at all');
    const empty = path.join(work, 'empty-target');
    expect(await restoreCli([junk], envFor(empty, undefined), quiet)).toBe(1);
    expect(existsSync(path.join(empty, 'db', 'PG_VERSION'))).toBe(false);
    if (!pgBase) {
      expect(await restoreCli([archive, '--force'], envFor(sourceDir), quiet)).toBe(1);
      expect(messages.join('\n')).toMatch(/is running on/);
    }
  });

  it('offers the archive to an administrator on the service screen, and to nobody else', async () => {
    const adminUser = await createUser({ state: 'active', roleIds: [1] });
    const admin = await loggedIn(app, adminUser.email);
    const member = await loggedIn(app, (await createUser({ state: 'active', roleIds: [2] })).email);
    const url = '/api/admin/service/backup';
    expect((await new TestClient(app).post(url)).statusCode).toBe(401);
    expect((await member.post(url)).statusCode).toBe(403);
    expect((await admin.post(url, undefined, { xsrf: false })).statusCode).toBe(419);

    // The page's plain form post: the token as the `_token` field.
    const res = await admin.request({
      method: 'POST',
      url,
      payload: `_token=${encodeURIComponent(admin.xsrf as string)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      xsrf: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cobinet-backup-.*\.tar\.gz"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const out = path.join(work, 'download');
    const names = await extractTarGz(Readable.from([res.rawPayload]), out);
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'cobinet-backup', version: 1, database: { kind: source.kind } });
    expect(names).toContain(manifest.database.entry);
    expect(names.filter((n) => n.startsWith('files/')).length).toBe(manifest.files.count);
    expect(names.some((n) => n.startsWith('files/cache/'))).toBe(false);
  }, 300_000);

  it('answers the local endpoint only with the token, from this machine, not through a proxy', async () => {
    const plain = await app.inject({ url: '/internal/backup' });
    expect(plain.statusCode).toBe(404);
    expect((await app.inject({ url: '/internal/backup', headers: { authorization: `Bearer ${'x'.repeat(43)}` } })).statusCode).toBe(404);
    if (source.kind === 'pglite') {
      const { token } = JSON.parse(readFileSync(path.join(sourceDir, '.backup-endpoint.json'), 'utf8'));
      const mode = statSync(path.join(sourceDir, '.backup-endpoint.json')).mode & 0o777;
      expect(mode).toBe(0o600);
      const proxied = await app.inject({ url: '/internal/backup', headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(404);
      const ok = await app.inject({ url: '/internal/backup', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(Number(ok.headers['content-length'])).toBe(ok.rawPayload.length);
    }
  }, 300_000);

  it('the command opens the embedded database itself when no server runs on the folder', async () => {
    if (pgBase) return;
    // A stopped site: a copy of the restored folder, with no endpoint file.
    const stopped = path.join(work, 'stopped');
    expect(await restoreCli([archive], envFor(stopped), quiet)).toBe(0);
    const out = path.join(work, 'offline.tar.gz');
    expect(await backupCli(['--out', out], envFor(stopped), quiet), messages.join('\n')).toBe(0);
    const names = await extractTarGz(createReadStream(out), path.join(work, 'offline'));
    expect(names).toContain('database/pglite-datadir.tar');
    // A restore and a backup of a whole embedded database: 127 s once on a CI machine running every suite.
  }, 300_000);
});
