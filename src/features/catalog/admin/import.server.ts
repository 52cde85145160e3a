// Import of products and catalogue numbers from XLSX or CSV, and export of the whole catalogue to
// XLSX with the same columns (import-columns.ts). The import is checked as a whole first (every
// row with Zod, then categories, product ids and catalogue numbers against the database) and is
// written in one transaction, in batches, only when no row has an error.
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { asc, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Actor, diffRecords } from '~/core/audit/audit.server';
import { changeInfos } from '~/core/audit/audit.schema';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { ARCHIVE_LIMITS, archiveErrorMessage, assertSafeArchive, UnsafeArchiveError } from '~/core/files/zip-guard.server';
import { HttpError, validationError } from '~/core/http/errors';
import { sanitizeRichText } from '~/core/html/sanitize.server';
import type { Locale } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { foldText, slugify } from '~/core/text';
import { categories, productCatalogNumbers, products } from '../catalog.schema';
import { buildSearchText } from '../search';
import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportPreview,
  type ImportPreviewItem,
  type ImportRow,
  type ImportRowError,
  importRowSchema,
  MAX_IMPORT_ROWS,
  MAX_REPORTED_ERRORS,
  PRODUCT_COLUMNS,
  REQUIRED_COLUMNS,
} from './import-columns';
import type { UploadedFile } from './multipart.server';
import { lockCatalogNumbers, syncCatalogNumbers, takenNumbers } from './products-admin.server';
import { adminT, type Translate } from './validation';
import { todayInWarsaw, warsawDay, warsawMidnight } from '~/core/time/days';
import { attributeDefinitions } from '../attributes.server';
import {
  type AttributeCells,
  type AttributePlan,
  attributeColumn,
  attributeColumnsOf,
  exportAttributeCells,
  planAttributes,
  writeImportAttributes,
} from './attributes-import.server';
import { escapeHtml } from '~/core/html/escape';
import { exportRelationCells, planRelations, type RelationPlan, writeImportRelations } from './relations-import.server';

// ---------------------------------------------------------------------------------------------
// Reading the file

export interface ParsedFile {
  columns: Set<ImportColumn>;
  /** Data rows with their row number in the file (the header is row 1). */
  rows: { line: number; values: Partial<Record<ImportColumn, string>> }[];
  /** Cells of the `attr:{code}` columns (attributes-import.server.ts). */
  attributes?: AttributeCells;
}

const fileError = (message: string) => validationError({ file: [message] });

function normalizeHeader(value: string): string {
  return foldText(value)
    .trim()
    .replace(/[\s-]+/g, '_');
}

/** A cell of ExcelJS as text: dates as YYYY-MM-DD, formulas as their result, rich text as plain text. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (typeof value === 'boolean') return value ? '1' : '0';
  // Spreadsheet dates have no time zone; ExcelJS reads them as UTC midnight.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
    if ('error' in value) return '';
  }
  return String(value);
}

function toParsed(header: string[], records: string[][], t: Translate, firstLine = 2): ParsedFile {
  const index = new Map<ImportColumn, number>();
  const attrIndex = new Map<string, number>();
  const attributes: AttributeCells = { columns: [], rows: new Map() };
  header.forEach((h, i) => {
    const name = normalizeHeader(h) as ImportColumn;
    if ((IMPORT_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
    const attr = attributeColumn(h);
    if (attr && !attrIndex.has(attr)) attrIndex.set(attr, i);
  });
  const missing = REQUIRED_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) throw fileError(t('import.missingColumns', { columns: missing.join(', ') }));
  const rows: ParsedFile['rows'] = [];
  records.forEach((record, i) => {
    if (record.every((c) => (c ?? '').trim() === '')) return;
    const values: Partial<Record<ImportColumn, string>> = {};
    for (const [column, at] of index) values[column] = record[at] ?? '';
    rows.push({ line: firstLine + i, values });
    if (attrIndex.size) attributes.rows.set(firstLine + i, Object.fromEntries([...attrIndex].map(([c, at]) => [c, record[at] ?? ''])));
  });
  if (rows.length === 0) throw fileError(t('import.noRows'));
  if (rows.length > MAX_IMPORT_ROWS) throw fileError(t('import.tooManyRows', { max: MAX_IMPORT_ROWS }));
  attributes.columns = [...attrIndex.keys()];
  return { columns: new Set(index.keys()), rows, attributes };
}

/** Cells of a row as trimmed texts (ExcelJS numbers cells from 1). */
function rowTexts(row: ExcelJS.Row): string[] {
  const values = row.values as ExcelJS.CellValue[];
  const cells: string[] = [];
  for (let c = 1; c < values.length; c++) cells.push(cellText(values[c] ?? null).trim());
  return cells;
}

