import type { Route } from './+types/sitemap.xml';
import { sitemapFile } from './sitemap.server';

// GET /sitemap.xml: every public page in both languages with hreflang alternates; over 45,000
// URLs it becomes an index of /sitemap.xml?page=1..n.
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = context.config.APP_URL.replace(/\/$/, '');
  const page = new URL(request.url).searchParams.get('page');
  const n = page === null ? 0 : /^[1-9]\d{0,5}$/.test(page) ? Number(page) : -1;
  const file = n < 0 ? null : await sitemapFile(origin, n);
  if (!file) {
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const headers = new Headers({
    'content-type': 'application/xml; charset=utf-8',
    'cache-control': 'public, max-age=600',
    vary: 'accept-encoding',
  });
  if (/\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')) {
    headers.set('content-encoding', 'gzip');
    return new Response(new Uint8Array(file.gzip), { headers });
  }
  return new Response(file.xml, { headers });
}
