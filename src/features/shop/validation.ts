// Zod schemas of the shop's calls, used by the pages before sending and by the API (parseOr422).
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { moneyInput } from '~/core/money/money-schema';
import { shopMessages } from './messages';
import { MAX_QUANTITY, TRANSPORT_KIND_LIST } from './rules';

type T = ReturnType<typeof translator<keyof typeof shopMessages.pl & string>>;

const asText = (v: unknown) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
const bool = z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true' || v === 'on', z.boolean());
const blankToUndefined = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : v);
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A one-line field (address fields, a cart line's note, names): a line break is refused. */
function text(t: T, max: number, required = false) {
  const base = z.string().max(max, t('v.max', { max }));
  return z.preprocess(asText, oneLine(required ? base.min(1, t('v.required')) : base, t));
}

/** The order's notes (a text area): line breaks kept. */
function longText(t: T, max: number) {
  return z.preprocess(asText, z.string().max(max, t('v.max', { max })));
}

export const POSTCODE_RE = /^\d{2}-\d{3}$/;
const PHONE_RE = /^[0-9 +()-]{0,20}$/;

export const DELIVERY_ADDRESS_FIELDS = ['name', 'email', 'phone_number', 'town', 'street', 'home', 'flat', 'postcode', 'post'] as const;

/** SPEC section 3 "Address" typed on the delivery-data screen (full_street derived). */
export function deliveryAddressSchema(t: T) {
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
          .regex(PHONE_RE, t('v.max', { max: 20 })),
      ),
      town: text(t, 100, true),
      street: text(t, 150, true),
      home: text(t, 20),
      flat: text(t, 20),
      postcode: z.preprocess(
        asText,
        z
          .string()
          .min(1, { error: t('v.required'), abort: true })
          .regex(POSTCODE_RE, t('v.postcode')),
      ),
      post: text(t, 100),
    })
    .transform((a) => ({ ...a, full_street: joinStreet(a) }));
}

/** "Usługowa" + "10B" + "2" gives "Usługowa 10B/2". */
export function joinStreet(a: { street: string; home: string; flat: string }): string {
  const number = a.home.trim() ? (a.flat.trim() ? `${a.home.trim()}/${a.flat.trim()}` : a.home.trim()) : a.flat.trim();
  return [a.street.trim(), number].filter(Boolean).join(' ');
}

/** POST /api/cart/positions */
export function addPositionSchema(locale: Locale) {
  const t = translator(shopMessages, locale);
  return z.object({
    product_catalog_number_id: z.preprocess(blankToUndefined, id.optional()).refine((v) => v !== undefined, t('v.numberUnknown')),
    quantity: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: t('v.required') })
        .positive(t('v.required'))
        .max(MAX_QUANTITY, t('v.required')),
    ),
    additional_informations: text(t, 50).optional(),
  });
}

/** PUT /api/cart/positions/{id}: {quantity} or {additional_informations}. */
export function updatePositionSchema(locale: Locale) {
  const t = translator(shopMessages, locale);
  return z
    .object({
      quantity: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: t('v.required') })
          .positive(t('v.required'))
          .max(MAX_QUANTITY, t('v.required'))
          .optional(),
      ),
      additional_informations: text(t, 50).optional(),
    })
    .refine((v) => v.quantity !== undefined || v.additional_informations !== undefined, { message: t('v.required'), path: ['quantity'] });
}

/** PUT /api/cart: order and delivery data. */
export function saveCartSchema(locale: Locale) {
  const t = translator(shopMessages, locale);
  return z
    .object({
      // Blank or null clears the transport (leaving the personal pickup on the delivery data); absent keeps it.
      transport_type_id: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
      is_different_delivery_address: bool.optional(),
      delivery_address_id: z.preprocess(blankToUndefined, id.nullable().optional()),
      delivery_address: z.unknown().optional(),
      save_delivery_address: bool.optional(),
      additional_informations: longText(t, 2000).optional(),
    })
    .transform((v, ctx) => {
      let address: z.infer<ReturnType<typeof deliveryAddressSchema>> | undefined;
      if (v.is_different_delivery_address) {
        const parsed = deliveryAddressSchema(t).safeParse(v.delivery_address ?? {});
        if (!parsed.success) {
          for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: ['delivery_address', ...issue.path] });
          return z.NEVER;
        }
        address = parsed.data;
      }
      return { ...v, delivery_address: address };
    });
}
export type SaveCartInput = z.infer<ReturnType<typeof saveCartSchema>>;

/** The Idempotency-Key header of POST /api/orders. */
export const IDEMPOTENCY_KEY_RE = /^[A-Za-z0-9._:-]{1,200}$/;

/** POST /api/cart/quick-order: pasted lines (the file is read separately). */
export const MAX_QUICK_LINES = 500;

/** Admin: a transport type. */
export function transportTypeSchema(locale: Locale) {
  const t = translator(shopMessages, locale);
  const optionalPositive = z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: t('admin.tt.number') })
      .positive(t('admin.tt.number'))
      .max(1_000_000, t('admin.tt.number'))
      .optional(),
  );
  return z
    .object({
      name_pl: text(t, 120, true),
      name_en: text(t, 120, true),
      kind: z.enum(TRANSPORT_KIND_LIST, { error: t('v.required') }),
      unit_price: z.preprocess((v) => (v === undefined || v === null || v === '' ? '0' : String(v)), moneyInput({ locale, max: 100_000_000 })),
      max_kg_per_unit: optionalPositive,
      max_m3_per_unit: optionalPositive,
      max_units: z.preprocess(
        blankToUndefined,
        z.coerce
          .number({ error: t('admin.tt.number') })
          .int(t('admin.tt.number'))
          .min(1, t('admin.tt.number'))
          .max(100_000)
          .optional(),
      ),
      max_total_kg: optionalPositive,
      is_active: bool.default(false),
      position: z.preprocess((v) => (v === '' || v === undefined || v === null ? 0 : v), z.coerce.number().int().min(0).max(100_000)),
    })
    .transform((v) => ({
      ...v,
      max_kg_per_unit: v.max_kg_per_unit ?? null,
      max_m3_per_unit: v.max_m3_per_unit ?? null,
      max_units: v.max_units ?? null,
      max_total_kg: v.max_total_kg ?? null,
    }));
}
export type TransportTypeInput = z.infer<ReturnType<typeof transportTypeSchema>>;

/** POST /api/orders/{id}/reject (issue 40): why the approver rejects (mailed to the buyer). */
export function rejectOrderSchema(locale: Locale) {
  const t = translator(shopMessages, locale);
  return z.object({
    comment: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: t('approval.comment') })
        .min(1, t('approval.comment'))
        .max(2000, t('v.max', { max: 2000 })),
    ),
  });
}
