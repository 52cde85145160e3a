// The cart of a B2B customer user (issue 11): kept on the server, one per user. Prices come from
// the pricing feature (customer's price definition, else the base list) at the moment of reading;
// every rule (multiples, versions, transport, totals) is rules.ts, shared with the pages.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { formatAmount, type Grosze, toDecimal } from '~/core/money/money';
import { buyable } from '~/features/catalog/buyable.server';
import { availabilityLabel, availabilityOf, availabilityOfNumbers, stockWarning } from '~/features/catalog/stock.server';
import { productCatalogNumbers, products } from '~/features/catalog/catalog.schema';
import { type CustomerDetail, getCustomer } from '~/features/customers/customers.server';
import { pricesFor } from '~/features/pricing/pricing.server';
import { shopMessages } from './messages';
import {
  cartTotals,
  checkQuantity,
  isValidVersion,
  MAX_QUANTITY,
  lineValue,
  measure,
  pickupAddress,
  quoteTransport,
  type TransportQuote,
  versionsOf,
  weightText,
} from './rules';
import { type AddressJson, cartPositions, carts, type TransportTypeRow, transportTypes } from './shop.schema';
import { ruleOf } from './transport.server';
import type { SaveCartInput } from './validation';

export interface Buyer {
  userId: number;
  customerId: number;
}

export interface CartLine {
  id: number;
  productId: number;
  productName: string;
  productSlug: string;
  /** The catalogue's one rule (active, published, category shown): false blocks placing. */
  buyable: boolean;
  catalogNumberId: number;
  name: string;
  number: string;
  quantity: number;
  multiple: number;
  multipleUnit: string;
  choiceOfVersion: string | null;
  additionalInformations: string;
  weightKg: number;
  volumeCm: number;
  priceNetto: Grosze | null;
  userPrice: Grosze | null;
  value: Grosze;
  /** Stock of its number (issue 39) in words, and the warning when the quantity is more than the stock (placing is not refused). */
  availability: { state: string; text: string };
  stockWarning: string | null;
}

export interface CartState {
  cartId: number;
  lines: CartLine[];
  customer: CustomerDetail;
  transport: TransportTypeRow | null;
  quote: TransportQuote;
  weightKg: number;
  volumeCm: number;
  totals: ReturnType<typeof cartTotals>;
  invoiceAddress: AddressJson | null;
  deliveryAddress: AddressJson | null;
  deliveryAddressId: number | null;
  isDifferentDeliveryAddress: boolean;
  saveDeliveryAddress: boolean;
  additionalInformations: string;
  differentAddress: AddressJson | null;
}

type Tr = ReturnType<typeof translator<keyof typeof shopMessages.pl & string>>;

/** The cart row of a user (created on first use); with `lock`, locked until the transaction ends. */
export async function cartOf(db: Db, userId: number, lock = false) {
  // Reading (every cart page and GET /api/cart): no write when the row exists.
  if (!lock) {
    const [existing] = await db.select().from(carts).where(eq(carts.userId, userId));
    if (existing) return existing;
  }
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const q = db.select().from(carts).where(eq(carts.userId, userId));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new Error('carts: no row after insert');
  return row;
}

