// The shared Zod schemas of the catalogue's administrator screens: the API parses request bodies
// (multipart with bracket keys, or JSON) with them and the forms use the same field names. No
// server code here, so the browser bundle can import it.
import { z } from 'zod';
import { oneLine } from '~/core/http/one-line';
import { type Locale, translator } from '~/core/i18n/locale';
import type { DocumentType } from '../catalog.schema';
import { type CatalogAdminKey, catalogAdminMessages } from './messages';

/** The feature's translator (it carries its locale, for the core's messages such as oneLine's). */
export type Translate = ((key: CatalogAdminKey, vars?: Record<string, string | number>) => string) & { locale: Locale };

/** SPEC section 1: the six document types (the same list as catalog.schema's DOCUMENT_TYPES). */
export const DOC_TYPES = [
  'declaration_of_conformity',
  'declaration_of_performance',
  'certificate',
  'cad',
  'revit',
  'other',
] as const satisfies readonly DocumentType[];

/** SPEC section 9: the one choice_of_version value that offers Flatpack and Szafa złożona. */
export const CHOICE_OF_VERSION = 'Flatpack/Szafa złożona' as const;

/** Units of a sales multiple (the catalogue pages translate them). */
export const MULTIPLE_UNITS = ['szt.', 'm', 'opak.', 'kpl.'] as const;
export type MultipleUnit = (typeof MULTIPLE_UNITS)[number];

/** A document's file is in Polish, in English, or serves both languages (stored as null). */
export const DOC_LOCALES = ['both', 'pl', 'en'] as const;

/** Columns the admin product list sorts by (`?sort=`). */
export const PRODUCT_SORTS = ['id', 'name', 'category', 'published_at', 'is_active', 'updated_at'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const MAX_NUMBERS = 200;
export const MAX_DOCUMENTS = 50;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Letters, digits and . _ / - ; no spaces. */
export const NUMBER_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}._/-]{0,63}$/u;
const MULTIPLE_PATTERN = /^\d{1,9}(?:\.\d{1,3})?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function adminT(locale: Locale): Translate {
  return translator(catalogAdminMessages, locale);
}

/** Form values as strings: null/undefined become '', strings are trimmed, numbers become text. */
export const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : v);

/** Checkbox values: 1/0 (multipart), on (HTML), true/false (JSON). */
export const asBool = (v: unknown) => v === true || v === 1 || (typeof v === 'string' && ['1', 'on', 'true', 'yes', 'tak'].includes(v.trim().toLowerCase()));

/** A list field: multipart leaves empty lists out, so a missing list is an empty one. */
const asList = (v: unknown) => (v === undefined || v === null || v === '' ? [] : v);

/** A one-line field (names, alt texts, values): a line break is refused. */
export function text(t: Translate, max: number, required = false) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, oneLine(s, t));
}

/** A text area's or the rich-text editor's value (lead, description): line breaks kept. */
export function longText(t: Translate, max: number, required = false) {
  let s = z.string({ error: t('v.required') }).max(max, t('v.max', { max }));
  if (required) s = s.min(1, t('v.required'));
  return z.preprocess(asText, s);
}

export const bool = z.preprocess(asBool, z.boolean());
/** A checkbox that may be left out: undefined when absent, else as `bool`. */
export const optionalBool = z.preprocess((v) => (v === undefined ? undefined : asBool(v)), z.boolean().optional());

function slug(t: Translate) {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)),
    z
      .string()
      .max(120, t('v.max', { max: 120 }))
      .refine((s) => s === '' || SLUG_PATTERN.test(s), t('v.slug')),
  );
}

/** A whole number in a range; '' gives `fallback` (or fails as required without one). */
export function int(t: Translate, min: number, max: number, fallback?: number) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '') return fallback;
      return typeof s === 'string' && /^-?\d+$/.test(s) ? Number(s) : s;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? t('v.required') : t('v.int')) })
      .int(t('v.int'))
      .min(min, t('v.range', { min, max }))
      .max(max, t('v.range', { min, max })),
  );
}

/** An optional id (select): '' is null. */
function optionalId(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '') return null;
      return typeof s === 'string' && /^\d+$/.test(s) ? Number(s) : s;
    },
    z
      .number({ error: t('v.choice') })
      .int(t('v.choice'))
      .min(1, t('v.choice'))
      .nullable(),
  );
}

/** A required id (select). */
function requiredId(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '') return undefined;
      return typeof s === 'string' && /^\d+$/.test(s) ? Number(s) : s;
    },
    z
      .number({ error: (iss) => (iss.input === undefined ? t('v.required') : t('v.choice')) })
      .int(t('v.choice'))
      .min(1, t('v.choice'))
      .max(2_147_483_647, t('v.choice')),
  );
}

