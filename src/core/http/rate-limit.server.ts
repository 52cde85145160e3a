// Counters of attempts in a time window: failed logins, mail resends, reset requests, submissions
// of public forms. With REDIS_URL the counters live in Redis, so several processes share them;
// otherwise in memory. buildApp() makes the one limiter of the process (getRateLimiter()).
//
// Every public form that stores something or sends mail takes a limit per IP:
//   app.post('/api/contact', { preHandler: rateLimitPreHandler({ name: 'contact', ...RATE_LIMITS.publicFormPerIp }) }, …)
// and a page action calls takeAttempt() with the same rule. The IP is the socket's address unless
// TRUST_PROXY names the proxies in front (see config.server.ts and README "Limits and trusted proxies").
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Redis } from 'ioredis';
import { coreMessages } from '~/core/i18n/messages';
import { type Locale, translator } from '~/core/i18n/locale';

export interface RateLimiter {
  /** The attempts counted for `key` in its current window. */
  count(key: string): Promise<number>;
  /** Counts one attempt; returns the new count. The window starts at the first attempt. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Takes back one counted attempt (a reserved attempt that turned out fine). */
  release(key: string): Promise<void>;
  /** Milliseconds until the window of `key` ends (0 when nothing is counted). */
  ttl(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export interface RateRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/** Every limit of the site, with its default (listed in README "Limits and trusted proxies"). */
export const RATE_LIMITS = {
  /**
   * Failed logins of one account (e-mail) from one address: the pair is locked (429) until the
   * window ends. A lock per account alone would let anybody lock the owner out.
   */
  loginPerAccountIp: { max: 10, windowMs: 15 * MINUTE },
  /**
   * Failed logins of one account from any address: past `max`, each attempt waits longer (never a
   * lock; see loginDelayMs in features/accounts/throttle.server.ts).
   */
  loginSlowdownPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Failed logins from one IP across all e-mails (password spraying). */
  loginPerIp: { max: 50, windowMs: 15 * MINUTE },
  /** Password reset mails for one e-mail, from any address. */
  forgotPerAccount: { max: 5, windowMs: 15 * MINUTE },
  /** Password reset requests from one IP across all e-mails. */
  forgotPerIp: { max: 20, windowMs: 15 * MINUTE },
  /** Verification mail resends of one user: one a minute, six an hour. */
  resendShort: { max: 1, windowMs: MINUTE },
  resendLong: { max: 6, windowMs: 60 * MINUTE },
  /** Registrations (submissions of the form) from one IP. */
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  /** Public certificate verification lookups (page and API) from one IP. */
  certificateLookupPerIp: { max: 60, windowMs: 15 * MINUTE },
  /** Each public form that sends mail (contact, complaint, application, newsletter, rental, course registration), per IP. */
  publicFormPerIp: { max: 20, windowMs: 60 * MINUTE },
} as const satisfies Record<string, RateRule>;

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
    async release(key) {
      const e = live(key);
      if (e && e.n > 0) e.n -= 1;
    },
    async ttl(key) {
      const e = live(key);
      return e ? Math.max(0, e.until - now()) : 0;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

// Decrements an existing counter only (a missing or expired key stays missing, keeping its window).
const RELEASE_SCRIPT = "local n = redis.call('GET', KEYS[1]) if n and tonumber(n) > 0 then return redis.call('DECR', KEYS[1]) end return 0";

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
    count: (key) =>
      guard(
        async () => Number((await redis.get(prefix + key)) ?? 0),
        () => fallback.count(key),
      ),
    hit: (key, windowMs) =>
      guard(
        async () => {
          // The window starts with the first attempt: SET … NX PX creates the key with its expiry once.
          const res = await redis
            .multi()
            .set(prefix + key, 0, 'PX', windowMs, 'NX')
            .incr(prefix + key)
            .exec();
          const [err, n] = res?.[1] ?? [new Error('no reply'), 0];
          if (err) throw err;
          return Number(n);
        },
        () => fallback.hit(key, windowMs),
      ),
    release: (key) =>
      guard(
        async () => void (await redis.eval(RELEASE_SCRIPT, 1, prefix + key)),
        () => fallback.release(key),
      ),
    reset: (key) =>
      guard(
        async () => void (await redis.del(prefix + key)),
        () => fallback.reset(key),
      ),
    // PTTL answers -2 for a missing key and -1 for one without expiry (never made by hit()).
    ttl: (key) =>
      guard(
        async () => Math.max(0, await redis.pttl(prefix + key)),
        () => fallback.ttl(key),
      ),
    async close() {
      await fallback.close();
      if (redis.status !== 'wait' && redis.status !== 'end') await redis.quit().catch(() => redis.disconnect());
    },
  };
}

export function createRateLimiter(redisUrl: string | undefined, log?: (m: string) => void): RateLimiter {
  return redisUrl ? redisRateLimiter(redisUrl, log) : memoryRateLimiter();
}

let current: RateLimiter = memoryRateLimiter();

/** Set by buildApp(): the limiter that API routes and page actions count with. */
export function setRateLimiter(limiter: RateLimiter) {
  current = limiter;
}

export function getRateLimiter(): RateLimiter {
  return current;
}

/**
 * Counts one attempt under `key` and says whether it is within the rule. Counting first (one
 * atomic increment) means parallel requests cannot slip past the limit between a check and a count.
 */
export async function takeAttempt(key: string, rule: RateRule, limiter: RateLimiter = getRateLimiter()): Promise<boolean> {
  return (await limiter.hit(key, rule.windowMs)) <= rule.max;
}

/**
 * The SPEC section 8 answer to a request over a limit. With `waitMs` (the real time until the
 * window ends) the sentence states it in whole minutes, rounded up.
 */
export function tooManyMessage(locale: Locale, waitMs?: number): string {
  const t = translator(coreMessages, locale);
  if (waitMs === undefined) return t('error.429');
  const n = waitMinutes(waitMs);
  return t('error.429wait', { n });
}

/** Whole minutes of a wait, rounded up (at least one). */
export function waitMinutes(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / MINUTE));
}

/** Polish "2-4 minuty" (but "12-14 minut"). */

export interface RateLimitOptions extends RateRule {
  /** Names the counter (e.g. 'register', 'contact'); limits of different forms are separate. */
  name: string;
  /** What is counted; by default the client IP (request.ip, see TRUST_PROXY). */
  key?: (request: FastifyRequest) => string;
}

/**
 * A route preHandler that counts every request and answers 429 (SPEC section 8 message) over the
 * limit. For the public forms: `{ preHandler: rateLimitPreHandler({ name: 'contact', ...RATE_LIMITS.publicFormPerIp }) }`.
 * Runs after the anti-forgery check, so requests refused with 419 are not counted.
 */
export function rateLimitPreHandler(opts: RateLimitOptions): preHandlerAsyncHookHandler {
  return async function rateLimit(request: FastifyRequest, reply: FastifyReply) {
    const key = `${opts.name}:${opts.key ? opts.key(request) : request.ip}`;
    if (await takeAttempt(key, opts, request.server.rateLimiter ?? getRateLimiter())) return;
    // The locale as requestLocale() (core/server/app.server.ts) reads it.
    const header = request.headers['x-locale'] ?? request.headers['accept-language'];
    const locale = typeof header === 'string' && header.toLowerCase().startsWith('en') ? 'en' : 'pl';
    return reply.code(429).send({ message: tooManyMessage(locale) });
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's rate limiter (memory, or Redis with REDIS_URL); made by buildApp(). */
    rateLimiter: RateLimiter;
  }
}
