// Invoices of B2B customers (issue 11): a PDF with its number, customer, dates and amounts,
// uploaded one by one or as a batch (PDFs + an XLSX/CSV index, checked as a whole, written in one
// transaction); the admin list with filters; the customer's own list with overdue marked and the
// download (only for the invoice's customer). A file's name and declared type are never trusted:
// a PDF is recognised by its bytes.
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { ARCHIVE_LIMITS, archiveErrorMessage, assertSafeArchive, UnsafeArchiveError } from '~/core/files/zip-guard.server';
import { checkFileType } from '~/core/files/file-type.server';
import { getStorage, safeFilename, type StoredFile, saveFile } from '~/core/files/storage.server';
import { files } from '~/core/files/files.schema';
import { todayInWarsaw } from '~/core/time/days';
import { HttpError, validationError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import { zodIssuesToErrors } from '~/core/http/validation';
import { type Locale, translator } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { escapeLike, foldText } from '~/core/text';
import { customers } from '~/features/customers/customers.schema';
import { invoices } from './invoices.schema';
import { invoiceMessages } from './messages';
import { type InvoiceInput, INVOICES_PER_PAGE, invoiceSchema, isOverdue, MAX_BATCH_INVOICES } from './validation';

export const invoiceT = (locale: Locale) => translator(invoiceMessages, locale);

/**
 * A PDF by its bytes: the one rule of core/files (the "%PDF-" signature at offset 0, no active
 * content) and an end-of-file marker near the end (a cut-off upload is refused).
 */
export function isPdf(data: Uint8Array): boolean {
  if (data.length < 16 || !checkFileType(data, 'faktura.pdf', ['pdf'])) return false;
  const tail = Buffer.from(data.buffer, data.byteOffset + Math.max(0, data.length - 2048), Math.min(data.length, 2048)).toString('latin1');
  return tail.includes('%%EOF');
}

async function storePdf(data: Buffer, number: string): Promise<StoredFile> {
  return saveFile({ data, filename: `${safeFilename(number.replace(/[/\\]/g, '-'))}.pdf`, contentType: 'application/pdf', owner: 'invoices' });
}

// ---------------------------------------------------------------------------------------------
// Upload

/** Creates one invoice from a checked form and PDF bytes; a taken number or unknown customer is a 422. */
export async function createInvoice(input: InvoiceInput, pdf: Buffer, actor: Actor, locale: Locale): Promise<{ id: number }> {
  const t = invoiceT(locale);
  if (!isPdf(pdf)) throw validationError({ file: [t('v.notPdf', { name: 'PDF' })] });
  const stored = await storePdf(pdf, input.number);
  const db = getDb();
  try {
    return await db.transaction(async (tx) => {
      const [customer] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, input.customer_id)).limit(1);
      if (!customer) throw validationError({ customer_id: [t('v.customer')] });
      const taken = await tx.select({ id: invoices.id }).from(invoices).where(sql`upper(${invoices.number}) = upper(${input.number})`).limit(1);
      if (taken.length) throw validationError({ number: [t('v.numberTaken', { number: input.number })] });
      const values = valuesOf(input, stored.id);
      const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
      await recordChange(tx, { ...actor, entity: 'invoice', entityId: row.id, action: 'create', after: { id: row.id, ...values } });
      return { id: row.id };
    });
  } catch (e) {
    // Two uploads of one number at once: the unique index decides.
    if ((e as { code?: string; cause?: { code?: string } }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      throw validationError({ number: [t('v.numberTaken', { number: input.number })] });
    }
    throw e;
  }
}

function valuesOf(input: InvoiceInput, fileId: string): typeof invoices.$inferInsert {
  return {
    number: input.number,
    customerId: input.customer_id,
    issueDate: input.issue_date,
    dueDate: input.due_date,
    netAmount: input.net_amount,
    grossAmount: input.gross_amount,
    paidOn: input.paid_on,
    fileId,
  };
}

/** Marks an invoice paid on a day (or unpaid with null). */
export async function setInvoicePaid(id: number, paidOn: string | null, actor: Actor, locale: Locale): Promise<void> {
  const t = invoiceT(locale);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
    if (!before) throw new HttpError(404, t('msg.notFound'));
    if (paidOn !== null && paidOn < before.issueDate) throw validationError({ paid_on: [t('v.paidBeforeIssue')] });
    const [after] = await tx
      .update(invoices)
      .set({ paidOn, updatedAt: new Date(), version: sql`${invoices.version} + 1` })
      .where(eq(invoices.id, id))
      .returning();
    await recordChange(tx, { ...actor, entity: 'invoice', entityId: id, action: 'update', before: { paidOn: before.paidOn }, after: { paidOn: after.paidOn } });
  });
}

