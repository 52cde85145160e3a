import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The transactional outbox: a mail is inserted in the same transaction as the change that causes
 * it and delivered later by the mail worker. Rows stay after delivery (the admin's mail log and,
 * without SMTP_URL, the development mailbox).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    locale: text('locale', { enum: ['pl', 'en'] })
      .notNull()
      .default('pl'),
    kind: text('kind').notNull().default('generic'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may (re)try; while a worker holds a row it is pushed ahead by the lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    messageId: text('message_id'),
    /** Extra headers of the allowed list (MAIL_EXTRA_HEADERS in outbox.server.ts), e.g. List-Unsubscribe. */
    headers: jsonb('headers').$type<Record<string, string>>(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
  ],
);

export type OutboxRow = typeof mailOutbox.$inferSelect;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * Files sent with an outbox mail (e.g. the order confirmation PDF). Kept apart from mail_outbox so
 * the mail log's lists never read the bytes; written in the transaction that enqueues the mail.
 */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mailId, t.position] })],
);
