// Orders (issue 11): placing the cart in one transaction (Idempotency-Key, one order per cart even
// under concurrent placements: the cart row is locked and the key is a primary key), the buyer's
// orders, the confirmation PDF and reordering.
import { unitLabel } from '~/core/i18n/units';
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Paged, pageWithin } from '~/core/http/pagination';
import { formatDate } from '~/core/time/format';
import { type Locale, numberFormat, translator } from '~/core/i18n/locale';
import { defineMail } from '~/core/mail/templates.server';
import { formatMoney, formatVatRate, type Grosze, toDecimal } from '~/core/money/money';
import { createDocument } from '~/core/pdf/document.server';
import { COMPANY } from '~/core/company';
import { buyable } from '~/features/catalog/buyable.server';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { canDecideOrder, companyMemberOf, approverEmails, orderNeedsApproval } from '~/features/customers/company.server';
import { addresses } from '~/features/customers/customers.schema';
import { listStatusHistory, moveStatus, recordStart } from '~/core/workflow/status-history.server';
import { addToLine, type Buyer, cartOf, loadCart, lineProblems, quantityMaxMessage } from './cart.server';
import { shopMessages } from './messages';
import { orderPlacedWebhook } from './order-webhooks.server';
import { ORDER_STATUS_LABELS, type OrderStatus, orderWorkflow, setOrderStatus, setPlacementHook, shopAppUrl } from './order-workflow.server';
import { addressLine, isValidVersion, isVersion, MAX_QUANTITY, orderNumber, versionsOf, volumeLabel, weightLabel, weightText } from './rules';
import {
  type AddressJson,
  cartPositions,
  carts,
  orderIdempotencyKeys,
  orderNumberCounters,
  orderPositions,
  type OrderPositionRow,
  type OrderRow,
  orders,
} from './shop.schema';

export const ORDERS_PER_PAGE = 20;

let salesEmail: string = COMPANY.email as string;
/** The sales inbox (SALES_EMAIL), set by the API plugin. */
export function setSalesEmail(email: string) {
  salesEmail = email;
}

interface PlacedMailParams {
  number: string;
  customer: string;
  gross: Grosze;
  net: Grosze;
  positions: number;
  transport: string;
  delivery: string;
  url: string;
  isCustom: boolean;
}

export const orderPlacedMail = defineMail({
  kind: 'shop.order-placed',
  messages: shopMessages,
  subject: (p: PlacedMailParams, { t }) => t('mail.placed.subject', { number: p.number }),
  render: (p: PlacedMailParams, { t, locale }) => ({
    heading: t('mail.placed.heading', { number: p.number }),
    paragraphs: [t('mail.placed.body'), ...(p.isCustom ? [t('cart.customNote')] : [])],
    details: [
      { label: t('orders.number'), value: p.number },
      { label: t('order.customer'), value: p.customer },
      { label: t('orders.positions'), value: String(p.positions) },
      { label: t('order.transport'), value: p.transport },
      { label: t('order.deliveryAddress'), value: p.delivery },
      { label: t('sum.net'), value: formatMoney(p.net, locale) },
      { label: t('sum.gross'), value: formatMoney(p.gross, locale) },
    ],
    action: { label: t('mail.placed.button'), url: p.url },
  }),
});

export const orderSalesMail = defineMail({
  kind: 'shop.order-sales',
  messages: shopMessages,
  subject: (p: PlacedMailParams, { t }) => t('mail.sales.subject', { number: p.number, customer: p.customer }),
  render: (p: PlacedMailParams, { t, locale }) => ({
    heading: t('mail.sales.heading'),
    paragraphs: [t('mail.sales.body', { number: p.number, customer: p.customer }), ...(p.isCustom ? [t('cart.customNote')] : [])],
    details: [
      { label: t('orders.number'), value: p.number },
      { label: t('order.transport'), value: p.transport },
      { label: t('order.deliveryAddress'), value: p.delivery },
      { label: t('sum.net'), value: formatMoney(p.net, locale) },
      { label: t('sum.gross'), value: formatMoney(p.gross, locale) },
    ],
    action: { label: t('mail.sales.button'), url: p.url },
  }),
});