/** Deletes an invoice (its PDF is left to the unused-file collector). */
export async function deleteInvoice(id: number, actor: Actor, locale: Locale): Promise<void> {
  const t = invoiceT(locale);
  await getDb().transaction(async (tx) => {
    const [before] = await tx.delete(invoices).where(eq(invoices.id, id)).returning();
    if (!before) throw new HttpError(404, t('msg.notFound'));
    await recordChange(tx, { ...actor, entity: 'invoice', entityId: id, action: 'delete', before: { ...before } });
  });
  clearPageCache();
}

// ---------------------------------------------------------------------------------------------
// Lists

export interface InvoiceRow {
  id: number;
  number: string;
  customerId: number;
  customerName: string;
  issueDate: string;
  dueDate: string;
  netAmount: number;
  grossAmount: number;
  paidOn: string | null;
  overdue: boolean;
  /** KSeF (issue 39): the KSeF number, null before one is known. */
  ksefNumber: string | null;
  hasPdf: boolean;
  hasXml: boolean;
  source: string;
}

export interface AdminInvoiceFilters {
  customerId?: number | null;
  from?: string | null;
  to?: string | null;
  /** 'overdue': unpaid past the due date; 'unpaid': every unpaid one. */
  payment?: 'overdue' | 'unpaid' | null;
  search?: string | null;
  page: number;
}

async function pageOf(where: SQL | undefined, page: number, db: Db): Promise<Paged<InvoiceRow>> {
  const [{ n }] = await db.select({ n: count() }).from(invoices).where(where);
  const pages = pageCount(Number(n), INVOICES_PER_PAGE);
  const current = Math.min(Math.max(1, page), pages);
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      customerId: invoices.customerId,
      customerName: customers.name,
      issueDate: invoices.issueDate,
      dueDate: invoices.dueDate,
      netAmount: invoices.netAmount,
      grossAmount: invoices.grossAmount,
      paidOn: invoices.paidOn,
      ksefNumber: invoices.ksefNumber,
      fileId: invoices.fileId,
      xmlFileId: invoices.xmlFileId,
      source: invoices.source,
    })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(where)
    .orderBy(desc(invoices.issueDate), desc(invoices.id))
    .limit(INVOICES_PER_PAGE)
    .offset((current - 1) * INVOICES_PER_PAGE);
  const today = todayInWarsaw();
  return {
    items: rows.map(({ fileId, xmlFileId, ...r }) => ({ ...r, overdue: isOverdue(r, today), hasPdf: fileId !== null, hasXml: xmlFileId !== null })),
    pages,
    page: current,
    total: Number(n),
  };
}

/** The admin list, newest first, filtered by customer, issue dates, payment state and number. */
export async function listInvoicesAdmin(f: AdminInvoiceFilters, db: Db = getDb()): Promise<Paged<InvoiceRow>> {
  const today = todayInWarsaw();
  const conditions: (SQL | undefined)[] = [
    f.customerId ? eq(invoices.customerId, f.customerId) : undefined,
    f.from ? gte(invoices.issueDate, f.from) : undefined,
    f.to ? lte(invoices.issueDate, f.to) : undefined,
    f.payment === 'overdue' ? and(isNull(invoices.paidOn), lt(invoices.dueDate, today)) : undefined,
    f.payment === 'unpaid' ? isNull(invoices.paidOn) : undefined,
    f.search ? ilike(invoices.number, `%${escapeLike(f.search.trim().slice(0, 64))}%`) : undefined,
  ];
  return pageOf(and(...conditions), f.page, db);
}

/** A customer's invoices, newest first, overdue marked. */
export async function listInvoicesOfCustomer(customerId: number, page: number, db: Db = getDb()): Promise<Paged<InvoiceRow>> {
  return pageOf(eq(invoices.customerId, customerId), page, db);
}

/** An invoice for a download: 404 unknown, 403 another customer's (customerId null: an administrator). */
async function invoiceFor(id: number, customerId: number | null, locale: Locale) {
  const t = invoiceT(locale);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(404, t('msg.notFound'));
  const [row] = await getDb().select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!row) throw new HttpError(404, t('msg.notFound'));
  if (customerId !== null && row.customerId !== customerId) throw new HttpError(403, t('msg.notFound'));
  return row;
}

async function fileById(id: string | null, locale: Locale): Promise<StoredFile> {
  const [file] = id ? await getDb().select().from(files).where(eq(files.id, id)).limit(1) : [];
  if (!file) throw new HttpError(404, invoiceT(locale)('msg.notFound'));
  return file;
}

