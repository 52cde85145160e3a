import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDb } from '~/core/db/db.server';
import { queryPrepared } from '~/core/db/prepared.server';
import { randomString } from './random-pool.server';
import { sessions } from './session.schema';

export const SESSION_COOKIE = 'sid';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
export const SESSION_IDLE_MS = 1000 * 60 * 60 * 24 * 7; // a week without a visit
export const SESSION_ABSOLUTE_MS = 1000 * 60 * 60 * 24 * 30;

const SID_RE = /^[A-Za-z0-9_-]{43}$/;

export interface SessionState {
  id: string;
  isNew: boolean;
  userId: number | null;
  data: Record<string, unknown>;
}

export function newSessionId(): string {
  return randomString(32, 'base64url');
}

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SID_RE.test(value);
}

/**
 * The key a session is stored under: the SHA-256 (hex) of its id. Only the cookie carries the id,
 * so a copy of the table (a backup, a leak) logs nobody in.
 */
export function sessionKey(sid: string): string {
  return createHash('sha256').update(sid).digest('hex');
}

// Tokens computed lately: a request checks or sends its token more than once (the cookie, the
// page's forms), and a returning visitor's is checked on every request.
const recentTokens = new Map<string, string>();
const RECENT_TOKENS_MAX = 4096;

/** The anti-forgery token is derived from the session id, so checking it needs no storage. */
export function xsrfToken(secret: string, sid: string): string {
  const key = `${secret}\u0000${sid}`;
  let token = recentTokens.get(key);
  if (token === undefined) {
    token = createHmac('sha256', secret).update(`xsrf:${sid}`).digest('base64url');
    if (recentTokens.size >= RECENT_TOKENS_MAX) recentTokens.clear();
    recentTokens.set(key, token);
  }
  return token;
}

export function xsrfMatches(secret: string, sid: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  const expected = Buffer.from(xsrfToken(secret, sid));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * A read made in the session's statement (setSessionJoin): `sql(userId)` is a query of the rows of
 * a user whose id is the SQL expression `userId`. A logged-in request then reads its session and
 * its user in one statement instead of two.
 */
let joined: { sql: (userId: string) => string } | undefined;
/** The joined rows of a session state not taken yet (takeJoinedRows). */
const joinedRows = new WeakMap<object, Record<string, unknown>[]>();

/** Makes every session read also read the rows of `sql` for the session's user (see joined above). */
export function setSessionJoin(join: { sql: (userId: string) => string } | undefined) {
  joined = join;
}

/**
 * The rows read with a session for its user (setSessionJoin), once: a later call (the user read
 * again after a change within the request) gets undefined and reads the user anew.
 */
export function takeJoinedRows(state: object): Record<string, unknown>[] | undefined {
  const rows = joinedRows.get(state);
  joinedRows.delete(state);
  return rows;
}

type SessionRow = { user_id: number | null; data: Record<string, unknown>; expires_at: Date; last_seen_at: Date };

/** Loads the stored session (if any), dropping it when idle or absolute expiry has passed. */
export async function loadSession(sid: string): Promise<{ userId: number | null; data: Record<string, unknown>; joined?: Record<string, unknown>[] } | null> {
  if (!isSessionId(sid)) return null;
  const key = sessionKey(sid);
  // Every request with a session cookie reads it: a prepared statement.
  let row: SessionRow | undefined;
  let joinedList: Record<string, unknown>[] | undefined;
  if (joined) {
    // Session columns renamed: the joined read's own columns keep their names.
    joinedList = await queryPrepared<Record<string, unknown>>(
      'session_with_user_by_id',
      `select s.user_id as "session_user_id", s.data as "session_data", s.expires_at as "session_expires_at",
              s.last_seen_at as "session_last_seen_at", j.*
         from sessions s left join lateral (${joined.sql('s.user_id')}) j on true where s.id_hash = $1`,
      [key],
    );
    const first = joinedList[0];
    row = first && {
      user_id: first.session_user_id as number | null,
      data: first.session_data as Record<string, unknown>,
      expires_at: first.session_expires_at as Date,
      last_seen_at: first.session_last_seen_at as Date,
    };
  } else {
    [row] = await queryPrepared<SessionRow>('session_by_id', 'select user_id, data, expires_at, last_seen_at from sessions where id_hash = $1', [key]);
  }
  if (!row) return null;
  const now = Date.now();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.expires_at).getTime() < now || lastSeen + SESSION_IDLE_MS < now) {
    await getDb().delete(sessions).where(eq(sessions.idHash, key));
    return null;
  }
  if (now - lastSeen > 60_000) {
    await getDb()
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.idHash, key));
  }
  return { userId: row.user_id, data: row.data ?? {}, ...(joinedList && row.user_id !== null ? { joined: joinedList } : {}) };
}

/** Stores data in the session, creating its row on first use. */
export async function saveSession(sid: string, patch: { userId?: number | null; data?: Record<string, unknown> }) {
  const now = new Date();
  await getDb()
    .insert(sessions)
    .values({
      idHash: sessionKey(sid),
      userId: patch.userId ?? null,
      data: patch.data ?? {},
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    })
    .onConflictDoUpdate({
      target: sessions.idHash,
      set: {
        ...(patch.userId !== undefined ? { userId: patch.userId } : {}),
        ...(patch.data !== undefined ? { data: patch.data } : {}),
        lastSeenAt: now,
      },
    });
}