interface ApprovalMailParams {
  number: string;
  customer: string;
  email: string;
  gross: Grosze;
  url: string;
}

/** To the customer's approvers (issue 40): an order waits for them. */
export const orderApprovalMail = defineMail({
  kind: 'shop.order-approval',
  messages: shopMessages,
  subject: (p: ApprovalMailParams, { t }) => t('mail.approval.subject', { number: p.number }),
  render: (p: ApprovalMailParams, { t, locale }) => ({
    heading: t('mail.approval.heading', { number: p.number }),
    paragraphs: [t('mail.approval.body', { email: p.email, customer: p.customer })],
    details: [
      { label: t('orders.number'), value: p.number },
      { label: t('sum.gross'), value: formatMoney(p.gross, locale) },
    ],
    action: { label: t('mail.approval.button'), url: p.url },
  }),
});

type Tr = ReturnType<typeof translator<keyof typeof shopMessages.pl & string>>;

function refuse(t: Tr, errors: Record<string, string[]>, message?: string): never {
  throw new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? t('msg.invalid'), errors);
}

async function nextNumber(tx: Db, year: number): Promise<string> {
  const [row] = await tx
    .insert(orderNumberCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: orderNumberCounters.year, set: { last: sql`${orderNumberCounters.last} + 1` } })
    .returning({ last: orderNumberCounters.last });
  if (!row) throw new Error('order_number_counters: no row');
  return orderNumber(year, row.last);
}

export interface PlaceResult {
  id: number;
  number: string;
  /** false when the Idempotency-Key named an order placed before. */
  created: boolean;
  /** new, or awaiting_approval (issue 40: a requester's order or one above the buyer's limit). */
  status: string;
}

/**
 * POST /api/orders: places the cart. One transaction: the cart row is locked first, so two
 * placements of one cart run one after the other (the second finds the key's order, or an empty
 * cart); the key (user, key) is a primary key, so one key never gives two orders.
 */
