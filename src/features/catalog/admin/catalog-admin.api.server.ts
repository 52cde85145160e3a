import { PassThrough } from 'node:stream';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { contentDisposition } from '~/core/files/storage.server';
import { HttpError, validationError } from '~/core/http/errors';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { adminCategoryTree, categoryOptions, createCategory, deleteCategory, getAdminCategory, updateCategory } from './categories-admin.server';
import { type CheckedFile, checkDocument, checkImage, checkPdf, isError } from './files.server';
import { checkImport, exportCatalog, exportFilename, ImportInvalidError, previewImport, previewOf, readImportFile, runImport } from './import.server';
import { filesOf, readForm, registerMultipart, UploadedFile } from './multipart.server';
import {
  addProductImages,
  createProduct,
  deleteProduct,
  deleteProductImage,
  getAdminProduct,
  listAdminProducts,
  type ProductUploads,
  reorderProductImages,
  updateProductImage,
  updateProduct,
} from './products-admin.server';
import {
  adminT,
  categorySchema,
  categoryUpdateSchema,
  imageAltSchema,
  imageOrderSchema,
  type ProductInput,
  productSchema,
  productUpdateSchema,
  type Translate,
} from './validation';

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string | undefined>;

async function categoryImage(form: Record<string, unknown>, t: Translate): Promise<CheckedFile | null> {
  const file = filesOf(form.image)[0];
  if (!file) return null;
  const checked = await checkImage(file, t);
  if (isError(checked)) throw validationError({ image: [checked.error] });
  return checked;
}

/** The datasheet (PDF by its bytes) and the document files of a product form; a new document needs a file. */
function productUploads(form: Record<string, unknown>, input: ProductInput, t: Translate): ProductUploads {
  const errors: Record<string, string[]> = {};
  let datasheet: CheckedFile | null = null;
  const sheet = filesOf(form.datasheet)[0];
  if (sheet) {
    const checked = checkPdf(sheet, t);
    if (isError(checked)) errors.datasheet = [checked.error];
    else datasheet = checked;
  }
  const documents = new Map<number, CheckedFile>();
  input.documents.forEach((d, i) => {
    const file = d.file instanceof UploadedFile ? d.file : undefined;
    if (file) {
      const checked = checkDocument(file, t);
      if (isError(checked)) errors[`documents.${i}.file`] = [checked.error];
      else documents.set(i, checked);
    } else if (d.id === undefined) {
      errors[`documents.${i}.file`] = [t('v.documentFile')];
    }
  });
  if (Object.keys(errors).length) throw validationError(errors);
  return { datasheet, documents };
}

/**
 * The administrator API of the catalogue (issue 4): categories (permission categories.update),
 * products with their images, import and export (permission products.update).
 */
