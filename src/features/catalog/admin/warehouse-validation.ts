import { z } from 'zod';
import type { Locale } from '~/core/i18n/locale';
import { adminT, asText, text } from './validation';

export const WAREHOUSE_CODE = /^[A-Z0-9][A-Z0-9_-]{0,15}$/;
export const WAREHOUSE_NAME_MAX = 120;
export const WAREHOUSE_SORTS = ['sort', 'code', 'name', 'rows'] as const;

/** A warehouse of the admin form and API: its ERP code (upper-cased), names in both languages, its place in lists. */
export function warehouseSchema(locale: Locale) {
  const t = adminT(locale);
  return z.object({
    code: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toUpperCase() : asText(v)),
      z.string({ error: t('wh.v.code') }).regex(WAREHOUSE_CODE, t('wh.v.code')),
    ),
    name_pl: text(t, WAREHOUSE_NAME_MAX, true),
    name_en: text(t, WAREHOUSE_NAME_MAX, true),
    sort: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? 0 : typeof v === 'string' ? Number(v.trim()) : v),
      z
        .number({ error: t('wh.v.sort') })
        .int(t('wh.v.sort'))
        .min(0, t('wh.v.sort'))
        .max(100_000, t('wh.v.sort')),
    ),
  });
}

export function warehouseUpdateSchema(locale: Locale) {
  const t = adminT(locale);
  return warehouseSchema(locale).extend({
    version: z.preprocess(
      (v) => (v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: t('v.version') })
        .int(t('v.version'))
        .min(1, t('v.version')),
    ),
  });
}

export type WarehouseInput = z.infer<ReturnType<typeof warehouseSchema>>;
export type WarehouseUpdateInput = z.infer<ReturnType<typeof warehouseUpdateSchema>>;

/** `GET /api/admin/warehouses` and the list page. */
export const warehouseListQuery = z.object({
  page: z.preprocess((v) => (typeof v === 'string' ? Number(v) : v), z.number().int().min(1).max(100_000)).catch(1),
  sort: z.enum(WAREHOUSE_SORTS).catch('sort'),
  dir: z.enum(['asc', 'desc']).optional().catch(undefined),
  search: z.preprocess((v) => (typeof v === 'string' ? v.trim().slice(0, 100) : ''), z.string()).catch(''),
});
export type WarehouseListQuery = z.infer<typeof warehouseListQuery>;
