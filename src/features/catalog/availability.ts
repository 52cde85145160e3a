// The one availability rule of a catalogue number (issue 39), for every screen: the product page,
// the product API, the listing's "in stock" filter, the cart and the quick order. Pure: the stock
// rows and today's day come in, so the rule is tested without a database and runs in the browser.
import type { IsoDay } from '~/core/time/days';

export type AvailabilityState = 'in_stock' | 'next_delivery' | 'to_order' | 'unknown';

/** A catalogue number's stock in one warehouse, as stored. */
export interface StockRow {
  quantity: number;
  next_delivery_date: IsoDay | null;
  lead_time_days: number | null;
}

export interface Availability {
  state: AvailabilityState;
  /** Summed over the warehouses, in the number's unit. */
  quantity: number;
  unit: string;
  /** The earliest delivery still to come (today or later), YYYY-MM-DD. */
  next_delivery_date: IsoDay | null;
  /** The shortest lead time (working days) when it is ordered. */
  lead_time_days: number | null;
}

/** The stock of a number summed over its warehouses: what `GET /api/products/{id}` shows as `stock`. */
export interface StockSummary {
  quantity: number;
  next_delivery_date: IsoDay | null;
  lead_time_days: number | null;
}

/**
 * Sums a number's warehouse rows: quantities added; the earliest delivery that is not past
 * (`today` or later: a date the ERP did not clear after the delivery came means nothing); the
 * shortest lead time. No rows: null (nothing known).
 */
export function summarizeStock(rows: readonly StockRow[], today: IsoDay): StockSummary | null {
  if (rows.length === 0) return null;
  let quantity = 0;
  let next: IsoDay | null = null;
  let lead: number | null = null;
  for (const r of rows) {
    quantity += Number(r.quantity) || 0;
    if (r.next_delivery_date && r.next_delivery_date >= today && (next === null || r.next_delivery_date < next)) next = r.next_delivery_date;
    if (r.lead_time_days != null && (lead === null || r.lead_time_days < lead)) lead = r.lead_time_days;
  }
  // Sums of decimal quantities (0.1 + 0.2): kept to the column's three decimals.
  return { quantity: Math.round(quantity * 1000) / 1000, next_delivery_date: next, lead_time_days: lead };
}

/**
 * The availability of a number from its summed stock: in stock when the warehouses hold some;
 * else the next delivery when one is announced; else to order (with its lead time in working days
 * when known); unknown when the ERP reported nothing for it.
 */
export function availabilityOf(summary: StockSummary | null, unit: string): Availability {
  if (!summary) return { state: 'unknown', quantity: 0, unit, next_delivery_date: null, lead_time_days: null };
  const state: AvailabilityState = summary.quantity > 0 ? 'in_stock' : summary.next_delivery_date ? 'next_delivery' : 'to_order';
  return { state, unit, ...summary };
}

/** True when `quantity` (in the number's unit) is more than the warehouses hold (a cart or quick-order warning). */
export function exceedsStock(availability: Availability, quantity: number): boolean {
  return availability.state !== 'unknown' && quantity > availability.quantity;
}
