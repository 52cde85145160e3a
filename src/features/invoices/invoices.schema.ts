import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(sql`upper(${t.number})`),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_issue_idx').on(t.issueDate),
    index('invoices_file_idx').on(t.fileId),
    check('invoices_amounts', sql`${t.netAmount} >= 0 and ${t.grossAmount} >= ${t.netAmount}`),
    check('invoices_dates', sql`${t.dueDate} >= ${t.issueDate}`),
  ],
);
