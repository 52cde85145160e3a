// The newsletter's API (signup, one-click unsubscribe), the calculator purchase (Przelewy24 or bank
// transfer) and the admin areas `newsletter` and `calculator-purchases`.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { RATE_LIMITS, rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { subscribersCsv, subscribersXlsx } from './export.server';
import { newsletterMessages } from './messages';
import { listSubscribers, subscribe, unsubscribe } from './newsletter.server';
import { NotificationSchema, P24Error, p24FromConfig, purchaseMethod } from './p24.server';
import { handleP24Notification, listPurchases, markTransferPaid, orderByP24, orderByTransfer } from './purchases.server';
import { HONEYPOT_FIELD, purchaseSchema, subscribeSchema, TOKEN_RE } from './validation';

type Query = Record<string, string | undefined>;

export const newsletterApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 20, fieldSize: 4 * 1024 } });
  // RFC 8058: a mail client's one-click unsubscribe posts "List-Unsubscribe=One-Click" form-encoded.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, {}));
  }
  const tr = (request: FastifyRequest) => translator(newsletterMessages, requestLocale(request));
  const appUrl = app.config.APP_URL;
  const publicForm = (name: string) => ({ preHandler: rateLimitPreHandler({ name, ...RATE_LIMITS.publicFormPerIp }) });
  // Called by other sites (mail clients, Przelewy24): no anti-forgery token, their own credential.
  const crossSite: Record<string, unknown> = { crossSite: true };
  const newsletterAdmin = { preHandler: requireAdminArea('newsletter') };
  const purchasesAdmin = { preHandler: requireAdminArea('calculator_purchases') };

  // SPEC section 3 "Newsletter subscriber": the same answer whether or not the address is subscribed.
  app.post('/api/newsletter', publicForm('newsletter'), async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(subscribeSchema(locale), request.body ?? {});
    if (!input[HONEYPOT_FIELD]) await subscribe(input, { locale, appUrl });
    return { message: tr(request)('form.sent') };
  });

  // One-click unsubscribe (List-Unsubscribe-Post): the token in the path is the credential.
  app.post<{ Params: { token: string } }>(
    '/api/newsletter/unsubscribe/:token',
    { config: crossSite, ...publicForm('newsletter-unsubscribe') },
    async (request) => {
      const token = request.params.token;
      if (!TOKEN_RE.test(token)) throw new HttpError(404, tr(request)('unsubscribe.invalid'));
      const result = await unsubscribe({ token }, 'list-unsubscribe');
      if (result === 'invalid') throw new HttpError(404, tr(request)('unsubscribe.invalid'));
      return { message: tr(request)(result === 'done' ? 'unsubscribe.done' : 'unsubscribe.already') };
    },
  );

  // The purchase: online through Przelewy24 when configured, otherwise a bank transfer (pro forma).
  app.post('/api/calculator/purchase', publicForm('calculator-purchase'), async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const input = parseOr422(purchaseSchema(locale), request.body ?? {});
    if (input[HONEYPOT_FIELD]) return { message: t('buy.ordered') };
    const user = await getRequestUser(request);
    const buyer = { input, locale, userId: user?.id ?? null, appUrl };
    const p24 = p24FromConfig(app.config);
    if (!p24) {
      // Without Przelewy24 and without BANK_ACCOUNT there is nothing to pay with: the page offers no purchase.
      if (purchaseMethod(app.config) !== 'transfer') throw new HttpError(503, t('buy.unavailable'));
      await orderByTransfer(buyer, app.config.BANK_ACCOUNT as string);
      return { message: t('buy.ordered'), method: 'transfer' };
    }
    try {
      const { redirectUrl } = await orderByP24(buyer, p24);
      return { message: t('buy.returnPending'), method: 'p24', redirect: redirectUrl };
    } catch (e) {
      if (e instanceof P24Error) {
        request.log.warn(e.message);
        throw new HttpError(502, t('buy.p24Error'));
      }
      throw e;
    }
  });

  // Przelewy24's status notification (urlStatus): authenticated by its sign, then verified.
  app.post('/api/calculator/p24/notification', { config: crossSite }, async (request, reply) => {
    const p24 = p24FromConfig(app.config);
    if (!p24) throw new HttpError(404, 'Not found');
    const parsed = NotificationSchema.safeParse(request.body ?? {});
    if (!parsed.success) return reply.code(400).send({ message: 'Invalid notification' });
    try {
      const result = await handleP24Notification(parsed.data, p24, appUrl);
      if (result === 'rejected') return reply.code(400).send({ message: 'Rejected' });
      return { message: 'OK' };
    } catch (e) {
      if (e instanceof P24Error) {
        request.log.warn(e.message);
        return reply.code(502).send({ message: 'Verification failed' });
      }
      throw e;
    }
  });

  // -- admin: newsletter ---------------------------------------------------------------------

  app.get<{ Querystring: Query }>('/api/admin/newsletter/subscribers', newsletterAdmin, async (request) => {
    const { items, pages, page } = await listSubscribers({ q: request.query.q, status: request.query.status, page: parsePage(request.query.page) });
    return { items, pages, page };
  });

  app.get<{ Querystring: Query }>('/api/admin/newsletter/subscribers/export', newsletterAdmin, async (request, reply) => {
    // A download link carries the page's language in ?locale= (no X-Locale header).
    const locale = request.query.locale === 'en' || request.query.locale === 'pl' ? request.query.locale : requestLocale(request);
    const stamp = new Date().toISOString().slice(0, 10);
    if (request.query.format === 'xlsx') {
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="newsletter-${stamp}.xlsx"`)
        .send(await subscribersXlsx(locale));
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="newsletter-${stamp}.csv"`)
      .send(await subscribersCsv(locale));
  });

  app.post('/api/admin/newsletter/unsubscribe/:id', newsletterAdmin, async (request) => {
    const id = idOf(request, tr(request)('admin.notFound'));
    const result = await unsubscribe({ id }, 'admin', await actorOf(request));
    if (result === 'invalid') throw new HttpError(404, tr(request)('admin.notFound'));
    return { message: tr(request)(result === 'done' ? 'admin.subscribers.unsubscribed' : 'unsubscribe.already') };
  });

  // -- admin: calculator purchases ------------------------------------------------------------

  app.get<{ Querystring: Query }>('/api/admin/calculator-purchases', purchasesAdmin, async (request) => {
    const { items, pages, page } = await listPurchases({ status: request.query.status, page: parsePage(request.query.page) });
    return { items, pages, page };
  });

  app.post('/api/admin/calculator-purchases/paid/:id', purchasesAdmin, async (request) => {
    const id = idOf(request, tr(request)('admin.notFound'));
    const result = await markTransferPaid(id, await actorOf(request), appUrl);
    if (result === 'not-found') throw new HttpError(404, tr(request)('admin.notFound'));
    if (result === 'not-pending') throw new HttpError(409, tr(request)('admin.notPending'));
    return { message: tr(request)('admin.purchases.marked') };
  });
};
