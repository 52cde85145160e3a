import type { Locale } from './locale';

// Catalogue units are stored as the provider writes them (Polish abbreviations, SPEC section 3);
// an English page names them in English. An unknown unit is shown as stored.
const EN_UNITS: Record<string, string> = {
  'szt.': 'pcs',
  szt: 'pcs',
  'opak.': 'pack',
  'kpl.': 'set',
  kpl: 'set',
  rolka: 'reel',
  krążek: 'reel',
  karton: 'box',
  para: 'pair',
};

/** The unit as a reader of `locale` expects it ('szt.' -> 'pcs' in English). */
export function unitLabel(unit: string, locale: Locale): string {
  if (locale === 'pl') return unit;
  return EN_UNITS[unit.trim().toLowerCase()] ?? unit;
}
