// KSeF e-invoices (issue 39): an FA(3) XML becomes an invoice of the customer its buyer NIP names.
// One path for the admin's upload, the integration API (POST /api/integration/v1/invoices) and the
// KSeF sync. The XML is refused before any parser sees it when it carries a DTD or is too large,
// then validated against the official FA(3) schema offline, then read; it is stored unchanged (its
// SHA-256 is the one in the verification QR code).
//
// Re-import (the same invoice number): for the same customer the invoice is UPDATED from the new
// XML (amounts, dates, lines, the XML file; a KSeF number is added when it had none; a PDF uploaded
// earlier stays, a payment recorded in the portal stays unless the XML says paid) so an ERP may send
// an invoice again, e.g. once KSeF has given it its number. Sending the very same bytes again changes
// nothing. For another customer, or with a KSeF number other than the one it has, the answer is 409.
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { getDb } from '~/core/db/db.server';
import { getStorage, safeFilename, saveFile } from '~/core/files/storage.server';
import { files } from '~/core/files/files.schema';
import { HttpError, validationError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { clearPageCache } from '~/core/server/page-cache.server';
import { addDays } from '~/core/time/days';
import { customers } from '~/features/customers/customers.schema';
import { invoices } from './invoices.schema';
import { checkFa3, Fa3Error, type Fa3Invoice, MAX_FA3_BYTES } from './ksef/fa3.server';
import { parseKsefNumber } from './ksef/ksef-number';
import { ksefMessages } from './ksef/messages';
import { INVOICE_NUMBER_PATTERN } from './validation';

export const ksefT = (locale: Locale) => translator(ksefMessages, locale);

const MAX_INT = 2_147_483_647;

export interface ImportFa3Input {
  xml: Buffer;
  ksefNumber?: string | null;
  actor: Actor;
  locale?: Locale;
  /** 'xml': an upload or the integration API; 'ksef': the KSeF sync. */
  source?: 'xml' | 'ksef';
}

export interface ImportFa3Result {
  id: number;
  number: string;
  /** false: an existing invoice of the same number and customer was updated (or left as it was). */
  created: boolean;
  message: string;
}

/** The 422 of an XML refused by fa3.server (field `file`). */
export function fa3Problem(e: Fa3Error, locale: Locale): HttpError {
  const t = ksefT(locale);
  const text =
    e.problem === 'tooLarge'
      ? t('x.tooLarge', { max: MAX_FA3_BYTES / 1024 / 1024 })
      : e.problem === 'namespace'
        ? t('x.namespace', { ns: e.detail })
        : e.problem === 'schema' || e.problem === 'content'
          ? t(`x.${e.problem}`, { detail: e.detail })
          : t(`x.${e.problem}`);
  return validationError({ file: [text] });
}

/** A KSeF number checked against the invoice: shape, CRC-8, the seller's NIP, a date not before the issue. */
export function checkKsefNumber(value: string, invoice: Pick<Fa3Invoice, 'seller' | 'issueDate'>, locale: Locale): string {
  const t = ksefT(locale);
  const bad = (m: string) => validationError({ ksef_number: [m] });
  const parsed = parseKsefNumber(value);
  if (!parsed.ok) {
    const key = { length: 'x.ksefLength', format: 'x.ksefFormat', date: 'x.ksefDate', checksum: 'x.ksefChecksum' } as const;
    throw bad(t(key[parsed.problem]));
  }
  if (parsed.number.sellerNip !== invoice.seller.nip) throw bad(t('x.ksefSeller', { ksef: parsed.number.sellerNip, seller: invoice.seller.nip ?? '–' }));
  if (parsed.number.date < invoice.issueDate) throw bad(t('x.ksefBeforeIssue', { date: parsed.number.date, issue: invoice.issueDate }));
  return value;
}

/** Imports (or re-imports) one FA(3) invoice; every refusal is a 422 (409 for a conflict) naming its cause. */
export async function importFa3Invoice(input: ImportFa3Input): Promise<ImportFa3Result> {
  const locale = input.locale ?? 'pl';
  const t = ksefT(locale);
  let fa: Fa3Invoice;
  try {
    fa = await checkFa3(input.xml);
  } catch (e) {
    if (e instanceof Fa3Error) throw fa3Problem(e, locale);
    throw e;
  }
  const ksefNumber = input.ksefNumber?.trim() ? checkKsefNumber(input.ksefNumber.trim(), fa, locale) : null;
  if (!INVOICE_NUMBER_PATTERN.test(fa.number)) throw validationError({ file: [t('x.number', { number: fa.number.slice(0, 80) })] });
  if (fa.currency !== 'PLN') throw validationError({ file: [t('x.currency', { currency: fa.currency })] });
  if (fa.net < 0 || fa.gross < fa.net || fa.gross > MAX_INT) throw validationError({ file: [t('x.amounts')] });
  const nip = fa.buyer.nip;
  if (!nip) throw validationError({ file: [t('x.noBuyerNip')] });

  const db = getDb();
  const matches = await db
    .select({ id: customers.id, days: customers.paymentDeadlineDays })
    .from(customers)
    .where(sql`regexp_replace(${customers.taxIdentificationNr}, '\\D', '', 'g') = ${nip}`)
    .limit(2);
  if (matches.length === 0) throw validationError({ file: [t('x.unknownNip', { nip, number: fa.number })] }, t('x.unknownNip', { nip, number: fa.number }));
  if (matches.length > 1) throw validationError({ file: [t('x.ambiguousNip', { nip, number: fa.number })] });
  const customer = matches[0];
  const dueDate = fa.dueDate ?? addDays(fa.issueDate, Math.max(0, customer.days));
  if (dueDate < fa.issueDate) throw validationError({ file: [t('x.dueBeforeIssue', { due: dueDate, issue: fa.issueDate })] });
  const paidOn = fa.paid ? (fa.paidOn && fa.paidOn >= fa.issueDate ? fa.paidOn : fa.issueDate) : null;

  // The bytes first (a refused transaction leaves the file to the unused-file collector).
  const stored = await saveFile({
    data: input.xml,
    filename: `${safeFilename(fa.number.replace(/[/\\]/g, '-'))}.xml`,
    contentType: 'application/xml',
    owner: 'invoices',
  });
  const source = input.source ?? 'xml';
  try {
    const result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('invoices_import'))`);
      const [existing] = await tx.select().from(invoices).where(sql`upper(${invoices.number}) = upper(${fa.number})`).for('update').limit(1);
      if (ksefNumber) {
        const [other] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(and(eq(invoices.ksefNumber, ksefNumber), existing ? ne(invoices.id, existing.id) : undefined))
          .limit(1);
        if (other) throw new HttpError(409, t('x.ksefTaken', { ksef: ksefNumber }), { ksef_number: [t('x.ksefTaken', { ksef: ksefNumber })] });
      }
      const values = {
        number: fa.number,
        customerId: customer.id,
        issueDate: fa.issueDate,
        dueDate,
        netAmount: fa.net,
        grossAmount: fa.gross,
        xmlFileId: stored.id,
      };
      if (!existing) {
        const row = { ...values, paidOn, ksefNumber, source };
        const [created] = await tx.insert(invoices).values(row).returning({ id: invoices.id });
        await recordChange(tx, { ...input.actor, entity: 'invoice', entityId: created.id, action: 'create', after: { id: created.id, ...row } });
        return { id: created.id, created: true };
      }
      if (existing.customerId !== customer.id) {
        const m = t('x.numberOtherCustomer', { number: fa.number });
        throw new HttpError(409, m, { file: [m] });
      }
      if (existing.ksefNumber && ksefNumber && existing.ksefNumber !== ksefNumber) {
        const m = t('x.ksefChanged', { number: fa.number, ksef: existing.ksefNumber });
        throw new HttpError(409, m, { ksef_number: [m] });
      }
      // The same bytes again (and no new KSeF number): nothing changes.
      if (existing.xmlFileId && (!ksefNumber || existing.ksefNumber === ksefNumber)) {
        const [old] = await tx.select({ key: files.storageKey, size: files.size }).from(files).where(eq(files.id, existing.xmlFileId)).limit(1);
        if (old && old.size === input.xml.length && (await getStorage().get(old.key)).equals(input.xml)) return { id: existing.id, created: false };
      }
      const change = { ...values, paidOn: paidOn ?? existing.paidOn, ksefNumber: ksefNumber ?? existing.ksefNumber };
      const [after] = await tx
        .update(invoices)
        .set({ ...change, updatedAt: new Date(), version: sql`${invoices.version} + 1` })
        .where(eq(invoices.id, existing.id))
        .returning();
      await recordChange(tx, { ...input.actor, entity: 'invoice', entityId: existing.id, action: 'update', before: { ...existing }, after: { ...after } });
      return { id: existing.id, created: false };
    });
    clearPageCache();
    return { ...result, number: fa.number, message: t(result.created ? 'msg.imported' : 'msg.reimported', { number: fa.number }) };
  } catch (e) {
    const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code === '23505')
      throw new HttpError(409, t('x.numberOtherCustomer', { number: fa.number }), { file: [t('x.numberOtherCustomer', { number: fa.number })] });
    throw e;
  }
}
