// The courses API: GET /api/courses (upcoming dates), POST /api/course-registrations (SPEC section 3,
// rate-limited public form), the participant's own registrations (list, one, cancel, certificate).
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '~/core/files/storage.server';
import { HttpError } from '~/core/http/errors';
import { registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { RATE_LIMITS, rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { translator } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { currentUser, requireActive } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { certificateFilename, certificatePdf } from './certificate.server';
import {
  CourseFullError,
  cancelMyRegistration,
  certificateData,
  getMyRegistration,
  listMyRegistrations,
  listUpcomingCourses,
  registerForCourse,
} from './courses.server';
import { courseMessages } from './messages';
import { setCoursesSiteUrl } from './registration-workflow.server';
import { registrationSchema } from './validation';

/** The answer of a full date: 422 with the field error and the waiting-list offer. */
export function sendFull(reply: FastifyReply, e: CourseFullError) {
  return reply.code(422).send({ message: e.message, errors: e.errors, waiting_list: true });
}

export const coursesApi: FastifyPluginAsync = async (app) => {
  setCoursesSiteUrl(app.config.APP_URL);
  await registerFormBody(app, { limits: { files: 0, fields: 50, fieldSize: 16 * 1024 } });
  const tr = (request: FastifyRequest) => translator(courseMessages, requestLocale(request));

  // The upcoming dates (active, not yet started), soonest first.
  app.get('/api/courses', async (request, reply) => {
    // Public, but seats change: caches revalidate every time (the hook would make it private, no-store).
    reply.header('cache-control', 'no-cache');
    const items = await listUpcomingCourses(requestLocale(request));
    return items.map(({ id, title, city, venue, date_from, date_to, time_from, time_to, price, seats, seats_left, registration_deadline, state }) => ({
      id,
      title,
      city,
      venue,
      date_from,
      date_to,
      time_from,
      time_to,
      price,
      seats,
      seats_left,
      registration_deadline,
      state,
    }));
  });

  // SPEC section 3 "Course registration"; a logged-in user's registration is linked to the account.
  app.post(
    '/api/course-registrations',
    { preHandler: rateLimitPreHandler({ name: 'course-registration', ...RATE_LIMITS.publicFormPerIp }) },
    async (request, reply) => {
      const locale = requestLocale(request);
      const input = parseOr422(registrationSchema(locale), request.body ?? {});
      const user = await getRequestUser(request);
      try {
        const { id, status } = await registerForCourse(input, { userId: user?.id ?? null, locale });
        const t = tr(request);
        return { message: status === 'waiting' ? t('reg.waiting', { email: input.email }) : t('reg.done', { email: input.email }), id, status };
      } catch (e) {
        if (e instanceof CourseFullError) return sendFull(reply, e);
        throw e;
      }
    },
  );

  // The user's own registrations (my account).
  app.get<{ Querystring: { page?: string } }>('/api/course-registrations', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    const { items, pages } = await listMyRegistrations(user.id, parsePage(request.query.page), requestLocale(request));
    return { items, pages };
  });

  app.get('/api/course-registrations/:id', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    const mine = await getMyRegistration(user.id, idOf(request, tr(request)('reg.notFound')), requestLocale(request));
    if (!mine) throw new HttpError(404, tr(request)('reg.notFound'));
    return mine;
  });

  app.post('/api/course-registrations/:id/cancel', { preHandler: requireActive }, async (request) => {
    const user = await currentUser(request);
    await cancelMyRegistration(user.id, idOf(request, tr(request)('reg.notFound')), requestLocale(request));
    return { message: tr(request)('reg.cancelled') };
  });

  // The certificate of an own registration, after attendance and once issued.
  app.get('/api/course-registrations/:id/certificate', { preHandler: requireActive }, async (request, reply) => {
    const user = await currentUser(request);
    const locale = requestLocale(request);
    const mine = await getMyRegistration(user.id, idOf(request, tr(request)('reg.notFound')), locale);
    if (!mine) throw new HttpError(404, tr(request)('reg.notFound'));
    const data = await certificateData(mine.id);
    if (!data) throw new HttpError(404, tr(request)('reg.noCertificate'));
    const pdf = await certificatePdf(data.registration, data.course, locale);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(certificateFilename(data.registration.certificateNumber ?? '', locale)))
      .send(Buffer.from(pdf));
  });
};
