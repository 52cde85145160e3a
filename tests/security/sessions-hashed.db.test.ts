// Issue 37, "The service area": sessions are stored under the SHA-256 of their id, never the id,
// so a copy of the table (a backup, a leak) logs nobody in; a session made before the change
// (migration 0026 hashes the stored ids) goes on working.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { sessions } from '~/core/session/session.schema';
import { newSessionId } from '~/core/session/session.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** A client holding only the given session cookie. */
function withCookie(sid: string): TestClient {
  const client = new TestClient(t.app);
  client.cookies.set('sid', sid);
  return client;
}

describe('sessions kept under a hash of their id', () => {
  // First: the other cases' rows would be hashed twice by the migration's update.
  it('keeps a session stored before the change working once migration 0026 has run', async () => {
    const user = await createUser({ state: 'active' });
    const sid = newSessionId();
    // The table as it was before the migration, a session stored under its id, then the migration's own statements.
    await getDb().execute(sql`alter table sessions rename column id_hash to id`);
    await getDb().execute(
      sql`insert into sessions (id, user_id, data, created_at, last_seen_at, expires_at) values (${sid}, ${user.id}, '{}', now(), now(), now() + interval '1 day')`,
    );
    const migration = readFileSync(path.resolve('drizzle/0028_hashed_sessions.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await getDb().execute(sql.raw(statement));
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.idHash).toBe(sha256(sid));
    const res = await withCookie(sid).get('/api/my-account');
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
  });

  it('stores the SHA-256 of the cookie id as the key, never the id', async () => {
    const user = await createUser({ state: 'active' });
    const client = await loggedIn(t.app, user.email);
    const sid = client.cookies.get('sid') as string;
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].idHash).not.toBe(sid);
    expect(rows[0].idHash).toBe(sha256(sid));
    // Nowhere in the table is the id itself.
    const raw = await getDb().execute(sql`select count(*)::int as n from sessions where sessions::text like ${`%${sid}%`}`);
    const n = Array.isArray(raw) ? raw[0].n : (raw as unknown as { rows: { n: number }[] }).rows[0].n;
    expect(Number(n)).toBe(0);
    expect((await client.get('/api/my-account')).statusCode).toBe(200);
  });

  it('does not log in with a cookie equal to a stored key', async () => {
    const user = await createUser({ state: 'active' });
    const client = await loggedIn(t.app, user.email);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect((await withCookie(row.idHash).get('/api/my-account')).statusCode).toBe(401);
    // Nor in the id's own shape (43 base64url characters) made from the stored key.
    const shaped = Buffer.from(row.idHash, 'hex').toString('base64url');
    expect((await withCookie(shaped).get('/api/my-account')).statusCode).toBe(401);
    expect((await client.get('/api/my-account')).statusCode).toBe(200);
  });

  it('logs out by the hash too: the row is gone and the cookie worthless', async () => {
    const user = await createUser({ state: 'active' });
    const client = await loggedIn(t.app, user.email);
    const sid = client.cookies.get('sid') as string;
    const res = await client.post('/logout', undefined, { headers: { accept: 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(
      await getDb()
        .select()
        .from(sessions)
        .where(eq(sessions.idHash, sha256(sid))),
    ).toHaveLength(0);
    expect((await withCookie(sid).get('/api/my-account')).statusCode).toBe(401);
  });

  it('answers a forged or unknown cookie as a new visitor, never a 500', async () => {
    for (const sid of [newSessionId(), 'x'.repeat(64), sha256('anything'), "'; drop table sessions; --"]) {
      const res = await withCookie(sid).get('/api/my-account');
      expect(res.statusCode).toBe(401);
    }
  });
});
