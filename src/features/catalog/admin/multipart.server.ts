import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationError } from '~/core/http/errors';
import type { Locale } from '~/core/i18n/locale';
import { adminT } from './validation';

/** An uploaded file held in memory; its name and declared type are never trusted. */
export class UploadedFile {
  constructor(
    public readonly filename: string,
    public readonly data: Buffer,
  ) {}
}

export const MAX_FILE_MB = 20;

/** Registers the multipart parser in this plugin's scope (files buffered per request). */
export async function registerMultipart(app: FastifyInstance) {
  if (app.hasContentTypeParser('multipart/form-data')) return;
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_MB * 1024 * 1024, files: 60, fields: 4000, fieldSize: 1024 * 1024, parts: 4100 },
  });
}

type Nested = { [key: string]: unknown };

/** "documents[0][name_pl]" -> ["documents", "0", "name_pl"]. */
export function keyPath(key: string): string[] {
  const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!m) return [key];
  const rest = [...m[2].matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]);
  return [m[1], ...rest];
}

const isIndex = (s: string) => /^\d{1,4}$/.test(s);

/**
 * Builds nested data from bracket keys (SPEC section 7: nested arrays and objects use bracket
 * keys): numeric segments make arrays (in index order, holes dropped), others objects. A key
 * given twice becomes a list.
 */
export function unflatten(entries: [string, unknown][]): Nested {
  const root: Nested = {};
  for (const [key, value] of entries) {
    const path = keyPath(key);
    let node: Nested = root;
    for (let i = 0; i < path.length - 1; i++) {
      const seg = path[i];
      const next = node[seg];
      if (next === undefined || typeof next !== 'object' || next === null || next instanceof UploadedFile) node[seg] = {};
      node = node[seg] as Nested;
    }
    const last = path[path.length - 1];
    if (last === '' && path.length > 1) {
      // "ids[]" style: append.
      const n = Object.keys(node).length;
      node[String(n)] = value;
    } else if (last in node && !(typeof node[last] === 'object' && node[last] !== null && !(node[last] instanceof UploadedFile))) {
      const prev = node[last];
      node[last] = Array.isArray(prev) ? [...prev, value] : [prev, value];
    } else node[last] = value;
  }
  const toArrays = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object' || value instanceof UploadedFile || Array.isArray(value)) return value;
    const obj = value as Nested;
    const keys = Object.keys(obj);
    for (const k of keys) obj[k] = toArrays(obj[k]);
    if (keys.length > 0 && keys.every(isIndex)) {
      return keys
        .map(Number)
        .sort((a, b) => a - b)
        .map((k) => obj[String(k)]);
    }
    return obj;
  };
  return toArrays(root) as Nested;
}

/**
 * The body of a form request as nested data: multipart (files become UploadedFile, an empty file
 * input is left out) or JSON as sent. A file over the size limit is a 422 on its field.
 */
export async function readForm(request: FastifyRequest, locale: Locale): Promise<Nested> {
  if (!request.isMultipart()) {
    const body = request.body;
    return body && typeof body === 'object' ? (body as Nested) : {};
  }
  const entries: [string, unknown][] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length === 0 && !part.filename) continue;
        entries.push([part.fieldname, new UploadedFile(part.filename || 'file', data)]);
      } else {
        entries.push([part.fieldname, part.value]);
      }
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = (e as { part?: { fieldname?: string } }).part?.fieldname;
      const t = adminT(locale);
      throw validationError({ [field ? keyPath(field).join('.') : 'file']: [t('file.tooLarge', { max: MAX_FILE_MB })] });
    }
    throw e;
  }
  return unflatten(entries);
}

/** The uploaded files of a field that may hold one or several. */
export function filesOf(value: unknown): UploadedFile[] {
  if (value instanceof UploadedFile) return [value];
  if (Array.isArray(value)) return value.filter((v): v is UploadedFile => v instanceof UploadedFile);
  return [];
}
