// The API answers like an API: a path under /api/ that no route serves is 404 `{message}`, and a
// path that exists for other methods is 405 `{message}` with an `Allow` header (never the page
// handler's redirect to /pl, which would read `api` as a locale).
import type { FastifyInstance } from 'fastify';
import FindMyWay, { type HTTPMethod } from 'find-my-way';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { requestLocale } from './app.server';

const METHODS: HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const FALLBACK = { apiFallback: true };

/** Starts recording the API routes that register after it (call before the feature plugins). */
export function trackApiRoutes(app: FastifyInstance) {
  const known = FindMyWay({ ignoreTrailingSlash: false });
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || (route.config as typeof FALLBACK | undefined)?.apiFallback) return;
    for (const method of [route.method].flat()) {
      if (!known.hasRoute(method as HTTPMethod, route.url)) known.on(method as HTTPMethod, route.url, () => {});
    }
  });
  return known;
}

/** The methods some API route serves at `path`. */
export function allowedMethods(known: ReturnType<typeof trackApiRoutes>, path: string): HTTPMethod[] {
  return METHODS.filter((m) => known.find(m, path) !== null);
}

/** Registers the /api/* fallback; it answers before anti-forgery, so an unknown path is 404 for any method. */
export function registerApiFallback(app: FastifyInstance, known: ReturnType<typeof trackApiRoutes>) {
  app.route({
    method: METHODS,
    url: '/api/*',
    config: FALLBACK,
    onRequest: async (request, reply) => {
      const t = translator(coreMessages, requestLocale(request));
      const allow = allowedMethods(known, request.url.split('?')[0] ?? request.url);
      if (allow.length === 0) return reply.code(404).send({ message: t('error.api404') });
      return reply
        .code(405)
        .header('allow', allow.join(', '))
        .send({ message: t('error.api405') });
    },
    handler: async () => undefined,
  });
}
