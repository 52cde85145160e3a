// The shared Zod schema of the API key form: the admin API parses with it, the screen shows its messages.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import { integrationsMessages } from '../messages';
import { API_SCOPES } from '../scopes';

export const MAX_KEY_NAME = 100;

export function apiKeySchema(locale: Locale) {
  const t = translator(integrationsMessages, locale);
  return z.object({
    name: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      oneLine(
        z
          .string({ error: t('v.name') })
          .min(1, t('v.name'))
          .max(MAX_KEY_NAME, t('v.name')),
        locale,
      ),
    ),
    // A form sends a repeated field (one value: a string); JSON an array.
    scopes: z.preprocess(
      (v) => (typeof v === 'string' ? [v] : (v ?? [])),
      z.array(z.enum(API_SCOPES, { error: t('v.scopes') }), { error: t('v.scopes') }).min(1, t('v.scopes')),
    ),
  });
}
export type ApiKeyInput = z.infer<ReturnType<typeof apiKeySchema>>;