export async function placeOrder(buyer: Buyer & { email: string }, idempotencyKey: string | null, locale: Locale, db: Db = getDb()): Promise<PlaceResult> {
  const t = translator(shopMessages, locale);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await cartOf(tx, buyer.userId, true);
    if (idempotencyKey) {
      const [seen] = await tx
        .select({ id: orders.id, number: orders.number, status: orders.status })
        .from(orderIdempotencyKeys)
        .innerJoin(orders, eq(orders.id, orderIdempotencyKeys.orderId))
        .where(and(eq(orderIdempotencyKeys.userId, buyer.userId), eq(orderIdempotencyKeys.key, idempotencyKey)));
      if (seen) return { id: seen.id, number: seen.number, created: false, status: seen.status };
    }
    const cart = await loadCart(tx, buyer, locale);
    if (cart.lines.length === 0) refuse(t, { positions: [t('cart.empty')] });
    if (!cart.invoiceAddress) refuse(t, { invoice_address: [t('cart.noInvoiceAddress')] });
    const errors: Record<string, string[]> = {};
    // A line whose product left the catalogue (inactive, unpublished, hidden category) is named.
    let unavailable: string | undefined;
    cart.lines.forEach((l, i) => {
      for (const [k, v] of Object.entries(lineProblems(t, locale, l, l.quantity, l.additionalInformations))) errors[`positions.${i}.${k}`] = v;
      if (l.userPrice === null) errors[`positions.${i}.quantity`] = [t('v.noPrice')];
      if (!l.buyable) {
        const message = t('v.notBuyable', { name: l.productName, number: l.number });
        errors[`positions.${i}.product_catalog_number_id`] = [message];
        unavailable ??= message;
      }
    });
    if (!cart.transport) errors.transport_type_id = [t('v.transport')];
    if (!cart.deliveryAddress) errors.delivery_address_id = [t('v.deliveryAddress')];
    if (Object.keys(errors).length) refuse(t, errors, unavailable);
    const transport = cart.transport as NonNullable<typeof cart.transport>;
    const delivery = cart.deliveryAddress as AddressJson;
    // Issue 40: a requester's order, or one above the buyer's approval limit, waits for an approver:
    // nothing is sent (no webhook, no mail to sales) until it is approved.
    const member = await companyMemberOf(buyer.userId, tx);
    const awaiting = member !== null && orderNeedsApproval(member.role, cart.totals.gross, member.approvalLimit);
    const number = await nextNumber(tx, new Date().getFullYear());
    const [order] = await tx
      .insert(orders)
      .values({
        number,
        customerId: buyer.customerId,
        userId: buyer.userId,
        status: awaiting ? 'awaiting_approval' : orderWorkflow.initial,
        locale,
        buyerEmail: buyer.email,
        transportTypeId: transport.id,
        transportKind: transport.kind,
        deliveryName: locale === 'en' ? transport.nameEn || transport.namePl : transport.namePl,
        isCustomTransport: cart.quote.isCustom,
        packagesCount: cart.quote.packagesCount,
        palletsCount: cart.quote.palletsCount,
        weightKg: cart.weightKg,
        volumeCm: cart.volumeCm,
        transportCost: cart.quote.cost,
        valueNetto: cart.totals.valueNetto,
        net: cart.totals.net,
        vat: cart.totals.vat,
        gross: cart.totals.gross,
        invoiceAddress: cart.invoiceAddress as AddressJson,
        deliveryAddress: delivery,
        isDifferentDeliveryAddress: cart.isDifferentDeliveryAddress,
        additionalInformations: cart.additionalInformations,
        customerName: cart.customer.name,
        taxIdentificationNr: cart.customer.tax_identification_nr,
        paymentDeadlineDays: cart.customer.payment_deadline_days,
      })
      .returning();
    if (!order) throw new Error('orders: no row');
    await tx.insert(orderPositions).values(
      cart.lines.map((l, i) => ({
        orderId: order.id,
        position: i + 1,
        productId: l.productId,
        catalogNumberId: l.catalogNumberId,
        productSlug: l.productSlug,
        productName: l.productName,
        catalogNumberName: l.name,
        catalogNumberNumber: l.number,
        quantity: l.quantity,
        unit: l.multipleUnit,
        multiple: l.multiple,
        choiceOfVersion: l.choiceOfVersion,
        additionalInformations: l.additionalInformations,
        weightKg: l.weightKg,
        volumeCm: l.volumeCm,
        priceNetto: l.priceNetto,
        userPrice: l.userPrice ?? 0,
        value: l.value,
      })),
    );
    if (idempotencyKey) await tx.insert(orderIdempotencyKeys).values({ userId: buyer.userId, key: idempotencyKey, orderId: order.id });
    if (cart.isDifferentDeliveryAddress && cart.saveDeliveryAddress && cart.differentAddress) {
      const [last] = await tx
        .select({ p: max(addresses.position) })
        .from(addresses)
        .where(and(eq(addresses.customerId, buyer.customerId), eq(addresses.kind, 'delivery')));
      await tx
        .insert(addresses)
        .values({ customerId: buyer.customerId, kind: 'delivery', position: (last?.p ?? -1) + 1, ...addressColumns(cart.differentAddress) });
    }
    await tx.delete(cartPositions).where(eq(cartPositions.cartId, cart.cartId));
    await tx
      .update(carts)
      .set({ isDifferentDeliveryAddress: false, deliveryAddress: null, saveDeliveryAddress: false, additionalInformations: '', updatedAt: new Date() })
      .where(eq(carts.id, cart.cartId));
    if (awaiting) {
      for (const a of await approverEmails(buyer.customerId, buyer.userId, tx)) {
        const to = a.locale === 'en' ? 'en' : 'pl';
        await orderApprovalMail(
          tx,
          { email: a.email, locale: to },
          { number, customer: order.customerName, email: buyer.email, gross: order.gross, url: `${shopAppUrl()}/${to}/my-account/order/${order.id}` },
        );
      }
      return { id: order.id, number, created: true, status: 'awaiting_approval' };
    }
    await recordStart(tx, orderWorkflow, { entityId: order.id, actor: { id: buyer.userId, isAdmin: false }, locale });
    await completePlacement(tx, order.id);
    return { id: order.id, number, created: true, status: 'new' };
  });
}

