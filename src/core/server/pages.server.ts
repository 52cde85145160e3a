import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { parseConsent, serializeConsent } from '~/core/consent/consent';
import { UNSAFE_KEYS } from '~/core/http/bracket-keys';
import { coreMessages } from '~/core/i18n/messages';
import { translator } from '~/core/i18n/locale';
import { loginPath } from '~/core/permissions/login-path';
import { newSessionId, XSRF_HEADER, xsrfMatches, xsrfToken } from '~/core/session/session.server';
import { registerAssets } from './assets.server';
import type { PageContext } from './load-context';
import {
  type CachedPage,
  cachedPageSize,
  currentGeneration,
  lookupCachedPage,
  PRIVATE_PREFIX,
  pageCacheEnabled,
  pageStore,
  refreshCachedPage,
  resizeCachedPage,
  setCachedPage,
  setPageRenderer,
  setPageStore,
} from './page-cache.server';
import { PageStore } from './page-store.server';
import { hasOnlyPageParams, withoutTrackingParams, withTrackingParamsOf } from './page-url.server';
import { acceptsGzip, PAGE_GZIP_LEVEL, type PreparedPage, pageBytes, pageGzip, preparePage, preparePageAsync } from './prepared-page.server';
import { contentSecurityPolicy, newNonce } from './security.server';

export interface PagesOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client in production; absent in development (Vite serves assets). */
  clientDir?: string;
  /** The build's identity (server-build-id.server.ts, given by server.js); defaults to the assets version. */
  buildId?: string;
  /** Where the assets of earlier builds are kept and served from after a deploy (DATA_DIR/assets-archive). */
  assetsArchiveDir?: string;
  dev?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `url`: the address to render (path and query), the request's own by default. */
function webRequest(request: FastifyRequest, body: Buffer | undefined, url = request.url): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers };
  if (body && request.method !== 'GET' && request.method !== 'HEAD') init.body = new Uint8Array(body);
  return new Request(new URL(url, origin), init);
}

/**
 * A form post's `_token`, after checking the form can be read and holds no NUL character and no
 * prototype field name (what React Router's actions would meet: an unreadable body, a NUL that
 * PostgreSQL refuses or a `__proto__` field are a 500 there). 'bad': answer 400.
 */
async function readPageForm(req: Request): Promise<{ token: string | null } | 'bad'> {
  const type = req.headers.get('content-type') ?? '';
  if (!/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) return { token: null };
  let form: FormData;
  try {
    form = await req.clone().formData();
  } catch {
    return 'bad';
  }
  for (const [key, value] of form) {
    if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) return 'bad';
    // Conform (the page forms' parser) throws on these path segments: a 400 here, not a 500 there.
    if (key.split(/[.[\]]/).some((segment) => UNSAFE_KEYS.has(segment))) return 'bad';
  }
  const value = form.get('_token');
  return { token: typeof value === 'string' ? value : null };
}

/** The body types page actions read (React Router's `request.formData()`). */
const FORM_TYPE = /^\s*(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

/** A page form post's body type: none (no body), a form, or one no action reads (JSON, text, bytes). */
function pageBodyKind(request: FastifyRequest, body: Buffer | undefined): 'none' | 'form' | 'other' {
  const type = request.headers['content-type'];
  if (type === undefined) return body && body.length > 0 ? 'other' : 'none';
  return FORM_TYPE.test(type) ? 'form' : 'other';
}

/** A Host header a URL can be made of (name or IP literal, optional port); HTTP/1.0 may send none. */
const HOST = /^(?:[a-z0-9._~-]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

function validHost(host: string | undefined): boolean {
  if (!host || !HOST.test(host)) return false;
  return URL.canParse(`http://${host}/`);
}

/** An encoded NUL in the path or query of a page (a raw one never passes the HTTP parser). */
const NUL_IN_URL = /%00/i;

/**
 * A page form posted without its session: to the login page ("Sesja wygasła…") with the way back.
 * A client-side submission (`.data`) gets React Router's header redirect, a plain form a 303.
 */
function sessionLost(request: FastifyRequest, reply: FastifyReply, locale: 'pl' | 'en') {
  const url = new URL(request.url, 'http://x');
  const page = url.pathname.endsWith('.data') ? url.pathname.slice(0, -'.data'.length).replace(/\/_root$/, '') : url.pathname;
  const to = loginPath(locale, page || `/${locale}`, 'session-expired');
  reply.header('Cache-Control', 'private, no-store');
  if (!url.pathname.endsWith('.data')) return reply.code(303).header('Location', to).send();
  return reply.code(204).header('X-Remix-Redirect', to).header('X-Remix-Status', '303').header('X-Remix-Revalidate', 'true').send();
}

function plainError(request: FastifyRequest, reply: FastifyReply, status: 400 | 415) {
  const locale = request.url.startsWith('/en') ? 'en' : 'pl';
  return reply
    .code(status)
    .type('text/plain; charset=utf-8')
    .send(translator(coreMessages, locale)(status === 400 ? 'error.400' : 'error.415'));
}

const badRequest = (request: FastifyRequest, reply: FastifyReply) => plainError(request, reply, 400);

/** Text bodies worth compressing for a client that takes gzip (pages not served from the cache). */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript|x-script))/;
const MIN_GZIP_BYTES = 1024;
// Pages no cache keeps (a logged-in user's) are compressed on libuv's thread pool: the event loop
// renders the next page meanwhile (on two cores, about a millisecond per page moved off it).
const gzipAsync = promisify(gzip);

