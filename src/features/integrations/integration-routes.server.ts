// The routes of /api/integration/v1 (issue 39), each one declaration (integration-route.server.ts).
// A new route (e.g. PUT /stock, POST /invoices) is a defineIntegrationRoute(...) added to
// INTEGRATION_ROUTES: the server registers it and the OpenAPI document lists it.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { parseMoney, toDecimal } from '~/core/money/money';
import { normalizeTaxNumber } from '~/core/tax-number';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';
import { productsChanged } from '~/features/catalog/product-changes.server';
import { addresses, customers } from '~/features/customers/customers.schema';
import { createCustomer, updateCustomer } from '~/features/customers/customers.server';
import { priceListItems, priceLists } from '~/features/pricing/pricing.schema';
import { BASE_LIST_CODE, normalizeDefinitionCode } from '~/features/pricing/pricing.server';
import { PriceImportInvalidError, runPriceImport } from '~/features/pricing/admin/price-lists-admin.server';
import { changeOrderStatus, statusLabel } from '~/features/shop/admin/orders-admin.server';
import { ORDER_STATUSES } from '~/features/shop/order-workflow.server';
import { getOrder, orderJson } from '~/features/shop/orders.server';
import { orders } from '~/features/shop/shop.schema';
import { importFa3Invoice } from '~/features/invoices/ksef-import.server';
import { applyStockRows, stockRowSchema } from '~/features/catalog/stock.server';
import { MAX_FA3_BYTES } from '~/features/invoices/ksef/fa3.server';
import { type BulkRow, bulkAnswer, bulkRows, defineIntegrationRoute, errorAnswer, type IntegrationRoute } from './integration-route.server';
import { integrationsMessages } from './messages';

const tOf = (locale: Locale) => translator(integrationsMessages, locale);

/** Money as everywhere in the API: a decimal string with a dot and two places ("1234.50"). */
const money = z
  .string()
  .regex(/^\d{1,10}\.\d{2}$/, 'A decimal string with two places, e.g. "1234.50".')
  .describe('Net amount in PLN as a decimal string with two places.');
const catalogNumber = z.string().trim().min(1).max(64).describe('The catalogue number (compared case-insensitively).');

// ---------------------------------------------------------------------------------------------
// PUT /catalog-numbers

const catalogNumberRow = z
  .object({
    number: catalogNumber,
    base_price_netto: money.nullable().optional().describe('The price on the base list; null removes it.'),
    weight_kg: z.number().min(0).max(1_000_000).optional().describe('Weight of one unit in kg.'),
    volume_cm: z.number().int().min(0).max(2_000_000_000).optional().describe('Volume of one unit in cm³.'),
    multiple: z.number().positive().max(1_000_000).optional().describe('Sales multiple (the quantity is a multiple of it).'),
    multiple_unit: z.string().trim().min(1).max(20).optional().describe('Unit of the multiple, e.g. "m", "szt.".'),
  })
  .strict()
  .meta({ id: 'CatalogNumberRow' });

async function baseListId(tx: Db): Promise<number> {
  const [base] = await tx.select({ id: priceLists.id }).from(priceLists).where(eq(priceLists.isBase, true)).limit(1);
  if (base) return base.id;
  const [created] = await tx
    .insert(priceLists)
    .values({ code: BASE_LIST_CODE, name: '', isBase: true })
    .onConflictDoUpdate({ target: priceLists.code, set: { isBase: true } })
    .returning({ id: priceLists.id });
  return created.id;
}

