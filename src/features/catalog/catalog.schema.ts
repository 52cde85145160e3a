import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    slugPl: text('slug_pl').notNull(),
    slugEn: text('slug_en').notNull(),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    imageFileId: uuid('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('categories_parent_idx').on(t.parentId, t.position)],
);

/** SPEC section 1: the six document types. */
export const DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'declaration_of_performance',
  'certificate',
  'cad',
  'revit',
  'other',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const VERSION_CHOICE = 'Flatpack/Szafa złożona';
export const VERSIONS = ['Flatpack', 'Szafa złożona'] as const;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    slugPl: text('slug_pl').notNull(),
    slugEn: text('slug_en').notNull(),
    leadPl: text('lead_pl').notNull().default(''),
    leadEn: text('lead_en').notNull().default(''),
    descriptionPl: text('description_pl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    choiceOfVersion: text('choice_of_version'),
    isActive: boolean('is_active').notNull().default(true),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    datasheetFileId: uuid('datasheet_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Lower-case, accent-free text of names, numbers and descriptions in both languages. */
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [index('products_category_idx').on(t.categoryId), index('products_published_idx').on(t.publishedAt)],
);

export const productCatalogNumbers = pgTable(
  'product_catalog_numbers',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    namePl: text('name_pl').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    multiple: numeric('multiple', { precision: 12, scale: 3, mode: 'number' }).notNull().default(1),
    multipleUnit: text('multiple_unit').notNull().default('szt.'),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('pcn_product_idx').on(t.productId), index('pcn_number_idx').on(t.number)],
);

export const productDocuments = pgTable(
  'product_documents',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    type: text('type').$type<DocumentType>().notNull(),
    /** null: the same file for both languages. */
    locale: text('locale').$type<'pl' | 'en'>(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('pdoc_product_idx').on(t.productId)],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    altPl: text('alt_pl').notNull().default(''),
    altEn: text('alt_en').notNull().default(''),
  },
  (t) => [index('pimg_product_idx').on(t.productId, t.position)],
);
