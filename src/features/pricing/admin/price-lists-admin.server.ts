// Admin side of the price lists: the lists with their counts, the prices of one list (paged), the
// import from XLSX or CSV (checked as a whole first, then written in one transaction, only when no
// row has an error: the pattern of the product import) and the export to XLSX.
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { ARCHIVE_LIMITS, archiveErrorMessage, assertSafeArchive, UnsafeArchiveError } from '~/core/files/zip-guard.server';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { type Locale, translator } from '~/core/i18n/locale';
import { parseMoney, toDecimal } from '~/core/money/money';
import { clearPageCache } from '~/core/server/page-cache.server';
import { foldText } from '~/core/text';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { customers } from '~/features/customers/customers.schema';
import { pricingMessages } from '../messages';
import { priceListItems, priceLists } from '../pricing.schema';
import { BASE_LIST_CODE, normalizeDefinitionCode } from '../pricing.server';
import {
  COLUMN_ALIASES,
  DEFINITION_CODE_PATTERN,
  MAX_PRICE_GROSZE,
  MAX_PRICE_ROWS,
  MAX_REPORTED_ERRORS,
  PRICE_COLUMNS,
  type PriceColumn,
  type PriceImportPreview,
} from './import-columns';

export const pricingT = (locale: Locale) => translator(pricingMessages, locale);
type T = ReturnType<typeof pricingT>;

// ---------------------------------------------------------------------------------------------
// Lists

export interface PriceListRow {
  id: number;
  code: string;
  name: string;
  isBase: boolean;
  items: number;
  customers: number;
}

/** Every price list (the base list first, then by code) with its number of prices and customers. */
export async function listPriceLists(db: Db = getDb()): Promise<PriceListRow[]> {
  const rows = await db
    .select({
      id: priceLists.id,
      code: priceLists.code,
      name: priceLists.name,
      isBase: priceLists.isBase,
      items: sql<number>`(select count(*) from ${priceListItems} where ${priceListItems.priceListId} = ${priceLists.id})`.mapWith(Number),
      customers: sql<number>`(select count(*) from ${customers} where upper(btrim(${customers.enovaDefinicjaCeny})) = ${priceLists.code})`.mapWith(Number),
    })
    .from(priceLists)
    .orderBy(sql`${priceLists.isBase} desc`, asc(priceLists.code));
  return rows;
}

export async function getPriceList(id: number, db: Db = getDb()) {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(priceLists).where(eq(priceLists.id, id)).limit(1);
  return row ?? null;
}

export interface PriceItemRow {
  catalogNumberId: number;
  number: string;
  productId: number;
  productName: string;
  /** Net price in grosze. */
  price: number;
  /** Base net price in grosze, null when the base list lacks the number. */
  base: number | null;
}

export const PRICES_PER_PAGE = 50;

/** The prices of one list, by catalogue number, optionally filtered by a number or product name fragment. */
export async function listPriceItems(listId: number, opts: { page: number; search?: string; locale: Locale }, db: Db = getDb()): Promise<Paged<PriceItemRow>> {
  const search = (opts.search ?? '').trim().slice(0, 100);
  const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = and(
    eq(priceListItems.priceListId, listId),
    search ? or(ilike(productCatalogNumbers.number, like), ilike(opts.locale === 'en' ? products.nameEn : products.namePl, like)) : undefined,
  );
  const [{ n }] = await db
    .select({ n: count() })
    .from(priceListItems)
    .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, priceListItems.catalogNumberId))
    .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
    .where(where);
  const pages = pageCount(Number(n), PRICES_PER_PAGE);
  const page = Math.min(opts.page, pages);
  const baseItems = db
    .select({ id: priceListItems.catalogNumberId, price: priceListItems.netPrice })
    .from(priceListItems)
    .innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
    .where(eq(priceLists.isBase, true))
    .as('base_items');
  const items = await db
    .select({
      catalogNumberId: priceListItems.catalogNumberId,
      number: productCatalogNumbers.number,
      productId: products.id,
      productName: opts.locale === 'en' ? products.nameEn : products.namePl,
      price: priceListItems.netPrice,
      base: baseItems.price,
    })
    .from(priceListItems)
    .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, priceListItems.catalogNumberId))
    .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
    .leftJoin(baseItems, eq(baseItems.id, priceListItems.catalogNumberId))
    .where(where)
    .orderBy(asc(productCatalogNumbers.number))
    .limit(PRICES_PER_PAGE)
    .offset((page - 1) * PRICES_PER_PAGE);
  return { items, pages, page, total: Number(n) };
}

