// The calculation rules of the cable-tray fill and cable-separation calculator (SPEC sections 1 and 9).
// One module shared by the interactive calculator (components/), the workbook (workbook.server.ts,
// whose formulas compute the same) and the tests. Pure: no React, no server.
//
// Units: millimetres and square millimetres. The free-space reserve is a fraction (0.25 = 25 %).

export type CalcLocale = 'pl' | 'en';

/** A cable of the company's range with its nominal outer diameter (datasheet values). */
export interface CableType {
  id: string;
  pl: string;
  en: string;
  /** Outer diameter in mm. */
  diameter: number;
}

/** The company's cables offered in the calculator and in the workbook's cable data sheet. */
export const CABLES: readonly CableType[] = [
  { id: 'uutp-5e', pl: 'Kabel U/UTP kat. 5e 4x2x24AWG', en: 'U/UTP cat. 5e 4x2x24AWG cable', diameter: 5.2 },
  { id: 'futp-5e', pl: 'Kabel F/UTP kat. 5e 4x2x24AWG', en: 'F/UTP cat. 5e 4x2x24AWG cable', diameter: 6.0 },
  { id: 'uutp-6', pl: 'Kabel U/UTP kat. 6 4x2x23AWG', en: 'U/UTP cat. 6 4x2x23AWG cable', diameter: 6.2 },
  { id: 'futp-6', pl: 'Kabel F/UTP kat. 6 4x2x23AWG', en: 'F/UTP cat. 6 4x2x23AWG cable', diameter: 7.2 },
  { id: 'uutp-6a', pl: 'Kabel U/UTP kat. 6A 4x2x23AWG', en: 'U/UTP cat. 6A 4x2x23AWG cable', diameter: 7.8 },
  { id: 'uftp-6a', pl: 'Kabel U/FTP kat. 6A 4x2x23AWG', en: 'U/FTP cat. 6A 4x2x23AWG cable', diameter: 7.5 },
  { id: 'sftp-7', pl: 'Kabel S/FTP kat. 7 4x2x23AWG', en: 'S/FTP cat. 7 4x2x23AWG cable', diameter: 8.0 },
  { id: 'sftp-7a', pl: 'Kabel S/FTP kat. 7A 4x2x22AWG', en: 'S/FTP cat. 7A 4x2x22AWG cable', diameter: 8.3 },
  { id: 'fo-u-4', pl: 'Kabel światłowodowy uniwersalny 4J OS2', en: 'Universal fibre optic cable 4F OS2', diameter: 5.0 },
  { id: 'fo-u-12', pl: 'Kabel światłowodowy uniwersalny 12J OM4', en: 'Universal fibre optic cable 12F OM4', diameter: 6.0 },
  { id: 'fo-u-24', pl: 'Kabel światłowodowy uniwersalny 24J OS2', en: 'Universal fibre optic cable 24F OS2', diameter: 7.0 },
  { id: 'fo-mt-48', pl: 'Kabel światłowodowy wielotubowy 48J OS2', en: 'Multi-tube fibre optic cable 48F OS2', diameter: 10.0 },
  { id: 'fo-duplex', pl: 'Kabel światłowodowy duplex 2x2,0 mm', en: 'Duplex fibre optic cable 2x2.0 mm', diameter: 4.1 },
  { id: 'coax-rg6', pl: 'Kabel koncentryczny RG-6', en: 'RG-6 coaxial cable', diameter: 6.9 },
  { id: 'coax-rg11', pl: 'Kabel koncentryczny RG-11', en: 'RG-11 coaxial cable', diameter: 10.3 },
  { id: 'ytksy-5', pl: 'Kabel telekomunikacyjny YTKSY 5x2x0,5', en: 'YTKSY 5x2x0.5 telecom cable', diameter: 7.5 },
];

export function findCable(id: string): CableType | undefined {
  return CABLES.find((c) => c.id === id);
}

export function cableName(cable: CableType, locale: CalcLocale): string {
  return locale === 'en' ? cable.en : cable.pl;
}

/** Standard tray widths and side heights (mm). */
export const TRAY_WIDTHS = [50, 60, 100, 150, 200, 300, 400, 500, 600] as const;
export const TRAY_HEIGHTS = [35, 42, 50, 60, 85, 110] as const;

/** SPEC section 9: the default free-space reserve, 25 %. */
export const DEFAULT_RESERVE = 0.25;
/** The reserve the calculator accepts: 0 % to 90 %. */
export const MAX_RESERVE = 0.9;
/** Limits of a cable row. */
export const MAX_DIAMETER = 100;
export const MAX_COUNT = 10_000;

export interface Tray {
  width: number;
  height: number;
}

/**
 * Every standard tray (each width with each side height), smallest cross-section first and, for the
 * same cross-section, the narrower first: the order in which the recommendation looks for a tray.
 */
export const STANDARD_TRAYS: readonly Tray[] = TRAY_WIDTHS.flatMap((width) => TRAY_HEIGHTS.map((height) => ({ width, height }))).sort(
  (a, b) => a.width * a.height - b.width * b.height || a.width - b.width,
);

export interface CableRow {
  /** Outer diameter in mm. */
  diameter: number;
  count: number;
}

/** Cross-section of one cable: π d² / 4. */
export function cableArea(diameter: number): number {
  return (Math.PI * diameter * diameter) / 4;
}

/** Cross-section of all cables: Σ count × π d² / 4. */
export function cablesArea(rows: readonly CableRow[]): number {
  let sum = 0;
  for (const row of rows) {
    checkRow(row);
    sum += row.count * cableArea(row.diameter);
  }
  return sum;
}