/**
 * The first worksheet of an XLSX file, read as a stream (about twice as fast as loading the
 * workbook). The stream reader parks worksheets stored before the shared strings (Excel's own
 * order) in temporary files; where that fails (a full or read-only temporary folder) the workbook
 * is loaded in memory instead: the archive guard has already bounded what it unpacks to.
 */
async function readXlsx(data: Buffer, t: Translate): Promise<ParsedFile> {
  let header: string[] | null = null;
  let records: string[][] = [];
  const take = (row: ExcelJS.Row) => {
    if (row.number === 1) header = rowTexts(row);
    else {
      if (row.number - 1 > MAX_IMPORT_ROWS + 1000) throw fileError(t('import.tooManyRows', { max: MAX_IMPORT_ROWS }));
      records[row.number - 2] = rowTexts(row);
    }
  };
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
    });
    for await (const sheet of reader) {
      for await (const row of sheet) take(row);
      break;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    header = null;
    records = [];
    try {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
      workbook.worksheets[0]?.eachRow((row) => take(row));
    } catch (again) {
      if (again instanceof HttpError) throw again;
      throw fileError(t('import.badFormat'));
    }
  }
  if (!header) throw fileError(t('import.noRows'));
  // Rows the sheet leaves out (empty ones) keep their numbers.
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  return toParsed(header, records, t);
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    // Polish Excel saves CSV in Windows-1250.
    return new TextDecoder('windows-1250').decode(data);
  }
}

function readCsv(data: Buffer, t: Translate): ParsedFile {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw fileError(t('import.badFormat'));
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', ',', '\t'].map((d) => ({ d, n: firstLine.split(d).length })).sort((a, b) => b.n - a.n)[0].d;
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw fileError(t('import.badFormat'));
  }
  if (records.length === 0) throw fileError(t('import.noRows'));
  return toParsed(records[0], records.slice(1), t);
}

/** Reads an uploaded XLSX (by its ZIP signature) or CSV file; a file that cannot be read is a 422 on `file`. */
export async function readImportFile(file: UploadedFile, locale: Locale): Promise<ParsedFile> {
  const t = adminT(locale);
  const isZip = file.data.length > 4 && file.data[0] === 0x50 && file.data[1] === 0x4b && file.data[2] === 0x03 && file.data[3] === 0x04;
  if (!isZip) return readCsv(file.data, t);
  // Before ExcelJS unpacks anything: a small file must not unpack to gigabytes (422, not a dead process).
  try {
    await assertSafeArchive(file.data, ARCHIVE_LIMITS);
  } catch (e) {
    if (e instanceof UnsafeArchiveError) {
      // A damaged file gets the import's own sentence (it names the formats); limits their own.
      throw fileError(e.problem === 'tooLarge' || e.problem === 'tooManyEntries' ? archiveErrorMessage(e, locale) : t('import.badFormat'));
    }
    throw e;
  }
  return readXlsx(file.data, t);
}

// ---------------------------------------------------------------------------------------------
// Checking the rows

interface PlannedNumber {
  number: string;
  namePl: string;
  nameEn: string;
  multiple: number;
  multipleUnit: string;
  /** undefined: not in the file (an existing number keeps its value; a new one gets 0). */
  weightKg?: number;
  volumeCm?: number;
}

interface PlannedProduct {
  firstRow: number;
  rows: number[];
  productId: number | null;
  data: ImportRow;
  /** null: the file has no catalog_number column (an existing product keeps its numbers). */
  numbers: PlannedNumber[] | null;
  /** The file row of each number. */
  numberLines: number[];
}

type ProductRow = typeof products.$inferSelect;

interface Existing {
  row: ProductRow;
  numbers: PlannedNumber[];
}

export interface ImportCheck {
  plan: PlannedProduct[];
  columns: Set<ImportColumn>;
  rows: number;
  errors: Map<number, Record<string, string[]>>;
  existing: Map<number, Existing>;
  /** Attribute values per product (by its first row) when the file has attribute columns. */
  attributes?: AttributePlan;
  /** Related products and accessories per product when the file has those columns. */
  relations?: RelationPlan;
}

