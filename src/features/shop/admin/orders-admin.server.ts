// Admin side of the orders (issue 11): the list with filters (status, customer, dates, number) and
// the status change through the order workflow (history row, the buyer's mail, the change log).
import { and, asc, count, desc, eq, gte, ilike, lt, type SQL } from 'drizzle-orm';
import { recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Paged, pageCount } from '~/core/http/pagination';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { escapeLike } from '~/core/text';
import { moveStatus } from '~/core/workflow/status-history.server';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus, orderWorkflow, setOrderStatus } from '../order-workflow.server';
import { customers } from '~/features/customers/customers.schema';
import { orders } from '../shop.schema';
import { addDays, warsawMidnight } from '~/core/time/days';
import { ordersAdminMessages } from './messages';

export const ADMIN_ORDERS_PER_PAGE = 25;

export interface AdminOrderFilters {
  status?: string | null;
  customerId?: number | null;
  /** Polish calendar days 'YYYY-MM-DD' (inclusive). */
  from?: string | null;
  to?: string | null;
  search?: string | null;
  page: number;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isDay = (v: string | null | undefined): v is string => typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** Orders newest first, filtered. */
export async function listOrdersAdmin(f: AdminOrderFilters, db: Db = getDb()): Promise<Paged<typeof orders.$inferSelect>> {
  const conditions: (SQL | undefined)[] = [
    f.status && (ORDER_STATUSES as readonly string[]).includes(f.status) ? eq(orders.status, f.status) : undefined,
    f.customerId ? eq(orders.customerId, f.customerId) : undefined,
    isDay(f.from) ? gte(orders.createdAt, warsawMidnight(f.from)) : undefined,
    isDay(f.to) ? lt(orders.createdAt, warsawMidnight(addDays(f.to, 1))) : undefined,
    f.search?.trim() ? ilike(orders.number, `%${escapeLike(f.search.trim().slice(0, 40))}%`) : undefined,
  ];
  const where = and(...conditions);
  const [{ n }] = await db.select({ n: count() }).from(orders).where(where);
  const pages = pageCount(Number(n), ADMIN_ORDERS_PER_PAGE);
  const page = Math.min(Math.max(1, f.page), pages);
  const items = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(ADMIN_ORDERS_PER_PAGE)
    .offset((page - 1) * ADMIN_ORDERS_PER_PAGE);
  return { items, pages, page, total: Number(n) };
}

/**
 * Moves an order to a new status as an administrator: the workflow checks the transition (422),
 * the conditional update refuses a stale `from` (409), the history row and the buyer's mail are
 * written with it, and the change log gets the change: all in one transaction.
 */
export async function changeOrderStatus(
  id: number,
  input: { from?: string | null; to: string; comment?: string | null; erpNumber?: string | null; waybill?: string | null },
  actor: { userId: number | null; userEmail: string; label?: string | null },
  locale: Locale,
): Promise<{ number: string; status: OrderStatus }> {
  const t = translator(ordersAdminMessages, locale);
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
    if (!order) throw new HttpError(404, t('msg.notFound'));
    const from = (input.from && (ORDER_STATUSES as readonly string[]).includes(input.from) ? input.from : order.status) as OrderStatus;
    const to = input.to as OrderStatus;
    const row = await moveStatus(tx, orderWorkflow, {
      entityId: id,
      from,
      to,
      actor: { id: actor.userId, isAdmin: true, label: actor.label ?? null },
      comment: input.comment ?? null,
      locale,
      update: (db) => setOrderStatus(db, id, from, to),
    });
    // The ERP's references (issue 39: reported with a status through the integration API).
    const refs = {
      ...(input.erpNumber !== undefined && input.erpNumber !== null ? { erpNumber: input.erpNumber } : {}),
      ...(input.waybill !== undefined && input.waybill !== null ? { waybill: input.waybill } : {}),
    };
    if (Object.keys(refs).length) await tx.update(orders).set(refs).where(eq(orders.id, id));
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: 'order',
      entityId: id,
      action: 'update',
      before: { status: from, ...('erpNumber' in refs ? { erpNumber: order.erpNumber } : {}), ...('waybill' in refs ? { waybill: order.waybill } : {}) },
      after: { status: to, ...(row.comment ? { comment: row.comment } : {}), ...refs },
    });
    return { number: order.number, status: to };
  });
}

export const statusLabel = (s: string, locale: Locale) => ORDER_STATUS_LABELS[s as OrderStatus]?.[locale] ?? s;

/** Customers as filter options ({ id, name }). */
export async function orderCustomerOptions(db: Db = getDb()): Promise<{ id: string; name: string }[]> {
  const rows = await db.select({ id: customers.id, name: customers.name }).from(customers).orderBy(asc(customers.name));
  return rows.map((r) => ({ id: String(r.id), name: r.name }));
}
