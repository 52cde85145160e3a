import { queryPrepared } from '~/core/db/prepared.server';
import type { CurrentUser, UserJoin } from '~/core/permissions/current-user.server';
import { buildCan } from '~/core/permissions/permissions';
import { activeCustomerSql } from './customer-link.server';

interface UserRow {
  id: number;
  email: string;
  first_name: string;
  surname: string;
  default_locale: 'pl' | 'en';
  verified: boolean;
  is_active: boolean;
  is_b2b_request: boolean;
  b2b: boolean;
  role_id: number | null;
  all_permissions: boolean | null;
  permission_key: string | null;
  active_customer_id: number | null;
}

/**
 * The rows of a user whose id is the SQL expression `userId`: one per permission of each of their
 * roles (a row of nulls without roles). With them the active customer the user buys for (the rule of
 * customers' activeCustomerIdOf), read once per user row before the roles multiply it.
 */
function userRowsSql(userId: string): string {
  return `select u.id, u.email, u.first_name, u.surname, u.default_locale, u.email_verified_at is not null as verified,
            u.is_active, u.is_b2b_request, u.b2b_granted_at is not null as b2b,
            r.id as role_id, r.all_permissions, rp.permission_key, ac.id as active_customer_id
       from users u
       left join lateral (${activeCustomerSql('u.id')}) ac on true
       left join user_roles ur on ur.user_id = u.id
       left join roles r on r.id = ur.role_id
       left join role_permissions rp on rp.role_id = r.id
      where u.id = ${userId}`;
}

/** The user of userRowsSql()'s rows; null without rows or when they are a left join's nulls (no such user). */
function userOfRows(rows: UserRow[]): CurrentUser | null {
  const u = rows[0];
  if (!u || u.id === null) return null;
  const roleIds = [...new Set(rows.flatMap((r) => (r.role_id === null ? [] : [r.role_id])))].sort((a, b) => a - b);
  const all = rows.some((r) => r.all_permissions === true);
  const can = buildCan(
    rows.map((r) => r.permission_key).filter((k): k is string => k !== null),
    all,
  );
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    surname: u.surname,
    defaultLocale: u.default_locale,
    isVerified: u.verified,
    isActive: u.is_active,
    isB2bRequest: u.is_b2b_request,
    hasB2bAccess: u.b2b,
    roleIds,
    can,
    activeCustomerId: u.active_customer_id,
  };
}

/** Reads a user with roles and permissions; null when the user no longer exists (core's UserLoader). */
export async function loadAccountUser(userId: number): Promise<CurrentUser | null> {
  // A prepared statement: read when the user was not read with the session (accountUserJoin).
  return userOfRows(await queryPrepared<UserRow>('current_user_by_id', userRowsSql('$1'), [userId]));
}

/** The user read in the session's own statement (core's UserJoin): a logged-in request makes one read, not two. */
export const accountUserJoin: UserJoin = {
  sql: userRowsSql,
  fromRows: (rows) => userOfRows(rows as unknown as UserRow[]),
};
