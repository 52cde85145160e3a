// The one Zod schema of each form: the API parses with it and the page checks with it before
// sending (messages in the user's language).
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { attachmentsSchema } from '~/core/files/attachments';
import { type Locale, translator } from '~/core/i18n/locale';
import { normalizeTaxNumber } from '~/core/tax-number';
import { todayInWarsaw } from '~/core/time/days';
import { CONTACT_SUBJECTS, PREFERRED_ACTIONS } from './constants';
import { formsMessages } from './messages';

type T = ReturnType<typeof translator<keyof typeof formsMessages.pl & string>>;

/** Form values as text: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const POSTCODE_RE = /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/;
const ISO_DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A text area's value (description, message, comment): line breaks kept. */
function longText(t: T, max: number, required = false) {
  let s = z.string(t('v.required')).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, s);
}

/** A one-line field (names, addresses, numbers): a line break is refused. */
function text(t: T, max: number, required = false) {
  let s = z.string(t('v.required')).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

function email(t: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
    z
      .string(t('v.required'))
      .min(1, { error: t('v.required'), abort: true })
      .max(254, t('v.max', { max: 254 }))
      .refine((e) => z.email().safeParse(e).success, t('v.email')),
  );
}

function phone(t: T, required: boolean) {
  return z.preprocess(
    asText,
    z
      .string(t('v.required'))
      .refine((p) => !required || p !== '', { message: t('v.required'), abort: true })
      .refine((p) => p === '' || PHONE_RE.test(p), t('v.phone')),
  );
}

function postcode(t: T, required: boolean) {
  return z.preprocess(
    asText,
    z
      .string(t('v.required'))
      .refine((p) => !required || p !== '', { message: t('v.required'), abort: true })
      .refine((p) => p === '' || POSTCODE_RE.test(p), t('v.postcode')),
  );
}

function isRealDate(v: string): boolean {
  if (!ISO_DATE_RE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** A past or present day 'YYYY-MM-DD' (the date picker's value format, SPEC section 5). */
function pastDate(t: T, today: string) {
  return z.preprocess(
    asText,
    z
      .string(t('v.required'))
      .min(1, { error: t('v.required'), abort: true })
      .refine(isRealDate, { message: t('v.date'), abort: true })
      .refine((d) => d <= today, t('v.dateFuture')),
  );
}

function consent(t: T) {
  return z.preprocess(asBool, z.literal(true, t('v.consent')));
}

/** The honeypot field: people leave it empty (it is hidden); a filled one marks a bot. */
export const HONEYPOT_FIELD = 'website';

/** POST /api/complaints (SPEC section 3 "Complaint"). */
export function complaintSchema(locale: Locale, opts: { today?: string } = {}) {
  const t = translator(formsMessages, locale);
  const today = opts.today ?? todayInWarsaw();
  return z
    .object({
      company_name: text(t, 255, true),
      tax_identification_nr: z.preprocess(asText, z.string().max(30, t('v.nip'))).transform((v, ctx) => {
        const r = normalizeTaxNumber(v);
        if (!r.ok) {
          ctx.addIssue({ code: 'custom', message: t('v.nip') });
          return z.NEVER;
        }
        return r.value;
      }),
      street: text(t, 150, true),
      postcode: postcode(t, true),
      post: text(t, 100, true),
      contact_person: text(t, 150, true),
      phone: phone(t, true),
      email: email(t),
      purchase_date: pastDate(t, today),
      purchase_document_number: text(t, 100, true),
      product_name: text(t, 255, true),
      description: longText(t, 5000, true),
      defect_noticed_date: pastDate(t, today),
      preferred_action: z.preprocess(asText, z.enum(PREFERRED_ACTIONS, t('v.choice'))),
      preferred_action_other: text(t, 500),
      is_different_delivery_address: z.preprocess(asBool, z.boolean()),
      delivery_name: text(t, 255),
      delivery_street: text(t, 150),
      delivery_postcode: postcode(t, false),
      delivery_post: text(t, 100),
      attachments: attachmentsSchema(locale),
      accepted_privacy: consent(t),
      accepted_rodo: consent(t),
      [HONEYPOT_FIELD]: z.preprocess(asText, z.string()).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.preferred_action === 'other' && v.preferred_action_other === '') {
        ctx.addIssue({ code: 'custom', path: ['preferred_action_other'], message: t('v.required') });
      }
      if (v.is_different_delivery_address) {
        for (const key of ['delivery_name', 'delivery_street', 'delivery_postcode', 'delivery_post'] as const) {
          if (v[key] === '') ctx.addIssue({ code: 'custom', path: [key], message: t('v.required') });
        }
      }
      if (isRealDate(v.purchase_date) && isRealDate(v.defect_noticed_date) && v.defect_noticed_date < v.purchase_date) {
        ctx.addIssue({ code: 'custom', path: ['defect_noticed_date'], message: t('v.defectBeforePurchase') });
      }
    })
    .transform((v) => ({
      ...v,
      preferred_action_other: v.preferred_action === 'other' ? v.preferred_action_other : '',
      ...(v.is_different_delivery_address ? {} : { delivery_name: '', delivery_street: '', delivery_postcode: '', delivery_post: '' }),
    }));
}
export type ComplaintInput = z.infer<ReturnType<typeof complaintSchema>>;

/** POST /api/contact. */
export function contactSchema(locale: Locale) {
  const t = translator(formsMessages, locale);
  return z.object({
    name: text(t, 150, true),
    email: email(t),
    phone: phone(t, false),
    subject: z.preprocess(asText, z.enum(CONTACT_SUBJECTS, t('v.choice'))),
    message: longText(t, 5000, true),
    accepted_privacy: consent(t),
    [HONEYPOT_FIELD]: z.preprocess(asText, z.string()).optional(),
  });
}
export type ContactInput = z.infer<ReturnType<typeof contactSchema>>;

/** PUT /api/admin/complaints/{id}. */
export function complaintStatusSchema(locale: Locale) {
  const t = translator(formsMessages, locale);
  return z.object({
    status: z.preprocess(asText, z.string().min(1, t('v.required')).max(40)),
    /** The status the admin saw: the change applies only if it still holds (else 409). */
    from: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string().max(40).optional()),
    comment: longText(t, 2000),
  });
}

/** POST /api/admin/complaints/{id}/notes. */
export function complaintNoteSchema(locale: Locale) {
  const t = translator(formsMessages, locale);
  return z.object({ body: longText(t, 5000, true) });
}
