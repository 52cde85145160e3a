// The rentals API: the public price list, availability and quotes; the tenant's bookings, contract
// and signed contract. The administrator's routes are in admin/rentals-admin.api.server.ts.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { registerFormBody, readFormBody, UploadedFile } from '~/core/http/form-body.server';
import { HttpError } from '~/core/http/errors';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { RATE_LIMITS, rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { getStorage, contentDisposition, findFile } from '~/core/files/storage.server';
import { currentUser, getRequestUser, requireActive } from '~/core/permissions/prehandlers.server';
import { hasPermission } from '~/core/permissions/permissions';
import { registerFileAccess } from '~/core/files/access.server';
import { requestLocale } from '~/core/server/app.server';
import { contractFilename, rentalContractPdf } from './contract.server';
import { rentalMessages } from './messages';
import { setRentalAppUrl } from './rental-workflow.server';
import {
  blockedRanges,
  cancelUserRental,
  createRental,
  findActiveTester,
  getUserRental,
  isPublicTesterImage,
  listActiveTesters,
  listUserRentals,
  parsePeriod,
  quoteJson,
  quoteOf,
  rentalHistory,
  rentalJson,
  SIGNED_CONTRACT_MAX_BYTES,
  saveSignedContract,
  testerCalendar,
  testerJson,
} from './rentals.server';
import type { RentalView } from './rentals.server';
import { bookingSchema, calendarQuerySchema, quoteQuerySchema } from './validation';

/** Sends the contract PDF of a rental. */
export async function sendContract(reply: FastifyReply, rental: RentalView, accessories: string[]) {
  const pdf = await rentalContractPdf(rental, accessories, rental.locale);
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', contentDisposition(contractFilename(rental.id, rental.locale)));
  return reply.send(Buffer.from(pdf));
}

/** Sends the stored signed contract of a rental. */
export async function sendSignedContract(reply: FastifyReply, rental: RentalView, notFound: string) {
  const file = rental.signedContractFileId ? await findFile(rental.signedContractFileId) : undefined;
  if (!file) throw new HttpError(404, notFound);
  const data = await getStorage().get(file.storageKey);
  reply.header('content-type', file.contentType);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-disposition', contentDisposition(file.originalName));
  return reply.send(data);
}

export async function testerAccessories(testerId: number, locale: 'pl' | 'en'): Promise<string[]> {
  const list = await listActiveTesters(locale);
  return list.find((t) => t.id === testerId)?.accessories ?? [];
}

// Images of active testers are public; an administrator of testers sees every image (the form's preview).
registerFileAccess('rentals', async (file, request) => {
  if (await isPublicTesterImage(file.id)) return 'public';
  const user = await getRequestUser(request as FastifyRequest);
  return user && hasPermission(user.can, 'testers.update') && user.can.admin.access ? 'private' : false;
});

export const rentalsApi: FastifyPluginAsync = async (app) => {
  setRentalAppUrl(app.config.APP_URL);
  await registerFormBody(app, { mode: 'handler', limits: { files: 1, fields: 100, fieldSize: 16 * 1024, fileSize: SIGNED_CONTRACT_MAX_BYTES } });
  const tr = (request: FastifyRequest) => translator(rentalMessages, requestLocale(request));

  // Active meters with their prices (net PLN, decimal strings).
  app.get('/api/testers', async (request) => {
    return (await listActiveTesters(requestLocale(request))).map(testerJson);
  });

  // The blocked ranges of a meter within [from, to].
  app.get<{ Querystring: { from?: string; to?: string } }>('/api/testers/:id/availability', async (request) => {
    const t = tr(request);
    const tester = await findActiveTester(idOf(request, t('msg.testerNotFound')));
    if (!tester) throw new HttpError(404, t('msg.testerNotFound'));
    const period = parsePeriod(request.query, requestLocale(request));
    const blocked = await blockedRanges(tester.id, period.from, period.to);
    return blocked.map((b) => ({ datetime_from: b.from, datetime_to: b.to }));
  });

  // What the calendar offers: per day, whether a rental may begin or end on it (rules.ts calendarDays,
  // the same checkRange the quote and the booking apply).
  app.get('/api/testers/:id/calendar', async (request) => {
    const t = tr(request);
    const locale = requestLocale(request);
    const tester = await findActiveTester(idOf(request, t('msg.testerNotFound')));
    if (!tester) throw new HttpError(404, t('msg.testerNotFound'));
    const q = parseOr422(calendarQuerySchema(locale), request.query);
    return testerCalendar(tester, { from: q.from, to: q.to }, q.delivery);
  });

  // The price of a range by the price rule, when the availability accepts the range (422 otherwise).
  app.get('/api/testers/:id/quote', async (request) => {
    const t = tr(request);
    const locale = requestLocale(request);
    const tester = await findActiveTester(idOf(request, t('msg.testerNotFound')));
    if (!tester) throw new HttpError(404, t('msg.testerNotFound'));
    const q = parseOr422(quoteQuerySchema(locale), request.query);
    return quoteJson(await quoteOf(tester, { from: q.from, to: q.to }, q.delivery, locale));
  });

  app.post(
    '/api/tester-rentals',
    { preHandler: [requireActive, rateLimitPreHandler({ name: 'tester-rental', ...RATE_LIMITS.publicFormPerIp })] },
    async (request) => {
      const locale = requestLocale(request);
      const user = await currentUser(request);
      const body = await readFormBody(request);
      const input = parseOr422(bookingSchema(locale), body);
      const id = await createRental({ id: user.id, email: user.email }, input, locale);
      return { message: tr(request)('msg.created'), id };
    },
  );

  app.get<{ Querystring: { page?: string } }>('/api/tester-rentals', { preHandler: requireActive }, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const { items, pages, page } = await listUserRentals(user.id, parsePage(request.query.page));
    return { items: items.map((r) => rentalJson(r, locale)), pages, page };
  });

  const ownRental = async (request: FastifyRequest) => {
    const t = tr(request);
    const user = await currentUser(request);
    const rental = await getUserRental(user.id, idOf(request, t('msg.notFound')));
    if (!rental) throw new HttpError(404, t('msg.notFound'));
    return rental;
  };

  app.get('/api/tester-rentals/:id', { preHandler: requireActive }, async (request) => {
    const locale = requestLocale(request);
    const rental = await ownRental(request);
    return { ...rentalJson(rental, locale), history: await rentalHistory(rental.id, locale) };
  });

  app.get('/api/tester-rentals/:id/contract', { preHandler: requireActive }, async (request, reply) => {
    const rental = await ownRental(request);
    return sendContract(reply, rental, await testerAccessories(rental.testerId, rental.locale));
  });

  app.get('/api/tester-rentals/:id/signed-contract', { preHandler: requireActive }, async (request, reply) => {
    const rental = await ownRental(request);
    return sendSignedContract(reply, rental, tr(request)('msg.notFound'));
  });

  app.post('/api/tester-rentals/:id/signed-contract', { preHandler: requireActive }, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const user = await currentUser(request);
    const id = idOf(request, t('msg.notFound'));
    // The rental is checked before the body is read: another user's id is a 404 whatever it sends.
    if (!(await getUserRental(user.id, id))) throw new HttpError(404, t('msg.notFound'));
    const body = await readFormBody(request, { fileTooLarge: () => new HttpError(422, t('msg.fileType'), { file: [t('msg.fileType')] }) });
    const file = body.file instanceof UploadedFile ? body.file : undefined;
    await saveSignedContract(user, id, file, locale);
    return { message: t('msg.uploaded') };
  });

  app.post('/api/tester-rentals/:id/cancel', { preHandler: requireActive }, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    await cancelUserRental(user, idOf(request, tr(request)('msg.notFound')), locale);
    return { message: tr(request)('msg.saved') };
  });
};
