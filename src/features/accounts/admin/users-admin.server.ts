// The admin side of accounts (SPEC section 2: users, user/{id}): the list with search and filters,
// one user's data, roles, e-mail verification, customer link and password-reset mail. Activation
// and B2B access are the accounts service's own functions (with their mails).
import { and, asc, count, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { updateWithVersion } from '~/core/audit/optimistic-lock.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { DEFAULT_LOCALE, type Locale, translator } from '~/core/i18n/locale';
import { containsPattern } from '~/core/text';
import { customerOfUser, setUserCustomer } from '../customer-link.server';
import { accountTokens, type CompanyRole, roles, type UserRow, userRoles, users } from '../accounts.schema';
import { sessions } from '~/core/session/session.schema';
import { findUserById, type LinkContext, requestPasswordReset } from '../accounts.server';
import { ADMINISTRATOR_ROLE_ID, listRoles, setUserRoles } from '../roles.server';
import { usersAdminMessages } from './messages';
import type { AdminUserDataInput } from './validation';

import type { Can } from '~/core/permissions/permissions';
import { assertMayGrant, assertNotLastAdministrator, lockAdministrators, permissionsOfRoles } from './staff-guard.server';

export const USERS_PER_PAGE = 25;
export const USER_SORTS = ['id', 'name', 'email', 'company', 'created_at', 'last_login_at'] as const;
export type UserSort = (typeof USER_SORTS)[number];
/** The B2B filter: a pending request, access granted, or neither. */
export const B2B_FILTERS = ['request', 'granted', 'none'] as const;

export interface UserFilters {
  /** In first name + surname, e-mail and company. */
  search?: string;
  /** '1' verified e-mail, '0' not verified. */
  verified?: string;
  /** '1' active, '0' waiting for activation. */
  active?: string;
  b2b?: string;
  /** A role id. */
  role?: string;
  sort?: string;
  dir?: string;
  page?: number;
  perPage?: number;
}

export interface AdminUserListItem {
  id: number;
  name: string;
  email: string;
  company: string;
  has_verified_email: boolean;
  is_active: boolean;
  is_b2b_request: boolean;
  has_b2b_access: boolean;
  role_ids: number[];
  created_at: string;
  last_login_at: string | null;
}

const SORT_COLUMNS = {
  id: [users.id],
  name: [users.surname, users.firstName],
  email: [users.email],
  company: [users.company],
  created_at: [users.createdAt],
  last_login_at: [users.lastLoginAt],
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function roleIdsOf(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!userIds.length) return map;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(userRoles.roleId));
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.roleId]);
  return map;
}

/** The admin list of users: search, filters (verified, active, B2B, role), sorting and paging. */
export async function listUsers(filters: UserFilters = {}, db: Db = getDb()): Promise<Paged<AdminUserListItem>> {
  const perPage = filters.perPage ?? USERS_PER_PAGE;
  const conditions: SQL[] = [];
  const search = filters.search?.trim();
  if (search) {
    const p = containsPattern(search);
    conditions.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.surname}`, p),
        ilike(sql`${users.surname} || ' ' || ${users.firstName}`, p),
        ilike(users.email, p),
        ilike(users.company, p),
      ) as SQL,
    );
  }
  if (filters.verified === '1') conditions.push(isNotNull(users.emailVerifiedAt));
  if (filters.verified === '0') conditions.push(isNull(users.emailVerifiedAt));
  if (filters.active === '1') conditions.push(eq(users.isActive, true));
  if (filters.active === '0') conditions.push(eq(users.isActive, false));
  if (filters.b2b === 'request') conditions.push(and(eq(users.isB2bRequest, true), isNull(users.b2bGrantedAt)) as SQL);
  if (filters.b2b === 'granted') conditions.push(isNotNull(users.b2bGrantedAt));
  if (filters.b2b === 'none') conditions.push(and(eq(users.isB2bRequest, false), isNull(users.b2bGrantedAt)) as SQL);
  const roleId = Number(filters.role);
  if (filters.role && Number.isInteger(roleId) && roleId > 0 && roleId <= 2_147_483_647) {
    conditions.push(
      exists(
        db
          .select({ one: sql`1` })
          .from(userRoles)
          .where(and(eq(userRoles.userId, users.id), eq(userRoles.roleId, roleId))),
      ),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(users).where(where);
  const total = Number(totalRow?.n ?? 0);
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(filters.page ?? 1)), pages);
  const sortKey = (USER_SORTS as readonly string[]).includes(filters.sort ?? '') ? (filters.sort as UserSort) : 'created_at';
  const dir = filters.sort ? (filters.dir === 'desc' ? 'desc' : 'asc') : 'desc';
  const order = (c: (typeof SORT_COLUMNS)[UserSort][number]) => (dir === 'desc' ? sql`${c} desc nulls last` : sql`${c} asc nulls last`);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(...SORT_COLUMNS[sortKey].map(order), dir === 'desc' ? desc(users.id) : asc(users.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const roleMap = await roleIdsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.surname}`.trim(),
      email: u.email,
      company: u.company,
      has_verified_email: u.emailVerifiedAt !== null,
      is_active: u.isActive,
      is_b2b_request: u.isB2bRequest,
      has_b2b_access: u.b2bGrantedAt !== null,
      role_ids: roleMap.get(u.id) ?? [],
      created_at: u.createdAt.toISOString(),
      last_login_at: iso(u.lastLoginAt),
    })),
    pages,
    page,
    total,
  };
}

