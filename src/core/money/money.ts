// Money as integer grosze (1 zł = 100 gr): stored as integers in the database, sent as decimal
// strings with two places in JSON ("1234.50"), shown as "1 234,50 zł" (pl) or "PLN 1,234.50" (en).
// No arithmetic here goes through floating point: amounts are integers and the VAT rounding is
// done on BigInt, so a total computed twice, on the server and in the browser, is the same grosz.
import type { Locale } from '~/core/i18n/locale';

/** An amount in grosze: a safe integer (negative for refunds and corrections). */
export type Grosze = number;

/** The standard Polish VAT rate, in percent. */
export const VAT_RATE = 23;

/** The VAT rate as labels write it ("23%"), in both languages; labels take it from here, never a literal. */
export function formatVatRate(rate: number = VAT_RATE): string {
  return `${rate}%`;
}

/** The largest amount accepted from input or JSON: 10^13 zł - 1 gr, well inside the safe integers. */
export const MAX_GROSZE = 10 ** 15 - 1;

/**
 * The no-break space (U+00A0) between digit groups and before "zł" in Polish, and after "PLN" in
 * English: the character Intl.NumberFormat('pl-PL') uses in Node's ICU. It is written here rather
 * than taken from Intl, so the server and every browser produce the same string (some ICU versions
 * use the narrow U+202F for other locales) and a rendered page never differs at hydration.
 */
export const NBSP = '\u00a0';

function isGrosze(value: number): boolean {
  return Number.isSafeInteger(value) && Math.abs(value) <= MAX_GROSZE;
}

function checked(value: number, what: string): Grosze {
  if (!isGrosze(value)) throw new RangeError(`${what}: not an amount in grosze: ${value}`);
  return value === 0 ? 0 : value; // never -0
}

// ---------------------------------------------------------------------------------------------
// JSON: decimal strings with two places

/** The JSON form of an amount: "1234.50" (exactly two places). */
export const DECIMAL = /^(-?)(0|[1-9]\d{0,12})\.(\d{2})$/;

/** The JSON form of an amount: "1234.50", "-0.05", "0.00". */
export function toDecimal(grosze: Grosze): string {
  const g = checked(grosze, 'toDecimal');
  const abs = Math.abs(g);
  const zl = Math.floor(abs / 100);
  const gr = abs % 100;
  return `${g < 0 ? '-' : ''}${zl}.${String(gr).padStart(2, '0')}`;
}

/**
 * An amount from its JSON form, exactly as toDecimal writes it (two decimal places, a dot, an
 * optional minus). Throws a RangeError on anything else: JSON is a contract, not user input.
 */
export function fromDecimal(value: string): Grosze {
  const m = DECIMAL.exec(value);
  if (!m) throw new RangeError(`fromDecimal: not a decimal with two places: "${value}"`);
  const g = Number(m[2]) * 100 + Number(m[3]);
  return g === 0 ? 0 : m[1] ? -g : g;
}

// ---------------------------------------------------------------------------------------------
// Parsing what a person typed

const GROUPED = { ' ': /^\d{1,3}(?: \d{3})*$/, ',': /^\d{1,3}(?:,\d{3})*$/, '.': /^\d{1,3}(?:\.\d{3})*$/ } as const;

/** Integer digits, written in groups of three with `sep` or without any separator. */
function groupedInteger(text: string, sep: keyof typeof GROUPED): string | null {
  if (/^\d+$/.test(text)) return text;
  return GROUPED[sep].test(text) ? text.split(sep).join('') : null;
}

/**
 * Grosze from an amount as a person writes it, in Polish or English: "1234,50", "1 234,50",
 * "1234.50", "1,234.50", "1.234,50", "-12", "12,5", "1 234,50 zł", "PLN 1,234.50". Spaces (also
 * no-break and thin ones) group thousands. A lone separator followed by exactly three digits
 * ("1,234", "1.234") is ambiguous (a thousand or one and a bit) and refused, as is anything with
 * more than two decimal places, letters other than the currency, or more than 13 integer digits.
 * Returns null for what is not an amount.
 */
