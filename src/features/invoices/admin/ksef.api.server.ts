import type { FastifyPluginAsync } from 'fastify';
import { contentDisposition } from '~/core/files/storage.server';
import { validationError } from '~/core/http/errors';
import { idOf } from '~/core/http/id-param.server';
import { readFormBody, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { invoiceT, invoiceXml } from '../invoices.server';
import { importFa3Invoice, ksefT } from '../ksef-import.server';
import { MAX_FA3_BYTES } from '../ksef/fa3.server';

/** The admin invoices area's FA(3) upload (issue 39): the same import as the integration API. */
export const invoicesKsefAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { fileSize: MAX_FA3_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  const guard = { preHandler: requireAdminArea('invoices') };

  // multipart: file (the XML), ksef_number (optional). Answers {message, id}.
  app.post('/api/admin/invoices/xml', guard, async (request) => {
    const locale = requestLocale(request);
    const t = ksefT(locale);
    const form = await readFormBody(request, {
      fileTooLarge: () => validationError({ file: [t('x.tooLarge', { max: MAX_FA3_BYTES / 1024 / 1024 })] }),
    });
    const file = form.file instanceof UploadedFile ? form.file : null;
    if (!file || file.data.length === 0) throw validationError({ file: [t('x.file')] });
    const raw = form.ksef_number;
    if (raw !== undefined && typeof raw !== 'string') throw validationError({ ksef_number: [t('x.ksefLength')] });
    const { id, message } = await importFa3Invoice({ xml: file.data, ksefNumber: raw ?? null, actor: await actorOf(request), locale });
    return { message, id };
  });

  // The XML as stored, for the administrator.
  app.get('/api/admin/invoices/:id/xml', guard, async (request, reply) => {
    const locale = requestLocale(request);
    const x = await invoiceXml(idOf(request, invoiceT(locale)('msg.notFound')), null, locale);
    return reply
      .header('content-type', 'application/xml')
      .header('content-disposition', contentDisposition(`${x.number.replace(/[/\\]/g, '-')}.xml`))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(x.data);
  });
};
