// Form bodies of the API (SPEC section 7: multipart with bracket keys, or JSON), read in one way:
// every part goes through the one bracket-key parser (bracket-keys.ts: no prototype keys, no NUL,
// null-prototype nesting), and a body that cannot be read (truncated, garbage under a multipart
// boundary, no boundary) is a 400 `{ message }`, never a 500.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { coreMessages } from '~/core/i18n/messages';
import { type Locale, translator } from '~/core/i18n/locale';
import { assertCleanInput, keyPath, nestFormEntries } from './bracket-keys';
import { HttpError } from './errors';

/** An uploaded file held in memory; its name and declared type are never trusted. */
export class UploadedFile {
  constructor(
    public readonly filename: string,
    public readonly data: Buffer,
  ) {}
}

function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['x-locale'] ?? request.headers['accept-language'];
  return typeof header === 'string' && header.toLowerCase().startsWith('en') ? 'en' : 'pl';
}

/** 400 `{ message }` for a body that does not match its content type or ends early. */
export function malformedBody(request: FastifyRequest): HttpError {
  return new HttpError(400, translator(coreMessages, localeOf(request))('error.badBody'));
}

/**
 * An error met while reading a body: errors that carry their own 4xx status (limits of the parser,
 * a file over its size, our HttpErrors) stay as they are; anything else the parser threw means the
 * body itself is broken (400).
 */
export function bodyError(request: FastifyRequest, e: unknown): Error {
  if (e instanceof HttpError) return e;
  const status = (e as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return e as Error;
  return malformedBody(request);
}

export interface ReadFormOptions {
  /** The error for a file over the size limit (default: the parser's 413). */
  fileTooLarge?: (field: string | undefined) => Error;
  /** The most bytes all files of the body may have together; reading stops at the first byte over. */
  maxTotalFileBytes?: number;
  /** The error for a body whose files together exceed maxTotalFileBytes (default 413). */
  totalTooLarge?: () => Error;
}

/**
 * A multipart body as nested data: text fields as strings, files as UploadedFile (an empty file
 * input is left out). Call it from a handler (after the route's guards) when the form has files.
 */
export async function readMultipartForm(request: FastifyRequest, opts: ReadFormOptions = {}): Promise<Record<string, unknown>> {
  const entries: [string, unknown][] = [];
  let total = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0 && !part.filename) continue;
        total += data.length;
        if (opts.maxTotalFileBytes !== undefined && total > opts.maxTotalFileBytes) {
          throw opts.totalTooLarge?.() ?? new HttpError(413, 'Request body is too large');
        }
        entries.push([part.fieldname, new UploadedFile(part.filename || 'file', data)]);
      } else {
        entries.push([part.fieldname, part.value]);
      }
    }
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' && opts.fileTooLarge) {
      throw opts.fileTooLarge((e as { part?: { fieldname?: string } }).part?.fieldname);
    }
    throw bodyError(request, e);
  }
  return nestFormEntries(entries);
}

export interface FormBodyOptions {
  /** Busboy limits of this plugin's forms (fields, fieldSize, files, fileSize, parts). */
  limits: { fields?: number; fieldSize?: number; files?: number; fileSize?: number; parts?: number };
  /**
   * 'attach' (default): a multipart body is read before the handler into `request.body`, nested
   * (for forms without files). 'handler': the handler reads it (readMultipartForm, request.file()),
   * so large uploads are read only after the route's guards.
   */
  mode?: 'attach' | 'handler';
}

/** Registers the multipart parser in this plugin's scope, reading bodies through the one parser. */
export async function registerFormBody(app: FastifyInstance, opts: FormBodyOptions): Promise<void> {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, { limits: opts.limits });
  if (opts.mode === 'handler') return;
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = await readMultipartForm(request);
  });
}

/**
 * A form body as nested data, multipart or JSON alike (SPEC section 7): multipart through
 * readMultipartForm (files as UploadedFile), JSON checked by the same rules (no NUL, no prototype
 * keys). The plugin registers the parser with registerFormBody(app, { mode: 'handler', … }).
 */
export async function readFormBody(request: FastifyRequest, opts: ReadFormOptions = {}): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
    assertCleanInput(body);
    return body as Record<string, unknown>;
  }
  return readMultipartForm(request, opts);
}

/** The dotted error path ("attachments.0.file") of a multipart field name ("attachments[0][file]"). */
export function fieldPath(field: string | undefined, fallback = 'file'): string {
  return field ? keyPath(field).join('.') : fallback;
}
