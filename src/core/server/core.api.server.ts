import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { holidaysForCalendar } from '~/core/holidays/holidays.server';
import { HttpError } from '~/core/http/errors';
import { saveSession } from '~/core/session/session.server';

const LocaleParam = z.object({ locale: z.enum(['pl', 'en']) });

/** Calls of SPEC section 7 that belong to no single feature. */
export const coreApi: FastifyPluginAsync = async (app) => {
  app.get('/api/open-holidays-api', async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=3600');
    return holidaysForCalendar();
  });

  // Sets the session's locale (mails and API messages follow it).
  app.post('/api/static-sites/:locale', async (request) => {
    const parsed = LocaleParam.safeParse(request.params);
    if (!parsed.success) throw new HttpError(422, 'Locale must be pl or en', { locale: ['Locale must be pl or en'] });
    const session = await request.session();
    await saveSession(request.sid, { data: { ...session.data, locale: parsed.data.locale } });
    return { message: parsed.data.locale === 'pl' ? 'Zmieniono język.' : 'Language changed.' };
  });
};
