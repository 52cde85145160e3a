// The shop's API (issue 11): transport types and products for everyone (prices only for B2B
// customers), the cart and orders for B2B customers (requireB2bCustomer: guest 401, others 403),
// and the administrator's transport types.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPANY } from '~/core/company';
import { getDb } from '~/core/db/db.server';
import { contentDisposition } from '~/core/files/storage.server';
import { HttpError } from '~/core/http/errors';
import { readFormBody, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOf, currentUser, getRequestUser, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { requestLocale } from '~/core/server/app.server';
import { b2bCustomerOf, b2bOf, requireB2bCustomer } from '~/features/customers/b2b-access.server';
import { currentCartJson } from './cart-cache.server';
import { addPosition, removePosition, saveCartData, updatePosition } from './cart.server';
import { shopMessages } from './messages';
import { setShopAppUrl } from './order-workflow.server';
import { companyMemberOf, companyRoleCan } from '~/features/customers/company.server';
import { ORDER_STATUSES } from './order-workflow.server';
import {
  approveOrder,
  getCustomerOrder,
  listOrders,
  orderHistory,
  orderJson,
  orderPdf,
  orderPdfFilename,
  placeOrder,
  rejectOrder,
  reorder,
  setSalesEmail,
} from './orders.server';
import { productJson, searchProducts } from './products.server';
import { linesOfFile, linesOfText, quickOrder } from './quick-order.server';
import {
  activeTransportTypes,
  allTransportTypes,
  createTransportType,
  deleteTransportType,
  getTransportType,
  transportTypeAdminJson,
  transportTypeView,
  updateTransportType,
} from './transport.server';
import { addPositionSchema, IDEMPOTENCY_KEY_RE, rejectOrderSchema, saveCartSchema, transportTypeSchema, updatePositionSchema } from './validation';

/** A quick-order upload: at most 2 MB. */
export const QUICK_ORDER_MAX_BYTES = 2 * 1024 * 1024;

/** Quick orders per user and minute (each may hold hundreds of lines). */
export const QUICK_ORDER_LIMIT = { max: 20, windowMs: 60_000 };

export const shopApi: FastifyPluginAsync = async (app) => {
  setShopAppUrl(app.config.APP_URL);
  setSalesEmail(app.config.SALES_EMAIL ?? COMPANY.email);
  await registerFormBody(app, { mode: 'handler', limits: { files: 1, fields: 200, fieldSize: 64 * 1024, fileSize: QUICK_ORDER_MAX_BYTES } });
  const tr = (request: FastifyRequest) => translator(shopMessages, requestLocale(request));
  const b2b = { preHandler: requireB2bCustomer };

  // The active transport types (id, name, kind).
  app.get('/api/transport-types', async (request) => {
    const locale = requestLocale(request);
    return (await activeTransportTypes()).map((t) => transportTypeView(t, locale));
  });

  // Products with their catalogue numbers; net prices only for a B2B customer.
  app.get<{ Querystring: { search?: string; page?: string } }>('/api/products', async (request) => {
    const search = typeof request.query.search === 'string' ? request.query.search.slice(0, 100) : '';
    return searchProducts(search, parsePage(request.query.page), requestLocale(request));
  });

  app.get('/api/products/:id', async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const buyer = await b2bCustomerOf(await getRequestUser(request));
    const product = await productJson(idOf(request, t('msg.productNotFound')), buyer?.customerId ?? null, locale);
    if (!product) throw new HttpError(404, t('msg.productNotFound'));
    return product;
  });

  // ---- Cart
  app.get('/api/cart', b2b, async (request) => {
    const locale = requestLocale(request);
    return currentCartJson(getDb(), b2bOf(request), locale);
  });

  app.put('/api/cart', b2b, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(saveCartSchema(locale), await readFormBody(request));
    await saveCartData(b2bOf(request), input, locale);
    return { message: tr(request)('msg.saved') };
  });

  app.post('/api/cart/positions', b2b, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(addPositionSchema(locale), await readFormBody(request));
    const id = await addPosition(b2bOf(request), input, locale);
    return { message: tr(request)('msg.added'), id };
  });

  app.put('/api/cart/positions/:id', b2b, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.positionNotFound'));
    const input = parseOr422(updatePositionSchema(locale), await readFormBody(request));
    await updatePosition(b2bOf(request), id, input, locale);
    return { message: tr(request)('msg.updated') };
  });

  app.delete('/api/cart/positions/:id', b2b, async (request) => {
    const locale = requestLocale(request);
    await removePosition(b2bOf(request), idOf(request, tr(request)('msg.positionNotFound')), locale);
    return { message: tr(request)('msg.removed') };
  });

  app.post(
    '/api/cart/quick-order',
    {
      preHandler: [
        requireB2bCustomer,
        rateLimitPreHandler({ name: 'shop-quick-order', ...QUICK_ORDER_LIMIT, key: (request: FastifyRequest) => `user:${request.b2b?.userId ?? request.ip}` }),
      ],
    },
    async (request) => {
      const locale = requestLocale(request);
      const t = tr(request);
      const body = await readFormBody(request, { fileTooLarge: () => new HttpError(422, t('v.fileType'), { file: [t('v.fileType')] }) });
      const lines = body.file instanceof UploadedFile ? await linesOfFile(body.file, locale) : linesOfText(typeof body.lines === 'string' ? body.lines : '');
      const result = await quickOrder(b2bOf(request), lines, locale);
      return { message: result.added ? t('msg.quick', { count: result.added }) : t('msg.quickNone'), ...result };
    },
  );

  // ---- Orders
  app.post('/api/orders', b2b, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const header = request.headers['idempotency-key'];
    const key = typeof header === 'string' && header !== '' ? header : null;
    if (key !== null && !IDEMPOTENCY_KEY_RE.test(key)) throw new HttpError(422, t('v.idempotency'), { 'Idempotency-Key': [t('v.idempotency')] });
    const user = await currentUser(request);
    const result = await placeOrder({ ...b2bOf(request), email: user.email }, key, locale);
    const message = result.status === 'awaiting_approval' ? t('msg.placedAwaiting', { number: result.number }) : t('msg.placed', { number: result.number });
    return { message, id: result.id, number: result.number, status: result.status };
  });

  app.get<{ Querystring: { page?: string; status?: string } }>('/api/orders', b2b, async (request) => {
    const locale = requestLocale(request);
    const raw = request.query.status;
    const status = typeof raw === 'string' && raw !== '' ? ORDER_STATUSES.find((s) => s === raw) : undefined;
    if (typeof raw === 'string' && raw !== '' && !status) throw new HttpError(422, tr(request)('v.status'), { status: [tr(request)('v.status')] });
    // The approval queue (issue 40) is for those who approve: approvers and owners.
    if (status === 'awaiting_approval') {
      const member = await companyMemberOf(b2bOf(request).userId);
      if (!member || !companyRoleCan(member.role, 'approve')) throw new HttpError(403, tr(request)('approval.notAllowed'));
    }
    const { items, pages, page } = await listOrders(b2bOf(request).customerId, parsePage(request.query.page), locale, undefined, status);
    return { items, pages, page };
  });

  app.post('/api/orders/:id/approve', b2b, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const user = await currentUser(request);
    const { number } = await approveOrder({ ...b2bOf(request), email: user.email }, idOf(request, t('msg.orderNotFound')), locale);
    return { message: t('msg.approved', { number }) };
  });

  app.post('/api/orders/:id/reject', b2b, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const id = idOf(request, t('msg.orderNotFound'));
    const { comment } = parseOr422(rejectOrderSchema(locale), await readFormBody(request));
    const user = await currentUser(request);
    const { number } = await rejectOrder({ ...b2bOf(request), email: user.email }, id, comment, locale);
    return { message: t('msg.rejected', { number }) };
  });

  app.get('/api/orders/:id', b2b, async (request) => {
    const locale = requestLocale(request);
    const detail = await getCustomerOrder(b2bOf(request).customerId, idOf(request, tr(request)('msg.orderNotFound')), locale);
    return { ...orderJson(detail, locale), history: await orderHistory(detail.order.id, locale) };
  });

  app.get('/api/orders/:id/pdf', b2b, async (request, reply) => {
    const locale = requestLocale(request);
    const detail = await getCustomerOrder(b2bOf(request).customerId, idOf(request, tr(request)('msg.orderNotFound')), locale);
    const pdf = await orderPdf(detail, locale);
    reply.header('content-type', 'application/pdf');
    reply.header('content-disposition', contentDisposition(orderPdfFilename(detail.order.number, locale)));
    return reply.send(Buffer.from(pdf));
  });

  app.post('/api/orders/:id/reorder', b2b, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const { count, skipped } = await reorder(b2bOf(request), idOf(request, t('msg.orderNotFound')), locale);
    const message = skipped.length
      ? t('msg.reorderedSkipped', { count, skipped: skipped.map((s) => `${s.number} (${s.reason})`).join(', ') })
      : t('msg.reordered', { count });
    return { message, count, skipped };
  });

  // ---- Admin: transport types (admin access suffices)
  const admin = { preHandler: requireAdminArea('transport_types') };
  app.get('/api/admin/transport-types', admin, async () => {
    const items = (await allTransportTypes()).map(transportTypeAdminJson);
    return { items, pages: 1 };
  });

  app.get('/api/admin/transport-types/:id', admin, async (request) => {
    const row = await getTransportType(idOf(request, tr(request)('msg.positionNotFound')));
    if (!row) throw new HttpError(404, tr(request)('msg.positionNotFound'));
    return transportTypeAdminJson(row);
  });

  app.post('/api/admin/transport-types', admin, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(transportTypeSchema(locale), await readFormBody(request));
    const id = await createTransportType(input, await actorOf(request));
    clearPageCache();
    return { message: tr(request)('msg.transportCreated'), id };
  });

  app.put('/api/admin/transport-types/:id', admin, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.positionNotFound'));
    const body = await readFormBody(request);
    const input = parseOr422(transportTypeSchema(locale), body);
    const version = z.coerce.number().int().min(1).catch(0).parse(body.version);
    await updateTransportType(id, { ...input, version }, await actorOf(request), locale);
    clearPageCache();
    return { message: tr(request)('msg.transportSaved') };
  });

  app.delete('/api/admin/transport-types/:id', admin, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const ok = await deleteTransportType(idOf(request, t('msg.positionNotFound')), await actorOf(request), locale);
    if (!ok) throw new HttpError(404, t('msg.positionNotFound'));
    clearPageCache();
    return { message: t('msg.transportDeleted') };
  });
};
