// SIGTERM (a process manager, a container stop, a deploy) and SIGINT end the server gracefully:
// no new connections, in-flight requests finish, then the workers and the database close. What is
// still running when the grace period ends is cut off, so the process always exits in time.
import type { FastifyInstance } from 'fastify';

export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Run after the HTTP server closed, in order (mail worker, sweepers, database). */
  steps: (() => Promise<unknown>)[];
  graceMs?: number;
  /** process.exit in production; a spy in tests. */
  exit?: (code: number) => void;
  log?: (message: string) => void;
}

/**
 * The shutdown handler: call it with the signal's name; later calls return the same promise.
 * Exits 0 after a clean close, 1 when the grace period ran out or a step failed.
 */
export function createShutdown(opts: ShutdownOptions): (signal: string) => Promise<void> {
  const graceMs = opts.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const log = opts.log ?? ((m: string) => console.log(m));
  let closing: Promise<void> | undefined;
  return (signal) => {
    closing ??= new Promise<void>((resolve) => {
      let done = false;
      // A keep-alive connection (browsers, proxies, fetch) whose request finishes after the close
      // began would hold the server open until its keep-alive timeout: close each one as soon as it
      // is idle.
      const idle = setInterval(() => opts.app.server.closeIdleConnections?.(), 50);
      idle.unref();
      const finish = (code: number) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(idle);
        exit(code);
        resolve();
      };
      const timer = setTimeout(() => {
        log(`${signal}: requests still running after ${graceMs} ms, exiting`);
        opts.app.server.closeAllConnections?.();
        finish(1);
      }, graceMs);
      timer.unref();
      log(`${signal}: finishing in-flight requests (up to ${graceMs} ms)`);
      (async () => {
        await opts.app.close();
        for (const step of opts.steps) await step();
      })().then(
        () => finish(0),
        (e) => {
          log(`${signal}: error while closing: ${(e as Error).message}`);
          finish(1);
        },
      );
    });
    return closing;
  };
}
