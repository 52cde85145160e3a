import type { Db } from '~/core/db/client.server';
import { type FileReferenceSource, fileIdsInHtml } from '~/core/files/references.server';
import { trainingPointFiles, trainingPoints, trainings } from './trainings.schema';

/** Files the trainings use: pictures, lesson attachments and links inside lesson and description HTML. */
export const trainingFileReferences: FileReferenceSource = async (db: Db) => {
  const [ts, ps, fs] = await Promise.all([
    db.select({ image: trainings.imageFileId, pl: trainings.descriptionPl, en: trainings.descriptionEn }).from(trainings),
    db.select({ pl: trainingPoints.contentPl, en: trainingPoints.contentEn }).from(trainingPoints),
    db.select({ id: trainingPointFiles.fileId }).from(trainingPointFiles),
  ]);
  const ids: string[] = [];
  for (const t of ts) ids.push(...(t.image ? [t.image] : []), ...fileIdsInHtml(t.pl), ...fileIdsInHtml(t.en));
  for (const p of ps) ids.push(...fileIdsInHtml(p.pl), ...fileIdsInHtml(p.en));
  for (const f of fs) ids.push(f.id);
  return ids;
};