/** Deletes a definition's price list (never the base list); customers with that code then buy at base prices. */
export async function deletePriceList(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = pricingT(locale);
  await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(priceLists).where(eq(priceLists.id, id)).for('update').limit(1);
    if (!row) throw new HttpError(404, t('msg.notFound'));
    if (row.isBase) throw new HttpError(422, t('msg.baseLocked'), { id: [t('msg.baseLocked')] });
    const [{ n }] = await tx.select({ n: count() }).from(priceListItems).where(eq(priceListItems.priceListId, id));
    await tx.delete(priceLists).where(eq(priceLists.id, id));
    await recordChange(tx, {
      ...actor,
      entity: 'price_list',
      entityId: id,
      action: 'delete',
      before: { code: row.code, name: row.name, prices: Number(n) },
    });
  });
  clearPageCache();
}

// ---------------------------------------------------------------------------------------------
// Reading an import file

export interface ParsedPriceFile {
  rows: { line: number; values: Record<PriceColumn, string> }[];
}

const fileError = (message: string) => validationError({ file: [message] });
const normalizeHeader = (value: string) =>
  foldText(value)
    .trim()
    .replace(/[\s-]+/g, '_');

/** A cell of ExcelJS as text (numbers as written, formulas as their result, rich text as plain text). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  }
  return '';
}

function toParsed(header: string[], records: string[][], t: T): ParsedPriceFile {
  const index = new Map<PriceColumn, number>();
  header.forEach((h, i) => {
    const name = normalizeHeader(h);
    for (const column of PRICE_COLUMNS) if (!index.has(column) && COLUMN_ALIASES[column].includes(name)) index.set(column, i);
  });
  const missing = PRICE_COLUMNS.filter((c) => !index.has(c));
  if (missing.length) throw fileError(t('import.missingColumns', { columns: missing.join(', ') }));
  const rows: ParsedPriceFile['rows'] = [];
  records.forEach((record, i) => {
    if ((record ?? []).every((c) => (c ?? '').trim() === '')) return;
    const values = {} as Record<PriceColumn, string>;
    for (const [column, at] of index) values[column] = (record[at] ?? '').trim();
    rows.push({ line: i + 2, values });
  });
  if (rows.length === 0) throw fileError(t('import.noRows'));
  if (rows.length > MAX_PRICE_ROWS) throw fileError(t('import.tooManyRows', { max: MAX_PRICE_ROWS }));
  return { rows };
}

async function readXlsx(data: Buffer, t: T): Promise<ParsedPriceFile> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  let header: string[] | null = null;
  const records: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let c = 1; c < values.length; c++) cells.push(cellText(values[c] ?? null).trim());
        if (row.number === 1) header = cells;
        else {
          if (row.number - 1 > MAX_PRICE_ROWS + 1000) throw fileError(t('import.tooManyRows', { max: MAX_PRICE_ROWS }));
          records[row.number - 2] = cells;
        }
      }
      break;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw fileError(t('import.badFormat'));
  }
  if (!header) throw fileError(t('import.noRows'));
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  return toParsed(header, records, t);
}

function decodeText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return new TextDecoder('windows-1250').decode(data);
  }
}

function readCsv(data: Buffer, t: T): ParsedPriceFile {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw fileError(t('import.badFormat'));
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', '\t', ','].map((d) => ({ d, n: firstLine.split(d).length })).sort((a, b) => b.n - a.n)[0].d;
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
  } catch {
    throw fileError(t('import.badFormat'));
  }
  if (records.length === 0) throw fileError(t('import.noRows'));
  return toParsed(records[0], records.slice(1), t);
}

/** Reads an uploaded XLSX (by its ZIP signature; checked by assertSafeArchive first) or CSV file; 422 on `file`. */
export async function readPriceFile(data: Buffer, locale: Locale): Promise<ParsedPriceFile> {
  const t = pricingT(locale);
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (!isZip) return readCsv(data, t);
  try {
    await assertSafeArchive(data, ARCHIVE_LIMITS);
  } catch (e) {
    if (e instanceof UnsafeArchiveError) {
      throw fileError(e.problem === 'tooLarge' || e.problem === 'tooManyEntries' ? archiveErrorMessage(e, locale) : t('import.badFormat'));
    }
    throw e;
  }
  return readXlsx(data, t);
}

