// The shared Zod schema of the attribute definition form (admin screen /admin/attribute and the
// API /api/admin/attributes): code, names, unit, type, order, flags and, for a list attribute, its
// options. No server code here, so the browser bundle can import it.
import { z } from 'zod';
import type { Locale } from '~/core/i18n/locale';
import { slugify } from '~/core/text';
import type { AttributeType } from '../attributes.schema';
import { adminT, asText, bool, int, text, version } from './validation';

/**
 * An attribute's code: the listing's query parameter (`f.{code}`) and the import column
 * (`attr:{code}`): a lower-case letter, then letters, digits and underscores.
 */
export const ATTRIBUTE_CODE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
/** An option's code: its value in listing URLs and import files. */
export const OPTION_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9_.-]{0,39})$/;
export const MAX_OPTIONS = 200;
/** The attribute types (the same list as attributes.schema's ATTRIBUTE_TYPES; no table code in the browser). */
export const ATTRIBUTE_TYPES = ['enum', 'number', 'text'] as const satisfies readonly AttributeType[];
export const ATTRIBUTE_SORTS = ['position', 'code', 'name', 'products'] as const;
export type AttributeSort = (typeof ATTRIBUTE_SORTS)[number];

/** A list field: multipart leaves empty lists out, so a missing list is an empty one. */
const asList = (v: unknown) => (v === undefined || v === null || v === '' ? [] : v);

/** An option code as typed, or (empty) made from its Polish or English value. */
export function optionCode(code: string, valuePl: string, valueEn: string): string {
  const typed = code.trim().toLowerCase();
  if (typed) return typed;
  return slugify(valuePl || valueEn).slice(0, 40);
}

export function attributeSchema(locale: Locale) {
  const t = adminT(locale);
  const option = z.object({
    /** The stored option (edit); absent for a new one. */
    id: z.preprocess(
      (v) => (asText(v) === '' ? undefined : Number(asText(v))),
      z
        .number({ error: t('v.choice') })
        .int()
        .min(1)
        .max(2_147_483_647)
        .optional(),
    ),
    code: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : asText(v)), z.string().max(40, t('v.max', { max: 40 }))),
    value_pl: text(t, 200, true),
    value_en: text(t, 200, true),
  });
  return z
    .object({
      code: z.preprocess(
        (v) => (typeof v === 'string' ? v.trim() : asText(v)),
        z
          .string({ error: t('v.required') })
          .min(1, t('v.required'))
          .regex(ATTRIBUTE_CODE_PATTERN, t('attr.v.code')),
      ),
      name_pl: text(t, 200, true),
      name_en: text(t, 200, true),
      unit: text(t, 20),
      type: z.preprocess(asText, z.enum(ATTRIBUTE_TYPES, { error: t('v.choice') })),
      position: int(t, 0, 100000, 0),
      is_facet: bool,
      on_card: bool,
      options: z.preprocess(asList, z.array(option).max(MAX_OPTIONS, t('attr.v.tooManyOptions', { max: MAX_OPTIONS }))),
    })
    .superRefine(
      (value, ctx) => {
        // Runs also when other fields are invalid, so every error shows at once.
        const v = value as { type?: unknown; options?: unknown };
        if (v.type !== 'enum') return;
        const list = Array.isArray(v.options) ? (v.options as { code?: unknown; value_pl?: unknown; value_en?: unknown }[]) : [];
        if (list.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['options'], message: t('attr.v.optionsRequired') });
          return;
        }
        const seen = new Set<string>();
        list.forEach((o, i) => {
          const str = (x: unknown) => (typeof x === 'string' ? x : '');
          const code = optionCode(str(o?.code), str(o?.value_pl), str(o?.value_en));
          if (code === '') return; // the required value already has its message
          if (!OPTION_CODE_PATTERN.test(code)) {
            ctx.addIssue({ code: 'custom', path: ['options', i, 'code'], message: t('attr.v.optionCode') });
            return;
          }
          if (seen.has(code)) ctx.addIssue({ code: 'custom', path: ['options', i, 'code'], message: t('attr.v.optionDuplicate', { code }) });
          seen.add(code);
        });
      },
      { when: () => true },
    )
    .transform((value) => ({
      ...value,
      unit: value.type === 'text' ? '' : value.unit,
      // Text attributes are never facets (nothing to count); options belong to list attributes only.
      is_facet: value.type === 'text' ? false : value.is_facet,
      options: value.type === 'enum' ? value.options.map((o) => ({ ...o, code: optionCode(o.code, o.value_pl, o.value_en) })) : [],
    }));
}

export function attributeUpdateSchema(locale: Locale) {
  return attributeSchema(locale).and(z.object({ version: version(adminT(locale)) }));
}

export type AttributeInput = z.infer<ReturnType<typeof attributeSchema>>;
