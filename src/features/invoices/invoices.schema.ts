import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';
import { customers } from '~/features/customers/customers.schema';

/** Invoices of B2B customers (issue 11): the PDF uploaded by the administrator and its amounts in grosze. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The invoice number as printed ("FV/2026/11/0123"); also the download's file name. */
    number: text('number').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    netAmount: integer('net_amount').notNull(),
    grossAmount: integer('gross_amount').notNull(),
    /** The day the invoice was paid; null: unpaid (overdue once the due date has passed). */
    paidOn: date('paid_on', { mode: 'string' }),
    /** The PDF uploaded by the administrator; null for an invoice imported as FA(3) XML alone. */
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** KSeF (issue 39): the FA(3) XML exactly as received; the visualisation and QR code are made from it. */
    xmlFileId: uuid('xml_file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The 35-character KSeF number; null: not (yet) known ("OFFLINE" on the visualisation). */
    ksefNumber: text('ksef_number'),
    /** How the invoice came: 'pdf' (admin upload or batch), 'xml' (FA(3) upload or the integration API), 'ksef' (KSeF sync). */
    source: text('source').notNull().default('pdf'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(sql`upper(${t.number})`),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_issue_idx').on(t.issueDate),
    index('invoices_file_idx').on(t.fileId),
    index('invoices_xml_file_idx').on(t.xmlFileId),
    uniqueIndex('invoices_ksef_number_idx').on(t.ksefNumber),
    check('invoices_source', sql`${t.source} in ('pdf', 'xml', 'ksef')`),
    check('invoices_has_file', sql`${t.fileId} is not null or ${t.xmlFileId} is not null`),
    check('invoices_amounts', sql`${t.netAmount} >= 0 and ${t.grossAmount} >= ${t.netAmount}`),
    check('invoices_dates', sql`${t.dueDate} >= ${t.issueDate}`),
  ],
);

/**
 * The KSeF sync's progress (issue 39): one row per seller NIP. `cursor` is the permanent-storage
 * date of the last invoice imported (or KSeF's high-water mark after a complete run): the next run
 * asks for invoices from there, so a run stopped midway goes on where it stopped; an invoice already
 * kept (its KSeF number) is skipped, so nothing is imported twice.
 */
export const ksefSyncState = pgTable('ksef_sync_state', {
  nip: text('nip').primaryKey(),
  cursor: timestamp('cursor', { withTimezone: true, mode: 'string' }),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastImported: integer('last_imported').notNull().default(0),
  lastError: text('last_error'),
  ...timestamps,
});
