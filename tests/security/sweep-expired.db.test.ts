// Issue 10, item 10: expired sessions and used or expired one-time tokens are deleted by the
// sweepers (hourly in the server, and "sweep now" on the admin service screen), live ones stay;
// the admin call refuses visitors (401), users without admin access (403) and a missing token (419).
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { startSweeping, sweepNow, sweeperNames } from '~/core/maintenance/sweep.server';
import { sessions } from '~/core/session/session.schema';
import { newSessionId, SESSION_IDLE_MS, sessionKey } from '~/core/session/session.server';
import { accountTokens } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createAccountToken, hashToken } from '~/features/accounts/tokens.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let member: TestClient;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [1] })).email);
  member = await loggedIn(t.app, (await createUser({ state: 'active', roleIds: [2] })).email);
  userId = (await createUser({ state: 'unverified' })).id;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 60 * 60_000;

/** Rows that must go and rows that must stay, around `now`. */
async function seedRows(now: Date) {
  const at = (ms: number) => new Date(now.getTime() + ms);
  const ids = { expired: newSessionId(), idle: newSessionId(), live: newSessionId() };
  await getDb()
    .insert(sessions)
    .values([
      // past its absolute expiry (though seen recently)
      { idHash: sessionKey(ids.expired), userId, data: {}, createdAt: at(-31 * 24 * HOUR), lastSeenAt: at(-HOUR), expiresAt: at(-1000) },
      // idle for longer than a week
      { idHash: sessionKey(ids.idle), userId, data: {}, createdAt: at(-8 * 24 * HOUR), lastSeenAt: at(-SESSION_IDLE_MS - HOUR), expiresAt: at(20 * 24 * HOUR) },
      // in use
      { idHash: sessionKey(ids.live), userId, data: {}, createdAt: at(-HOUR), lastSeenAt: at(-60_000), expiresAt: at(29 * 24 * HOUR) },
    ]);
  const used = await createAccountToken(getDb(), { userId, kind: 'reset', email: 'a@example.com', ttlMs: 24 * HOUR, now: at(-2 * HOUR) });
  // A used verification link stays until it expires: opened again, it says the address is verified.
  const usedVerify = await createAccountToken(getDb(), { userId, kind: 'verify', email: 'a@example.com', ttlMs: 24 * HOUR, now: at(-2 * HOUR) });
  await getDb()
    .update(accountTokens)
    .set({ usedAt: at(-HOUR) })
    .where(inArray(accountTokens.tokenHash, [hashToken(used.token), hashToken(usedVerify.token)]));
  const expired = await createAccountToken(getDb(), { userId, kind: 'reset', email: 'a@example.com', ttlMs: HOUR, now: at(-2 * HOUR) });
  const live = await createAccountToken(getDb(), { userId, kind: 'verify', email: 'a@example.com', ttlMs: 24 * HOUR, now: at(-HOUR) });
  return {
    ids,
    tokens: { used: hashToken(used.token), usedVerify: hashToken(usedVerify.token), expired: hashToken(expired.token), live: hashToken(live.token) },
  };
}

async function present(rows: Awaited<ReturnType<typeof seedRows>>) {
  const s = await getDb()
    .select({ key: sessions.idHash })
    .from(sessions)
    .where(inArray(sessions.idHash, Object.values(rows.ids).map(sessionKey)));
  const k = await getDb()
    .select({ hash: accountTokens.tokenHash })
    .from(accountTokens)
    .where(inArray(accountTokens.tokenHash, Object.values(rows.tokens)));
  const sessionIds = new Set(s.map((r) => r.key));
  const hashes = new Set(k.map((r) => r.hash));
  return {
    sessions: Object.entries(rows.ids)
      .filter(([, id]) => sessionIds.has(sessionKey(id)))
      .map(([name]) => name),
    tokens: Object.entries(rows.tokens)
      .filter(([, h]) => hashes.has(h))
      .map(([name]) => name),
  };
}

describe('sweepers', () => {
  it('are registered for sessions and account tokens', () => {
    expect(sweeperNames()).toEqual(expect.arrayContaining(['sessions', 'account-tokens']));
  });

  it('delete expired and idle sessions and used or expired tokens, and keep the live ones', async () => {
    const rows = await seedRows(new Date());
    expect(await present(rows)).toEqual({ sessions: ['expired', 'idle', 'live'], tokens: ['used', 'usedVerify', 'expired', 'live'] });
    const result = await sweepNow();
    expect(result.failed).toEqual({});
    expect(result.deleted.sessions).toBeGreaterThanOrEqual(2);
    expect(result.deleted['account-tokens']).toBeGreaterThanOrEqual(2);
    expect(await present(rows)).toEqual({ sessions: ['live'], tokens: ['usedVerify', 'live'] });
    // The logged-in clients' sessions are live: they still work.
    expect((await admin.get('/api/admin/service')).statusCode).toBe(200);
  });

  it('run on their timer (the server starts it hourly) and stop cleanly', async () => {
    const rows = await seedRows(new Date());
    const sweeping = startSweeping({ firstAfterMs: 10, intervalMs: 60 * 60_000, log: () => {} });
    for (let i = 0; i < 100 && (await present(rows)).sessions.length > 1; i++) await new Promise((r) => setTimeout(r, 50));
    await sweeping.stop();
    expect(await present(rows)).toEqual({ sessions: ['live'], tokens: ['usedVerify', 'live'] });
  });
});

describe('POST /api/admin/service/sweep-expired', () => {
  const url = '/api/admin/service/sweep-expired';

  it('sweeps for an administrator and says how many rows went', async () => {
    const rows = await seedRows(new Date());
    const res = await admin.post(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.deleted.sessions).toBeGreaterThanOrEqual(2);
    expect(body.deleted['account-tokens']).toBeGreaterThanOrEqual(2);
    expect(body.message).toMatch(/Usunięto \d+ (wygasły wiersz|wygasłe wiersze|wygasłych wierszy) /);
    expect(await present(rows)).toEqual({ sessions: ['live'], tokens: ['usedVerify', 'live'] });
  });

  it('refuses a visitor (401), a user without admin access (403) and a call without the anti-forgery token (419), sweeping nothing', async () => {
    const rows = await seedRows(new Date());
    expect((await new TestClient(t.app).post(url)).statusCode).toBe(401);
    expect((await member.post(url)).statusCode).toBe(403);
    expect((await admin.post(url, undefined, { xsrf: false })).statusCode).toBe(419);
    expect(await present(rows)).toEqual({ sessions: ['expired', 'idle', 'live'], tokens: ['used', 'usedVerify', 'expired', 'live'] });
    await sweepNow();
  });
});