/**
 * The PDF of an invoice for a download: 404 unknown, 403 another customer's (customerId null: an
 * administrator). `file` null: an FA(3) invoice without an uploaded PDF (its visualisation stands in).
 */
export async function invoiceFile(id: number, customerId: number | null, locale: Locale): Promise<{ id: number; number: string; file: StoredFile | null }> {
  const row = await invoiceFor(id, customerId, locale);
  return { id: row.id, number: row.number, file: row.fileId ? await fileById(row.fileId, locale) : null };
}

/** The FA(3) XML of an invoice as stored, with what the visualisation needs; 404 without one. */
export async function invoiceXml(
  id: number,
  customerId: number | null,
  locale: Locale,
): Promise<{ id: number; number: string; ksefNumber: string | null; paidOn: string | null; file: StoredFile; data: Buffer }> {
  const row = await invoiceFor(id, customerId, locale);
  const file = await fileById(row.xmlFileId, locale);
  return { id: row.id, number: row.number, ksefNumber: row.ksefNumber, paidOn: row.paidOn, file, data: await readStored(file) };
}

export async function readStored(file: StoredFile): Promise<Buffer> {
  return getStorage().get(file.storageKey);
}

/** Customers as options for the admin form and filter. */
export async function customerOptions(db: Db = getDb()): Promise<{ id: string; name: string }[]> {
  const rows = await db.select({ id: customers.id, name: customers.name, nip: customers.taxIdentificationNr }).from(customers).orderBy(asc(customers.name));
  return rows.map((r) => ({ id: String(r.id), name: r.nip ? `${r.name} (NIP ${r.nip})` : r.name }));
}

// ---------------------------------------------------------------------------------------------
// Batch import: PDFs + an index naming each file

export const INDEX_COLUMNS = ['file', 'number', 'customer', 'issue_date', 'due_date', 'net', 'gross', 'paid_on'] as const;
type IndexColumn = (typeof INDEX_COLUMNS)[number];
const REQUIRED_INDEX: IndexColumn[] = ['file', 'number', 'customer', 'issue_date', 'due_date', 'net', 'gross'];
const INDEX_ALIASES: Record<IndexColumn, string[]> = {
  file: ['file', 'plik', 'filename', 'nazwa_pliku'],
  number: ['number', 'numer', 'invoice_number', 'numer_faktury'],
  customer: ['customer', 'klient', 'nip', 'customer_id', 'kod_enova'],
  issue_date: ['issue_date', 'data_wystawienia'],
  due_date: ['due_date', 'termin_platnosci'],
  net: ['net', 'netto', 'net_amount', 'kwota_netto'],
  gross: ['gross', 'brutto', 'gross_amount', 'kwota_brutto'],
  paid_on: ['paid_on', 'data_zaplaty', 'zaplacono'],
};

export interface BatchRowError {
  row: number;
  errors: Record<string, string[]>;
}

export interface BatchPreview {
  ok: boolean;
  rows: number;
  errors: BatchRowError[];
  errorRows: number;
  /** Errors of the batch as a whole (files without a row). */
  fileErrors: string[];
  items: { row: number; number: string; customer: string; file: string; issueDate: string; dueDate: string; net: number; gross: number }[];
}

interface BatchPlan {
  preview: BatchPreview;
  rows: { input: InvoiceInput; data: Buffer }[];
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('text' in value && typeof (value as { text?: unknown }).text === 'string') return (value as { text: string }).text;
  }
  return '';
}

/** The index as rows of text cells (header first); XLSX passes assertSafeArchive before ExcelJS opens it. */
async function readIndex(data: Buffer, locale: Locale): Promise<string[][]> {
  const t = invoiceT(locale);
  const bad = () => validationError({ index: [t('v.indexFormat')] });
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (!isZip) {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(data);
    } catch {
      text = new TextDecoder('windows-1250').decode(data);
    }
    text = text.replace(/^\uFEFF/, '');
    if (text.includes('\u0000')) throw bad();
    const firstLine = text.slice(0, text.search(/\r?\n|$/));
    const delimiter = [';', '\t', ','].map((d) => ({ d, n: firstLine.split(d).length })).sort((a, b) => b.n - a.n)[0].d;
    try {
      return parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: false, trim: true }) as string[][];
    } catch {
      throw bad();
    }
  }
  try {
    await assertSafeArchive(data, ARCHIVE_LIMITS);
  } catch (e) {
    if (e instanceof UnsafeArchiveError)
      throw validationError({ index: [e.problem === 'tooLarge' || e.problem === 'tooManyEntries' ? archiveErrorMessage(e, locale) : t('v.indexFormat')] });
    throw e;
  }
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
  });
  const records: string[][] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        if (row.number > MAX_BATCH_INVOICES + 1000) throw validationError({ index: [t('v.tooMany', { max: MAX_BATCH_INVOICES })] });
        const values = row.values as ExcelJS.CellValue[];
        const cells: string[] = [];
        for (let c = 1; c < values.length; c++) cells.push(cellText(values[c] ?? null).trim());
        records[row.number - 1] = cells;
      }
      break;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw bad();
  }
  for (let i = 0; i < records.length; i++) records[i] ??= [];
  return records;
}

