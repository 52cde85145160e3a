// /api/admin/integrations/webhooks: the endpoints (the secret answered once, by the create call),
// their delivery log and "send again". Behind the integrations area's permission (integrations.update).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  retryWebhookDelivery,
  updateWebhookEndpoint,
  WEBHOOK_EVENTS,
} from '~/core/webhooks/webhooks.server';
import { webhooksMessages } from '../webhooks/messages';
import { deliveriesQuery, endpointsQuery, webhookSchema, webhookUpdateSchema } from '../webhooks/validation.server';
import { deliveryJson, endpointJson } from '../webhooks/webhooks-json';

const PATH = '/api/admin/integrations/webhooks';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const webhooksAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { fields: 20, fieldSize: 4096, files: 0, parts: 20 } });
  const guard = { preHandler: requireAdminArea('integrations') };
  const t = (request: FastifyRequest) => translator(webhooksMessages, requestLocale(request));
  const endpointId = (request: FastifyRequest) => idOf(request, t(request)('msg.notFound'));
  const body = async (request: FastifyRequest) => nestFormBody(await readFormBody(request));

  app.get(PATH, guard, async (request) => {
    const q = endpointsQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listWebhookEndpoints({ page: q.page });
    return { items: items.map(endpointJson), pages, page, total, events: WEBHOOK_EVENTS };
  });

  app.post(PATH, guard, async (request) => {
    const input = parseOr422(webhookSchema(requestLocale(request)), await body(request));
    const { id, secret } = await createWebhookEndpoint(input, await actorOf(request));
    return { message: t(request)('msg.created'), id, secret };
  });

  app.get(`${PATH}/:id`, guard, async (request) => {
    const row = await getWebhookEndpoint(endpointId(request));
    if (!row) throw new HttpError(404, t(request)('msg.notFound'));
    const { recent: _recent, counts: _counts, ...rest } = endpointJson({ ...row, recent: [], counts: { pending: 0, succeeded: 0, failed: 0 } });
    return rest;
  });

  app.put(`${PATH}/:id`, guard, async (request) => {
    const id = endpointId(request);
    const input = parseOr422(webhookUpdateSchema(requestLocale(request)), await body(request));
    if (!(await updateWebhookEndpoint(id, input, await actorOf(request)))) throw new HttpError(404, t(request)('msg.notFound'));
    return { message: t(request)('msg.updated'), id };
  });

  app.delete(`${PATH}/:id`, guard, async (request) => {
    const id = endpointId(request);
    if (!(await deleteWebhookEndpoint(id, await actorOf(request)))) throw new HttpError(404, t(request)('msg.notFound'));
    return { message: t(request)('msg.deleted') };
  });

  app.get(`${PATH}/:id/deliveries`, guard, async (request) => {
    const id = endpointId(request);
    if (!(await getWebhookEndpoint(id))) throw new HttpError(404, t(request)('msg.notFound'));
    const q = deliveriesQuery.parse(request.query ?? {});
    const { items, pages, page, total } = await listWebhookDeliveries(id, q);
    return { items: items.map(deliveryJson), pages, page, total };
  });

  app.get(`${PATH}/deliveries/:delivery`, guard, async (request) => {
    const raw = String((request.params as { delivery?: string }).delivery ?? '');
    const row = UUID.test(raw) ? await getWebhookDelivery(raw) : null;
    if (!row) throw new HttpError(404, t(request)('msg.deliveryNotFound'));
    return { ...deliveryJson(row), payload: row.payload };
  });

  app.post(`${PATH}/deliveries/:delivery/retry`, guard, async (request) => {
    const raw = String((request.params as { delivery?: string }).delivery ?? '');
    if (!UUID.test(raw) || !(await retryWebhookDelivery(raw))) throw new HttpError(404, t(request)('msg.deliveryNotFound'));
    return { message: t(request)('msg.retried') };
  });
};
