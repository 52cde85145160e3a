// The shared Zod schemas of the rentals: the booking form checks its values with them before it
// sends, and the API parses with the same schemas (messages in the user's language).
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { MAX_GROSZE, parseMoney } from '~/core/money/money';
import { type RentalMessageKey, rentalMessages } from './messages';
import { daysBetween, isIsoDay, isPickerDay } from '~/core/time/days';
import { DELIVERIES, MAX_TURNAROUND_DAYS } from './rules';
import { CARRIERS } from './statuses';

/** The longest period one calendar request may ask for (about six months). */
export const MAX_CALENDAR_SPAN_DAYS = 186;

type T = ((key: RentalMessageKey, vars?: Record<string, string | number>) => string) & { locale: Locale };

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

const PHONE_RE = /^\+?[0-9 ()-]{6,20}$/;
const POSTCODE_RE = /^[0-9A-Za-z][0-9A-Za-z -]{1,10}$/;
const FOREIGN_VAT_RE = /^(?!PL)[A-Z]{2}[0-9A-Z+*.]{2,13}$/;
const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7];

/** A Polish NIP with a valid check digit (returned as 10 digits), or an EU VAT number; null otherwise. */
export function normalizeTaxId(value: string): string | null {
  const compact = value.replace(/[\s-]/g, '').toUpperCase();
  if (FOREIGN_VAT_RE.test(compact)) return compact;
  const digits = compact.replace(/^PL/, '');
  if (!/^\d{10}$/.test(digits)) return null;
  const sum = NIP_WEIGHTS.reduce((s, w, i) => s + w * Number(digits[i]), 0);
  return sum % 11 === Number(digits[9]) ? digits : null;
}

/** A one-line field (names, address fields, model, serial number): a line break is refused. */
function text(t: T, max: number, required = true) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

/** A text area's value (description, accessories): line breaks kept. */
function longText(t: T, max: number, required = true) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, s);
}

function day(t: T) {
  return z.preprocess(
    asText,
    z.string({ error: t('range.invalid') }).refine((v) => isIsoDay(v), t('range.invalid')),
  );
}

function postcode(t: T) {
  return z.preprocess(
    asText,
    z
      .string()
      .min(1, { error: t('v.required'), abort: true })
      .refine((p) => POSTCODE_RE.test(p), t('v.postcode')),
  );
}

function phone(t: T, required: boolean) {
  return z.preprocess(
    asText,
    z
      .string()
      .max(20, t('v.max', { max: 20 }))
      .refine((p) => (required ? p !== '' : true), t('v.required'))
      .refine((p) => p === '' || PHONE_RE.test(p), t('v.phone')),
  );
}

/** SPEC section 3 "Address": the courier's delivery address. */
function addressSchema(t: T) {
  return z.object({
    name: text(t, 255),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
      z
        .string()
        .max(254, t('v.max', { max: 254 }))
        .refine((e) => e === '' || z.email().safeParse(e).success, t('v.email')),
    ),
    phone_number: phone(t, true),
    town: text(t, 100),
    street: text(t, 150),
    home: text(t, 20),
    flat: text(t, 20, false),
    postcode: postcode(t),
    post: text(t, 100),
  });
}

export type DeliveryAddressInput = z.infer<ReturnType<typeof addressSchema>>;

/** The booking of `POST /api/tester-rentals`; the date rules themselves are checked by the service (rules.ts). */
export function bookingSchema(locale: Locale) {
  const t = translator(rentalMessages, locale);
  return z
    .object({
      tester_id: z.preprocess(
        asText,
        z
          .string()
          .regex(/^[1-9]\d{0,8}$/, t('v.tester'))
          .transform(Number),
      ),
      datetime_from: day(t),
      datetime_to: day(t),
      is_personal_pickup: z.preprocess(asBool, z.boolean()),
      tenant_name: text(t, 255),
      tenant_tax_id: z
        .preprocess(
          asText,
          z
            .string()
            .min(1, { error: t('v.required'), abort: true })
            .max(30, t('v.taxId')),
        )
        .transform((v, ctx) => {
          const n = normalizeTaxId(v);
          if (n === null) {
            ctx.addIssue({ code: 'custom', message: t('v.taxId') });
            return z.NEVER;
          }
          return n;
        }),
      tenant_street: text(t, 150),
      tenant_postcode: postcode(t),
      tenant_post: text(t, 100),
      tenant_phone: phone(t, true),
      tenant_person: text(t, 255),
      delivery_address: z.unknown().optional(),
      accepted_terms: z.preprocess(asBool, z.literal(true, { error: t('v.terms') })),
    })
    .transform((v, ctx) => {
      if (v.is_personal_pickup) return { ...v, delivery_address: null };
      const parsed = addressSchema(t).safeParse(v.delivery_address ?? {});
      if (!parsed.success) {
        for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: ['delivery_address', ...issue.path] } as never);
        return z.NEVER;
      }
      return { ...v, delivery_address: parsed.data };
    });
}

export type BookingInput = z.output<ReturnType<typeof bookingSchema>>;

