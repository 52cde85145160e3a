import type { FastifyPluginAsync } from 'fastify';
import { requestLocale } from '~/core/server/app.server';
import { mainCategories } from './categories.server';

export const catalogApi: FastifyPluginAsync = async (app) => {
  // SPEC section 7: main categories with nested active_children, loaded once at start.
  app.get('/api/categories-main', async (request) => mainCategories(requestLocale(request)));
};
