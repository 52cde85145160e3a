// Stock and lead times of catalogue numbers per warehouse (issue 39): the ERP's bulk replacement
// (applyStockRows, behind PUT /api/integration/v1/stock) and the reads every screen makes
// (stockOfNumbers, availabilityOfNumbers). The rule deciding what a buyer sees is availability.ts.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { addWorkingDays } from '~/core/holidays/working-days.server';
import { translator, type Locale } from '~/core/i18n/locale';
import { recordChange } from '~/core/audit/audit.server';
import { type IsoDay, isIsoDay, todayInWarsaw } from '~/core/time/days';
import { type Availability, availabilityOf, exceedsStock, type StockRow, type StockSummary, summarizeStock } from './availability';
import { catalogNumberStock, productCatalogNumbers, warehouses } from './catalog.schema';
import { availabilityText, formatMultiple, stockMessages } from './messages';
import { formatDate } from '~/core/time/format';
import { productsChanged } from './product-changes.server';

/** The most a stock quantity may be (the column holds 11 digits before the point). */
export const MAX_STOCK_QUANTITY = 99_999_999_999;
export const MAX_LEAD_TIME_DAYS = 365;

/** One row of a stock update: a catalogue number's stock in one warehouse (its code). */
export const stockRowSchema = z.object({
  number: z.string().trim().min(1).max(64),
  warehouse: z.string().trim().min(1).max(32),
  quantity: z.number().finite().min(0).max(MAX_STOCK_QUANTITY),
  next_delivery_date: z
    .string()
    .refine((v) => isIsoDay(v), 'YYYY-MM-DD')
    .nullable()
    .optional(),
  lead_time_days: z.number().int().min(0).max(MAX_LEAD_TIME_DAYS).nullable().optional(),
});
export type StockRowInput = z.infer<typeof stockRowSchema>;

type StockKey = keyof typeof stockMessages.pl;

export interface StockRowResult {
  index: number;
  status: 'updated' | 'error';
  message?: string;
  errors?: Record<string, string[]>;
}

/** Who sends the update: a user of the admin, or an integration key (userId null, its name as userEmail). */
export interface StockActor {
  userId: number | null;
  userEmail: string | null;
}

/** The rule itself (availability.ts), for other features' services. */
export { availabilityOf, type Availability };

const CHUNK = 1000;
const chunks = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/**
 * Replaces the stock row of each (number, warehouse) sent: the quantity, the next delivery date and
 * the lead time (absent or null clears them). Numbers and warehouse codes are matched
 * case-insensitively; an unknown one, or a row that does not validate, is reported in its place and
 * the others are saved. The rows are written in one transaction by multi-row upserts (1,000 rows a
 * statement), one change-log entry for the call; a (number, warehouse) sent twice takes its last row.
 * Only the products whose stock really changed have their pages and listings made stale.
 */
