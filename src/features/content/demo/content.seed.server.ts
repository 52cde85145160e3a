import { count } from 'drizzle-orm';
import { getDb } from '~/core/db/db.server';
import type { Seeder } from '~/core/seed.server';
import { posts } from '../content.schema';

export const contentSeeder: Seeder = {
  name: 'content',
  async hasContent() {
    const [row] = await getDb().select({ n: count() }).from(posts);
    return (row?.n ?? 0) > 0;
  },
  async seed() {},
};