export function parseMoney(input: string): Grosze | null {
  // The currency before or after the number ("PLN 12", "-PLN 12", "12 zł"), then the sign.
  let s = input
    .trim()
    .replace(/^([-\u2212]?)\s*(?:PLN|zł)\s*/i, '$1')
    .replace(/\s*(?:PLN|zł)$/i, '');
  const negative = /^[-\u2212]/.test(s);
  if (negative) s = s.slice(1);
  // Every kind of space (also the no-break and thin ones, which \s covers) groups thousands.
  s = s.replace(/\s/g, ' ');
  if (!/^\d[\d .,]*$/.test(s)) return null;

  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  let intPart = s;
  let fraction = '';

  if (dots > 0 && commas > 0) {
    // Both: the last one is the decimal separator, the other groups (and must occur only before it).
    const decimalSep = lastDot > lastComma ? '.' : ',';
    const groupSep: ',' | '.' = decimalSep === '.' ? ',' : '.';
    if ((decimalSep === '.' ? dots : commas) !== 1) return null;
    const at = decimalSep === '.' ? lastDot : lastComma;
    intPart = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (intPart.includes(' ')) return null;
    const digits = groupedInteger(intPart, groupSep);
    if (digits === null) return null;
    intPart = digits;
  } else if (dots + commas === 1) {
    const at = Math.max(lastDot, lastComma);
    const after = s.slice(at + 1);
    // "1,234" or "1.234": a thousand in one language, a fraction of three places in the other.
    if (/^\d{3}$/.test(after)) return null;
    intPart = s.slice(0, at);
    fraction = after;
  } else if (dots + commas > 1) {
    // The same separator several times can only group thousands: "1,234,567" or "1.234.567".
    const sep: ',' | '.' = dots ? '.' : ',';
    if (s.includes(' ')) return null;
    const digits = groupedInteger(s, sep);
    if (digits === null) return null;
    intPart = digits;
  }

  if (intPart.includes(' ')) {
    const digits = groupedInteger(intPart, ' ');
    if (digits === null) return null;
    intPart = digits;
  }
  if (!/^\d+$/.test(intPart) || !/^\d{0,2}$/.test(fraction)) return null;
  if (fraction === '' && (lastDot === s.length - 1 || lastComma === s.length - 1)) return null; // "12,"
  intPart = intPart.replace(/^0+(?=\d)/, '');
  if (intPart.length > 13) return null;
  const g = Number(intPart) * 100 + Number(fraction.padEnd(2, '0'));
  if (g === 0) return 0;
  return negative ? -g : g;
}

// ---------------------------------------------------------------------------------------------
// Showing

function grouped(digits: string, sep: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
}

/**
 * The amount without the currency, with two decimal places: "1 234,50" (pl, no-break spaces) or
 * "1,234.50" (en). For table columns whose header names the currency.
 */
export function formatAmount(grosze: Grosze, locale: Locale): string {
  const [sign, zl, gr] = parts(grosze);
  return locale === 'pl' ? `${sign}${grouped(zl, NBSP)},${gr}` : `${sign}${grouped(zl, ',')}.${gr}`;
}

/** "1 234,50 zł" in Polish, "PLN 1,234.50" in English (as Intl's pl-PL and en-GB currency formats). */
export function formatMoney(grosze: Grosze, locale: Locale): string {
  const [sign, zl, gr] = parts(grosze);
  return locale === 'pl' ? `${sign}${grouped(zl, NBSP)},${gr}${NBSP}zł` : `${sign}PLN${NBSP}${grouped(zl, ',')}.${gr}`;
}

function parts(grosze: Grosze): [sign: string, zl: string, gr: string] {
  const [int, fraction] = toDecimal(grosze).split('.') as [string, string];
  return int.startsWith('-') ? ['-', int.slice(1), fraction] : ['', int, fraction];
}

// ---------------------------------------------------------------------------------------------
// Arithmetic

/**
 * `amount * percent / 100` rounded half up to a whole grosz, on integers. Half up means half away
 * from zero, as the VAT act rounds (0.5 gr and more up, less dropped), so a correction of -x has
 * exactly the VAT of x with the sign turned.
 */
export function percentOf(amount: Grosze, percent: number): Grosze {
  checked(amount, 'percentOf');
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new RangeError(`percentOf: bad percent ${percent}`);
  const product = BigInt(amount) * BigInt(percent);
  const negative = product < 0n;
  const abs = negative ? -product : product;
  let q = abs / 100n;
  if ((abs % 100n) * 2n >= 100n) q += 1n;
  const result = Number(negative ? -q : q);
  return result === 0 ? 0 : result;
}

/** The VAT of a net total (rate in percent, 23 by default), rounded half up to a grosz. */
export function vatOf(net: Grosze, rate: number = VAT_RATE): Grosze {
  return percentOf(net, rate);
}

export interface Totals {
  net: Grosze;
  vat: Grosze;
  gross: Grosze;
}

/** Net, VAT and gross of a net total: the VAT is computed once on the total, gross = net + vat. */
export function totalsOfNet(net: Grosze, rate: number = VAT_RATE): Totals {
  const vat = vatOf(net, rate);
  return { net, vat, gross: checked(net + vat, 'totalsOfNet') };
}

/** The sum of amounts (e.g. line totals), checked to stay a safe amount. */
export function sumGrosze(amounts: Iterable<Grosze>): Grosze {
  let sum = 0;
  for (const a of amounts) sum += checked(a, 'sumGrosze');
  return checked(sum, 'sumGrosze');
}

/** A line total: unit price times a whole quantity. */
export function lineTotal(unit: Grosze, quantity: number): Grosze {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`lineTotal: quantity must be a whole number, got ${quantity}`);
  return checked(checked(unit, 'lineTotal') * quantity, 'lineTotal');
}
