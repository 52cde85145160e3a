import type { FastifyPluginAsync } from 'fastify';

export interface ListedRoute {
  method: string;
  url: string;
}

/**
 * A plugin for createTestApp({ plugins }) that collects every route the app registers whose URL and
 * method pass `keep` (HEAD left out), so a test covers a new route the day it is added. It runs in
 * the root scope (skip-override) to see the features' routes.
 */
export function routeLister(keep: (r: ListedRoute) => boolean): { plugin: FastifyPluginAsync; routes: ListedRoute[] } {
  const routes: ListedRoute[] = [];
  const plugin: FastifyPluginAsync = async (app) => {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        const r = { method, url: route.url };
        if (method !== 'HEAD' && keep(r)) routes.push(r);
      }
    });
  };
  (plugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  return { plugin, routes };
}

/** A concrete URL for a route pattern: `:id` and the like become 1, with a few named exceptions. */
export function concreteUrl(url: string, values: Record<string, string> = {}): string {
  const defaults: Record<string, string> = { nip: '7791011327', action: 'sweep', ...values };
  return url.replace(/:(\w+)/g, (_, name: string) => defaults[name] ?? '1');
}
