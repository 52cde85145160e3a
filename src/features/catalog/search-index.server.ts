import { asc, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { productCatalogNumbers, products } from './catalog.schema';
import { buildSearchText } from './search';

const SEARCH_BATCH = 500;

/**
 * Writes products.search_text again for every product from its names, leads, descriptions and
 * catalogue numbers (buildSearchText), then drops the caches so the
 * catalogue index is rebuilt from it. Returns how many products there are and how many changed.
 */
export async function rebuildSearchIndex(db: Db = getDb()): Promise<{ products: number; updated: number }> {
  let lastId = 0;
  let total = 0;
  let updated = 0;
  for (;;) {
    const batch = await db
      .select({
        id: products.id,
        namePl: products.namePl,
        nameEn: products.nameEn,
        leadPl: products.leadPl,
        leadEn: products.leadEn,
        descriptionPl: products.descriptionPl,
        descriptionEn: products.descriptionEn,
        searchText: products.searchText,
      })
      .from(products)
      .where(gt(products.id, lastId))
      .orderBy(asc(products.id))
      .limit(SEARCH_BATCH);
    if (batch.length === 0) break;
    const ids = batch.map((p) => p.id);
    const numbers = await db
      .select({
        productId: productCatalogNumbers.productId,
        number: productCatalogNumbers.number,
        namePl: productCatalogNumbers.namePl,
        nameEn: productCatalogNumbers.nameEn,
      })
      .from(productCatalogNumbers)
      .where(inArray(productCatalogNumbers.productId, ids))
      .orderBy(asc(productCatalogNumbers.productId), asc(productCatalogNumbers.position), asc(productCatalogNumbers.id));
    const byProduct = new Map<number, { number: string; namePl: string; nameEn: string }[]>();
    for (const n of numbers) {
      const list = byProduct.get(n.productId) ?? [];
      list.push(n);
      byProduct.set(n.productId, list);
    }
    const changed = batch
      .map((p) => ({ id: p.id, old: p.searchText, text: buildSearchText({ ...p, numbers: byProduct.get(p.id) ?? [] }) }))
      .filter((p) => p.text !== p.old);
    if (changed.length) {
      const values = sql.join(
        changed.map((c) => sql`(${c.id}::int, ${c.text}::text)`),
        sql`, `,
      );
      await db.execute(sql`update ${products} set search_text = v.t from (values ${values}) as v(id, t) where ${products.id} = v.id`);
    }
    total += batch.length;
    updated += changed.length;
    lastId = ids[ids.length - 1] as number;
  }
  clearPageCache();
  return { products: total, updated };
}