/** How the meter travels (`delivery` of the calendar and the quote); a pickup when not given. */
function delivery() {
  return z.preprocess((v) => (v === undefined || v === '' ? 'pickup' : v), z.enum(DELIVERIES));
}

/** `GET /api/testers/{id}/calendar?from=&to=&delivery=`: real days in order, at most MAX_CALENDAR_SPAN_DAYS. */
export function calendarQuerySchema(locale: Locale) {
  const t = translator(rentalMessages, locale);
  return z.object({ from: day(t), to: day(t), delivery: delivery() }).superRefine((v, ctx) => {
    // A field's own refinement does not stop this one: only two real days are compared.
    if (!isIsoDay(v.from) || !isIsoDay(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: t('range.beforeStart') });
    else if (daysBetween(v.from, v.to) >= MAX_CALENDAR_SPAN_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: t('v.calendarSpan', { max: MAX_CALENDAR_SPAN_DAYS }) });
  });
}

/** `GET /api/testers/{id}/quote?from=&to=&delivery=`. */
export function quoteQuerySchema(locale: Locale) {
  const t = translator(rentalMessages, locale);
  return z.object({ from: day(t), to: day(t), delivery: delivery() });
}

function money(t: T) {
  return z.preprocess(
    asText,
    z.string().transform((v, ctx) => {
      const g = parseMoney(v);
      if (g === null || g < 0 || g > MAX_GROSZE) {
        ctx.addIssue({ code: 'custom', message: t('v.money') });
        return z.NEVER;
      }
      return g;
    }),
  );
}

/** The admin form of a tester (prices as "250,00" or "250.00", net PLN). */
export function testerSchema(locale: Locale) {
  const t = translator(rentalMessages, locale);
  return z.object({
    name: text(t, 200),
    model: text(t, 200, false),
    serial_number: text(t, 100, false),
    description_pl: longText(t, 20_000, false),
    description_en: longText(t, 20_000, false),
    accessories_pl: longText(t, 5000, false),
    accessories_en: longText(t, 5000, false),
    image_ids: z.preprocess(
      (v) => (v === undefined || v === '' ? [] : Array.isArray(v) ? v : typeof v === 'object' && v ? Object.values(v) : [v]),
      z.array(z.string().uuid()).max(20),
    ),
    price_per_day: money(t),
    threshold_days: z.preprocess(
      asText,
      z
        .string()
        .regex(/^\d{1,3}$/, t('v.threshold'))
        .transform(Number)
        .refine((n) => n >= 1 && n <= 365, t('v.threshold')),
    ),
    extra_day_price: money(t),
    deposit: money(t),
    is_active: z.preprocess(asBool, z.boolean()),
    calibration_valid_until: z.preprocess(
      (v) => (v === undefined || v === null ? '' : asText(v)),
      z.union([z.literal('').transform(() => null), z.string().refine((v) => isPickerDay(v), t('v.calibrationDate'))]),
    ),
    turnaround_before_days: turnaround(t),
    turnaround_after_days: turnaround(t),
  });
}

/** Working days of a meter's turnaround: 0 to MAX_TURNAROUND_DAYS (empty: 0). */
function turnaround(t: T) {
  const message = t('v.turnaround', { max: MAX_TURNAROUND_DAYS });
  return z.preprocess(
    (v) => (v === undefined || v === '' ? '0' : asText(v)),
    z
      .string()
      .regex(/^\d{1,2}$/, message)
      .transform(Number)
      .refine((n) => n <= MAX_TURNAROUND_DAYS, message),
  );
}

export type TesterInput = z.output<ReturnType<typeof testerSchema>>;

/** `PUT /api/admin/tester-rentals/{id}`. */
export function adminRentalSchema(locale: Locale) {
  const t = translator(rentalMessages, locale);
  return z.object({
    status: z.preprocess(asText, z.string().min(1, t('v.required')).max(40)),
    carrier: z.preprocess((v) => (v === undefined ? undefined : asText(v)), z.enum(CARRIERS, { error: t('v.carrier') }).optional()),
    waybill_number: z.preprocess((v) => (v === undefined ? undefined : asText(v)), oneLine(z.string().max(60, t('v.max', { max: 60 })), t).optional()),
    return_waybill_number: z.preprocess((v) => (v === undefined ? undefined : asText(v)), oneLine(z.string().max(60, t('v.max', { max: 60 })), t).optional()),
    comment: z.preprocess(
      (v) => (v === undefined ? undefined : asText(v)),
      z
        .string()
        .max(2000, t('v.max', { max: 2000 }))
        .optional(),
    ),
    cost: z.preprocess((v) => (v === undefined || v === '' ? undefined : v), money(t).optional()),
    cost_correction_reason: z.preprocess(
      (v) => (v === undefined ? undefined : asText(v)),
      z
        .string()
        .max(500, t('v.max', { max: 500 }))
        .optional(),
    ),
    version: z.preprocess(asText, z.string().regex(/^\d+$/).transform(Number)).optional(),
  });
}
