// Counters of attempts in a time window (login failures, mail resends, reset requests).
// With REDIS_URL the counters live in Redis, so several processes share them; otherwise in memory.
import { Redis } from 'ioredis';

export interface RateLimiter {
  /** The attempts counted for `key` in its current window. */
  count(key: string): Promise<number>;
  /** Counts one attempt; returns the new count. The window starts at the first attempt. */
  hit(key: string, windowMs: number): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const entries = new Map<string, { n: number; until: number }>();
  const live = (key: string) => {
    const e = entries.get(key);
    if (e && e.until <= now()) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  let sweeps = 0;
  return {
    async count(key) {
      return live(key)?.n ?? 0;
    },
    async hit(key, windowMs) {
      // Forget expired windows now and then, so the map does not grow without bound.
      if (++sweeps % 1000 === 0) for (const k of entries.keys()) live(k);
      const e = live(key);
      if (e) {
        e.n += 1;
        return e.n;
      }
      entries.set(key, { n: 1, until: now() + windowMs });
      return 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

/** Redis counters; when Redis cannot be reached a call falls back to the process's own counters. */
export function redisRateLimiter(url: string, log: (m: string) => void = console.warn): RateLimiter {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2000 });
  redis.on('error', () => {});
  const fallback = memoryRateLimiter();
  const prefix = 'cabling:rl:';
  let warned = false;
  const guard = async <R>(op: () => Promise<R>, alt: () => Promise<R>): Promise<R> => {
    try {
      if (redis.status === 'wait') await redis.connect();
      return await op();
    } catch (e) {
      if (!warned) {
        warned = true;
        log(`Rate limits: Redis unavailable (${(e as Error).message}); counting in this process.`);
      }
      return alt();
    }
  };
  return {
    count: (key) => guard(async () => Number((await redis.get(prefix + key)) ?? 0), () => fallback.count(key)),
    hit: (key, windowMs) =>
      guard(
        async () => {
          // The window starts with the first attempt: SET … NX PX creates the key with its expiry once.
          const res = await redis.multi().set(prefix + key, 0, 'PX', windowMs, 'NX').incr(prefix + key).exec();
          const [err, n] = res?.[1] ?? [new Error('no reply'), 0];
          if (err) throw err;
          return Number(n);
        },
        () => fallback.hit(key, windowMs),
      ),
    reset: (key) => guard(async () => void (await redis.del(prefix + key)), () => fallback.reset(key)),
    async close() {
      await fallback.close();
      if (redis.status !== 'wait' && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimiter(redisUrl: string | undefined, log?: (m: string) => void): RateLimiter {
  return redisUrl ? redisRateLimiter(redisUrl, log) : memoryRateLimiter();
}

/** Limits of the accounts feature. */
export const LIMITS = {
  /** SPEC: after 10 failed logins per e-mail and IP in 15 minutes the login answers 429. */
  login: { max: 10, windowMs: 15 * 60_000 },
  /** Verification mail: one resend a minute, six an hour. */
  resendShort: { max: 1, windowMs: 60_000 },
  resendLong: { max: 6, windowMs: 60 * 60_000 },
  /** Password reset mails: five per e-mail and IP in 15 minutes. */
  forgot: { max: 5, windowMs: 15 * 60_000 },
} as const;

let current: RateLimiter = memoryRateLimiter();

export function setRateLimiter(limiter: RateLimiter) {
  current = limiter;
}

export function getRateLimiter(): RateLimiter {
  return current;
}

/** Throttle checks shared by the API and the page actions. */
export function loginThrottleKey(email: string, ip: string) {
  return `login:${email.trim().toLowerCase()}|${ip}`;
}

/** True when the limit is used up (answer 429); otherwise counts one attempt and returns false. */
export async function overLimit(limiter: RateLimiter, key: string, limit: { max: number; windowMs: number }): Promise<boolean> {
  if ((await limiter.count(key)) >= limit.max) return true;
  await limiter.hit(key, limit.windowMs);
  return false;
}

/** Resend of the verification mail: at most one a minute and six an hour per user. */
export async function resendAllowed(limiter: RateLimiter, userId: number): Promise<boolean> {
  const short = `verify-resend:1m:${userId}`;
  const long = `verify-resend:1h:${userId}`;
  if ((await limiter.count(short)) >= LIMITS.resendShort.max || (await limiter.count(long)) >= LIMITS.resendLong.max) return false;
  await limiter.hit(short, LIMITS.resendShort.windowMs);
  await limiter.hit(long, LIMITS.resendLong.windowMs);
  return true;
}

export function forgotThrottleKey(email: string, ip: string) {
  return `forgot:${email.trim().toLowerCase()}|${ip}`;
}
