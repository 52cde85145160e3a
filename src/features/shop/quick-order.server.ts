// Quick order (issue 11): pasted lines "catalogue-number quantity" or an uploaded CSV/XLSX with
// these two columns; valid lines go into the cart, invalid ones come back with their reason.
import ExcelJS from 'exceljs';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import type { UploadedFile } from '~/core/http/form-body.server';
import { ARCHIVE_LIMITS, archiveErrorMessage, assertSafeArchive, UnsafeArchiveError } from '~/core/files/zip-guard.server';
import { type Locale, translator } from '~/core/i18n/locale';
import { buyable } from '~/features/catalog/buyable.server';
import { availabilityOfNumbers, stockWarning } from '~/features/catalog/stock.server';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { pricesFor } from '~/features/pricing/pricing.server';
import { addToLine, type Buyer, cartOf, quantityMaxMessage, quantityMessage } from './cart.server';
import { shopMessages } from './messages';
import { checkQuantity, parseQuickLine, versionsOf } from './rules';
import { MAX_QUICK_LINES } from './validation';

export interface QuickLine {
  line: number;
  text: string;
}

export interface QuickResult {
  added: number;
  invalid: { line: number; text: string; reason: string }[];
  /** Lines added for more than the warehouses hold (issue 39): a warning, not a refusal. */
  warnings: { line: number; text: string; message: string }[];
}

/** Lines of a pasted text (empty ones dropped, numbered from 1). */
export function linesOfText(text: string): QuickLine[] {
  return text
    .split(/\r?\n/)
    .map((l, i) => ({ line: i + 1, text: l.trim() }))
    .filter((l) => l.text !== '');
}

/** Lines of an uploaded CSV or XLSX (first two columns; a header row without a number in column 2 is skipped). */
export async function linesOfFile(file: UploadedFile, locale: Locale): Promise<QuickLine[]> {
  const t = translator(shopMessages, locale);
  const data = file.data;
  const isZip = data.length > 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  const bad = (message: string) => new HttpError(422, message, { file: [message] });
  const rows: string[][] = [];
  if (isZip) {
    try {
      await assertSafeArchive(data, ARCHIVE_LIMITS);
    } catch (e) {
      if (e instanceof UnsafeArchiveError)
        throw bad(e.problem === 'tooLarge' || e.problem === 'tooManyEntries' ? archiveErrorMessage(e, locale) : t('v.fileType'));
      throw e;
    }
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw bad(t('v.fileType'));
    }
    const sheet = wb.worksheets[0];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      const cell = (i: number) => {
        const v = row.getCell(i).value;
        return v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'text' in v
            ? String(v.text)
            : typeof v === 'object' && 'result' in v
              ? String(v.result ?? '')
              : String(v);
      };
      rows.push([cell(1), cell(2)]);
    });
  } else {
    const text = data.toString('utf8');
    // A binary file (control characters other than tab and line ends) is not a CSV.
    if (
      [...text.slice(0, 65_536)].some((ch) => {
        const c = ch.charCodeAt(0);
        return c < 32 && c !== 9 && c !== 10 && c !== 13;
      })
    )
      throw bad(t('v.fileType'));
    for (const l of text.replace(/^\uFEFF/, '').split(/\r?\n/)) rows.push([l]);
  }
  const out: QuickLine[] = [];
  rows.forEach((r, i) => {
    const text = r
      .filter((c) => c.trim() !== '')
      .join(' ')
      .trim();
    if (!text) return;
    if (i === 0 && !/\d\s*$/.test(text)) return; // a header row
    out.push({ line: i + 1, text });
  });
  return out;
}

