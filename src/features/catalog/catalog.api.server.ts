import type { FastifyPluginAsync } from 'fastify';
import { registerFileAccess } from '~/core/files/access.server';
import { requestLocale } from '~/core/server/app.server';
import { publicCacheControl } from '~/core/server/cache-control.server';
import { catalogIndex } from './catalog-index.server';
import { isCatalogFile } from './catalog.server';
import { mainCategories } from './categories.server';

// Product images, datasheets, documents and category images are public downloads.
registerFileAccess('catalog', async (file) => ((await isCatalogFile(file.id)) ? 'public' : false));

export const catalogApi: FastifyPluginAsync = async (app) => {
  // The listing index is built once the server is ready, not by the first visitor.
  app.addHook('onReady', async () => {
    catalogIndex().catch((e) => app.log.error(e));
  });

  // SPEC section 7: main categories with nested active_children, loaded once at start.
  // The same for every visitor (no session read): shared caches may keep it briefly, per language.
  app.get('/api/categories-main', async (request, reply) => {
    reply.header('cache-control', publicCacheControl(60)).header('vary', 'accept-language, x-locale');
    return mainCategories(requestLocale(request));
  });
};
