import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';

/**
 * Price lists (issue 11): one per Enova price definition (its code is a customer's
 * `enova_definicja_ceny`), plus the one base list (`is_base`) every other customer buys at.
 */
export const priceLists = pgTable(
  'price_lists',
  {
    id: serial('id').primaryKey(),
    /** The Enova price definition code, compared case-insensitively (stored upper-case, trimmed). */
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    isBase: boolean('is_base').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('price_lists_code_idx').on(t.code), uniqueIndex('price_lists_one_base').on(t.isBase).where(sql`${t.isBase}`)],
);

/** A net price in integer grosze of one catalogue number on one price list. */
export const priceListItems = pgTable(
  'price_list_items',
  {
    priceListId: integer('price_list_id')
      .notNull()
      .references(() => priceLists.id, { onDelete: 'cascade' }),
    catalogNumberId: integer('catalog_number_id')
      .notNull()
      .references(() => productCatalogNumbers.id, { onDelete: 'cascade' }),
    netPrice: integer('net_price').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.priceListId, t.catalogNumberId] }),
    index('price_list_items_number_idx').on(t.catalogNumberId),
    check('price_list_items_price_nonnegative', sql`${t.netPrice} >= 0`),
  ],
);