async function loadLines(db: Db, cartId: number, customerId: number, locale: Locale): Promise<CartLine[]> {
  const rows = await db
    .select({
      id: cartPositions.id,
      quantity: cartPositions.quantity,
      additionalInformations: cartPositions.additionalInformations,
      catalogNumberId: productCatalogNumbers.id,
      number: productCatalogNumbers.number,
      namePl: productCatalogNumbers.namePl,
      nameEn: productCatalogNumbers.nameEn,
      multiple: productCatalogNumbers.multiple,
      multipleUnit: productCatalogNumbers.multipleUnit,
      weightKg: productCatalogNumbers.weightKg,
      volumeCm: productCatalogNumbers.volumeCm,
      productId: products.id,
      productNamePl: products.namePl,
      productNameEn: products.nameEn,
      slugPl: products.slugPl,
      slugEn: products.slugEn,
      choiceOfVersion: products.choiceOfVersion,
      buyable: buyable(),
    })
    .from(cartPositions)
    .innerJoin(productCatalogNumbers, eq(productCatalogNumbers.id, cartPositions.catalogNumberId))
    .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
    .where(eq(cartPositions.cartId, cartId))
    .orderBy(asc(cartPositions.id));
  const [prices, stock] = await Promise.all([
    pricesFor(
      db,
      customerId,
      rows.map((r) => r.catalogNumberId),
    ),
    availabilityOfNumbers(
      rows.map((r) => ({ id: r.catalogNumberId, unit: r.multipleUnit })),
      db,
    ),
  ]);
  return rows.map((r) => {
    const availability = stock.get(r.catalogNumberId) ?? availabilityOf(null, r.multipleUnit);
    const price = prices.get(r.catalogNumberId);
    const userPrice = price?.customer ?? null;
    const productName = locale === 'en' ? r.productNameEn || r.productNamePl : r.productNamePl;
    return {
      id: r.id,
      productId: r.productId,
      productName,
      productSlug: locale === 'en' ? r.slugEn : r.slugPl,
      buyable: r.buyable,
      catalogNumberId: r.catalogNumberId,
      name: (locale === 'en' ? r.nameEn || r.namePl : r.namePl) || productName,
      number: r.number,
      quantity: Number(r.quantity),
      multiple: Number(r.multiple),
      multipleUnit: r.multipleUnit,
      choiceOfVersion: r.choiceOfVersion,
      additionalInformations: r.additionalInformations,
      weightKg: Number(r.weightKg),
      volumeCm: Number(r.volumeCm),
      priceNetto: price?.base ?? null,
      userPrice,
      value: userPrice === null ? 0 : lineValue(userPrice, Number(r.quantity)),
      availability: { state: availability.state, text: availabilityLabel(availability, locale) },
      stockWarning: stockWarning(availability, Number(r.quantity), locale),
    };
  });
}

const addressOf = (a: {
  name: string;
  email: string;
  phone_number: string;
  town: string;
  street: string;
  home: string;
  flat: string;
  full_street: string;
  postcode: string;
  post: string;
}): AddressJson => ({
  name: a.name,
  email: a.email,
  phone_number: a.phone_number,
  town: a.town,
  street: a.street,
  home: a.home,
  flat: a.flat,
  full_street: a.full_street,
  postcode: a.postcode,
  post: a.post,
});

/** Everything the cart shows, computed by the rules. */
export async function loadCart(db: Db, buyer: Buyer, locale: Locale, opts: { lock?: boolean; cart?: typeof carts.$inferSelect } = {}): Promise<CartState> {
  const cart = opts.cart ?? (await cartOf(db, buyer.userId, opts.lock));
  const [customer, lines, transportRows] = await Promise.all([
    getCustomer(buyer.customerId, db, { withUsers: false }),
    loadLines(db, cart.id, buyer.customerId, locale),
    cart.transportTypeId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(transportTypes)
          .where(and(eq(transportTypes.id, cart.transportTypeId), eq(transportTypes.isActive, true))),
  ]);
  if (!customer) throw new HttpError(403, translator(shopMessages, locale)('msg.orderNotFound'));
  const transport = transportRows[0] ?? null;
  const { weightKg, volumeCm } = measure(lines);
  const quote = quoteTransport(transport ? ruleOf(transport) : null, weightKg, volumeCm, lines.length > 0);
  const totals = cartTotals(
    lines.map((l) => l.value),
    quote.cost,
  );
  let deliveryAddress: AddressJson | null = null;
  let deliveryAddressId: number | null = null;
  if (quote.isPickup) deliveryAddress = pickupAddress(locale);
  else if (cart.isDifferentDeliveryAddress) deliveryAddress = cart.deliveryAddress ?? null;
  else {
    const chosen = customer.delivery_addresses.find((a) => a.id === cart.deliveryAddressId) ?? customer.delivery_addresses[0];
    if (chosen) {
      deliveryAddress = addressOf(chosen);
      deliveryAddressId = chosen.id;
    }
  }
  return {
    cartId: cart.id,
    lines,
    customer,
    transport,
    quote,
    weightKg,
    volumeCm,
    totals,
    invoiceAddress: customer.invoice_address ? addressOf(customer.invoice_address) : null,
    deliveryAddress,
    deliveryAddressId,
    isDifferentDeliveryAddress: !quote.isPickup && cart.isDifferentDeliveryAddress,
    saveDeliveryAddress: cart.saveDeliveryAddress,
    additionalInformations: cart.additionalInformations,
    differentAddress: cart.deliveryAddress ?? null,
  };
}

const money = (g: Grosze | null) => (g === null ? null : toDecimal(g));

