import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import type { PageContext } from '~/core/server/load-context';
import { rolePermissions, roles, userRoles, users } from '~/features/accounts/accounts.schema';
import { buildCan, type Can } from './permissions';

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
}

/** Reads a user with roles and permissions; null when the user no longer exists. */
export async function loadCurrentUser(userId: number): Promise<CurrentUser | null> {
  const db = getDb();
  const [u] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return null;
  const rows = await db
    .select({ roleId: userRoles.roleId, all: roles.allPermissions, key: rolePermissions.permissionKey })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const roleIds = [...new Set(rows.map((r) => r.roleId))].sort((a, b) => a - b);
  const all = rows.some((r) => r.all);
  const can = buildCan(
    rows.map((r) => r.key).filter((k): k is string => k !== null),
    all,
  );
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    surname: u.surname,
    defaultLocale: u.defaultLocale,
    isVerified: u.emailVerifiedAt !== null,
    isActive: u.isActive,
    isB2bRequest: u.isB2bRequest,
    hasB2bAccess: u.b2bGrantedAt !== null,
    roleIds,
    can,
  };
}

// One lookup per request, however many loaders or hooks ask.
const byContext = new WeakMap<object, Promise<CurrentUser | null>>();
const byRequest = new WeakMap<object, Promise<CurrentUser | null>>();

async function fromSession(session: () => Promise<{ userId: number | null }>): Promise<CurrentUser | null> {
  const { userId } = await session();
  return userId === null ? null : loadCurrentUser(userId);
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
