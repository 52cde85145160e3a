// The shared Zod schemas of the accounts feature: the API (JSON or multipart), the page actions
// and the forms in the browser (Conform) parse with the same schema, with messages in the
// user's language. The common-password list is only on the server: the browser passes no
// `isCommonPassword` and the server refuses such a password on submit.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { accountMessages } from './messages';

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export interface SchemaOptions {
  /** Server side: true when the password is on the list of common passwords. */
  isCommonPassword?: (password: string) => boolean;
}

type T = ReturnType<typeof translator<keyof typeof accountMessages.pl & string>>;

/** Form values as strings: null/undefined become '', strings are trimmed. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Passwords are kept as typed (no trimming). */
const asRaw = (v: unknown) => (v === null || v === undefined ? '' : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

/** A one-line text field (every text field of an account is one). */
function text(t: T, max: number, required: boolean) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

function email(t: T) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
    z
      .string({ error: t('v.required') })
      .min(1, t('v.required'))
      .max(254, t('v.max', { max: 254 }))
      .pipe(z.email({ error: t('v.email') })),
  );
}

function checkbox() {
  return z.preprocess(asBool, z.boolean());
}

function requiredConsent(t: T) {
  return z.preprocess(asBool, z.literal(true, { error: t('v.consent') }));
}

function locale(t: T) {
  return z.preprocess(asText, z.enum(['pl', 'en'], { error: t('v.locale') }));
}

function password(t: T) {
  return z.preprocess(
    asRaw,
    z
      .string({ error: t('v.required') })
      .min(1, t('v.required'))
      .min(PASSWORD_MIN, t('v.passwordMin', { min: PASSWORD_MIN }))
      .max(PASSWORD_MAX, t('v.passwordMax', { max: PASSWORD_MAX })),
  );
}

/** A password given to prove who you are (login, current password): only required. */
function givenPassword(t: T) {
  return z.preprocess(
    asRaw,
    z
      .string({ error: t('v.required') })
      .min(1, t('v.required'))
      .max(1024, t('v.max', { max: 1024 })),
  );
}

const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const PL_POSTCODE_RE = /^\d{2}-\d{3}$/;
const TAX_ID_RE = /^[A-Za-z]{0,2}[0-9A-Za-z -]{5,20}$/;

/** True for Poland written in either language or as its code (the default country). */
export function isPoland(country: string): boolean {
  return ['', 'polska', 'poland', 'pl'].includes(country.trim().toLowerCase());
}

/** Polish NIP: 10 digits (dashes, spaces and a PL prefix allowed) with a valid check digit. */
export function isValidNip(value: string): boolean {
  const digits = value.replace(/^PL/i, '').replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return false;
  const w = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = w.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]);
}

type Ctx = z.core.$RefinementCtx<Record<string, unknown>>;

/** Cross-field rules also run when another field is invalid, so a 422 lists every invalid field. */
const ALWAYS = { when: () => true };

function issue(ctx: Ctx, path: string, message: string) {
  ctx.addIssue({ code: 'custom', path: [path], message });
}

/** Password rules that need other fields: not the e-mail, not common, confirmed. */
function checkNewPassword(t: T, ctx: Ctx, v: Record<string, unknown>, opts: SchemaOptions, names: { password: string; confirmation: string; email?: string }) {
  const pw = typeof v[names.password] === 'string' ? (v[names.password] as string) : '';
  const confirmation = typeof v[names.confirmation] === 'string' ? (v[names.confirmation] as string) : '';
  const mail = names.email && typeof v[names.email] === 'string' ? (v[names.email] as string).toLowerCase() : '';
  if (pw.length >= PASSWORD_MIN) {
    const lower = pw.trim().toLowerCase();
    const local = mail.split('@')[0] ?? '';
    if (mail && (lower === mail || (local.length >= 4 && lower === local))) issue(ctx, names.password, t('v.passwordEmail'));
    else if (opts.isCommonPassword?.(pw)) issue(ctx, names.password, t('v.passwordCommon'));
  }
  if (pw !== confirmation && confirmation !== '') issue(ctx, names.confirmation, t('v.passwordConfirmation'));
}

/** Profile fields with the rules that depend on the country and on a B2B request. */
function profileShape(t: T) {
  return {
    company: text(t, 200, false),
    position: text(t, 100, false),
    address: text(t, 200, false),
    city: text(t, 100, false),
    country: text(t, 100, false),
    province: text(t, 100, false),
    postcode: text(t, 12, false),
    tax_identification_nr: text(t, 30, false),
    is_b2b_request: checkbox(),
  };
}

