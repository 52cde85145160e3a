// Uploads of the news-post and static-site admin. Neither the filename nor the content type sent
// by the browser is trusted: images are identified by decoding them (sharp), downloadable
// resources by their leading bytes (and, for ZIP-based office files, by the archive's entries).
import path from 'node:path';
import sharp from 'sharp';
import { type StoredFile, safeFilename, saveFile } from '~/core/files/storage.server';

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
export function withExtension(filename: string, allowed: readonly string[]): string {
  const name = safeFilename(filename);
  const ext = path.extname(name).slice(1).toLowerCase();
  if (allowed.includes(ext)) return name;
  const base = ext ? name.slice(0, -(ext.length + 1)) : name;
  return `${base || 'file'}.${allowed[0]}`;
}

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

const PDF: ResourceType = { contentType: 'application/pdf', exts: ['pdf'] };
const RTF: ResourceType = { contentType: 'application/rtf', exts: ['rtf'] };
const ZIP: ResourceType = { contentType: 'application/zip', exts: ['zip'] };
const OLE_BY_EXT: Record<string, ResourceType> = {
  doc: { contentType: 'application/msword', exts: ['doc', 'dot'] },
  dot: { contentType: 'application/msword', exts: ['dot', 'doc'] },
  xls: { contentType: 'application/vnd.ms-excel', exts: ['xls', 'xlt'] },
  xlt: { contentType: 'application/vnd.ms-excel', exts: ['xlt', 'xls'] },
  ppt: { contentType: 'application/vnd.ms-powerpoint', exts: ['ppt', 'pps'] },
  pps: { contentType: 'application/vnd.ms-powerpoint', exts: ['pps', 'ppt'] },
};
const OLE_OTHER: ResourceType = { contentType: 'application/vnd.ms-office', exts: ['doc', 'xls', 'ppt'] };
const OOXML: Record<string, ResourceType> = {
  'word/': { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', exts: ['docx', 'docm', 'dotx'] },
  'xl/': { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', exts: ['xlsx', 'xlsm', 'xltx'] },
  'ppt/': { contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', exts: ['pptx', 'ppsx', 'potx'] },
};
const ODF: Record<string, ResourceType> = {
  'application/vnd.oasis.opendocument.text': { contentType: 'application/vnd.oasis.opendocument.text', exts: ['odt'] },
  'application/vnd.oasis.opendocument.spreadsheet': { contentType: 'application/vnd.oasis.opendocument.spreadsheet', exts: ['ods'] },
  'application/vnd.oasis.opendocument.presentation': { contentType: 'application/vnd.oasis.opendocument.presentation', exts: ['odp'] },
};

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The names of a ZIP archive's entries, read from its central directory; null when it is not a ZIP. */
export function zipEntryNames(bytes: Buffer): string[] | null {
  // End of central directory: at the end, before a comment of at most 65535 bytes.
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = bytes.readUInt16LE(eocd + 10);
  let offset = bytes.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== 0x02014b50) return null;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    if (offset + 46 + nameLength > bytes.length) return null;
    names.push(bytes.toString('utf8', offset + 46, offset + 46 + nameLength));
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** ODF keeps its type as the uncompressed first entry `mimetype`, right after the local header. */
function odfType(bytes: Buffer): string | null {
  if (bytes.length < 38 || bytes.toString('latin1', 30, 38) !== 'mimetype') return null;
  const nameLength = bytes.readUInt16LE(26);
  const extraLength = bytes.readUInt16LE(28);
  const size = bytes.readUInt32LE(18);
  const start = 30 + nameLength + extraLength;
  if (size > 200 || start + size > bytes.length) return null;
  return bytes.toString('latin1', start, start + size);
}

/**
 * The type of a downloadable resource from its bytes: PDF, RTF, the old binary office formats
 * (OLE2; which one is told by the name's extension), OOXML and OpenDocument (ZIP with their
 * entries) and plain ZIP. Null for anything else.
 */
export function detectResource(bytes: Buffer, filename: string): ResourceType | null {
  if (bytes.length < 8) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return PDF;
  if (bytes.subarray(0, 5).toString('latin1') === '{\\rtf') return RTF;
  if (bytes.subarray(0, 8).equals(OLE_MAGIC)) {
    const ext = path.extname(filename).slice(1).toLowerCase();
    return OLE_BY_EXT[ext] ?? OLE_OTHER;
  }
  const sig = bytes.readUInt32LE(0);
  if (sig === 0x04034b50 || sig === 0x06054b50) {
    const names = zipEntryNames(bytes);
    if (!names) return null;
    const odf = odfType(bytes);
    if (odf && ODF[odf]) return ODF[odf];
    if (names.includes('[Content_Types].xml')) {
      for (const [prefix, type] of Object.entries(OOXML)) if (names.some((n) => n.startsWith(prefix))) return type;
    }
    return ZIP;
  }
  return null;
}

/** Checks and stores an image upload. */
export async function storeImage(bytes: Buffer, filename: string): Promise<{ file: StoredFile; preview: string }> {
  const image = await checkImage(bytes);
  const file = await saveFile({
    data: image.data,
    filename: withExtension(filename, [image.ext, ...(image.ext === 'jpg' ? ['jpeg'] : [])]),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
  });
  return { file, preview: await imagePreview(image.data) };
}

/** Checks and stores a downloadable resource; its name gets the extension of its real type. */
export async function storeResource(bytes: Buffer, filename: string): Promise<StoredFile> {
  if (bytes.length > RESOURCE_MAX_BYTES) throw new UploadRejected('tooLarge');
  const type = detectResource(bytes, filename);
  if (!type) throw new UploadRejected('resource');
  return saveFile({ data: bytes, filename: withExtension(filename, type.exts), contentType: type.contentType });
}

/** The fitting extensions of a stored resource's type (for a renamed download). */
export function extensionsOf(contentType: string): readonly string[] {
  if (contentType === PDF.contentType) return PDF.exts;
  if (contentType === RTF.contentType) return RTF.exts;
  if (contentType === ZIP.contentType) return ZIP.exts;
  if (contentType === OLE_OTHER.contentType) return OLE_OTHER.exts;
  for (const t of [...Object.values(OLE_BY_EXT), ...Object.values(OOXML), ...Object.values(ODF)]) {
    if (t.contentType === contentType) return t.exts;
  }
  const image = Object.values(IMAGE_TYPES).find((i) => i.type === contentType);
  return image ? [image.ext] : [];
}
