// The roles and permissions area (issue 37): roles are data, each a set of permission keys of the
// catalogue. Staff grant only what they hold and touch only roles holding no more than they do; the
// Administrator role (every permission) is fixed, the other built-in roles cannot be deleted.
import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError, validationError } from '~/core/http/errors';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { permissionLabel } from '~/core/permissions/labels';
import { ALL_PERMISSION_KEYS, type Can, type PermissionKey, permissionsBeyond } from '~/core/permissions/permissions';
import { rolePermissions, roles, userRoles } from '../accounts.schema';
import { BASE_ROLES } from '../roles.server';
import { rolesAdminMessages } from './messages';
import type { RoleInput } from './roles-validation';

/** The change log's actor with the permissions (a role change may not grant what the actor lacks). */
export type RoleActor = Actor & { can: Can };

/** A role as the admin list, the edit screen and GET /api/admin/roles show it. */
export interface AdminRole {
  id: number;
  /** In the language of the request. */
  name: string;
  name_pl: string;
  name_en: string;
  /** In catalogue order; every key for a role with all permissions. */
  permissions: PermissionKey[];
  all_permissions: boolean;
  users_count: number;
  built_in: boolean;
  position: number;
}

const BUILT_IN_IDS: ReadonlySet<number> = new Set(BASE_ROLES.map((r) => r.id));
const t = (locale: Locale) => translator(rolesAdminMessages, locale);
const inCatalogOrder = (keys: Iterable<string>): PermissionKey[] => {
  const set = new Set(keys);
  return ALL_PERMISSION_KEYS.filter((k) => set.has(k));
};

async function loadRoles(db: Db, locale: Locale, id?: number): Promise<AdminRole[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(id === undefined ? undefined : eq(roles.id, id))
    .orderBy(asc(roles.position), asc(roles.id));
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [perms, counts] = await Promise.all([
    db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, ids)),
    db.select({ roleId: userRoles.roleId, n: count() }).from(userRoles).where(inArray(userRoles.roleId, ids)).groupBy(userRoles.roleId),
  ]);
  return rows.map((r) => ({
    id: r.id,
    name: locale === 'en' ? r.nameEn : r.namePl,
    name_pl: r.namePl,
    name_en: r.nameEn,
    permissions: r.allPermissions ? [...ALL_PERMISSION_KEYS] : inCatalogOrder(perms.filter((p) => p.roleId === r.id).map((p) => p.permissionKey)),
    all_permissions: r.allPermissions,
    users_count: Number(counts.find((c) => c.roleId === r.id)?.n ?? 0),
    built_in: BUILT_IN_IDS.has(r.id),
    position: r.position,
  }));
}

/** Every role in list order (position, then id). */
export function listAdminRoles(locale: Locale, db: Db = getDb()): Promise<AdminRole[]> {
  return loadRoles(db, locale);
}

