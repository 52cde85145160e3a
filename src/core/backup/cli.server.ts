// `npm run backup -- --out FILE` and `npm run restore -- FILE [--force]`, with the server's
// configuration (DATA_DIR, DATABASE_URL). See README "Backups".
import { createWriteStream, existsSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '~/core/config.server';
import { openDatabase } from '~/core/db/client.server';
import { backupFilename, liveBackupEndpoint } from './backup.api.server';
import { RestoreRefused, restoreBackup, writeBackup } from './backup.server';

type Out = Pick<Console, 'log' | 'error'>;

function config(env: NodeJS.ProcessEnv, out: Out): Config | null {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return null;
    }
    throw e;
  }
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * GET over node:http, which waits as long as the server takes: the server makes the archive before
 * it answers, and fetch (undici) gives up on answers whose headers take over 300 s, which a large
 * site or a busy machine passes (seen in CI: the backup failed at 300.2 s).
 */
function getArchive(url: string, token: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { headers: { authorization: `Bearer ${token}` } }, resolve);
    req.on('error', reject);
  });
}

async function text(res: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of res) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').slice(0, 500);
}

/** Asks the running server for the archive and saves it (as FILE.partial until complete). */
async function fetchFromServer(endpoint: { host: string; port: number; token: string; pid: number }, file: string) {
  const host = endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host;
  let res: IncomingMessage;
  try {
    res = await getArchive(`http://${host}:${endpoint.port}/internal/backup`, endpoint.token);
  } catch (e) {
    throw new Error(`The server (pid ${endpoint.pid}) holds the database but did not answer on port ${endpoint.port}: ${(e as Error).message}`);
  }
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300) throw new Error(`The server refused the backup: ${status} ${await text(res)}`);
  const partial = `${file}.partial`;
  try {
    await pipeline(res, createWriteStream(partial, { mode: 0o600 }));
    const expected = Number(res.headers['content-length']);
    const got = (await stat(partial)).size;
    if (expected && got !== expected) throw new Error(`The backup was cut short (${got} of ${expected} bytes)`);
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

const BACKUP_USAGE = 'Usage: npm run backup -- [--out FILE.tar.gz]';

/** Writes a backup archive; returns the exit code. */
export async function backupCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out: Out = console): Promise<number> {
  let values: { out?: string };
  try {
    values = parseArgs({ args: argv, options: { out: { type: 'string', short: 'o' } }, strict: true }).values;
  } catch (e) {
    out.error(`${(e as Error).message}\n${BACKUP_USAGE}`);
    return 2;
  }
  const c = config(env, out);
  if (!c) return 2;
  const file = path.resolve(values.out ?? backupFilename());
  try {
    if (c.DATABASE_URL) {
      await writeBackup({ database: { kind: 'postgres', url: c.DATABASE_URL }, dataDir: c.dataDir, out: file });
    } else {
      const endpoint = liveBackupEndpoint(c.dataDir);
      if (endpoint) await fetchFromServer(endpoint, file);
      else {
        // No server runs on this folder: the command opens the embedded database itself.
        if (!existsSync(path.join(c.dataDir, 'db', 'PG_VERSION'))) throw new Error(`There is no database in ${c.dataDir}`);
        const database = await openDatabase({ dataDir: c.dataDir });
        try {
          await writeBackup({ database, dataDir: c.dataDir, out: file });
        } finally {
          await database.close();
        }
      }
    }
    out.log(`Backup written to ${file} (${megabytes((await stat(file)).size)}).`);
    return 0;
  } catch (e) {
    out.error(`Backup failed: ${(e as Error).message}`);
    return 1;
  }
}

const RESTORE_USAGE = 'Usage: npm run restore -- FILE.tar.gz [--force]';

/** Restores a backup archive into the configured (empty) data folder or database; returns the exit code. */
export async function restoreCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out: Out = console): Promise<number> {
  let parsed: { values: { force?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ args: argv, options: { force: { type: 'boolean' } }, allowPositionals: true, strict: true });
  } catch (e) {
    out.error(`${(e as Error).message}\n${RESTORE_USAGE}`);
    return 2;
  }
  const [archive, ...extra] = parsed.positionals;
  if (!archive || extra.length) {
    out.error(RESTORE_USAGE);
    return 2;
  }
  const c = config(env, out);
  if (!c) return 2;
  if (!c.DATABASE_URL) {
    const endpoint = liveBackupEndpoint(c.dataDir);
    if (endpoint) {
      out.error(`A server (pid ${endpoint.pid}) is running on ${c.dataDir}: stop it before restoring.`);
      return 1;
    }
  }
  try {
    const manifest = await restoreBackup({ archive: path.resolve(archive), dataDir: c.dataDir, databaseUrl: c.DATABASE_URL, force: parsed.values.force });
    out.log(
      `Restored the backup of ${manifest.createdAt}: the ${manifest.database.kind === 'pglite' ? 'embedded database' : 'PostgreSQL database'} and ${manifest.files.count} files (${megabytes(manifest.files.bytes)}) into ${c.DATABASE_URL ? 'DATABASE_URL and ' : ''}${c.dataDir}.`,
    );
    return 0;
  } catch (e) {
    out.error(e instanceof RestoreRefused ? e.message : `Restore failed: ${(e as Error).message}`);
    return 1;
  }
}
