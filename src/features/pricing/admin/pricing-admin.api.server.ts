import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contentDisposition } from '~/core/files/storage.server';
import { keyPath } from '~/core/http/bracket-keys';
import { HttpError, validationError } from '~/core/http/errors';
import { readFormBody, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import { parsePage } from '~/core/http/pagination';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { toDecimal } from '~/core/money/money';
import { MAX_IMPORT_MB } from './import-columns';
import {
  checkPriceImport,
  deletePriceList,
  exportFilename,
  exportPriceLists,
  getPriceList,
  listPriceItems,
  listPriceLists,
  PriceImportInvalidError,
  previewPriceImport,
  pricingT,
  readPriceFile,
  runPriceImport,
} from './price-lists-admin.server';
import { getDb } from '~/core/db/db.server';

const truthy = (v: unknown) => typeof v === 'string' && ['1', 'true', 'on'].includes(v.trim().toLowerCase());

/** The uploaded file and the `replace` flag of an import request (multipart). */
async function importInput(request: FastifyRequest) {
  const locale = requestLocale(request);
  const t = pricingT(locale);
  const form = await readFormBody(request, {
    fileTooLarge: (field) => validationError({ [field ? keyPath(field).join('.') : 'file']: [t('file.tooLarge', { max: MAX_IMPORT_MB })] }),
  });
  const file = form.file;
  if (!(file instanceof UploadedFile) || file.data.length === 0) throw validationError({ file: [t('import.noFile')] });
  const replace = truthy(form.replace) || form.replace === true;
  return { parsed: await readPriceFile(file.data, locale), replace };
}

const idParam = (request: FastifyRequest, message: string) => {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new HttpError(404, message);
  return id;
};

/** /api/admin/price-lists: lists, prices of a list, import (preview, then one transaction), export, delete. */
export const pricingAdminApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, { mode: 'handler', limits: { fileSize: MAX_IMPORT_MB * 1024 * 1024, files: 1, fields: 20, fieldSize: 1024, parts: 25 } });
  const guard = { preHandler: requireAdminArea('price_lists') };

  app.get('/api/admin/price-lists', guard, async () => {
    const items = await listPriceLists();
    return { items: items.map((l) => ({ id: l.id, code: l.code, name: l.name, is_base: l.isBase, items: l.items, customers: l.customers })), pages: 1 };
  });

  app.get('/api/admin/price-lists/:id/items', guard, async (request) => {
    const locale = requestLocale(request);
    const t = pricingT(locale);
    const list = await getPriceList(idParam(request, t('msg.notFound')));
    if (!list) throw new HttpError(404, t('msg.notFound'));
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    const page = await listPriceItems(list.id, { page: parsePage(q.page), search: typeof q.search === 'string' ? q.search : '', locale });
    return {
      items: page.items.map((i) => ({
        catalog_number_id: i.catalogNumberId,
        number: i.number,
        product_id: i.productId,
        product_name: i.productName,
        net_price: toDecimal(i.price),
        base_price: i.base === null ? null : toDecimal(i.base),
      })),
      pages: page.pages,
      page: page.page,
      total: page.total,
    };
  });

  // Step 1: the preview with row errors; nothing is written.
  app.post('/api/admin/price-lists/import/preview', guard, async (request) => {
    const locale = requestLocale(request);
    const { parsed, replace } = await importInput(request);
    return previewPriceImport(await checkPriceImport(getDb(), parsed, replace, locale));
  });

  // Step 2: the import in one transaction; any bad row answers 422 with the preview and writes nothing.
  app.post('/api/admin/price-lists/import', guard, async (request, reply) => {
    const locale = requestLocale(request);
    const t = pricingT(locale);
    const { parsed, replace } = await importInput(request);
    try {
      const result = await runPriceImport(parsed, replace, await actorOf(request), locale);
      return {
        message: t('msg.importDone', { lists: result.lists.join(', '), inserted: result.inserted, updated: result.updated, removed: result.removed }),
        ...result,
      };
    } catch (e) {
      if (e instanceof PriceImportInvalidError) return reply.code(422).send({ message: e.message, errors: { file: [e.message] }, preview: e.preview });
      throw e;
    }
  });

  app.get('/api/admin/price-lists/export', guard, async (request, reply) => {
    const t = pricingT(requestLocale(request));
    const q = (request.query ?? {}) as Record<string, string | undefined>;
    let list = null;
    if (q.list) {
      list = /^\d{1,9}$/.test(q.list) ? await getPriceList(Number(q.list)) : null;
      if (!list) throw new HttpError(404, t('msg.notFound'));
    }
    const data = await exportPriceLists(list?.id ?? null);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(exportFilename(list?.code ?? null)))
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  app.delete('/api/admin/price-lists/:id', guard, async (request) => {
    const locale = requestLocale(request);
    const t = pricingT(locale);
    await deletePriceList(idParam(request, t('msg.notFound')), await actorOf(request), locale);
    return { message: t('msg.deleted') };
  });
};
