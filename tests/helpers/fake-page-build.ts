// A hand-made React Router build for tests of the page handler (core/server/pages.server.ts): one
// catch-all page route whose document is rendered by the test, so the page cache, headers and
// input checks are seen directly without `npm run build`.
import type { AppLoadContext, ServerBuild } from 'react-router';

export type RenderDocument = (request: Request, status: number, headers: Headers, loadContext: AppLoadContext) => Response;

type RouteFn = (args: { request: Request }) => unknown;

export function fakePageBuild(render: RenderDocument, page: { loader?: RouteFn; action?: RouteFn } = {}): ServerBuild {
  const loader = page.loader ?? (() => null);
  const flags = { hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false, imports: [] };
  return {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers, _ctx: unknown, loadContext: AppLoadContext) =>
          render(request, status, headers, loadContext),
      },
    },
    routes: {
      root: { id: 'root', path: '', module: { default: () => null } },
      page: { id: 'page', parentId: 'root', path: '*', module: { default: () => null, loader, ...(page.action ? { action: page.action } : {}) } },
    },
    assets: {
      entry: { module: '/assets/entry.js', imports: [] },
      routes: {
        root: { id: 'root', path: '', module: '/assets/root.js', hasLoader: false, hasAction: false, ...flags },
        page: { id: 'page', parentId: 'root', path: '*', module: '/assets/page.js', hasLoader: true, hasAction: Boolean(page.action), ...flags },
      },
      url: '/assets/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
}
