import { count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { slugify } from '~/core/text';
import { categories } from '../catalog.schema';

export const catalogSeeder: Seeder = {
  name: 'catalogue',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(categories);
    return (row?.n ?? 0) > 0;
  },
  async seed() {
    const db = getDb();
    const names: [string, string][] = [
      ['Kable miedziane', 'Copper cables'],
      ['Kable światłowodowe', 'Fibre optic cables'],
    ];
    let position = 0;
    for (const [pl, en] of names) {
      await db.insert(categories).values({ namePl: pl, nameEn: en, slugPl: slugify(pl), slugEn: slugify(en), position: position++ });
    }
  },
};
