// The shop's rules, shared by the pages (what they show before sending) and the server (what it
// accepts and stores): quantities as whole multiples, the version choice, line values, weights and
// volumes, transport counts and costs, totals with VAT (SPEC sections 3 and 9, issue 11).
// Pure functions; money is integer grosze (core/money).
import { type Grosze, sumGrosze, totalsOfNet } from '~/core/money/money';
import { PERSONAL_PICKUP_ADDRESS } from '~/core/company';
import type { Locale } from '~/core/i18n/locale';

/** SPEC section 9 (the same strings as catalog.schema's VERSION_CHOICE / VERSIONS; a test keeps them equal). */
export const VERSION_CHOICE = 'Flatpack/Szafa złożona';
export const VERSIONS = ['Flatpack', 'Szafa złożona'] as const;

/** The versions a product is offered in. */
export function versionsOf(choiceOfVersion: string | null | undefined): string[] {
  return choiceOfVersion === VERSION_CHOICE ? [...VERSIONS] : [];
}

/** Is this one of the stored version values (then pages show its `version.*` label, never the stored text)? */
export function isVersion(value: string | null | undefined): value is (typeof VERSIONS)[number] {
  return (VERSIONS as readonly string[]).includes(value ?? '');
}

/** Is this version valid for the product ('' when it has no choice)? */
export function isValidVersion(choiceOfVersion: string | null | undefined, version: string | null | undefined): boolean {
  const versions = versionsOf(choiceOfVersion);
  if (versions.length === 0) return !version;
  return versions.includes(version ?? '');
}

/** Quantities and multiples are kept to 3 decimal places (numeric(…, 3) in the database). */
const SCALE = 1000;
const scaled = (n: number) => Math.round(n * SCALE);

/** The largest quantity of one line. */
export const MAX_QUANTITY = 1_000_000;

export type QuantityCheck = { ok: true } | { ok: false; lower: number | null; upper: number };

/**
 * A quantity is valid when it is positive, at most MAX_QUANTITY and a whole multiple of the
 * catalogue number's `multiple` (a 305 m reel: 305, 610, …). Otherwise the nearest valid
 * quantities below (null when there is none) and above.
 */
export function checkQuantity(quantity: number, multiple: number): QuantityCheck {
  const m = Math.max(1, scaled(multiple > 0 ? multiple : 1));
  const q = scaled(quantity);
  const fits = Number.isFinite(quantity) && q > 0 && Math.abs(quantity * SCALE - q) < 1e-6 && q % m === 0 && quantity <= MAX_QUANTITY;
  if (fits) return { ok: true };
  const safe = Number.isFinite(quantity) ? Math.min(Math.max(quantity, 0), MAX_QUANTITY) : 0;
  const below = Math.floor(scaled(safe) / m) * m;
  const above = Math.max(m, Math.ceil(scaled(safe) / m) * m);
  const upper = above / SCALE > MAX_QUANTITY ? below / SCALE : above / SCALE;
  return { ok: false, lower: below > 0 && below !== above ? below / SCALE : null, upper };
}

/** The next quantity up or down by one multiple (the stepper), never below one multiple. */
export function stepQuantity(quantity: number, multiple: number, direction: 1 | -1): number {
  const m = Math.max(1, scaled(multiple > 0 ? multiple : 1));
  const q = Math.floor(Math.max(scaled(quantity), 0) / m) * m;
  return Math.max(m, q + direction * m) / SCALE;
}

/** value_attribute: the price × quantity rounded half up to the grosz. */
export function lineValue(price: Grosze, quantity: number): Grosze {
  const q = BigInt(scaled(quantity));
  const product = BigInt(price) * q;
  const whole = product / BigInt(SCALE);
  const rest = product % BigInt(SCALE);
  return Number(rest * 2n >= BigInt(SCALE) ? whole + 1n : whole);
}

export interface MeasuredLine {
  quantity: number;
  /** kg per unit */
  weightKg: number;
  /** cm³ per unit */
  volumeCm: number;
}

/** Total weight in kg (3 places kept, shown with 2) and volume in cm³ of the lines. */
export function measure(lines: readonly MeasuredLine[]): { weightKg: number; volumeCm: number } {
  let grams = 0;
  let cm3 = 0;
  for (const l of lines) {
    grams += Math.round(l.weightKg * SCALE * l.quantity);
    cm3 += Math.round(l.volumeCm * l.quantity);
  }
  return { weightKg: grams / SCALE, volumeCm: cm3 };
}

/** SPEC section 9: m³ = volume_cm / 1,000,000. */
export function cubicMetres(volumeCm: number): number {
  return volumeCm / 1_000_000;
}

export const TRANSPORT_KIND_LIST = ['courier', 'pallet', 'pickup', 'custom'] as const;
export type TransportKind = (typeof TRANSPORT_KIND_LIST)[number];

/** The parcel limit of a courier when its type names none (kg per package). */
export const DEFAULT_MAX_KG_PER_PACKAGE = 30;

export interface TransportRule {
  kind: TransportKind;
  unitPrice: Grosze;
  maxKgPerUnit: number | null;
  maxM3PerUnit: number | null;
  maxUnits: number | null;
  maxTotalKg: number | null;
}

export interface TransportQuote {
  isCustom: boolean;
  packagesCount: number;
  palletsCount: number;
  cost: Grosze;
  /** The delivery address is the personal pickup constant. */
  isPickup: boolean;
}

