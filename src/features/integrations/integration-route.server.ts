// The framework of /api/integration/v1 (issue 39). An integration route is one declaration: method,
// path, scope, the Zod schemas it validates with (the OpenAPI document is generated from the same
// ones) and a handler. Registering it adds, in this order:
//
//   1. the API key: `Authorization: Bearer cobi_…` (no cookie, no anti-forgery token), 401 when missing,
//      unknown or revoked; the request is counted for the key's "requests today";
//   2. the rate limit: 600 requests a minute per key (core/http's limiter: Redis with REDIS_URL, so
//      several processes share it), 429 with Retry-After;
//   3. the scope: 403 when the key lacks it;
//   4. for writes, `Idempotency-Key`: the first request with a key runs, the answer (status and body)
//      is kept 24 h and given again to the same key with the same request; a parallel twin gets 409
//      (the primary key of integration_idempotency decides), a different request with a used key 422;
//   5. the input parsed with the schemas (422 `{message, errors}`), then the handler, whose actor is
//      the key ("API: {name}" in the change log).
//
//   export const putThing = defineIntegrationRoute({
//     method: 'PUT', path: '/things/{code}', scope: 'catalog:write', summary: 'Creates or updates a thing',
//     params: z.object({ code: z.string() }), body: thingSchema, response: thingAnswer,
//     handler: async ({ params, body, actor, locale }) => ({ message: '…' }),
//   });
//   // then add it to INTEGRATION_ROUTES (integration-routes.server.ts).
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Actor } from '~/core/audit/audit.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { getRateLimiter } from '~/core/http/rate-limit.server';
import { zodIssuesToErrors } from '~/core/http/validation';
import { type Locale, translator } from '~/core/i18n/locale';
import { requestLocale } from '~/core/server/app.server';
import { now } from '~/core/time/clock';
import { countKeyUse, findActiveKey } from './api-keys.server';
import { type ApiKeyRow, integrationIdempotency } from './integrations.schema';
import { integrationsMessages } from './messages';
import type { ApiScope } from './scopes';

export const INTEGRATION_BASE = '/api/integration/v1';
/** Requests a minute one key may make. */
export const KEY_RATE_LIMIT = { max: 600, windowMs: 60_000 } as const;
/** Rows one bulk call may carry. */
export const MAX_BULK_ROWS = 1000;
/** How long an idempotent answer is kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;

export interface IntegrationContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  key: ApiKeyRow;
  /** The key as the change log's author. */
  actor: Actor;
  locale: Locale;
  request: FastifyRequest;
}

/** A handler's answer: the body (status 200), or a status with a body. */
export type IntegrationAnswer<R> = R | { status: number; body: R };

export interface IntegrationRoute<P = unknown, Q = unknown, B = unknown, R = unknown> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below /api/integration/v1, OpenAPI style: '/price-lists/{definition}'. */
  path: string;
  scope: ApiScope;
  summary: string;
  description?: string;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The 200 answer (documented; not checked at run time). */
  response: z.ZodType<R>;
  /** More documented answers than the common ones (401, 403, 409, 413, 422, 429). */
  responses?: Record<number, { description: string; schema?: z.ZodType }>;
  bodyLimit?: number;
  /** A body that is not JSON (the FA(3) XML of POST /invoices): its media type for the parser and the document; the handler reads request.body (a Buffer). */
  rawBody?: { contentTypes: readonly string[]; description: string };
  handler: (ctx: IntegrationContext<P, Q, B>) => Promise<IntegrationAnswer<R>>;
}

/** Declares a route (typed by its schemas); INTEGRATION_ROUTES lists them for the server and OpenAPI. */
export function defineIntegrationRoute<P = undefined, Q = undefined, B = undefined, R = unknown>(route: IntegrationRoute<P, Q, B, R>): IntegrationRoute {
  return route as unknown as IntegrationRoute;
}

