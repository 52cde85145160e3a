import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const WEBHOOK_EVENTS = [
  'order.placed',
  'order.status_changed',
  'customer.b2b_access_requested',
  'complaint.created',
  'rental.booked',
  'course_registration.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * Where events are sent. The secret signs every delivery (HMAC-SHA256), so it is stored sealed
 * (AES-256-GCM under a key from SESSION_SECRET, secret-box.ts), not hashed; it is answered once, by
 * the create call, and never listed, logged or written to the change log.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events').array().notNull().default(sql`'{}'::text[]`),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  /** The admin who created it (a user id; core names no feature's table). */
  createdBy: integer('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
});

/**
 * One event for one endpoint: inserted in the transaction of the change (enqueueWebhook), POSTed by
 * the webhook worker, retried with backoff. Rows stay after delivery (the admin's delivery log).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    /** Sent as X-Cobi-Delivery: the receiver dedupes on it. */
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may (re)try; while a worker holds the row it is pushed ahead by the lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