async function send(request: FastifyRequest, reply: FastifyReply, res: Response, nonce: string, dev: boolean) {
  reply.code(res.status);
  for (const [key, value] of res.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  for (const c of res.headers.getSetCookie()) reply.header('set-cookie', c);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('text/html')) {
    reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
  }
  let body = res.body ? Buffer.from(await res.arrayBuffer()) : undefined;
  if (
    body &&
    body.length >= MIN_GZIP_BYTES &&
    !dev &&
    COMPRESSIBLE.test(type) &&
    !res.headers.has('content-encoding') &&
    acceptsGzip(request.headers['accept-encoding'])
  ) {
    body = await gzipAsync(body, { level: PAGE_GZIP_LEVEL });
    reply.header('content-encoding', 'gzip');
    reply.header('vary', 'accept-encoding');
    reply.removeHeader('content-length');
  }
  return reply.send(body ?? '');
}

function cachedPageHeaders(reply: FastifyReply, entry: CachedPage, nonce: string, cache: 'hit' | 'stale' | 'miss') {
  reply.code(entry.status);
  for (const [k, v] of entry.headers) reply.header(k, v);
  reply.header('content-security-policy', contentSecurityPolicy(nonce, false));
  reply.header('x-page-cache', cache);
  reply.header('vary', 'accept-encoding');
}

/** A page from the cache with this visitor's nonce and anti-forgery token spliced in. */
function sendCached(request: FastifyRequest, reply: FastifyReply, key: string, entry: CachedPage, nonce: string, token: string, stale = false) {
  if (!entry.page && entry.rendered) {
    // Asked for a second time: worth cutting and compressing once for all later visitors.
    const before = cachedPageSize(entry);
    entry.page = preparePage(entry.rendered.html, entry.rendered.values);
    entry.rendered = undefined;
    resizeCachedPage(key, entry, before);
  }
  const page = entry.page as PreparedPage;
  cachedPageHeaders(reply, entry, nonce, stale ? 'stale' : 'hit');
  if (acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(pageGzip(page, [nonce, token]));
  }
  return reply.send(pageBytes(page, [nonce, token]));
}

/**
 * A page just rendered for this visitor and put in the cache. With the persistent store it is cut
 * and compressed at once (the store keeps every anonymous page in that form) and this answer is
 * made of those pieces: compressed once, not once for the answer and again for the store.
 */
function sendRendered(request: FastifyRequest, reply: FastifyReply, entry: CachedPage, html: string, nonce: string) {
  cachedPageHeaders(reply, entry, nonce, 'miss');
  if (entry.page) {
    const values = entry.page.original.map((v) => v.toString());
    if (acceptsGzip(request.headers['accept-encoding'])) {
      reply.header('content-encoding', 'gzip');
      return reply.send(pageGzip(entry.page, values));
    }
    return reply.send(html);
  }
  if (acceptsGzip(request.headers['accept-encoding'])) {
    reply.header('content-encoding', 'gzip');
    return reply.send(gzipSync(html, { level: PAGE_GZIP_LEVEL }));
  }
  return reply.send(html);
}

// Session ids seen recently without a logged-in user. A returning anonymous visitor's page then
// comes from the page cache without a session lookup. Safe because logging in always starts a new
// session id (rotateSession), so an id remembered here never becomes a logged-in one.
const ANONYMOUS_TTL_MS = 60_000;
const ANONYMOUS_MAX = 20_000;
const anonymousSids = new Map<string, number>();

