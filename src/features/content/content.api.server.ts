import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { registerFileAccess } from '~/core/files/access.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { requestLocale } from '~/core/server/app.server';
import { publicCacheControl } from '~/core/server/cache-control.server';
import { contentFileAccess } from './file-access.server';
import { listPosts } from './posts.server';
import { allStaticSites } from './static-sites.server';

const PostsQuery = z.object({ page: z.string().max(10).optional() });

export const contentApi: FastifyPluginAsync = async (app) => {
  // Post images, realization images and static-site files may be downloaded (see the rule).
  registerFileAccess('content', contentFileAccess);

  // SPEC section 7: all static sites (id, slug, name, destination), loaded at start.
  // Both lists are the same for every visitor (no session read): shared caches may keep them briefly, per language.
  app.get('/api/static-sites', async (request, reply) => {
    reply.header('cache-control', publicCacheControl(60)).header('vary', 'accept-language, x-locale');
    const sites = await allStaticSites(requestLocale(request));
    return sites.map(({ id, slug, name, destination, role_ids, resource_filename, resource_url }) => ({
      id,
      slug,
      name,
      destination,
      role_ids,
      resource_filename,
      resource_url,
    }));
  });

  // The news list as a paged answer { items, pages }: published posts, newest first, 9 a page.
  app.get('/api/posts', async (request, reply) => {
    const query = parseOr422(PostsQuery, request.query);
    reply.header('cache-control', publicCacheControl(60)).header('vary', 'accept-language, x-locale');
    const { items, pages, page, total } = await listPosts(requestLocale(request), parsePage(query.page));
    return { items, pages, page, total };
  });
};
