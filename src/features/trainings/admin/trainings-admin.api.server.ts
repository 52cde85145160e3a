// /api/admin/trainings…, /api/admin/trainings-users…, /api/admin/training-questionnaires and
// /api/admin/training-comments, /api/admin/training-certificates: permission group trainings (SPEC section 6).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contentDisposition } from '~/core/files/storage.server';
import { HttpError, validationError } from '~/core/http/errors';
import { bodyError, UploadedFile, readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { formatDate } from '~/core/time/format';
import { actorOf, currentUser, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { ATTACHMENT_MAX_FILE_BYTES, IMAGE_MAX_BYTES, storeLessonAttachment, storeTrainingImage } from '../training-files.server';
import { tr } from '../trainings.server';
import { answerCommentSchema, extendSchema, isCertificateFilter, PairParam, questionSchema, revokeCertificateSchema, trainingSchema } from '../validation';
import { listCertificates, revokeCertificate } from './certificates-admin.server';
import {
  acceptEnrolment,
  answerComment,
  createQuestion,
  createTraining,
  deleteQuestion,
  deleteTraining,
  expireEnrolment,
  extendEnrolment,
  getAdminTraining,
  importQuestions,
  listAdminTrainings,
  listQuestions,
  listTrainingComments,
  listTrainingUsers,
  questionnaireResults,
  questionnaireXlsx,
  questionsTemplateXlsx,
  refuseEnrolment,
  resetAttempts,
  trainingOptions,
  trainingUserDetail,
  updateQuestion,
  updateTraining,
} from './trainings-admin.server';

const QuestionParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  questionId: z.coerce.number().int().positive().max(2_147_483_647),
});
type Query = Record<string, string | undefined>;

/** The one file of an upload (field "file"); 422 on `file` when missing, empty or over `maxBytes`. */
async function oneFile(request: FastifyRequest, maxBytes: number): Promise<{ bytes: Buffer; filename: string }> {
  const t = tr(requestLocale(request));
  const missing = () => validationError({ file: [t('v.required')] });
  if (!request.isMultipart()) throw missing();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (e) {
    throw bodyError(request, e);
  }
  if (!part) throw missing();
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' || part.file.truncated) {
      throw validationError({ file: [t('v.fileTooLarge', { mb: Math.round(maxBytes / 1024 / 1024) })] });
    }
    throw bodyError(request, e);
  }
  if (bytes.length === 0) throw missing();
  return { bytes, filename: part.filename || 'file' };
}

