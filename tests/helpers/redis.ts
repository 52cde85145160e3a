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

/**
 * Forgets the per-IP counters of loopback addresses in a test Redis (core/http/rate-limit.server.ts
 * keys), so suites that fail logins from 127.0.0.1 do not add up across repeated runs.
 */
export async function clearLoopbackLimits(url: string): Promise<void> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (const ip of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const keys = await redis.keys(`cabling:rl:*:${ip}`);
      if (keys.length) await redis.del(...keys);
    }
  } finally {
    redis.disconnect();
  }
}
