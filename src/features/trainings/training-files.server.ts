// Files of the online trainings (issue 15): the training's picture (an image checked by decoding
// it, public while the training is active) and lesson attachments (type decided from the bytes by
// core/files; downloaded only by learners who may open the point, with the original file name).
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { FileAccess } from '~/core/files/access.server';
import { ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_FILE_MB, attachmentMessages } from '~/core/files/attachments';
import { ATTACHMENT_KINDS } from '~/core/files/attachments.server';
import { checkFileType } from '~/core/files/file-type.server';
import { files } from '~/core/files/files.schema';
import { fileIdsInHtml, foreignFileErrors } from '~/core/files/references.server';
import { type StoredFile, saveFile } from '~/core/files/storage.server';
import { validationError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { canAccessAdmin } from '~/core/permissions/permissions';
import { IMAGE_MAX_BYTES, storeImage, UploadRejected } from '~/features/content/admin/uploads.server';
import { trainingPointFiles, trainingPoints, trainings } from './trainings.schema';
import { trainingMessages } from './messages';
import type { TrainingInput } from './validation';

const tr = (locale: Locale) => translator(trainingMessages, locale);

/** `files.owner` of the trainings' uploads: lessons and descriptions may link only these (foreignFileErrors). */
export const TRAININGS_OWNER = 'trainings';

export { ATTACHMENT_MAX_FILE_BYTES, IMAGE_MAX_BYTES };

/** Checks (by decoding) and stores the training's picture; 422 on `file` when it is not an image. */
export async function storeTrainingImage(bytes: Buffer, filename: string, locale: Locale) {
  try {
    return await storeImage(bytes, filename, TRAININGS_OWNER);
  } catch (e) {
    if (e instanceof UploadRejected) {
      const t = tr(locale);
      throw validationError({ file: [e.problem === 'tooLarge' ? t('files.imageTooLarge', { mb: IMAGE_MAX_BYTES / 1024 / 1024 }) : t('files.notImage')] });
    }
    throw e;
  }
}

/** Checks a lesson attachment by its content (PDF, images, ZIP, XLSX, .flw) and stores it under its name with the detected type's extension. */
export async function storeLessonAttachment(bytes: Buffer, filename: string, locale: Locale): Promise<StoredFile> {
  const t = translator(attachmentMessages, locale);
  if (bytes.length > ATTACHMENT_MAX_FILE_BYTES) throw validationError({ file: [t('attachments.tooLarge', { max: ATTACHMENT_MAX_FILE_MB })] });
  const type = checkFileType(bytes, filename, ATTACHMENT_KINDS);
  if (!type) throw validationError({ file: [t('attachments.badType')] });
  return saveFile({ data: bytes, filename: type.filename, contentType: type.contentType, owner: TRAININGS_OWNER });
}

/**
 * 422 when the training names a file not uploaded for the trainings (core rule foreignFileErrors):
 * its picture, its description's links, each lesson's links and attachments. What the training
 * already names stays allowed.
 */
export async function assertOwnTrainingFiles(db: Db, trainingId: number | null, input: TrainingInput, locale: Locale) {
  const fields: Record<string, string[]> = {
    image_file_id: input.image_file_id ? [input.image_file_id] : [],
    description_pl: fileIdsInHtml(input.description_pl),
    description_en: fileIdsInHtml(input.description_en),
  };
  input.modules.forEach((m, mi) => {
    m.points.forEach((p, pi) => {
      const path = `modules.${mi}.points.${pi}`;
      fields[`${path}.content_pl`] = fileIdsInHtml(p.content_pl);
      fields[`${path}.content_en`] = fileIdsInHtml(p.content_en);
      fields[`${path}.files`] = p.files;
    });
  });
  const already: string[] = [];
  if (trainingId !== null) {
    const [t] = await db
      .select({ image: trainings.imageFileId, pl: trainings.descriptionPl, en: trainings.descriptionEn })
      .from(trainings)
      .where(eq(trainings.id, trainingId));
    const points = await db
      .select({ id: trainingPoints.id, pl: trainingPoints.contentPl, en: trainingPoints.contentEn })
      .from(trainingPoints)
      .where(eq(trainingPoints.trainingId, trainingId));
    if (t) already.push(...(t.image ? [t.image] : []), ...fileIdsInHtml(t.pl), ...fileIdsInHtml(t.en));
    for (const p of points) already.push(...fileIdsInHtml(p.pl), ...fileIdsInHtml(p.en));
    const ids = points.map((p) => p.id);
    if (ids.length)
      already.push(
        ...(await db.select({ id: trainingPointFiles.fileId }).from(trainingPointFiles).where(inArray(trainingPointFiles.pointId, ids))).map((f) => f.id),
      );
  }
  const errors = await foreignFileErrors(db, TRAININGS_OWNER, fields, already, locale);
  if (Object.keys(errors).length) throw validationError(errors, tr(locale)('v.invalid'));
}

/** 422 when the picture is not a stored image. */
export async function assertImageFile(db: Db, fileId: string | null, locale: Locale) {
  if (!fileId) return;
  const [f] = await db.select({ type: files.contentType }).from(files).where(eq(files.id, fileId));
  if (!f?.type.startsWith('image/')) throw validationError({ image_file_id: [tr(locale)('files.notImage')] }, tr(locale)('v.invalid'));
}

/** Replaces the attachments of the saved points (ordered as sent); unknown file ids are a 422. */
export async function saveLessonFiles(tx: Db, byPoint: { pointId: number; fileIds: string[]; path: string }[], locale: Locale) {
  const all = [...new Set(byPoint.flatMap((p) => p.fileIds))];
  const known = all.length ? new Set((await tx.select({ id: files.id }).from(files).where(inArray(files.id, all))).map((f) => f.id)) : new Set<string>();
  const errors: Record<string, string[]> = {};
  for (const p of byPoint) if (p.fileIds.some((id) => !known.has(id))) errors[`${p.path}.files`] = [tr(locale)('files.unknown')];
  if (Object.keys(errors).length) throw validationError(errors, tr(locale)('v.invalid'));
  const ids = byPoint.map((p) => p.pointId);
  if (ids.length) await tx.delete(trainingPointFiles).where(inArray(trainingPointFiles.pointId, ids));
  const rows = byPoint.flatMap((p) => [...new Set(p.fileIds)].map((fileId, position) => ({ pointId: p.pointId, fileId, position })));
  if (rows.length) await tx.insert(trainingPointFiles).values(rows);
}

export interface PointFile {
  id: string;
  name: string;
  size: number;
  type: string;
}

/** The attachments of points, by point id, in their order. */
export async function filesOfPoints(db: Db, pointIds: number[]): Promise<Map<number, PointFile[]>> {
  const map = new Map<number, PointFile[]>();
  if (pointIds.length === 0) return map;
  const rows = await db
    .select({ pointId: trainingPointFiles.pointId, id: files.id, name: files.originalName, size: files.size, type: files.contentType })
    .from(trainingPointFiles)
    .innerJoin(files, eq(files.id, trainingPointFiles.fileId))
    .where(inArray(trainingPointFiles.pointId, pointIds))
    .orderBy(asc(trainingPointFiles.position));
  for (const { pointId, ...f } of rows) map.set(pointId, [...(map.get(pointId) ?? []), f]);
  return map;
}

/** The download URL of a lesson attachment (the learner route checks access). */
export const lessonFileUrl = (pointId: number, fileId: string, name: string) => `/api/training-points/${pointId}/files/${fileId}/${encodeURIComponent(name)}`;

/** Training pictures are public while the training is active; admins of trainings see every picture and attachment. */
export async function trainingFileAccess(file: StoredFile, request: FastifyRequest): Promise<FileAccess> {
  const db = getDb();
  const [img] = await db.select({ active: trainings.isActive }).from(trainings).where(eq(trainings.imageFileId, file.id)).limit(1);
  if (img?.active) return 'public';
  const [attached] = img
    ? []
    : await db.select({ p: trainingPointFiles.pointId }).from(trainingPointFiles).where(eq(trainingPointFiles.fileId, file.id)).limit(1);
  if (!img && !attached) return false;
  const user = await getRequestUser(request);
  if (user?.isActive && user.isVerified && canAccessAdmin(user.can, 'trainings')) return 'private';
  return false;
}
