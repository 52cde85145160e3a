// The B2B shop (issue 11): transport types, the cart of each customer user, orders with their
// positions, idempotency keys of order placements and the yearly order number counter.
// Money is integer grosze (net unless named otherwise); weights kg, volumes cm³.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { users } from '~/features/accounts/accounts.schema';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { addresses, customers } from '~/features/customers/customers.schema';

export const TRANSPORT_KINDS = ['courier', 'pallet', 'pickup', 'custom'] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];

/** SPEC section 3 "Address" as stored on carts and orders. */
export interface AddressJson {
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
 * A way of delivery (admin area `transport-types`). courier: cost = packages × unit price, a
 * package holds at most `maxKgPerUnit` kg; pallet: cost = pallets × unit price, a pallet holds at
 * most `maxKgPerUnit` kg and `maxM3PerUnit` m³; pickup: free; custom: priced individually. A
 * courier or pallet shipment above `maxUnits` packages/pallets or `maxTotalKg` becomes custom.
 */
export const transportTypes = pgTable(
  'transport_types',
  {
    id: serial('id').primaryKey(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    kind: text('kind').$type<TransportKind>().notNull(),
    /** Net price of one package (courier) or one pallet (pallet), grosze. */
    unitPrice: integer('unit_price').notNull().default(0),
    maxKgPerUnit: numeric('max_kg_per_unit', { precision: 10, scale: 2, mode: 'number' }),
    maxM3PerUnit: numeric('max_m3_per_unit', { precision: 10, scale: 3, mode: 'number' }),
    /** Above this many packages/pallets the shipment becomes custom; null: no limit. */
    maxUnits: integer('max_units'),
    /** Above this total weight the shipment becomes custom; null: no limit. */
    maxTotalKg: numeric('max_total_kg', { precision: 12, scale: 2, mode: 'number' }),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('transport_types_position_idx').on(t.position, t.id),
    check('transport_types_kind_check', sql`${t.kind} in ('courier', 'pallet', 'pickup', 'custom')`),
    check('transport_types_values_check', sql`${t.unitPrice} >= 0 and coalesce(${t.maxUnits}, 1) >= 1`),
  ],
);

/** The cart of a customer user (one per user, kept on the server, survives logout). */
export const carts = pgTable('carts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique('carts_user_unique')
    .references(() => users.id, { onDelete: 'cascade' }),
  transportTypeId: integer('transport_type_id').references(() => transportTypes.id, { onDelete: 'set null' }),
  /** One of the customer's delivery addresses (when not different and not pickup). */
  deliveryAddressId: integer('delivery_address_id').references(() => addresses.id, { onDelete: 'set null' }),
  isDifferentDeliveryAddress: boolean('is_different_delivery_address').notNull().default(false),
  /** The typed different address. */
  deliveryAddress: jsonb('delivery_address').$type<AddressJson | null>(),
  saveDeliveryAddress: boolean('save_delivery_address').notNull().default(false),
  additionalInformations: text('additional_informations').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * Raised by database triggers on every change of the cart or its positions (migration
   * 0021_cart_version), whoever writes: the key of the computed-cart cache (cart-cache.server.ts).
   */
  version: integer('version').notNull().default(0),
});

/** A line of a cart: a catalogue number in a quantity (a whole multiple of its `multiple`) and version. */
export const cartPositions = pgTable(
  'cart_positions',
  {
    id: serial('id').primaryKey(),
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    catalogNumberId: integer('catalog_number_id')
      .notNull()
      .references(() => productCatalogNumbers.id, { onDelete: 'cascade' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    /** The version (Flatpack / Szafa złożona) or ''. */
    additionalInformations: text('additional_informations').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_positions_line_unique').on(t.cartId, t.catalogNumberId, t.additionalInformations),
    index('cart_positions_number_idx').on(t.catalogNumberId),
    check('cart_positions_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** An order (a placed cart, prices copied at that moment). Status: orderWorkflow. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** ZS/2026/000123 */
    number: text('number').notNull().unique('orders_number_unique'),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('new'),
    locale: text('locale').$type<'pl' | 'en'>().notNull().default('pl'),
    buyerEmail: text('buyer_email').notNull().default(''),
    currency: text('currency').notNull().default('PLN'),
    transportTypeId: integer('transport_type_id').references(() => transportTypes.id, { onDelete: 'set null' }),
    transportKind: text('transport_kind').$type<TransportKind>().notNull(),
    deliveryName: text('delivery_name').notNull().default(''),
    isCustomTransport: boolean('is_custom_transport').notNull().default(false),
    packagesCount: integer('packages_count').notNull().default(0),
    palletsCount: integer('pallets_count').notNull().default(0),
    weightKg: numeric('weight_kg', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    volumeCm: numeric('volume_cm', { precision: 16, scale: 1, mode: 'number' }).notNull().default(0),
    transportCost: integer('transport_cost').notNull().default(0),
    /** Σ value_attribute of the positions. */
    valueNetto: integer('value_netto').notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    invoiceAddress: jsonb('invoice_address').$type<AddressJson>().notNull(),
    deliveryAddress: jsonb('delivery_address').$type<AddressJson>().notNull(),
    isDifferentDeliveryAddress: boolean('is_different_delivery_address').notNull().default(false),
    additionalInformations: text('additional_informations').notNull().default(''),
    customerName: text('customer_name').notNull(),
    taxIdentificationNr: text('tax_identification_nr').notNull().default(''),
    paymentDeadlineDays: integer('payment_deadline_days').notNull().default(0),
    /** The order's number in the ERP and the carrier's waybill (issue 39: reported by the ERP with a status). */
    erpNumber: text('erp_number'),
    waybill: text('waybill'),
    ...timestamps,
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
  ],
);

export const orderPositions = pgTable(
  'order_positions',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    catalogNumberId: integer('catalog_number_id').references(() => productCatalogNumbers.id, { onDelete: 'set null' }),
    productSlug: text('product_slug').notNull().default(''),
    productName: text('product_name').notNull().default(''),
    catalogNumberName: text('catalog_number_name').notNull(),
    catalogNumberNumber: text('catalog_number_number').notNull(),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    unit: text('unit').notNull(),
    multiple: numeric('multiple', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    choiceOfVersion: text('choice_of_version'),
    additionalInformations: text('additional_informations').notNull().default(''),
    /** Per unit. */
    weightKg: numeric('weight_kg', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    volumeCm: numeric('volume_cm', { precision: 14, scale: 1, mode: 'number' }).notNull().default(0),
    /** Base price per unit (null when the number had no base price). */
    priceNetto: integer('price_netto'),
    userPrice: integer('user_price').notNull(),
    value: integer('value').notNull(),
  },
  (t) => [index('order_positions_order_idx').on(t.orderId, t.position), index('order_positions_number_idx').on(t.catalogNumberId)],
);

/** The Idempotency-Key of a placement: the same key of the same user answers the same order. */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'order_idempotency_keys_pk', columns: [t.userId, t.key] }), index('order_idempotency_keys_order_idx').on(t.orderId)],
);

/** The last order number of each year (ZS/{year}/{last, 6 digits}). */
export const orderNumberCounters = pgTable('order_number_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

export type TransportTypeRow = typeof transportTypes.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderPositionRow = typeof orderPositions.$inferSelect;