export function version(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      return typeof s === 'string' && /^\d+$/.test(s) ? Number(s) : undefined;
    },
    z
      .number({ error: t('v.version') })
      .int()
      .min(1, t('v.version')),
  );
}

/** A sales multiple: a positive decimal with at most 3 places ("0,5" and "0.5" alike). */
export function multiple(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '') return 1;
      if (typeof s !== 'string') return s;
      const n = s.replace(',', '.');
      return MULTIPLE_PATTERN.test(n) ? Number(n) : Number.NaN;
    },
    z.number({ error: t('v.multiple') }).refine((n) => Number.isFinite(n) && n > 0, t('v.multiple')),
  );
}

/** Weight of one unit in kg: a decimal from 0 with at most 3 places; empty is 0. */
export function weightKg(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '' || s === undefined) return 0;
      if (typeof s !== 'string') return s;
      const n = s.replace(',', '.');
      return /^\d{1,6}(?:\.\d{1,3})?$/.test(n) ? Number(n) : Number.NaN;
    },
    z.number({ error: t('v.weight') }).refine((n) => Number.isFinite(n) && n >= 0 && n <= 100000, t('v.weight')),
  );
}

/** Volume of one unit in whole cm³; empty is 0. */
export function volumeCm(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      if (s === '' || s === undefined) return 0;
      if (typeof s !== 'string') return s;
      return /^\d{1,9}$/.test(s) ? Number(s) : Number.NaN;
    },
    z.number({ error: t('v.volume') }).refine((n) => Number.isInteger(n) && n >= 0 && n <= 100_000_000, t('v.volume')),
  );
}

export function unit(t: Translate) {
  return z.preprocess(
    (v) => {
      const s = asText(v);
      return s === '' ? 'szt.' : s;
    },
    z.enum(MULTIPLE_UNITS, { error: t('v.unit', { units: MULTIPLE_UNITS.join(', ') }) }),
  );
}

export function catalogNumber(t: Translate) {
  return z.preprocess(asText, z.string().min(1, t('v.required')).regex(NUMBER_PATTERN, t('v.number')));
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isYmd(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3]) &&
    Number(m[1]) >= 1990 &&
    Number(m[1]) <= 2100
  );
}

export function ymd(t: Translate) {
  return z.preprocess(asText, z.string().min(1, t('v.required')).refine(isYmd, t('v.date')));
}

// ---------------------------------------------------------------------------------------------
// Categories

export function categorySchema(locale: Locale) {
  const t = adminT(locale);
  return z.object({
    parent_id: optionalId(t),
    position: int(t, 0, 100000, 0),
    is_active: bool,
    name_pl: text(t, 200, true),
    name_en: text(t, 200, true),
    slug_pl: slug(t),
    slug_en: slug(t),
    description_pl: longText(t, 2000),
    description_en: longText(t, 2000),
    image_remove: bool,
  });
}

export function categoryUpdateSchema(locale: Locale) {
  return categorySchema(locale).extend({ version: version(adminT(locale)) });
}

export type CategoryInput = z.infer<ReturnType<typeof categorySchema>>;

// ---------------------------------------------------------------------------------------------
// Products

export function numberItemSchema(t: Translate) {
  return z.object({
    number: catalogNumber(t),
    name_pl: text(t, 300),
    name_en: text(t, 300),
    multiple: multiple(t),
    multiple_unit: unit(t),
    position: int(t, 0, 100000, 0).optional(),
    weight_kg: weightKg(t),
    volume_cm: volumeCm(t),
  });
}

export function documentItemSchema(t: Translate) {
  return z.object({
    id: z.preprocess((v) => (asText(v) === '' ? undefined : Number(asText(v))), z.number().int().min(1).optional()),
    type: z.enum(DOC_TYPES, { error: t('v.choice') }),
    name_pl: text(t, 300, true),
    name_en: text(t, 300, true),
    locale: z.preprocess((v) => (asText(v) === '' ? 'both' : asText(v)), z.enum(DOC_LOCALES, { error: t('v.choice') })),
    /** The uploaded file (checked by its bytes on the server); absent keeps the stored one. */
    file: z.unknown().optional(),
  });
}

export const MAX_ATTRIBUTES = 100;

/**
 * Numbers of a number attribute as written in a form or an import cell: separated by semicolons,
 * with a decimal comma or dot ("0,5; 1; 2"); null when one is not a number.
 */
