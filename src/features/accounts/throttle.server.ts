// The limits of the accounts feature, shared by the API and the page actions. The counters and
// their defaults are core's (core/http/rate-limit.server.ts); the client IP is request.ip, which
// comes from X-Forwarded-For only when TRUST_PROXY names the proxy in front.
import { getRateLimiter, RATE_LIMITS, type RateLimiter, takeAttempt } from '~/core/http/rate-limit.server';

const account = (email: string) => email.trim().toLowerCase();

export interface LoginAttempt {
  /** False: a limit is used up; answer 429 without checking the password. */
  allowed: boolean;
  /** The password was right: the account's failures are forgotten and this attempt is not counted against the IP. */
  succeeded(): Promise<void>;
}

/**
 * Reserves one login attempt, counted against the account (whatever the IP, so rotating addresses
 * or forged headers gain nothing) and against the IP (across all accounts: password spraying).
 * Counting before the password check means parallel guesses cannot pass the limit together.
 */
export async function beginLogin(email: string, ip: string, limiter: RateLimiter = getRateLimiter()): Promise<LoginAttempt> {
  const accountKey = `login:account:${account(email)}`;
  const ipKey = `login:ip:${ip}`;
  const [forAccount, forIp] = await Promise.all([
    takeAttempt(accountKey, RATE_LIMITS.loginPerAccount, limiter),
    takeAttempt(ipKey, RATE_LIMITS.loginPerIp, limiter),
  ]);
  const allowed = forAccount && forIp;
  // A refused attempt checks nothing, so it does not count either (the counters stay at their limit).
  if (!allowed) await Promise.all([limiter.release(accountKey), limiter.release(ipKey)]);
  return {
    allowed,
    async succeeded() {
      await Promise.all([limiter.reset(accountKey), limiter.release(ipKey)]);
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
