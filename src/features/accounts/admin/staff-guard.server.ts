// The no-escalation rules of the users area (issue 37): staff act only on users who hold no more than
// they do, grant only what they hold, and the last active Administrator stays.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { parseId } from '~/core/http/id-param.server';
import { type Locale, translator } from '~/core/i18n/locale';
import { permissionLabel } from '~/core/permissions/labels';
import { ALL_PERMISSION_KEYS, type Can, permissionsBeyond } from '~/core/permissions/permissions';
import { currentUser } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { rolePermissions, roles, userRoles, users } from '../accounts.schema';
import { ADMINISTRATOR_ROLE_ID } from '../roles.server';
import { usersAdminMessages } from './messages';

const t = (locale: Locale) => translator(usersAdminMessages, locale);

/** Every permission the given roles hold together (all of them for a role such as Administrator). */
export async function permissionsOfRoles(db: Db, roleIds: number[]): Promise<string[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .select({ all: roles.allPermissions, key: rolePermissions.permissionKey })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(inArray(roles.id, roleIds));
  if (rows.some((r) => r.all)) return [...ALL_PERMISSION_KEYS];
  return [...new Set(rows.flatMap((r) => (r.key ? [r.key] : [])))];
}

/** Every permission a user holds through their roles. */
export async function permissionsOfUser(db: Db, userId: number): Promise<string[]> {
  const held = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  return permissionsOfRoles(
    db,
    held.map((r) => r.roleId),
  );
}

const labels = (keys: string[], locale: Locale) => keys.map((k) => permissionLabel(k, locale)).join(', ');

/** 403 with a sentence when `keys` hold a permission the actor lacks (granting it would escalate). */
export function assertMayGrant(actor: Can, keys: string[], locale: Locale): void {
  const beyond = permissionsBeyond(actor, keys);
  if (beyond.length) throw new HttpError(403, t(locale)('v.grantBeyond', { permissions: labels(beyond, locale) }));
}

/** 403 with a sentence when the target user holds a permission the actor lacks (themselves excepted). */
export async function assertMayActOnUser(db: Db, actor: { id: number; can: Can }, targetId: number, locale: Locale): Promise<void> {
  if (actor.id === targetId) return;
  const beyond = permissionsBeyond(actor.can, await permissionsOfUser(db, targetId));
  if (beyond.length) throw new HttpError(403, t(locale)('v.userBeyond', { permissions: labels(beyond, locale) }));
}

/**
 * preHandler of every change to a user (after the area guard): 403 when the user of `:id` holds a
 * permission the acting staff member lacks. An odd id passes on to the route's own 404.
 */
export async function requireCoversTargetUser(request: FastifyRequest): Promise<void> {
  const id = parseId((request.params as { id?: unknown }).id);
  if (id === null) return;
  const actor = await currentUser(request);
  await assertMayActOnUser(getDb(), actor, id, requestLocale(request));
}

/**
 * Serialises the changes that could leave no active Administrator (role changes, deactivation): the
 * Administrator role's row is locked until the transaction ends, so two administrators demoting each
 * other at the same moment cannot both pass the check below.
 */
export async function lockAdministrators(tx: Db): Promise<void> {
  await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, ADMINISTRATOR_ROLE_ID)).for('update');
}

/** 409 when `userId` is an active Administrator and no other active one exists (call after lockAdministrators). */
export async function assertNotLastAdministrator(tx: Db, userId: number, locale: Locale): Promise<void> {
  const [row] = await tx
    .select({
      self: sql<number>`count(*) filter (where ${users.id} = ${userId})`.mapWith(Number),
      others: sql<number>`count(*) filter (where ${users.id} <> ${userId})`.mapWith(Number),
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.roleId, ADMINISTRATOR_ROLE_ID), eq(users.isActive, true)));
  if ((row?.self ?? 0) > 0 && (row?.others ?? 0) === 0) throw new HttpError(409, t(locale)('v.lastAdministrator'));
}