export const putCatalogNumbers = defineIntegrationRoute({
  method: 'PUT',
  path: '/catalog-numbers',
  scope: 'catalog:write',
  summary: 'Updates existing catalogue numbers',
  description:
    'Updates the logistic data and the base price (the base price list, as the price list import writes it) of existing catalogue numbers. Unknown numbers are reported per row, never created. Fields left out keep their values. One transaction; the cached pages of the products go stale.',
  body: z.object({ rows: bulkRows(catalogNumberRow) }).meta({ id: 'CatalogNumbersRequest' }),
  response: bulkAnswer,
  handler: async ({ body, actor, locale }) => {
    const t = tOf(locale);
    const touched = new Set<number>();
    const rows = await getDb().transaction(async (tx) => {
      const wanted = [...new Set(body.rows.map((r) => r.number.toUpperCase()))];
      const found = await tx
        .select()
        .from(productCatalogNumbers)
        .where(inArray(sql`upper(${productCatalogNumbers.number})`, wanted))
        .orderBy(asc(productCatalogNumbers.id));
      const byNumber = new Map<string, (typeof found)[number]>();
      for (const f of found) if (!byNumber.has(f.number.toUpperCase())) byNumber.set(f.number.toUpperCase(), f);
      const listId = await baseListId(tx);
      const ids = found.map((f) => f.id);
      const prices = new Map(
        (ids.length
          ? await tx
              .select()
              .from(priceListItems)
              .where(and(eq(priceListItems.priceListId, listId), inArray(priceListItems.catalogNumberId, ids)))
          : []
        ).map((p) => [p.catalogNumberId, p.netPrice]),
      );
      const seen = new Map<string, number>();
      const out: BulkRow[] = [];
      for (const [index, row] of body.rows.entries()) {
        const key = row.number.toUpperCase();
        const cn = byNumber.get(key);
        if (!cn) {
          out.push({
            index,
            status: 'error',
            message: t('api.numberUnknown', { number: row.number }),
            errors: { number: [t('api.numberUnknown', { number: row.number })] },
          });
          continue;
        }
        if (seen.has(key)) {
          const m = t('api.numberRepeated', { number: row.number, row: seen.get(key) ?? 0 });
          out.push({ index, status: 'error', message: m, errors: { number: [m] } });
          continue;
        }
        seen.set(key, index);
        const before = {
          multiple: cn.multiple,
          multipleUnit: cn.multipleUnit,
          weightKg: cn.weightKg,
          volumeCm: cn.volumeCm,
          basePrice: prices.has(cn.id) ? toDecimal(prices.get(cn.id) as number) : null,
        };
        const set = {
          ...(row.multiple !== undefined ? { multiple: row.multiple } : {}),
          ...(row.multiple_unit !== undefined ? { multipleUnit: row.multiple_unit } : {}),
          ...(row.weight_kg !== undefined ? { weightKg: row.weight_kg } : {}),
          ...(row.volume_cm !== undefined ? { volumeCm: row.volume_cm } : {}),
        };
        if (Object.keys(set).length) await tx.update(productCatalogNumbers).set(set).where(eq(productCatalogNumbers.id, cn.id));
        let basePrice = before.basePrice;
        if (row.base_price_netto === null) {
          await tx.delete(priceListItems).where(and(eq(priceListItems.priceListId, listId), eq(priceListItems.catalogNumberId, cn.id)));
          basePrice = null;
        } else if (row.base_price_netto !== undefined) {
          const grosze = parseMoney(row.base_price_netto) as number;
          await tx
            .insert(priceListItems)
            .values({ priceListId: listId, catalogNumberId: cn.id, netPrice: grosze })
            .onConflictDoUpdate({ target: [priceListItems.priceListId, priceListItems.catalogNumberId], set: { netPrice: grosze } });
          basePrice = toDecimal(grosze);
        }
        const after = { ...before, ...set, basePrice };
        const entry = await recordChange(tx, {
          ...actor,
          entity: 'catalog_number',
          entityId: cn.id,
          action: 'update',
          before: { number: cn.number, ...before },
          after: { number: cn.number, ...after },
        });
        if (entry) touched.add(cn.productId);
        out.push({ index, status: entry ? 'updated' : 'unchanged' });
      }
      return out;
    });
    if (touched.size) productsChanged([...touched], [], { orderKept: true });
    const errors = rows.filter((r) => r.status === 'error').length;
    return { message: t('api.rowsDone', { n: rows.length, errors }), rows };
  },
});

// ---------------------------------------------------------------------------------------------
// PUT /price-lists/{definition}