export const trainingsAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { files: 1, fileSize: 5 * 1024 * 1024, fields: 4000, fieldSize: 256 * 1024 } });
  const guard = { preHandler: requireAdminArea('trainings') };
  const users = { preHandler: requireAdminArea('trainings_users') };
  const questionnaires = { preHandler: requireAdminArea('training_questionnaires') };
  const certificates = { preHandler: requireAdminArea('training_certificates') };
  const t = (request: FastifyRequest) => tr(requestLocale(request));
  const parse = <S extends z.ZodType>(schema: S, request: FastifyRequest, missing: Parameters<ReturnType<typeof tr>>[0]): z.infer<S> => {
    const parsed = schema.safeParse(request.params);
    if (!parsed.success) throw new HttpError(404, t(request)(missing));
    return parsed.data;
  };
  const pairOf = (request: FastifyRequest) => parse(PairParam, request, 'admin.enrolmentNotFound');

  // -- trainings ------------------------------------------------------------------------------
  app.get('/api/admin/trainings', guard, async (request) => {
    const items = await listAdminTrainings(requestLocale(request));
    return { items, pages: 1 };
  });

  app.get('/api/admin/trainings/:id', guard, async (request) => {
    const training = await getAdminTraining(idOf(request, t(request)('err.trainingNotFound')));
    if (!training) throw new HttpError(404, t(request)('err.trainingNotFound'));
    return training;
  });

  app.post('/api/admin/trainings', guard, async (request) => {
    const locale = requestLocale(request);
    const input = parseOr422(trainingSchema(locale), await readFormBody(request));
    const id = await createTraining(input, locale);
    return { message: t(request)('admin.created'), id };
  });

  app.put('/api/admin/trainings/:id', guard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, t(request)('err.trainingNotFound'));
    const input = parseOr422(trainingSchema(locale), await readFormBody(request));
    await updateTraining(id, input, await actorOf(request), locale);
    return { message: t(request)('admin.saved') };
  });

  app.delete('/api/admin/trainings/:id', guard, async (request) => {
    await deleteTraining(idOf(request, t(request)('err.trainingNotFound')), requestLocale(request));
    return { message: t(request)('admin.deleted') };
  });

  // -- questions ------------------------------------------------------------------------------
  app.get('/api/admin/trainings/:id/questions', guard, async (request) => {
    return { items: await listQuestions(idOf(request, t(request)('err.trainingNotFound'))) };
  });

  app.post('/api/admin/trainings/:id/questions', guard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, t(request)('err.trainingNotFound'));
    const input = parseOr422(questionSchema(locale), await readFormBody(request));
    const questionId = await createQuestion(id, input, locale);
    return { message: t(request)('admin.questionSaved'), id: questionId };
  });

  app.put('/api/admin/trainings/:id/questions/:questionId', guard, async (request) => {
    const locale = requestLocale(request);
    const { id, questionId } = parse(QuestionParams, request, 'admin.questionNotFound');
    const input = parseOr422(questionSchema(locale), await readFormBody(request));
    await updateQuestion(id, questionId, input, locale);
    return { message: t(request)('admin.questionSaved') };
  });

  app.delete('/api/admin/trainings/:id/questions/:questionId', guard, async (request) => {
    const { id, questionId } = parse(QuestionParams, request, 'admin.questionNotFound');
    await deleteQuestion(id, questionId, requestLocale(request));
    return { message: t(request)('admin.questionDeleted') };
  });

  // The XLSX template of the import: the columns importQuestions reads, with an example row.
  app.get('/api/admin/trainings/questions-template.xlsx', guard, async (request, reply) => {
    const locale = requestLocale(request);
    const data = await questionsTemplateXlsx(locale);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${locale === 'en' ? 'questions-template' : 'szablon-pytan'}.xlsx`))
      .send(data);
  });

  // Uploads of the training form (multipart field "file"): the picture and lesson attachments.
  // The form keeps the returned id and saves it with the training (image_file_id, points[][files][]).
  app.post('/api/admin/trainings/image', guard, async (request) => {
    const locale = requestLocale(request);
    const { bytes, filename } = await oneFile(request, IMAGE_MAX_BYTES);
    const { file, preview } = await storeTrainingImage(bytes, filename, locale);
    return { message: t(request)('files.imageUploaded'), file: { id: file.id, name: file.originalName, type: file.contentType, size: file.size }, preview };
  });

  app.post('/api/admin/trainings/attachment', guard, async (request) => {
    const locale = requestLocale(request);
    const { bytes, filename } = await oneFile(request, ATTACHMENT_MAX_FILE_BYTES);
    const file = await storeLessonAttachment(bytes, filename, locale);
    return { message: t(request)('files.attachmentUploaded'), file: { id: file.id, name: file.originalName, type: file.contentType, size: file.size } };
  });

  // XLSX import (multipart field "file").
  app.post('/api/admin/trainings/:id/questions/import', guard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, t(request)('err.trainingNotFound'));
    const form = await readFormBody(request, { fileTooLarge: () => validationError({ file: [t(request)('import.badFile')] }) });
    const file = form.file;
    if (!(file instanceof UploadedFile)) throw validationError({ file: [t(request)('v.required')] });
    const count = await importQuestions(id, file.data, locale, (input) => parseOr422(questionSchema(locale), input));
    return { message: t(request)('import.done', { count }), count };
  });

  // -- comments (the trainer's answers) --------------------------------------------------------
  app.get<{ Querystring: Query }>('/api/admin/trainings/:id/comments', guard, async (request) => {
    return listTrainingComments(idOf(request, t(request)('err.trainingNotFound')), parsePage(request.query.page));
  });

  app.post('/api/admin/training-comments/:id/answer', guard, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, t(request)('admin.commentNotFound'));
    const input = parseOr422(answerCommentSchema(locale), await readFormBody(request));
    const user = await currentUser(request);
    await answerComment(id, input.answer, user.id, locale);
    return { message: t(request)('admin.answered') };
  });

  // -- learners -------------------------------------------------------------------------------
  app.get<{ Querystring: Query }>('/api/admin/trainings-users', users, async (request) => {
    const q = request.query;
    const trainingId = z.coerce.number().int().positive().max(2_147_483_647).safeParse(q.training_id);
    const { items, pages, page } = await listTrainingUsers(
      {
        trainingId: trainingId.success ? trainingId.data : undefined,
        search: typeof q.search === 'string' ? q.search.slice(0, 100) : undefined,
        status: q.status,
        page: parsePage(q.page),
      },
      requestLocale(request),
    );
    return { items, pages, page };
  });

  app.get('/api/admin/trainings-users/:trainingId/:userId', users, async (request) => {
    const { trainingId, userId } = pairOf(request);
    const detail = await trainingUserDetail(trainingId, userId, requestLocale(request));
    if (!detail) throw new HttpError(404, t(request)('admin.enrolmentNotFound'));
    return detail;
  });

  app.post('/api/admin/trainings-users/:trainingId/:userId/accept', users, async (request) => {
    const { trainingId, userId } = pairOf(request);
    await acceptEnrolment(trainingId, userId, requestLocale(request));
    return { message: t(request)('admin.accepted') };
  });

  app.post('/api/admin/trainings-users/:trainingId/:userId/refuse', users, async (request) => {
    const { trainingId, userId } = pairOf(request);
    await refuseEnrolment(trainingId, userId, requestLocale(request));
    return { message: t(request)('admin.refused') };
  });

  app.post('/api/admin/trainings-users/:trainingId/:userId/extend', users, async (request) => {
    const locale = requestLocale(request);
    const { trainingId, userId } = pairOf(request);
    const { days } = parseOr422(extendSchema(locale), await readFormBody(request));
    const expiresAt = await extendEnrolment(trainingId, userId, days, locale);
    return { message: t(request)('admin.extended', { date: formatDate(expiresAt) }), expires_at: expiresAt.toISOString() };
  });

  app.post('/api/admin/trainings-users/:trainingId/:userId/expire', users, async (request) => {
    const { trainingId, userId } = pairOf(request);
    await expireEnrolment(trainingId, userId, requestLocale(request));
    return { message: t(request)('admin.expired') };
  });

  app.post('/api/admin/trainings-users/:trainingId/:userId/reset-attempts', users, async (request) => {
    const { trainingId, userId } = pairOf(request);
    await resetAttempts(trainingId, userId, requestLocale(request));
    return { message: t(request)('admin.reset') };
  });

  app.get('/api/admin/training-options', users, async (request) => trainingOptions(requestLocale(request)));

  // -- questionnaires ---------------------------------------------------------------------------
  app.get('/api/admin/training-questionnaires', questionnaires, async (request) => {
    return { items: await questionnaireResults(requestLocale(request)) };
  });

  app.get('/api/admin/training-questionnaires.xlsx', questionnaires, async (request, reply) => {
    const locale = requestLocale(request);
    const data = await questionnaireXlsx(locale);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(`${locale === 'en' ? 'questionnaires' : 'ankiety'}.xlsx`))
      .send(data);
  });
  // -- certificates (issue 42) -----------------------------------------------------------------
  app.get<{ Querystring: Query }>('/api/admin/training-certificates', certificates, async (request) => {
    const q = request.query;
    const page = parsePage(q.page);
    const trainingId = Number(q.training_id);
    const list = await listCertificates(
      {
        status: isCertificateFilter(q.status) ? q.status : undefined,
        search: q.search?.slice(0, 100) || undefined,
        trainingId: Number.isInteger(trainingId) && trainingId > 0 && trainingId < 2 ** 31 ? trainingId : undefined,
        page,
      },
      requestLocale(request),
    );
    return list;
  });

  app.post('/api/admin/training-certificates/:id/revoke', certificates, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, t(request)('cert.adminNotFound'));
    const input = parseOr422(revokeCertificateSchema(locale), await readFormBody(request));
    await revokeCertificate(id, input.reason, locale);
    return { message: t(request)('cert.revokedOk') };
  });
};
