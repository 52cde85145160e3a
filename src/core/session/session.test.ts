import { createHmac } from 'node:crypto';
import cookiePlugin from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { newNonce } from '~/core/server/security.server';
import { randomString } from './random-pool.server';
import { isSessionId, newSessionId, sessionCookieHeaders, xsrfMatches, xsrfToken } from './session.server';

describe('random strings from the pool', () => {
  it('hands out every byte once: no repeats across refills, the lengths asked for', () => {
    const seen = new Set<string>();
    // 3,000 ids of 32 bytes: the 4 kB pool is refilled many times on the way.
    for (let i = 0; i < 3000; i++) {
      const id = newSessionId();
      expect(isSessionId(id)).toBe(true);
      seen.add(id);
    }
    expect(seen.size).toBe(3000);
    expect(Buffer.from(newNonce(), 'base64')).toHaveLength(16);
    expect(Buffer.from(randomString(7, 'base64url'), 'base64url')).toHaveLength(7);
    // Bytes spread over all values (a pool that was never filled would be zeros).
    const bytes = Buffer.from([...seen].join(''), 'base64url');
    expect(new Set(bytes).size).toBe(256);
  });
});

describe('anti-forgery tokens', () => {
  it('are the HMAC of the session id, also when remembered, and differ by secret and session', () => {
    const sid = newSessionId();
    const expected = createHmac('sha256', 'a'.repeat(40)).update(`xsrf:${sid}`).digest('base64url');
    expect(xsrfToken('a'.repeat(40), sid)).toBe(expected);
    expect(xsrfToken('a'.repeat(40), sid)).toBe(expected);
    expect(xsrfToken('b'.repeat(40), sid)).not.toBe(expected);
    expect(xsrfToken('a'.repeat(40), newSessionId())).not.toBe(expected);
    expect(xsrfMatches('a'.repeat(40), sid, expected)).toBe(true);
    expect(xsrfMatches('b'.repeat(40), sid, expected)).toBe(false);
  });
});

describe('session cookies', () => {
  it('are written out as the cookie library would, with Max-Age and Secure when asked', () => {
    const { serialize } = cookiePlugin;
    const sid = newSessionId();
    const secret = 'c'.repeat(40);
    const token = xsrfToken(secret, sid);
    for (const [secure, maxAge] of [
      [false, undefined],
      [true, 2_592_000],
    ] as const) {
      const age = maxAge ? { maxAge } : {};
      expect(sessionCookieHeaders(sid, secret, secure, maxAge)).toEqual([
        serialize('sid', sid, { path: '/', httpOnly: true, sameSite: 'lax', secure, ...age }),
        serialize('XSRF-TOKEN', token, { path: '/', httpOnly: false, sameSite: 'lax', secure, ...age }),
      ]);
    }
    expect(() => sessionCookieHeaders('x; Path=/evil', secret, false)).toThrow();
  });
});
