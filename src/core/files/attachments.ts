// Attachments of public forms (complaints, warranty applications, …): the rules the browser and the
// server share. A form sends `attachments[N][id|file|filename]` (SPEC section 3 "Attachment"); the
// server decides the type from the bytes (attachments.server.ts), the browser only shows the limits.
import { z } from 'zod';
import { defineMessages, type Locale, translator } from '~/core/i18n/locale';

/** Size limit of one attached file (stated on every form). */
export const ATTACHMENT_MAX_FILE_MB = 20;
/** Size limit of all files of one form together. */
export const ATTACHMENT_MAX_FORM_MB = 100;
export const ATTACHMENT_MAX_FILE_BYTES = ATTACHMENT_MAX_FILE_MB * 1024 * 1024;
export const ATTACHMENT_MAX_FORM_BYTES = ATTACHMENT_MAX_FORM_MB * 1024 * 1024;
/** The most attachments one form takes. */
export const ATTACHMENT_MAX_COUNT = 30;
/** What the file input offers; the server decides by content, not by this list. */
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.gif,.webp,.zip,.xlsx,.flw,application/pdf,image/*';

export const attachmentMessages = defineMessages({
  pl: {
    'attachments.limits':
      'Dozwolone pliki: PDF, obrazy (JPG, PNG, GIF, WebP), ZIP, XLSX i pomiary Fluke LinkWare (.flw); do {file} MB każdy, razem do {form} MB.',
    'attachments.required': 'Pole jest wymagane.',
    'attachments.duplicate': 'Istnieje już załącznik o tej nazwie.',
    'attachments.badType': 'Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.',
    'attachments.tooLarge': 'Plik jest większy niż {max} MB.',
    'attachments.formTooLarge': 'Załączniki razem przekraczają {max} MB.',
    'attachments.tooMany': 'Można dodać najwyżej {max} załączników.',
    'attachments.filename': 'Nieprawidłowa nazwa pliku.',
    'attachments.kind': 'Nieprawidłowy rodzaj załącznika.',
    'attachments.progress': 'Wysyłanie: {percent}%',
  },
  en: {
    'attachments.limits':
      'Allowed files: PDF, images (JPG, PNG, GIF, WebP), ZIP, XLSX and Fluke LinkWare measurements (.flw); up to {file} MB each, {form} MB in total.',
    'attachments.required': 'This field is required.',
    'attachments.duplicate': 'An attachment with this name already exists.',
    'attachments.badType': 'This type of file is not allowed. Allowed: PDF, images, ZIP, XLSX, .flw.',
    'attachments.tooLarge': 'The file is larger than {max} MB.',
    'attachments.formTooLarge': 'The attachments together exceed {max} MB.',
    'attachments.tooMany': 'At most {max} attachments can be added.',
    'attachments.filename': 'Invalid file name.',
    'attachments.kind': 'Invalid kind of attachment.',
    'attachments.progress': 'Uploading: {percent}%',
  },
});

/** A file as the browser (File) or the server (UploadedFile: filename + data) holds it. */
function isFileValue(v: unknown): boolean {
  if (!v || typeof v !== 'object') return false;
  if (typeof Blob !== 'undefined' && v instanceof Blob) return true;
  const o = v as { filename?: unknown; data?: unknown };
  return typeof o.filename === 'string' && o.data instanceof Uint8Array;
}

const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * `attachments[N][id|file|filename]` (plus `kind` when `kinds` is given): a list of at most
 * ATTACHMENT_MAX_COUNT with unique filenames. Each item needs its file; `id` is the uuid the form
 * generated. Content and size are checked on the server (checkAttachmentFiles).
 */
/**
 * The one rule on repeated names, applied by an attachment box as a file is added and by the save to
 * the whole list: a name may repeat in different boxes (kinds: a measurement report and a photo may
 * both be "raport.pdf"), not within one (issue 41 point 3: the box accepted what the save refused).
 */
export function isDuplicateAttachment(list: readonly { filename: string; kind?: unknown }[], candidate: { filename: string; kind?: unknown }): boolean {
  const name = candidate.filename.trim();
  return list.some((a) => a.filename.trim() === name && (a.kind ?? null) === (candidate.kind ?? null));
}

export function attachmentsSchema<const K extends string = never>(locale: Locale, opts: { kinds?: readonly K[]; required?: boolean } = {}) {
  const t = translator(attachmentMessages, locale);
  const item = z.object({
    id: z.preprocess(emptyToUndefined, z.uuid(t('attachments.required'))),
    file: z.custom<unknown>(isFileValue, t('attachments.required')),
    filename: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.string(t('attachments.filename')).min(1, t('attachments.filename')).max(180, t('attachments.filename')),
    ),
    ...(opts.kinds ? { kind: z.enum(opts.kinds as unknown as [K, ...K[]], t('attachments.kind')) } : {}),
  });
  return z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? [] : v),
    z
      .array(item, t('attachments.required'))
      .max(ATTACHMENT_MAX_COUNT, t('attachments.tooMany', { max: ATTACHMENT_MAX_COUNT }))
      .superRefine((list, ctx) => {
        if (opts.required && list.length === 0) ctx.addIssue({ code: 'custom', message: t('attachments.required') });
        list.forEach((a, i) => {
          if (isDuplicateAttachment(list.slice(0, i), a)) ctx.addIssue({ code: 'custom', path: [i, 'file'], message: t('attachments.duplicate') });
        });
      }),
  );
}

export type AttachmentInput = { id: string; file: unknown; filename: string; kind?: string };