export const putPriceList = defineIntegrationRoute({
  method: 'PUT',
  path: '/price-lists/{definition}',
  scope: 'prices:write',
  summary: 'Writes the prices of one price definition',
  description:
    'The price list of an Enova price definition (a customer\'s "enova_definicja_ceny"; BAZOWA is the base list). "merge" inserts and changes the sent prices; "replace" also removes the numbers not sent. One transaction: a row with an error writes nothing (422 with the rows).',
  params: z.object({ definition: z.string().trim().min(1).max(40).describe('The price definition code (case-insensitive).') }),
  body: z
    .object({
      mode: z.enum(['replace', 'merge']),
      rows: bulkRows(z.object({ number: catalogNumber, price_netto: money }).strict().meta({ id: 'PriceRow' })),
    })
    .meta({ id: 'PriceListRequest' }),
  response: bulkAnswer,
  responses: { 422: { description: 'Invalid input or rows with errors (nothing written): `rows` names them.', schema: bulkAnswer } },
  handler: async ({ params, body, actor, locale }) => {
    const t = tOf(locale);
    const code = normalizeDefinitionCode(params.definition);
    try {
      await runPriceImport(
        { rows: body.rows.map((r, index) => ({ line: index, values: { definition_code: code, catalog_number: r.number, net_price: r.price_netto } })) },
        body.mode === 'replace',
        actor,
        locale,
      );
    } catch (e) {
      if (!(e instanceof PriceImportInvalidError)) throw e;
      const rows: BulkRow[] = e.preview.errors.map(({ row, errors }) => {
        const mapped = Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k === 'catalog_number' ? 'number' : k === 'net_price' ? 'price_netto' : k, v as string[]]),
        );
        return { index: row, status: 'error', message: Object.values(mapped)[0]?.[0], errors: mapped };
      });
      return { status: 422, body: { message: t('api.pricesInvalid', { n: e.preview.errorRows }), rows } };
    }
    return { message: t('api.pricesSaved', { code, rows: body.rows.length }), rows: body.rows.map((_, index) => ({ index, status: 'updated' as const })) };
  },
});

// ---------------------------------------------------------------------------------------------
// PUT /customers/{enova_kod}

const line = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\r\n]*$/, 'One line.');
const addressInput = z
  .object({
    name: line(255).min(1),
    email: z.union([z.literal(''), z.email().max(254)]).default(''),
    phone_number: line(20).default(''),
    town: line(100).min(1),
    street: line(150).default(''),
    home: line(20).default(''),
    flat: line(20).default(''),
    postcode: line(10).min(2),
    post: line(100).default(''),
  })
  .strict()
  .meta({ id: 'Address' });
type AddressInput = z.infer<typeof addressInput>;

const withFullStreet = (a: AddressInput) => {
  const number = a.home ? (a.flat ? `${a.home}/${a.flat}` : a.home) : a.flat;
  return { ...a, full_street: [a.street, number].filter(Boolean).join(' ') };
};

