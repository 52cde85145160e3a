import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '~/core/files/storage.server';
import { HttpError } from '~/core/http/errors';
import { readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { type Locale, translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { currentUser, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { ORDER_STATUSES } from '../order-workflow.server';
import { getOrder, orderHistory, orderJson, orderPdf, orderPdfFilename } from '../orders.server';
import { changeOrderStatus, isDay, listOrdersAdmin, statusLabel } from './orders-admin.server';
import { ordersAdminMessages } from './messages';

export function statusChangeSchema(locale: Locale) {
  const t = translator(ordersAdminMessages, locale);
  return z.object({
    status: z.enum(ORDER_STATUSES, { error: t('v.status') }),
    from: z.enum(ORDER_STATUSES).optional(),
    comment: z.string().max(2000).optional().nullable(),
  });
}

/** /api/admin/orders: the list (filters), one order with its history, the status change, the PDF. Admin access suffices. */
export const ordersAdminApi: FastifyPluginAsync = async (app) => {
  // Writes come as multipart (api()) or JSON; no files.
  await registerFormBody(app, { mode: 'handler', limits: { fields: 10, fieldSize: 8192, files: 0, parts: 10 } });
  const guard = { preHandler: requireAdminArea('orders') };

  app.get('/api/admin/orders', guard, async (request) => {
    const locale = requestLocale(request);
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const page = await listOrdersAdmin({
      status: q.status ?? null,
      customerId: q.customer && /^\d{1,9}$/.test(q.customer) ? Number(q.customer) : null,
      from: isDay(q.from) ? q.from : null,
      to: isDay(q.to) ? q.to : null,
      search: q.search ?? null,
      page: parsePage(q.page),
    });
    return {
      items: page.items.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        status_label: statusLabel(o.status, locale),
        customer_id: o.customerId,
        customer_name: o.customerName,
        buyer_email: o.buyerEmail,
        created_at: o.createdAt.toISOString(),
        net: toDecimal(o.net),
        gross: toDecimal(o.gross),
        transport_kind: o.transportKind,
      })),
      pages: page.pages,
    };
  });

  app.get('/api/admin/orders/:id', guard, async (request) => {
    const locale = requestLocale(request);
    const detail = await getOrder(idOf(request, translator(ordersAdminMessages, locale)('msg.notFound')));
    if (!detail) throw new HttpError(404, translator(ordersAdminMessages, locale)('msg.notFound'));
    return {
      ...orderJson(detail, locale),
      customer_id: detail.order.customerId,
      buyer_email: detail.order.buyerEmail,
      history: await orderHistory(detail.order.id, locale),
    };
  });

  app.post('/api/admin/orders/:id/status', guard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, translator(ordersAdminMessages, locale)('msg.notFound'));
    const input = parseOr422(statusChangeSchema(locale), await readFormBody(request));
    const user = await currentUser(request);
    const result = await changeOrderStatus(
      id,
      { from: input.from, to: input.status, comment: input.comment },
      { userId: user.id, userEmail: user.email },
      locale,
    );
    return {
      message: translator(ordersAdminMessages, locale)('msg.statusChanged', { number: result.number, status: statusLabel(result.status, locale) }),
      status: result.status,
    };
  });

  app.get('/api/admin/orders/:id/pdf', guard, async (request, reply) => {
    const locale = requestLocale(request);
    const detail = await getOrder(idOf(request, translator(ordersAdminMessages, locale)('msg.notFound')));
    if (!detail) throw new HttpError(404, translator(ordersAdminMessages, locale)('msg.notFound'));
    const pdfLocale = detail.order.locale === 'en' ? 'en' : 'pl';
    const data = await orderPdf(detail, pdfLocale);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(orderPdfFilename(detail.order.number, pdfLocale)))
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(data));
  });
};
