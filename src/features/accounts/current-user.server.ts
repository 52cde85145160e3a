import { eq } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { CurrentUser } from '~/core/permissions/current-user.server';
import { buildCan } from '~/core/permissions/permissions';
import { rolePermissions, roles, userRoles, users } from './accounts.schema';

/** Reads a user with roles and permissions; null when the user no longer exists (core's UserLoader). */
export async function loadAccountUser(userId: number): Promise<CurrentUser | null> {
  // One statement (every logged-in request reads it): only the columns a current user carries, one
  // row per permission of each of the user's roles (a row of nulls for a user without roles).
  const rows = await getDb()
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      surname: users.surname,
      defaultLocale: users.defaultLocale,
      emailVerifiedAt: users.emailVerifiedAt,
      isActive: users.isActive,
      isB2bRequest: users.isB2bRequest,
      b2bGrantedAt: users.b2bGrantedAt,
      roleId: roles.id,
      all: roles.allPermissions,
      key: rolePermissions.permissionKey,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(users.id, userId));
  const u = rows[0];
  if (!u) return null;
  const roleIds = [...new Set(rows.flatMap((r) => (r.roleId === null ? [] : [r.roleId])))].sort((a, b) => a - b);
  const all = rows.some((r) => r.all === true);
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