/** A position as the API answers it (SPEC section 3 "Order position" + "Product catalog number"). */
export function positionJson(l: CartLine) {
  return {
    id: l.id,
    product_id: l.productId,
    product_name: l.productName,
    product_slug_attribute: l.productSlug,
    product_is_active: l.buyable,
    product_catalog_number_id: l.catalogNumberId,
    product_catalog_number_name: l.name,
    product_catalog_number_number: l.number,
    quantity: l.quantity,
    unit: l.multipleUnit,
    multiple: l.multiple,
    multiple_unit: l.multipleUnit,
    choice_of_version: l.choiceOfVersion,
    additional_informations: l.additionalInformations,
    weight_kg: l.weightKg,
    volume_cm: l.volumeCm,
    price_netto: money(l.priceNetto),
    user_price_attribute: money(l.userPrice),
    value_attribute: toDecimal(l.value),
    availability: l.availability,
    stock_warning: l.stockWarning,
  };
}

/** GET /api/cart (SPEC section 3 "Cart / order"). */
export function cartJson(c: CartState, locale: Locale) {
  return {
    currency: 'PLN',
    positions: c.lines.map(positionJson),
    transport_type_id: c.transport?.id ?? null,
    transport_kind: c.transport?.kind ?? null,
    delivery_name: c.transport ? (locale === 'en' ? c.transport.nameEn || c.transport.namePl : c.transport.namePl) : '',
    is_custom_transport: c.quote.isCustom,
    packages_count: c.quote.packagesCount,
    pallets_count: c.quote.palletsCount,
    weight_kg: weightText(c.weightKg),
    volume_cm: c.volumeCm,
    transport_cost: toDecimal(c.quote.cost),
    value_netto_attribute: toDecimal(c.totals.valueNetto),
    net: toDecimal(c.totals.net),
    vat: toDecimal(c.totals.vat),
    gross: toDecimal(c.totals.gross),
    invoice_address: c.invoiceAddress,
    delivery_address: c.deliveryAddress,
    delivery_address_id: c.deliveryAddressId,
    delivery_addresses: c.customer.delivery_addresses.map((a) => ({ id: a.id, ...addressOf(a) })),
    different_delivery_address: c.differentAddress,
    is_different_delivery_address: c.isDifferentDeliveryAddress,
    save_delivery_address: c.saveDeliveryAddress,
    additional_informations: c.additionalInformations,
    customer_name: c.customer.name,
    tax_identification_nr: c.customer.tax_identification_nr,
    payment_deadline_days: c.customer.payment_deadline_days,
    /** The message of SPEC section 8 when the customer has no invoice address (placing is refused). */
    warning: c.invoiceAddress ? null : translator(shopMessages, locale)('cart.noInvoiceAddress'),
  };
}
export type CartJson = ReturnType<typeof cartJson>;

/** The quantity message: the nearest valid quantities are named. */
export function quantityMessage(t: Tr, locale: Locale, quantity: number, multiple: number, unit: string): string | null {
  const check = checkQuantity(quantity, multiple);
  if (check.ok) return null;
  const fmt = (n: number) => formatAmountNumber(n, locale);
  const options = [check.lower, check.upper].filter((n): n is number => n !== null).map(fmt);
  return t(options.length > 1 ? 'v.quantityNearest' : 'v.quantityNearestOne', {
    multiple: fmt(multiple),
    unit,
    options: options.join(locale === 'en' ? ' or ' : ' lub '),
  });
}

function formatAmountNumber(n: number, locale: Locale): string {
  return Number.isInteger(n) ? String(n) : formatAmount(Math.round(n * 100), locale).replace(/[,.]?0+$/, '');
}

interface NumberInfo {
  id: number;
  multiple: number;
  multipleUnit: string;
  choiceOfVersion: string | null;
  buyable: boolean;
  number: string;
}

async function catalogNumber(db: Db, id: number): Promise<NumberInfo | null> {
  const [row] = await db
    .select({
      id: productCatalogNumbers.id,
      number: productCatalogNumbers.number,
      multiple: productCatalogNumbers.multiple,
      multipleUnit: productCatalogNumbers.multipleUnit,
      choiceOfVersion: products.choiceOfVersion,
      buyable: buyable(),
    })
    .from(productCatalogNumbers)
    .innerJoin(products, eq(products.id, productCatalogNumbers.productId))
    .where(eq(productCatalogNumbers.id, id))
    .limit(1);
  return row ? { ...row, multiple: Number(row.multiple) } : null;
}

/** The problems of one line (quantity, version, availability, price); keys relative to the line. */
export function lineProblems(
  t: Tr,
  locale: Locale,
  n: { multiple: number; multipleUnit: string; choiceOfVersion: string | null; buyable: boolean },
  quantity: number,
  version: string,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!n.buyable) errors.product_catalog_number_id = [t('v.inactive')];
  const q = quantityMessage(t, locale, quantity, n.multiple, n.multipleUnit);
  if (q) errors.quantity = [q];
  if (!isValidVersion(n.choiceOfVersion, version)) errors.additional_informations = [versionsOf(n.choiceOfVersion).length ? t('v.version') : t('v.noVersion')];
  return errors;
}

