import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One history row per status change of any workflow (orders, complaints, applications, rentals,
 * registrations): which record, from which status to which, who and why. The entity id is text so
 * every feature's key fits; actor_id has no foreign key, like change_infos, so the history stays
 * after an account is deleted. from_status is null for the row that records a record's first status.
 */
export const statusHistory = pgTable(
  'status_history',
  {
    id: serial('id').primaryKey(),
    workflow: text('workflow').notNull(),
    entityId: text('entity_id').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: integer('actor_id'),
    /** Who moved it when not a user: an integration (issue 39: "ERP: {key name}"). */
    actorLabel: text('actor_label'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('status_history_entity_idx').on(t.workflow, t.entityId, t.createdAt)],
);

export type StatusHistoryRow = typeof statusHistory.$inferSelect;
