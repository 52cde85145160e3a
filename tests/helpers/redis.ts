import { Socket } from 'node:net';

/** True when something accepts a TCP connection at the Redis URL within 500 ms (tests skip otherwise). */
export function redisReachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = new Socket();
    s.setTimeout(500);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
    s.once('timeout', () => {
      s.destroy();
      resolve(false);
    });
    s.connect(Number(port || 6379), hostname);
  });
}
