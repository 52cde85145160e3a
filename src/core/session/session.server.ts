import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getDb } from '~/core/db/db.server';
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
  return randomBytes(32).toString('base64url');
}

export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SID_RE.test(value);
}

/** The anti-forgery token is derived from the session id, so checking it needs no storage. */
export function xsrfToken(secret: string, sid: string): string {
  return createHmac('sha256', secret).update(`xsrf:${sid}`).digest('base64url');
}

export function xsrfMatches(secret: string, sid: string, token: unknown): boolean {
  if (typeof token !== 'string' || token.length === 0) return false;
  const expected = Buffer.from(xsrfToken(secret, sid));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Loads the stored session (if any), dropping it when idle or absolute expiry has passed. */
export async function loadSession(sid: string): Promise<{ userId: number | null; data: Record<string, unknown> } | null> {
  const [row] = await getDb().select().from(sessions).where(eq(sessions.id, sid)).limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() < now || row.lastSeenAt.getTime() + SESSION_IDLE_MS < now) {
    await getDb().delete(sessions).where(eq(sessions.id, sid));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > 60_000) {
    await getDb().update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, sid));
  }
  return { userId: row.userId, data: row.data };
}

/** Stores data in the session, creating its row on first use. */
export async function saveSession(sid: string, patch: { userId?: number | null; data?: Record<string, unknown> }) {
  const now = new Date();
  await getDb()
    .insert(sessions)
    .values({
      id: sid,
      userId: patch.userId ?? null,
      data: patch.data ?? {},
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    })
    .onConflictDoUpdate({
      target: sessions.id,
      set: {
        ...(patch.userId !== undefined ? { userId: patch.userId } : {}),
        ...(patch.data !== undefined ? { data: patch.data } : {}),
        lastSeenAt: now,
      },
    });
}

export async function destroySession(sid: string) {
  await getDb().delete(sessions).where(eq(sessions.id, sid));
}

declare module 'fastify' {
  interface FastifyRequest {
    sid: string;
    sidIsNew: boolean;
    /** Stored session state, loaded on first call and kept for the request. */
    session(): Promise<SessionState>;
  }
}

export function setSessionCookies(reply: FastifyReply, sid: string, secret: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sid, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(XSRF_COOKIE, xsrfToken(secret, sid), { path: '/', httpOnly: false, sameSite: 'lax', secure });
}

/** Reads the session cookie or starts a new session id (no row until something is stored). */
export function attachSession(request: FastifyRequest) {
  const fromCookie = request.cookies[SESSION_COOKIE];
  const isNew = !isSessionId(fromCookie);
  request.sid = isNew ? newSessionId() : (fromCookie as string);
  request.sidIsNew = isNew;
  let cached: Promise<SessionState> | undefined;
  request.session = () => {
    cached ??= (isNew ? Promise.resolve(null) : loadSession(request.sid)).then((s) => ({
      id: request.sid,
      isNew: !s,
      userId: s?.userId ?? null,
      data: s?.data ?? {},
    }));
    return cached;
  };
}
