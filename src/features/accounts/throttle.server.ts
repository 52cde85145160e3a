// The limits of the accounts feature, shared by the API and the page actions. The counters and
// their defaults are core's (core/http/rate-limit.server.ts); the client IP is request.ip, which
// comes from X-Forwarded-For only when TRUST_PROXY names the proxy in front.
import { getRateLimiter, RATE_LIMITS, type RateLimiter, takeAttempt } from '~/core/http/rate-limit.server';

const account = (email: string) => email.trim().toLowerCase();

export interface LoginAttempt {
  /** False: a limit is used up; answer 429 (with `retryAfterMs`) without checking the password. */
  allowed: boolean;
  /** When refused: the real time until the limit that refused it ends. */
  retryAfterMs: number;
  /** The password was right: the pair's failures are forgotten and this attempt is not counted against the IP or the account. */
  succeeded(): Promise<void>;
}

/** How the failures of one account (from any address) slow its logins down. */
export const LOGIN_DELAY = { baseMs: 250, maxMs: 3000 } as const;

/**
 * The wait before a login of an account with `failures` recent failures: none for the first
 * RATE_LIMITS.loginSlowdownPerAccount.max, then 250 ms doubling up to 3 s. Never a lock, so a
 * stranger's guesses cannot keep the owner out; an async wait holds no worker or event loop.
 */
export function loginDelayMs(failures: number): number {
  const over = failures - RATE_LIMITS.loginSlowdownPerAccount.max;
  if (over < 0) return 0;
  return Math.min(LOGIN_DELAY.maxMs, LOGIN_DELAY.baseMs * 2 ** over);
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * Reserves one login attempt. Locks (429) count per account *and* address pair, so rotating headers
 * gains nothing and a stranger's failures never lock the owner, who logs in from their own address;
 * the IP is also counted across all accounts (password spraying). The account alone, from any
 * address, only slows down (loginDelayMs). Counting before the password check means parallel
 * guesses cannot pass the limits together.
 */
export async function beginLogin(email: string, ip: string, limiter: RateLimiter = getRateLimiter(), sleep = wait): Promise<LoginAttempt> {
  const id = account(email);
  const pairKey = `login:pair:${id}:${ip}`;
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${id}`;
  const [forPair, forIp] = await Promise.all([
    takeAttempt(pairKey, RATE_LIMITS.loginPerAccountIp, limiter),
    takeAttempt(ipKey, RATE_LIMITS.loginPerIp, limiter),
  ]);
  if (!forPair || !forIp) {
    // A refused attempt checks nothing, so it does not count either (the counters stay at their limit).
    await Promise.all([limiter.release(pairKey), limiter.release(ipKey)]);
    const [pairWait, ipWait] = await Promise.all([forPair ? 0 : limiter.ttl(pairKey), forIp ? 0 : limiter.ttl(ipKey)]);
    return { allowed: false, retryAfterMs: Math.max(pairWait, ipWait, 1000), succeeded: async () => {} };
  }
  const failures = (await limiter.hit(accountKey, RATE_LIMITS.loginSlowdownPerAccount.windowMs)) - 1;
  await sleep(loginDelayMs(failures));
  return {
    allowed: true,
    retryAfterMs: 0,
    async succeeded() {
      // The account's counter keeps the other failures: the owner's login does not lift a stranger's slowdown.
      await Promise.all([limiter.reset(pairKey), limiter.release(ipKey), limiter.release(accountKey)]);
    },
  };
}

/** A password reset mail: five per e-mail (from any address) and twenty per IP in 15 minutes. */
export async function forgotAllowed(email: string, ip: string, limiter: RateLimiter = getRateLimiter()): Promise<boolean> {
  const forAccount = await takeAttempt(`forgot:account:${account(email)}`, RATE_LIMITS.forgotPerAccount, limiter);
  const forIp = await takeAttempt(`forgot:ip:${ip}`, RATE_LIMITS.forgotPerIp, limiter);
  return forAccount && forIp;
}

/** A registration from this IP (twenty an hour by default). */
export function registerAllowed(ip: string, limiter: RateLimiter = getRateLimiter()): Promise<boolean> {
  return takeAttempt(`register:${ip}`, RATE_LIMITS.registerPerIp, limiter);
}

/** Resend of the verification mail: at most one a minute and six an hour per user. */
export async function resendAllowed(limiter: RateLimiter, userId: number): Promise<boolean> {
  const short = `verify-resend:1m:${userId}`;
  const long = `verify-resend:1h:${userId}`;
  if ((await limiter.count(short)) >= RATE_LIMITS.resendShort.max || (await limiter.count(long)) >= RATE_LIMITS.resendLong.max) return false;
  await limiter.hit(short, RATE_LIMITS.resendShort.windowMs);
  await limiter.hit(long, RATE_LIMITS.resendLong.windowMs);
  return true;
}
