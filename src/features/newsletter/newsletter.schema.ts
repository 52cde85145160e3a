import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { users } from '~/features/accounts/accounts.schema';
import type { ConsentAction, ConsentSource, PurchaseMethod, PurchaseStatus, SubscriberStatus } from './constants';

export * from './constants';

/**
 * Newsletter subscribers (SPEC section 3 "Newsletter subscriber": name, email, consent). One row
 * per address (stored lower-case); double opt-in: pending until the confirmation link is used.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('pl'),
    status: text('status').$type<SubscriberStatus>().notNull().default('pending'),
    /** The double opt-in link's token; null once used. */
    confirmToken: text('confirm_token'),
    confirmSentAt: timestamp('confirm_sent_at', { withTimezone: true }),
    /** In every newsletter mail: /{locale}/newsletter/unsubscribe/{token}. */
    unsubscribeToken: text('unsubscribe_token').notNull(),
    /** The calculator access link of the welcome mail: /{locale}/calculator/access/{token}. */
    accessToken: text('access_token').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    uniqueIndex('newsletter_subscribers_confirm_token_key').on(t.confirmToken),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_key').on(t.unsubscribeToken),
    uniqueIndex('newsletter_subscribers_access_token_key').on(t.accessToken),
    index('newsletter_subscribers_status_idx').on(t.status, t.id),
    check('newsletter_subscribers_status_check', sql`${t.status} in ('pending', 'confirmed', 'unsubscribed')`),
  ],
);

/** Consent history: every signup, confirmation and withdrawal, kept when the address unsubscribes. */
export const newsletterConsents = pgTable(
  'newsletter_consents',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id')
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    action: text('action').$type<ConsentAction>().notNull(),
    /** Which form (popup, page, footer) or way (mail link, List-Unsubscribe, admin). */
    source: text('source').$type<ConsentSource>().notNull(),
    termsVersion: text('terms_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('newsletter_consents_subscriber_idx').on(t.subscriberId, t.id)],
);

/**
 * Purchases of the calculator (SPEC section 9: 9.90 PLN net). Paid online through Przelewy24
 * (`p24`), by bank transfer marked paid by an administrator (`transfer`), or ordered in the B2B shop
 * (`order`: granted when the administrator confirms the order; `reference` is the order's number,
 * so one order grants once).
 */
export const calculatorPurchases = pgTable(
  'calculator_purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    locale: text('locale').notNull().default('pl'),
    method: text('method').$type<PurchaseMethod>().notNull(),
    /** Grosze. */
    netAmount: integer('net_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    currency: text('currency').notNull().default('PLN'),
    status: text('status').$type<PurchaseStatus>().notNull().default('pending'),
    /** The transfer title / P24 description, e.g. KALK-7Q2M9X4D. */
    reference: text('reference').notNull(),
    /** Our session id at Przelewy24 (sessionId of register/notification/verify). */
    p24SessionId: text('p24_session_id'),
    /** Przelewy24's order id from the verified notification. */
    p24OrderId: text('p24_order_id'),
    accessToken: text('access_token').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('calculator_purchases_reference_key').on(t.reference),
    uniqueIndex('calculator_purchases_p24_session_key').on(t.p24SessionId),
    uniqueIndex('calculator_purchases_p24_order_key').on(t.p24OrderId),
    uniqueIndex('calculator_purchases_access_token_key').on(t.accessToken),
    index('calculator_purchases_email_idx').on(t.email),
    index('calculator_purchases_status_idx').on(t.status, t.id),
    check('calculator_purchases_status_check', sql`${t.status} in ('pending', 'paid', 'cancelled')`),
    check('calculator_purchases_method_check', sql`${t.method} in ('p24', 'transfer', 'order')`),
    check('calculator_purchases_amount_check', sql`${t.netAmount} > 0 and ${t.grossAmount} >= ${t.netAmount}`),
  ],
);

export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect;
export type CalculatorPurchase = typeof calculatorPurchases.$inferSelect;