function prefixed(errors: Record<string, string[]>, prefix: string, only?: string[]): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => !only || only.includes(k))
      .map(([k, v]) => [k === 'product_catalog_number_id' && prefix ? `${prefix}product_catalog_number_id` : `${prefix}${k}`, v]),
  );
}

function fail(t: Tr, errors: Record<string, string[]>): never {
  const first = Object.values(errors)[0]?.[0];
  throw new HttpError(422, first ?? t('msg.invalid'), errors);
}

/** The message of a line whose quantity would pass MAX_QUANTITY. */
export function quantityMaxMessage(t: Tr, locale: Locale, total: number, unit: string, key: 'v.quantityMax' | 'quick.max' = 'v.quantityMax'): string {
  return t(key, { total: formatAmountNumber(Math.round(total * 1000) / 1000, locale), max: formatAmountNumber(MAX_QUANTITY, locale), unit });
}

/**
 * Adds `quantity` to the cart's line of this number and version (a new line when there is none) in
 * one conditional statement, so the sum never passes MAX_QUANTITY, parallel adds included. The new
 * quantity itself is checked by the caller (checkQuantity). Answers the line's id, or the total refused.
 */
export async function addToLine(
  tx: Db,
  cartId: number,
  catalogNumberId: number,
  quantity: number,
  version: string,
): Promise<{ id: number; quantity: number } | { refusedTotal: number }> {
  const [row] = await tx
    .insert(cartPositions)
    .values({ cartId, catalogNumberId, quantity, additionalInformations: version })
    .onConflictDoUpdate({
      target: [cartPositions.cartId, cartPositions.catalogNumberId, cartPositions.additionalInformations],
      set: { quantity: sql`${cartPositions.quantity} + excluded.quantity` },
      setWhere: sql`${cartPositions.quantity} + excluded.quantity <= ${MAX_QUANTITY}`,
    })
    .returning({ id: cartPositions.id, quantity: cartPositions.quantity });
  if (row) return { id: row.id, quantity: Number(row.quantity) };
  const [line] = await tx
    .select({ quantity: cartPositions.quantity })
    .from(cartPositions)
    .where(and(eq(cartPositions.cartId, cartId), eq(cartPositions.catalogNumberId, catalogNumberId), eq(cartPositions.additionalInformations, version)));
  return { refusedTotal: Number(line?.quantity ?? 0) + quantity };
}

/** POST /api/cart/positions: adds a line (or increases the same number in the same version). */
export async function addPosition(
  buyer: Buyer,
  input: { product_catalog_number_id?: number; quantity: number; additional_informations?: string },
  locale: Locale,
  db: Db = getDb(),
): Promise<number> {
  const t = translator(shopMessages, locale);
  const n = input.product_catalog_number_id ? await catalogNumber(db, input.product_catalog_number_id) : null;
  if (!n) fail(t, { product_catalog_number_id: [t('v.numberUnknown')] });
  const version = versionsOf(n.choiceOfVersion).length ? (input.additional_informations ?? '').trim() : '';
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cart = await cartOf(tx, buyer.userId, true);
    const lines = await tx
      .select({ id: cartPositions.id, cn: cartPositions.catalogNumberId, ai: cartPositions.additionalInformations })
      .from(cartPositions)
      .where(eq(cartPositions.cartId, cart.id))
      .orderBy(asc(cartPositions.id));
    const existing = lines.findIndex((l) => l.cn === n.id && l.ai === version);
    const index = existing >= 0 ? existing : lines.length;
    const problems = lineProblems(t, locale, n, input.quantity, versionsOf(n.choiceOfVersion).length ? (input.additional_informations ?? '').trim() : '');
    if (Object.keys(problems).length) {
      // The quantity of the form field; the version under the version selector of its row (SPEC section 5).
      fail(t, {
        ...prefixed(problems, '', ['product_catalog_number_id', 'quantity']),
        ...prefixed(problems, `positions.${index}.`, ['additional_informations']),
      });
    }
    const prices = await pricesFor(tx, buyer.customerId, [n.id]);
    if (prices.get(n.id)?.customer == null) fail(t, { product_catalog_number_id: [t('v.noPrice')] });
    const added = await addToLine(tx, cart.id, n.id, input.quantity, version);
    if ('refusedTotal' in added) fail(t, { quantity: [quantityMaxMessage(t, locale, added.refusedTotal, n.multipleUnit)] });
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
    return added.id;
  });
}