function addError(errors: Map<number, Record<string, string[]>>, row: number, column: string, message: string) {
  const e = errors.get(row) ?? {};
  (e[column] ??= []).push(message);
  errors.set(row, e);
}

/** Plain text becomes paragraphs; HTML is sanitized as the editor's is. */
export function importDescription(value: string): string {
  if (value === '') return '';
  if (/<[a-z!/]/i.test(value)) return sanitizeRichText(value, { allowMedia: true });
  return value
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/** Row checks that need no database: Zod per row, grouping into products, repeated numbers. */
function checkRows(parsed: ParsedFile, locale: Locale): Omit<ImportCheck, 'existing'> {
  const t = adminT(locale);
  const schema = importRowSchema(locale);
  const errors = new Map<number, Record<string, string[]>>();
  const groups = new Map<string, PlannedProduct>();
  const hasNumbers = parsed.columns.has('catalog_number');
  for (const { line, values } of parsed.rows) {
    const result = schema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) addError(errors, line, String(issue.path[0] ?? '_'), issue.message);
      continue;
    }
    const row = result.data;
    const key = row.product_id !== null ? `id:${row.product_id}` : `new:${row.category_id}:${foldText(row.name_pl)}`;
    let group = groups.get(key);
    if (!group) {
      group = { firstRow: line, rows: [], productId: row.product_id, data: row, numbers: hasNumbers ? [] : null, numberLines: [] };
      groups.set(key, group);
    } else {
      for (const column of PRODUCT_COLUMNS) {
        if (!parsed.columns.has(column)) continue;
        const a = group.data[column as keyof ImportRow];
        const b = row[column as keyof ImportRow];
        if (String(a ?? '') !== String(b ?? '')) addError(errors, line, column, t('import.conflict', { row: group.firstRow, column }));
      }
    }
    group.rows.push(line);
    if (group.numbers && row.catalog_number) {
      group.numberLines.push(line);
      group.numbers.push({
        number: row.catalog_number,
        namePl: row.number_name_pl,
        nameEn: row.number_name_en,
        multiple: row.multiple,
        multipleUnit: row.multiple_unit,
        weightKg: row.weight_kg ?? undefined,
        volumeCm: row.volume_cm ?? undefined,
      });
    }
  }
  const seen = new Map<string, number>();
  const byLine = new Map(parsed.rows.map((r) => [r.line, r.values]));
  for (const group of groups.values()) {
    if (group.numbers && group.rows.length > 1) {
      for (const line of group.rows) {
        const values = byLine.get(line);
        if (!(values?.catalog_number ?? '').trim()) addError(errors, line, 'catalog_number', t('import.emptyNumber'));
      }
    }
  }
  for (const { line, values } of parsed.rows) {
    const number = (values.catalog_number ?? '').trim().toUpperCase();
    if (!number) continue;
    const first = seen.get(number);
    if (first !== undefined) addError(errors, line, 'catalog_number', t('import.numberRepeated', { number: values.catalog_number?.trim() ?? '', row: first }));
    else seen.set(number, line);
  }
  return { plan: [...groups.values()], columns: parsed.columns, rows: parsed.rows.length, errors };
}

