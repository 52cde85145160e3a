import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Created/updated stamps and the version counter used to refuse a stale save with 409. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
};