/** One user as the admin screen shows it (never the password hash). */
export function adminUserJson(u: UserRow, roleIds: number[], customer: { id: number; name: string; company_role: CompanyRole } | null) {
  return {
    id: u.id,
    email: u.email,
    first_name: u.firstName,
    surname: u.surname,
    default_locale: u.defaultLocale,
    company: u.company,
    position: u.position,
    address: u.address,
    city: u.city,
    country: u.country,
    province: u.province,
    postcode: u.postcode,
    tax_identification_nr: u.taxIdentificationNr,
    phone: u.phone,
    is_b2b_request: u.isB2bRequest,
    has_b2b_access: u.b2bGrantedAt !== null,
    b2b_granted_at: iso(u.b2bGrantedAt),
    has_verified_email: u.emailVerifiedAt !== null,
    email_verified_at: iso(u.emailVerifiedAt),
    is_active: u.isActive,
    activated_at: iso(u.activatedAt),
    accepted_terms_at: iso(u.termsAcceptedAt),
    accepted_privacy_at: iso(u.privacyAcceptedAt),
    accepted_rodo_at: iso(u.rodoAcceptedAt),
    accepted_marketing_at: iso(u.marketingAcceptedAt),
    last_login_at: iso(u.lastLoginAt),
    created_at: u.createdAt.toISOString(),
    role_ids: roleIds,
    customer,
    version: u.version,
  };
}
export type AdminUser = ReturnType<typeof adminUserJson>;

export async function getAdminUser(id: number, db: Db = getDb()): Promise<AdminUser | null> {
  const u = await findUserById(id, db);
  if (!u) return null;
  const [roleMap, customer] = await Promise.all([roleIdsOf(db, [id]), customerOfUser(id, db)]);
  return adminUserJson(u, roleMap.get(id) ?? [], customer);
}

const t = (locale: Locale) => translator(usersAdminMessages, locale);
const notFound = (locale: Locale) => new HttpError(404, t(locale)('msg.notFound'));

/** Saves the user's data loaded at `version` (409 when stale), with the change in the log. */
export async function updateUserData(id: number, input: AdminUserDataInput, actor: Actor | null, locale: Locale = DEFAULT_LOCALE) {
  await updateWithVersion(
    getDb(),
    users,
    id,
    input.version,
    {
      firstName: input.first_name,
      surname: input.surname,
      phone: input.phone,
      defaultLocale: input.default_locale,
      company: input.company,
      position: input.position,
      address: input.address,
      city: input.city,
      country: input.country,
      province: input.province,
      postcode: input.postcode,
      taxIdentificationNr: input.tax_identification_nr,
      isB2bRequest: input.is_b2b_request,
    },
    { locale, audit: { userId: actor?.userId ?? null, userEmail: actor?.userEmail ?? null, entity: 'user' } },
  );
}

/**
 * Replaces a user's roles with the given ones. Unknown role ids are refused (422), an administrator
 * cannot take the administrator role away from themselves (422), nobody gives or takes a role with a
 * permission they lack (403), and the last active Administrator keeps the role (409).
 */