/** PUT /api/cart/positions/{id}: a new quantity or version of a line of the user's cart. */
export async function updatePosition(
  buyer: Buyer,
  positionId: number,
  input: { quantity?: number; additional_informations?: string },
  locale: Locale,
  db: Db = getDb(),
): Promise<void> {
  const t = translator(shopMessages, locale);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const cart = await cartOf(tx, buyer.userId, true);
    const lines = await tx.select().from(cartPositions).where(eq(cartPositions.cartId, cart.id)).orderBy(asc(cartPositions.id));
    const index = lines.findIndex((l) => l.id === positionId);
    const line = lines[index];
    if (!line) throw new HttpError(404, t('msg.positionNotFound'));
    const n = await catalogNumber(tx, line.catalogNumberId);
    if (!n) throw new HttpError(404, t('msg.positionNotFound'));
    const quantity = input.quantity ?? Number(line.quantity);
    const version = input.additional_informations !== undefined ? input.additional_informations.trim() : line.additionalInformations;
    const problems = lineProblems(t, locale, { ...n, buyable: true }, quantity, version);
    if (Object.keys(problems).length) fail(t, prefixed(problems, `positions.${index}.`));
    // The same number in the same version on another line: the two lines become one.
    const twin = lines.find((l) => l.id !== line.id && l.catalogNumberId === line.catalogNumberId && l.additionalInformations === version);
    if (twin) {
      const merged = await tx
        .update(cartPositions)
        .set({ quantity: sql`${cartPositions.quantity} + ${quantity}` })
        .where(and(eq(cartPositions.id, twin.id), sql`${cartPositions.quantity} + ${quantity} <= ${MAX_QUANTITY}`))
        .returning({ id: cartPositions.id });
      if (merged.length === 0) fail(t, { [`positions.${index}.quantity`]: [quantityMaxMessage(t, locale, Number(twin.quantity) + quantity, n.multipleUnit)] });
      await tx.delete(cartPositions).where(eq(cartPositions.id, line.id));
    } else {
      await tx.update(cartPositions).set({ quantity, additionalInformations: version }).where(eq(cartPositions.id, line.id));
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cart.id));
  });
}

/** DELETE /api/cart/positions/{id} */
export async function removePosition(buyer: Buyer, positionId: number, locale: Locale, db: Db = getDb()): Promise<void> {
  const cart = await cartOf(db, buyer.userId);
  const rows = await db
    .delete(cartPositions)
    .where(and(eq(cartPositions.id, positionId), eq(cartPositions.cartId, cart.id)))
    .returning({ id: cartPositions.id });
  if (rows.length === 0) throw new HttpError(404, translator(shopMessages, locale)('msg.positionNotFound'));
}

/** PUT /api/cart: transport, delivery address choice, notes. Only the fields sent change. */
export async function saveCartData(buyer: Buyer, input: SaveCartInput, locale: Locale, db: Db = getDb()): Promise<void> {
  const t = translator(shopMessages, locale);
  const cart = await cartOf(db, buyer.userId);
  const set: Partial<typeof carts.$inferInsert> = { updatedAt: new Date() };
  if (input.transport_type_id !== undefined) {
    if (input.transport_type_id !== null) {
      const [tt] = await db
        .select({ id: transportTypes.id })
        .from(transportTypes)
        .where(and(eq(transportTypes.id, input.transport_type_id), eq(transportTypes.isActive, true)));
      if (!tt) fail(t, { transport_type_id: [t('v.transport')] });
    }
    set.transportTypeId = input.transport_type_id;
  }
  if (input.delivery_address_id !== undefined) {
    if (input.delivery_address_id !== null) {
      const customer = await getCustomer(buyer.customerId, db);
      if (!customer?.delivery_addresses.some((a) => a.id === input.delivery_address_id)) fail(t, { delivery_address_id: [t('v.deliveryAddress')] });
    }
    set.deliveryAddressId = input.delivery_address_id;
  }
  if (input.is_different_delivery_address !== undefined) set.isDifferentDeliveryAddress = input.is_different_delivery_address;
  if (input.delivery_address) set.deliveryAddress = input.delivery_address;
  if (input.save_delivery_address !== undefined) set.saveDeliveryAddress = input.save_delivery_address;
  if (input.additional_informations !== undefined) set.additionalInformations = input.additional_informations;
  await db.update(carts).set(set).where(eq(carts.id, cart.id));
}
