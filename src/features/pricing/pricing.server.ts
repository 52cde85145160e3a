// Net prices of catalogue numbers (issue 11): the base price list, and the price list of an Enova
// price definition (a customer's `enova_definicja_ceny`). A customer whose definition is empty or
// names no price list, or whose list lacks a number, buys that number at the base price.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { queryPrepared } from '~/core/db/prepared.server';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';
import { customers } from '~/features/customers/customers.schema';
import { priceListItems, priceLists } from './pricing.schema';

export interface PriceOf {
  /** Net price of the base list in grosze; null: the number has no base price. */
  base: number | null;
  /** The customer's net price in grosze (their definition's price, else the base price). */
  customer: number | null;
}

/** A price definition code as stored: trimmed, upper-case ("  hurt-1 " -> "HURT-1"). */
export function normalizeDefinitionCode(code: string): string {
  return code.trim().toUpperCase();
}

export { BASE_LIST_CODE } from './admin/import-columns';

/** The price list id of a customer's price definition, or null (no customer, empty or unknown definition). */
export async function priceListIdOfCustomer(db: Db, customerId: number | null): Promise<number | null> {
  if (customerId === null) return null;
  // Codes are stored upper-case and trimmed; a customer's definition may have been typed otherwise.
  const [row] = await db
    .select({ id: priceLists.id, isBase: priceLists.isBase })
    .from(customers)
    .innerJoin(priceLists, eq(priceLists.code, sql`upper(btrim(${customers.enovaDefinicjaCeny}))`))
    .where(eq(customers.id, customerId))
    .limit(1);
  return row && !row.isBase ? row.id : null;
}

/**
 * Base and customer net prices (grosze) of catalogue numbers. Every requested id is in the map;
 * `customerId` null (a guest, an admin preview) gives customer = base.
 */
export async function pricesFor(
  db: Db,
  customerId: number | null,
  catalogNumberIds: number[],
): Promise<Map<number, { base: number | null; customer: number | null }>> {
  const ids = [...new Set(catalogNumberIds)];
  const out = new Map<number, PriceOf>();
  for (const id of catalogNumberIds) out.set(id, { base: null, customer: null });
  if (ids.length === 0) return out;
  const listId = await priceListIdOfCustomer(db, customerId);
  const base = await db
    .select({ id: priceListItems.catalogNumberId, price: priceListItems.netPrice })
    .from(priceListItems)
    .innerJoin(priceLists, eq(priceLists.id, priceListItems.priceListId))
    .where(and(eq(priceLists.isBase, true), inArray(priceListItems.catalogNumberId, ids)));
  for (const r of base) out.set(r.id, { base: r.price, customer: r.price });
  if (listId !== null) {
    const own = await db
      .select({ id: priceListItems.catalogNumberId, price: priceListItems.netPrice })
      .from(priceListItems)
      .where(and(eq(priceListItems.priceListId, listId), inArray(priceListItems.catalogNumberId, ids)));
    for (const r of own) {
      const prev = out.get(r.id);
      out.set(r.id, { base: prev?.base ?? null, customer: r.price });
    }
  }
  return out;
}

/** The columns priceColumnsSql() adds: the base list's price and the customer's own list's price. */
export interface PriceColumns {
  base: number | null;
  own: number | null;
}

/**
 * The rule of pricesFor() as SQL: the columns `base` and `own` (PriceColumns) of the catalogue
 * number whose id is the SQL expression `numberId`, for the customer whose id is `customerId` (a
 * parameter such as '$2'; 0 for none). A statement that reads catalogue numbers adds their prices
 * with it instead of a second statement per request.
 */
export function priceColumnsSql(numberId: string, customerId: string): string {
  return `(select i.net_price from price_list_items i join price_lists l on l.id = i.price_list_id
         where l.is_base and i.catalog_number_id = ${numberId}) as base,
       (select i.net_price from customers c
         join price_lists l on l.code = upper(btrim(c.enova_definicja_ceny)) and not l.is_base
         join price_list_items i on i.price_list_id = l.id and i.catalog_number_id = ${numberId}
         where c.id = ${customerId} limit 1) as own`;
}

/** The prices of priceColumnsSql()'s columns: the customer's own price, else the base price. */
export function priceOfColumns(row: PriceColumns): PriceOf {
  return { base: row.base, customer: row.own ?? row.base };
}

/**
 * pricesFor() of every catalogue number of one product, in one prepared statement: the product
 * page of a B2B customer asks for it on every view. Same rule: the customer's own list (a non-base
 * list named by their price definition) else the base price; null customer: the base price.
 */
export async function pricesOfProduct(productId: number, customerId: number | null, db: Db = getDb()): Promise<Map<number, PriceOf>> {
  if (db !== getDb()) {
    const numbers = await db.select({ id: productCatalogNumbers.id }).from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, productId));
    return pricesFor(
      db,
      customerId,
      numbers.map((n) => n.id),
    );
  }
  const rows = await queryPrepared<{ id: number } & PriceColumns>(
    'pricing_prices_of_product',
    `select n.id, ${priceColumnsSql('n.id', '$2')} from product_catalog_numbers n where n.product_id = $1`,
    [productId, customerId ?? 0],
  );
  const out = new Map<number, PriceOf>();
  for (const r of rows) out.set(r.id, priceOfColumns(r));
  return out;
}
