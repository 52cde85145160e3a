// One-line text fields (names, company, city, titles, an investment's name, ...): a line break or
// another control character typed or pasted into one is refused at input (422 under the field),
// because these values end up in mail subjects, PDF lines, file names and headers. Text areas
// (descriptions, notes, comments, messages) keep their line breaks and do not use this.
import type { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';

/** C0 controls (tab, CR, LF, ...), DEL, C1 controls (NEL, ...) and the Unicode line/paragraph separators. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a one-line field refuses
const NOT_ONE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function isOneLine(value: string): boolean {
  return !NOT_ONE_LINE.test(value);
}

/** The translated message of a field that is not one line. */
export function oneLineMessage(locale: Locale | { locale: Locale }): string {
  return translator(coreMessages, typeof locale === 'string' ? locale : locale.locale)('v.oneLine');
}

/**
 * The schema refusing a value with a line break or control character. `lang` is the locale or a
 * feature's translator (which carries its locale): `oneLine(z.string().max(100), t)`.
 */
export function oneLine<S extends z.ZodType<string>>(schema: S, lang: Locale | { locale: Locale }): S {
  return schema.refine(isOneLine, { message: oneLineMessage(lang) }) as S;
}
