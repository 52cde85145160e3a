import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/** The largest id an integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A positive integer id written in digits only (no sign, spaces, exponent or fraction), or null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * The id in a route's params (`:id`, or `param`), else an HttpError with the route's message:
 * 404 unless `status` says otherwise, since an id that cannot exist names no record.
 */
export function idOf(request: FastifyRequest, message: string, opts: { param?: string; status?: number } = {}): number {
  const id = parseId((request.params as Record<string, unknown> | undefined)?.[opts.param ?? 'id']);
  if (id === null) throw new HttpError(opts.status ?? 404, message);
  return id;
}