export async function setRolesOfUser(
  id: number,
  roleIds: number[],
  actor: Actor | null,
  locale: Locale = DEFAULT_LOCALE,
  /** The acting staff member's permissions: they may give and take only roles within them (issue 37). */
  actorCan?: Can,
): Promise<void> {
  const wanted = [...new Set(roleIds)].sort((a, b) => a - b);
  await getDb().transaction(async (tx) => {
    await lockAdministrators(tx);
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!u) throw notFound(locale);
    const names = new Map((await tx.select({ id: roles.id, name: roles.namePl }).from(roles)).map((r) => [r.id, r.name]));
    const known = new Set(names.keys());
    const named = (ids: number[]) => ids.map((r) => names.get(r) ?? String(r)).join(', ');
    if (wanted.some((r) => !known.has(r))) throw validationError({ role_ids: [t(locale)('v.role')] });
    const before = (await roleIdsOf(tx, [id])).get(id) ?? [];
    if (actor && actor.userId === id && before.includes(ADMINISTRATOR_ROLE_ID) && !wanted.includes(ADMINISTRATOR_ROLE_ID)) {
      throw validationError({ role_ids: [t(locale)('v.ownAdminRole')] });
    }
    if (before.join(',') === wanted.join(',')) return;
    if (actorCan) {
      // Both the roles given and the roles taken: taking a role one does not hold is acting beyond it too.
      const changed = [...wanted.filter((r) => !before.includes(r)), ...before.filter((r) => !wanted.includes(r))];
      assertMayGrant(actorCan, await permissionsOfRoles(tx, changed), locale);
    }
    if (before.includes(ADMINISTRATOR_ROLE_ID) && !wanted.includes(ADMINISTRATOR_ROLE_ID)) await assertNotLastAdministrator(tx, id, locale);
    await setUserRoles(tx, id, wanted);
    await recordChange(tx, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'user',
      entityId: id,
      action: 'update',
      // The ids for the record, the names for a reader of the change log.
      before: { roleIds: before, roles: named(before) },
      after: { roleIds: wanted, roles: named(wanted) },
    });
  });
}

/** Marks the user's e-mail address as verified (no change when it already is). False when no such user. */
export async function markEmailVerified(id: number, actor: Actor | null): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!u) return false;
    if (u.emailVerifiedAt) return true;
    const now = new Date();
    await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, id));
    await recordChange(tx, {
      userId: actor?.userId ?? null,
      userEmail: actor?.userEmail ?? null,
      entity: 'user',
      entityId: id,
      action: 'update',
      before: { emailVerifiedAt: null },
      after: { emailVerifiedAt: now },
    });
    return true;
  });
}

/** Sends the user a password-reset link (the accounts feature's mail). False when no such user. */
export async function sendPasswordResetLink(id: number, links: LinkContext): Promise<boolean> {
  const u = await findUserById(id);
  if (!u) return false;
  await requestPasswordReset(u.email, links);
  return true;
}

/** Links the user to a customer (null unlinks). 404 for an unknown user, 422 for an unknown customer. */
export async function linkUserToCustomer(
  id: number,
  customerId: number | null,
  actor: Actor | null,
  locale: Locale = DEFAULT_LOCALE,
  companyRole: CompanyRole = 'buyer',
) {
  await getDb().transaction(async (tx) => {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
    if (!u) throw notFound(locale);
    if (!(await setUserCustomer(tx, id, customerId, actor, companyRole))) throw validationError({ customer_id: [t(locale)('v.customer')] });
  });
}

/** Roles as an option list (SPEC section 3: ids as strings), in the language of the screen. */
export async function roleOptions(locale: Locale): Promise<{ id: string; name: string }[]> {
  const list = await listRoles();
  return list.map((r) => ({ id: String(r.id), name: locale === 'en' ? r.nameEn : r.namePl }));
}

/** The admin dashboard's counts: verified users waiting for activation, and pending B2B access requests. */
export async function countUsersAwaitingAction(db: Db = getDb()): Promise<{ awaitingActivation: number; b2bRequests: number }> {
  const [row] = await db
    .select({
      awaitingActivation: sql<number>`count(*) filter (where ${users.isActive} = false and ${users.emailVerifiedAt} is not null)`.mapWith(Number),
      b2bRequests: sql<number>`count(*) filter (where ${users.isB2bRequest} = true and ${users.b2bGrantedAt} is null)`.mapWith(Number),
    })
    .from(users);
  return { awaitingActivation: row?.awaitingActivation ?? 0, b2bRequests: row?.b2bRequests ?? 0 };
}

