// Shared caches (a proxy, a CDN, a company's gateway) must never keep an answer that depends on
// who asks. One onSend hook decides the Cache-Control of every answer from its path, whether it
// read the session and whether that session is logged in, so a new route cannot forget it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, XSRF_COOKIE } from '~/core/session/session.server';

export const PRIVATE_NO_STORE = 'private, no-store';

/** An answer that is the same for everyone (no session read), cacheable anywhere for `seconds`. */
export function publicCacheControl(seconds: number): string {
  return `public, max-age=${seconds}`;
}

/** Paths of personal and administrator screens and their API (`/pl/admin/…`, `/api/admin/…`, `/api/my-account`). */
const PERSONAL_PATH = /(^|\/)(admin|my-account)(\/|$)/;

export interface CacheDecision {
  /** The URL path, without the query. */
  path: string;
  /** The Cache-Control the route set, if any. */
  current: string | undefined;
  /** Answered by the page handler (React Router): pages, their `.data` and resource routes. */
  page: boolean;
  /** The answer read the session (request.session() was called). */
  sessionRead: boolean;
  /** That session has a logged-in user. */
  loggedIn: boolean;
}

const isPrivateNoStore = (value: string | undefined) => Boolean(value && /\bno-store\b/.test(value));

/**
 * The Cache-Control an answer must carry, or undefined to keep what it has:
 * - a page rendered for a logged-in user, and anything under an admin or my-account path, is
 *   `private, no-store` whatever the route said (a page shows the user's name, menus and data);
 * - otherwise a route's explicit header stands (public files and assets, the sitemap);
 * - an API answer without one is `private, no-store`: public API answers say so explicitly;
 * - any other answer that read a logged-in session is `private, no-store`.
 * Anonymous pages keep their headers, so the page cache and public caching of anonymous pages stay.
 */
export function decideCacheControl(d: CacheDecision): string | undefined {
  if ((d.page && d.loggedIn) || PERSONAL_PATH.test(d.path)) {
    return isPrivateNoStore(d.current) ? undefined : PRIVATE_NO_STORE;
  }
  if (d.current) return undefined;
  if (d.path.startsWith('/api/')) return PRIVATE_NO_STORE;
  if (!d.page && d.sessionRead) return PRIVATE_NO_STORE;
  return undefined;
}

async function loggedIn(request: FastifyRequest): Promise<boolean> {
  if (!request.sessionRead) return false;
  try {
    return Boolean((await request.session()).userId);
  } catch {
    return true; // the session could not be read: treat the answer as personal
  }
}

/** Adds the hook that applies decideCacheControl to every answer. */
export function registerCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    const header = reply.getHeader('cache-control');
    const value = decideCacheControl({
      path: request.url.split('?')[0] ?? '/',
      current: header === undefined ? undefined : String(header),
      page: Boolean((request.routeOptions.config as { pageHandler?: boolean } | undefined)?.pageHandler),
      sessionRead: Boolean(request.sessionRead),
      loggedIn: await loggedIn(request),
    });
    if (value) reply.header('cache-control', value);
    if (/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) dropSessionCookies(reply);
    return payload;
  });
}

/**
 * An answer any cache may keep carries no cookie of the visitor's session: a CDN in front would
 * either not cache it or hand one visitor's session to everyone (issue 41). A new visitor gets
 * the session cookies with their first personal answer instead (a page, an API call).
 */
function dropSessionCookies(reply: FastifyReply) {
  const cookies = reply.getHeader('set-cookie');
  if (cookies === undefined) return;
  const kept = (Array.isArray(cookies) ? cookies : [String(cookies)]).filter((c) => !c.startsWith(`${SESSION_COOKIE}=`) && !c.startsWith(`${XSRF_COOKIE}=`));
  reply.removeHeader('set-cookie');
  for (const c of kept) reply.header('set-cookie', c);
}