// ---------------------------------------------------------------------------------------------
// Checking and importing

interface PlannedPrice {
  line: number;
  code: string;
  catalogNumberId: number;
  price: number;
}

export interface PriceImportCheck {
  rows: number;
  planned: PlannedPrice[];
  errors: Map<number, Partial<Record<PriceColumn, string[]>>>;
  replace: boolean;
}

function addError(errors: PriceImportCheck['errors'], line: number, column: PriceColumn, message: string) {
  const e = errors.get(line) ?? {};
  (e[column] ??= []).push(message);
  errors.set(line, e);
}

/** Every row checked: code, price, repeated (code, number) pairs, and the numbers against the catalogue. */
export async function checkPriceImport(db: Db, parsed: ParsedPriceFile, replace: boolean, locale: Locale): Promise<PriceImportCheck> {
  const t = pricingT(locale);
  const errors: PriceImportCheck['errors'] = new Map();
  const wanted = [...new Set(parsed.rows.map((r) => r.values.catalog_number.toUpperCase()).filter(Boolean))];
  const ids = new Map<string, number>();
  for (let i = 0; i < wanted.length; i += 1000) {
    const chunk = wanted.slice(i, i + 1000);
    const found = await db
      .select({ id: productCatalogNumbers.id, key: sql<string>`upper(${productCatalogNumbers.number})` })
      .from(productCatalogNumbers)
      .where(inArray(sql`upper(${productCatalogNumbers.number})`, chunk))
      .orderBy(asc(productCatalogNumbers.id));
    for (const f of found) if (!ids.has(f.key)) ids.set(f.key, f.id);
  }
  const planned: PlannedPrice[] = [];
  const seen = new Map<string, number>();
  for (const { line, values } of parsed.rows) {
    const code = normalizeDefinitionCode(values.definition_code);
    const number = values.catalog_number;
    let ok = true;
    if (!code) {
      addError(errors, line, 'definition_code', t('import.codeRequired'));
      ok = false;
    } else if (!DEFINITION_CODE_PATTERN.test(code)) {
      addError(errors, line, 'definition_code', t('import.codeFormat'));
      ok = false;
    }
    const id = ids.get(number.toUpperCase());
    if (!number) {
      addError(errors, line, 'catalog_number', t('import.numberRequired'));
      ok = false;
    } else if (id === undefined) {
      addError(errors, line, 'catalog_number', t('import.numberUnknown', { number: number.slice(0, 64) }));
      ok = false;
    }
    const price = parseMoney(values.net_price);
    if (price === null || price < 0 || price > MAX_PRICE_GROSZE) {
      addError(errors, line, 'net_price', t('import.priceInvalid'));
      ok = false;
    }
    if (!ok || id === undefined || price === null) continue;
    const key = `${code}\u0000${id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      addError(errors, line, 'catalog_number', t('import.repeated', { number, code, row: first }));
      continue;
    }
    seen.set(key, line);
    planned.push({ line, code, catalogNumberId: id, price });
  }
  return { rows: parsed.rows.length, planned, errors, replace };
}

interface Plan {
  lists: { code: string; id: number | null; rows: PlannedPrice[] }[];
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/** What an import of checked rows would change, compared with the stored prices. */
async function planOf(db: Db, check: PriceImportCheck): Promise<Plan> {
  const byCode = new Map<string, PlannedPrice[]>();
  for (const p of check.planned) byCode.set(p.code, [...(byCode.get(p.code) ?? []), p]);
  const codes = [...byCode.keys()];
  const existing = codes.length ? await db.select().from(priceLists).where(inArray(priceLists.code, codes)) : [];
  const idOf = new Map(existing.map((l) => [l.code, l.id]));
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  let removed = 0;
  for (const [code, rows] of byCode) {
    const id = idOf.get(code);
    if (id === undefined) {
      inserted += rows.length;
      continue;
    }
    const stored = new Map((await db.select().from(priceListItems).where(eq(priceListItems.priceListId, id))).map((r) => [r.catalogNumberId, r.netPrice]));
    const inFile = new Set<number>();
    for (const r of rows) {
      inFile.add(r.catalogNumberId);
      const old = stored.get(r.catalogNumberId);
      if (old === undefined) inserted++;
      else if (old === r.price) unchanged++;
      else updated++;
    }
    if (check.replace) for (const k of stored.keys()) if (!inFile.has(k)) removed++;
  }
  return { lists: codes.map((code) => ({ code, id: idOf.get(code) ?? null, rows: byCode.get(code) ?? [] })), inserted, updated, unchanged, removed };
}

function previewFrom(check: PriceImportCheck, plan: Plan | null): PriceImportPreview {
  const errors = [...check.errors.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(0, MAX_REPORTED_ERRORS)
    .map(([row, e]) => ({ row, errors: e }));
  return {
    ok: check.errors.size === 0,
    summary: {
      rows: check.rows,
      lists: (plan?.lists ?? []).map((l) => ({ code: l.code, isNew: l.id === null, rows: l.rows.length })),
      created: (plan?.lists ?? []).filter((l) => l.id === null).length,
      inserted: plan?.inserted ?? 0,
      updated: plan?.updated ?? 0,
      unchanged: plan?.unchanged ?? 0,
      removed: plan?.removed ?? 0,
    },
    errors,
    errorRows: check.errors.size,
  };
}

/** Step 1: what the import would do, and the row errors; nothing is written. */
export async function previewPriceImport(check: PriceImportCheck, db: Db = getDb()): Promise<PriceImportPreview> {
  return previewFrom(check, check.errors.size === 0 ? await planOf(db, check) : null);
}

/** 422 with the row errors (the import refused; nothing written). */
export class PriceImportInvalidError extends HttpError {
  constructor(
    message: string,
    public readonly preview: PriceImportPreview,
  ) {
    super(422, message, { file: [message] });
  }
}

export interface PriceImportResult {
  lists: string[];
  created: number;
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/**
 * Step 2: the import in one transaction: new definitions become price lists, prices are inserted
 * or changed (with `replace`, prices of the imported lists missing from the file are removed),
 * one change-log entry per list. A file with any bad row writes nothing.
 */
export async function runPriceImport(parsed: ParsedPriceFile, replace: boolean, actor: Actor, locale: Locale): Promise<PriceImportResult> {
  const t = pricingT(locale);
  const result = await getDb().transaction(async (tx) => {
    // One import at a time: the plan below must not change under it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('price_lists_import'))`);
    const check = await checkPriceImport(tx, parsed, replace, locale);
    if (check.errors.size > 0) {
      const preview = previewFrom(check, null);
      throw new PriceImportInvalidError(t('msg.importInvalid', { n: preview.errorRows }), preview);
    }
    const plan = await planOf(tx, check);
    let created = 0;
    for (const list of plan.lists) {
      let id = list.id;
      if (id === null) {
        const [row] = await tx
          .insert(priceLists)
          .values({ code: list.code, name: '', isBase: list.code === BASE_LIST_CODE && !(await hasBase(tx)) })
          .returning({ id: priceLists.id });
        id = row.id;
        created++;
      }
      const before = new Map((await tx.select().from(priceListItems).where(eq(priceListItems.priceListId, id))).map((r) => [r.catalogNumberId, r.netPrice]));
      for (let i = 0; i < list.rows.length; i += 1000) {
        await tx
          .insert(priceListItems)
          .values(list.rows.slice(i, i + 1000).map((r) => ({ priceListId: id as number, catalogNumberId: r.catalogNumberId, netPrice: r.price })))
          .onConflictDoUpdate({ target: [priceListItems.priceListId, priceListItems.catalogNumberId], set: { netPrice: sql`excluded.net_price` } });
      }
      let removedHere = 0;
      if (replace) {
        const keep = new Set(list.rows.map((r) => r.catalogNumberId));
        const gone = [...before.keys()].filter((k) => !keep.has(k));
        for (let i = 0; i < gone.length; i += 1000) {
          await tx.delete(priceListItems).where(and(eq(priceListItems.priceListId, id), inArray(priceListItems.catalogNumberId, gone.slice(i, i + 1000))));
        }
        removedHere = gone.length;
      }
      const changed = list.rows.filter((r) => before.get(r.catalogNumberId) !== r.price).length;
      await tx
        .update(priceLists)
        .set({ updatedAt: new Date(), version: sql`${priceLists.version} + 1` })
        .where(eq(priceLists.id, id));
      await recordChange(tx, {
        ...actor,
        entity: 'price_list',
        entityId: id,
        action: list.id === null ? 'create' : 'update',
        before: list.id === null ? undefined : { code: list.code, prices: before.size },
        after: {
          code: list.code,
          prices: before.size + list.rows.filter((r) => !before.has(r.catalogNumberId)).length - removedHere,
          importedRows: list.rows.length,
          changedPrices: changed,
          removedPrices: removedHere,
        },
      });
    }
    return { lists: plan.lists.map((l) => l.code), created, inserted: plan.inserted, updated: plan.updated, unchanged: plan.unchanged, removed: plan.removed };
  });
  clearPageCache();
  return result;
}