/** The error answer of every route: `{ message, errors? }`. */
export const errorAnswer = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error', description: 'Every refusal: a sentence, and per field path its messages (422).' });

/** The answer of a bulk call: one row per sent row, in order. */
export const bulkAnswer = z
  .object({
    message: z.string(),
    rows: z.array(
      z.object({
        index: z.number().int().describe('Position of the row in the request, from 0.'),
        status: z.enum(['updated', 'created', 'unchanged', 'error']),
        message: z.string().optional(),
        errors: z.record(z.string(), z.array(z.string())).optional(),
      }),
    ),
  })
  .meta({ id: 'BulkAnswer', description: 'Per-row results of a bulk call, in the order of the request.' });
export type BulkRow = z.infer<typeof bulkAnswer>['rows'][number];

/** Rows of a bulk call: 1 to 1,000. */
export const bulkRows = <T extends z.ZodType>(row: T) => z.array(row).min(1).max(MAX_BULK_ROWS);

export function keyActor(key: ApiKeyRow): Actor {
  // The change log's user_id has no foreign key and may be null: a key is not a user. Its entries
  // read "API: {name}" as their author.
  return { userId: null as unknown as number, userEmail: `API: ${key.name}` };
}

/** Route config read by the anti-forgery hook (core/server/app.server.ts): authenticated by its API key alone. */
const BEARER_CONFIG: Record<string, unknown> = { bearer: true };

const fastifyPath = (path: string) => INTEGRATION_BASE + path.replace(/\{(\w+)\}/g, ':$1');
const isWrite = (method: string) => method !== 'GET';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

function bearerSecret(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer ([\x21-\x7e]+)$/.exec(header.trim());
  return m ? m[1] : null;
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, message: string): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(input);
  if (!result.success) {
    const errors = zodIssuesToErrors(result.error.issues);
    throw new HttpError(422, message, errors);
  }
  return result.data;
}

/** The API key of a request, with its count, limit and scope checked; answers the refusal itself. */
async function authenticate(request: FastifyRequest, reply: FastifyReply, scope: ApiScope): Promise<ApiKeyRow | null> {
  const t = translator(integrationsMessages, requestLocale(request));
  const secret = bearerSecret(request);
  const key = secret ? await findActiveKey(secret) : null;
  if (!key) {
    reply.header('www-authenticate', 'Bearer');
    await reply.code(401).send({ message: t(secret ? 'api.badKey' : 'api.noKey') });
    return null;
  }
  await countKeyUse(key.id);
  const limiter = request.server.rateLimiter ?? getRateLimiter();
  const name = `integration:${key.id}`;
  if ((await limiter.hit(name, KEY_RATE_LIMIT.windowMs)) > KEY_RATE_LIMIT.max) {
    const wait = Math.max(1, Math.ceil((await limiter.ttl(name)) / 1000));
    reply.header('retry-after', String(wait));
    await reply.code(429).send({ message: t('api.tooMany', { max: KEY_RATE_LIMIT.max, seconds: wait }) });
    return null;
  }
  if (!key.scopes.includes(scope)) {
    await reply.code(403).send({ message: t('api.noScope', { scope }) });
    return null;
  }
  return key;
}

type Stored = { status: number; body: unknown };

