// Products as the shop reads them: GET /api/products/{id} (with catalogue numbers and, for a B2B
// customer, net prices) and GET /api/products?search=&page= (the catalogue listing's search). The
// catalogue's own services decide what is public; the shop adds numbers' ids and prices.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { queryPrepared } from '~/core/db/prepared.server';
import type { Locale } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';
import { getProduct, listProducts, type ProductPage } from '~/features/catalog/catalog.server';
import { type PriceColumns, type PriceOf, priceColumnsSql, priceOfColumns, pricesOfProduct } from '~/features/pricing/pricing.server';
import { VERSION_CHOICE, versionsOf } from './rules';

export interface ShopNumber {
  id: number;
  number: string;
  name: string;
  multiple: number;
  multiple_unit: string;
  weight_kg: number;
  volume_cm: number;
  /** Stock summed over the warehouses (issue 39); zeros and nulls when the ERP reported none. */
  stock: { quantity: number; next_delivery_date: string | null; lead_time_days: number | null };
  /** Only for a B2B customer. */
  price_netto?: string | null;
  user_price_attribute?: string | null;
}

export interface ShopProduct {
  id: number;
  name: string;
  slug: string;
  choice_of_version: string | null;
  versions: string[];
  catalog_numbers: ShopNumber[];
}

/** A public product with its numbers; prices when `customerId` is a B2B customer's (null: no prices). */
export async function productJson(id: number, customerId: number | null, locale: Locale, db: Db = getDb()): Promise<ShopProduct | null> {
  const product = await getProduct(id, locale);
  return product ? shopProductOf(product, customerId, locale, db) : null;
}

type NumberRow = Pick<typeof productCatalogNumbers.$inferSelect, 'id' | 'number' | 'nameEn' | 'namePl' | 'multiple' | 'multipleUnit' | 'weightKg' | 'volumeCm'>;

const NUMBER_COLUMNS = `n.id, n.number, n.name_en as "nameEn", n.name_pl as "namePl", n.multiple, n.multiple_unit as "multipleUnit",
  n.weight_kg as "weightKg", n.volume_cm as "volumeCm"`;

/**
 * A product's catalogue numbers in their order and, for a customer (not null), their prices: a B2B
 * buyer's every product view asks, so one prepared statement reads both.
 */
async function numbersOf(productId: number, customerId: number | null, db: Db): Promise<{ numbers: NumberRow[]; prices: Map<number, PriceOf> | null }> {
  if (db !== getDb()) {
    const [numbers, prices] = await Promise.all([
      db
        .select()
        .from(productCatalogNumbers)
        .where(eq(productCatalogNumbers.productId, productId))
        .orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id)),
      customerId === null ? null : pricesOfProduct(productId, customerId, db),
    ]);
    return { numbers, prices };
  }
  if (customerId === null) {
    const numbers = await queryPrepared<NumberRow>(
      'shop_product_numbers',
      `select ${NUMBER_COLUMNS} from product_catalog_numbers n where n.product_id = $1 order by n.position, n.id`,
      [productId],
    );
    return { numbers, prices: null };
  }
  const rows = await queryPrepared<NumberRow & PriceColumns>(
    'shop_product_numbers_prices',
    `select ${NUMBER_COLUMNS}, ${priceColumnsSql('n.id', '$2')} from product_catalog_numbers n where n.product_id = $1 order by n.position, n.id`,
    [productId, customerId],
  );
  return { numbers: rows, prices: new Map(rows.map((r) => [r.id, priceOfColumns(r)])) };
}

/** productJson() of a product page already read (getProduct). */
export async function shopProductOf(product: ProductPage, customerId: number | null, locale: Locale, db: Db = getDb()): Promise<ShopProduct> {
  const id = product.id;
  const { numbers, prices } = await numbersOf(id, customerId, db);
  const stockOf = new Map(product.numbers.map((n) => [n.id, n.stock]));
  return {
    id: product.id,
    name: product.name,
    slug: product.slug,
    choice_of_version: product.versions.length ? VERSION_CHOICE : null,
    versions: versionsOf(product.versions.length ? VERSION_CHOICE : null),
    catalog_numbers: numbers.map((n) => {
      const p = prices?.get(n.id);
      return {
        id: n.id,
        number: n.number,
        name: (locale === 'en' ? n.nameEn || n.namePl : n.namePl) || product.name,
        multiple: Number(n.multiple),
        multiple_unit: n.multipleUnit,
        weight_kg: Number(n.weightKg),
        volume_cm: Number(n.volumeCm),
        stock: stockOf.get(n.id) ?? { quantity: 0, next_delivery_date: null, lead_time_days: null },
        ...(prices
          ? { price_netto: p?.base == null ? null : toDecimal(p.base), user_price_attribute: p?.customer == null ? null : toDecimal(p.customer) }
          : {}),
      };
    }),
  };
}

/** GET /api/products: the listing's search, `{items, pages}`. */
export async function searchProducts(search: string, page: number, locale: Locale) {
  const result = await listProducts({ locale, search: search || undefined, page });
  return {
    items: result.items.map((p) => ({ id: p.id, name: p.name, slug: p.slug, number: p.number })),
    pages: result.pages,
  };
}
