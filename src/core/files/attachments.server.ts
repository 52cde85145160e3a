// Attachments of public forms on the server: the type of each file is decided from its bytes (PDF,
// images, ZIP, XLSX, Fluke LinkWare .flw), sizes are checked per file and per form, and accepted
// files are stored with the project's storage (saveFile). A refused file is a 422 on
// `attachments.N.file`, a form over its total on `attachments` (SPEC section 5).
import { type Locale, translator } from '~/core/i18n/locale';
import {
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_FILE_MB,
  ATTACHMENT_MAX_FORM_BYTES,
  ATTACHMENT_MAX_FORM_MB,
  attachmentMessages,
} from './attachments';
import { safeFilename, type StoredFile, saveFile } from './storage.server';

const startsWith = (data: Uint8Array, bytes: number[] | string, at = 0) => {
  const b = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= at + b.length && Buffer.from(data.buffer, data.byteOffset + at, b.length).equals(b);
};

const isZip = (data: Uint8Array) => startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06]);

/** Markers of content a browser or an OS would run: never accepted as an attachment, whatever its name. */
function looksActive(data: Uint8Array): boolean {
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 512)).toString('latin1').trimStart().toLowerCase();
  if (/^(<!doctype|<html|<script|<svg|<\?xml|<body|<iframe)/.test(head)) return true;
  if (startsWith(data, 'MZ') || startsWith(data, [0x7f, 0x45, 0x4c, 0x46]) || startsWith(data, '#!')) return true;
  return false;
}

/**
 * Whether the bytes are text (every byte printable, whitespace or UTF-8/8-bit letters; or a UTF-16
 * text with its byte-order mark): what a CSV, a script or a PHP page renamed to .flw looks like.
 * A LinkWare project is binary: it holds control bytes (NUL, length fields, compressed data).
 */
export function isPlainText(data: Uint8Array): boolean {
  if (startsWith(data, [0xff, 0xfe]) || startsWith(data, [0xfe, 0xff])) return true;
  for (const b of data) {
    // C0 controls other than tab, line feed, form feed, carriage return and escape; DEL.
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d && b !== 0x1b) || b === 0x7f) return false;
  }
  return true;
}

/**
 * The content type of an attachment from its bytes, or null when it is not allowed. The name only
 * tells a ZIP-based XLSX from a plain ZIP and a LinkWare measurement (.flw, a binary project file of
 * Fluke LinkWare PC, served as application/octet-stream and always as a download): a .flw must be
 * binary (a renamed text file, e.g. CSV, JavaScript or PHP, is refused) and no markup or program.
 */
export function attachmentContentType(data: Uint8Array, filename: string): string | null {
  const lower = filename.toLowerCase();
  const head = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 1024));
  if (head.indexOf('%PDF-', 0, 'latin1') !== -1) return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'image/gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'image/webp';
  if (lower.endsWith('.flw')) {
    if (data.length === 0 || looksActive(data) || isPlainText(data)) return null;
    return 'application/octet-stream';
  }
  if (isZip(data)) {
    const inside = Buffer.from(data.buffer, data.byteOffset, Math.min(data.length, 64 * 1024)).toString('latin1');
    if (lower.endsWith('.xlsx') && (inside.includes('[Content_Types].xml') || inside.includes('xl/'))) {
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    }
    return 'application/zip';
  }
  return null;
}

/** A file as the multipart reader gives it (core/http/form-body.server.ts UploadedFile). */
export interface AttachmentFile {
  filename: string;
  data: Buffer;
}

export interface CheckedAttachment<K extends string = string> {
  /** The uuid the form generated (kept so the answer can name the attachment). */
  clientId: string;
  filename: string;
  data: Buffer;
  contentType: string;
  kind?: K;
}

/**
 * Checks content and sizes of the parsed attachments; returns the 422 errors map (empty when fine)
 * and the accepted files. `offset` numbers the errors when the list is a part of a longer one.
 */
export function checkAttachmentFiles<K extends string = string>(
  list: readonly { id: string; file: unknown; filename: string; kind?: unknown }[],
  locale: Locale,
): { errors: Record<string, string[]>; files: CheckedAttachment<K>[] } {
  const t = translator(attachmentMessages, locale);
  const errors: Record<string, string[]> = {};
  const files: CheckedAttachment<K>[] = [];
  let total = 0;
  list.forEach((a, i) => {
    const file = a.file as AttachmentFile;
    const data = file.data;
    total += data.length;
    const name = safeFilename(a.filename || file.filename);
    if (data.length > ATTACHMENT_MAX_FILE_BYTES) {
      errors[`attachments.${i}.file`] = [t('attachments.tooLarge', { max: ATTACHMENT_MAX_FILE_MB })];
      return;
    }
    const contentType = attachmentContentType(data, name);
    if (!contentType) {
      errors[`attachments.${i}.file`] = [t('attachments.badType')];
      return;
    }
    files.push({ clientId: a.id, filename: name, data, contentType, kind: a.kind as K | undefined });
  });
  if (total > ATTACHMENT_MAX_FORM_BYTES) errors.attachments = [t('attachments.formTooLarge', { max: ATTACHMENT_MAX_FORM_MB })];
  return { errors, files };
}

/** Stores checked attachments (bytes first, then the files rows); returns them in order. */
export async function storeAttachments<K extends string>(files: readonly CheckedAttachment<K>[]): Promise<(StoredFile & { kind?: K })[]> {
  const stored: (StoredFile & { kind?: K })[] = [];
  for (const f of files) stored.push({ ...(await saveFile({ data: f.data, filename: f.filename, contentType: f.contentType })), kind: f.kind });
  return stored;
}
