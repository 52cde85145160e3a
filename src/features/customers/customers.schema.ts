import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { type CompanyRole, users } from '~/features/accounts/accounts.schema';

/** B2B customers (SPEC section 3 "Customer"); `tax_identification_nr` holds a Polish NIP as 10 digits. */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    taxIdentificationNr: text('tax_identification_nr').notNull().default(''),
    /** Payment term of the customer's orders and invoices. */
    paymentDeadlineDays: integer('payment_deadline_days').notNull().default(0),
    /** The customer's code in the Enova ERP. */
    enovaKod: text('enova_kod').notNull().default(''),
    /** The Enova price definition that gives the customer's prices. */
    enovaDefinicjaCeny: text('enova_definicja_ceny').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    /** Credit limit from the ERP in grosze (issue 39: set by the integration API); null: none given. */
    creditLimit: integer('credit_limit'),
    /** Orders up to this gross value (grosze) need no approval (issue 40; set by the owner); null: no limit. */
    approvalLimit: integer('approval_limit'),
    /** The most the owner may set as approval limit (grosze; set by the administrator); null: no maximum. */
    approvalLimitMax: integer('approval_limit_max'),
    ...timestamps,
  },
  (t) => [index('customers_name_idx').on(t.name), index('customers_tax_idx').on(t.taxIdentificationNr)],
);

export const ADDRESS_KINDS = ['invoice', 'delivery'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** Addresses of a customer (SPEC section 3 "Address"): at most one invoice address, any number of delivery addresses. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<AddressKind>().notNull(),
    /** Order of the delivery addresses on the customer's list. */
    position: integer('position').notNull().default(0),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    phoneNumber: text('phone_number').notNull().default(''),
    town: text('town').notNull().default(''),
    street: text('street').notNull().default(''),
    home: text('home').notNull().default(''),
    flat: text('flat').notNull().default(''),
    /** Street with house and flat number ("Usługowa 10B/2"), derived on save. */
    fullStreet: text('full_street').notNull().default(''),
    postcode: text('postcode').notNull().default(''),
    post: text('post').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.kind, t.position),
    uniqueIndex('addresses_one_invoice_per_customer').on(t.customerId).where(sql`${t.kind} = 'invoice'`),
  ],
);

/** Users buying for a customer (B2B shop): a user belongs to at most one customer. */
export const customerUsers = pgTable(
  'customer_users',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The user's company role (issue 40, COMPANY_ROLES): links made before it are `buyer`. */
    companyRole: text('company_role').$type<CompanyRole>().notNull().default('buyer'),
    /** This buyer's own approval limit (grosze), below the customer's; null: the customer's. */
    approvalLimit: integer('approval_limit'),
  },
  (t) => [index('customer_users_customer_idx').on(t.customerId)],
);

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
