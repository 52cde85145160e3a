// The calculator's API (issue 16): the workbook download, for visitors with access only (a confirmed
// newsletter subscriber or a buyer: the newsletter feature's access rule).
import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '~/core/http/errors';
import { isLocale, translator } from '~/core/i18n/locale';
import { contentDisposition } from '~/core/files/storage.server';
import { requestLocale } from '~/core/server/app.server';
import { FormInputError, nestFormEntries } from '~/core/http/bracket-keys';
import { parseOr422 } from '~/core/http/validation';
import { requestHasCalculatorAccess } from '~/features/newsletter/calculator-access.server';
import { calculatorMessages } from './messages';
import { type WorkbookInput, workbookInputSchema } from './validation';
import { buildWorkbook, workbookFilename } from './workbook.server';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const calculatorApi: FastifyPluginAsync = async (app) => {
  // GET /api/calculator/workbook[?locale=pl|en][&the page's inputs]: the XLSX in the page's language
  // (else the request's), opening with the inputs the page sends (validation.ts), else the example.
  app.get<{ Querystring: { locale?: string } }>('/api/calculator/workbook', async (request, reply) => {
    const locale = isLocale(request.query.locale) ? request.query.locale : requestLocale(request);
    if (!(await requestHasCalculatorAccess(request))) throw new HttpError(403, translator(calculatorMessages, locale)('msg.noAccess'));
    const data = await buildWorkbook(locale, workbookInputs(request.url, locale));
    reply.header('content-type', XLSX_TYPE);
    reply.header('content-disposition', contentDisposition(workbookFilename(locale)));
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(data);
  });
};

/** The inputs in a workbook URL's query (every key but `locale`), validated; undefined when there are none. */
export function workbookInputs(url: string, locale: 'pl' | 'en'): WorkbookInput | undefined {
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  if (query.length > 8192) throw new HttpError(414, translator(calculatorMessages, locale)('v.invalid'));
  const entries = [...new URLSearchParams(query)].filter(([k]) => k !== 'locale');
  if (entries.length === 0) return undefined;
  let nested: Record<string, unknown>;
  try {
    nested = nestFormEntries(entries);
  } catch (e) {
    if (e instanceof FormInputError) throw new HttpError(400, translator(calculatorMessages, locale)('v.invalid'));
    throw e;
  }
  return parseOr422(workbookInputSchema(locale), nested);
}