/**
 * What placing an order sends, once: the placed webhook, the buyer's confirmation with the PDF and
 * the mail to sales. Runs in the placing transaction, or in the approval's (issue 40) for an order
 * that waited.
 */
export async function completePlacement(tx: Db, orderId: number): Promise<void> {
  const detail = await getOrder(orderId, tx);
  if (!detail) throw new Error(`order ${orderId}: not found`);
  const { order, positions } = detail;
  const locale: Locale = order.locale === 'en' ? 'en' : 'pl';
  const delivery = order.deliveryAddress;
  await orderPlacedWebhook(tx, order.id);
  const params: PlacedMailParams = {
    number: order.number,
    customer: order.customerName,
    gross: order.gross,
    net: order.net,
    positions: positions.length,
    transport: order.deliveryName,
    delivery: `${delivery.name}, ${addressLine(delivery)}`,
    url: `${shopAppUrl()}/${locale}/my-account/order/${order.id}`,
    isCustom: order.isCustomTransport,
  };
  // The buyer's confirmation carries the order PDF as it stands at placement.
  const pdf = await orderPdf(detail, locale);
  if (order.buyerEmail) {
    await orderPlacedMail(tx, { email: order.buyerEmail, locale }, params, {
      attachments: [{ filename: orderPdfFilename(order.number, locale), contentType: 'application/pdf', content: pdf }],
    });
  }
  await orderSalesMail(tx, { email: salesEmail, locale: 'pl' }, { ...params, url: `${shopAppUrl()}/pl/admin/order/${order.id}` });
}
setPlacementHook(completePlacement);

/** The approver's view: the order of their customer, with the rule's verdict. */
async function decidableOrder(approver: Buyer, id: number, locale: Locale, db: Db) {
  const t = translator(shopMessages, locale);
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order || order.customerId !== approver.customerId) throw new HttpError(404, t('msg.orderNotFound'));
  const member = await companyMemberOf(approver.userId, db);
  if (!member || member.customerId !== order.customerId) throw new HttpError(404, t('msg.orderNotFound'));
  if (!canDecideOrder(member, order.userId)) {
    throw new HttpError(403, order.userId === approver.userId ? t('approval.own') : t('approval.notAllowed'));
  }
  if (order.status !== 'awaiting_approval') throw new HttpError(409, t('approval.decided'));
  return order;
}

/**
 * An approver's decision on an order awaiting approval: the status moves with a conditional
 * UPDATE ... WHERE status = 'awaiting_approval', so of two approvers at the same moment one changes the
 * row and the other changes none and gets 409; an approval's placement runs in the winner's transaction.
 */
async function decideOrder(
  approver: Buyer & { email: string },
  id: number,
  to: 'new' | 'rejected',
  comment: string | undefined,
  locale: Locale,
  db: Db,
): Promise<{ number: string }> {
  const t = translator(shopMessages, locale);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const order = await decidableOrder(approver, id, locale, tx);
    try {
      await moveStatus(tx, orderWorkflow, {
        entityId: id,
        from: 'awaiting_approval',
        to,
        actor: { id: approver.userId, isAdmin: false, approver: true, label: approver.email },
        comment,
        locale,
        update: (u) => setOrderStatus(u, id, 'awaiting_approval', to),
      });
    } catch (e) {
      if (e instanceof HttpError && e.status === 409) throw new HttpError(409, t('approval.decided'));
      throw e;
    }
    return { number: order.number };
  });
}

/** POST /api/orders/{id}/approve: the order is placed exactly once. */
export function approveOrder(approver: Buyer & { email: string }, id: number, locale: Locale, db: Db = getDb()): Promise<{ number: string }> {
  return decideOrder(approver, id, 'new', undefined, locale, db);
}

