import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** What changed in one save: field -> its value before and after (null when absent). */
export type ChangeSet = Record<string, { before: unknown; after: unknown }>;

/**
 * The change log of the administrator panel ("change-infos"): who changed which record, when,
 * and which fields. The author's e-mail is copied so the entry stays readable after the account
 * is deleted, so user_id has no foreign key.
 */
export const changeInfos = pgTable(
  'change_infos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id'),
    userEmail: text('user_email'),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action', { enum: CHANGE_ACTIONS }).notNull(),
    changes: jsonb('changes').$type<ChangeSet>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('change_infos_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('change_infos_user_idx').on(t.userId, t.createdAt),
    index('change_infos_created_idx').on(t.createdAt),
  ],
);

export type ChangeInfo = typeof changeInfos.$inferSelect;