export const putCustomer = defineIntegrationRoute({
  method: 'PUT',
  path: '/customers/{enova_kod}',
  scope: 'customers:write',
  summary: 'Creates or updates a customer by its Enova code',
  description:
    'The customer of SPEC section 3 with its invoice address and delivery addresses (the list replaces the stored one, matched by position). Answers 201 when created, 200 when updated.',
  params: z.object({ enova_kod: z.string().trim().min(1).max(64).describe("The customer's code in Enova.") }),
  body: z
    .object({
      name: line(255).min(1),
      tax_identification_nr: z.string().trim().max(30).default('').describe('NIP (10 digits, dashes allowed) or a foreign VAT number; empty allowed.'),
      payment_deadline_days: z.number().int().min(0).max(365).default(0),
      enova_definicja_ceny: line(40).default('').describe('The price definition the customer buys at (empty: the base list).'),
      credit_limit: money.nullable().default(null).describe('Credit limit from the ERP (PLN), or null.'),
      is_active: z.boolean().default(true),
      invoice_address: addressInput.nullable().default(null),
      delivery_addresses: z.array(addressInput).max(50).default([]),
    })
    .strict()
    .meta({ id: 'CustomerRequest' }),
  response: z.object({ message: z.string(), id: z.number().int(), created: z.boolean() }).meta({ id: 'CustomerAnswer' }),
  handler: async ({ params, body, actor, locale }) => {
    const t = tOf(locale);
    const tax = normalizeTaxNumber(body.tax_identification_nr);
    if (!tax.ok) throw new HttpError(422, t('api.invalid'), { tax_identification_nr: ['Invalid NIP or VAT number.'] });
    const kod = params.enova_kod;
    const result = await getDb().transaction(async (tx) => {
      // One writer per code: the lookup and the insert below must not race with a twin request.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`customer-enova:${kod}`}))`);
      const [existing] = await tx.select().from(customers).where(eq(customers.enovaKod, kod)).orderBy(asc(customers.id)).limit(1);
      const stored = existing
        ? await tx
            .select({ id: addresses.id })
            .from(addresses)
            .where(and(eq(addresses.customerId, existing.id), eq(addresses.kind, 'delivery')))
            .orderBy(asc(addresses.position), asc(addresses.id))
        : [];
      const input = {
        name: body.name,
        tax_identification_nr: tax.value,
        payment_deadline_days: body.payment_deadline_days,
        enova_kod: kod,
        enova_definicja_ceny: body.enova_definicja_ceny,
        is_active: body.is_active,
        credit_limit: body.credit_limit === null ? null : parseMoney(body.credit_limit),
        invoice_address: body.invoice_address ? withFullStreet(body.invoice_address) : null,
        delivery_addresses: body.delivery_addresses.map((a, i) => ({ ...withFullStreet(a), id: stored[i]?.id })),
      } as Parameters<typeof createCustomer>[0];
      if (!existing) return { id: await createCustomer(input, actor, tx), created: true };
      await updateCustomer(existing.id, existing.version, input, actor, locale, tx);
      return { id: existing.id, created: false };
    });
    return {
      status: result.created ? 201 : 200,
      body: { message: t(result.created ? 'api.customerCreated' : 'api.customerUpdated', { kod }), ...result },
    };
  },
});

// ---------------------------------------------------------------------------------------------
// GET /orders

const MAX_PAGE = 100;
/**
 * The feed lists an order once it is this old. Ids come from a sequence in insert order, but two
 * placements can commit in the other order; a cursor that passed a higher id would skip a lower one
 * committed later. created_at is the placing transaction's start, so an order older than this is
 * visible with every lower id unless a placement ran longer than this (they take well under a second).
 */
export const ORDER_FEED_SETTLE_SECONDS = 30;

