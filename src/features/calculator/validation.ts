// The calculator's inputs as the workbook download carries them (GET /api/calculator/workbook?…):
// one Zod schema, used by the API; the page builds the query with workbookQuery() from the inputs it
// shows, so the workbook opens with the page's cables, tray, reserve and separation inputs.
//
// Query keys (bracket keys, nested by core/http's nestFormEntries):
//   cables[i][cable]=<cable id> | cables[i][diameter]=<mm>,  cables[i][count]=<n>   (at most 20 rows)
//   width, height (a standard tray), reserve (percent, 0-90), class (a-d), barrier, circuits (1-9999)
import { z } from 'zod';
import { type Locale, translator } from '~/core/i18n/locale';
import { calculatorMessages } from './messages';
import {
  BARRIERS,
  type Barrier,
  CABLES,
  MAX_CIRCUITS,
  MAX_COUNT,
  MAX_DIAMETER,
  MAX_RESERVE,
  SEGREGATION_CLASSES,
  type SegregationClass,
  type Tray,
  TRAY_HEIGHTS,
  TRAY_WIDTHS,
} from './rules';

/** The workbook's tray fill sheet has 20 cable rows; the page offers as many. */
export const WORKBOOK_MAX_ROWS = 20;

/** A cable row: one of the company's cables, or the user's own diameter (mm). */
export type WorkbookRow = { cable: string; count: number } | { diameter: number; count: number };

export interface WorkbookInput {
  rows: WorkbookRow[];
  tray: Tray;
  /** Fraction (0.25 = 25 %). */
  reserve: number;
  separation: { cls: SegregationClass; barrier: Barrier; circuits: number };
}

const CABLE_IDS = CABLES.map((c) => c.id) as [string, ...string[]];
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);
const DECIMAL = /^\d{1,6}(\.\d{1,10})?$/;
const WHOLE = /^\d{1,9}$/;

function numberField(re: RegExp, message: string, min: number, max: number, minExclusive = false) {
  return z.preprocess(
    text,
    z
      .string(message)
      .regex(re, message)
      .transform(Number)
      .refine((n) => (minExclusive ? n > min : n >= min) && n <= max, message),
  );
}

/** GET /api/calculator/workbook: the inputs of the page (all of them, or none for the example). */
export function workbookInputSchema(locale: Locale) {
  const t = translator(calculatorMessages, locale);
  const invalid = t('v.invalid');
  const row = z
    .object({
      cable: z.preprocess(text, z.enum(CABLE_IDS, invalid)).optional(),
      diameter: numberField(DECIMAL, t('v.diameter'), 0, MAX_DIAMETER, true).optional(),
      count: numberField(WHOLE, t('v.count'), 0, MAX_COUNT),
    })
    .refine((r) => (r.cable === undefined) !== (r.diameter === undefined), { message: invalid, path: ['cable'] });
  const oneOf = <T extends number>(list: readonly T[]) =>
    z.preprocess(text, z.string(invalid).regex(WHOLE, invalid).transform(Number)).refine((n): n is T => (list as readonly number[]).includes(n), invalid);
  return z
    .object({
      cables: z
        .array(row, invalid)
        .max(WORKBOOK_MAX_ROWS, t('v.rows', { max: WORKBOOK_MAX_ROWS }))
        .default([]),
      width: oneOf(TRAY_WIDTHS),
      height: oneOf(TRAY_HEIGHTS),
      reserve: numberField(DECIMAL, t('v.reserve'), 0, MAX_RESERVE * 100),
      class: z.preprocess(text, z.enum(SEGREGATION_CLASSES, invalid)),
      barrier: z.preprocess(text, z.enum(BARRIERS, invalid)),
      circuits: numberField(WHOLE, t('v.circuits'), 1, MAX_CIRCUITS),
    })
    .transform(
      (q): WorkbookInput => ({
        rows: q.cables.map((r) => (r.cable !== undefined ? { cable: r.cable, count: r.count } : { diameter: r.diameter as number, count: r.count })),
        tray: { width: q.width, height: q.height },
        // a percent typed with up to six decimals, as a fraction without float noise
        reserve: Math.round(q.reserve * 1e6) / 1e8,
        separation: { cls: q.class, barrier: q.barrier, circuits: q.circuits },
      }),
    );
}

/** The query string of the workbook link for the page's inputs (numbers with a dot, reserve in percent). */
export function workbookQuery(input: WorkbookInput): string {
  const p = new URLSearchParams();
  input.rows.slice(0, WORKBOOK_MAX_ROWS).forEach((r, i) => {
    if ('cable' in r) p.set(`cables[${i}][cable]`, r.cable);
    else p.set(`cables[${i}][diameter]`, String(r.diameter));
    p.set(`cables[${i}][count]`, String(r.count));
  });
  p.set('width', String(input.tray.width));
  p.set('height', String(input.tray.height));
  p.set('reserve', String(Math.round(input.reserve * 1e8) / 1e6));
  p.set('class', input.separation.cls);
  p.set('barrier', input.separation.barrier);
  p.set('circuits', String(input.separation.circuits));
  return p.toString();
}
