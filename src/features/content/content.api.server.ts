import type { FastifyPluginAsync } from 'fastify';
import { requestLocale } from '~/core/server/app.server';
import { allStaticSites } from './static-sites.server';

export const contentApi: FastifyPluginAsync = async (app) => {
  // SPEC section 7: all static sites (id, slug, name, destination), loaded at start.
  app.get('/api/static-sites', async (request) => {
    const sites = await allStaticSites(requestLocale(request));
    return sites.map(({ id, slug, name, destination, role_ids, resource_filename }) => ({
      id,
      slug,
      name,
      destination,
      role_ids,
      resource_filename,
    }));
  });
};