const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Checks against the database: categories and product ids exist, numbers are not another product's. */
async function checkDatabase(db: Db, check: Omit<ImportCheck, 'existing'>, locale: Locale): Promise<ImportCheck> {
  const t = adminT(locale);
  const { plan, errors } = check;
  const categoryIds = [...new Set(plan.map((p) => p.data.category_id))];
  const known = new Set<number>();
  for (const ids of chunks(categoryIds, 1000)) {
    for (const r of await db.select({ id: categories.id }).from(categories).where(inArray(categories.id, ids))) known.add(r.id);
  }
  const productIds = plan.map((p) => p.productId).filter((v): v is number => v !== null);
  const existing = new Map<number, Existing>();
  for (const ids of chunks(productIds, 1000)) {
    for (const row of await db.select().from(products).where(inArray(products.id, ids))) existing.set(row.id, { row, numbers: [] });
    const numbers = await db
      .select()
      .from(productCatalogNumbers)
      .where(inArray(productCatalogNumbers.productId, ids))
      .orderBy(asc(productCatalogNumbers.productId), asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
    for (const n of numbers) {
      existing.get(n.productId)?.numbers.push({
        number: n.number,
        namePl: n.namePl,
        nameEn: n.nameEn,
        multiple: Number(n.multiple),
        multipleUnit: n.multipleUnit,
        weightKg: Number(n.weightKg),
        volumeCm: n.volumeCm,
      });
    }
  }
  // Products of the file lose their old numbers, so those may move between them.
  const replaced = plan.filter((p) => p.productId !== null && p.numbers !== null).map((p) => p.productId as number);
  const taken = await takenNumbers(
    db,
    plan.flatMap((p) => (p.numbers ?? []).map((n) => n.number)),
    replaced,
  );
  for (const p of plan) {
    if (!known.has(p.data.category_id)) for (const line of p.rows) addError(errors, line, 'category_id', t('v.categoryMissing'));
    if (p.productId !== null && !existing.has(p.productId))
      for (const line of p.rows) addError(errors, line, 'product_id', t('import.productMissing', { id: p.productId }));
  }
  // Numbers of products the file keeps as they are stay taken.
  const kept = new Map<string, { id: number; name: string }>();
  for (const p of plan) {
    if (p.productId !== null && p.numbers === null) {
      const e = existing.get(p.productId);
      for (const n of e?.numbers ?? []) kept.set(n.number.toUpperCase(), { id: p.productId, name: e?.row.namePl ?? '' });
    }
  }
  for (const p of plan) {
    p.numbers?.forEach((n, i) => {
      const owner = taken.get(n.number.toUpperCase()) ?? kept.get(n.number.toUpperCase());
      if (owner && owner.id !== p.productId)
        addError(errors, p.numberLines[i] ?? p.firstRow, 'catalog_number', t('v.numberTaken', { number: n.number, product: owner.name, id: owner.id }));
    });
  }
  return { ...check, existing };
}

// ---------------------------------------------------------------------------------------------
// What a planned product writes

interface Write {
  plan: PlannedProduct;
  /** Values of the product row (new: all; existing: the changed ones). */
  values: Partial<typeof products.$inferInsert>;
  numbers: PlannedNumber[] | null;
  action: 'create' | 'update' | 'unchanged';
  before?: ProductRow;
}

/** `a`: the file's numbers (a weight or volume left out keeps the stored one); `b`: the stored ones. */
const sameNumbers = (a: PlannedNumber[], b: PlannedNumber[]) =>
  a.length === b.length &&
  a.every(
    (n, i) =>
      n.number === b[i].number &&
      n.namePl === b[i].namePl &&
      n.nameEn === b[i].nameEn &&
      n.multiple === b[i].multiple &&
      n.multipleUnit === b[i].multipleUnit &&
      (n.weightKg === undefined || n.weightKg === b[i].weightKg) &&
      (n.volumeCm === undefined || n.volumeCm === b[i].volumeCm),
  );

function planWrite(p: PlannedProduct, columns: Set<ImportColumn>, existing: Map<number, Existing>, relationsChanged = false): Write {
  const d = p.data;
  const has = (c: ImportColumn) => columns.has(c);
  if (p.productId === null) {
    const descriptionPl = importDescription(d.description_pl);
    const descriptionEn = importDescription(d.description_en);
    const numbers = p.numbers ?? [];
    return {
      plan: p,
      action: 'create',
      numbers,
      values: {
        categoryId: d.category_id,
        namePl: d.name_pl,
        nameEn: d.name_en,
        slugPl: slugify(d.name_pl) || 'produkt',
        slugEn: slugify(d.name_en) || 'product',
        descriptionPl,
        descriptionEn,
        choiceOfVersion: d.choice_of_version,
        isActive: d.active ?? true,
        publishedAt: d.published_at ? warsawMidnight(d.published_at) : new Date(),
        searchText: buildSearchText({ namePl: d.name_pl, nameEn: d.name_en, descriptionPl, descriptionEn, numbers }),
      },
    };
  }
  const e = existing.get(p.productId) as Existing;
  const row = e.row;
  const next = {
    categoryId: d.category_id,
    namePl: d.name_pl,
    nameEn: d.name_en,
    // A stored description is already sanitized: an unchanged one (an exported file) is kept as is.
    descriptionPl: !has('description_pl') || d.description_pl === row.descriptionPl ? row.descriptionPl : importDescription(d.description_pl),
    descriptionEn: !has('description_en') || d.description_en === row.descriptionEn ? row.descriptionEn : importDescription(d.description_en),
    choiceOfVersion: has('choice_of_version') ? d.choice_of_version : row.choiceOfVersion,
    isActive: d.active ?? row.isActive,
    publishedAt: d.published_at && d.published_at !== warsawDay(row.publishedAt) ? warsawMidnight(d.published_at) : row.publishedAt,
  };
  const numbers = p.numbers ?? e.numbers;
  const values: Partial<typeof products.$inferInsert> = {};
  for (const [k, v] of Object.entries(next) as [keyof typeof next, unknown][]) {
    const old = row[k];
    const same = old instanceof Date && v instanceof Date ? old.getTime() === v.getTime() : old === v;
    if (!same) (values as Record<string, unknown>)[k] = v;
  }
  const numbersChanged = p.numbers !== null && !sameNumbers(p.numbers, e.numbers);
  if (Object.keys(values).length === 0 && !numbersChanged && !relationsChanged) return { plan: p, action: 'unchanged', numbers: null, values: {}, before: row };
  values.searchText = buildSearchText({
    namePl: next.namePl,
    nameEn: next.nameEn,
    leadPl: row.leadPl,
    leadEn: row.leadEn,
    descriptionPl: next.descriptionPl,
    descriptionEn: next.descriptionEn,
    numbers,
  });
  return { plan: p, action: 'update', numbers: numbersChanged ? numbers : null, values, before: row };
}

/** What the import of a checked file would do, and its errors (no database writes). */
export function previewOf(check: ImportCheck): ImportPreview {
  // New products are created whatever they hold; existing ones are compared with the file.
  const actions =
    check.errors.size === 0
      ? check.plan.map((p) => (p.productId === null ? 'create' : planWrite(p, check.columns, check.existing, check.relations?.changed.has(p.firstRow)).action))
      : [];
  const count = (a: Write['action']) => actions.filter((x) => x === a).length;
  const errors: ImportRowError[] = [...check.errors.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(0, MAX_REPORTED_ERRORS)
    .map(([row, e]) => ({ row, errors: e }));
  const sample: ImportPreviewItem[] = check.plan.slice(0, 20).map((p, i) => ({
    row: p.firstRow,
    productId: p.productId,
    name: p.data.name_pl,
    categoryId: p.data.category_id,
    numbers: (p.numbers ?? check.existing.get(p.productId ?? 0)?.numbers ?? []).map((n) => n.number),
    action: actions[i] ?? (p.productId === null ? 'create' : 'update'),
  }));
  return {
    ok: check.errors.size === 0,
    summary: {
      rows: check.rows,
      products: check.plan.length,
      created: actions.length ? count('create') : check.plan.filter((p) => p.productId === null).length,
      updated: actions.length ? count('update') : check.plan.filter((p) => p.productId !== null).length,
      unchanged: count('unchanged'),
      numbers: check.plan.reduce((n, p) => n + (p.numbers?.length ?? 0), 0),
    },
    errors,
    errorRows: check.errors.size,
    sample,
  };
}

/** Checks a parsed file: every row, then categories, product ids and numbers against the database. */
export async function checkImport(parsed: ParsedFile, locale: Locale): Promise<ImportCheck> {
  const check = await checkDatabase(getDb(), checkRows(parsed, locale), locale);
  check.attributes = await planAttributes(
    getDb(),
    parsed.attributes,
    check.plan,
    (row, column, message) => addError(check.errors, row, column, message),
    locale,
  );
  check.relations = await planRelations(
    getDb(),
    check.plan,
    check.columns,
    (row, column, message) => addError(check.errors, row, column, message),
    adminT(locale),
  );
  return check;
}

/** Step 1: checks a file and describes what the import would do; nothing is written. */
export async function previewImport(parsed: ParsedFile, locale: Locale): Promise<ImportPreview> {
  return previewOf(await checkImport(parsed, locale));
}

/** 422 with the row errors of a file (the import refused; nothing written). */
export class ImportInvalidError extends HttpError {
  constructor(
    message: string,
    public readonly preview: ImportPreview,
  ) {
    super(422, message, { file: [message] });
  }
}

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
  numbers: number;
}

/**
 * Step 2: imports a checked file in one transaction. The database checks run again inside it,
 * under the catalogue-number lock, so nothing is written when any row has become bad since.
 * `onProgress` hears how many products are written.
 */
export async function runImport(
  checked: ImportCheck,
  actor: Actor,
  locale: Locale,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportResult> {
  const t = adminT(locale);
  if (checked.errors.size > 0) {
    const p = previewOf(checked);
    throw new ImportInvalidError(t('msg.importInvalid', { n: p.errorRows }), p);
  }
  const result = await getDb().transaction(async (tx) => {
    await lockCatalogNumbers(tx);
    const check = await checkDatabase(tx, { plan: checked.plan, columns: checked.columns, rows: checked.rows, errors: new Map() }, locale);
    // The chosen products are checked again under the lock (one may have been deleted since).
    const relations = await planRelations(tx, check.plan, check.columns, (row, column, message) => addError(check.errors, row, column, message), t);
    if (check.errors.size > 0) {
      const p = previewOf(check);
      throw new ImportInvalidError(t('msg.importInvalid', { n: p.errorRows }), p);
    }
    const writes = check.plan.map((p) => planWrite(p, check.columns, check.existing, relations?.changed.has(p.firstRow)));
    const creates = writes.filter((w) => w.action === 'create');
    const updates = writes.filter((w) => w.action === 'update');
    const total = creates.length + updates.length;
    let done = 0;
    onProgress(0, total);
    const now = new Date();
    const audit: (typeof changeInfos.$inferInsert)[] = [];
    const numberRows: (typeof productCatalogNumbers.$inferInsert)[] = [];
    /** Product ids by the first file row of their product (attribute values are written by it). */
    const idByFirstRow = new Map<number, number>();
    /** The change-log entries of updated products by their first file row (relations are added to them). */
    const auditOfRow = new Map<number, typeof changeInfos.$inferInsert>();

    for (const batch of chunks(creates, 400)) {
      const rows = await tx
        .insert(products)
        .values(batch.map((w) => w.values as typeof products.$inferInsert))
        .returning({ id: products.id });
      rows.forEach((row, i) => {
        const w = batch[i];
        idByFirstRow.set(w.plan.firstRow, row.id);
        for (const [position, n] of (w.numbers ?? []).entries()) numberRows.push({ productId: row.id, ...n, position });
        audit.push({
          userId: actor.userId,
          userEmail: actor.userEmail,
          entity: 'product',
          entityId: String(row.id),
          action: 'create',
          changes: diffRecords(null, { id: row.id, ...w.values, numbers: (w.numbers ?? []).map((n) => n.number) }, ['searchText']),
        });
      });
      done += batch.length;
      onProgress(done, total);
    }

    // Numbers of updated products are synchronised (ids of the numbers that stay are kept:
    // prices, carts and orders refer to them), after the products are written.
    const replacedIds = updates.filter((w) => w.numbers !== null).map((w) => w.plan.productId as number);
    const replacedRows: (typeof productCatalogNumbers.$inferInsert & { productId: number })[] = [];
    for (const w of updates) {
      const id = w.plan.productId as number;
      const before = w.before as ProductRow;
      const set = { ...w.values, version: sql`${products.version} + 1`, updatedAt: now };
      await tx.update(products).set(set).where(sql`${products.id} = ${id}`);
      for (const [position, n] of (w.numbers ?? []).entries()) replacedRows.push({ productId: id, ...n, position });
      const after = { ...before, ...w.values };
      const changes = diffRecords(before, after, ['searchText', 'searchVector']);
      if (w.numbers) {
        const old = check.existing.get(id)?.numbers.map((n) => n.number) ?? [];
        changes.numbers = { before: old, after: w.numbers.map((n) => n.number) };
      }
      const entry = { userId: actor.userId, userEmail: actor.userEmail, entity: 'product', entityId: String(id), action: 'update' as const, changes };
      audit.push(entry);
      auditOfRow.set(w.plan.firstRow, entry);
      done++;
      if (done % 100 === 0 || done === total) onProgress(done, total);
    }

    await syncCatalogNumbers(tx, replacedIds, replacedRows);
    for (const p of check.plan) if (p.productId !== null) idByFirstRow.set(p.firstRow, p.productId);
    await writeImportAttributes(tx, checked.attributes, idByFirstRow);
    const relationLog = await writeImportRelations(tx, relations, idByFirstRow, new Set(creates.map((w) => w.plan.firstRow)));
    for (const [row, entry] of relationLog) {
      const changes = auditOfRow.get(row)?.changes as Record<string, unknown> | undefined;
      if (changes) Object.assign(changes, entry);
    }
    for (const batch of chunks(numberRows, 1000)) await tx.insert(productCatalogNumbers).values(batch);
    for (const batch of chunks(audit, 500)) await tx.insert(changeInfos).values(batch);
    onProgress(total, total);
    return {
      created: creates.length,
      updated: updates.length,
      unchanged: writes.length - creates.length - updates.length,
      numbers: numberRows.length + replacedRows.length,
    };
  });
  clearPageCache();
  return result;
}

// ---------------------------------------------------------------------------------------------
// Export

const COLUMN_WIDTHS: Partial<Record<ImportColumn, number>> = {
  name_pl: 40,
  name_en: 40,
  description_pl: 50,
  description_en: 50,
  catalog_number: 22,
  number_name_pl: 30,
  number_name_en: 30,
  choice_of_version: 24,
  published_at: 14,
};

/** The whole catalogue as an XLSX workbook: sheet 1 in the import's columns, sheet 2 the categories. */
export async function exportCatalog(): Promise<Buffer> {
  const db = getDb();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'COBI NET';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Produkty', { views: [{ state: 'frozen', ySplit: 1 }] });
  const attributeDefs = await attributeDefinitions(db);
  sheet.columns = [
    ...IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: COLUMN_WIDTHS[c] ?? 12 })),
    ...attributeColumnsOf(attributeDefs).map((c) => ({ header: c, key: c, width: 16 })),
  ];
  sheet.getRow(1).font = { bold: true };

  let lastId = 0;
  for (;;) {
    const batch = await db.select().from(products).where(sql`${products.id} > ${lastId}`).orderBy(asc(products.id)).limit(1000);
    if (batch.length === 0) break;
    lastId = batch[batch.length - 1].id;
    const attributeCellsOf = await exportAttributeCells(
      db,
      attributeDefs,
      batch.map((p) => p.id),
    );
    const relationCellsOf = await exportRelationCells(
      db,
      batch.map((p) => p.id),
    );
    const numbers = await db
      .select()
      .from(productCatalogNumbers)
      .where(
        inArray(
          productCatalogNumbers.productId,
          batch.map((p) => p.id),
        ),
      )
      .orderBy(asc(productCatalogNumbers.productId), asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
    const numbersOf = new Map<number, (typeof numbers)[number][]>();
    for (const n of numbers) numbersOf.set(n.productId, [...(numbersOf.get(n.productId) ?? []), n]);
    for (const p of batch) {
      const base = {
        ...attributeCellsOf.get(p.id),
        ...relationCellsOf.get(p.id),
        product_id: p.id,
        category_id: p.categoryId,
        name_pl: p.namePl,
        name_en: p.nameEn,
        description_pl: p.descriptionPl,
        description_en: p.descriptionEn,
        choice_of_version: p.choiceOfVersion ?? '',
        active: p.isActive ? 1 : 0,
        published_at: warsawDay(p.publishedAt),
      };
      const list = numbersOf.get(p.id) ?? [];
      if (list.length === 0)
        sheet.addRow({ ...base, catalog_number: '', number_name_pl: '', number_name_en: '', multiple: '', multiple_unit: '', weight_kg: '', volume_cm: '' });
      for (const n of list) {
        sheet.addRow({
          ...base,
          catalog_number: n.number,
          number_name_pl: n.namePl,
          number_name_en: n.nameEn,
          multiple: Number(n.multiple),
          multiple_unit: n.multipleUnit,
          weight_kg: Number(n.weightKg),
          volume_cm: n.volumeCm,
        });
      }
    }
  }

  const cats = workbook.addWorksheet('Kategorie', { views: [{ state: 'frozen', ySplit: 1 }] });
  cats.columns = [
    { header: 'category_id', key: 'id', width: 12 },
    { header: 'parent_id', key: 'parentId', width: 12 },
    { header: 'name_pl', key: 'namePl', width: 40 },
    { header: 'name_en', key: 'nameEn', width: 40 },
    { header: 'active', key: 'active', width: 8 },
  ];
  cats.getRow(1).font = { bold: true };
  for (const c of await db.select().from(categories).orderBy(asc(categories.id))) {
    cats.addRow({ id: c.id, parentId: c.parentId ?? '', namePl: c.namePl, nameEn: c.nameEn, active: c.isActive ? 1 : 0 });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function exportFilename(): string {
  return `produkty-${todayInWarsaw()}.xlsx`;
}