/** POST /api/orders/{id}/reject: the order is rejected with a comment, mailed to its buyer (the status mail). */
export function rejectOrder(approver: Buyer & { email: string }, id: number, comment: string, locale: Locale, db: Db = getDb()): Promise<{ number: string }> {
  return decideOrder(approver, id, 'rejected', comment, locale, db);
}

function addressColumns(a: AddressJson) {
  return {
    name: a.name,
    email: a.email,
    phoneNumber: a.phone_number,
    town: a.town,
    street: a.street,
    home: a.home,
    flat: a.flat,
    fullStreet: a.full_street,
    postcode: a.postcode,
    post: a.post,
  };
}

const statusLabel = (s: string, locale: Locale) => ORDER_STATUS_LABELS[s as OrderStatus]?.[locale] ?? s;

export function orderListJson(o: OrderRow, locale: Locale) {
  return {
    id: o.id,
    number: o.number,
    status: o.status,
    status_label: statusLabel(o.status, locale),
    created_at: o.createdAt.toISOString(),
    net: toDecimal(o.net),
    gross: toDecimal(o.gross),
    delivery_name: o.deliveryName,
    /** Who placed it (issue 40: everyone of the customer sees the customer's orders). */
    placed_by: o.buyerEmail,
    placed_by_id: o.userId,
  };
}

/** GET /api/orders: the customer's orders (of one status when given), newest first. */
export async function listOrders(
  customerId: number,
  page: number,
  locale: Locale,
  db: Db = getDb(),
  status?: OrderStatus,
): Promise<Paged<ReturnType<typeof orderListJson>>> {
  const where = and(eq(orders.customerId, customerId), status ? eq(orders.status, status) : undefined);
  const [total] = await db.select({ n: count() }).from(orders).where(where);
  const shown = pageWithin(page, total?.n ?? 0, ORDERS_PER_PAGE);
  const rows = await db.select().from(orders).where(where).orderBy(desc(orders.createdAt), desc(orders.id)).limit(ORDERS_PER_PAGE).offset(shown.offset);
  return { items: rows.map((o) => orderListJson(o, locale)), pages: shown.pages, page: shown.page, total: total?.n ?? 0 };
}

export interface OrderDetail {
  order: OrderRow;
  positions: OrderPositionRow[];
}

/** An order with its positions, or null. */
export async function getOrder(id: number, db: Db = getDb()): Promise<OrderDetail | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  if (!order) return null;
  const positions = await db.select().from(orderPositions).where(eq(orderPositions.orderId, id)).orderBy(asc(orderPositions.position), asc(orderPositions.id));
  return { order, positions };
}

/** The order of a customer: 404 when it does not exist, 403 when it is another customer's. */
export async function getCustomerOrder(customerId: number, id: number, locale: Locale, db: Db = getDb()): Promise<OrderDetail> {
  const t = translator(shopMessages, locale);
  const detail = await getOrder(id, db);
  if (!detail) throw new HttpError(404, t('msg.orderNotFound'));
  if (detail.order.customerId !== customerId) throw new HttpError(403, t('msg.orderNotFound'));
  return detail;
}

export async function orderHistory(id: number, locale: Locale, db: Db = getDb()) {
  const rows = await listStatusHistory(db, orderWorkflow, id);
  return rows.map((r) => ({
    from: r.fromStatus,
    to: r.toStatus,
    to_label: statusLabel(r.toStatus, locale),
    comment: r.comment,
    by: r.actorLabel,
    created_at: r.createdAt.toISOString(),
  }));
}