export const catalogAdminApi: FastifyPluginAsync = async (app) => {
  await registerMultipart(app);
  const categoriesGuard = { preHandler: requireAdminArea('categories') };
  const productsGuard = { preHandler: requireAdminArea('products') };

  // ------------------------------------------------------------------------------------------
  // Categories

  app.get('/api/admin/categories', categoriesGuard, async (request) => {
    const q = query(request);
    const items = await adminCategoryTree(requestLocale(request), { name: q.name?.slice(0, 100), active: q.active });
    return { items, pages: 1 };
  });

  app.get('/api/admin/categories/options', categoriesGuard, async (request) => {
    const exclude = Number(query(request).exclude);
    return categoryOptions(requestLocale(request), Number.isInteger(exclude) && exclude > 0 ? exclude : undefined);
  });

  app.get('/api/admin/categories/:id', categoriesGuard, async (request) => {
    const t = adminT(requestLocale(request));
    const category = await getAdminCategory(idOf(request, t('msg.categoryNotFound')));
    if (!category) throw new HttpError(404, t('msg.categoryNotFound'));
    return category;
  });

  app.post('/api/admin/categories', categoriesGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const form = await readForm(request, locale);
    const input = parseOr422(categorySchema(locale), form);
    const image = await categoryImage(form, t);
    const id = await createCategory(input, image, await actorOf(request), locale);
    return { message: t('msg.categoryCreated'), id };
  });

  app.put('/api/admin/categories/:id', categoriesGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('msg.categoryNotFound'));
    const form = await readForm(request, locale);
    const input = parseOr422(categoryUpdateSchema(locale), form);
    const image = await categoryImage(form, t);
    await updateCategory(id, input.version, input, image, await actorOf(request), locale);
    return { message: t('msg.categoryUpdated'), id };
  });

  app.delete('/api/admin/categories/:id', categoriesGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    await deleteCategory(idOf(request, t('msg.categoryNotFound')), await actorOf(request), locale);
    return { message: t('msg.categoryDeleted') };
  });

  // ------------------------------------------------------------------------------------------
  // Products

  app.get('/api/admin/products', productsGuard, async (request) => {
    const q = query(request);
    const category = Number(q.category);
    return listAdminProducts({
      locale: requestLocale(request),
      page: parsePage(q.page),
      search: q.search?.slice(0, 100),
      category: Number.isInteger(category) && category > 0 ? category : undefined,
      active: q.active,
      sort: q.sort,
      dir: q.dir,
    });
  });

  app.get('/api/admin/products/:id', productsGuard, async (request) => {
    const t = adminT(requestLocale(request));
    const product = await getAdminProduct(idOf(request, t('msg.productNotFound')));
    if (!product) throw new HttpError(404, t('msg.productNotFound'));
    return product;
  });

  app.post('/api/admin/products', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const form = await readForm(request, locale);
    const input = parseOr422(productSchema(locale), form);
    const uploads = productUploads(form, input, t);
    const id = await createProduct(input, uploads, await actorOf(request), locale);
    return { message: t('msg.productCreated'), id };
  });

  app.put('/api/admin/products/:id', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('msg.productNotFound'));
    const form = await readForm(request, locale);
    const input = parseOr422(productUpdateSchema(locale), form);
    const uploads = productUploads(form, input, t);
    await updateProduct(id, input.version, input, uploads, await actorOf(request), locale);
    return { message: t('msg.productUpdated'), id };
  });

  app.delete('/api/admin/products/:id', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    await deleteProduct(idOf(request, t('msg.productNotFound')), await actorOf(request), locale);
    return { message: t('msg.productDeleted') };
  });

  // Product images: upload several (each checked by its bytes), reorder, alt texts, delete.
  app.post('/api/admin/products/:id/images', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('msg.productNotFound'));
    const form = await readForm(request, locale);
    const uploaded = filesOf(form.images);
    if (uploaded.length === 0) throw validationError({ images: [t('file.required')] });
    const checked: CheckedFile[] = [];
    const errors: string[] = [];
    for (const file of uploaded) {
      const result = await checkImage(file, t);
      if (isError(result)) errors.push(result.error);
      else checked.push(result);
    }
    if (errors.length) throw validationError({ images: errors });
    const items = await addProductImages(id, checked, await actorOf(request), locale);
    return { message: t('msg.imagesAdded', { n: checked.length }), items };
  });

  app.put('/api/admin/products/:id/images/order', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('msg.productNotFound'));
    const { ids } = parseOr422(imageOrderSchema(locale), await readForm(request, locale));
    const items = await reorderProductImages(id, ids, await actorOf(request), locale);
    return { message: t('msg.imagesReordered'), items };
  });

  app.put('/api/admin/product-images/:id', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const id = idOf(request, t('msg.imageNotFound'));
    const input = parseOr422(imageAltSchema(locale), await readForm(request, locale));
    await updateProductImage(id, input, await actorOf(request), locale);
    return { message: t('msg.imageUpdated'), id };
  });

  app.delete('/api/admin/product-images/:id', productsGuard, async (request) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    await deleteProductImage(idOf(request, t('msg.imageNotFound')), await actorOf(request), locale);
    return { message: t('msg.imageDeleted') };
  });

  // ------------------------------------------------------------------------------------------
  // Import and export

  app.get('/api/admin/products-export', productsGuard, async (_request, reply) => {
    const data = await exportCatalog();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(exportFilename()))
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  const importFile = async (request: FastifyRequest) => {
    const locale = requestLocale(request);
    const form = await readForm(request, locale);
    const file = filesOf(form.file)[0];
    if (!file) throw validationError({ file: [adminT(locale)('import.noFile')] });
    return readImportFile(file, locale);
  };

  // Step 1: the preview; nothing is written.
  app.post('/api/admin/products-import/preview', productsGuard, async (request) => {
    return previewImport(await importFile(request), requestLocale(request));
  });

  // Step 2: the import in one transaction. A file with bad rows answers 422 with them; otherwise
  // the answer streams one JSON line per step ({ progress: { done, total } }) and ends with
  // { done: true, message, created, updated, unchanged, numbers } or { done: false, message, preview? }.
  app.post('/api/admin/products-import', productsGuard, async (request, reply) => {
    const locale = requestLocale(request);
    const t = adminT(locale);
    const check = await checkImport(await importFile(request), locale);
    if (check.errors.size > 0) {
      const preview = previewOf(check);
      const message = t('msg.importInvalid', { n: preview.errorRows });
      return reply.code(422).send({ message, errors: { file: [message] }, preview });
    }
    const actor = await actorOf(request);
    const stream = new PassThrough();
    const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
    reply.header('content-type', 'application/x-ndjson; charset=utf-8').header('x-accel-buffering', 'no').header('x-content-type-options', 'nosniff');
    void (async () => {
      try {
        const result = await runImport(check, actor, locale, (done, total) => line({ progress: { done, total } }));
        line({ done: true, message: t('msg.importDone', { created: result.created, updated: result.updated, numbers: result.numbers }), ...result });
      } catch (e) {
        if (e instanceof ImportInvalidError) line({ done: false, message: e.message, preview: e.preview });
        else {
          request.log.error(e);
          line({ done: false, message: t('msg.importFailed') });
        }
      } finally {
        stream.end();
      }
    })();
    return reply.send(stream);
  });
};
