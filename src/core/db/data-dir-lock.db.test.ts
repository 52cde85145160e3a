import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.server';
import { DatabaseInUse, lockDataFolder } from './data-dir-lock.server';

// One process at a time on an embedded database folder: a second opener is refused with the holder's
// pid, a lock left by a process that is gone is taken over, close() releases it.
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'db-lock-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, 'db.lock');
/** Start time (clock ticks after boot) of this process, as the lock records it. */
const myStart = () => JSON.parse(readFileSync(lockFile(), 'utf8')).started as number | null;

describe('the embedded database folder lock', () => {
  it('refuses a second open of the same folder, naming the process, and opens again after close', async () => {
    const first = await openDatabase({ dataDir });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    const second = openDatabase({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DatabaseInUse);
    await expect(second).rejects.toThrow(`in use by process ${process.pid}`);
    // The refused opener changed nothing: the first still works and still holds the lock.
    await first.ping();
    expect(existsSync(lockFile())).toBe(true);
    await first.close();
    expect(existsSync(lockFile())).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.ping();
    await again.close();
  });

  it('refuses while another live process holds it', async () => {
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const started = readFileSync(`/proc/${holder.pid}/stat`, 'utf8');
      const ticks = Number(started.slice(started.lastIndexOf(')') + 2).split(' ')[19]);
      writeFileSync(lockFile(), JSON.stringify({ pid: holder.pid, started: ticks }));
      expect(() => lockDataFolder(path.join(dataDir, 'db'))).toThrow(`in use by process ${holder.pid}`);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock whose process has ended (a crash)', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
    writeFileSync(lockFile(), JSON.stringify({ pid: Number(gone.stdout.trim()), started: 1 }));
    const db = await openDatabase({ dataDir });
    expect(JSON.parse(readFileSync(lockFile(), 'utf8')).pid).toBe(process.pid);
    await db.close();
  });

  it('takes over a lock of the same pid from an earlier process (a restarted container), and a half-written one', async () => {
    const release = lockDataFolder(path.join(dataDir, 'db'));
    const mine = myStart();
    release();
    expect(mine).not.toBeNull();
    // Same pid, another start time: the process that wrote it is not this one.
    writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, started: (mine ?? 0) - 1000 }));
    const releaseAgain = lockDataFolder(path.join(dataDir, 'db'));
    expect(myStart()).toBe(mine);
    releaseAgain();
    // Written where no start time could be read: with this process's pid it is an earlier one's.
    writeFileSync(lockFile(), JSON.stringify({ pid: process.pid, started: null }));
    lockDataFolder(path.join(dataDir, 'db'))();
    writeFileSync(lockFile(), '{"pid": 12');
    lockDataFolder(path.join(dataDir, 'db'))();
    expect(existsSync(lockFile())).toBe(false);
  });
});
