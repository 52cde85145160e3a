import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOf, currentUser, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import type { LinkContext } from '../accounts.server';
import { usersAdminMessages } from './messages';
import { requireCoversTargetUser } from './staff-guard.server';
import {
  deleteUser,
  getAdminUser,
  linkUserToCustomer,
  listUsers,
  markEmailVerified,
  roleOptions,
  sendPasswordResetLink,
  setRolesOfUser,
  updateUserData,
} from './users-admin.server';
import { adminUserDataSchema, userCustomerSchema, userRolesSchema } from './validation';

type Query = Record<string, string | undefined>;

/**
 * The admin users API (SPEC section 6: the users area needs admin access and users.update).
 * Activation and B2B access (POST /api/admin/users/{id}/activate, …/deactivate, …/b2b-access) are
 * routes of the accounts plugin.
 */
export const usersAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 200, fieldSize: 64 * 1024 } });
  const config = app.config;
  const links: LinkContext = { appUrl: config.APP_URL, secret: config.sessionSecret };
  const guarded = { preHandler: requireAdminArea('users') };
  // Changes to a user also need that the user holds no permission the actor lacks (issue 37).
  const guardedChange = { preHandler: [requireAdminArea('users'), requireCoversTargetUser] };
  const tr = (request: FastifyRequest) => translator(usersAdminMessages, requestLocale(request));

  app.get<{ Querystring: Query }>('/api/admin/users', guarded, async (request) => {
    const q = request.query;
    const { items, pages } = await listUsers({
      search: q.search,
      verified: q.verified,
      active: q.active,
      b2b: q.b2b,
      role: q.role,
      sort: q.sort,
      dir: q.dir,
      page: parsePage(q.page),
    });
    return { items, pages };
  });

  // Option list of roles: [{ id: "<string>", name }].
  app.get('/api/admin/roles/options', guarded, async (request) => {
    return roleOptions(requestLocale(request));
  });

  app.get('/api/admin/users/:id', guarded, async (request) => {
    const user = await getAdminUser(idOf(request, tr(request)('msg.notFound')));
    if (!user) throw new HttpError(404, tr(request)('msg.notFound'));
    return user;
  });

  app.put('/api/admin/users/:id', guardedChange, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(adminUserDataSchema(locale), nestFormBody(request.body));
    await updateUserData(idOf(request, tr(request)('msg.notFound')), input, await actorOf(request), locale);
    clearPageCache();
    return { message: tr(request)('msg.saved') };
  });

  // Deletes a user, or anonymises one whose orders, applications … must be kept (the answer says which).
  app.delete('/api/admin/users/:id', guardedChange, async (request) => {
    const outcome = await deleteUser(idOf(request, tr(request)('msg.notFound')), await actorOf(request), requestLocale(request));
    return { message: tr(request)(outcome === 'anonymised' ? 'msg.anonymised' : 'msg.deleted'), outcome };
  });

  app.put('/api/admin/users/:id/roles', guardedChange, async (request) => {
    const locale = requestLocale(request);
    const { role_ids } = parseOr422(userRolesSchema(locale), nestFormBody(request.body));
    await setRolesOfUser(idOf(request, tr(request)('msg.notFound')), role_ids, await actorOf(request), locale, (await currentUser(request)).can);
    clearPageCache();
    return { message: tr(request)('msg.rolesSaved') };
  });

  app.put('/api/admin/users/:id/customer', guardedChange, async (request) => {
    const locale = requestLocale(request);
    const { customer_id, company_role } = parseOr422(userCustomerSchema(locale), nestFormBody(request.body));
    await linkUserToCustomer(idOf(request, tr(request)('msg.notFound')), customer_id, await actorOf(request), locale, company_role);
    return { message: tr(request)(customer_id === null ? 'msg.customerUnlinked' : 'msg.customerLinked') };
  });

  app.post('/api/admin/users/:id/verify-email', guardedChange, async (request) => {
    if (!(await markEmailVerified(idOf(request, tr(request)('msg.notFound')), await actorOf(request)))) throw new HttpError(404, tr(request)('msg.notFound'));
    return { message: tr(request)('msg.verified') };
  });

  app.post('/api/admin/users/:id/password-reset', guardedChange, async (request) => {
    const id = idOf(request, tr(request)('msg.notFound'));
    const user = await getAdminUser(id);
    if (!user || !(await sendPasswordResetLink(id, links))) throw new HttpError(404, tr(request)('msg.notFound'));
    return { message: tr(request)('msg.resetSent', { email: user.email }) };
  });
};