async function isAnonymous(request: FastifyRequest): Promise<boolean> {
  if (request.sidIsNew) return true;
  const now = Date.now();
  const until = anonymousSids.get(request.sid);
  if (until !== undefined && until > now) return true;
  const anonymous = !(await request.session()).userId;
  if (anonymous) {
    anonymousSids.delete(request.sid);
    if (anonymousSids.size >= ANONYMOUS_MAX) {
      const oldest = anonymousSids.keys().next().value;
      if (oldest !== undefined) anonymousSids.delete(oldest);
    }
    anonymousSids.set(request.sid, now + ANONYMOUS_TTL_MS);
  } else {
    anonymousSids.delete(request.sid);
  }
  return anonymous;
}

/**
 * The stamp of a private page (a logged-in user's): a string that changes whenever anything the page
 * shows changes, or null when the page must be rendered (not that user's kind of page). Computed on
 * every request, so it must be cheap; the feature that registers a page answers for what it covers.
 */
export type PrivatePageStamp = (request: FastifyRequest) => Promise<string | null>;

const privatePages = new Map<string, { path: RegExp; stamp: PrivatePageStamp }>();

/**
 * Lets a logged-in user's page (GET, path matching `path`) be served again as rendered for the same
 * session while its stamp is unchanged, as an anonymous page is served from the page cache. For
 * pages costly to render that a user asks for again and again, such as a long cart.
 */
export function registerPrivatePage(path: RegExp, stamp: PrivatePageStamp) {
  privatePages.set(path.source, { path, stamp });
}

/**
 * The consent cookie as a page cache key: the choice it records (the only thing pages read of it,
 * through parseConsent), so other values of the cookie do not each make a page of their own.
 */
function consentKey(value: string | undefined): string {
  const consent = parseConsent(value);
  return consent ? serializeConsent(consent) : '';
}

async function privatePageKey(request: FastifyRequest): Promise<string | null> {
  const pathname = request.url.split('?')[0] ?? '';
  for (const { path, stamp } of privatePages.values()) {
    if (!path.test(pathname)) continue;
    const value = await stamp(request);
    return value === null ? null : `${PRIVATE_PREFIX}${request.sid}|${request.url}|${consentKey(request.cookies.consent)}|${value}`;
  }
  return null;
}

