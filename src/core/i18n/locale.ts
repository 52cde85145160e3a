export const LOCALES = ['pl', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'pl';

export function isLocale(value: unknown): value is Locale {
  return value === 'pl' || value === 'en';
}

/** Picks the field of the given locale from a row with `xxxPl` / `xxxEn` columns. */
export function pick<T extends Record<string, unknown>, K extends string>(row: T, base: K, locale: Locale): string {
  const key = `${base}${locale === 'pl' ? 'Pl' : 'En'}`;
  return (row[key] as string | undefined) ?? '';
}

/** Messages of a feature: the same keys in both languages (the pl object is the source of keys). */
export type Messages<K extends string> = { pl: Record<K, string>; en: Record<K, string> };

export function defineMessages<const T extends Record<string, string>>(m: { pl: T; en: Record<keyof T, string> }) {
  return m as Messages<Extract<keyof T, string>>;
}

/**
 * Returns a translator for one locale; `{name}` placeholders are filled from `vars`. It carries its
 * `locale`, so a shared helper given a feature's translator can add core messages in the same language.
 */
export function translator<K extends string>(messages: Messages<K>, locale: Locale) {
  const table = messages[locale];
  const t = (key: K, vars?: Record<string, string | number>) => {
    const text = table[key] ?? messages.pl[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (_, v: string) => String(vars[v] ?? `{${v}}`)) : text;
  };
  return Object.assign(t, { locale });
}

const NUMBER_FMTS = new Map<string, Intl.NumberFormat>();

/** A number formatter for the locale, made once: building an Intl.NumberFormat costs more than formatting. */
export function numberFormat(locale: Locale, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}:${maximumFractionDigits}`;
  let fmt = NUMBER_FMTS.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits });
    NUMBER_FMTS.set(key, fmt);
  }
  return fmt;
}
