// The status machine of an order (core/workflow). The administrator moves orders
// (new -> confirmed -> in_progress -> shipped -> completed, cancel until shipped); every change mails
// the buyer in the order's language. The first status ('new', recorded when the order is placed)
// sends no status mail: the placement sends its own confirmation. Confirming an order that holds the
// cable-tray calculator (a catalogue product, CALCULATOR_CATALOG_NUMBER) grants the buyer access and
// mails the access link (the newsletter feature's grantCalculatorForOrder, once per order): the
// confirmation is the provider's acceptance of the sale; an order cancelled while new grants nothing.
//
//   await moveStatus(tx, orderWorkflow, { entityId: id, from, to, actor: { id, isAdmin: true }, comment,
//     update: (tx) => setOrderStatus(tx, id, from, to) });
import { registerValueLabels } from '~/core/audit/value-labels';
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { formatMoney } from '~/core/money/money';
import { defineMail } from '~/core/mail/templates.server';
import { defineWorkflow } from '~/core/workflow/workflow';
import { CALCULATOR_CATALOG_NUMBER } from '~/features/newsletter/newsletter.schema';
import { grantCalculatorForOrder } from '~/features/newsletter/purchases.server';
import { shopMessages } from './messages';
import { orderStatusWebhook } from './order-webhooks.server';
import { orderPositions, orders } from './shop.schema';

// awaiting_approval (issue 40): placed by a requester or above the buyer's approval limit; an approver
// of the customer moves it to new (the placement then happens: webhook, mails) or to rejected.
export const ORDER_STATUSES = ['new', 'confirmed', 'in_progress', 'shipped', 'completed', 'cancelled', 'awaiting_approval', 'rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: { readonly [K in OrderStatus]?: readonly OrderStatus[] } = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['in_progress', 'cancelled'],
  in_progress: ['shipped', 'cancelled'],
  shipped: ['completed'],
  awaiting_approval: ['new', 'rejected'],
};

/** Who moves an order: an administrator (admin access suffices, SPEC section 6), the ERP through the integration API (`label`), or the system. */
export type OrderActor = { id: number | null; isAdmin: boolean; label?: string | null; approver?: boolean } | null;

const isAdmin = (a: OrderActor) => Boolean(a?.isAdmin);
/** An approver of the order's customer, checked by the caller (canDecideOrder): never an administrator. */
const isApprover = (a: OrderActor) => Boolean(a?.approver) && !a?.isAdmin;

export const ORDER_STATUS_LABELS = Object.fromEntries(
  ORDER_STATUSES.map((s) => [s, { pl: shopMessages.pl[`status.${s}`], en: shopMessages.en[`status.${s}`] }]),
) as { [K in OrderStatus]: { pl: string; en: string } };

let appUrl = 'http://localhost:3000';
/** The site's address for the links in the mails (set by the API plugin from APP_URL). */
export function setShopAppUrl(url: string) {
  appUrl = url.replace(/\/$/, '');
}
export function shopAppUrl(): string {
  return appUrl;
}

interface StatusMailParams {
  number: string;
  status: string;
  comment: string | null;
  gross: number;
  url: string;
}

export const orderStatusMail = defineMail({
  kind: 'shop.order-status',
  messages: shopMessages,
  subject: (p: StatusMailParams, { t }) => t('mail.status.subject', { number: p.number, status: p.status }),
  render: (p: StatusMailParams, { t, locale }) => ({
    heading: t('mail.status.heading', { number: p.number, status: p.status }),
    paragraphs: [t('mail.status.body', { status: p.status }), ...(p.comment ? [t('mail.status.comment', { comment: p.comment })] : [])],
    details: [
      { label: t('orders.number'), value: p.number },
      { label: t('orders.gross'), value: formatMoney(p.gross, locale) },
    ],
    action: { label: t('mail.placed.button'), url: p.url },
  }),
});

export const orderWorkflow = defineWorkflow<OrderStatus, OrderActor>({
  name: 'order',
  states: ORDER_STATUSES,
  initial: 'new',
  transitions: ORDER_TRANSITIONS,
  who: {
    'new->confirmed': isAdmin,
    'confirmed->in_progress': isAdmin,
    'in_progress->shipped': isAdmin,
    'shipped->completed': isAdmin,
    '*->cancelled': isAdmin,
    'awaiting_approval->new': isApprover,
    'awaiting_approval->rejected': isApprover,
  },
  labels: ORDER_STATUS_LABELS,
  onChange: async (tx: Db, change) => {
    if (change.from === null) return;
    // Approved: the placement happens now (its own webhook and mails), once, in this transaction.
    if (change.from === 'awaiting_approval' && change.to === 'new') {
      if (!placementHook) throw new Error('order placement hook not set');
      await placementHook(tx, Number(change.entityId));
      return;
    }
    // A rejected order was never placed: no webhook, only the buyer's mail with the comment.
    if (change.from !== 'awaiting_approval') await orderStatusWebhook(tx, Number(change.entityId), change);
    const [o] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, Number(change.entityId)));
    if (!o?.buyerEmail) return;
    const locale = o.locale === 'en' ? 'en' : 'pl';
    if (change.to === 'confirmed') {
      const lines = await tx
        .select({ value: orderPositions.value })
        .from(orderPositions)
        .where(and(eq(orderPositions.orderId, o.id), eq(orderPositions.catalogNumberNumber, CALCULATOR_CATALOG_NUMBER)));
      if (lines.length) {
        const net = lines.reduce((sum, l) => sum + l.value, 0);
        await grantCalculatorForOrder(tx, { number: o.number, name: o.customerName, email: o.buyerEmail, locale, userId: o.userId, net }, appUrl);
      }
    }
    await orderStatusMail(
      tx,
      { email: o.buyerEmail, locale },
      {
        number: o.number,
        status: ORDER_STATUS_LABELS[change.to][locale],
        comment: change.comment,
        gross: o.gross,
        url: `${appUrl}/${locale}/my-account/order/${o.id}`,
      },
    );
  },
});
// The change log shows this workflow's statuses by name (issue 41 point 10).
registerValueLabels('order', 'status', orderWorkflow.labels ?? {});

let placementHook: ((tx: Db, orderId: number) => Promise<void>) | undefined;
/** What completes a placement (orders.server.ts's completePlacement): the approval runs it. */
export function setPlacementHook(hook: (tx: Db, orderId: number) => Promise<void>) {
  placementHook = hook;
}

/** The conditional update for moveStatus: sets the status only while it is still `from`; rows changed. */
export async function setOrderStatus(tx: Db, id: number, from: OrderStatus, to: OrderStatus): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(orders.id, id), eq(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length;
}
