// The admin's webhook input: one schema for create and update (update takes any part of it).
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { MAX_URL_LENGTH, webhookUrlProblem } from '~/core/webhooks/outbound.server';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS } from '~/core/webhooks/webhooks.server';
import { webhooksMessages } from './messages';

const PROBLEM_KEYS = { invalid: 'v.url', https: 'v.https', credentials: 'v.credentials', internal: 'v.internal' } as const;

/** A form's boolean: true/false, or the '1'/'0'/'on' of a multipart checkbox. */
const flag = z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on']).transform((v) => v !== '0' && v !== 'false')]);

export function webhookSchema(locale: Locale) {
  const t = translator(webhooksMessages, locale);
  const url = z
    .string({ error: t('v.url') })
    .trim()
    .min(1, t('v.url'))
    .max(MAX_URL_LENGTH, t('v.url'))
    .superRefine((value, ctx) => {
      const problem = webhookUrlProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: t(PROBLEM_KEYS[problem]) });
    });
  const events = z
    .array(z.enum(WEBHOOK_EVENTS, { error: t('v.event') }), { error: t('v.events') })
    .min(1, t('v.events'))
    .max(WEBHOOK_EVENTS.length * 2, t('v.events'));
  return z.object({ url, events, active: flag.default(true) });
}

export function webhookUpdateSchema(locale: Locale) {
  return webhookSchema(locale).partial();
}

/** The delivery log's query: page and an optional status (invalid values fall back). */
export const deliveriesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional().catch(undefined),
});

export const endpointsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
