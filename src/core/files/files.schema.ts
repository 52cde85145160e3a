import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every stored upload; the bytes live behind the storage interface under `storageKey`. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  storageKey: text('storage_key').notNull(),
  originalName: text('original_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  /**
   * The feature a file was uploaded for ('trainings', 'content', 'forms', …); null for files stored
   * before the column or by the system (generated PDFs). A lesson, post or page may link only files
   * of its own feature (references.server.ts assertOwnFiles).
   */
  owner: text('owner'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
