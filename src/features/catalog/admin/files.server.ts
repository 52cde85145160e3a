// Uploaded files of the catalogue: their type is decided from the bytes (never from the name or
// the declared content type), then they are stored through the storage interface.
import { eq, inArray } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { getDb } from '~/core/db/db.server';
import { checkFileType, extensionsOf, type FileKind, IMAGE_KINDS, nameForType } from '~/core/files/file-type.server';
import { files } from '~/core/files/files.schema';
import { getStorage, type StoredFile, safeFilename, saveFile } from '~/core/files/storage.server';
import { isCatalogFile } from '../catalog.server';
import type { UploadedFile } from './multipart.server';
import type { Translate } from './validation';

/** The largest image accepted, in pixels (the resizing route refuses larger ones too). */
export const MAX_IMAGE_PIXELS = 40_000_000;

export interface CheckedFile {
  filename: string;
  data: Buffer;
  contentType: string;
  width?: number;
  height?: number;
}

const IMAGE_TYPES: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

/** Larger originals are scaled down on upload; the image route makes the sizes pages use. */
export const MAX_IMAGE_EDGE = 2400;

/**
 * The file as a stored image, or an error message: its bytes must decode as JPEG, PNG, WebP, GIF
 * or AVIF (never SVG). A rotated (EXIF) or very large image is turned upright and scaled to at
 * most MAX_IMAGE_EDGE pixels a side; one that already fits is stored as it came.
 */
export async function checkImage(file: UploadedFile, t: Translate): Promise<CheckedFile | { error: string }> {
  const name = safeFilename(file.filename);
  // The signature at offset 0 and no active content first (core/files), then the decoder; the stored
  // name gets the detected type's extension.
  const type = checkFileType(file.data, name, IMAGE_KINDS);
  if (!type) return { error: t('file.notImage', { name }) };
  const stored = type.filename;
  let meta: Metadata;
  try {
    meta = await sharp(file.data, { limitInputPixels: false }).metadata();
  } catch {
    return { error: t('file.notImage', { name }) };
  }
  let contentType = meta.format ? IMAGE_TYPES[meta.format] : undefined;
  if (meta.format === 'heif' && meta.compression === 'av1') contentType = 'image/avif';
  if (!contentType || !meta.width || !meta.height) return { error: t('file.notImage', { name }) };
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_IMAGE_PIXELS) return { error: t('file.tooBig', { name, max: MAX_IMAGE_PIXELS / 1_000_000 }) };
  const orientation = meta.orientation ?? 1;
  const swap = orientation >= 5;
  const width = swap ? frameHeight : meta.width;
  const height = swap ? meta.width : frameHeight;
  const animated = (meta.pages ?? 1) > 1;
  try {
    if (animated || (orientation === 1 && width <= MAX_IMAGE_EDGE && height <= MAX_IMAGE_EDGE)) {
      // The header alone can lie: decoding it fully proves the image is not truncated or corrupt.
      await sharp(file.data, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).raw().toBuffer();
      return { filename: nameForType(stored, { exts: extensionsOf(contentType) }), data: file.data, contentType, width, height };
    }
    const pipeline = sharp(file.data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_EDGE, height: MAX_IMAGE_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/png'
        ? pipeline.png({ compressionLevel: 8 })
        : contentType === 'image/webp'
          ? pipeline.webp({ quality: 85 })
          : contentType === 'image/avif'
            ? pipeline.avif({ quality: 60 })
            : contentType === 'image/gif'
              ? pipeline.gif()
              : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { filename: nameForType(stored, { exts: extensionsOf(contentType) }), data, contentType, width: info.width, height: info.height };
  } catch {
    return { error: t('file.notImage', { name }) };
  }
}

/** Product datasheets are PDFs; other product documents may also be drawings, Revit files, archives and photos. */
const DOCUMENT_KINDS = ['pdf', 'zip', 'ole', 'dwg', 'dxf', 'jpeg', 'png'] as const satisfies readonly FileKind[];

export function checkPdf(file: UploadedFile, t: Translate): CheckedFile | { error: string } {
  const type = checkFileType(file.data, file.filename, ['pdf']);
  if (!type) return { error: t('file.notPdf', { name: safeFilename(file.filename) }) };
  return { filename: type.filename, data: file.data, contentType: type.contentType };
}

/** A product document checked by the one rule of core/files (signature at offset 0, no active content). */
export function checkDocument(file: UploadedFile, t: Translate): CheckedFile | { error: string } {
  const type = checkFileType(file.data, file.filename, DOCUMENT_KINDS);
  if (!type) return { error: t('file.badDocument', { name: safeFilename(file.filename) }) };
  return { filename: type.filename, data: file.data, contentType: type.contentType };
}

export function isError(v: CheckedFile | { error: string }): v is { error: string } {
  return 'error' in v;
}

export function storeFile(file: CheckedFile): Promise<StoredFile> {
  return saveFile({ ...file, owner: 'catalog' });
}

/**
 * Removes stored files that no page links any more (a replaced datasheet, a deleted image). A file
 * still linked from the catalogue, or referenced by another feature (the delete is refused), stays.
 */
export async function removeUnusedFiles(ids: Iterable<string | null | undefined>): Promise<void> {
  const unique = [...new Set([...ids].filter((v): v is string => Boolean(v)))];
  for (const id of unique) {
    try {
      if (await isCatalogFile(id)) continue;
      const [row] = await getDb().delete(files).where(eq(files.id, id)).returning();
      if (row) await getStorage().remove(row.storageKey);
    } catch {
      // Still referenced elsewhere: keep it.
    }
  }
}

/** Drops files stored for a save that did not happen. */
export async function discardFiles(stored: StoredFile[]): Promise<void> {
  if (stored.length === 0) return;
  try {
    await getDb()
      .delete(files)
      .where(
        inArray(
          files.id,
          stored.map((f) => f.id),
        ),
      );
    for (const f of stored) await getStorage().remove(f.storageKey);
  } catch {
    // Best effort: an orphan file is harmless (no rule lets anyone download it).
  }
}
