import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { timestamps } from '~/core/db/columns';
import { files } from '~/core/files/files.schema';

/** PostgreSQL full-text vector (core type; no extension needed, so it works on PGlite too). */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/** Accent- and case-insensitive sort key of a name ("Światłowód" sorts with "S"); indexed per locale. */
export function nameSortKey(column: AnyPgColumn): SQL {
  return sql`lower(translate(${column}, 'ĄĆĘŁŃÓŚŹŻąćęłńóśźż', 'ACELNOSZZacelnoszz'))`;
}

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
  (t) => [index('categories_parent_idx').on(t.parentId, t.position), index('categories_image_idx').on(t.imageFileId)],
);

/** SPEC section 1: the six document types. */
export const DOCUMENT_TYPES = ['declaration_of_conformity', 'declaration_of_performance', 'certificate', 'cad', 'revit', 'other'] as const;
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
    /** Shown among the featured products of the home page (admin product form). */
    isFeatured: boolean('is_featured').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    datasheetFileId: uuid('datasheet_file_id').references(() => files.id, { onDelete: 'set null' }),
    /**
     * Lower-case, accent-free words (foldText) of names, catalogue numbers, leads and descriptions in
     * both languages, written with every change of a product (buildSearchText in search.ts). The
     * public listing and search index (catalog-index.server.ts) is built from it.
     */
    searchText: text('search_text').notNull().default(''),
    /** Word vector of search_text kept by the database, for prefix searches in SQL (the admin list). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`strip(to_tsvector('simple'::regconfig, search_text))`),
    ...timestamps,
  },
  (t) => [
    index('products_category_idx').on(t.categoryId),
    index('products_published_idx').on(t.publishedAt),
    index('products_search_idx').using('gin', t.searchVector),
    index('products_sort_pl_idx').on(nameSortKey(t.namePl)),
    index('products_sort_en_idx').on(nameSortKey(t.nameEn)),
    index('products_datasheet_idx').on(t.datasheetFileId),
  ],
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
    /** Weight of one unit in kg (shop: parcel and pallet counts). */
    weightKg: numeric('weight_kg', { precision: 12, scale: 3, mode: 'number' }).notNull().default(0),
    /** Volume of one unit in cm³ (shop: m³ = volume_cm / 1,000,000). */
    volumeCm: integer('volume_cm').notNull().default(0),
  },
  // Numbers are unique and looked up case-insensitively (upper(number) in (...)): product saves, the
  // shop's quick order, price list and relation imports.
  (t) => [index('pcn_product_idx').on(t.productId), index('pcn_number_upper_idx').on(sql`upper(${t.number})`)],
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
  (t) => [index('pdoc_product_idx').on(t.productId), index('pdoc_file_idx').on(t.fileId)],
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
  (t) => [index('pimg_product_idx').on(t.productId, t.position), index('pimg_file_idx').on(t.fileId)],
);

/** Kinds of an administrator-chosen link between products: shown as related products or as accessories. */
export const RELATION_KINDS = ['related', 'accessory'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

/**
 * Related products and accessories chosen in the admin product form, in `position` order per kind.
 * The product page shows them (visible products only); without chosen related products it falls
 * back to the product's category.
 */
export const productRelations = pgTable(
  'product_relations',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedProductId: integer('related_product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RelationKind>().notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('product_relations_unique_idx').on(t.productId, t.relatedProductId, t.kind),
    index('product_relations_product_idx').on(t.productId, t.kind, t.position),
    index('product_relations_related_idx').on(t.relatedProductId),
    check('product_relations_not_self', sql`${t.productId} <> ${t.relatedProductId}`),
    check('product_relations_kind', sql`${t.kind} in ('related', 'accessory')`),
  ],
);

/** Warehouses the stock is kept in (issue 39): a code the ERP sends (`GLW`), names in both languages. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    namePl: text('name_pl').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('warehouses_code_idx').on(sql`upper(${t.code})`)],
);

/**
 * The stock of a catalogue number in a warehouse (issue 39), as the ERP reports it: the quantity in
 * the number's unit, the next delivery date and the lead time in working days when it is ordered.
 * One row per (number, warehouse); the ERP's PUT /stock replaces it (stock.server.ts applyStockRows).
 * A warehouse holding rows is not deleted (restrict).
 */
export const catalogNumberStock = pgTable(
  'catalog_number_stock',
  {
    catalogNumberId: integer('catalog_number_id')
      .notNull()
      .references(() => productCatalogNumbers.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
    nextDeliveryDate: date('next_delivery_date', { mode: 'string' }),
    leadTimeDays: integer('lead_time_days'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.catalogNumberId, t.warehouseId] }),
    index('catalog_number_stock_warehouse_idx').on(t.warehouseId),
    check('catalog_number_stock_quantity', sql`${t.quantity} >= 0`),
    check('catalog_number_stock_lead_time', sql`${t.leadTimeDays} is null or ${t.leadTimeDays} between 0 and 365`),
  ],
);
