// One process at a time on an embedded database folder. Two PGlite instances writing one folder
// corrupt it (a second `npm start`, `admin:create` or `restore` while the server runs), so whoever
// opens it first leaves a lock file beside it (`<folder>.lock`: its pid and the start time of that
// process) and removes it on close. A lock whose process is gone is stale and taken over: after a
// crash, after a restart of a container where the new server has the same pid (its start time
// differs), after a reboot.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DatabaseInUse extends Error {}

interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks after boot (/proc/PID/stat), null where unknown. */
  started: number | null;
}

/** Start time of a process from /proc (Linux), or null (no such process, or no /proc). */
function startedAt(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses): field 22 is the start time.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const value = Number(fields[19]);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** Whether a process with this pid runs (one of another user's counts too). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote the lock is still the one running under that pid. */
function holderAlive(holder: LockHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || !processExists(holder.pid)) return false;
  const now = startedAt(holder.pid);
  if (holder.started === null || now === null) {
    // Without start times (no /proc), a lock with this process's own pid is taken to be an earlier
    // process's (a container's pid 1 restarted) rather than refusing every start after a crash.
    return holder.pid !== process.pid;
  }
  return now === holder.started;
}

function readHolder(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    return { pid: Number(parsed.pid), started: typeof parsed.started === 'number' ? parsed.started : null };
  } catch {
    // Unreadable or half-written (a crash while writing it): nobody can be proven to hold it.
    return null;
  }
}

/**
 * Takes the lock of an embedded database folder or throws DatabaseInUse naming the process that
 * holds it. Returns the function that releases it.
 */
export function lockDataFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  const me: LockHolder = { pid: process.pid, started: startedAt(process.pid) };
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const holder = readHolder(file);
      if (holder && holderAlive(holder)) {
        throw new DatabaseInUse(
          `The embedded database in ${folder} is in use by process ${holder.pid}${holder.pid === process.pid ? ' (this one)' : ''}. ` +
            'Stop it first (one process at a time opens an embedded database; several need PostgreSQL, DATABASE_URL). ' +
            `If no such process uses this folder, delete ${file}.`,
        );
      }
      rmSync(file, { force: true });
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    return () => {
      const holder = readHolder(file);
      if (holder?.pid === me.pid && holder.started === me.started) rmSync(file, { force: true });
    };
  }
  throw new DatabaseInUse(`Could not take the lock ${file}: another process took it at the same moment.`);
}
