// The learner API of the online trainings (SPEC section 4; issue 15): the list with flags, a
// training with its points, start, lessons complete/incomplete, the quiz (start, finish, stop),
// the questionnaire, comments, my enrolments and the certificate (own PDF, public verification).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { registerFileAccess } from '~/core/files/access.server';
import { contentDisposition, getStorage } from '~/core/files/storage.server';
import { HttpError } from '~/core/http/errors';
import { readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { RATE_LIMITS, rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { currentUser, requireActive } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { trainingCertificateFilename, trainingCertificatePdf } from './certificate.server';
import {
  addComment,
  certificateByCode,
  certificateByKey,
  certificateByNumberAndSurname,
  publicCertificate,
  certificateByNumber,
  completeLesson,
  configureTrainings,
  finishAttempt,
  getLearnerTraining,
  lessonAttachment,
  listComments,
  listMyEnrolments,
  listTrainings,
  requestExtension,
  startQuiz,
  startTraining,
  stopAttempt,
  submitQuestionnaire,
  tr,
  trainingsSettings,
} from './trainings.server';
import { trainingFileAccess } from './training-files.server';
import { commentSchema, finishSchema, questionnaireSchema, verifyCertificateSchema } from './validation';

const AttachmentParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), fileId: z.uuid() });

