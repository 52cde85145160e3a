// Attachments of public forms on the server: the type of each file is decided from its bytes (PDF,
// images, ZIP, XLSX, Fluke LinkWare .flw; file-type.server.ts, which also names the stored file), sizes are checked per file and per form, and accepted
// files are stored with the project's storage (saveFile). A refused file is a 422 on
// `attachments.N.file`, a form over its total on `attachments` (SPEC section 5).
import { type Locale, translator } from '~/core/i18n/locale';
import { ATTACHMENT_MAX_FILE_BYTES, ATTACHMENT_MAX_FILE_MB, ATTACHMENT_MAX_FORM_BYTES, ATTACHMENT_MAX_FORM_MB, attachmentMessages } from './attachments';
import { checkFileType, type FileKind } from './file-type.server';
import { safeFilename, type StoredFile, saveFile } from './storage.server';

/** What a public form's attachment may be (ZIP-based office files count as ZIP, checkFileType). */
export const ATTACHMENT_KINDS = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'zip', 'xlsx', 'flw'] as const satisfies readonly FileKind[];

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
    const type = checkFileType(data, name, ATTACHMENT_KINDS);
    if (!type) {
      errors[`attachments.${i}.file`] = [t('attachments.badType')];
      return;
    }
    files.push({ clientId: a.id, filename: type.filename, data, contentType: type.contentType, kind: a.kind as K | undefined });
  });
  if (total > ATTACHMENT_MAX_FORM_BYTES) errors.attachments = [t('attachments.formTooLarge', { max: ATTACHMENT_MAX_FORM_MB })];
  return { errors, files };
}

/** Stores checked attachments (bytes first, then the files rows); returns them in order. */
export async function storeAttachments<K extends string>(files: readonly CheckedAttachment<K>[], owner: string): Promise<(StoredFile & { kind?: K })[]> {
  const stored: (StoredFile & { kind?: K })[] = [];
  for (const f of files) stored.push({ ...(await saveFile({ data: f.data, filename: f.filename, contentType: f.contentType, owner })), kind: f.kind });
  return stored;
}
