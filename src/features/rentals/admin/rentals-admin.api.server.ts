// The administrator's API of the rentals: testers (area `testers`) and rentals (area `tester_rentals`).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { checkFileType } from '~/core/files/file-type.server';
import { saveFile } from '~/core/files/storage.server';
import { HttpError, validationError } from '~/core/http/errors';
import { readFormBody, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { moneyInput } from '~/core/money/money-schema';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { clearPageCache } from '~/core/server/page-cache.server';
import { rentalMessages } from '../messages';
import { sendContract, sendSignedContract, testerAccessories } from '../rentals.api.server';
import {
  adminTesterJson,
  createTester,
  deleteTester,
  getCourierFee,
  getRental,
  getTester,
  listAdminRentals,
  listAllTesters,
  occupancy,
  rentalHistory,
  rentalJson,
  setCourierFee,
  updateAdminRental,
  updateTester,
} from '../rentals.server';
import { rentalWorkflow } from '../rental-workflow.server';
import { adminRentalSchema, testerSchema } from '../validation';

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export const rentalsAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { files: 1, fields: 200, fieldSize: 64 * 1024, fileSize: MAX_IMAGE_BYTES } });
  const tr = (request: FastifyRequest) => translator(rentalMessages, requestLocale(request));
  const testersGuard = { preHandler: requireAdminArea('testers') };
  const rentalsGuard = { preHandler: requireAdminArea('tester_rentals') };

  // ---- testers
  app.get('/api/admin/testers', testersGuard, async () => {
    const items = (await listAllTesters()).map(adminTesterJson);
    return { items, pages: 1 };
  });

  app.get('/api/admin/testers/:id', testersGuard, async (request) => {
    const tester = await getTester(idOf(request, tr(request)('msg.testerNotFound')));
    if (!tester) throw new HttpError(404, tr(request)('msg.testerNotFound'));
    return adminTesterJson(tester);
  });

  app.post('/api/admin/testers', testersGuard, async (request) => {
    const input = parseOr422(testerSchema(requestLocale(request)), await readFormBody(request));
    const id = await createTester(input, await actorOf(request));
    clearPageCache();
    return { message: tr(request)('msg.testerCreated'), id };
  });

  app.put('/api/admin/testers/:id', testersGuard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.testerNotFound'));
    const body = await readFormBody(request);
    const input = parseOr422(testerSchema(locale), body);
    const { version } = parseOr422(z.object({ version: z.coerce.number().int().min(1) }), body);
    await updateTester(id, version, input, await actorOf(request), locale);
    clearPageCache();
    return { message: tr(request)('msg.saved'), id };
  });

  app.delete('/api/admin/testers/:id', testersGuard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.testerNotFound'));
    if (!(await deleteTester(id, await actorOf(request), locale))) throw new HttpError(404, tr(request)('msg.testerNotFound'));
    clearPageCache();
    return { message: tr(request)('msg.testerDeleted') };
  });

  // An image of a tester: stored, its id is then saved in the tester's image_ids.
  app.post('/api/admin/testers-images', testersGuard, async (request) => {
    const t = tr(request);
    const body = await readFormBody(request, { fileTooLarge: () => validationError({ file: [t('msg.imageType')] }) });
    const file = body.file instanceof UploadedFile ? body.file : undefined;
    if (!file) throw validationError({ file: [t('msg.imageRequired')] });
    const type = checkFileType(file.data, file.filename, ['jpeg', 'png', 'webp']);
    if (!type) throw validationError({ file: [t('msg.imageType')] });
    const stored = await saveFile({ data: file.data, filename: type.filename, contentType: type.contentType, owner: 'rentals' });
    return { message: t('msg.saved'), id: stored.id };
  });

  // The courier fee (net) of a delivery instead of a pickup.
  app.get('/api/admin/tester-settings', testersGuard, async () => {
    return { courier_fee: toDecimal(await getCourierFee()) };
  });

  app.put('/api/admin/tester-settings', testersGuard, async (request) => {
    const locale = requestLocale(request);
    const { courier_fee } = parseOr422(z.object({ courier_fee: moneyInput({ locale }) }), await readFormBody(request));
    const actor = await actorOf(request);
    await setCourierFee(courier_fee, actor);
    clearPageCache();
    return { message: tr(request)('msg.saved') };
  });

  // ---- rentals
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/admin/tester-rentals', rentalsGuard, async (request) => {
    const q = request.query;
    const testerId = Number(q.tester_id);
    return listAdminRentals(
      {
        testerId: Number.isSafeInteger(testerId) && testerId > 0 ? testerId : undefined,
        status: q.status,
        date: q.date,
        page: parsePage(q.page),
      },
      requestLocale(request),
    );
  });

  app.get<{ Querystring: { month?: string } }>('/api/admin/tester-rentals-occupancy', rentalsGuard, async (request) => {
    const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(request.query.month ?? '') ? (request.query.month as string) : new Date().toISOString().slice(0, 7);
    return occupancy(month);
  });

  const loadRental = async (request: FastifyRequest) => {
    const t = tr(request);
    const rental = await getRental(idOf(request, t('msg.notFound')));
    if (!rental) throw new HttpError(404, t('msg.notFound'));
    return rental;
  };

  app.get('/api/admin/tester-rentals/:id', rentalsGuard, async (request) => {
    const locale = requestLocale(request);
    const rental = await loadRental(request);
    const actor = { id: 0, isAdmin: true, isOwner: false };
    return {
      ...rentalJson(rental, locale),
      tenant_email: rental.tenant.email,
      version: rental.version,
      history: await rentalHistory(rental.id, locale),
      next_statuses: rentalWorkflow.allowedNext(rental.status, actor).map((s) => ({ id: s, name: rentalWorkflow.label(s, locale) })),
    };
  });

  app.put('/api/admin/tester-rentals/:id', rentalsGuard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('msg.notFound'));
    const input = parseOr422(adminRentalSchema(locale), await readFormBody(request));
    await updateAdminRental(id, input, await actorOf(request), locale);
    return { message: tr(request)('msg.saved'), id };
  });

  app.get('/api/admin/tester-rentals/:id/contract', rentalsGuard, async (request, reply) => {
    const rental = await loadRental(request);
    return sendContract(reply, rental, await testerAccessories(rental.testerId, rental.locale));
  });

  app.get('/api/admin/tester-rentals/:id/signed-contract', rentalsGuard, async (request, reply) => {
    const rental = await loadRental(request);
    return sendSignedContract(reply, rental, tr(request)('msg.notFound'));
  });
};