/** Adds the valid lines to the cart in one transaction; answers the count and the invalid lines. */
export async function quickOrder(buyer: Buyer, lines: QuickLine[], locale: Locale, db: Db = getDb()): Promise<QuickResult> {
  const t = translator(shopMessages, locale);
  if (lines.length === 0) throw new HttpError(422, t('v.linesRequired'), { lines: [t('v.linesRequired')] });
  if (lines.length > MAX_QUICK_LINES)
    throw new HttpError(422, t('v.tooManyLines', { max: MAX_QUICK_LINES }), { lines: [t('v.tooManyLines', { max: MAX_QUICK_LINES })] });
  const parsed = lines.map((l) => ({ ...l, parsed: parseQuickLine(l.text) }));
  const numbers = [...new Set(parsed.map((p) => p.parsed?.number.toUpperCase()).filter((n): n is string => Boolean(n)))];
  const found =
    numbers.length === 0
      ? []
      : await db
          .select({
            id: productCatalogNumbers.id,
            number: productCatalogNumbers.number,
            multiple: productCatalogNumbers.multiple,
            multipleUnit: productCatalogNumbers.multipleUnit,
            choiceOfVersion: products.choiceOfVersion,
            buyable: buyable(),
          })
          .from(productCatalogNumbers)
          .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
          .where(inArray(sql`upper(${productCatalogNumbers.number})`, numbers));
  const byNumber = new Map<string, (typeof found)[number]>();
  for (const f of found) if (!byNumber.has(f.number.toUpperCase()) || f.buyable) byNumber.set(f.number.toUpperCase(), f);
  const prices = await pricesFor(
    db,
    buyer.customerId,
    found.map((f) => f.id),
  );
  const invalid: QuickResult['invalid'] = [];
  const valid: { id: number; quantity: number; line: number; text: string; unit: string }[] = [];
  for (const p of parsed) {
    if (!p.parsed || !Number.isFinite(p.parsed.quantity)) {
      invalid.push({ line: p.line, text: p.text, reason: t('quick.format') });
      continue;
    }
    const n = byNumber.get(p.parsed.number.toUpperCase());
    if (!n) {
      invalid.push({ line: p.line, text: p.text, reason: t('quick.unknown') });
      continue;
    }
    if (!n.buyable) {
      invalid.push({ line: p.line, text: p.text, reason: t('quick.inactive') });
      continue;
    }
    if (versionsOf(n.choiceOfVersion).length) {
      invalid.push({ line: p.line, text: p.text, reason: t('quick.version') });
      continue;
    }
    if (!checkQuantity(p.parsed.quantity, Number(n.multiple)).ok) {
      const msg = quantityMessage(t, locale, p.parsed.quantity, Number(n.multiple), n.multipleUnit) ?? '';
      const options = msg.split(': ').pop()?.replace(/\.$/, '') ?? '';
      invalid.push({ line: p.line, text: p.text, reason: t('quick.multiple', { multiple: String(Number(n.multiple)), unit: n.multipleUnit, options }) });
      continue;
    }
    if (prices.get(n.id)?.customer == null) {
      invalid.push({ line: p.line, text: p.text, reason: t('v.noPrice') });
      continue;
    }
    valid.push({ id: n.id, quantity: p.parsed.quantity, line: p.line, text: p.text, unit: n.multipleUnit });
  }
  let added = 0;
  const addedLines: ((typeof valid)[number] & { total: number })[] = [];
  if (valid.length) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const cart = await cartOf(tx, buyer.userId, true);
      for (const v of valid) {
        const result = await addToLine(tx, cart.id, v.id, v.quantity, '');
        if ('id' in result) {
          added++;
          // The warning weighs the line as it now is in the cart (what was there plus this line).
          addedLines.push({ ...v, total: result.quantity });
        } else invalid.push({ line: v.line, text: v.text, reason: quantityMaxMessage(t, locale, result.refusedTotal, v.unit, 'quick.max') });
      }
    });
  }
  invalid.sort((a, b) => a.line - b.line);
  const stock = await availabilityOfNumbers(
    addedLines.map((v) => ({ id: v.id, unit: v.unit })),
    db,
  );
  const warnings: QuickResult['warnings'] = [];
  for (const v of addedLines) {
    const a = stock.get(v.id);
    const message = a ? stockWarning(a, v.total, locale) : null;
    if (message) warnings.push({ line: v.line, text: v.text, message });
  }
  return { added, invalid, warnings };
}