/** Runs `run` once per (key, Idempotency-Key); the stored answer otherwise. */
async function idempotent(
  request: FastifyRequest,
  key: ApiKeyRow,
  idemKey: string,
  locale: Locale,
  run: () => Promise<Stored>,
): Promise<Stored & { replayed?: boolean }> {
  const t = translator(integrationsMessages, locale);
  const db = getDb();
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  // A raw body (XML) is hashed as its bytes, JSON as its text.
  hash.update(Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null));
  const requestHash = hash.digest('hex');
  // An expired answer no longer counts (the sweep removes it later).
  await db
    .delete(integrationIdempotency)
    .where(
      and(
        eq(integrationIdempotency.apiKeyId, key.id),
        eq(integrationIdempotency.key, idemKey),
        lt(integrationIdempotency.createdAt, new Date(now().getTime() - IDEMPOTENCY_TTL_MS)),
      ),
    );
  const claimed = await db
    .insert(integrationIdempotency)
    .values({ apiKeyId: key.id, key: idemKey, requestHash })
    .onConflictDoNothing()
    .returning({ key: integrationIdempotency.key });
  if (claimed.length === 0) {
    const [row] = await db
      .select()
      .from(integrationIdempotency)
      .where(and(eq(integrationIdempotency.apiKeyId, key.id), eq(integrationIdempotency.key, idemKey)));
    if (!row) throw new HttpError(409, t('api.idempotencyRunning'));
    if (row.requestHash !== requestHash) throw new HttpError(422, t('api.idempotencyReused'), { 'Idempotency-Key': [t('api.idempotencyReused')] });
    if (row.status === null) throw new HttpError(409, t('api.idempotencyRunning'));
    return { status: row.status, body: JSON.parse(row.body ?? 'null'), replayed: true };
  }
  const where = and(eq(integrationIdempotency.apiKeyId, key.id), eq(integrationIdempotency.key, idemKey));
  let answer: Stored;
  try {
    answer = await run();
  } catch (e) {
    // A refusal of the request itself is its answer; a server error or a conflict may be retried.
    if (e instanceof HttpError && e.status >= 400 && e.status < 500 && e.status !== 409) {
      answer = { status: e.status, body: { message: e.message, ...(e.errors ? { errors: e.errors } : {}) } };
    } else {
      await db.delete(integrationIdempotency).where(where);
      throw e;
    }
  }
  await db
    .update(integrationIdempotency)
    .set({ status: answer.status, body: JSON.stringify(answer.body) })
    .where(where);
  return answer;
}

/** Registers the routes under /api/integration/v1 (they skip the anti-forgery check: config `bearer`). */
export function registerIntegrationRoutes(app: FastifyInstance, routes: readonly IntegrationRoute[]) {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: fastifyPath(route.path),
      bodyLimit: route.bodyLimit ?? DEFAULT_BODY_LIMIT,
      config: route.rawBody ? { ...BEARER_CONFIG, rawBody: true } : BEARER_CONFIG,
      handler: async (request, reply) => {
        const key = await authenticate(request, reply, route.scope);
        if (!key) return reply;
        const locale = requestLocale(request);
        const t = translator(integrationsMessages, locale);
        const run = async (): Promise<Stored> => {
          const ctx: IntegrationContext<unknown, unknown, unknown> = {
            params: parse(route.params, request.params, t('api.invalid')),
            query: parse(route.query, request.query, t('api.invalid')),
            body: parse(route.body, request.body ?? {}, t('api.invalid')),
            key,
            actor: keyActor(key),
            locale,
            request,
          };
          const answer = await route.handler(ctx);
          return answer !== null && typeof answer === 'object' && 'status' in answer && 'body' in answer && typeof answer.status === 'number'
            ? (answer as Stored)
            : { status: 200, body: answer };
        };
        const header = request.headers['idempotency-key'];
        let result: Stored & { replayed?: boolean };
        if (isWrite(route.method) && header !== undefined) {
          if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
            throw new HttpError(422, t('api.idempotencyFormat'), { 'Idempotency-Key': [t('api.idempotencyFormat')] });
          }
          result = await idempotent(request, key, header, locale, run);
        } else result = await run();
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(result.status).send(result.body);
      },
    });
  }
}

/** Answers older than 24 h (registered as a sweeper). */
export async function sweepIdempotency(at: Date): Promise<number> {
  const rows = await getDb()
    .delete(integrationIdempotency)
    .where(lt(integrationIdempotency.createdAt, new Date(at.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: integrationIdempotency.key });
  return rows.length;
}
