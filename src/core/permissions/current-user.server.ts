import type { FastifyRequest } from 'fastify';
import type { Locale } from '~/core/i18n/locale';
import type { PageContext } from '~/core/server/load-context';
import { type SessionState, setSessionJoin, takeJoinedRows } from '~/core/session/session.server';
import type { Can } from './permissions';

/** The logged user as guards, loaders and API routes see it. */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  surname: string;
  defaultLocale: Locale;
  /** E-mail confirmed (SPEC: has_verified_email). */
  isVerified: boolean;
  /** Activated by the provider (SPEC: is_active). */
  isActive: boolean;
  isB2bRequest: boolean;
  /** B2B shop access granted by the provider. */
  hasB2bAccess: boolean;
  roleIds: number[];
  can: Can;
  /**
   * The active customer the user buys for (null: none), when the user's store read it with the user
   * (one statement fewer on every shop request); undefined: not read, the customers feature asks.
   */
  activeCustomerId?: number | null;
}

/** Reads a user with roles and permissions; null when the user no longer exists. */
export type UserLoader = (userId: number) => Promise<CurrentUser | null>;

let userLoader: UserLoader | undefined;

/**
 * Core knows what a current user is, not where users are stored: the accounts feature owns the
 * tables and hands its loader here (the composition root, src/server.server.ts, wires it).
 */
export function setUserLoader(loader: UserLoader, join?: UserJoin): void {
  userLoader = loader;
  userJoin = join;
  setSessionJoin(join ? { sql: join.sql } : undefined);
}

/**
 * How the user is read in the session's statement (one statement per logged-in request, not two):
 * `sql(userId)` selects the user's rows where the user's id is the SQL expression `userId`;
 * `fromRows` makes the user of those rows (null: no such user, the row of a left join's nulls).
 */
export interface UserJoin {
  sql: (userId: string) => string;
  fromRows: (rows: Record<string, unknown>[]) => CurrentUser | null;
}

let userJoin: UserJoin | undefined;

/** Reads a user with roles and permissions; null when the user no longer exists. */
export function loadCurrentUser(userId: number): Promise<CurrentUser | null> {
  if (!userLoader) throw new Error('No user loader: call setUserLoader() at start (src/server.server.ts)');
  return userLoader(userId);
}

// One lookup per request, however many loaders or hooks ask.
const byContext = new WeakMap<object, Promise<CurrentUser | null>>();
const byRequest = new WeakMap<object, Promise<CurrentUser | null>>();

async function fromSession(session: () => Promise<SessionState>): Promise<CurrentUser | null> {
  const state = await session();
  if (state.userId === null) return null;
  const rows = takeJoinedRows(state);
  return rows && userJoin ? userJoin.fromRows(rows) : loadCurrentUser(state.userId);
}

/** The logged user of a page request (loaders and actions), or null for a visitor. */
export function getCurrentUser(context: Pick<PageContext, 'session'>): Promise<CurrentUser | null> {
  let p = byContext.get(context);
  if (!p) {
    p = fromSession(() => context.session());
    byContext.set(context, p);
  }
  return p;
}

/** The logged user of an API request, or null. */
export function getRequestUser(request: FastifyRequest): Promise<CurrentUser | null> {
  let p = byRequest.get(request);
  if (!p) {
    p = fromSession(() => request.session());
    byRequest.set(request, p);
  }
  return p;
}

/** Forgets the cached user of a request (after login, logout or a change of the user's state). */
export function forgetRequestUser(request: FastifyRequest) {
  byRequest.delete(request);
}

/** Forgets the cached user of a page request. */
export function forgetCurrentUser(context: object) {
  byContext.delete(context);
}
