import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { defineAdminResource } from '~/core/admin/admin-resource.server';
import { nestFormBody } from '~/core/http/bracket-keys';
import { registerFormBody } from '~/core/http/form-body.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { createApiKey, listApiKeys, revokeApiKey } from '../api-keys.server';
import { integrationsMessages } from '../messages';
import { apiKeySchema } from './validation';

export const API_KEYS_PATH = '/api/admin/integrations/keys';

/**
 * The API keys (issue 39, area `integrations`, permission integrations.update):
 *   GET    /api/admin/integrations/keys       -> { items, pages, page, total }
 *   POST   /api/admin/integrations/keys       { name, scopes } -> { message, id, secret } (the secret once)
 *   DELETE /api/admin/integrations/keys/{id}  -> { message } (revoked at once)
 * Cookie session and anti-forgery token as every admin API; an API key opens none of it.
 */
export const apiKeysAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 20, fieldSize: 1024, parts: 20 } });
  const guard = requireAdminArea('integrations', 'update');
  defineAdminResource(app, {
    path: API_KEYS_PATH,
    guard,
    messages: integrationsMessages,
    labels: { notFound: 'keys.notFound', deleted: 'keys.revokedMsg' },
    list: { query: z.object({}).catchall(z.unknown()), load: () => listApiKeys() },
    remove: revokeApiKey,
  });
  app.post(API_KEYS_PATH, { preHandler: guard }, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(apiKeySchema(locale), nestFormBody(request.body));
    const { id, secret } = await createApiKey(input, await actorOf(request));
    return { message: translator(integrationsMessages, locale)('keys.created', { name: input.name }), id, secret };
  });
};
