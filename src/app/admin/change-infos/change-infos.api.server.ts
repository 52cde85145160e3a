import type { FastifyPluginAsync } from 'fastify';
import { requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { changeFilterOptions, listChangeInfos } from './change-infos.server';
import { changeListQuery } from './validation';

/** GET /api/admin/change-infos: the change log, paged, with the filters' options (admin access only). */
export const changeInfosApi: FastifyPluginAsync = async (app) => {
  app.get('/api/admin/change-infos', { preHandler: requireAdminArea('change_infos') }, async (request) => {
    const query = changeListQuery.parse(request.query ?? {});
    const [list, options] = await Promise.all([listChangeInfos(query, requestLocale(request)), changeFilterOptions()]);
    return { ...list, ...options };
  });
};