function checkProfile(t: T, ctx: Ctx, v: Record<string, unknown>) {
  const s = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : '');
  const poland = isPoland(s('country'));
  if (s('postcode') && poland && !PL_POSTCODE_RE.test(s('postcode'))) issue(ctx, 'postcode', t('v.postcode'));
  const taxId = s('tax_identification_nr');
  if (taxId) {
    if (poland && !isValidNip(taxId)) issue(ctx, 'tax_identification_nr', t('v.nip'));
    else if (!poland && !TAX_ID_RE.test(taxId)) issue(ctx, 'tax_identification_nr', t('v.taxId'));
  }
  if (v.is_b2b_request === true) {
    for (const k of ['company', 'tax_identification_nr', 'address', 'city', 'postcode'] as const) {
      if (!s(k)) issue(ctx, k, t('v.b2b'));
    }
  }
}

function phone(t: T) {
  return z.preprocess(
    asText,
    z
      .string()
      .max(20, t('v.max', { max: 20 }))
      .refine((p) => p === '' || PHONE_RE.test(p), t('v.phone')),
  );
}

/** POST /api/register and the register page: every field of SPEC section 3. */
export function registerSchema(loc: Locale, opts: SchemaOptions = {}) {
  const t = translator(accountMessages, loc);
  return z
    .object({
      first_name: text(t, 100, true),
      surname: text(t, 100, true),
      email: email(t),
      password: password(t),
      password_confirmation: z.preprocess(asRaw, z.string().min(1, t('v.required'))),
      default_locale: locale(t),
      ...profileShape(t),
      phone: phone(t),
      accepted_terms: requiredConsent(t),
      accepted_privacy: requiredConsent(t),
      accepted_rodo: requiredConsent(t),
      accepted_marketing: checkbox(),
    })
    .superRefine((v, ctx) => {
      checkNewPassword(t, ctx as Ctx, v, opts, { password: 'password', confirmation: 'password_confirmation', email: 'email' });
      checkProfile(t, ctx as Ctx, v);
    }, ALWAYS);
}
export type RegisterInput = z.infer<ReturnType<typeof registerSchema>>;

export function loginSchema(loc: Locale) {
  const t = translator(accountMessages, loc);
  return z.object({ email: email(t), password: givenPassword(t), remember: checkbox() });
}
export type LoginInput = z.infer<ReturnType<typeof loginSchema>>;

export function forgotPasswordSchema(loc: Locale) {
  const t = translator(accountMessages, loc);
  return z.object({ email: email(t) });
}

export function resetPasswordSchema(loc: Locale, opts: SchemaOptions = {}) {
  const t = translator(accountMessages, loc);
  return z
    .object({
      token: z.preprocess(asText, z.string().min(1, t('v.resetInvalid')).max(200, t('v.resetInvalid'))),
      email: email(t),
      password: password(t),
      password_confirmation: z.preprocess(asRaw, z.string().min(1, t('v.required'))),
    })
    .superRefine((v, ctx) => checkNewPassword(t, ctx as Ctx, v, opts, { password: 'password', confirmation: 'password_confirmation', email: 'email' }), ALWAYS);
}
export type ResetPasswordInput = z.infer<ReturnType<typeof resetPasswordSchema>>;

/** My account: basic data. */
export function basicDataSchema(loc: Locale) {
  const t = translator(accountMessages, loc);
  return z.object({ first_name: text(t, 100, true), surname: text(t, 100, true), email: email(t), phone: phone(t) });
}
export type BasicDataInput = z.infer<ReturnType<typeof basicDataSchema>>;

/** My account: basic settings. */
export function settingsSchema(loc: Locale) {
  const t = translator(accountMessages, loc);
  return z.object({ default_locale: locale(t) });
}

/** My account: password change with the current password (the e-mail comes from the account). */
export function changePasswordSchema(loc: Locale, opts: SchemaOptions & { email?: string } = {}) {
  const t = translator(accountMessages, loc);
  return z
    .object({
      current_password: givenPassword(t),
      password: password(t),
      password_confirmation: z.preprocess(asRaw, z.string().min(1, t('v.required'))),
    })
    .superRefine((v, ctx) => {
      checkNewPassword(t, ctx as Ctx, { ...v, email: opts.email ?? '' }, opts, {
        password: 'password',
        confirmation: 'password_confirmation',
        email: 'email',
      });
      if (v.current_password && v.password && v.current_password === v.password) issue(ctx as Ctx, 'password', t('v.passwordSame'));
    }, ALWAYS);
}
export type ChangePasswordInput = z.infer<ReturnType<typeof changePasswordSchema>>;

/** My account: profile. */
export function profileSchema(loc: Locale) {
  const t = translator(accountMessages, loc);
  return z.object(profileShape(t)).superRefine((v, ctx) => checkProfile(t, ctx as Ctx, v), ALWAYS);
}
export type ProfileInput = z.infer<ReturnType<typeof profileSchema>>;

/**
 * My account: consents. Only the marketing consent can be withdrawn here; the required ones
 * (terms, privacy, rodo) are shown as given and explained (withdrawing them means deleting the account).
 */
export function consentsSchema(_loc: Locale) {
  return z.object({ accepted_marketing: checkbox() });
}
export type ConsentsInput = z.infer<ReturnType<typeof consentsSchema>>;
