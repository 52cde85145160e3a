import { type Locale, numberFormat } from './locale';

const UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/**
 * The size of a file, the same on every page and in both languages (issue 17): decimal units
 * (1 kB = 1000 B, as the SI prefixes and the catalogue's data sheets write them), one decimal at
 * most, the page's decimal separator: "48 kB", "2,9 kB" / "2.9 kB", "1,2 MB", "512 B".
 */
export function formatFileSize(bytes: number, locale: Locale): string {
  const fmt = numberFormat(locale, 1);
  const n = Math.max(0, Math.round(bytes));
  if (n < 1000) return `${fmt.format(n)} B`;
  let value = n / 1000;
  let unit = 0;
  // 999 960 B is "1 MB", not "1000 kB": the unit is chosen after rounding.
  while (Math.round(value * 10) / 10 >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${fmt.format(Math.round(value * 10) / 10)} ${UNITS[unit]}`;
}
