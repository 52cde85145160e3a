import { sql } from 'drizzle-orm';
import type { Db } from '~/core/db/client.server';
import { testerRentals, testers } from './rentals.schema';

/** File ids the rentals use (images of testers, signed contracts): the collector keeps them. */
export async function rentalFileReferences(db: Db): Promise<string[]> {
  const [ts, rs] = await Promise.all([
    db.select({ ids: testers.imageIds }).from(testers),
    db.select({ id: testerRentals.signedContractFileId }).from(testerRentals).where(sql`${testerRentals.signedContractFileId} is not null`),
  ]);
  return [...ts.flatMap((t) => t.ids), ...rs.map((r) => r.id as string)];
}
