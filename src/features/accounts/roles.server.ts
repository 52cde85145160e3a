import { count, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { ALL_PERMISSION_KEYS, FORMERLY_ADMIN_ACCESS_AREAS } from '~/core/permissions/permissions';
import type { Seeder } from '~/core/seed.server';
import { permissions, rolePermissions, roles, userRoles } from './accounts.schema';

/** The roles every installation has, with stable ids (static pages refer to them by id). */
export const BASE_ROLES = [
  { id: 1, key: 'administrator', namePl: 'Administrator', nameEn: 'Administrator', allPermissions: true },
  { id: 2, key: 'installer', namePl: 'Instalator', nameEn: 'Installer', allPermissions: false },
  { id: 3, key: 'designer', namePl: 'Projektant', nameEn: 'Designer', allPermissions: false },
  { id: 4, key: 'trainee', namePl: 'Kursant', nameEn: 'Trainee', allPermissions: false },
] as const;

export const ADMINISTRATOR_ROLE_ID = 1;

/**
 * Writes the permission catalogue and the base roles; safe to run at every start and on a
 * database with content (it adds what is missing and keeps what administrators changed).
 */
export async function ensureRolesAndPermissions(db: Db = getDb()): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(ALL_PERMISSION_KEYS.map((key) => ({ key, area: key.split('.')[0], action: key.split('.')[1] })))
      .onConflictDoNothing()
      .returning({ key: permissions.key, area: permissions.area });
    await tx
      .insert(roles)
      .values(BASE_ROLES.map((r, i) => ({ ...r, position: i + 1 })))
      .onConflictDoNothing();
    // Areas that admin access alone used to open: roles holding admin access keep them, once.
    const formerly = added.filter((p) => (FORMERLY_ADMIN_ACCESS_AREAS as readonly string[]).includes(p.area)).map((p) => p.key);
    if (formerly.length) {
      const holders = await tx.select({ roleId: rolePermissions.roleId }).from(rolePermissions).where(eq(rolePermissions.permissionKey, 'admin.access'));
      const grants = holders.flatMap((h) => formerly.map((permissionKey) => ({ roleId: h.roleId, permissionKey })));
      if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
    }
    // The administrator role holds every permission, whatever was stored before.
    await tx.update(roles).set({ allPermissions: true }).where(eq(roles.key, 'administrator'));
  });
}

/** Roles are seeded at every start (see accounts.api.server.ts), not only into an empty database. */
export const rolesSeeder: Seeder = {
  name: 'roles',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(roles);
    return (row?.n ?? 0) > 0;
  },
  async seed() {
    await ensureRolesAndPermissions();
  },
};

export async function listRoles(db: Db = getDb()) {
  return db.select().from(roles).orderBy(roles.position, roles.id);
}

/** Gives a user a role (no change when it already has it). */
export async function addUserRole(db: Db, userId: number, roleId: number) {
  await db.insert(userRoles).values({ userId, roleId }).onConflictDoNothing();
}

/** Replaces a user's roles. */
export async function setUserRoles(db: Db, userId: number, roleIds: number[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
}
