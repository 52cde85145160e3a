import type { Route } from './+types/robots.txt';
import { robotsTxt } from './robots';

// GET /robots.txt
export function loader({ context }: Route.LoaderArgs) {
  return new Response(robotsTxt(context.config.APP_URL), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