const encodeCursor = (id: number) => Buffer.from(`o:${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined, locale: Locale): number {
  if (!cursor) return 0;
  const m = /^o:(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!m) throw new HttpError(422, tOf(locale)('api.badCursor'), { after: [tOf(locale)('api.badCursor')] });
  return Number(m[1]);
}

const orderAddress = z.object({
  name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  town: z.string(),
  street: z.string(),
  home: z.string(),
  flat: z.string(),
  full_street: z.string(),
  postcode: z.string(),
  post: z.string(),
});
const orderOut = z
  .object({
    id: z.number().int(),
    number: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string().describe('ISO 8601 instant.'),
    customer_enova_kod: z.string(),
    customer_name: z.string(),
    tax_identification_nr: z.string(),
    payment_deadline_days: z.number().int(),
    buyer_email: z.string(),
    currency: z.string(),
    positions: z.array(
      z.object({
        product_catalog_number_number: z.string(),
        product_catalog_number_name: z.string(),
        product_name: z.string(),
        quantity: z.number(),
        unit: z.string(),
        choice_of_version: z.string().nullable(),
        additional_informations: z.string(),
        price_netto: z.string().nullable(),
        value_attribute: z.string(),
      }),
    ),
    transport_kind: z.string(),
    delivery_name: z.string(),
    transport_cost: z.string(),
    net: z.string(),
    vat: z.string(),
    gross: z.string(),
    invoice_address: orderAddress,
    delivery_address: orderAddress,
    additional_informations: z.string(),
    erp_number: z.string().nullable(),
    waybill: z.string().nullable(),
  })
  .meta({ id: 'Order' });

export const getOrders = defineIntegrationRoute({
  method: 'GET',
  path: '/orders',
  scope: 'orders:read',
  summary: 'Orders, oldest first',
  description: `Orders in the order they were placed, with positions, the customer's Enova code, addresses, transport and totals, listed once they are ${ORDER_FEED_SETTLE_SECONDS} s old (so a cursor never passes an order still being placed). Pass \`next_cursor\` as \`after\` to get the next ones; when no order is newer, \`next_cursor\` is the cursor sent (poll with it).`,
  query: z.object({
    after: z.string().max(40).optional().describe('The `next_cursor` of the previous answer; absent: from the first order.'),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE).default(50),
  }),
  response: z.object({ items: z.array(orderOut), next_cursor: z.string().nullable() }).meta({ id: 'OrdersPage' }),
  handler: async ({ query, locale }) => {
    const after = decodeCursor(query.after, locale);
    const db = getDb();
    const rows = await db
      .select({ id: orders.id, kod: customers.enovaKod })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(gt(orders.id, after), sql`${orders.createdAt} < now() - make_interval(secs => ${ORDER_FEED_SETTLE_SECONDS})`))
      .orderBy(asc(orders.id))
      .limit(query.limit);
    const items = [];
    for (const r of rows) {
      const detail = await getOrder(r.id, db);
      if (!detail) continue;
      const json = orderJson(detail, locale);
      items.push({
        id: json.id,
        number: json.number,
        status: detail.order.status as (typeof ORDER_STATUSES)[number],
        created_at: json.created_at,
        customer_enova_kod: r.kod,
        customer_name: json.customer_name,
        tax_identification_nr: json.tax_identification_nr,
        payment_deadline_days: json.payment_deadline_days,
        buyer_email: detail.order.buyerEmail,
        currency: json.currency,
        positions: json.positions.map((p) => ({
          product_catalog_number_number: p.product_catalog_number_number,
          product_catalog_number_name: p.product_catalog_number_name,
          product_name: p.product_name,
          quantity: p.quantity,
          unit: p.unit,
          choice_of_version: p.choice_of_version,
          additional_informations: p.additional_informations,
          price_netto: p.price_netto,
          value_attribute: p.value_attribute,
        })),
        transport_kind: json.transport_kind,
        delivery_name: json.delivery_name,
        transport_cost: json.transport_cost,
        net: json.net,
        vat: json.vat,
        gross: json.gross,
        invoice_address: json.invoice_address,
        delivery_address: json.delivery_address,
        additional_informations: json.additional_informations,
        erp_number: json.erp_number,
        waybill: json.waybill,
      });
    }
    const last = rows.at(-1)?.id;
    return { items, next_cursor: last !== undefined ? encodeCursor(last) : (query.after ?? null) };
  },
});

// ---------------------------------------------------------------------------------------------
// POST /orders/{number}/status

