// The arguments React Router gives a page's loader, for calling loaders straight from db tests: a
// user's session (null: a guest) on the test app, the request's address and the route params.
import type { FastifyInstance } from 'fastify';
import { newSessionId } from '~/core/session/session.server';

export function loaderArgs(app: FastifyInstance, userId: number | null, path: string, params: Record<string, string> = {}): never {
  const sid = newSessionId();
  const context = {
    nonce: 'n',
    config: app.config,
    sid,
    xsrfToken: 'token',
    clientIp: '127.0.0.1',
    session: async () => ({ id: sid, isNew: false, userId, data: {} }),
  };
  const locale = /^\/(pl|en)(\/|$)/.exec(path)?.[1] ?? 'pl';
  return { context, request: new Request(`http://localhost${path}`), params: { locale, ...params } } as never;
}
