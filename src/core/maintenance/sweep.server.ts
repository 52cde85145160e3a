// Rows that only ever expire (sessions, one-time tokens, and whatever later features add) are
// deleted by sweepers: each feature registers its own (core knows no feature's tables), the server
// runs them all every hour, and the admin service screen runs them on demand.

/** Deletes what has expired by `now`; returns how many rows went. */
export type Sweeper = (now: Date) => Promise<number>;

const sweepers = new Map<string, Sweeper>();

/** Adds (or replaces, by name) a sweeper. */
export function registerSweeper(name: string, sweep: Sweeper) {
  sweepers.set(name, sweep);
}

export function sweeperNames(): string[] {
  return [...sweepers.keys()];
}

export interface SweepResult {
  /** Rows deleted, by sweeper name. */
  deleted: Record<string, number>;
  /** Sweepers that failed, with their error message; the others still ran. */
  failed: Record<string, string>;
}

/** Runs every sweeper once, one after another. */
export async function sweepNow(now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { deleted: {}, failed: {} };
  for (const [name, sweep] of sweepers) {
    try {
      result.deleted[name] = await sweep(now);
    } catch (e) {
      result.failed[name] = (e as Error).message;
    }
  }
  return result;
}

export const SWEEP_INTERVAL_MS = 60 * 60_000;

/**
 * Sweeps shortly after start and then every `intervalMs` (an hour). The timers never keep the
 * process alive; stop() waits for a sweep in progress.
 */
export function startSweeping(opts: { intervalMs?: number; firstAfterMs?: number; log?: (message: string) => void } = {}) {
  const log = opts.log ?? ((m: string) => console.warn(m));
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (stopped || running) return;
    running = sweepNow()
      .then((r) => {
        for (const [name, message] of Object.entries(r.failed)) log(`sweep ${name} failed: ${message}`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 30_000);
  const timer = setInterval(run, opts.intervalMs ?? SWEEP_INTERVAL_MS);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