export const postOrderStatus = defineIntegrationRoute({
  method: 'POST',
  path: '/orders/{number}/status',
  scope: 'orders:write',
  summary: "Changes an order's status",
  description:
    "Through the order workflow the administrator uses: the allowed transitions (new → confirmed → in_progress → shipped → completed; cancelled until shipped; 422 otherwise), the status history (marked as the ERP's, by the key's name) and the buyer's mail. `erp_number` and `waybill` are stored on the order and shown to the administrator and the buyer.",
  params: z.object({ number: z.string().trim().min(1).max(40).describe('The order number, e.g. ZS/2026/000123 (URL-encoded).') }),
  body: z
    .object({
      status: z.enum(ORDER_STATUSES),
      erp_number: line(64).min(1).optional(),
      waybill: line(64).min(1).optional(),
      comment: z.string().trim().max(2000).optional().describe("Shown in the history and in the buyer's mail."),
    })
    .strict()
    .meta({ id: 'OrderStatusRequest' }),
  response: z.object({ message: z.string(), number: z.string(), status: z.enum(ORDER_STATUSES) }).meta({ id: 'OrderStatusAnswer' }),
  responses: { 404: { description: 'No order with this number.', schema: errorAnswer } },
  handler: async ({ params, body, key, actor, locale }) => {
    const t = tOf(locale);
    const [order] = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.number, params.number)).limit(1);
    if (!order) throw new HttpError(404, t('api.orderNotFound', { number: params.number }));
    const result = await changeOrderStatus(
      order.id,
      { to: body.status, comment: body.comment ?? null, erpNumber: body.erp_number ?? null, waybill: body.waybill ?? null },
      { userId: null, userEmail: actor.userEmail, label: `ERP: ${key.name}` },
      locale,
    );
    return {
      message: t('api.statusChanged', { number: result.number, status: statusLabel(result.status, locale) }),
      number: result.number,
      status: result.status,
    };
  },
});

/** Every route of /api/integration/v1, in the order of the reference. */
/**
 * PUT /stock: the stock of catalogue numbers per warehouse from the ERP, through the catalog's
 * applyStockRows (one transaction; only the products whose stock changed go stale).
 */
export const putStock = defineIntegrationRoute({
  method: 'PUT',
  path: '/stock',
  scope: 'stock:write',
  summary: 'Replaces stock rows per catalogue number and warehouse',
  description:
    "Each row replaces that number's stock in that warehouse (a code the administrator named): the quantity in the number's unit, the next delivery date and the lead time in working days when out of stock. Unknown numbers and warehouses are reported per row; the other rows are saved.",
  body: z.object({ rows: bulkRows(stockRowSchema.meta({ id: 'StockRow' })) }).meta({ id: 'StockRequest' }),
  response: bulkAnswer,
  handler: async ({ body, actor, locale }) => {
    const rows = await applyStockRows(body.rows, { userId: actor.userId ?? null, userEmail: actor.userEmail }, { locale });
    const errors = rows.filter((r) => r.status === 'error').length;
    return { message: translator(integrationsMessages, locale)('api.rowsDone', { n: rows.length, errors }), rows };
  },
});

/**
 * POST /invoices: one FA(3) e-invoice (the XML as KSeF keeps it), through the invoices feature's
 * import (XSD, buyer NIP -> customer, KSeF number check); X-KSeF-Number when KSeF has numbered it.
 */
export const postInvoice = defineIntegrationRoute({
  method: 'POST',
  path: '/invoices',
  scope: 'invoices:write',
  summary: 'Imports one FA(3) e-invoice',
  description:
    'The body is the FA(3) XML (application/xml), kept unchanged: validated against the official XSD, its buyer NIP matched to a customer (422 naming the NIP when none), number, dates, amounts and lines read from it. An invoice already imported for that customer is updated (its PDF and payment kept). `X-KSeF-Number` (optional): the KSeF number, checked (35 characters, the seller NIP and date it names, CRC-8).',
  rawBody: { contentTypes: ['application/xml', 'text/xml'], description: 'An FA(3) invoice, UTF-8, at most 3 MB.' },
  bodyLimit: MAX_FA3_BYTES,
  response: z.object({ message: z.string(), id: z.number().int() }).meta({ id: 'InvoiceImported' }),
  handler: async ({ request, actor, locale }) => {
    const xml = request.body;
    if (!Buffer.isBuffer(xml)) throw new HttpError(415, translator(integrationsMessages, locale)('api.invalid'));
    const header = request.headers['x-ksef-number'];
    const result = await importFa3Invoice({ xml, ksefNumber: typeof header === 'string' ? header : undefined, actor, locale, source: 'xml' });
    return { message: result.message, id: result.id };
  },
});

export const INTEGRATION_ROUTES: readonly IntegrationRoute[] = [
  putCatalogNumbers,
  putStock,
  putPriceList,
  putCustomer,
  getOrders,
  postOrderStatus,
  postInvoice,
];
