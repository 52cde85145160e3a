import type { Db } from '~/core/db/client.server';
import { invoices } from './invoices.schema';

/** File ids the invoices use (the unused-file collector keeps them). */
export async function invoiceFileReferences(db: Db): Promise<string[]> {
  return (await db.select({ id: invoices.fileId }).from(invoices)).map((r) => r.id);
}