async function hasBase(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(priceLists).where(eq(priceLists.isBase, true));
  return Number(row?.n ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Export

/** Price lists as an XLSX workbook in the import's columns (one list, or all), with the product name for reading. */
export async function exportPriceLists(listId: number | null, db: Db = getDb()): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'COBI NET';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Cenniki', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'definition_code', key: 'code', width: 18 },
    { header: 'catalog_number', key: 'number', width: 24 },
    { header: 'net_price', key: 'price', width: 14, style: { numFmt: '0.00' } },
    { header: 'product', key: 'product', width: 50 },
  ];
  sheet.getRow(1).font = { bold: true };
  let lastKey: [number, number] = [0, 0];
  for (;;) {
    const batch = await db
      .select({
        listId: priceLists.id,
        code: priceLists.code,
        isBase: priceLists.isBase,
        numberId: productCatalogNumbers.id,
        number: productCatalogNumbers.number,
        price: priceListItems.netPrice,
        product: products.namePl,
      })
      .from(priceListItems)
      .innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
      .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, priceListItems.catalogNumberId))
      .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
      .where(
        and(
          listId === null ? undefined : eq(priceLists.id, listId),
          sql`(${priceListItems.priceListId}, ${priceListItems.catalogNumberId}) > (${lastKey[0]}, ${lastKey[1]})`,
        ),
      )
      .orderBy(asc(priceListItems.priceListId), asc(priceListItems.catalogNumberId))
      .limit(2000);
    if (batch.length === 0) break;
    const last = batch[batch.length - 1];
    lastKey = [last.listId, last.numberId];
    for (const r of batch) sheet.addRow({ code: r.code, number: r.number, price: Number(toDecimal(r.price)), product: r.product });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function exportFilename(code: string | null): string {
  const day = new Date().toISOString().slice(0, 10);
  return `cennik-${code ? code.toLowerCase().replace(/[^a-z0-9-]+/g, '-') : 'wszystkie'}-${day}.xlsx`;
}
