#!/usr/bin/env node
// The browser suite's server (playwright.config.ts webServer): `node server.js` on a fresh data
// folder (DATA_DIR). On the embedded database the folder starts as a copy of a seeded one, made
// once per build and kept in tmp/e2e-seeded/: initdb, the migrations and the demo seed took about
// 30 s of CPU per server, and CI starts several (one per shard of the suite). The copy is what a
// server leaves after seeding and a clean stop, so each run still starts from the demo data alone.
// With DATABASE_URL (PostgreSQL) the server seeds its empty database itself, as before.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
const buildDir = path.resolve(root, process.env.BUILD_DIR ?? 'build');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** The seeded folder for this build and administrator (what the server writes at its first start). */
function snapshotDir() {
  const hash = createHash('sha256');
  hash.update(readFileSync(path.join(buildDir, 'server/index.js')));
  for (const name of ['ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SEED_DEMO']) hash.update(`${name}=${process.env[name] ?? ''}\n`);
  return path.join(root, 'tmp/e2e-seeded', hash.digest('hex').slice(0, 16));
}

/** Starts the server on `folder` until it answers /readyz, then stops it cleanly (SIGTERM). */
async function seed(folder) {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.js'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: folder, PORT: String(port), PAGE_CACHE_SECONDS: '0' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`e2e-server: seeding the data folder failed (exit ${child.exitCode})`);
    if ((await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.ok) break;
    if (i > 1200) {
      child.kill('SIGKILL');
      throw new Error('e2e-server: the seeding server was not ready after 10 minutes');
    }
    await sleep(500);
  }
  child.kill('SIGTERM');
  if ((await exited) !== 0) throw new Error('e2e-server: the seeding server did not stop cleanly');
}

/** The seeded folder, made by the first server of a run while the others wait for it (a lock folder). */
async function seededSnapshot() {
  const dir = snapshotDir();
  const lock = `${dir}.lock`;
  mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    try {
      mkdirSync(lock);
    } catch {
      // Another server makes it; a lock older than 15 minutes is a crashed run's.
      if (Date.now() - statSync(lock, { throwIfNoEntry: false })?.mtimeMs > 15 * 60_000) rmSync(lock, { recursive: true, force: true });
      await sleep(1000);
      continue;
    }
    try {
      const partial = `${dir}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      await seed(partial);
      renameSync(partial, dir);
      // Older builds' folders are not used again.
      for (const old of readdirSync(path.dirname(dir)))
        if (!old.startsWith(path.basename(dir)) && !old.includes('.')) rmSync(path.join(path.dirname(dir), old), { recursive: true, force: true });
      return dir;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

rmSync(dataDir, { recursive: true, force: true });
if (!process.env.DATABASE_URL) cpSync(await seededSnapshot(), dataDir, { recursive: true });
const server = spawn(process.execPath, ['server.js'], { cwd: root, env: process.env, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
