import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * API keys of the integration API (issue 39). The secret (`cobi_` + 32 random bytes, base64url) is
 * shown once; only its SHA-256 is stored. `prefix` (the first characters of the secret) lets an
 * administrator tell keys apart. created_by has no foreign key, like change_infos: the key stays
 * readable after its author's account is deleted.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    scopes: text('scopes').array().notNull(),
    /** hex SHA-256 of the whole secret. */
    secretHash: text('secret_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    createdByEmail: text('created_by_email'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_secret_hash_key').on(t.secretHash), index('api_keys_created_idx').on(t.createdAt)],
);

/** Requests of a key per Polish calendar day ("requests today" of the admin list). */
export const apiKeyUsage = pgTable(
  'api_key_usage',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.day] })],
);

/**
 * Answers of writes sent with an `Idempotency-Key` (kept 24 h, then swept). The primary key
 * (api key, idempotency key) lets one of two parallel requests run: the other finds the row. `status`
 * is null while the first is running. `request_hash`: method, path and body, so a key reused for
 * another request is refused.
 */
export const integrationIdempotency = pgTable(
  'integration_idempotency',
  {
    apiKeyId: integer('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    /** The answer's JSON as sent (text, not jsonb: the replay is byte for byte the same). */
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.apiKeyId, t.key] }),
    index('integration_idempotency_created_idx').on(t.createdAt),
    check('integration_idempotency_key_length', sql`length(${t.key}) between 1 and 255`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
