import { boolean, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { products } from './catalog.schema';

/** Kinds of a product attribute: a list of options, a number (with a unit) or free text (pl/en). */
export const ATTRIBUTE_TYPES = ['enum', 'number', 'text'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/**
 * Product attributes (specifications): their names in both languages, unit and type. Enum and
 * number attributes with `isFacet` are the facets of the category and search listings; those with
 * `onCard` are shown on product cards (at most two per card, in `position` order).
 */
export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    /** Stable key: the listing's query parameter (`f.{code}`) and the import column (`attr:{code}`). */
    code: text('code').notNull(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    unit: text('unit').notNull().default(''),
    type: text('type').$type<AttributeType>().notNull(),
    position: integer('position').notNull().default(0),
    isFacet: boolean('is_facet').notNull().default(true),
    onCard: boolean('on_card').notNull().default(false),
    /** The admin form's optimistic lock (409 on a stale save) and the change stamps. */
    ...timestamps,
  },
  (t) => [uniqueIndex('attributes_code_idx').on(t.code)],
);

/** The options of an enum attribute; `code` is the value in listing URLs and import files. */
export const attributeOptions = pgTable(
  'attribute_options',
  {
    id: serial('id').primaryKey(),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    valuePl: text('value_pl').notNull(),
    valueEn: text('value_en').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('attribute_options_code_idx').on(t.attributeId, t.code)],
);

/**
 * A product's values: an option (enum), a number, or a text in both languages. An enum or number
 * attribute may hold several values (a patch cord family in 1, 2 and 3 m).
 */
export const productAttributeValues = pgTable(
  'product_attribute_values',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').references(() => attributeOptions.id, { onDelete: 'cascade' }),
    number: numeric('number', { precision: 14, scale: 4, mode: 'number' }),
    textPl: text('text_pl').notNull().default(''),
    textEn: text('text_en').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('pav_product_idx').on(t.productId, t.attributeId), index('pav_attribute_idx').on(t.attributeId), index('pav_option_idx').on(t.optionId)],
);
