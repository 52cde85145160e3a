// Uploads of the news-post and static-site admin. Neither the filename nor the content type sent
// by the browser is trusted: images are identified by decoding them (sharp), downloadable
// resources by their leading bytes (core/files/file-type.server.ts, one rule for every upload).

/** `files.owner` of the content's uploads: posts and pages may link only these (foreignFileErrors). */
export const CONTENT_OWNER = 'content';
import sharp from 'sharp';
import { checkFileType, extensionsOf, type FileKind, IMAGE_KINDS, nameForType, zipEntryNames } from '~/core/files/file-type.server';
import { type StoredFile, saveFile } from '~/core/files/storage.server';

export const IMAGE_MAX_BYTES = 15 * 1024 * 1024;
export const RESOURCE_MAX_BYTES = 25 * 1024 * 1024;
/** Larger originals are scaled down on upload; the image route makes the smaller sizes. */
export const IMAGE_MAX_EDGE = 2400;
const MAX_PIXELS = 40_000_000;

export type UploadProblem = 'image' | 'imageTooBig' | 'resource' | 'tooLarge';

export class UploadRejected extends Error {
  constructor(public readonly problem: UploadProblem) {
    super(problem);
  }
}

const IMAGE_TYPES: Record<string, { type: string; ext: string }> = {
  jpeg: { type: 'image/jpeg', ext: 'jpg' },
  png: { type: 'image/png', ext: 'png' },
  webp: { type: 'image/webp', ext: 'webp' },
  gif: { type: 'image/gif', ext: 'gif' },
  avif: { type: 'image/avif', ext: 'avif' },
};

/** The filename with the extension of its real type (kept when it already has a fitting one). */
export const withExtension = (filename: string, allowed: readonly string[]): string => nameForType(filename, { exts: allowed });

export interface CheckedImage {
  data: Buffer;
  contentType: string;
  ext: string;
  width: number;
  height: number;
}

/**
 * Decodes an upload as an image: JPEG, PNG, WebP, GIF or AVIF (never SVG: it can carry script).
 * It is turned upright (EXIF orientation) and scaled to at most IMAGE_MAX_EDGE pixels a side;
 * an image that already fits is stored as it came (animated GIF/WebP keep their frames).
 */
export async function checkImage(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > IMAGE_MAX_BYTES) throw new UploadRejected('tooLarge');
  // The signature at offset 0 and no active content first (the one rule of core/files), then the decoder.
  if (!checkFileType(bytes, '', IMAGE_KINDS)) throw new UploadRejected('image');
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadRejected('image');
  }
  const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  const kind = format ? IMAGE_TYPES[format] : undefined;
  if (!kind || !meta.width || !meta.height) throw new UploadRejected('image');
  const frameHeight = meta.pageHeight ?? meta.height;
  if (meta.width * frameHeight > MAX_PIXELS) throw new UploadRejected('imageTooBig');
  const rotated = (meta.orientation ?? 1) > 1;
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? frameHeight : meta.width;
  const height = swap ? meta.width : frameHeight;
  const animated = (meta.pages ?? 1) > 1;
  if (animated || (!rotated && width <= IMAGE_MAX_EDGE && height <= IMAGE_MAX_EDGE)) {
    // Decoding it fully once proves the image is not truncated or corrupt.
    try {
      await sharp(bytes, { limitInputPixels: MAX_PIXELS, animated }).raw().toBuffer({ resolveWithObject: false });
    } catch {
      throw new UploadRejected('image');
    }
    return { data: bytes, contentType: kind.type, ext: kind.ext, width, height };
  }
  try {
    const pipeline = sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const encoded =
      kind.ext === 'png'
        ? pipeline.png({ compressionLevel: 8 })
        : kind.ext === 'webp'
          ? pipeline.webp({ quality: 85 })
          : kind.ext === 'avif'
            ? pipeline.avif({ quality: 60 })
            : kind.ext === 'gif'
              ? pipeline.gif()
              : pipeline.jpeg({ quality: 85, mozjpeg: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return { data, contentType: kind.type, ext: kind.ext, width: info.width, height: info.height };
  } catch {
    throw new UploadRejected('image');
  }
}

/** A small inline preview (data: URL, allowed by the page's CSP) shown in the form right after an upload. */
export async function imagePreview(data: Buffer): Promise<string> {
  const out = await sharp(data, { limitInputPixels: MAX_PIXELS }).rotate().resize({ width: 480, withoutEnlargement: true }).webp({ quality: 70 }).toBuffer();
  return `data:image/webp;base64,${out.toString('base64')}`;
}

export interface ResourceType {
  contentType: string;
  /** Fitting extensions; the first one is added to a filename that has none of them. */
  exts: readonly string[];
}

/** What a static site's downloadable resource may be: PDF, RTF, office files (old and new) and ZIP. */
const RESOURCE_KINDS = ['pdf', 'rtf', 'ole', 'zip', 'xlsx', 'docx', 'pptx', 'odt', 'ods', 'odp'] as const satisfies readonly FileKind[];

/** The type of a downloadable resource from its bytes (core/files/file-type.server.ts); null when refused. */
export function detectResource(bytes: Buffer, filename: string): ResourceType | null {
  return checkFileType(bytes, filename, RESOURCE_KINDS);
}

/** Checks and stores an image upload. */
export async function storeImage(bytes: Buffer, filename: string, owner: string): Promise<{ file: StoredFile; preview: string }> {
  const image = await checkImage(bytes);
  const file = await saveFile({
    data: image.data,
    filename: withExtension(filename, [image.ext, ...(image.ext === 'jpg' ? ['jpeg'] : [])]),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    owner,
  });
  return { file, preview: await imagePreview(image.data) };
}

/** Checks and stores a downloadable resource; its name gets the extension of its real type. */
export async function storeResource(bytes: Buffer, filename: string, owner: string): Promise<StoredFile> {
  if (bytes.length > RESOURCE_MAX_BYTES) throw new UploadRejected('tooLarge');
  const type = checkFileType(bytes, filename, RESOURCE_KINDS);
  if (!type) throw new UploadRejected('resource');
  return saveFile({ data: bytes, filename: type.filename, contentType: type.contentType, owner });
}

export { extensionsOf, zipEntryNames };
