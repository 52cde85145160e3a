import { boolean, index, integer, pgSequence, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';

/** Registered users (SPEC section 3 "User / registration"); `email` is stored lower-cased. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    surname: text('surname').notNull(),
    defaultLocale: text('default_locale').$type<'pl' | 'en'>().notNull().default('pl'),
    company: text('company').notNull().default(''),
    position: text('position').notNull().default(''),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    province: text('province').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    taxIdentificationNr: text('tax_identification_nr').notNull().default(''),
    phone: text('phone').notNull().default(''),
    /** When each consent was given (null: not given or withdrawn). */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    privacyAcceptedAt: timestamp('privacy_accepted_at', { withTimezone: true }),
    rodoAcceptedAt: timestamp('rodo_accepted_at', { withTimezone: true }),
    marketingAcceptedAt: timestamp('marketing_accepted_at', { withTimezone: true }),
    /** Asked for B2B shop access at registration (or later in the profile). */
    isB2bRequest: boolean('is_b2b_request').notNull().default(false),
    /** B2B shop access granted by the provider. */
    b2bGrantedAt: timestamp('b2b_granted_at', { withTimezone: true }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Activation by the provider (SPEC section 4). */
    isActive: boolean('is_active').notNull().default(false),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_active_idx').on(t.isActive)],
);

/**
 * Ids of roles made in the editor: never handed out twice, so a deleted role's id (which static pages
 * and old change-log entries may still name) is not given to a new role. The built-in roles have 1-4.
 */
export const rolesIdSeq = pgSequence('roles_id_seq', { startWith: 5, minValue: 1 });

/** Roles are data; `allPermissions` marks a role (administrator) that holds every permission. */
export const roles = pgTable('roles', {
  id: integer('id').primaryKey(),
  key: text('key').notNull().unique(),
  namePl: text('name_pl').notNull(),
  nameEn: text('name_en').notNull(),
  allPermissions: boolean('all_permissions').notNull().default(false),
  position: integer('position').notNull().default(0),
});

/** The permission catalogue (keys such as `products.update`, see core/permissions). */
export const permissions = pgTable('permissions', {
  key: text('key').primaryKey(),
  area: text('area').notNull(),
  action: text('action').notNull(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionKey: text('permission_key')
      .notNull()
      .references(() => permissions.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionKey] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const ACCOUNT_TOKEN_KINDS = ['verify', 'reset'] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/** One-time tokens of e-mail links: only a SHA-256 hash of the token is stored. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AccountTokenKind>().notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The address the link was sent to: a link stops working when the address changes. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('account_tokens_hash_unique').on(t.tokenHash), index('account_tokens_user_idx').on(t.userId, t.kind)],
);

export type UserRow = typeof users.$inferSelect;

/**
 * What a user does for the customer they buy for (issue 40; stored on customers' customer_users):
 * owner manages colleagues, buyer orders within the approval limit, requester's every order needs
 * approval, approver approves. Here (not in customers) so the admin user form can offer them.
 */
export const COMPANY_ROLES = ['owner', 'buyer', 'requester', 'approver'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];
