// Zod schemas of money fields. Apart from money.ts so that pages which only format amounts do not
// carry Zod into the browser.
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { DECIMAL, formatMoney, fromDecimal, type Grosze, MAX_GROSZE, parseMoney } from './money';
import { moneyMessages } from './messages';

export interface MoneyInputOptions {
  locale?: Locale;
  /** Smallest accepted amount in grosze; default 0 (no negative amounts). */
  min?: Grosze;
  /** Largest accepted amount in grosze; default MAX_GROSZE. */
  max?: Grosze;
}

/**
 * A Zod schema for a money field of a form or an API body: a string as parseMoney reads it
 * ("1 234,50", "1,234.50", and the JSON form "1234.50"); the output is grosze. A bare number is
 * refused (grosze or złote? the contract sends strings). Messages in the given language.
 */
export function moneyInput(opts: MoneyInputOptions = {}) {
  const locale = opts.locale ?? 'pl';
  const t = translator(moneyMessages, locale);
  const min = opts.min ?? 0;
  const max = opts.max ?? MAX_GROSZE;
  return z.string({ error: t('money.invalid') }).transform((value, ctx): Grosze => {
    const g = parseMoney(value);
    if (g === null) {
      ctx.addIssue({ code: 'custom', message: t('money.invalid') });
      return z.NEVER;
    }
    if (g < min) {
      ctx.addIssue({ code: 'custom', message: t('money.min', { min: formatMoney(min, locale) }) });
      return z.NEVER;
    }
    if (g > max) {
      ctx.addIssue({ code: 'custom', message: t('money.max', { max: formatMoney(max, locale) }) });
      return z.NEVER;
    }
    return g;
  });
}

/** A Zod schema for the JSON form ("1234.50", exactly two places); the output is grosze. */
export const moneyDecimal = z
  .string()
  .regex(DECIMAL, 'expected a decimal string with two places, e.g. "1234.50"')
  .transform((v) => fromDecimal(v));