export function parseNumberList(value: string): number[] | null {
  const parts = value
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  const out: number[] = [];
  for (const p of parts) {
    const n = p.replace(',', '.');
    if (!/^-?\d{1,9}(?:\.\d{1,4})?$/.test(n)) return null;
    const v = Number(n);
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** One attribute of the product form: its id and its options (enum), numbers or texts. */
export function attributeItemSchema(t: Translate) {
  return z.object({
    id: requiredId(t),
    options: z.preprocess(asList, z.array(requiredId(t)).max(50, t('v.choice'))),
    numbers: z.preprocess(
      (v) => {
        const s = asText(v);
        return typeof s === 'string' ? parseNumberList(s) : s;
      },
      z.array(z.number(), { error: t('v.numberList') }).max(50, t('v.numberList')),
    ),
    text_pl: text(t, 300),
    text_en: text(t, 300),
  });
}

/** At most this many related products and accessories each. */
export const MAX_RELATIONS = 24;

/**
 * Related products or accessories: product ids in their order. Absent keeps the stored ones (API
 * clients that do not know them); an empty value (the form's empty list) or [] removes them.
 */
function relationList(t: Translate) {
  return z.preprocess(
    (v) => (v === undefined || v === null ? undefined : asList(v)),
    z
      .array(requiredId(t))
      .max(MAX_RELATIONS, t('v.tooManyRelations', { max: MAX_RELATIONS }))
      .optional(),
  );
}

export function choiceOfVersion(t: Translate) {
  return z.preprocess((v) => (asText(v) === '' ? null : asText(v)), z.literal(CHOICE_OF_VERSION, { error: t('v.choice') }).nullable());
}

export function productSchema(locale: Locale) {
  const t = adminT(locale);
  return z
    .object({
      category_id: requiredId(t),
      name_pl: text(t, 300, true),
      name_en: text(t, 300, true),
      slug_pl: slug(t),
      slug_en: slug(t),
      lead_pl: longText(t, 1000),
      lead_en: longText(t, 1000),
      description_pl: longText(t, 100_000),
      description_en: longText(t, 100_000),
      published_at: ymd(t),
      is_active: bool,
      /** Featured on the home page; absent keeps the stored flag (API clients that do not know it). */
      is_featured: optionalBool,
      choice_of_version: choiceOfVersion(t),
      numbers: z.preprocess(asList, z.array(numberItemSchema(t)).max(MAX_NUMBERS, t('v.tooManyNumbers', { max: MAX_NUMBERS }))),
      documents: z.preprocess(asList, z.array(documentItemSchema(t)).max(MAX_DOCUMENTS, t('v.tooManyDocuments', { max: MAX_DOCUMENTS }))),
      datasheet_remove: bool,
      /** Absent: the stored values stay (the form always sends every attribute's id). */
      attributes: z.preprocess(
        (v) => (v === undefined || v === null ? undefined : asList(v)),
        z
          .array(attributeItemSchema(t))
          .max(MAX_ATTRIBUTES, t('v.tooManyAttributes', { max: MAX_ATTRIBUTES }))
          .optional(),
      ),
      /** Related products chosen by the administrator (ids, in order); absent keeps the stored ones. */
      related: relationList(t),
      /** Accessories chosen by the administrator (ids, in order); absent keeps the stored ones. */
      accessories: relationList(t),
    })
    .superRefine(
      (value, ctx) => {
        // Runs also when other fields are invalid, so every error shows at once.
        const list: unknown = (value as { numbers?: unknown }).numbers;
        if (!Array.isArray(list)) return;
        const seen = new Set<string>();
        list.forEach((n: unknown, i) => {
          const raw = n && typeof n === 'object' ? (n as { number?: unknown }).number : undefined;
          if (typeof raw !== 'string' || raw.trim() === '') return;
          const key = raw.trim().toUpperCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['numbers', i, 'number'], message: t('v.numberDuplicate', { number: raw.trim() }) });
          seen.add(key);
        });
        // A product is listed once per list.
        for (const field of ['related', 'accessories'] as const) {
          const ids: unknown = (value as Record<string, unknown>)[field];
          if (!Array.isArray(ids)) continue;
          const once = new Set<string>();
          ids.forEach((id: unknown, i) => {
            const key = String(id).trim();
            if (once.has(key)) ctx.addIssue({ code: 'custom', path: [field, i], message: t('v.relationDuplicate') });
            once.add(key);
          });
        }
      },
      { when: () => true },
    );
}

export function productUpdateSchema(locale: Locale) {
  const t = adminT(locale);
  return productSchema(locale).and(z.object({ version: version(t) }));
}

export type ProductInput = z.infer<ReturnType<typeof productSchema>>;

export function imageAltSchema(locale: Locale) {
  const t = adminT(locale);
  return z.object({ alt_pl: text(t, 300), alt_en: text(t, 300) });
}

export function imageOrderSchema(locale: Locale) {
  const t = adminT(locale);
  return z.object({
    ids: z.preprocess(
      asList,
      z
        .array(
          z.preprocess(
            (v) => Number(asText(v)),
            z
              .number({ error: t('images.order') })
              .int()
              .min(1, t('images.order')),
          ),
        )
        .min(1, t('images.order')),
    ),
  });
}