export async function getAdminRole(id: number, locale: Locale, db: Db = getDb()): Promise<AdminRole | null> {
  return (await loadRoles(db, locale, id))[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Rules

const labels = (keys: string[], locale: Locale) => keys.map((k) => permissionLabel(k, locale)).join(', ');

/** 403 when `keys` hold a permission the actor lacks: granting it would be an escalation. */
function assertMayGrant(actor: Can, keys: string[], locale: Locale) {
  const beyond = permissionsBeyond(actor, keys);
  if (beyond.length) throw new HttpError(403, t(locale)('msg.grantBeyond', { permissions: labels(beyond, locale) }));
}

/** 403 when the role holds a permission the actor lacks: its holders are beyond the actor's reach. */
function assertCoversRole(actor: Can, role: AdminRole, locale: Locale) {
  const beyond = permissionsBeyond(actor, role.permissions);
  if (beyond.length) throw new HttpError(403, t(locale)('msg.roleBeyond', { permissions: labels(beyond, locale) }));
}

const fold = (s: string) => s.toLocaleLowerCase('pl');

/** 422 under the field whose name another role already has (case does not matter). */
async function assertNamesFree(tx: Db, input: RoleInput, exceptId: number | null, locale: Locale) {
  const others = (await tx.select({ id: roles.id, namePl: roles.namePl, nameEn: roles.nameEn }).from(roles)).filter((r) => r.id !== exceptId);
  const errors: Record<string, string[]> = {};
  if (others.some((r) => fold(r.namePl) === fold(input.name_pl))) errors.name_pl = [t(locale)('v.nameTaken')];
  if (others.some((r) => fold(r.nameEn) === fold(input.name_en))) errors.name_en = [t(locale)('v.nameTaken')];
  if (Object.keys(errors).length) throw validationError(errors);
}

/**
 * Role writes one at a time: the name check and the next id are then read after the previous write
 * committed (PostgreSQL; PGlite runs one transaction at a time anyway).
 */
const lockRoles = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('accounts.roles'))`);

async function lockedRole(tx: Db, id: number, locale: Locale): Promise<AdminRole> {
  const [row] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, id)).for('update');
  const role = row && (await getAdminRole(id, locale, tx));
  if (!role) throw new HttpError(404, t(locale)('msg.notFound'));
  // Administrator holds every permission, also the ones added later: not editable.
  if (role.all_permissions) throw new HttpError(409, t(locale)('msg.administrator'));
  return role;
}

/** What the change log keeps of a role: its names and its permissions as readable labels (Polish, the site's language). */
const logView = (r: { name_pl: string; name_en: string; permissions: readonly string[] }) => ({
  namePl: r.name_pl,
  nameEn: r.name_en,
  permissions: inCatalogOrder(r.permissions).map((k) => permissionLabel(k, DEFAULT_LOCALE)),
});

const audit = (actor: RoleActor) => ({ userId: actor.userId, userEmail: actor.userEmail, entity: 'role' });

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * Creates a role; returns its id. roles.id is not serial (the built-in roles have fixed ids): the next
 * id comes from roles_id_seq, which never goes back, so a deleted role's id is not given again (max + 1
 * did that after the highest role was deleted). A role written with its own id (a seed) is stepped
 * over, and the sequence moved on past it. A write that collided with another one's id or key is
 * tried again.
 */
export async function createRole(input: RoleInput, actor: RoleActor, locale: Locale = DEFAULT_LOCALE): Promise<number> {
  assertMayGrant(actor.can, input.permissions, locale);
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDb().transaction(async (tx) => {
        await lockRoles(tx);
        await assertNamesFree(tx, input, null, locale);
        const [next] = await tx
          .select({
            id: sql<number>`greatest(nextval('roles_id_seq'), coalesce(max(${roles.id}), 0) + 1)`.mapWith(Number),
            position: sql<number>`coalesce(max(${roles.position}), 0) + 1`.mapWith(Number),
          })
          .from(roles);
        if (!next) throw new Error('roles_id_seq gave no id');
        const { id } = next;
        await tx.execute(sql`select setval('roles_id_seq', greatest(${id}::bigint, (select last_value from roles_id_seq)))`);
        await tx.insert(roles).values({ id, key: `role-${id}`, namePl: input.name_pl, nameEn: input.name_en, position: next.position });
        if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permissionKey) => ({ roleId: id, permissionKey })));
        await recordChange(tx, { ...audit(actor), entityId: id, action: 'create', after: logView(input) });
        return id;
      });
    } catch (e) {
      if (!isUniqueViolation(e) || attempt >= 5) throw e;
    }
  }
}

/** Renames a role and replaces its permissions. */
export async function updateRole(id: number, input: RoleInput, actor: RoleActor, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockRoles(tx);
    const role = await lockedRole(tx, id, locale);
    assertCoversRole(actor.can, role, locale);
    assertMayGrant(actor.can, input.permissions, locale);
    await assertNamesFree(tx, input, id, locale);
    await tx.update(roles).set({ namePl: input.name_pl, nameEn: input.name_en }).where(eq(roles.id, id));
    await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    if (input.permissions.length) await tx.insert(rolePermissions).values(input.permissions.map((permissionKey) => ({ roleId: id, permissionKey })));
    await recordChange(tx, { ...audit(actor), entityId: id, action: 'update', before: logView(role), after: logView(input) });
  });
}

/**
 * Deletes a role nobody holds. The check is part of the delete, after the role's row is locked: a
 * user given the role meanwhile either committed first (then it is seen: 409) or waits for the
 * delete and fails its foreign key.
 */
export async function deleteRole(id: number, actor: RoleActor, locale: Locale = DEFAULT_LOCALE): Promise<void> {
  await getDb().transaction(async (tx) => {
    await lockRoles(tx);
    const role = await lockedRole(tx, id, locale);
    if (role.built_in) throw new HttpError(409, t(locale)('msg.builtIn'));
    assertCoversRole(actor.can, role, locale);
    const deleted = await tx
      .delete(roles)
      .where(and(eq(roles.id, id), notExists(tx.select({ one: sql`1` }).from(userRoles).where(eq(userRoles.roleId, id)))))
      .returning({ id: roles.id });
    if (!deleted.length) {
      const [held] = await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id));
      throw new HttpError(409, t(locale)('msg.inUse', { count: Number(held?.n ?? 0) }));
    }
    await recordChange(tx, { ...audit(actor), entityId: id, action: 'delete', before: logView(role) });
  });
}
