import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { permissionCatalog } from '~/core/permissions/labels';
import { actorOf, currentUser, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { createRole, deleteRole, getAdminRole, listAdminRoles, type RoleActor, updateRole } from './roles-admin.server';
import { rolesAdminMessages } from './messages';
import { roleSchema } from './roles-validation';

/**
 * The roles and permissions API (issue 37): the area needs admin access and roles.update. The role
 * picker of the user screen is GET /api/admin/roles/options of the users API.
 */
export const rolesAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 300, fieldSize: 4 * 1024 } });
  const guarded = { preHandler: requireAdminArea('roles') };
  const tr = (request: FastifyRequest) => translator(rolesAdminMessages, requestLocale(request));
  const roleActorOf = async (request: FastifyRequest): Promise<RoleActor> => {
    return { ...(await actorOf(request)), can: (await currentUser(request)).can };
  };
  const input = (request: FastifyRequest) => parseOr422(roleSchema(requestLocale(request)), nestFormBody(request.body));

  // The permission catalogue with its labels: [{ key, area, action, label, area_label, action_label }].
  app.get('/api/admin/permissions', guarded, async (request) => {
    return permissionCatalog(requestLocale(request));
  });

  app.get('/api/admin/roles', guarded, async (request) => {
    const items = await listAdminRoles(requestLocale(request));
    return { items, pages: 1 };
  });

  app.get('/api/admin/roles/:id', guarded, async (request) => {
    const role = await getAdminRole(idOf(request, tr(request)('msg.notFound')), requestLocale(request));
    if (!role) throw new HttpError(404, tr(request)('msg.notFound'));
    return role;
  });

  app.post('/api/admin/roles', guarded, async (request) => {
    const id = await createRole(input(request), await roleActorOf(request), requestLocale(request));
    clearPageCache();
    return { message: tr(request)('msg.created'), id };
  });

  app.put('/api/admin/roles/:id', guarded, async (request) => {
    const id = idOf(request, tr(request)('msg.notFound'));
    await updateRole(id, input(request), await roleActorOf(request), requestLocale(request));
    clearPageCache();
    return { message: tr(request)('msg.saved'), id };
  });

  app.delete('/api/admin/roles/:id', guarded, async (request) => {
    await deleteRole(idOf(request, tr(request)('msg.notFound')), await roleActorOf(request), requestLocale(request));
    clearPageCache();
    return { message: tr(request)('msg.deleted') };
  });
};
