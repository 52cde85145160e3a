// Backups of a running site. The embedded database belongs to the server process (PGlite: one
// process per data folder), so `npm run backup` asks that process: at start it writes
// DATA_DIR/.backup-endpoint.json (mode 0600: its pid, port and a random token) and answers
// GET /internal/backup only to a caller on the same machine that shows the token. The admin
// service screen offers the same archive as a download (POST /api/admin/service/backup).
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, open, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { getDatabase } from '~/core/db/db.server';
import { processExists } from '~/core/db/data-dir-lock.server';
import { HttpError } from '~/core/http/errors';
import { type BackupDatabase, backupWorkDir, writeBackup } from './backup.server';

export const ENDPOINT_FILE = '.backup-endpoint.json';

export interface BackupEndpoint {
  pid: number;
  host: string;
  port: number;
  token: string;
}

let localToken: string | undefined;
let running = false;

/** The archive's download name: cobinet-backup-2025-01-31T02-00-00Z.tar.gz */
export function backupFilename(now = new Date()): string {
  return `cobinet-backup-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.tar.gz`;
}

/** Makes a backup and sends it as the answer (one at a time per process: 409 meanwhile). */
export async function sendBackup(reply: FastifyReply, opts: { database?: BackupDatabase; dataDir: string; busyMessage?: string }) {
  if (running) throw new HttpError(409, opts.busyMessage ?? 'A backup is being made already; try again when it is done.');
  running = true;
  try {
    await mkdir(backupWorkDir(opts.dataDir), { recursive: true, mode: 0o700 });
    const file = path.join(backupWorkDir(opts.dataDir), `${randomBytes(8).toString('hex')}.tar.gz`);
    const summary = await writeBackup({ database: opts.database ?? getDatabase(), dataDir: opts.dataDir, out: file });
    // Opened, then unlinked: the bytes go away when the answer is sent or the client leaves.
    const handle = await open(file, 'r');
    await rm(file, { force: true });
    reply
      .header('content-type', 'application/gzip')
      .header('content-length', summary.bytes)
      .header('content-disposition', `attachment; filename="${backupFilename()}"`)
      // Also sent on /internal/backup, a path the cache-control hook does not cover.
      .header('cache-control', 'private, no-store')
      .header('x-backup-files', String(summary.manifest.files.count));
    return reply.send(handle.createReadStream());
  } finally {
    running = false;
  }
}

function isLoopback(address: string | undefined): boolean {
  return Boolean(address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.')));
}

function tokenMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** GET /internal/backup for `npm run backup` on the same machine; 404 to anyone else. */
export const backupApi: FastifyPluginAsync = async (app) => {
  app.get('/internal/backup', async (request, reply) => {
    const given = /^Bearer ([A-Za-z0-9_-]{20,})$/.exec(request.headers.authorization ?? '')?.[1];
    const socket = request.raw.socket;
    const local = isLoopback(socket.remoteAddress) || (Boolean(socket.remoteAddress) && socket.remoteAddress === socket.localAddress);
    const proxied = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (!localToken || !given || !tokenMatches(given, localToken) || !local || proxied) {
      return reply.code(404).send({ message: 'Not found' });
    }
    return sendBackup(reply, { dataDir: app.config.dataDir });
  });
};

/**
 * Lets `npm run backup` find this server: writes the endpoint file with a new token. Returns the
 * function that removes it (at shutdown).
 */
export async function publishBackupEndpoint(opts: { dataDir: string; host: string; port: number }): Promise<() => Promise<void>> {
  localToken = randomBytes(32).toString('base64url');
  const host = opts.host === '0.0.0.0' || opts.host === '::' || opts.host === '' ? '127.0.0.1' : opts.host;
  const endpoint: BackupEndpoint = { pid: process.pid, host, port: opts.port, token: localToken };
  const file = path.join(opts.dataDir, ENDPOINT_FILE);
  await rm(file, { force: true });
  await writeFile(file, JSON.stringify(endpoint), { mode: 0o600 });
  return async () => {
    localToken = undefined;
    await rm(file, { force: true });
  };
}

/** The endpoint of a server running on this data folder, or null when none runs. */
export function liveBackupEndpoint(dataDir: string): BackupEndpoint | null {
  const file = path.join(dataDir, ENDPOINT_FILE);
  if (!existsSync(file)) return null;
  try {
    const endpoint = JSON.parse(readFileSync(file, 'utf8')) as BackupEndpoint;
    return Number.isInteger(endpoint.pid) && processExists(endpoint.pid) ? endpoint : null;
  } catch {
    return null;
  }
}
