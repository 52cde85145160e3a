import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '~/core/files/storage.server';
import { keyPath } from '~/core/http/bracket-keys';
import { validationError } from '~/core/http/errors';
import { readFormBody, registerFormBody, UploadedFile } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { parseOr422 } from '~/core/http/validation';
import type { Locale } from '~/core/i18n/locale';
import { toDecimal } from '~/core/money/money';
import { actorOf, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { requestLocale } from '~/core/server/app.server';
import { b2bOf, requireB2bCustomer } from '~/features/customers/b2b-access.server';
import {
  BatchInvalidError,
  checkBatch,
  createInvoice,
  deleteInvoice,
  type InvoiceRow,
  importBatch,
  invoiceFile,
  invoiceT,
  invoiceXml,
  isPdf,
  listInvoicesAdmin,
  listInvoicesOfCustomer,
  readStored,
  setInvoicePaid,
} from './invoices.server';
import { invoiceView, visualisationPdf } from './ksef/visualisation.server';
import { invoiceSchema, isIsoDate, MAX_BATCH_INVOICES, MAX_BATCH_MB, MAX_INVOICE_MB } from './validation';

/** An invoice in JSON: money as decimal strings, dates as YYYY-MM-DD, overdue marked. */
export function invoiceJson(r: InvoiceRow) {
  return {
    id: r.id,
    number: r.number,
    customer_id: r.customerId,
    customer_name: r.customerName,
    issue_date: r.issueDate,
    due_date: r.dueDate,
    net_amount: toDecimal(r.netAmount),
    gross_amount: toDecimal(r.grossAmount),
    paid_on: r.paidOn,
    is_overdue: r.overdue,
    ksef_number: r.ksefNumber,
    has_pdf: r.hasPdf,
    has_xml: r.hasXml,
  };
}

const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string | undefined>;

const fileBase = (number: string) => number.replace(/[/\\]/g, '-');

async function sendPdf(reply: FastifyReply, number: string, data: Buffer | Uint8Array) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(`${fileBase(number)}.pdf`))
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
}

/** The invoice's PDF: the uploaded one, or the visualisation of its FA(3) XML when it came without one. */
async function sendInvoicePdf(reply: FastifyReply, id: number, customerId: number | null, locale: Locale) {
  const { number, file } = await invoiceFile(id, customerId, locale);
  if (file) return sendPdf(reply, number, await readStored(file));
  return sendVisualisation(reply, id, customerId, locale);
}

async function sendVisualisation(reply: FastifyReply, id: number, customerId: number | null, locale: Locale) {
  const x = await invoiceXml(id, customerId, locale);
  const pdf = await visualisationPdf(invoiceView(x.data, x.ksefNumber, x.paidOn), locale);
  return sendPdf(reply, x.number, pdf);
}

/** The FA(3) XML byte for byte as stored (its SHA-256 is the QR code's). */
async function sendXml(reply: FastifyReply, id: number, customerId: number | null, locale: Locale) {
  const x = await invoiceXml(id, customerId, locale);
  return reply
    .header('content-type', 'application/xml')
    .header('content-disposition', contentDisposition(`${fileBase(x.number)}.xml`))
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(x.data);
}

const readForm = (request: FastifyRequest, locale: Locale) =>
  readFormBody(request, {
    maxTotalFileBytes: MAX_BATCH_MB * 1024 * 1024,
    fileTooLarge: (field) =>
      validationError({
        [field
          ? keyPath(field)
              .join('.')
              .replace(/\.\d+$/, '')
          : 'file']: [invoiceT(locale)('v.tooLarge', { max: MAX_INVOICE_MB })],
      }),
    totalTooLarge: () => validationError({ files: [invoiceT(locale)('v.tooLarge', { max: MAX_BATCH_MB })] }),
  });

const filesOf = (v: unknown): UploadedFile[] =>
  v instanceof UploadedFile ? [v] : Array.isArray(v) ? v.filter((x): x is UploadedFile => x instanceof UploadedFile) : [];