export async function applyStockRows(
  rows: readonly unknown[],
  actor: StockActor,
  { locale = 'pl', db = getDb() }: { locale?: Locale; db?: Db } = {},
): Promise<StockRowResult[]> {
  const t = translator(stockMessages, locale);
  const results: StockRowResult[] = rows.map((_, index) => ({ index, status: 'updated' }));
  const valid: { index: number; row: StockRowInput }[] = [];
  for (const [index, raw] of rows.entries()) {
    const parsed = stockRowSchema.safeParse(raw);
    if (parsed.success) valid.push({ index, row: parsed.data });
    else {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'row');
        const key = `stock.v.${field}` as StockKey;
        (errors[field] ??= []).push(t(key in stockMessages.pl ? key : 'stock.v.row'));
      }
      results[index] = { index, status: 'error', message: Object.values(errors)[0]?.[0] ?? t('stock.v.row'), errors };
    }
  }
  const changedProducts = new Set<number>();
  let changedRows = 0;
  await db.transaction(async (txh) => {
    const tx = txh as unknown as Db;
    const stores = await tx.select({ id: warehouses.id, code: warehouses.code }).from(warehouses);
    const storeOf = new Map(stores.map((w) => [w.code.toUpperCase(), w.id]));
    const wanted = [...new Set(valid.map((v) => v.row.number.toUpperCase()))];
    const numberOf = new Map<string, { id: number; productId: number }>();
    for (const part of chunks(wanted, CHUNK)) {
      const found = await tx
        .select({ id: productCatalogNumbers.id, productId: productCatalogNumbers.productId, key: sql<string>`upper(${productCatalogNumbers.number})` })
        .from(productCatalogNumbers)
        .where(inArray(sql`upper(${productCatalogNumbers.number})`, part));
      for (const f of found) numberOf.set(f.key, { id: f.id, productId: f.productId });
    }
    // The last row of each (number, warehouse) wins: one upsert may not touch a row twice.
    const writes = new Map<string, typeof catalogNumberStock.$inferInsert>();
    const productOf = new Map<number, number>();
    const now = new Date();
    for (const { index, row } of valid) {
      const number = numberOf.get(row.number.toUpperCase());
      const warehouseId = storeOf.get(row.warehouse.toUpperCase());
      const errors: Record<string, string[]> = {};
      if (!number) errors.number = [t('stock.unknownNumber', { number: row.number })];
      if (warehouseId === undefined) errors.warehouse = [t('stock.unknownWarehouse', { code: row.warehouse })];
      if (!number || warehouseId === undefined) {
        results[index] = { index, status: 'error', message: Object.values(errors)[0]?.[0], errors };
        continue;
      }
      productOf.set(number.id, number.productId);
      writes.set(`${number.id}:${warehouseId}`, {
        catalogNumberId: number.id,
        warehouseId,
        quantity: row.quantity,
        nextDeliveryDate: row.next_delivery_date ?? null,
        leadTimeDays: row.lead_time_days ?? null,
        updatedAt: now,
      });
    }
    for (const part of chunks([...writes.values()], CHUNK)) {
      const changed = await tx
        .insert(catalogNumberStock)
        .values(part)
        .onConflictDoUpdate({
          target: [catalogNumberStock.catalogNumberId, catalogNumberStock.warehouseId],
          set: {
            quantity: sql`excluded.quantity`,
            nextDeliveryDate: sql`excluded.next_delivery_date`,
            leadTimeDays: sql`excluded.lead_time_days`,
            updatedAt: sql`excluded.updated_at`,
          },
          // A row sent again unchanged is left alone: its product's pages stay fresh.
          setWhere: sql`(${catalogNumberStock.quantity}, ${catalogNumberStock.nextDeliveryDate}, ${catalogNumberStock.leadTimeDays})
            is distinct from (excluded.quantity, excluded.next_delivery_date, excluded.lead_time_days)`,
        })
        .returning({ id: catalogNumberStock.catalogNumberId });
      changedRows += changed.length;
      for (const c of changed) changedProducts.add(productOf.get(c.id) as number);
    }
    if (changedRows > 0) {
      await recordChange(tx, {
        userId: actor.userId,
        userEmail: actor.userEmail,
        entity: 'stock',
        entityId: 'bulk',
        action: 'update',
        before: { rows: null },
        after: { rows: rows.length, changed: changedRows, products: changedProducts.size },
      });
    }
  });
  // After the commit: the pages and listings of just these products (their place in the listing
  // order is unchanged; the "in stock" filter re-reads them in the listing index).
  if (changedProducts.size > 0) productsChanged([...changedProducts], [], { orderKept: true });
  return results;
}

/** The stock rows of these numbers summed per number (no entry: nothing reported for it). */
export async function stockOfNumbers(numberIds: readonly number[], db: Db = getDb(), today: IsoDay = todayInWarsaw()): Promise<Map<number, StockSummary>> {
  const out = new Map<number, StockSummary>();
  if (numberIds.length === 0) return out;
  const byNumber = new Map<number, StockRow[]>();
  for (const part of chunks([...new Set(numberIds)], CHUNK)) {
    const rows = await db
      .select({
        id: catalogNumberStock.catalogNumberId,
        quantity: catalogNumberStock.quantity,
        next_delivery_date: catalogNumberStock.nextDeliveryDate,
        lead_time_days: catalogNumberStock.leadTimeDays,
      })
      .from(catalogNumberStock)
      .where(inArray(catalogNumberStock.catalogNumberId, part));
    for (const { id, ...row } of rows) (byNumber.get(id) ?? byNumber.set(id, []).get(id))?.push({ ...row, quantity: Number(row.quantity) });
  }
  for (const [id, rows] of byNumber) {
    const summary = summarizeStock(rows, today);
    if (summary) out.set(id, summary);
  }
  return out;
}

