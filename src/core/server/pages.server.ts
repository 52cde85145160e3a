import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { coreMessages } from '~/core/i18n/messages';
import { translator } from '~/core/i18n/locale';
import { XSRF_HEADER, xsrfMatches, xsrfToken } from '~/core/session/session.server';
import type { PageContext } from './load-context';
import { getCachedPage, setCachedPage } from './page-cache.server';
import { contentSecurityPolicy, newNonce } from './security.server';

export interface PagesOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client in production; absent in development (Vite serves assets). */
  clientDir?: string;
  dev?: boolean;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function webRequest(request: FastifyRequest, body: Buffer | undefined): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const init: RequestInit = { method: request.method, headers };
  if (body && request.method !== 'GET' && request.method !== 'HEAD') init.body = new Uint8Array(body);
  return new Request(new URL(request.url, origin), init);
}

async function formToken(req: Request): Promise<string | null> {
  const type = req.headers.get('content-type') ?? '';
  if (!type.includes('form')) return null;
  try {
    const value = (await req.clone().formData()).get('_token');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

async function send(reply: FastifyReply, res: Response, nonce: string, dev: boolean) {
  reply.code(res.status);
  for (const [key, value] of res.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  for (const c of res.headers.getSetCookie()) reply.header('set-cookie', c);
  if ((res.headers.get('content-type') ?? '').includes('text/html')) {
    reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
  }
  const body = res.body ? Buffer.from(await res.arrayBuffer()) : undefined;
  return reply.send(body ?? '');
}

/** Serves built assets and hands every other request to React Router (SSR, loaders, actions). */
export function pagesPlugin(opts: PagesOptions) {
  return async (app: FastifyInstance) => {
    const dev = Boolean(opts.dev);
    if (opts.clientDir && existsSync(opts.clientDir)) {
      await app.register(fastifyStatic, {
        root: opts.clientDir,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
        },
      });
    }
    const getBuild = typeof opts.build === 'function' ? opts.build : () => Promise.resolve(opts.build as ServerBuild);
    const handler = createRequestHandler(getBuild, dev ? 'development' : 'production');
    const secret = app.config.sessionSecret;

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
          const req = webRequest(request, request.body as Buffer | undefined);

          if (UNSAFE.has(request.method)) {
            const token = request.headers[XSRF_HEADER] ?? (await formToken(req));
            if (!xsrfMatches(secret, request.sid, token)) {
              const locale = request.url.startsWith('/en') ? 'en' : 'pl';
              return reply.code(419).type('text/plain; charset=utf-8').send(translator(coreMessages, locale)('error.419'));
            }
          }

          const cacheable =
            !dev && request.method === 'GET' && !request.url.includes('.data') && !(await request.session()).userId;
          const cacheKey = `${request.url}|${request.cookies.consent ?? ''}`;
          if (cacheable) {
            const hit = getCachedPage(cacheKey);
            if (hit) {
              reply.code(hit.status);
              for (const [k, v] of hit.headers) reply.header(k, v);
              reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
              reply.header('x-page-cache', 'hit');
              // Per-visitor values baked into the cached HTML are swapped for this visitor's.
              const token = xsrfToken(secret, request.sid);
              return reply.send(hit.body.replaceAll(hit.nonce, nonce).replaceAll(hit.token, token));
            }
          }

          const context: PageContext = {
            nonce,
            config: app.config,
            sid: request.sid,
            session: () => request.session(),
            xsrfToken: xsrfToken(secret, request.sid),
            clientIp: request.ip,
          };
          const res = await handler(req, context as unknown as AppLoadContext);
          const type = res.headers.get('content-type') ?? '';
          if (
            cacheable &&
            (res.status === 200 || res.status === 404) &&
            type.includes('text/html') &&
            !res.headers.has('set-cookie') &&
            !(res.headers.get('cache-control') ?? '').includes('private')
          ) {
            const body = await res.text();
            const headers = [...res.headers].filter(([k]) => k !== 'content-length');
            setCachedPage(cacheKey, { status: res.status, headers, body, nonce, token: context.xsrfToken });
            reply.code(res.status);
            for (const [k, v] of headers) reply.header(k, v);
            reply.header('content-security-policy', contentSecurityPolicy(nonce, dev));
            return reply.send(body);
          }
          return send(reply, res, nonce, dev);
        },
      });
    });
  };
}