/** Customers' /api/invoices (B2B customers only) and the admin area /api/admin/invoices. */
export const invoicesApi: FastifyPluginAsync = async (app) => {
  await registerFormBody(app, {
    mode: 'handler',
    limits: { fileSize: MAX_INVOICE_MB * 1024 * 1024, files: MAX_BATCH_INVOICES + 1, fields: 40, fieldSize: 4096, parts: MAX_BATCH_INVOICES + 50 },
  });

  // ---- the customer's own invoices
  const b2b = { preHandler: requireB2bCustomer };

  app.get('/api/invoices', b2b, async (request) => {
    const { customerId } = b2bOf(request);
    const page = await listInvoicesOfCustomer(customerId, parsePage(query(request).page));
    return { items: page.items.map(invoiceJson), pages: page.pages };
  });

  app.get('/api/invoices/:id/file', b2b, async (request, reply) => {
    const locale = requestLocale(request);
    const { customerId } = b2bOf(request);
    return sendInvoicePdf(reply, idOf(request, invoiceT(locale)('msg.notFound')), customerId, locale);
  });

  // KSeF (issue 39): the FA(3) XML as stored and its visualisation (PDF with the KOD I QR code).
  app.get('/api/invoices/:id/xml', b2b, async (request, reply) => {
    const locale = requestLocale(request);
    return sendXml(reply, idOf(request, invoiceT(locale)('msg.notFound')), b2bOf(request).customerId, locale);
  });

  app.get('/api/invoices/:id/visualisation', b2b, async (request, reply) => {
    const locale = requestLocale(request);
    return sendVisualisation(reply, idOf(request, invoiceT(locale)('msg.notFound')), b2bOf(request).customerId, locale);
  });

  // ---- admin
  const guard = { preHandler: requireAdminArea('invoices') };

  app.get('/api/admin/invoices', guard, async (request) => {
    const q = query(request);
    const page = await listInvoicesAdmin({
      customerId: q.customer && /^\d{1,9}$/.test(q.customer) ? Number(q.customer) : null,
      from: q.from && isIsoDate(q.from) ? q.from : null,
      to: q.to && isIsoDate(q.to) ? q.to : null,
      payment: q.payment === 'overdue' || q.payment === 'unpaid' ? q.payment : null,
      search: q.search ?? null,
      page: parsePage(q.page),
    });
    return { items: page.items.map(invoiceJson), pages: page.pages };
  });

  app.post('/api/admin/invoices', guard, async (request) => {
    const locale = requestLocale(request);
    const t = invoiceT(locale);
    const form = await readForm(request, locale);
    const input = parseOr422(invoiceSchema(locale), form);
    const file = filesOf(form.file)[0];
    if (!file || file.data.length === 0) throw validationError({ file: [t('v.file')] });
    if (!isPdf(file.data)) throw validationError({ file: [t('v.notPdf', { name: file.filename.slice(0, 100) })] });
    const { id } = await createInvoice(input, file.data, await actorOf(request), locale);
    return { message: t('msg.created', { number: input.number }), id };
  });

  app.put('/api/admin/invoices/:id/paid', guard, async (request) => {
    const locale = requestLocale(request);
    const t = invoiceT(locale);
    const form = await readForm(request, locale);
    const raw = typeof form.paid_on === 'string' ? form.paid_on.trim() : form.paid_on == null ? '' : null;
    if (raw === null || (raw !== '' && !isIsoDate(raw))) throw validationError({ paid_on: [t('v.date')] });
    await setInvoicePaid(idOf(request, invoiceT(locale)('msg.notFound')), raw === '' ? null : raw, await actorOf(request), locale);
    return { message: t('msg.updated') };
  });

  app.delete('/api/admin/invoices/:id', guard, async (request) => {
    const locale = requestLocale(request);
    await deleteInvoice(idOf(request, invoiceT(locale)('msg.notFound')), await actorOf(request), locale);
    return { message: invoiceT(locale)('msg.deleted') };
  });

  app.get('/api/admin/invoices/:id/file', guard, async (request, reply) => {
    const locale = requestLocale(request);
    return sendInvoicePdf(reply, idOf(request, invoiceT(locale)('msg.notFound')), null, locale);
  });

  const batchInput = async (request: FastifyRequest) => {
    const locale = requestLocale(request);
    const t = invoiceT(locale);
    const form = await readForm(request, locale);
    const index = filesOf(form.index)[0];
    if (!index || index.data.length === 0) throw validationError({ index: [t('v.index')] });
    const pdfs = filesOf(form.files);
    if (pdfs.length > MAX_BATCH_INVOICES) throw validationError({ files: [t('v.tooMany', { max: MAX_BATCH_INVOICES })] });
    return { index: index.data, pdfs: pdfs.map((f) => ({ filename: f.filename, data: f.data })), locale };
  };

  // Step 1: the check; nothing is written.
  app.post('/api/admin/invoices/import/preview', guard, async (request) => {
    const { index, pdfs, locale } = await batchInput(request);
    return (await checkBatch(index, pdfs, locale)).preview;
  });

  // Step 2: every invoice of the batch in one transaction, or none (422 with the preview).
  app.post('/api/admin/invoices/import', guard, async (request, reply) => {
    const { index, pdfs, locale } = await batchInput(request);
    try {
      const { created } = await importBatch(index, pdfs, await actorOf(request), locale);
      return { message: invoiceT(locale)('msg.imported', { n: created }), created };
    } catch (e) {
      if (e instanceof BatchInvalidError) return reply.code(422).send({ message: e.message, errors: { index: [e.message] }, preview: e.preview });
      throw e;
    }
  });
};