/** GET /api/orders/{id}: the order as SPEC section 3 "Cart / order" names its fields. */
export function orderJson({ order: o, positions }: OrderDetail, locale: Locale) {
  const money = (g: number | null) => (g === null ? null : toDecimal(g));
  return {
    ...orderListJson(o, locale),
    currency: o.currency,
    positions: positions.map((p) => ({
      id: p.id,
      product_id: p.productId,
      product_name: p.productName,
      product_slug_attribute: p.productSlug,
      product_catalog_number_id: p.catalogNumberId,
      product_catalog_number_name: p.catalogNumberName,
      product_catalog_number_number: p.catalogNumberNumber,
      quantity: Number(p.quantity),
      unit: p.unit,
      multiple: Number(p.multiple),
      multiple_unit: p.unit,
      choice_of_version: p.choiceOfVersion,
      additional_informations: p.additionalInformations,
      weight_kg: Number(p.weightKg),
      volume_cm: Number(p.volumeCm),
      price_netto: money(p.priceNetto),
      user_price_attribute: toDecimal(p.userPrice),
      value_attribute: toDecimal(p.value),
    })),
    transport_type_id: o.transportTypeId,
    transport_kind: o.transportKind,
    is_custom_transport: o.isCustomTransport,
    packages_count: o.packagesCount,
    pallets_count: o.palletsCount,
    weight_kg: weightText(Number(o.weightKg)),
    volume_cm: Number(o.volumeCm),
    transport_cost: toDecimal(o.transportCost),
    value_netto_attribute: toDecimal(o.valueNetto),
    vat: toDecimal(o.vat),
    invoice_address: o.invoiceAddress,
    delivery_address: o.deliveryAddress,
    is_different_delivery_address: o.isDifferentDeliveryAddress,
    additional_informations: o.additionalInformations,
    customer_name: o.customerName,
    tax_identification_nr: o.taxIdentificationNr,
    payment_deadline_days: o.paymentDeadlineDays,
    erp_number: o.erpNumber,
    waybill: o.waybill,
  };
}

export function orderPdfFilename(number: string, locale: Locale): string {
  return translator(shopMessages, locale)('pdf.filename', { number: number.replaceAll('/', '-') });
}

/** The order confirmation (core/pdf): company, buyer, addresses, lines, VAT summary. */
export async function orderPdf({ order: o, positions }: OrderDetail, locale: Locale): Promise<Uint8Array> {
  const t = translator(shopMessages, locale);
  const doc = await createDocument({
    locale,
    title: t('pdf.title'),
    reference: o.number,
    subtitle: t('pdf.date', { date: formatDate(o.createdAt) }),
    date: o.createdAt,
  });
  const addr = (a: AddressJson) => [a.name, addressLine(a), a.phone_number, a.email].filter(Boolean).join('\n');
  doc.keyValues([
    [t('pdf.seller'), `${COMPANY.name}, ${COMPANY.street}, ${COMPANY.postcode} ${COMPANY.town}`],
    [t('order.customer'), o.customerName],
    [t('order.taxId'), o.taxIdentificationNr || '—'],
    [t('sum.paymentTerm'), t('sum.days', { days: o.paymentDeadlineDays })],
    [t('order.transport'), o.isCustomTransport ? `${o.deliveryName} (${t('sum.transportCustom')})` : o.deliveryName],
  ]);
  doc.headedParagraph(t('order.invoiceAddress'), addr(o.invoiceAddress));
  doc.headedParagraph(t('order.deliveryAddress'), addr(o.deliveryAddress));
  doc.heading(t('orders.positions'), 2);
  doc.table({
    columns: [
      { header: t('pdf.lp'), width: 0.5, align: 'right' },
      { header: t('col.number'), width: 1.5 },
      { header: t('col.product'), width: 3 },
      { header: t('col.quantity'), width: 1.1, align: 'right' },
      { header: t('pdf.unitPrice'), width: 1.3, money: true },
      { header: t('col.value'), width: 1.4, money: true },
    ],
    rows: positions.map((p, i) => [
      String(i + 1),
      p.catalogNumberNumber,
      // The product with its variant ("Moduł keystone RJ45 kat. 6A – Moduł, szary"), then the version.
      [
        p.productName,
        p.catalogNumberName === p.productName ? '' : p.catalogNumberName,
        isVersion(p.additionalInformations) ? t(`version.${p.additionalInformations}`) : p.additionalInformations,
      ]
        .filter(Boolean)
        .join(' – '),
      `${numberFormat(locale, 3).format(Number(p.quantity))} ${unitLabel(p.unit, locale)}`,
      p.userPrice,
      p.value,
    ]),
    footer: [
      ['', '', t('sum.valueNetto'), '', '', o.valueNetto],
      ['', '', t('sum.transport'), '', '', o.transportCost],
    ],
  });
  doc.heading(t('pdf.vatSummary'), 2);
  doc.table({
    columns: [
      { header: t('pdf.rate'), width: 1 },
      { header: t('sum.net'), width: 1.5, money: true },
      { header: 'VAT', width: 1.5, money: true },
      { header: t('sum.gross'), width: 1.5, money: true },
    ],
    rows: [[formatVatRate(), o.net, o.vat, o.gross]],
  });
  doc.paragraph(`${t('sum.weight')}: ${weightLabel(Number(o.weightKg), locale)} · ${t('sum.volume')}: ${volumeLabel(Number(o.volumeCm), locale)}`, {
    muted: true,
  });
  if (o.isCustomTransport) doc.paragraph(t('cart.customNote'), { muted: true });
  if (o.additionalInformations) doc.headedParagraph(t('order.notes'), o.additionalInformations);
  return doc.save();
}

