// The shared Zod schema of the customer form: the admin API parses with it and the form uses the
// same rules, with messages in the user's language.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { moneyInput } from '~/core/money/money-schema';
import { COMPANY_ROLES } from '~/features/accounts/accounts.schema';
import { type Locale, translator } from '~/core/i18n/locale';
import { ADDRESS_INPUT_FIELDS, type Address, fullStreet, isBlankAddress } from './addresses';
import { customerMessages } from './messages';
import { normalizeTaxNumber } from '~/core/tax-number';

type T = ReturnType<typeof translator<keyof typeof customerMessages.pl & string>>;

export const PAYMENT_DEADLINE_MAX = 365;

/** Form values as strings: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const POSTCODE_RE = /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/;

/** A one-line field (every text field of a customer and its addresses is one). */
function text(t: T, max: number, required = false) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

/** The customer's tax number (core/tax-number.ts): a Polish NIP or a foreign VAT number; empty is allowed. */
export { normalizeTaxNumber };

function taxNumber(t: T) {
  return z.preprocess(asText, z.string().max(30, t('nip.invalid'))).transform((v, ctx) => {
    const r = normalizeTaxNumber(v);
    if (!r.ok) {
      ctx.addIssue({ code: 'custom', message: t('nip.invalid') });
      return z.NEVER;
    }
    return r.value;
  });
}

/** One address; full_street is derived from street, home and flat. */
export function addressSchema(t: T) {
  return z
    .object({
      name: text(t, 255, true),
      email: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
        z
          .string()
          .max(254, t('v.max', { max: 254 }))
          .refine((e) => e === '' || z.email().safeParse(e).success, t('v.email')),
      ),
      phone_number: z.preprocess(
        asText,
        z
          .string()
          .max(20, t('v.max', { max: 20 }))
          .refine((p) => p === '' || PHONE_RE.test(p), t('v.phone')),
      ),
      town: text(t, 100, true),
      street: text(t, 150),
      home: text(t, 20),
      flat: text(t, 20),
      postcode: z.preprocess(
        asText,
        z
          .string()
          .min(1, { error: t('v.required'), abort: true })
          .refine((p) => POSTCODE_RE.test(p), t('v.postcode')),
      ),
      post: text(t, 100),
    })
    .transform((a): Address => ({ ...a, full_street: fullStreet(a) }));
}

/** A delivery address of the form: a saved one carries its id. */
function deliveryAddressSchema(t: T) {
  return z
    .object({ id: z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : v), z.coerce.number().int().positive().optional()) })
    .and(addressSchema(t));
}

const pickAddressFields = (v: unknown) => {
  if (!v || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  return Object.fromEntries(['id', ...ADDRESS_INPUT_FIELDS].filter((k) => k in o).map((k) => [k, o[k]]));
};

/** The largest approval limit (grosze; an integer column). */
export const APPROVAL_LIMIT_MAX = 2_000_000_000;

/** An optional amount (core/money): '' or null is none (null), absent stays undefined (unchanged). */
export function optionalMoney(loc: Locale) {
  return z.preprocess(
    (v) => (v === undefined ? undefined : v === null ? '' : asText(v)),
    z.union([z.literal('').transform(() => null), moneyInput({ locale: loc, max: APPROVAL_LIMIT_MAX })]).optional(),
  );
}

/** POST/PUT /api/admin/customers: SPEC section 3 "Customer" with its addresses. */
export function customerSchema(loc: Locale) {
  const t = translator(customerMessages, loc);
  return z.object({
    name: text(t, 255, true),
    tax_identification_nr: taxNumber(t),
    payment_deadline_days: z.preprocess(
      asText,
      z
        .string()
        .min(1, { error: t('v.required'), abort: true })
        .regex(/^\d+$/, t('v.paymentDays', { max: PAYMENT_DEADLINE_MAX }))
        .transform(Number)
        .refine((n) => n <= PAYMENT_DEADLINE_MAX, t('v.paymentDays', { max: PAYMENT_DEADLINE_MAX })),
    ),
    enova_kod: text(t, 50),
    enova_definicja_ceny: text(t, 100),
    /** The most the owner may set as approval limit (issue 40), in złoty; empty: no maximum; absent: unchanged. */
    approval_limit_max: optionalMoney(loc),
    is_active: z.preprocess(asBool, z.boolean()),
    /** An invoice address left blank means "none defined" (the cart then asks to contact the administrator). */
    invoice_address: z.preprocess((v) => (isBlankAddress(v) ? null : pickAddressFields(v)), addressSchema(t).nullable()),
    delivery_addresses: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v.map(pickAddressFields) : v),
      z.array(deliveryAddressSchema(t)).max(100, t('v.maxAddresses', { max: 100 })),
    ),
  });
}
export type CustomerInput = z.infer<ReturnType<typeof customerSchema>>;

/** The record version a form was loaded with (optimistic locking: 409 when stale). */
export function versionSchema(loc: Locale) {
  const t = translator(customerMessages, loc);
  return z.object({
    version: z.coerce
      .number({ error: t('v.version') })
      .int(t('v.version'))
      .positive(t('v.version')),
  });
}

/** PUT /api/company: the customer's approval limit (złoty; empty: none). */
export function companyLimitSchema(loc: Locale) {
  return z.object({ approval_limit: optionalMoney(loc).transform((v) => v ?? null) });
}

/** PUT /api/company/users/{id}: a colleague's company role and own approval limit (empty: the customer's). */
export function colleagueSchema(loc: Locale) {
  const t = translator(customerMessages, loc);
  return z.object({
    company_role: z.enum(COMPANY_ROLES, { error: t('company.err.role') }),
    approval_limit: optionalMoney(loc).transform((v) => v ?? null),
  });
}
