import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';
import { users } from '~/features/accounts/accounts.schema';
import type { ApplicationStatus, ComplaintStatus, ContactSubject, PreferredAction } from './constants';

export * from './constants';

/**
 * The last complaint number given in each year: the next number is taken by one
 * `insert … on conflict do update … returning` in the complaint's transaction, so two complaints
 * filed at once never get the same number (and complaints_number_key refuses one if they did).
 */
export const complaintCounters = pgTable('complaint_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Complaints (SPEC section 3 "Complaint"); number RK/{year}/{seq:4}. Dates are calendar days. */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    year: integer('year').notNull(),
    seq: integer('seq').notNull(),
    /** The logged-in sender, if any (the form is open to guests). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('pl'),
    companyName: text('company_name').notNull(),
    taxIdentificationNr: text('tax_identification_nr').notNull().default(''),
    street: text('street').notNull(),
    postcode: text('postcode').notNull(),
    post: text('post').notNull(),
    contactPerson: text('contact_person').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    purchaseDocumentNumber: text('purchase_document_number').notNull(),
    productName: text('product_name').notNull(),
    description: text('description').notNull(),
    defectNoticedDate: date('defect_noticed_date', { mode: 'string' }).notNull(),
    preferredAction: text('preferred_action').$type<PreferredAction>().notNull(),
    preferredActionOther: text('preferred_action_other').notNull().default(''),
    isDifferentDeliveryAddress: boolean('is_different_delivery_address').notNull().default(false),
    deliveryName: text('delivery_name').notNull().default(''),
    deliveryStreet: text('delivery_street').notNull().default(''),
    deliveryPostcode: text('delivery_postcode').notNull().default(''),
    deliveryPost: text('delivery_post').notNull().default(''),
    acceptedPrivacyAt: timestamp('accepted_privacy_at', { withTimezone: true }).notNull(),
    acceptedRodoAt: timestamp('accepted_rodo_at', { withTimezone: true }).notNull(),
    status: text('status').$type<ComplaintStatus>().notNull().default('new'),
    /** The day handling is due: 21 working days (SPEC section 9) after the day it was filed. */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('complaints_number_key').on(t.number),
    uniqueIndex('complaints_year_seq_key').on(t.year, t.seq),
    index('complaints_status_due_idx').on(t.status, t.dueDate),
    index('complaints_created_idx').on(t.createdAt),
    // My account's list of a user's complaints.
    index('complaints_user_created_idx').on(t.userId, t.createdAt),
    check('complaints_status_check', sql`${t.status} in ('new', 'in_progress', 'accepted', 'rejected', 'closed')`),
    check('complaints_action_check', sql`${t.preferredAction} in ('repair', 'replacement', 'refund', 'other')`),
  ],
);

/** The files attached to a complaint, in the order they were added. */
export const complaintAttachments = pgTable(
  'complaint_attachments',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    filename: text('filename').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('complaint_attachments_complaint_idx').on(t.complaintId), index('complaint_attachments_file_idx').on(t.fileId)],
);

/** Internal notes of the staff on a complaint (never mailed). */
export const complaintNotes = pgTable(
  'complaint_notes',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorEmail: text('author_email').notNull().default(''),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_notes_complaint_idx').on(t.complaintId)],
);

/** Messages of the contact form; read_at marks them read in the admin list. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale').notNull().default('pl'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    subject: text('subject').$type<ContactSubject>().notNull(),
    message: text('message').notNull(),
    acceptedPrivacyAt: timestamp('accepted_privacy_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_subject_check', sql`${t.subject} in ('general', 'sales', 'technical_support', 'training', 'rentals')`),
  ],
);

/** The last warranty certificate number given in each year (as complaint_counters). */
export const certificateCounters = pgTable('certificate_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * Warranty certification applications (SPEC section 3 "Certification application"): the form's
 * fields as entered (`data`, a draft may be incomplete), the status, and once approved the
 * 25-year certificate (number, validity, the PDF).
 */
export const warrantyApplications = pgTable(
  'warranty_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull().default('pl'),
    status: text('status').$type<ApplicationStatus>().notNull().default('draft'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    investmentName: text('investment_name').notNull().default(''),
    returnReason: text('return_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    certificateNumber: text('certificate_number'),
    certificateIssuedOn: date('certificate_issued_on', { mode: 'string' }),
    certificateValidUntil: date('certificate_valid_until', { mode: 'string' }),
    certificateFileId: uuid('certificate_file_id').references(() => files.id, { onDelete: 'restrict' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('warranty_applications_certificate_key').on(t.certificateNumber),
    index('warranty_applications_user_idx').on(t.userId),
    index('warranty_applications_status_idx').on(t.status),
    check('warranty_applications_status_check', sql`${t.status} in ('draft', 'submitted', 'in_review', 'returned', 'approved', 'rejected')`),
  ],
);

/** The files of an application, by kind (measurements, calibration certificates). */
export const applicationAttachments = pgTable(
  'application_attachments',
  {
    id: serial('id').primaryKey(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => warrantyApplications.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    filename: text('filename').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('application_attachments_application_idx').on(t.applicationId), index('application_attachments_file_idx').on(t.fileId)],
);
