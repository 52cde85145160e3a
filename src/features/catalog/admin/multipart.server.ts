import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCleanInput, keyPath } from '~/core/http/bracket-keys';
import { validationError } from '~/core/http/errors';
import { readMultipartForm, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import type { Locale } from '~/core/i18n/locale';
import { adminT } from './validation';

export { UploadedFile };

export const MAX_FILE_MB = 20;

/** Registers the multipart parser in this plugin's scope; forms with files are read by their handler. */
export async function registerMultipart(app: FastifyInstance) {
  await registerFormBody(app, {
    mode: 'handler',
    limits: { fileSize: MAX_FILE_MB * 1024 * 1024, files: 60, fields: 4000, fieldSize: 1024 * 1024, parts: 4100 },
  });
}

type Nested = { [key: string]: unknown };

/**
 * The body of a form request as nested data (core/http/form-body.server.ts, the one bracket-key
 * parser): multipart (files become UploadedFile, an empty file input is left out) or JSON as sent.
 * A file over the size limit is a 422 on its field.
 */
export async function readForm(request: FastifyRequest, locale: Locale): Promise<Nested> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object') return {};
    assertCleanInput(body);
    return body as Nested;
  }
  return readMultipartForm(request, {
    fileTooLarge: (field) => {
      const t = adminT(locale);
      return validationError({ [field ? keyPath(field).join('.') : 'file']: [t('file.tooLarge', { max: MAX_FILE_MB })] });
    },
  });
}

/** The uploaded files of a field that may hold one or several. */
export function filesOf(value: unknown): UploadedFile[] {
  if (value instanceof UploadedFile) return [value];
  if (Array.isArray(value)) return value.filter((v): v is UploadedFile => v instanceof UploadedFile);
  return [];
}