const fold = (s: string) =>
  foldText(s)
    .trim()
    .replace(/[\s-]+/g, '_');

/** Checks a batch: the index rows (the invoice form's rules), customers, numbers, and that every row has its PDF. */
export async function checkBatch(index: Buffer, pdfs: { filename: string; data: Buffer }[], locale: Locale, db: Db = getDb()): Promise<BatchPlan> {
  const t = invoiceT(locale);
  const records = await readIndex(index, locale);
  if (records.length < 2) throw validationError({ index: [t('v.indexRows')] });
  const header = records[0].map(fold);
  const at = new Map<IndexColumn, number>();
  for (const column of INDEX_COLUMNS) {
    const i = header.findIndex((h) => INDEX_ALIASES[column].includes(h));
    if (i !== -1) at.set(column, i);
  }
  const missing = REQUIRED_INDEX.filter((c) => !at.has(c));
  if (missing.length) throw validationError({ index: [t('v.indexColumns', { columns: missing.join(', ') })] });
  const lines = records
    .slice(1)
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter((l) => l.cells.some((c) => (c ?? '').trim() !== ''));
  if (lines.length === 0) throw validationError({ index: [t('v.indexRows')] });
  if (lines.length > MAX_BATCH_INVOICES) throw validationError({ index: [t('v.tooMany', { max: MAX_BATCH_INVOICES })] });

  const byName = new Map<string, { filename: string; data: Buffer }>();
  for (const f of pdfs) byName.set(safeFilename(f.filename).toLowerCase(), f);

  // Customers by id, tax id (digits) or Enova code.
  const all = await db.select({ id: customers.id, name: customers.name, nip: customers.taxIdentificationNr, kod: customers.enovaKod }).from(customers);
  const resolve = (value: string): { id: number; name: string } | 'unknown' | 'ambiguous' => {
    const v = value.trim();
    const digits = v.replace(/[\s-]/g, '');
    const matches = all.filter(
      (c) =>
        (/^\d{10}$/.test(digits) && c.nip.replace(/\D/g, '') === digits) ||
        (c.kod !== '' && c.kod.toUpperCase() === v.toUpperCase()) ||
        (/^\d{1,9}$/.test(v) && c.id === Number(v)),
    );
    const unique = [...new Map(matches.map((m) => [m.id, m])).values()];
    if (unique.length === 0) return 'unknown';
    if (unique.length > 1) return 'ambiguous';
    return unique[0];
  };

  const numbers = lines.map((l) => (l.cells[at.get('number') as number] ?? '').trim()).filter(Boolean);
  const taken = new Set<string>();
  for (let i = 0; i < numbers.length; i += 500) {
    const chunk = numbers.slice(i, i + 500).map((n) => n.toUpperCase());
    for (const r of await db
      .select({ n: invoices.number })
      .from(invoices)
      .where(inArray(sql`upper(${invoices.number})`, chunk)))
      taken.add(r.n.toUpperCase());
  }

  const schema = invoiceSchema(locale);
  const errors = new Map<number, Record<string, string[]>>();
  const add = (row: number, column: string, message: string) => {
    const e = errors.get(row) ?? {};
    (e[column] ??= []).push(message);
    errors.set(row, e);
  };
  const seenNumbers = new Map<string, number>();
  const seenFiles = new Map<string, number>();
  const rows: BatchPlan['rows'] = [];
  const items: BatchPreview['items'] = [];
  for (const { row, cells } of lines) {
    const cell = (c: IndexColumn) => (at.has(c) ? (cells[at.get(c) as number] ?? '').trim() : '');
    const customerText = cell('customer');
    const customer = customerText ? resolve(customerText) : 'unknown';
    if (!customerText) add(row, 'customer', t('v.required'));
    else if (customer === 'unknown') add(row, 'customer', t('v.customerUnknown', { customer: customerText.slice(0, 60) }));
    else if (customer === 'ambiguous') add(row, 'customer', t('v.customerAmbiguous', { customer: customerText.slice(0, 60) }));
    const parsed = schema.safeParse({
      number: cell('number'),
      customer_id: typeof customer === 'object' ? String(customer.id) : '',
      issue_date: cell('issue_date'),
      due_date: cell('due_date'),
      net_amount: cell('net'),
      gross_amount: cell('gross'),
      paid_on: cell('paid_on'),
    });
    const rename: Record<string, string> = { net_amount: 'net', gross_amount: 'gross', customer_id: 'customer' };
    if (!parsed.success) {
      for (const [path, messages] of Object.entries(zodIssuesToErrors(parsed.error.issues))) {
        if (path === 'customer_id' && typeof customer !== 'object') continue;
        for (const m of messages) add(row, rename[path] ?? path, m);
      }
    }
    const number = cell('number');
    if (number) {
      const key = number.toUpperCase();
      const first = seenNumbers.get(key);
      if (first !== undefined) add(row, 'number', t('v.numberRepeated', { number, row: first }));
      else seenNumbers.set(key, row);
      if (taken.has(key)) add(row, 'number', t('v.numberTaken', { number }));
    }
    const name = cell('file');
    const fileKey = safeFilename(name).toLowerCase();
    const pdf = name ? byName.get(fileKey) : undefined;
    if (!name) add(row, 'file', t('v.required'));
    else if (!pdf) add(row, 'file', t('v.fileMissing', { name: safeFilename(name) }));
    else if (!isPdf(pdf.data)) add(row, 'file', t('v.notPdf', { name: safeFilename(name) }));
    if (name) {
      const first = seenFiles.get(fileKey);
      if (first !== undefined) add(row, 'file', t('v.fileRepeated', { name: safeFilename(name), row: first }));
      else seenFiles.set(fileKey, row);
    }
    if (parsed.success && pdf && !errors.has(row)) {
      rows.push({ input: parsed.data, data: pdf.data });
      items.push({
        row,
        number: parsed.data.number,
        customer: typeof customer === 'object' ? customer.name : '',
        file: safeFilename(name),
        issueDate: parsed.data.issue_date,
        dueDate: parsed.data.due_date,
        net: parsed.data.net_amount,
        gross: parsed.data.gross_amount,
      });
    }
  }
  const unused = [...byName.keys()].filter((k) => !seenFiles.has(k)).map((k) => byName.get(k)?.filename ?? k);
  const fileErrors = unused.length ? [t('v.filesUnused', { names: unused.map(safeFilename).join(', ') })] : [];
  const errorList = [...errors.entries()].sort((a, b) => a[0] - b[0]).map(([row, e]) => ({ row, errors: e }));
  return {
    preview: { ok: errors.size === 0 && fileErrors.length === 0, rows: lines.length, errors: errorList, errorRows: errors.size, fileErrors, items },
    rows,
  };
}

