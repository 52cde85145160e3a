// The one Zod schema of each newsletter form: the API parses with it, the forms check with it first.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { SIGNUP_FORMS } from './constants';
import { newsletterMessages } from './messages';

/** The hidden field bots fill in: a filled one is answered like a success and nothing is stored. */
export const HONEYPOT_FIELD = 'website';

const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes'].includes(v.toLowerCase()));

function fields(locale: Locale) {
  const t = translator(newsletterMessages, locale);
  return {
    name: z.preprocess(
      asText,
      oneLine(
        z
          .string(t('v.required'))
          .min(1, t('v.required'))
          .max(100, t('v.max', { max: 100 })),
        t,
      ),
    ),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
      z
        .string(t('v.required'))
        .min(1, { error: t('v.required'), abort: true })
        .max(254, t('v.max', { max: 254 }))
        .refine((e) => z.email().safeParse(e).success, t('v.email')),
    ),
  };
}

/** POST /api/newsletter: name, email, consent (required, SPEC section 5) and which form sent it. */
export function subscribeSchema(locale: Locale) {
  const t = translator(newsletterMessages, locale);
  return z.object({
    ...fields(locale),
    consent: z.preprocess(asBool, z.literal(true, t('v.consent'))),
    form: z.preprocess((v) => (v === undefined || v === null || v === '' ? 'page' : v), z.enum(SIGNUP_FORMS, t('v.choice'))),
    [HONEYPOT_FIELD]: z.preprocess(asText, z.string().max(200)).optional(),
  });
}
export type SubscribeInput = z.infer<ReturnType<typeof subscribeSchema>>;

/** POST /api/calculator/purchase: who buys (the access link goes to this address). */
export function purchaseSchema(locale: Locale) {
  return z.object({ ...fields(locale), [HONEYPOT_FIELD]: z.preprocess(asText, z.string().max(200)).optional() });
}
export type PurchaseInput = z.infer<ReturnType<typeof purchaseSchema>>;

/** Tokens of the mail links: 43 base64url characters (32 random bytes). */
export const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