/** Serves built assets and hands every other request to React Router (SSR, loaders, actions). */
export function pagesPlugin(opts: PagesOptions) {
  return async (app: FastifyInstance) => {
    const dev = Boolean(opts.dev);
    if (opts.clientDir && existsSync(opts.clientDir)) {
      // Hashed build assets from memory, precompressed; the other public files from disk.
      const assetsDir = path.join(opts.clientDir, 'assets');
      if (existsSync(assetsDir)) registerAssets(app, assetsDir, '/assets/', opts.assetsArchiveDir);
      await app.register(fastifyStatic, {
        root: opts.clientDir,
        wildcard: false,
        index: false,
        globIgnore: ['assets/**'],
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    // A build object (production) lets React Router derive its routes and static handler once;
    // a function (development) is asked again on every request for hot reload.
    const handler = createRequestHandler(opts.build, dev ? 'development' : 'production');
    const secret = app.config.sessionSecret;

    // A stale anonymous page rendered again in the background, as a new visitor with the same
    // consent cookie would get it: its nonce and token are cut out and spliced per visitor as usual.
    const origin = `http://${app.config.HOST === '0.0.0.0' ? 'localhost' : (app.config.HOST ?? 'localhost')}`;
    const renderAgain = async (key: string): Promise<CachedPage | null> => {
      const cut = key.lastIndexOf('|');
      const url = key.slice(0, cut);
      const consent = key.slice(cut + 1);
      const sid = newSessionId();
      const nonce = newNonce();
      const token = xsrfToken(secret, sid);
      const context: PageContext = {
        nonce,
        config: app.config,
        sid,
        session: () => Promise.resolve({ id: sid, isNew: true, userId: null, data: {} }),
        xsrfToken: token,
        clientIp: '127.0.0.1',
      };
      const headers = new Headers({ accept: 'text/html', 'accept-encoding': 'gzip' });
      if (consent) headers.set('cookie', `consent=${encodeURIComponent(consent)}`);
      const res = await handler(new Request(new URL(url, origin), { headers }), context as unknown as AppLoadContext);
      const type = res.headers.get('content-type') ?? '';
      if (
        (res.status !== 200 && res.status !== 404) ||
        !type.includes('text/html') ||
        res.headers.has('set-cookie') ||
        (res.headers.get('cache-control') ?? '').includes('private')
      ) {
        return null;
      }
      const html = await res.text();
      return { status: res.status, headers: [...res.headers].filter(([k]) => k !== 'content-length'), rendered: { html, values: [nonce, token] } };
    };
    if (!dev) {
      setPageRenderer(renderAgain);
      app.addHook('onClose', async () => setPageRenderer(undefined));
    }
    if (!dev && pageCacheEnabled() && typeof opts.build !== 'function') {
      // The persistent tier: one folder per build in the data folder (page-store.server.ts).
      const store = new PageStore(path.join(app.config.dataDir, 'page-cache'), opts.buildId ?? opts.build.assets.version);
      setPageStore(store);
      app.addHook('onClose', async () => {
        await store.settled();
        setPageStore(undefined);
      });
    }

    await app.register(async (scope) => {
      // Pages get their body untouched: React Router reads forms itself.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

      scope.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url: '/*',
        config: { pageHandler: true },
        handler: async (request, reply) => {
          const nonce = newNonce();
          const body = request.body as Buffer | undefined;

          // Input of pages that would reach the database badly: 400, never a 500 from deep inside.
          if (NUL_IN_URL.test(request.url)) return badRequest(request, reply);
          // The page's address is made of the Host header: a malformed one, or none (HTTP/1.0), is a 400.
          if (!validHost(request.host)) return badRequest(request, reply);
          if (UNSAFE.has(request.method)) {
            if (pageBodyKind(request, body) === 'other') return plainError(request, reply, 415);
            const form = await readPageForm(webRequest(request, body));
            if (form === 'bad') return badRequest(request, reply);
            const token = request.headers[XSRF_HEADER] ?? form.token;
            if (!xsrfMatches(secret, request.sid, token)) {
              const locale = request.url.startsWith('/en') ? 'en' : 'pl';
              // No session cookie at all: the session was lost (expired, cleared). SPEC section 8's
              // 401 path: the login page says so and leads back to the page that posted.
              if (request.sidIsNew) return sessionLost(request, reply, locale);
              return reply.code(419).type('text/plain; charset=utf-8').send(translator(coreMessages, locale)('error.419'));
            }
          }

          const token = xsrfToken(secret, request.sid);
          const anonymousPage = !dev && pageCacheEnabled() && request.method === 'GET' && !request.url.includes('.data') && (await isAnonymous(request));
          // An anonymous page is rendered and cached without the tracking parameters of ad and mail
          // campaigns (page-url.server.ts): an ad click gets the page that is already there.
          const pageUrl = anonymousPage ? withoutTrackingParams(request.url) : request.url;
          // One asked for with a parameter no page reads is rendered for it but not kept: made-up
          // parameters do not each add a page to the cache.
          const cacheable = anonymousPage && hasOnlyPageParams(pageUrl);
          const privateKey =
            !anonymousPage && !dev && pageCacheEnabled() && request.method === 'GET' && !request.sidIsNew && !request.url.includes('.data')
              ? await privatePageKey(request)
              : null;
          const cacheKey = privateKey ?? `${pageUrl}|${consentKey(request.cookies.consent)}`;
          const renderedIn = currentGeneration();
          if (cacheable || privateKey) {
            const hit = lookupCachedPage(cacheKey);
            if (hit?.stale) refreshCachedPage(cacheKey);
            if (hit) return sendCached(request, reply, cacheKey, hit.page, nonce, token, hit.stale);
          }

          const context: PageContext = {
            nonce,
            config: app.config,
            sid: request.sid,
            session: () => request.session(),
            xsrfToken: token,
            clientIp: request.ip,
          };
          const res = await handler(webRequest(request, body, pageUrl), context as unknown as AppLoadContext);
          const type = res.headers.get('content-type') ?? '';
          if (
            ((cacheable && !(res.headers.get('cache-control') ?? '').includes('private')) || (privateKey && res.status === 200)) &&
            (res.status === 200 || res.status === 404) &&
            type.includes('text/html') &&
            !res.headers.has('set-cookie')
          ) {
            const html = await res.text();
            const headers = [...res.headers].filter(([k]) => k !== 'content-length');
            // Every visitor gets a fresh nonce and their own token; both are spliced in when served.
            const entry: CachedPage = pageStore()
              ? { status: res.status, headers, page: await preparePageAsync(html, [nonce, token]) }
              : { status: res.status, headers, rendered: { html, values: [nonce, token] } };
            setCachedPage(cacheKey, entry, renderedIn);
            return sendRendered(request, reply, entry, html, nonce);
          }
          if (pageUrl !== request.url && res.status >= 300 && res.status < 400 && res.headers.has('location')) {
            const headers = new Headers(res.headers);
            headers.set('location', withTrackingParamsOf(res.headers.get('location') as string, request.url));
            return send(request, reply, new Response(res.body, { status: res.status, headers }), nonce, dev);
          }
          return send(request, reply, res, nonce, dev);
        },
      });
    });
  };
}
