import { eq } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { CurrentUser } from '~/core/permissions/current-user.server';
import { buildCan } from '~/core/permissions/permissions';
import { rolePermissions, roles, userRoles, users } from './accounts.schema';

/** Reads a user with roles and permissions; null when the user no longer exists (core's UserLoader). */
export async function loadAccountUser(userId: number): Promise<CurrentUser | null> {
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
