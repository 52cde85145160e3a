import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '~/core/http/errors';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { createAttribute, deleteAttribute, getAdminAttribute, listAdminAttributes, updateAttribute } from './attribute-definitions-admin.server';
import { attributeSchema, attributeUpdateSchema } from './attribute-validation';
import { readForm, registerMultipart } from './multipart.server';
import { adminT } from './validation';

/**
 * The administrator API of product attribute definitions (issue 17; admin area `attributes`,
 * permission products.update): list, one, create, update (409 on a stale version), delete (409
 * while products hold values of it).
 */
export const attributesAdminApi: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const guard = { preHandler: requireAdminArea('attributes') };

  app.get('/api/admin/attributes', guard, async (request) => {
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    return listAdminAttributes({
      locale: requestLocale(request),
      page: parsePage(q.page),
      search: q.search?.slice(0, 100),
      type: q.type,
      sort: q.sort,
      dir: q.dir,
    });
  });

  app.get('/api/admin/attributes/:id', guard, async (request) => {
    const t = adminT(requestLocale(request));
    const attribute = await getAdminAttribute(idOf(request, t('attr.msg.notFound')));
    if (!attribute) throw new HttpError(404, t('attr.msg.notFound'));
    return attribute;
  });

  app.post('/api/admin/attributes', guard, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(attributeSchema(locale), await readForm(request, locale));
    const id = await createAttribute(input, await actorOf(request), locale);
    return { message: adminT(locale)('attr.msg.created'), id };
  });

  app.put('/api/admin/attributes/:id', guard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('attr.msg.notFound'));
    const input = parseOr422(attributeUpdateSchema(locale), await readForm(request, locale));
    await updateAttribute(id, input.version, input, await actorOf(request), locale);
    return { message: t('attr.msg.updated'), id };
  });

  app.delete('/api/admin/attributes/:id', guard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    await deleteAttribute(idOf(request, t('attr.msg.notFound')), await actorOf(request), locale);
    return { message: t('attr.msg.deleted') };
  });
};
