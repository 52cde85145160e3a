import type { Db } from '~/core/db/client.server';
import { applicationFileIds } from './applications.server';
import { complaintFileIds } from './complaints.server';

/** The files of complaints and applications, certificates included (kept by the unused-file collector). */
export async function formsFileReferences(db: Db): Promise<string[]> {
  return [...(await complaintFileIds(db)), ...(await applicationFileIds(db))];
}
