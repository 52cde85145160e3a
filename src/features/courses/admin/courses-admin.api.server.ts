// /api/admin/courses (permission group courses) and /api/admin/course-registrations (permission
// group course_registrations), SPEC section 6.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { defineAdminResource } from '~/core/admin/admin-resource.server';
import { contentDisposition } from '~/core/files/storage.server';
import { nestFormBody } from '~/core/http/bracket-keys';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { certificateFilename, certificatePdf } from '../certificate.server';
import { certificateData } from '../courses.server';
import { courseMessages } from '../messages';
import { courseListQuery, courseSchema, courseUpdateSchema, statusSchema } from '../validation';
import {
  changeRegistrationStatus,
  courseOptions,
  createCourse,
  deleteCourse,
  getAdminCourse,
  getAdminRegistration,
  issueCertificates,
  listAdminCourses,
  listAdminRegistrations,
  participantsXlsx,
  updateCourse,
} from './courses-admin.server';

type Query = Record<string, string | undefined>;

export const coursesAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { limits: { files: 0, fields: 100, fieldSize: 256 * 1024 } });
  const registrations = { preHandler: requireAdminArea('course_registrations') };
  const tr = (request: FastifyRequest) => translator(courseMessages, requestLocale(request));
  const body = (request: FastifyRequest) => nestFormBody(request.body ?? {});
  const q = (v: string | undefined) => (typeof v === 'string' ? v.slice(0, 100) : undefined);

  // -- course dates ---------------------------------------------------------------------------

  defineAdminResource(app, {
    path: '/api/admin/courses',
    area: 'courses',
    messages: courseMessages,
    labels: { notFound: 'admin.notFound', created: 'admin.created', updated: 'admin.saved', deleted: 'admin.deleted' },
    list: { query: courseListQuery, load: (query, locale) => listAdminCourses(query, locale) },
    read: (id) => getAdminCourse(id),
    create: { schema: courseSchema, save: async (input, actor) => ({ id: await createCourse(input, actor) }) },
    update: {
      schema: courseUpdateSchema,
      save: async (id, { version, ...input }, actor, locale) => {
        await updateCourse(id, version, input, actor, locale);
        return { id };
      },
    },
    remove: (id, actor, locale) => deleteCourse(id, actor, locale),
  });

  // The participant list of a date (the registrations screen offers it too).
  app.get('/api/admin/courses/:id/participants.xlsx', registrations, async (request, reply) => {
    const file = await participantsXlsx(idOf(request, tr(request)('admin.notFound')), requestLocale(request));
    if (!file) throw new HttpError(404, tr(request)('admin.notFound'));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(file.filename))
      .send(file.data);
  });

  // Certificates for every attendee of a date who has none yet.
  app.post('/api/admin/courses/:id/certificates', registrations, async (request) => {
    const numbers = await issueCertificates({ courseId: idOf(request, tr(request)('admin.notFound')) }, await actorOf(request));
    const t = tr(request);
    return { message: numbers.length ? t('admin.issued', { n: numbers.length }) : t('admin.issuedNone'), numbers };
  });

  // -- registrations --------------------------------------------------------------------------

  app.get<{ Querystring: Query }>('/api/admin/course-registrations', registrations, async (request) => {
    const query = request.query;
    const { items, pages } = await listAdminRegistrations(
      { course: q(query.course), status: q(query.status), search: q(query.search), sort: q(query.sort), dir: q(query.dir), page: parsePage(query.page) },
      requestLocale(request),
    );
    return { items, pages };
  });

  app.get('/api/admin/course-registrations/options', registrations, async (request) => {
    return courseOptions(requestLocale(request));
  });

  app.get('/api/admin/course-registrations/:id', registrations, async (request) => {
    const reg = await getAdminRegistration(idOf(request, tr(request)('reg.notFound')), requestLocale(request));
    if (!reg) throw new HttpError(404, tr(request)('reg.notFound'));
    return reg;
  });

  // The status change ({ status }), mailed to the participant; `attended` marks attendance.
  app.put('/api/admin/course-registrations/:id', registrations, async (request) => {
    const locale = requestLocale(request);
    const id = idOf(request, tr(request)('reg.notFound'));
    const { status, comment } = parseOr422(statusSchema(locale), body(request));
    await changeRegistrationStatus(id, status, comment, await actorOf(request), locale);
    const t = tr(request);
    return { message: t('admin.reg.moved', { status: t(`status.${status}`) }), id };
  });

  app.post('/api/admin/course-registrations/:id/certificate', registrations, async (request) => {
    const id = idOf(request, tr(request)('reg.notFound'));
    const t = tr(request);
    const numbers = await issueCertificates({ registrationId: id }, await actorOf(request));
    if (numbers.length === 0) {
      const reg = await getAdminRegistration(id, requestLocale(request));
      if (!reg) throw new HttpError(404, t('reg.notFound'));
      if (reg.certificate_number) return { message: t('admin.reg.issuedOne', { number: reg.certificate_number }), number: reg.certificate_number };
      throw new HttpError(422, t('admin.reg.certificateNeedsAttendance'), { status: [t('admin.reg.certificateNeedsAttendance')] });
    }
    return { message: t('admin.reg.issuedOne', { number: numbers[0] ?? '' }), number: numbers[0] };
  });

  app.get('/api/admin/course-registrations/:id/certificate', registrations, async (request, reply) => {
    const id = idOf(request, tr(request)('reg.notFound'));
    const data = await certificateData(id);
    if (!data) throw new HttpError(404, tr(request)('reg.noCertificate'));
    const locale = data.registration.locale === 'en' ? 'en' : 'pl';
    const pdf = await certificatePdf(data.registration, data.course, locale);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(certificateFilename(data.registration.certificateNumber ?? '', locale)))
      .send(Buffer.from(pdf));
  });
};
