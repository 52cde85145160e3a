// The columns of the price-list import/export file and the shapes of its preview, shared by the
// server and the import screen.

/** The code the base list is stored under (an import names the base list with this code). */
export const BASE_LIST_CODE = 'BAZOWA';

export const PRICE_COLUMNS = ['definition_code', 'catalog_number', 'net_price'] as const;
export type PriceColumn = (typeof PRICE_COLUMNS)[number];

/** Header names accepted for each column (compared lower-case, accents folded, spaces as _). */
export const COLUMN_ALIASES: Record<PriceColumn, string[]> = {
  definition_code: ['definition_code', 'kod_definicji', 'definicja', 'definicja_ceny', 'enova_definicja_ceny', 'code', 'kod'],
  catalog_number: ['catalog_number', 'catalogue_number', 'numer_katalogowy', 'numer', 'number', 'nr_katalogowy'],
  net_price: ['net_price', 'cena_netto', 'cena', 'price', 'netto'],
};

export const MAX_PRICE_ROWS = 50_000;
export const MAX_REPORTED_ERRORS = 200;
export const MAX_IMPORT_MB = 20;
/** 10,000,000.00 zł. */
export const MAX_PRICE_GROSZE = 1_000_000_000;
export const DEFINITION_CODE_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]{0,39}$/u;

export interface PriceImportRowError {
  row: number;
  errors: Partial<Record<PriceColumn | 'file', string[]>>;
}

export interface PriceImportPreview {
  ok: boolean;
  summary: {
    rows: number;
    lists: { code: string; isNew: boolean; rows: number }[];
    created: number;
    inserted: number;
    updated: number;
    unchanged: number;
    removed: number;
  };
  errors: PriceImportRowError[];
  errorRows: number;
}