/**
 * Tables whose rows only serve the account itself and go with it: roles, one-time tokens, the cart,
 * the customer link and placement keys. Any other row that names the user (orders, applications,
 * course registrations, trainings, rentals, complaints, purchases …) is a record to keep.
 */
const GOES_WITH_ACCOUNT = new Set(['user_roles', 'account_tokens', 'carts', 'customer_users', 'order_idempotency_keys']);

/** Rows of a raw query: postgres-js answers an array, PGlite an object with rows. */
function rowsOf<T = unknown>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}

/** Whether any row of another table names the user (read from the database's foreign keys, so new tables count too). */
async function hasKeptRecords(tx: Db, userId: number): Promise<boolean> {
  const refs = rowsOf<{ tbl: string; col: string }>(
    await tx.execute(sql`
    select c.conrelid::regclass::text as tbl, a.attname::text as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'public.users'::regclass`),
  );
  for (const { tbl, col } of refs) {
    if (GOES_WITH_ACCOUNT.has(tbl.replace(/^public\./, '').replaceAll('"', ''))) continue;
    // Names from the catalogue (regclass text is quoted where needed), the id as a parameter.
    const found = rowsOf(await tx.execute(sql`select 1 from ${sql.raw(tbl)} where ${sql.identifier(col)} = ${userId} limit 1`));
    if (found.length) return true;
  }
  return false;
}

export type DeleteUserOutcome = 'deleted' | 'anonymised';

/**
 * Deletes a user (issue 37). What the user owns must not vanish, and applications and trainings go
 * with a deleted user row (cascade): so a user with records to keep is anonymised instead (personal
 * fields cleared, e-mail replaced, password unusable, consents and B2B withdrawn, deactivated, roles,
 * customer link, tokens and sessions removed); a user without any is deleted. Refused with 409 for
 * oneself and the last active Administrator. The change log keeps the id, not the personal data.
 */
export async function deleteUser(id: number, actor: Actor, locale: Locale = DEFAULT_LOCALE): Promise<DeleteUserOutcome> {
  if (actor.userId === id) throw new HttpError(409, t(locale)('v.deleteSelf'));
  return getDb().transaction(async (tx) => {
    await lockAdministrators(tx);
    const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!u) throw notFound(locale);
    if (u.isActive) await assertNotLastAdministrator(tx, id, locale);
    const roleIds = (await roleIdsOf(tx, [id])).get(id) ?? [];
    const names = new Map((await tx.select({ id: roles.id, name: roles.namePl }).from(roles)).map((r) => [r.id, r.name]));
    const before = { isActive: u.isActive, roleIds, roles: roleIds.map((r) => names.get(r) ?? String(r)).join(', ') };
    const keep = await hasKeptRecords(tx, id);
    await tx.delete(sessions).where(eq(sessions.userId, id));
    if (keep) {
      const now = new Date();
      await tx.delete(userRoles).where(eq(userRoles.userId, id));
      await tx.delete(accountTokens).where(eq(accountTokens.userId, id));
      await setUserCustomer(tx, id, null, actor);
      await tx
        .update(users)
        .set({
          email: `deleted-${id}@deleted.invalid`,
          passwordHash: '!',
          firstName: '',
          surname: '',
          company: '',
          position: '',
          address: '',
          city: '',
          country: '',
          province: '',
          postcode: '',
          taxIdentificationNr: '',
          phone: '',
          marketingAcceptedAt: null,
          isB2bRequest: false,
          b2bGrantedAt: null,
          emailVerifiedAt: null,
          isActive: false,
          lastLoginAt: null,
          updatedAt: now,
        })
        .where(eq(users.id, id));
    } else {
      await tx.delete(users).where(eq(users.id, id));
    }
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: 'user',
      entityId: id,
      action: 'delete',
      before: { ...before, anonymised: keep },
    });
    return keep ? 'anonymised' : 'deleted';
  });
}
