// The products the home page shows: the featured ones (flag set in the admin product form) and the
// newest. Public products only: active, published, in a visible category.
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import { files } from '~/core/files/files.schema';
import type { Locale } from '~/core/i18n/locale';
import { productCatalogNumbers, productImages, products } from './catalog.schema';
import type { ProductCard } from './catalog.server';
import { categoryIndex } from './categories.server';

/** A home-page card: a product card with its category's name. */
export interface HomeProductCard extends ProductCard {
  category: string | null;
}

async function cards(
  rows: { id: number; categoryId: number; namePl: string; nameEn: string; slugPl: string; slugEn: string }[],
  locale: Locale,
  limit: number,
): Promise<HomeProductCard[]> {
  const index = await categoryIndex();
  const visible = rows.filter((r) => index.visible.has(r.categoryId)).slice(0, limit);
  if (visible.length === 0) return [];
  const ids = visible.map((r) => r.id);
  const db = getDb();
  const [numbers, images] = await Promise.all([
    db
      .selectDistinctOn([productCatalogNumbers.productId], { productId: productCatalogNumbers.productId, number: productCatalogNumbers.number })
      .from(productCatalogNumbers)
      .where(inArray(productCatalogNumbers.productId, ids))
      .orderBy(productCatalogNumbers.productId, asc(productCatalogNumbers.position), asc(productCatalogNumbers.id)),
    db
      .selectDistinctOn([productImages.productId], {
        productId: productImages.productId,
        fileId: productImages.fileId,
        altPl: productImages.altPl,
        altEn: productImages.altEn,
        width: files.width,
        height: files.height,
      })
      .from(productImages)
      .innerJoin(files, eq(files.id, productImages.fileId))
      .where(inArray(productImages.productId, ids))
      .orderBy(productImages.productId, asc(productImages.position), asc(productImages.id)),
  ]);
  const numberOf = new Map(numbers.map((n) => [n.productId, n.number]));
  const imageOf = new Map(images.map((i) => [i.productId, i]));
  return visible.map((r) => {
    const name = locale === 'pl' ? r.namePl : r.nameEn;
    const img = imageOf.get(r.id);
    const category = index.visible.get(r.categoryId);
    return {
      id: r.id,
      name,
      slug: locale === 'pl' ? r.slugPl : r.slugEn,
      number: numberOf.get(r.id) ?? null,
      image: img ? { fileId: img.fileId, width: img.width, height: img.height, alt: (locale === 'pl' ? img.altPl : img.altEn) || name } : null,
      category: category ? (locale === 'pl' ? category.namePl : category.nameEn) : null,
    };
  });
}

const columns = {
  id: products.id,
  categoryId: products.categoryId,
  namePl: products.namePl,
  nameEn: products.nameEn,
  slugPl: products.slugPl,
  slugEn: products.slugEn,
};

/**
 * The home page's products: up to `limit` featured ones (newest first) and up to `limit` newest
 * ones that are not among them.
 */
export async function homeProducts(locale: Locale, limit = 4): Promise<{ featured: HomeProductCard[]; latest: HomeProductCard[] }> {
  const db = getDb();
  const published = and(eq(products.isActive, true), lte(products.publishedAt, sql`now()`));
  // A few more rows than shown: some may sit in hidden categories.
  const [featuredRows, latestRows] = await Promise.all([
    db
      .select(columns)
      .from(products)
      .where(and(published, eq(products.isFeatured, true)))
      .orderBy(desc(products.publishedAt), desc(products.id))
      .limit(limit * 4),
    db
      .select(columns)
      .from(products)
      .where(and(published, eq(products.isFeatured, false)))
      .orderBy(desc(products.publishedAt), desc(products.id))
      .limit(limit * 4),
  ]);
  const [featured, latest] = await Promise.all([cards(featuredRows, locale, limit), cards(latestRows, locale, limit)]);
  return { featured, latest };
}
