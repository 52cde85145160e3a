// Guards of API routes (SPEC section 8 statuses): 401 not logged in, 406 account not active
// (e-mail not verified or not activated), 403 missing permission. Use as route preHandlers:
//
//   app.put('/api/admin/products/:id', { preHandler: requirePermission('products.update') }, handler)
//   app.get('/api/my-account/…', { preHandler: requireActive }, async (request) => {
//     const user = await currentUser(request); // never null after the guard
//   })
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '~/core/audit/audit.server';
import { COMPANY } from '~/core/company';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { requestLocale } from '~/core/server/app.server';
import { type CurrentUser, getRequestUser } from './current-user.server';
import { type AccessMode, type AdminArea, canAccessAdmin, hasPermission, type PermissionKey } from './permissions';

export { getRequestUser, type CurrentUser } from './current-user.server';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

function refuse(request: FastifyRequest, reply: FastifyReply, status: 401 | 403 | 406) {
  const locale = requestLocale(request);
  const core = translator(coreMessages, locale);
  const message = status === 401 ? core('error.401') : status === 406 ? core('error.406', { email: COMPANY.adminEmail }) : core('error.403');
  return reply.code(status).send({ message });
}

/** The logged user of a request that passed a guard. */
export async function currentUser(request: FastifyRequest): Promise<CurrentUser> {
  const user = await getRequestUser(request);
  if (!user) throw new Error('currentUser() called on a route without an authentication guard');
  return user;
}

/** The logged user of a guarded request as the change log's actor. */
export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await currentUser(request);
  return { userId: user.id, userEmail: user.email };
}

/** As actorOf, null for a visitor (a route whose guard a test replaces). */
export async function actorOrNull(request: FastifyRequest): Promise<Actor | null> {
  const user = await getRequestUser(request);
  return user ? { userId: user.id, userEmail: user.email } : null;
}

/** 401 unless logged in (any state: unverified and inactive users pass). */
export const requireAuth: Guard = async (request, reply) => {
  if (!(await getRequestUser(request))) return refuse(request, reply, 401);
};

/** 401 unless logged in, 406 unless the e-mail is verified and the account active. */
export const requireActive: Guard = async (request, reply) => {
  const user = await getRequestUser(request);
  if (!user) return refuse(request, reply, 401);
  if (!user.isVerified || !user.isActive) return refuse(request, reply, 406);
};

/** As requireActive, then 403 without the permission (e.g. 'users.update'). */
export function requirePermission(key: PermissionKey): Guard {
  return async (request, reply) => {
    const user = await getRequestUser(request);
    if (!user) return refuse(request, reply, 401);
    if (!user.isVerified || !user.isActive) return refuse(request, reply, 406);
    if (!hasPermission(user.can, key)) return refuse(request, reply, 403);
  };
}

/**
 * As requireActive, then 403 without can.admin.access or the area's permission (SPEC section 6):
 * GET and HEAD need the area's view permission, other methods its update permission; `mode` sets it
 * for a route whose read is as sensitive as a change (the mail queue's bodies).
 */
export function requireAdminArea(area?: AdminArea, mode?: AccessMode): Guard {
  return async (request, reply) => {
    const user = await getRequestUser(request);
    if (!user) return refuse(request, reply, 401);
    if (!user.isVerified || !user.isActive) return refuse(request, reply, 406);
    const needed = mode ?? (request.method === 'GET' || request.method === 'HEAD' ? 'view' : 'update');
    if (!canAccessAdmin(user.can, area, needed)) return refuse(request, reply, 403);
  };
}
