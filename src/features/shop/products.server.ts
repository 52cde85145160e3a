// Products as the shop reads them: GET /api/products/{id} (with catalogue numbers and, for a B2B
// customer, net prices) and GET /api/products?search=&page= (the catalogue listing's search). The
// catalogue's own services decide what is public; the shop adds numbers' ids and prices.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { Locale } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';
import { getProduct, listProducts } from '~/features/catalog/catalog.server';
import { pricesFor } from '~/features/pricing/pricing.server';
import { VERSION_CHOICE, versionsOf } from './rules';

export interface ShopNumber {
  id: number;
  number: string;
  name: string;
  multiple: number;
  multiple_unit: string;
  weight_kg: number;
  volume_cm: number;
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
  if (!product) return null;
  const numbers = await db.select().from(productCatalogNumbers).where(eq(productCatalogNumbers.productId, id)).orderBy(asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
  const prices = customerId === null ? null : await pricesFor(db, customerId, numbers.map((n) => n.id));
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
