// The webhook payloads of orders (core/webhooks): what an ERP needs to take an order without anyone
// re-typing it. Queued in the transaction that places the order or moves its status.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { toDecimal } from '~/core/money/money';
import { enqueueWebhook } from '~/core/webhooks/webhooks.server';
import { customers } from '~/features/customers/customers.schema';
import { orderPositions, orders } from './shop.schema';

/** An order as the webhooks send it: number, customer with its ERP code, addresses, transport, lines, totals. */
export async function orderWebhookPayload(tx: Db, id: number): Promise<Record<string, unknown> | null> {
  const [row] = await tx
    .select({ o: orders, enovaKod: customers.enovaKod, enovaDefinicjaCeny: customers.enovaDefinicjaCeny })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(orders.id, id));
  if (!row) return null;
  const { o } = row;
  const positions = await tx.select().from(orderPositions).where(eq(orderPositions.orderId, id)).orderBy(asc(orderPositions.position));
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    locale: o.locale,
    currency: o.currency,
    customer: {
      id: o.customerId,
      name: o.customerName,
      tax_identification_nr: o.taxIdentificationNr,
      enova_kod: row.enovaKod,
      enova_definicja_ceny: row.enovaDefinicjaCeny,
      payment_deadline_days: o.paymentDeadlineDays,
    },
    buyer_email: o.buyerEmail,
    invoice_address: o.invoiceAddress,
    delivery_address: o.deliveryAddress,
    transport: {
      kind: o.transportKind,
      name: o.deliveryName,
      is_custom: o.isCustomTransport,
      cost: toDecimal(o.transportCost),
      packages_count: o.packagesCount,
      pallets_count: o.palletsCount,
      weight_kg: o.weightKg,
      volume_cm: o.volumeCm,
    },
    additional_informations: o.additionalInformations,
    positions: positions.map((p) => ({
      position: p.position,
      catalog_number: p.catalogNumberNumber,
      name: p.catalogNumberName,
      product_name: p.productName,
      quantity: p.quantity,
      unit: p.unit,
      multiple: p.multiple,
      choice_of_version: p.choiceOfVersion,
      additional_informations: p.additionalInformations,
      price_netto: p.priceNetto === null ? null : toDecimal(p.priceNetto),
      user_price: toDecimal(p.userPrice),
      value: toDecimal(p.value),
    })),
    totals: { value_netto: toDecimal(o.valueNetto), net: toDecimal(o.net), vat: toDecimal(o.vat), gross: toDecimal(o.gross) },
  };
}

/** Queues `order.placed` for a new order, in the placing transaction. */
export async function orderPlacedWebhook(tx: Db, id: number): Promise<void> {
  const payload = await orderWebhookPayload(tx, id);
  if (payload) await enqueueWebhook(tx, 'order.placed', payload);
}

/** Queues `order.status_changed` (from, to, comment, the order as it now is), in the moving transaction. */
export async function orderStatusWebhook(tx: Db, id: number, change: { from: string | null; to: string; comment: string | null }): Promise<void> {
  const order = await orderWebhookPayload(tx, id);
  if (!order) return;
  await enqueueWebhook(tx, 'order.status_changed', { id, number: order.number, from: change.from, to: change.to, comment: change.comment, order });
}