const ceilRatio = (value: number, per: number) => Math.ceil(Math.round((value / per) * 1e6) / 1e6);

/**
 * Counts and cost of a shipment: courier packages = ceil(weight / max kg per package, default
 * 30), cost = packages × price; pallets = ceil(max(weight / max kg, m³ / max m³)), cost = pallets
 * × price; pickup free; custom no cost (priced individually). A courier or pallet shipment above
 * its type's limits (count or total weight) becomes custom. An empty shipment costs nothing.
 */
export function quoteTransport(rule: TransportRule | null, weightKg: number, volumeCm: number, hasLines: boolean): TransportQuote {
  const none: TransportQuote = { isCustom: false, packagesCount: 0, palletsCount: 0, cost: 0, isPickup: false };
  if (!rule) return none;
  if (rule.kind === 'pickup') return { ...none, isPickup: true };
  if (rule.kind === 'custom') return { ...none, isCustom: hasLines };
  if (!hasLines) return none;
  const overWeight = rule.maxTotalKg !== null && weightKg > rule.maxTotalKg;
  if (rule.kind === 'courier') {
    const per = rule.maxKgPerUnit && rule.maxKgPerUnit > 0 ? rule.maxKgPerUnit : DEFAULT_MAX_KG_PER_PACKAGE;
    const packagesCount = Math.max(1, ceilRatio(weightKg, per));
    const isCustom = overWeight || (rule.maxUnits !== null && packagesCount > rule.maxUnits);
    return { ...none, packagesCount, isCustom, cost: isCustom ? 0 : packagesCount * rule.unitPrice };
  }
  const byWeight = rule.maxKgPerUnit && rule.maxKgPerUnit > 0 ? ceilRatio(weightKg, rule.maxKgPerUnit) : 0;
  const byVolume = rule.maxM3PerUnit && rule.maxM3PerUnit > 0 ? ceilRatio(cubicMetres(volumeCm), rule.maxM3PerUnit) : 0;
  const palletsCount = Math.max(1, byWeight, byVolume);
  const isCustom = overWeight || (rule.maxUnits !== null && palletsCount > rule.maxUnits);
  return { ...none, palletsCount, isCustom, cost: isCustom ? 0 : palletsCount * rule.unitPrice };
}

export interface CartTotals {
  valueNetto: Grosze;
  transportCost: Grosze;
  net: Grosze;
  vat: Grosze;
  gross: Grosze;
}

/** net = Σ value_attribute + transport; VAT 23 % on the net total, half up; gross = net + VAT. */
export function cartTotals(values: readonly Grosze[], transportCost: Grosze): CartTotals {
  const valueNetto = sumGrosze(values);
  const t = totalsOfNet(sumGrosze([valueNetto, transportCost]));
  return { valueNetto, transportCost, ...t };
}

/** Weight shown with 2 decimals ("12.35"), SPEC section 9. */
export function weightText(weightKg: number): string {
  return twoPlaces(weightKg);
}

/** A non-negative number with 2 decimals, rounded half up on whole thousandths (84.725 -> "84.73"). */
function twoPlaces(n: number): string {
  const hundredths = Math.round(Math.round(n * 1000) / 10);
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** Volume in m³ with 2 decimals, SPEC section 9. */
export function volumeText(volumeCm: number): string {
  return twoPlaces(cubicMetres(volumeCm));
}

const TWO_DECIMALS = {
  pl: new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/** The weight as pages and PDFs write it: weightText's rounding, the locale's separator ("84,73 kg", "84.73 kg"). */
export function weightLabel(weightKg: number, locale: Locale): string {
  return `${TWO_DECIMALS[locale].format(Number(weightText(weightKg)))} kg`;
}

/** The volume as pages and PDFs write it: volumeText's rounding, the locale's separator ("0,12 m³"). */
export function volumeLabel(volumeCm: number, locale: Locale): string {
  return `${TWO_DECIMALS[locale].format(Number(volumeText(volumeCm)))} m³`;
}

/** ZS/2026/000123 */
export function orderNumber(year: number, sequence: number): string {
  return `ZS/${year}/${String(sequence).padStart(6, '0')}`;
}

/** One pasted line of the quick order: "catalogue-number quantity" (tab, spaces, ; or , between). */
export function parseQuickLine(line: string): { number: string; quantity: number } | null {
  const trimmed = line.trim();
  if (!trimmed) return null;
  const m = /^(.+?)[\s;,\t]+(\d+(?:[.,]\d{1,3})?)\s*$/.exec(trimmed);
  if (!m?.[1] || !m[2]) return { number: trimmed, quantity: Number.NaN };
  return { number: m[1].trim(), quantity: Number(m[2].replace(',', '.')) };
}

/** SPEC section 3: the personal pickup address (one constant in core, shared with customers and rentals). */
export const PICKUP_ADDRESS = PERSONAL_PICKUP_ADDRESS;

export function pickupAddress(locale: 'pl' | 'en') {
  return { ...PICKUP_ADDRESS, name: locale === 'en' ? 'Personal pickup at the warehouse' : PICKUP_ADDRESS.name };
}

/** One line of an address ("Usługowa 10B, 64-100 Leszno"). */
export function addressLine(a: { full_street: string; postcode: string; town: string; post?: string }): string {
  return [a.full_street, [a.postcode, a.post || a.town].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
