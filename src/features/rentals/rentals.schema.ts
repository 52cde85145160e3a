import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';
import { users } from '~/features/accounts/accounts.schema';

/** A rented meter (admin area `testers`). Money is integer grosze, net. */
export const testers = pgTable(
  'testers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    /** Included accessories, one per line. */
    accessoriesPl: text('accessories_pl').notNull().default(''),
    accessoriesEn: text('accessories_en').notNull().default(''),
    /** File ids of the images, in order. */
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    pricePerDay: integer('price_per_day').notNull(),
    /** Days charged at pricePerDay; each further day costs extraDayPrice (SPEC section 9). */
    thresholdDays: integer('threshold_days').notNull(),
    extraDayPrice: integer('extra_day_price').notNull(),
    deposit: integer('deposit').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    /** The last day the calibration certificate is valid; a rental must end by it (null: not offered). */
    calibrationValidUntil: date('calibration_valid_until', { mode: 'string' }),
    /** Working days before the start the meter leaves by courier (rules.ts occupiedWindow). */
    turnaroundBeforeDays: integer('turnaround_before_days').notNull().default(0),
    /** Working days after the end for the return and the inspection. */
    turnaroundAfterDays: integer('turnaround_after_days').notNull().default(0),
    /** In repair: not offered until released (issue 42; recording returns that set it is still to come). */
    inRepair: boolean('in_repair').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('testers_prices_check', sql`${t.pricePerDay} >= 0 and ${t.extraDayPrice} >= 0 and ${t.deposit} >= 0 and ${t.thresholdDays} >= 1`),
    check('testers_turnaround_check', sql`${t.turnaroundBeforeDays} between 0 and 10 and ${t.turnaroundAfterDays} between 0 and 10`),
  ],
);

/** The delivery address of a rental sent by courier (SPEC section 3 "Address"). */
export interface RentalAddress {
  name: string;
  email: string;
  phone_number: string;
  town: string;
  street: string;
  home: string;
  flat: string;
  full_street: string;
  postcode: string;
  post: string;
}

/**
 * A rental of a tester from `dateFrom` to `dateTo`, both days included. `blockedFrom`..`blockedTo`
 * is the window the rental keeps the meter, turnaround included (rules.ts occupiedWindow, computed
 * at booking). Two rentals of one tester that are not cancelled never share a day of their windows:
 * an exclusion constraint (btree_gist) added by hand to the migration, `tester_rentals_no_overlap`,
 * refuses the second one (SQLSTATE 23P01).
 */
export const testerRentals = pgTable(
  'tester_rentals',
  {
    id: serial('id').primaryKey(),
    testerId: integer('tester_id')
      .notNull()
      .references(() => testers.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    dateFrom: date('datetime_from', { mode: 'string' }).notNull(),
    dateTo: date('datetime_to', { mode: 'string' }).notNull(),
    blockedFrom: date('blocked_from', { mode: 'string' }).notNull(),
    blockedTo: date('blocked_to', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    /** The prices of the tester when booked. */
    pricePerDay: integer('price_per_day').notNull(),
    thresholdDays: integer('threshold_days').notNull(),
    extraDayPrice: integer('extra_day_price').notNull(),
    deposit: integer('deposit').notNull().default(0),
    /** Net rental price by the price rule. */
    price: integer('price').notNull(),
    courierFee: integer('courier_fee').notNull().default(0),
    /** Net amount to pay: price + courier fee, unless an administrator corrected it. */
    cost: integer('cost').notNull(),
    costCorrectionReason: text('cost_correction_reason'),
    isPersonalPickup: boolean('is_personal_pickup').notNull().default(true),
    tenantName: text('tenant_name').notNull(),
    tenantTaxId: text('tenant_tax_id').notNull().default(''),
    tenantStreet: text('tenant_street').notNull(),
    tenantPostcode: text('tenant_postcode').notNull(),
    tenantPost: text('tenant_post').notNull(),
    tenantPhone: text('tenant_phone').notNull(),
    tenantPerson: text('tenant_person').notNull(),
    tenantEmail: text('tenant_email').notNull(),
    deliveryAddress: jsonb('delivery_address').$type<RentalAddress | null>(),
    signedContractFileId: uuid('signed_contract_file_id').references(() => files.id, { onDelete: 'restrict' }),
    /** The carrier of the shipment and its return (statuses.ts CARRIERS: the tracking link); 'other' has no link. */
    carrier: text('carrier').notNull().default('dpd'),
    waybillNumber: text('waybill_number').notNull().default(''),
    returnWaybillNumber: text('return_waybill_number').notNull().default(''),
    status: text('status').notNull().default('new'),
    /** The tenant's language (mails, contract). */
    locale: text('locale').notNull().default('pl'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('tester_rentals_tester_idx').on(t.testerId, t.dateFrom),
    index('tester_rentals_user_idx').on(t.userId, t.createdAt),
    index('tester_rentals_status_idx').on(t.status),
    check('tester_rentals_range_check', sql`${t.dateTo} >= ${t.dateFrom}`),
    check('tester_rentals_blocked_check', sql`${t.blockedFrom} <= ${t.dateFrom} and ${t.blockedTo} >= ${t.dateTo}`),
  ],
);

/** Settings of the rentals (one row, id 1): the courier fee for a delivery instead of a pickup. */
export const rentalSettings = pgTable('rental_settings', {
  id: integer('id').primaryKey(),
  courierFee: integer('courier_fee').notNull().default(0),
  ...timestamps,
});

export type TesterRow = typeof testers.$inferSelect;
export type TesterRentalRow = typeof testerRentals.$inferSelect;
