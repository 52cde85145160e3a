import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import type { Config } from '~/core/config.server';
import type { Database } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { assertCleanInput, FormInputError } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { jsonTooDeep } from '~/core/http/json-depth';
import { createRateLimiter, setRateLimiter } from '~/core/http/rate-limit.server';
import { zodIssuesToErrors } from '~/core/http/validation';
import { coreMessages } from '~/core/i18n/messages';
import { type Locale, translator } from '~/core/i18n/locale';
import { attachSession, setSessionCookies, XSRF_HEADER, xsrfMatches } from '~/core/session/session.server';
import { registerCacheControl } from './cache-control.server';
import { registerApiFallback, trackApiRoutes } from './api-fallback.server';
import { configurePageCache } from './page-cache.server';
import { securityHeaders } from './security.server';
import { setWebhookSecretKey } from '~/core/webhooks/secret-box';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Feature plugins that add API routes. */
  features: FastifyPluginAsync[];
  /** Registers page serving (React Router) and static assets; absent in API tests. */
  pages?: (app: FastifyInstance) => Promise<void>;
  logger?: boolean;
  /** Connect-style middleware run before Fastify (Vite's in development). */
  middleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The integration API's routes (API keys, no session): see the anti-forgery hook. */
const INTEGRATION_PREFIX = '/api/integration/';

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies in front of the server. */
function trustProxyOption(trust: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

/** A flag of the route's own config (own property only: an inherited one is never trusted). */
function routeFlag(request: FastifyRequest, name: 'pageHandler' | 'formToken' | 'crossSite' | 'bearer' | 'rawBody'): boolean {
  const config = request.routeOptions.config as unknown as Record<string, unknown> | undefined;
  return config !== undefined && Object.hasOwn(config, name) && config[name] === true;
}

/** The locale of an API request: the page it came from, else the session, else Polish. */
export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['x-locale'] ?? request.headers['accept-language'];
  return typeof header === 'string' && header.toLowerCase().startsWith('en') ? 'en' : 'pl';
}

/** An object of fields: a plain or null-prototype object (the urlencoded parser's objects have an empty null-prototype one). */
const isPlainObject = (v: unknown): boolean => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/**
 * The body types the API reads: JSON (nested at most MAX_JSON_DEPTH levels: a deeper body is a 400
 * before it is parsed), and the urlencoded and multipart parsers features register. Fastify's
 * text/plain parser is removed: a route handed a text body would read it as an empty form (and save
 * emptied fields); with no parser for a type, Fastify answers 415.
 */