/** The availability of these numbers (id and unit), for the cart and the quick order. */
export async function availabilityOfNumbers(numbers: readonly { id: number; unit: string }[], db: Db = getDb()): Promise<Map<number, Availability>> {
  const stock = await stockOfNumbers(
    numbers.map((n) => n.id),
    db,
  );
  return new Map(numbers.map((n) => [n.id, availabilityOf(stock.get(n.id) ?? null, n.unit)]));
}

/** The day an order placed today is ready when it is made to order: `lead_time_days` working days on. */
export function readyBy(availability: Availability, today: IsoDay = todayInWarsaw()): IsoDay | null {
  return availability.state === 'to_order' && availability.lead_time_days != null ? addWorkingDays(today, availability.lead_time_days) : null;
}

export interface WarehouseStock {
  code: string;
  name: string;
  quantity: number;
  next_delivery_date: IsoDay | null;
  lead_time_days: number | null;
  updated_at: string;
}

/** A product's stock per catalogue number (those with rows, in the product's order) and warehouse: the admin's product screen, read-only. */
export async function productStockByWarehouse(
  productId: number,
  locale: Locale,
  db: Db = getDb(),
): Promise<{ number: string; unit: string; warehouses: WarehouseStock[] }[]> {
  const rows = await db
    .select({
      numberId: productCatalogNumbers.id,
      number: productCatalogNumbers.number,
      unit: productCatalogNumbers.multipleUnit,
      code: warehouses.code,
      namePl: warehouses.namePl,
      nameEn: warehouses.nameEn,
      quantity: catalogNumberStock.quantity,
      next: catalogNumberStock.nextDeliveryDate,
      lead: catalogNumberStock.leadTimeDays,
      updatedAt: catalogNumberStock.updatedAt,
    })
    .from(catalogNumberStock)
    .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, catalogNumberStock.catalogNumberId))
    .innerJoin(warehouses, eq(warehouses.id, catalogNumberStock.warehouseId))
    .where(eq(productCatalogNumbers.productId, productId))
    .orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id), asc(warehouses.sort), asc(warehouses.code));
  const out = new Map<number, { number: string; unit: string; warehouses: WarehouseStock[] }>();
  for (const r of rows) {
    const entry = out.get(r.numberId) ?? out.set(r.numberId, { number: r.number, unit: r.unit, warehouses: [] }).get(r.numberId);
    entry?.warehouses.push({
      code: r.code,
      name: locale === 'en' ? r.nameEn : r.namePl,
      quantity: Number(r.quantity),
      next_delivery_date: r.next,
      lead_time_days: r.lead,
      updated_at: r.updatedAt.toISOString(),
    });
  }
  return [...out.values()];
}

/** What a buyer is told of a number, in words ("W magazynie: 120 m"), for screens of other features (cart, quick order). */
export function availabilityLabel(availability: Availability, locale: Locale): string {
  return availabilityText(availability, locale, formatDate);
}

/** The warning of a cart or quick-order line asking for more than the warehouses hold (ordering is not refused); null when it fits. */
export function stockWarning(availability: Availability, quantity: number, locale: Locale): string | null {
  if (!exceedsStock(availability, quantity)) return null;
  const t = translator(stockMessages, locale);
  if (availability.quantity <= 0) {
    const text = availabilityLabel(availability, locale);
    return t('stock.exceedsNone', { availability: text.charAt(0).toLowerCase() + text.slice(1) });
  }
  return t('stock.exceeds', { quantity: formatMultiple(availability.quantity, availability.unit, locale) });
}