export interface ReorderResult {
  /** Positions put into the cart. */
  count: number;
  /** Positions left out, with the reason. */
  skipped: { number: string; name: string; reason: string }[];
}

/**
 * POST /api/orders/{id}/reorder: the order's positions whose product is still buyable go into the
 * cart; the others (not buyable, version choice changed, the line would pass MAX_QUANTITY) are named.
 */
export async function reorder(buyer: Buyer, id: number, locale: Locale, db: Db = getDb()): Promise<ReorderResult> {
  const t = translator(shopMessages, locale);
  const { positions } = await getCustomerOrder(buyer.customerId, id, locale, db);
  const ids = positions.map((p) => p.catalogNumberId).filter((v): v is number => v !== null);
  const live = ids.length
    ? await db
        .select({
          id: productCatalogNumbers.id,
          multiple: productCatalogNumbers.multiple,
          unit: productCatalogNumbers.multipleUnit,
          choiceOfVersion: products.choiceOfVersion,
        })
        .from(productCatalogNumbers)
        .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
        .where(and(inArray(productCatalogNumbers.id, ids), buyable()))
    : [];
  const byId = new Map(live.map((l) => [l.id, l]));
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cart = await cartOf(tx, buyer.userId, true);
    const result: ReorderResult = { count: 0, skipped: [] };
    const skip = (p: (typeof positions)[number], reason: string) => result.skipped.push({ number: p.catalogNumberNumber, name: p.productName, reason });
    for (const p of positions) {
      const n = p.catalogNumberId === null ? undefined : byId.get(p.catalogNumberId);
      if (!n) {
        skip(p, t('quick.inactive'));
        continue;
      }
      const version = versionsOf(n.choiceOfVersion).length ? p.additionalInformations : '';
      if (!isValidVersion(n.choiceOfVersion, version)) {
        skip(p, t('reorder.version'));
        continue;
      }
      const multiple = Number(n.multiple);
      // A multiple changed since: the quantity goes up to the next whole multiple.
      const quantity = multiple > 0 ? Math.ceil(Number(p.quantity) / multiple - 1e-9) * multiple : Number(p.quantity);
      const added = quantity > MAX_QUANTITY ? { refusedTotal: quantity } : await addToLine(tx, cart.id, n.id, quantity, version);
      if ('refusedTotal' in added) skip(p, quantityMaxMessage(t, locale, added.refusedTotal, n.unit, 'quick.max'));
      else result.count++;
    }
    return result;
  });
}

export const orderStatusLabel = statusLabel;

/** Orders waiting for the provider's confirmation (status new): the admin dashboard's count. */
export async function countNewOrders(db: Db = getDb()): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.status, 'new'));
  return row?.n ?? 0;
}