export const trainingsApi: FastifyPluginAsync = async (app) => {
  configureTrainings({ siteUrl: app.config.APP_URL, inbox: app.config.TRAININGS_EMAIL });
  registerFileAccess('trainings', trainingFileAccess);
  await registerFormBody(app, { mode: 'handler', limits: { files: 0, fields: 400, fieldSize: 8 * 1024 } });
  const t = (request: FastifyRequest) => tr(requestLocale(request));
  const active = { preHandler: requireActive };
  const writes = { preHandler: [requireActive, rateLimitPreHandler({ name: 'training-writes', ...RATE_LIMITS.publicFormPerIp })] };

  // The list (a guest gets the trainings without a start: the page shows the login notice).
  app.get('/api/trainings', async (request) => {
    const user = await getRequestUser(request);
    const items = await listTrainings(user?.isVerified && user.isActive ? user.id : null, requestLocale(request));
    return { items: items.map(({ description: _d, ...rest }) => rest) };
  });

  app.get('/api/trainings/:id', active, async (request) => {
    const user = await currentUser(request);
    return getLearnerTraining(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request));
  });

  app.post('/api/trainings/:id/start', active, async (request) => {
    const user = await currentUser(request);
    const { created } = await startTraining(idOf(request, t(request)('err.pointNotFound')), user, requestLocale(request));
    return { message: t(request)(created ? 'ok.started' : 'ok.alreadyStarted'), created };
  });

  app.post('/api/trainings/:id/extension', active, async (request) => {
    const user = await currentUser(request);
    await requestExtension(idOf(request, t(request)('err.pointNotFound')), user, requestLocale(request));
    return { message: t(request)('ok.extension') };
  });

  app.post('/api/training-points/:id/complete', active, async (request) => {
    const user = await currentUser(request);
    await completeLesson(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request), true);
    return { message: t(request)('ok.completed') };
  });

  app.delete('/api/training-points/:id/complete', active, async (request) => {
    const user = await currentUser(request);
    await completeLesson(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request), false);
    return { message: t(request)('ok.uncompleted') };
  });

  app.post('/api/training-points/:id/quiz/start', active, async (request) => {
    const user = await currentUser(request);
    return startQuiz(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request));
  });

  app.post('/api/quiz-attempts/:id/finish', active, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const id = idOf(request, t(request)('err.pointNotFound'));
    const input = parseOr422(finishSchema(locale), await readFormBody(request));
    return finishAttempt(id, user.id, input.answers, locale);
  });

  app.post('/api/quiz-attempts/:id/stop', active, async (request) => {
    const user = await currentUser(request);
    await stopAttempt(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request));
    return { message: t(request)('ok.stopped') };
  });

  app.post('/api/trainings/:id/questionnaire', writes, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const id = idOf(request, t(request)('err.pointNotFound'));
    const input = parseOr422(questionnaireSchema(locale), await readFormBody(request));
    await submitQuestionnaire(id, user.id, input, locale);
    return { message: t(request)('ok.questionnaire') };
  });

  // A lesson attachment: only for a learner who may open the point (423 otherwise), under its original name.
  app.get('/api/training-points/:id/files/:fileId/:name?', active, async (request, reply) => {
    const parsed = AttachmentParams.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, t(request)('files.notFound'));
    const user = await currentUser(request);
    const file = await lessonAttachment(parsed.data.id, parsed.data.fileId.toLowerCase(), user.id, requestLocale(request));
    let size: number;
    try {
      size = await getStorage().size(file.storageKey);
    } catch {
      throw new HttpError(404, t(request)('files.notFound'));
    }
    return reply
      .header('content-type', file.contentType)
      .header('content-length', size)
      .header('content-disposition', contentDisposition(file.originalName))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(getStorage().stream(file.storageKey));
  });

  app.get('/api/training-points/:id/comments', active, async (request) => {
    const user = await currentUser(request);
    return { items: await listComments(idOf(request, t(request)('err.pointNotFound')), user.id, requestLocale(request)) };
  });

  app.post('/api/training-points/:id/comments', writes, async (request) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const pointId = idOf(request, t(request)('err.pointNotFound'));
    const input = parseOr422(commentSchema(locale), await readFormBody(request));
    const id = await addComment(pointId, user.id, input.body, locale);
    return { message: t(request)('ok.comment'), id };
  });

  // My account: own enrolments.
  app.get('/api/my-trainings', active, async (request) => {
    const user = await currentUser(request);
    return { items: await listMyEnrolments(user.id, requestLocale(request)) };
  });

  // The own certificate as a PDF.
  app.get('/api/trainings/:id/certificate', active, async (request, reply) => {
    const locale = requestLocale(request);
    const user = await currentUser(request);
    const training = await getLearnerTraining(idOf(request, t(request)('err.pointNotFound')), user.id, locale);
    const data = training.certificate_number ? await certificateByNumber(training.certificate_number) : null;
    if (!data || data.userId !== user.id) throw new HttpError(404, t(request)('err.noCertificate'));
    const pdf = await trainingCertificatePdf(data, locale, trainingsSettings().siteUrl);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(trainingCertificateFilename(data.number, locale)))
      .send(Buffer.from(pdf));
  });

  // Public verification of a certificate by its key: the number beside its random code
  // ("COBI-EL-2026-00012-<32 hex>"); a bare number answers 404. Limited per IP.
  const certificateLimit = rateLimitPreHandler({ name: 'certificate', ...RATE_LIMITS.certificateLookupPerIp });
  app.get<{ Params: { number: string } }>('/api/certificates/:number', { preHandler: certificateLimit }, async (request, reply) => {
    const data = await certificateByKey(request.params.number);
    if (!data) throw new HttpError(404, t(request)('cert.invalid'));
    const locale = requestLocale(request);
    // A public check of a certificate number, revalidated every time (the hook would make it private, no-store).
    reply.header('cache-control', 'no-cache');
    return {
      number: data.number,
      name: data.name,
      training: (locale === 'en' && data.titleEn) || data.titlePl,
      completed_at: data.doneAt.toISOString(),
      status: data.status,
      valid_until: data.validUntil,
    };
  });

  // Issue 42: the verification by the random code alone (the link and QR code of the PDF) and by the
  // form (number and the holder's surname; a wrong surname answers as an unknown number). Both
  // share the per-IP lookup limit of the page and the key above; nothing lists certificates.
  app.get<{ Params: { code: string } }>('/api/certificates/verify/:code', { preHandler: certificateLimit }, async (request, reply) => {
    const data = await certificateByCode(request.params.code);
    if (!data) throw new HttpError(404, t(request)('cert.invalid'));
    reply.header('cache-control', 'no-cache');
    return publicCertificate(data, requestLocale(request));
  });

  app.post('/api/certificates/verify', { preHandler: certificateLimit }, async (request, reply) => {
    const locale = requestLocale(request);
    const input = parseOr422(verifyCertificateSchema(locale), await readFormBody(request));
    const data = await certificateByNumberAndSurname(input.number, input.surname);
    if (!data) throw new HttpError(404, t(request)('cert.notFound'));
    reply.header('cache-control', 'no-store');
    return publicCertificate(data, locale);
  });
};
