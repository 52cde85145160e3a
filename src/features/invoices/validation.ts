// The invoice form's rules, shared by the admin upload page and the API (and each row of a batch index).
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { moneyInput } from '~/core/money/money-schema';
import { invoiceMessages } from './messages';

export const INVOICE_NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N} ._/-]{0,63}$/u;
export const MAX_INVOICE_MB = 20;
export const MAX_BATCH_INVOICES = 100;
export const MAX_BATCH_MB = 200;
export const INVOICES_PER_PAGE = 25;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day 'YYYY-MM-DD' (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const m = ISO.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3]) &&
    Number(m[1]) >= 2000 &&
    Number(m[1]) <= 2100
  );
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v);

/** The fields of one invoice (the PDF is checked separately, from its bytes). */
export function invoiceSchema(locale: Locale) {
  const t = translator(invoiceMessages, locale);
  const date = z.preprocess(text, z.string({ error: t('v.date') }).refine(isIsoDate, t('v.date')));
  return z
    .object({
      number: z.preprocess(
        text,
        z
          .string({ error: t('v.required') })
          .min(1, t('v.required'))
          .regex(INVOICE_NUMBER_PATTERN, t('v.number')),
      ),
      customer_id: z.preprocess(
        (v) => {
          const s = text(v);
          return typeof s === 'string' && /^\d{1,9}$/.test(s) ? Number(s) : undefined;
        },
        z
          .number({ error: t('v.customer') })
          .int()
          .min(1, t('v.customer')),
      ),
      issue_date: date,
      due_date: date,
      net_amount: z.preprocess(text, moneyInput({ locale, max: 100_000_000_000 })),
      gross_amount: z.preprocess(text, moneyInput({ locale, max: 100_000_000_000 })),
      paid_on: z.preprocess((v) => (text(v) === '' ? null : text(v)), z.string().refine(isIsoDate, t('v.date')).nullable()),
    })
    .superRefine((v, ctx) => {
      if (v.due_date < v.issue_date) ctx.addIssue({ code: 'custom', path: ['due_date'], message: t('v.dueBeforeIssue') });
      if (v.paid_on !== null && v.paid_on < v.issue_date) ctx.addIssue({ code: 'custom', path: ['paid_on'], message: t('v.paidBeforeIssue') });
      if (v.gross_amount < v.net_amount) ctx.addIssue({ code: 'custom', path: ['gross_amount'], message: t('v.grossBelowNet') });
    });
}

export type InvoiceInput = z.infer<ReturnType<typeof invoiceSchema>>;

/** Unpaid and past its due date (dates as 'YYYY-MM-DD', today as it is in Poland). */
export function isOverdue(invoice: { dueDate: string; paidOn: string | null }, today: string): boolean {
  return invoice.paidOn === null && invoice.dueDate < today;
}