export class BatchInvalidError extends HttpError {
  constructor(
    message: string,
    public readonly preview: BatchPreview,
  ) {
    super(422, message, { index: [message] });
  }
}

/** Imports a checked batch in one transaction (checked again inside): every invoice or none. */
export async function importBatch(index: Buffer, pdfs: { filename: string; data: Buffer }[], actor: Actor, locale: Locale): Promise<{ created: number }> {
  const t = invoiceT(locale);
  const first = await checkBatch(index, pdfs, locale);
  if (!first.preview.ok) throw new BatchInvalidError(t('msg.importInvalid', { n: Math.max(1, first.preview.errorRows) }), first.preview);
  // Bytes first (a failed transaction leaves them to the unused-file collector), rows in one transaction.
  const stored: { input: InvoiceInput; data: Buffer; file: StoredFile }[] = [];
  for (const r of first.rows) stored.push({ ...r, file: await storePdf(r.data, r.input.number) });
  try {
    return await getDb().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoices_import'))`);
      const again = await checkBatch(index, pdfs, locale, tx);
      if (!again.preview.ok) throw new BatchInvalidError(t('msg.importInvalid', { n: Math.max(1, again.preview.errorRows) }), again.preview);
      for (const r of stored) {
        const values = valuesOf(r.input, r.file.id);
        const [row] = await tx.insert(invoices).values(values).returning({ id: invoices.id });
        await recordChange(tx, { ...actor, entity: 'invoice', entityId: row.id, action: 'create', after: { id: row.id, ...values } });
      }
      return { created: stored.length };
    });
  } catch (e) {
    if ((e as { code?: string }).code === '23505' || (e as { cause?: { code?: string } }).cause?.code === '23505') {
      throw validationError({ index: [t('msg.importInvalid', { n: 1 })] });
    }
    throw e;
  }
}