/** The tray's usable cross-section: width × height × (1 − reserve). */
export function usableArea(tray: Tray, reserve: number): number {
  checkReserve(reserve);
  return tray.width * tray.height * (1 - reserve);
}

/** The smallest standard tray whose usable cross-section holds the cables, or null when none does. */
export function recommendTray(area: number, reserve: number): Tray | null {
  checkReserve(reserve);
  return STANDARD_TRAYS.find((tray) => usableArea(tray, reserve) >= area) ?? null;
}

export interface FillResult {
  cablesArea: number;
  trayArea: number;
  usableArea: number;
  /** Cables' cross-section / usable cross-section (1 = 100 %). */
  fill: number;
  /** Cables' cross-section / the tray's whole cross-section. */
  fillOfTray: number;
  /** The cables fit: their cross-section is not above the usable cross-section. */
  passes: boolean;
  recommended: Tray | null;
}

/** Tray fill: cross-sections, fill percentage, pass/fail and the smallest standard tray that fits. */
export function trayFill(input: { rows: readonly CableRow[]; tray: Tray; reserve: number }): FillResult {
  checkTray(input.tray);
  const area = cablesArea(input.rows);
  const usable = usableArea(input.tray, input.reserve);
  const trayArea = input.tray.width * input.tray.height;
  return {
    cablesArea: area,
    trayArea,
    usableArea: usable,
    fill: usable > 0 ? area / usable : area > 0 ? Number.POSITIVE_INFINITY : 0,
    fillOfTray: area / trayArea,
    passes: area <= usable,
    recommended: recommendTray(area, input.reserve),
  };
}

function checkRow(row: CableRow) {
  if (!Number.isFinite(row.diameter) || row.diameter <= 0 || row.diameter > MAX_DIAMETER) throw new RangeError(`diameter ${row.diameter}`);
  if (!Number.isInteger(row.count) || row.count < 0 || row.count > MAX_COUNT) throw new RangeError(`count ${row.count}`);
}

function checkReserve(reserve: number) {
  if (!Number.isFinite(reserve) || reserve < 0 || reserve > MAX_RESERVE) throw new RangeError(`reserve ${reserve}`);
}

function checkTray(tray: Tray) {
  if (!(tray.width > 0 && tray.height > 0 && Number.isFinite(tray.width) && Number.isFinite(tray.height))) throw new RangeError('tray');
}

// ---------------------------------------------------------------------------------------------
// Cable separation per EN 50174-2 (SPEC section 1, issue 16).

export const SEGREGATION_CLASSES = ['a', 'b', 'c', 'd'] as const;
export type SegregationClass = (typeof SEGREGATION_CLASSES)[number];

export const BARRIERS = ['none', 'open', 'perforated', 'solid'] as const;
export type Barrier = (typeof BARRIERS)[number];

/** Minimum separation S in mm by segregation class and barrier (no barrier / open / perforated / solid metallic). */
export const S_TABLE: Record<SegregationClass, Record<Barrier, number>> = {
  a: { none: 300, open: 225, perforated: 150, solid: 0 },
  b: { none: 100, open: 75, perforated: 50, solid: 0 },
  c: { none: 50, open: 38, perforated: 25, solid: 0 },
  d: { none: 10, open: 8, perforated: 5, solid: 0 },
};

/** The power cabling factor P by the number of power circuits (`to` null: and more). */
export const P_TABLE: readonly { from: number; to: number | null; p: number }[] = [
  { from: 1, to: 3, p: 0.2 },
  { from: 4, to: 6, p: 0.4 },
  { from: 7, to: 9, p: 0.6 },
  { from: 10, to: 12, p: 0.8 },
  { from: 13, to: 15, p: 1.0 },
  { from: 16, to: 30, p: 2 },
  { from: 31, to: 45, p: 3 },
  { from: 46, to: 60, p: 4 },
  { from: 61, to: 75, p: 5 },
  { from: 76, to: null, p: 6 },
];

export const MAX_CIRCUITS = 9999;

export function isSegregationClass(v: unknown): v is SegregationClass {
  return typeof v === 'string' && (SEGREGATION_CLASSES as readonly string[]).includes(v);
}

export function isBarrier(v: unknown): v is Barrier {
  return typeof v === 'string' && (BARRIERS as readonly string[]).includes(v);
}

export function minimumSeparation(cls: SegregationClass, barrier: Barrier): number {
  return S_TABLE[cls][barrier];
}

/** P for a number of power circuits (a whole number, at least 1). */
export function powerFactor(circuits: number): number {
  if (!Number.isInteger(circuits) || circuits < 1 || circuits > MAX_CIRCUITS) throw new RangeError(`circuits ${circuits}`);
  const row = P_TABLE.find((r) => circuits >= r.from && (r.to === null || circuits <= r.to));
  return (row ?? P_TABLE[P_TABLE.length - 1]).p;
}

export interface SeparationResult {
  s: number;
  p: number;
  /** A = S × P in mm, rounded to 0.01 mm (the workbook rounds the same way). */
  a: number;
}

export function separation(input: { cls: SegregationClass; barrier: Barrier; circuits: number }): SeparationResult {
  const s = minimumSeparation(input.cls, input.barrier);
  const p = powerFactor(input.circuits);
  return { s, p, a: Math.round(s * p * 100) / 100 };
}

// ---------------------------------------------------------------------------------------------
// Input parsing shared by the calculator's fields (pl "7,5" and en "7.5").

/** A decimal number typed by the user, with a comma or a dot; NaN when it is not one. */
export function parseDecimal(text: string): number {
  const t = text.trim().replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$|^\.\d+$/.test(t)) return Number.NaN;
  return Number(t);
}

/** A whole number typed by the user; NaN when it is not one. */
export function parseWhole(text: string): number {
  const t = text.trim();
  return /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}