/** Deletes the sessions past their absolute expiry or idle for longer than SESSION_IDLE_MS (a sweeper). */
export async function sweepExpiredSessions(now = new Date()): Promise<number> {
  const gone = await getDb()
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))))
    .returning({ key: sessions.idHash });
  return gone.length;
}

export async function destroySession(sid: string) {
  await getDb()
    .delete(sessions)
    .where(eq(sessions.idHash, sessionKey(sid)));
}

declare module 'fastify' {
  interface FastifyRequest {
    sid: string;
    sidIsNew: boolean;
    /** Stored session state, loaded on first call and kept for the request. */
    session(): Promise<SessionState>;
    /** The answer depends on the session: session() was called (see core/server/cache-control). */
    sessionRead?: boolean;
  }
}

/**
 * The Set-Cookie values of a session: its id (HttpOnly) and its anti-forgery token (read by the
 * page's script). Written out directly: both values are base64url, nothing to encode, and a new
 * visitor gets them with every cached page (the cookie library's serializer costs more than the
 * rest of such an answer's headers). `maxAgeSeconds` makes them outlive the browser session
 * ("remember me"); without it they are session cookies.
 */
export function sessionCookieHeaders(sid: string, secret: string, secure: boolean, maxAgeSeconds?: number): string[] {
  if (!isSessionId(sid)) throw new Error('not a session id');
  const age = maxAgeSeconds ? `; Max-Age=${Math.floor(maxAgeSeconds)}` : '';
  const tail = `; Path=/${secure ? '; Secure' : ''}; SameSite=Lax`;
  const httpOnlyTail = `; Path=/; HttpOnly${secure ? '; Secure' : ''}; SameSite=Lax`;
  return [`${SESSION_COOKIE}=${sid}${age}${httpOnlyTail}`, `${XSRF_COOKIE}=${xsrfToken(secret, sid)}${age}${tail}`];
}

/** Sends the session's cookies with a reply, in place of any sent before in it (a rotated session). */
export function setSessionCookies(reply: FastifyReply, sid: string, secret: string, secure: boolean, maxAgeSeconds?: number) {
  const earlier = reply.getHeader('set-cookie');
  const others = (Array.isArray(earlier) ? earlier : typeof earlier === 'string' ? [earlier] : []).filter(
    (c) => !c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${XSRF_COOKIE}=`),
  );
  reply.removeHeader('set-cookie');
  for (const c of [...others, ...sessionCookieHeaders(sid, secret, secure, maxAgeSeconds)]) reply.header('set-cookie', c);
}

/** Seconds a "remember me" cookie lives: the absolute lifetime of a session. */
export const REMEMBER_MAX_AGE_S = Math.floor(SESSION_ABSOLUTE_MS / 1000);

/**
 * Replaces a session by a new one with a new id (login, logout, password change): the old row is
 * deleted, so a session id known before the change is worthless after it. Returns the new id.
 */
export async function rotateSession(oldSid: string, next: { userId: number | null; data?: Record<string, unknown> }): Promise<string> {
  const sid = newSessionId();
  await getDb()
    .delete(sessions)
    .where(eq(sessions.idHash, sessionKey(oldSid)));
  if (next.userId !== null || Object.keys(next.data ?? {}).length > 0) {
    await saveSession(sid, { userId: next.userId, data: next.data ?? {} });
  }
  return sid;
}

/** Ends every session of a user (password reset), or every one but `exceptSid` (password change). */
export async function destroyUserSessions(userId: number, exceptSid?: string) {
  const where = exceptSid ? and(eq(sessions.userId, userId), ne(sessions.idHash, sessionKey(exceptSid))) : eq(sessions.userId, userId);
  await getDb().delete(sessions).where(where);
}

/** Points a Fastify request at a rotated session and sends its cookies. */
export function applyRotatedSession(
  request: FastifyRequest,
  reply: FastifyReply,
  sid: string,
  state: { userId: number | null; data: Record<string, unknown> },
  opts: { secret: string; secure: boolean; maxAgeSeconds?: number },
) {
  request.sid = sid;
  request.sidIsNew = false;
  const snapshot: SessionState = { id: sid, isNew: state.userId === null, userId: state.userId, data: state.data };
  request.session = () => Promise.resolve(snapshot);
  request.sessionRead = true;
  setSessionCookies(reply, sid, opts.secret, opts.secure, opts.maxAgeSeconds);
}

/** Reads the session cookie or starts a new session id (no row until something is stored). */
export function attachSession(request: FastifyRequest) {
  const fromCookie = request.cookies[SESSION_COOKIE];
  const isNew = !isSessionId(fromCookie);
  request.sid = isNew ? newSessionId() : (fromCookie as string);
  request.sidIsNew = isNew;
  let cached: Promise<SessionState> | undefined;
  request.session = () => {
    request.sessionRead = true;
    cached ??= (isNew ? Promise.resolve(null) : loadSession(request.sid)).then((s) => {
      const state: SessionState = { id: request.sid, isNew: !s, userId: s?.userId ?? null, data: s?.data ?? {} };
      if (s?.joined) joinedRows.set(state, s.joined);
      return state;
    });
    return cached;
  };
}
