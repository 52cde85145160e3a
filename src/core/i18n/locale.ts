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
 * Returns a translator for one locale; `{name}` placeholders are filled from `vars`, and a count's
 * words follow the language's plural rules (Intl.PluralRules) with the ICU form
 * `{n, plural, one {# pozycję} few {# pozycje} other {# pozycji}}` (`=0 {…}` for an exact number,
 * `#` for the number). It carries its `locale`, so a shared helper given a feature's translator can
 * add core messages in the same language.
 */
export function translator<K extends string>(messages: Messages<K>, locale: Locale) {
  const table = messages[locale];
  const t = (key: K, vars?: Record<string, string | number>) => {
    const text = table[key] ?? messages.pl[key] ?? key;
    if (!vars) return text;
    return withPlurals(text, vars, locale).replace(/\{(\w+)\}/g, (_, v: string) => String(vars[v] ?? `{${v}}`));
  };
  return Object.assign(t, { locale });
}

const PLURAL_RULES = { pl: new Intl.PluralRules('pl'), en: new Intl.PluralRules('en') };
const PLURAL_START = /\{(\w+), plural,/g;

/** Replaces every `{name, plural, …}` block of a message by the form the number asks for. */
function withPlurals(text: string, vars: Record<string, string | number>, locale: Locale): string {
  if (!text.includes(', plural,')) return text;
  let out = '';
  let from = 0;
  for (const m of text.matchAll(PLURAL_START)) {
    if (m.index < from) continue;
    const forms = new Map<string, string>();
    let i = m.index + m[0].length;
    // Options: a selector (one, few, =0 …) and its text in braces, which may hold placeholders.
    while (i < text.length && text[i] !== '}') {
      const sel = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(i));
      if (!sel) break;
      let depth = 1;
      let j = i + sel[0].length;
      const start = j;
      for (; j < text.length && depth > 0; j++) depth += text[j] === '{' ? 1 : text[j] === '}' ? -1 : 0;
      forms.set(sel[1], text.slice(start, j - 1));
      i = j;
      while (text[i] === ' ') i++;
    }
    const n = Number(vars[m[1]]);
    const form = forms.get(`=${n}`) ?? forms.get(PLURAL_RULES[locale].select(n)) ?? forms.get('other') ?? '';
    out += text.slice(from, m.index) + form.replaceAll('#', String(vars[m[1]]));
    from = i + 1;
  }
  return out + text.slice(from);
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
