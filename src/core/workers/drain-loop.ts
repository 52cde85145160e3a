// The loop of an outbox worker (mail, webhooks): drain on an interval, drain soon after an enqueue
// (a kick), never two drains at once in one worker, and stop by waiting for the running drain.
// What a drain does (claim a row, send it, record the outcome) stays with each outbox.

export interface DrainLoop {
  /** Drains now (after any running drain); 0 once stopped. */
  drainNow(): Promise<number>;
  /** Stops the timers and waits for the running drain. */
  stop(): Promise<void>;
  /** True once stop() was called: a drain checks it between rows. */
  readonly stopped: boolean;
}

export interface DrainLoopOptions {
  /** The worker's name in its log lines, e.g. 'mail worker'. */
  name: string;
  intervalMs: number;
  /** Handles rows until none is due (or the loop stopped); answers how many succeeded. */
  drain: () => Promise<number>;
  log: (message: string) => void;
  describeError: (e: unknown) => string;
  /** The set an outbox kicks after an enqueue; the loop joins it (leave out to poll only). */
  wakers?: Set<{ kick(): void }>;
}

export function startDrainLoop(o: DrainLoopOptions): DrainLoop {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let kickTimer: NodeJS.Timeout | undefined;
  // Drains run one after another, never two at once in one worker.
  let chain: Promise<unknown> = Promise.resolve();
  let inFlight = 0;
  const report = (e: unknown) => o.log(`${o.name}: ${o.describeError(e)}`);

  function enqueueDrain(): Promise<number> {
    inFlight++;
    const run = chain.then(o.drain).finally(() => {
      inFlight--;
    });
    chain = run.catch(() => {});
    return run;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      const run = inFlight > 0 ? Promise.resolve(0) : enqueueDrain();
      run.catch(report).finally(schedule);
    }, o.intervalMs);
    timer.unref();
  }

  const handle = {
    // After an enqueue: drain soon (the enqueuing transaction has usually committed by then).
    kick() {
      if (stopped || kickTimer) return;
      kickTimer = setTimeout(() => {
        kickTimer = undefined;
        if (inFlight <= 1) enqueueDrain().catch(report);
      }, 100);
      kickTimer.unref();
    },
  };
  o.wakers?.add(handle);
  schedule();

  return {
    get stopped() {
      return stopped;
    },
    drainNow: () => (stopped ? Promise.resolve(0) : enqueueDrain()),
    async stop() {
      if (stopped) return;
      stopped = true;
      o.wakers?.delete(handle);
      if (timer) clearTimeout(timer);
      if (kickTimer) clearTimeout(kickTimer);
      await chain;
    },
  };
}
