import { asc, count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { productCatalogNumbers } from '~/features/catalog/catalog.schema';
import { BASE_LIST_CODE } from '../pricing.server';
import { priceListItems, priceLists } from '../pricing.schema';
import { DEMO_DEFINITIONS, demoBasePrice, discounted } from './prices';

/** Demo price lists: the base list for every catalogue number and two discounted definitions. */
export async function seedDemoPrices(): Promise<void> {
  const db = getDb();
  const numbers = await db
    .select({ id: productCatalogNumbers.id, number: productCatalogNumbers.number })
    .from(productCatalogNumbers)
    .orderBy(asc(productCatalogNumbers.id));
  await db.transaction(async (tx) => {
    const [base] = await tx.insert(priceLists).values({ code: BASE_LIST_CODE, name: 'Cennik bazowy', isBase: true }).returning({ id: priceLists.id });
    const rows: (typeof priceListItems.$inferInsert)[] = numbers.map((n) => ({
      priceListId: base.id,
      catalogNumberId: n.id,
      netPrice: demoBasePrice(n.number),
    }));
    for (const d of DEMO_DEFINITIONS) {
      const [list] = await tx.insert(priceLists).values({ code: d.code, name: d.name }).returning({ id: priceLists.id });
      for (const n of numbers) rows.push({ priceListId: list.id, catalogNumberId: n.id, netPrice: discounted(demoBasePrice(n.number), d.discount(n.number)) });
    }
    for (let i = 0; i < rows.length; i += 1000) await tx.insert(priceListItems).values(rows.slice(i, i + 1000));
  });
}

export const pricingSeeder: Seeder = {
  name: 'price lists',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(priceLists);
    return (row?.n ?? 0) > 0;
  },
  async seed(log) {
    await seedDemoPrices();
    log('Price lists: base, HURT-20, INST-10');
  },
};
