import type { Db } from '~/core/db/client.server';
import { invoices } from './invoices.schema';

/** File ids the invoices use (the unused-file collector keeps them). */
export async function invoiceFileReferences(db: Db): Promise<string[]> {
  const rows = await db.select({ pdf: invoices.fileId, xml: invoices.xmlFileId }).from(invoices);
  return rows.flatMap((r) => [r.pdf, r.xml].filter((id): id is string => id !== null));
}