function registerBodyParsers(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) {
      done(new HttpError(400, translator(coreMessages, requestLocale(request))('error.tooDeep')), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  setDatabase(opts.database);
  // Webhook secrets are stored sealed under a key from the server secret (not in the database).
  setWebhookSecretKey(config.sessionSecret);
  configurePageCache(config.NODE_ENV === 'production' ? config.PAGE_CACHE_SECONDS : 0, config.PAGE_CACHE_TRACKED_SECONDS);
  const secure = config.APP_URL.startsWith('https://');
  const headers = securityHeaders(secure);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.LOG_LEVEL },
    // X-Forwarded-* only from the proxies named in TRUST_PROXY (none by default): see config.server.ts.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 25 * 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...(opts.middleware
      ? {
          serverFactory: (handler: (req: IncomingMessage, res: ServerResponse) => void) =>
            createServer((req, res) => opts.middleware?.(req, res, () => handler(req, res))),
        }
      : {}),
  });
  app.decorate('config', config);
  // One rate limiter per app (Redis with REDIS_URL), also what page actions count with.
  const limiter = createRateLimiter(config.REDIS_URL, (m) => app.log.warn(m));
  setRateLimiter(limiter);
  app.decorate('rateLimiter', limiter);
  app.addHook('onClose', async () => limiter.close());
  const apiRoutes = trackApiRoutes(app);
  await app.register(cookie);
  registerBodyParsers(app);

  app.addHook('onRequest', async (request, reply) => {
    attachSession(request);
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    // Built files and React Router's route manifest are public and cached for a year (also by shared
    // caches): they never carry a visitor's new session.
    if (request.url.startsWith('/assets/') || request.url.startsWith('/__manifest')) return;
    // The integration API has no sessions: its callers get no cookies.
    if (request.url.startsWith(INTEGRATION_PREFIX)) return;
    const xsrfCookie = request.cookies['XSRF-TOKEN'];
    if (request.sidIsNew || !xsrfMatches(config.sessionSecret, request.sid, xsrfCookie)) {
      setSessionCookies(reply, request.sid, config.sessionSecret, secure);
    }
  });

  // Answers that depend on the session or role: Cache-Control private, no-store.
  registerCacheControl(app);

  // Anti-forgery: state-changing API calls must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN.
  // Page form posts are checked by the page handler (header or `_token` field).
  app.addHook('preHandler', async (request, reply) => {
    if (!UNSAFE.has(request.method)) return;
    if (routeFlag(request, 'pageHandler')) return;
    // Routes with config `crossSite` are called by other sites (a payment notification, a mail
    // client's one-click unsubscribe) and authenticate by their own secret: a signature or a token.
    if (routeFlag(request, 'crossSite')) return;
    // The integration API (features/integrations, config `bearer`) authenticates by an API key in
    // `Authorization: Bearer` alone and never reads the session: a browser's cookie gives it nothing
    // and cannot be used to skip this check elsewhere (the flag counts only under /api/integration/).
    if (routeFlag(request, 'bearer') && request.url.startsWith(INTEGRATION_PREFIX)) return;
    // Routes with config `formToken` (e.g. POST /logout) also take the token as a form field `_token`.
    const formToken = routeFlag(request, 'formToken') ? (request.body as { _token?: unknown } | undefined)?._token : undefined;
    if (!xsrfMatches(config.sessionSecret, request.sid, request.headers[XSRF_HEADER] ?? formToken)) {
      const t = translator(coreMessages, requestLocale(request));
      // No session cookie at all: the session was lost, not the token (SPEC section 8's 401). The
      // client logs a user in again and returns; a guest's call is retried with the new cookies.
      if (request.sidIsNew) return reply.code(401).send({ message: t('error.401'), reason: 'session-lost' });
      return reply.code(419).send({ message: t('error.419') });
    }
  });

  // A write route reads an object of fields (JSON, urlencoded or multipart): a parsed body that is
  // an array, a string, a number or null is refused before any handler could read it as "no fields".
  // Routes with config `rawBody` read the bytes themselves (the integration API's FA(3) XML).
  app.addHook('preValidation', async (request) => {
    if (!UNSAFE.has(request.method) || routeFlag(request, 'pageHandler')) return;
    if (request.body === undefined || isPlainObject(request.body)) return;
    if (routeFlag(request, 'rawBody') && Buffer.isBuffer(request.body)) return;
    throw new HttpError(400, translator(coreMessages, requestLocale(request))('error.notObject'));
  });

  // Input of every API route: a NUL character (PostgreSQL refuses it) or a prototype key
  // (__proto__, constructor, prototype) anywhere in the query, params or body is a 422.
  // Pages check their own input (pages.server.ts).
  app.addHook('preHandler', async (request) => {
    if (routeFlag(request, 'pageHandler')) return;
    assertCleanInput(request.query);
    assertCleanInput(request.params);
    // A raw body is bytes its route checks itself (the FA(3) import refuses NUL with a 422).
    if (!(routeFlag(request, 'rawBody') && Buffer.isBuffer(request.body))) assertCleanInput(request.body);
  });

  app.setErrorHandler((error, request, reply) => {
    const t = translator(coreMessages, requestLocale(request));
    if (error instanceof HttpError) {
      return reply.code(error.status).send({ message: error.message, ...(error.errors ? { errors: error.errors } : {}) });
    }
    if (error instanceof FormInputError) {
      if (error.problem === 'tooDeep') return reply.code(400).send({ message: t('error.tooDeep') });
      const message = t(error.problem === 'nul' ? 'error.nulChar' : 'error.unsafeField');
      return reply.code(422).send({ message, errors: { [error.field]: [message] } });
    }
    if (error instanceof ZodError) {
      const errors = zodIssuesToErrors(error.issues);
      return reply.code(422).send({ message: Object.values(errors)[0]?.[0] ?? 'Invalid data', errors });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      // A body that does not match its content type (invalid JSON, …): one plain sentence.
      const code = (error as { code?: string }).code ?? '';
      if (status === 400 && code.startsWith('FST_ERR_CTP_')) return reply.code(400).send({ message: t('error.badBody') });
      if (status === 415) return reply.code(415).send({ message: t('error.415') });
      return reply.code(status).send({ message: status === 413 ? 'Payload too large' : (error as Error).message });
    }
    request.log.error(error);
    return reply.code(500).send({ message: t('error.server') });
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await opts.database.ping();
      return { status: 'ok', database: opts.database.kind };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  for (const feature of opts.features) await app.register(feature);
  registerApiFallback(app, apiRoutes);
  if (opts.pages) await opts.pages(app);
  else app.setNotFoundHandler((_req, reply) => reply.code(404).send({ message: 'Not found' }));
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}
