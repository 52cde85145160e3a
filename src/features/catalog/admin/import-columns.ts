// The columns of the product import and export file (XLSX or CSV) and the Zod schema of one row.
// Shared by the server and the import screen (which lists the columns).
import { z } from 'zod';
import type { Locale } from '~/core/i18n/locale';
import {
  adminT,
  asText,
  catalogNumber,
  choiceOfVersion,
  int,
  isYmd,
  longText,
  MAX_RELATIONS,
  multiple,
  NUMBER_PATTERN,
  text,
  type Translate,
  unit,
  volumeCm,
  weightKg,
} from './validation';

/**
 * One row is one catalogue number of a product. Rows of the same product share product_id (or, for
 * a new product, an empty product_id and the same category_id and name_pl); product data must be
 * the same in all of them.
 */
export const IMPORT_COLUMNS = [
  'product_id',
  'category_id',
  'name_pl',
  'name_en',
  'description_pl',
  'description_en',
  'catalog_number',
  'number_name_pl',
  'number_name_en',
  'multiple',
  'multiple_unit',
  'weight_kg',
  'volume_cm',
  'choice_of_version',
  'active',
  'published_at',
  'related',
  'accessories',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/**
 * Columns a file must have. A missing optional column leaves that field of existing products as it
 * is (without catalog_number their catalogue numbers stay as they are; without product_id every
 * row is a new product).
 */
export const REQUIRED_COLUMNS: readonly ImportColumn[] = ['category_id', 'name_pl', 'name_en'];

/** Columns holding product data (the same in every row of one product). */
export const PRODUCT_COLUMNS: readonly ImportColumn[] = [
  'category_id',
  'name_pl',
  'name_en',
  'description_pl',
  'description_en',
  'choice_of_version',
  'active',
  'published_at',
  'related',
  'accessories',
];

export const MAX_IMPORT_ROWS = 20_000;

const TRUE = new Set(['1', 'tak', 'yes', 'true', 'prawda']);
const FALSE = new Set(['0', 'nie', 'no', 'false', 'fałsz', 'falsz']);

function flag(t: Translate) {
  return z.preprocess((v) => {
    const s = asText(v);
    if (s === '') return null;
    if (typeof s !== 'string') return s;
    const l = s.toLowerCase();
    return TRUE.has(l) ? true : FALSE.has(l) ? false : s;
  }, z.boolean({ error: t('v.bool') }).nullable());
}

function optionalDate(t: Translate) {
  return z.preprocess((v) => (asText(v) === '' ? null : asText(v)), z.string().refine(isYmd, t('v.date')).nullable());
}

function optionalNumber(t: Translate) {
  return z.preprocess((v) => (asText(v) === '' ? null : asText(v)), catalogNumber(t).nullable());
}

/**
 * Weight (kg, decimal comma or point) or volume (whole cm³) of a catalogue number, validated as on
 * the product form. An empty cell is null: an existing number keeps its value, a new one gets 0.
 */
function optionalPhysical(schema: z.ZodType<number>) {
  return z.preprocess((v) => (asText(v) === '' ? null : v), schema.nullable());
}

/**
 * Related products or accessories: catalogue numbers of the products separated by semicolons (the
 * export writes each product's first number, `#id` for a product without numbers); an empty cell
 * is an empty list.
 */
/** `#id`: a product named by its id (one without catalogue numbers; relations-import.server.ts). */
export const PRODUCT_ID_REF = /^#\d{1,9}$/;

function numberList(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      return typeof s === 'string'
        ? s
            .split(';')
            .map((n) => n.trim())
            .filter(Boolean)
        : s;
    },
    z
      .array(z.string().refine((n) => NUMBER_PATTERN.test(n) || PRODUCT_ID_REF.test(n), t('v.number')))
      .max(MAX_RELATIONS, t('v.tooManyRelations', { max: MAX_RELATIONS })),
  );
}

function optionalProductId(t: Translate) {
  return z.preprocess((v) => {
    const s = asText(v);
    return s === '' ? null : s;
  }, int(t, 1, 2_147_483_647).nullable());
}

/** The schema of one row (values as read from the file, all text). */
export function importRowSchema(locale: Locale) {
  const t = adminT(locale);
  return z.object({
    product_id: optionalProductId(t),
    category_id: int(t, 1, 2_147_483_647),
    name_pl: text(t, 300, true),
    name_en: text(t, 300, true),
    description_pl: longText(t, 100_000),
    description_en: longText(t, 100_000),
    catalog_number: optionalNumber(t),
    number_name_pl: text(t, 300),
    number_name_en: text(t, 300),
    multiple: multiple(t),
    multiple_unit: unit(t),
    /** null: unchanged (existing number) or 0 (new one). */
    weight_kg: optionalPhysical(weightKg(t)),
    /** null: unchanged (existing number) or 0 (new one). */
    volume_cm: optionalPhysical(volumeCm(t)),
    choice_of_version: choiceOfVersion(t),
    /** null: unchanged (existing product) or active (new one). */
    active: flag(t),
    /** null: unchanged (existing product) or today (new one). */
    published_at: optionalDate(t),
    /** Catalogue numbers of the related products (the column left out: unchanged). */
    related: numberList(t),
    /** Catalogue numbers of the accessories (the column left out: unchanged). */
    accessories: numberList(t),
  });
}

export type ImportRow = z.infer<ReturnType<typeof importRowSchema>>;

/** The errors of one file row: column -> messages ('_' for the row as a whole). */
export interface ImportRowError {
  row: number;
  errors: Record<string, string[]>;
}

export interface ImportSummary {
  rows: number;
  products: number;
  created: number;
  updated: number;
  unchanged: number;
  numbers: number;
}

export interface ImportPreviewItem {
  row: number;
  productId: number | null;
  name: string;
  categoryId: number;
  numbers: string[];
  action: 'create' | 'update' | 'unchanged';
}

export interface ImportPreview {
  ok: boolean;
  summary: ImportSummary;
  /** Rows with errors (at most MAX_REPORTED_ERRORS of them). */
  errors: ImportRowError[];
  /** How many rows have errors in all. */
  errorRows: number;
  /** The first products of the file, as they will be imported. */
  sample: ImportPreviewItem[];
}

export const MAX_REPORTED_ERRORS = 500;
