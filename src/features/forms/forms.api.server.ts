// The API of the public forms (complaints, contact) and of their admin screens.
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COMPANY } from '~/core/company';
import { registerFileAccess } from '~/core/files/access.server';
import {
  ATTACHMENT_MAX_FILE_BYTES,
  ATTACHMENT_MAX_FILE_MB,
  ATTACHMENT_MAX_FORM_BYTES,
  ATTACHMENT_MAX_FORM_MB,
  attachmentMessages,
} from '~/core/files/attachments';
import { checkAttachmentFiles } from '~/core/files/attachments.server';
import { HttpError, validationError } from '~/core/http/errors';
import { fieldPath, readFormBody, registerFormBody } from '~/core/http/form-body.server';
import { idOf } from '~/core/http/id-param.server';
import { parsePage } from '~/core/http/pagination';
import { RATE_LIMITS, rateLimitPreHandler } from '~/core/http/rate-limit.server';
import { parseOr422 } from '~/core/http/validation';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { getRequestUser } from '~/core/permissions/current-user.server';
import { canAccessAdmin } from '~/core/permissions/permissions';
import { actorOf, requireActive, requireAdminArea } from '~/core/permissions/prehandlers.server';
import { contentDisposition, findFile, getStorage } from '~/core/files/storage.server';
import { requestLocale } from '~/core/server/app.server';
import { listProducts } from '~/features/catalog/catalog.server';
import { applicationSchema } from './application-validation';
import {
  applicationFileOwner,
  certificateFileOf,
  createApplication,
  getApplication,
  listApplications,
  reviewApplication,
  setApplicationsAppUrl,
  submitApplication,
  updateApplication,
} from './applications.server';
import {
  addComplaintNote,
  type ComplaintActor,
  changeComplaintStatus,
  complaintFileOwner,
  fileComplaint,
  getComplaint,
  getMyComplaint,
  listComplaints,
  listMyComplaints,
} from './complaints.server';
import { contactInbox, listContactMessages, markContactMessage, storeContactMessage } from './contact.server';
import { formsMessages } from './messages';
import { complaintNoteSchema, complaintSchema, complaintStatusSchema, contactSchema, HONEYPOT_FIELD } from './validation';

type Query = Record<string, string | undefined>;

/** Who may download a complaint's attachment: the sender (when logged in as it) and administrators. */
registerFileAccess('forms', async (file, request) => {
  const owner = await complaintFileOwner(file.id);
  if (!owner.found) return false;
  const user = await getRequestUser(request);
  if (!user) return false;
  if (user.isVerified && user.isActive && canAccessAdmin(user.can, 'complaints')) return 'private';
  return owner.userId !== null && owner.userId === user.id ? 'private' : false;
});

/** An application's attachments and certificate: its applicant and staff with the applications permission. */
registerFileAccess('forms-applications', async (file, request) => {
  const ownerId = await applicationFileOwner(file.id);
  if (ownerId === null) return false;
  const user = await getRequestUser(request);
  if (!user?.isVerified || !user.isActive) return false;
  if (canAccessAdmin(user.can, 'applications')) return 'private';
  return ownerId === user.id ? 'private' : false;
});

export const formsApi: FastifyPluginAsync = async (app) => {
  // Multipart bodies are read by the handlers, after the guards and the rate limit (large uploads).
  await registerFormBody(app, {
    mode: 'handler',
    limits: { fileSize: ATTACHMENT_MAX_FILE_BYTES, files: 40, fields: 200, fieldSize: 64 * 1024, parts: 260 },
  });
  const tr = (request: FastifyRequest) => translator(formsMessages, requestLocale(request));
  const publicForm = (name: string) => ({ preHandler: rateLimitPreHandler({ name, ...RATE_LIMITS.publicFormPerIp }) });
  const admin = { preHandler: requireAdminArea('complaints') };
  const contactAdmin = { preHandler: requireAdminArea('contact_messages') };
  const read = (request: FastifyRequest, locale: Locale) => {
    const ta = translator(attachmentMessages, locale);
    return readFormBody(request, {
      fileTooLarge: (field) => validationError({ [fieldPath(field)]: [ta('attachments.tooLarge', { max: ATTACHMENT_MAX_FILE_MB })] }),
      maxTotalFileBytes: ATTACHMENT_MAX_FORM_BYTES,
      totalTooLarge: () => validationError({ attachments: [ta('attachments.formTooLarge', { max: ATTACHMENT_MAX_FORM_MB })] }),
    });
  };
  const complaintActorOf = async (request: FastifyRequest): Promise<NonNullable<ComplaintActor>> => {
    const user = await getRequestUser(request);
    if (!user) throw new HttpError(401, 'Unauthenticated');
    return { id: user.id, email: user.email, isAdmin: canAccessAdmin(user.can) };
  };
  const currentUserOf = async (request: FastifyRequest) => {
    const user = await getRequestUser(request);
    if (!user) throw new HttpError(401, 'Unauthenticated');
    return user;
  };
  const honeypot = (body: Record<string, unknown>) => typeof body[HONEYPOT_FIELD] === 'string' && (body[HONEYPOT_FIELD] as string).trim() !== '';

  // POST /api/complaints — open to guests; a logged-in sender is linked to the complaint.
  app.post('/api/complaints', publicForm('complaint'), async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const body = await read(request, locale);
    const input = parseOr422(complaintSchema(locale), body);
    // A bot filled the hidden field: answer like a success, store and send nothing.
    if (honeypot(body)) return { message: t('complaint.sent', { number: '—', due: '—' }), id: null };
    const { errors, files } = checkAttachmentFiles(input.attachments, locale);
    if (Object.keys(errors).length) throw validationError(errors);
    const user = await getRequestUser(request);
    const result = await fileComplaint(input, files, {
      userId: user?.id ?? null,
      locale,
      complaintsEmail: app.config.COMPLAINTS_EMAIL ?? COMPANY.email,
      appUrl: app.config.APP_URL,
    });
    return {
      message: t('complaint.sent', { number: result.number, due: formatDate(`${result.dueDate}T12:00:00Z`) }),
      id: result.id,
      number: result.number,
      due_date: result.dueDate,
    };
  });

  // Product names for the complaint form's suggestions (public catalogue products only).
  app.get<{ Querystring: Query }>('/api/complaints/product-suggestions', async (request) => {
    const q = String(request.query.q ?? '')
      .trim()
      .slice(0, 100);
    if (q.length < 2) return { items: [] };
    const { items } = await listProducts({ locale: requestLocale(request), search: q, perPage: 8 });
    return { items: items.map((p) => ({ id: String(p.id), name: p.number ? `${p.name} (${p.number})` : p.name })) };
  });

  // POST /api/contact — open to guests.
  app.post('/api/contact', publicForm('contact'), async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const body = await read(request, locale);
    const input = parseOr422(contactSchema(locale), body);
    if (honeypot(body)) return { message: t('contact.sent'), id: null };
    const user = await getRequestUser(request);
    const id = await storeContactMessage(input, {
      userId: user?.id ?? null,
      locale,
      inbox: contactInbox(input.subject, app.config, COMPANY.email),
      appUrl: app.config.APP_URL,
    });
    return { message: t('contact.sent'), id };
  });

  app.get<{ Querystring: Query }>('/api/admin/complaints', admin, async (request) => {
    const q = request.query;
    const { items, pages, page } = await listComplaints({ status: q.status, overdue: q.overdue, search: q.search, page: parsePage(q.page) });
    return { items, pages, page };
  });

  app.get('/api/admin/complaints/:id', admin, async (request) => {
    const complaint = await getComplaint(idOf(request, tr(request)('complaint.notFound')), await complaintActorOf(request));
    if (!complaint) throw new HttpError(404, tr(request)('complaint.notFound'));
    return complaint;
  });

  app.put('/api/admin/complaints/:id', admin, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const id = idOf(request, t('complaint.notFound'));
    const input = parseOr422(complaintStatusSchema(locale), await readFormBody(request));
    const status = await changeComplaintStatus(id, input, await complaintActorOf(request), locale);
    if (!status) throw new HttpError(404, t('complaint.notFound'));
    return { message: t('admin.statusChanged', { status: t(`status.${status}`) }), id, status };
  });

  app.post('/api/admin/complaints/:id/notes', admin, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const id = idOf(request, t('complaint.notFound'));
    const input = parseOr422(complaintNoteSchema(locale), await readFormBody(request));
    if (!(await addComplaintNote(id, input.body, await complaintActorOf(request)))) throw new HttpError(404, t('complaint.notFound'));
    return { message: t('admin.noteAdded'), id };
  });

  // --- Warranty certification applications (verified and active users; staff with the applications permission).
  setApplicationsAppUrl(app.config.APP_URL);
  const active = { preHandler: requireActive };
  const appAdmin = { preHandler: requireAdminArea('applications') };
  const appNotFound = (request: FastifyRequest) => new HttpError(404, tr(request)('app.notFound'));
  const readApplication = async (request: FastifyRequest) => {
    const locale = requestLocale(request);
    const input = parseOr422(applicationSchema(locale), await read(request, locale));
    const { errors, files } = checkAttachmentFiles(input.attachments, locale);
    if (Object.keys(errors).length) throw validationError(errors);
    return { input, files, locale };
  };

  // GET /api/complaints and /api/complaints/{id}: the complaints the logged-in user sent (My account).
  app.get<{ Querystring: Query }>('/api/complaints', active, async (request) => {
    const user = await currentUserOf(request);
    return listMyComplaints(user.id, parsePage(request.query.page));
  });

  app.get('/api/complaints/:id', active, async (request) => {
    const user = await currentUserOf(request);
    const c = await getMyComplaint(user.id, idOf(request, tr(request)('complaint.notFound')));
    if (!c) throw new HttpError(404, tr(request)('complaint.notFound'));
    return c;
  });

  app.post('/api/applications', active, async (request) => {
    const user = await currentUserOf(request);
    const { input, files, locale } = await readApplication(request);
    const id = await createApplication(user.id, input, files, locale);
    return { message: tr(request)('app.saved'), id };
  });

  app.put('/api/applications/:id', active, async (request) => {
    const user = await currentUserOf(request);
    const id = idOf(request, tr(request)('app.notFound'));
    const { input, files, locale } = await readApplication(request);
    const result = await updateApplication(id, user.id, input, files, locale);
    if (result === 'not_found') throw appNotFound(request);
    if (result === 'not_editable') throw new HttpError(409, tr(request)('app.notEditable'));
    return { message: tr(request)('app.saved'), id };
  });

  app.post('/api/applications/:id/submit', active, async (request) => {
    const user = await currentUserOf(request);
    const id = idOf(request, tr(request)('app.notFound'));
    const result = await submitApplication(id, user.id, requestLocale(request));
    if (result === 'not_found') throw appNotFound(request);
    if (result !== 'ok') throw validationError(result.errors);
    return { message: tr(request)('app.submitted'), id };
  });

  app.get<{ Querystring: Query }>('/api/applications', active, async (request) => {
    const user = await currentUserOf(request);
    return listApplications({ userId: user.id, status: request.query.status, page: parsePage(request.query.page) });
  });

  app.get('/api/applications/:id', active, async (request) => {
    const user = await currentUserOf(request);
    const id = idOf(request, tr(request)('app.notFound'));
    const a = await getApplication(id, { userId: user.id, actor: { id: user.id, email: user.email, isStaff: false, isOwner: true } });
    if (!a) throw appNotFound(request);
    return a;
  });

  app.get('/api/applications/:id/certificate', active, async (request, reply) => {
    const user = await currentUserOf(request);
    const id = idOf(request, tr(request)('app.notFound'));
    const staffUser = canAccessAdmin(user.can, 'applications');
    const fileId = await certificateFileOf(id, staffUser ? undefined : user.id);
    if (!fileId) throw new HttpError(404, tr(request)('app.noCertificate'));
    const file = await findFile(fileId);
    if (!file) throw new HttpError(404, tr(request)('app.noCertificate'));
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(file.originalName))
      .header('x-content-type-options', 'nosniff');
    return reply.send(await getStorage().get(file.storageKey));
  });

  app.get<{ Querystring: Query }>('/api/admin/applications', appAdmin, async (request) => {
    return listApplications({ status: request.query.status, page: parsePage(request.query.page) });
  });

  app.get('/api/admin/applications/:id', appAdmin, async (request) => {
    const user = await currentUserOf(request);
    const a = await getApplication(idOf(request, tr(request)('app.notFound')), { actor: { id: user.id, email: user.email, isStaff: true, isOwner: false } });
    if (!a) throw appNotFound(request);
    return a;
  });

  app.put('/api/admin/applications/:id', appAdmin, async (request) => {
    const locale = requestLocale(request);
    const t = tr(request);
    const id = idOf(request, t('app.notFound'));
    const input = parseOr422(complaintStatusSchema(locale), await readFormBody(request));
    const status = await reviewApplication(id, input, await actorOf(request), locale);
    if (!status) throw appNotFound(request);
    return { message: t('app.statusChanged', { status: t(`app.status.${status}`) }), id, status };
  });

  app.get<{ Querystring: Query }>('/api/admin/contact-messages', contactAdmin, async (request) => {
    const q = request.query;
    return listContactMessages({ unread: q.unread, subject: q.subject, page: parsePage(q.page) });
  });

  app.put('/api/admin/contact-messages/:id', contactAdmin, async (request) => {
    const t = tr(request);
    const id = idOf(request, t('admin.contact.notFound'));
    const { read: isRead } = parseOr422(
      z.object({ read: z.preprocess((v) => v === true || v === '1' || v === 1 || v === 'true', z.boolean()) }),
      await readFormBody(request),
    );
    if (!(await markContactMessage(id, isRead))) throw new HttpError(404, t('admin.contact.notFound'));
    return { message: t('admin.contact.marked'), id, read: isRead };
  });
};
