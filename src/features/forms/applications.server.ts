// Warranty certification applications: drafts, submission, review by the staff (returned for
// corrections, approved, rejected) through the workflow, and the 25-year certificate issued on
// approval (number, validity, PDF stored and mailed).
import { registerValueLabels } from '~/core/audit/value-labels';
import { pageWithin } from '~/core/http/pagination';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import { COMPANY } from '~/core/company';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { CheckedAttachment } from '~/core/files/attachments.server';
import { files } from '~/core/files/files.schema';
import { getStorage, type StoredFile, saveFile } from '~/core/files/storage.server';
import { toIsoDate } from '~/core/holidays/working-days.server';
import { HttpError } from '~/core/http/errors';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import type { MailAttachment } from '~/core/mail/outbox.server';
import { defineMail } from '~/core/mail/templates.server';
import { createDocument } from '~/core/pdf/document.server';
import { listStatusHistory, moveStatus, recordStart } from '~/core/workflow/status-history.server';
import { defineWorkflow } from '~/core/workflow/workflow';
import { users } from '~/features/accounts/accounts.schema';
import { type ApplicationData, type ApplicationInput, submissionErrors } from './application-validation';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  applicationAttachments,
  certificateCounters,
  EDITABLE_APPLICATION_STATUSES,
  WARRANTY_YEARS,
  warrantyApplications,
} from './forms.schema';
import { formsMessages } from './messages';

export const APPLICATIONS_PER_PAGE = 20;

/** Who moves an application: its owner (submits) or staff with the applications permission. */
export type ApplicationActor = { id: number; email: string; isStaff: boolean; isOwner: boolean } | null;
const owner = (a: ApplicationActor) => Boolean(a?.isOwner);
const staff = (a: ApplicationActor) => Boolean(a?.isStaff);
const label = (s: ApplicationStatus) => ({ pl: formsMessages.pl[`app.status.${s}`], en: formsMessages.en[`app.status.${s}`] });

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

export const applicationStatusMail = defineMail({
  kind: 'forms.application-status',
  messages: formsMessages,
  subject: (p: { investment: string; status: string; comment: string | null; certificate?: { number: string; until: string }; url: string }, { t }) =>
    t('mail.app.status.subject', { investment: p.investment, status: p.status }),
  render: (p, { t }) => ({
    heading: t('mail.app.status.heading'),
    paragraphs: [
      t('mail.app.status.p1', { investment: p.investment, status: p.status }),
      ...(p.certificate ? [t('mail.app.approved.p1', { number: p.certificate.number, until: day(p.certificate.until) })] : []),
      ...(p.comment ? [`${t('mail.status.comment')} ${p.comment}`] : []),
    ],
    action: { label: p.certificate ? t('mail.app.button') : t('mail.app.open'), url: p.url },
  }),
});

let appUrl = 'http://localhost:3000';
/** The public address used in the mails' links (set by the API plugin from APP_URL). */
export function setApplicationsAppUrl(url: string) {
  appUrl = url.replace(/\/$/, '');
}

/** draft -> submitted -> in_review -> returned (-> submitted) / approved / rejected; mails on every change after the start. */
export const applicationWorkflow = defineWorkflow<(typeof APPLICATION_STATUSES)[number], ApplicationActor>({
  name: 'warranty_application',
  states: APPLICATION_STATUSES,
  initial: 'draft',
  transitions: { draft: ['submitted'], submitted: ['in_review'], in_review: ['returned', 'approved', 'rejected'], returned: ['submitted'] },
  who: { '*->submitted': owner, '*->in_review': staff, '*->returned': staff, '*->approved': staff, '*->rejected': staff },
  labels: {
    draft: label('draft'),
    submitted: label('submitted'),
    in_review: label('in_review'),
    returned: label('returned'),
    approved: label('approved'),
    rejected: label('rejected'),
  },
  onChange: async (tx, change) => {
    if (change.from === null || change.to === 'submitted' || change.to === 'in_review') return;
    const [a] = await tx
      .select()
      .from(warrantyApplications)
      .where(eq(warrantyApplications.id, Number(change.entityId)))
      .limit(1);
    if (!a) return;
    const [u] = await tx.select({ email: users.email }).from(users).where(eq(users.id, a.userId)).limit(1);
    if (!u) return;
    const locale: Locale = a.locale === 'en' ? 'en' : 'pl';
    const certificate =
      change.to === 'approved' && a.certificateNumber && a.certificateValidUntil ? { number: a.certificateNumber, until: a.certificateValidUntil } : undefined;
    // The approval mail carries the certificate itself (the PDF stored in this transaction).
    const pdf = certificate && a.certificateFileId ? await certificateAttachment(tx, a.certificateFileId, certificate.number, locale) : null;
    await applicationStatusMail(
      tx,
      { email: u.email, locale },
      {
        investment: a.investmentName,
        status: applicationWorkflow.label(change.to, locale),
        comment: change.comment,
        certificate,
        // The application's page (it asks a logged-out reader to log in and leads back), never the
        // download API (a raw 401 to a logged-out reader); the certificate is attached besides.
        url: `${appUrl}/${locale}/my-account/application/${a.id}`,
      },
      pdf ? { attachments: [pdf] } : undefined,
    );
  },
});
// The change log shows this workflow's statuses by name (issue 41 point 10).
registerValueLabels('warranty_application', 'status', applicationWorkflow.labels ?? {});

/** The certificate's file name (stored file and mail attachment), in the PDF's language: GS/2026/0001 -> certyfikat-GS-2026-0001.pdf, certificate-GS-2026-0001.pdf. */
function certificateFilename(number: string, locale: Locale): string {
  return `${locale === 'en' ? 'certificate' : 'certyfikat'}-${number.replaceAll('/', '-')}.pdf`;
}

/** The stored certificate PDF as a mail attachment (read through the caller's transaction). */
async function certificateAttachment(tx: Db, fileId: string, number: string, locale: Locale): Promise<MailAttachment | null> {
  const [f] = await tx.select({ storageKey: files.storageKey }).from(files).where(eq(files.id, fileId)).limit(1);
  if (!f) return null;
  return { filename: certificateFilename(number, locale), contentType: 'application/pdf', content: new Uint8Array(await getStorage().get(f.storageKey)) };
}

function dataOf(input: ApplicationInput): ApplicationData {
  const { attachments: _a, remove_attachments: _r, ...data } = input;
  return data;
}

async function storeFiles(attachments: readonly CheckedAttachment[]): Promise<(StoredFile & { kind: string })[]> {
  const out: (StoredFile & { kind: string })[] = [];
  for (const a of attachments)
    out.push({ ...(await saveFile({ data: a.data, filename: a.filename, contentType: a.contentType, owner: 'forms' })), kind: a.kind ?? '' });
  return out;
}

async function addAttachments(tx: Db, applicationId: number, stored: readonly (StoredFile & { kind: string })[]) {
  if (!stored.length) return;
  const [{ max }] = await tx
    .select({ max: sql<number>`coalesce(max(${applicationAttachments.position}), -1)` })
    .from(applicationAttachments)
    .where(eq(applicationAttachments.applicationId, applicationId));
  await tx
    .insert(applicationAttachments)
    .values(stored.map((f, i) => ({ applicationId, kind: f.kind, fileId: f.id, filename: f.originalName, position: Number(max) + 1 + i })));
}

/** POST /api/applications: a new draft of the user. */
export async function createApplication(userId: number, input: ApplicationInput, attachments: readonly CheckedAttachment[], locale: Locale): Promise<number> {
  const stored = await storeFiles(attachments);
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const data = dataOf(input);
    const [row] = await tx
      .insert(warrantyApplications)
      .values({ userId, locale, data, investmentName: data.investment_name })
      .returning({ id: warrantyApplications.id });
    await addAttachments(tx, row.id, stored);
    await recordStart(tx, applicationWorkflow, { entityId: row.id, actor: { id: userId, email: '', isStaff: false, isOwner: true } });
    return row.id;
  });
}

/** The user's own application (row), or null (another user's is as unknown). */
async function ownRow(db: Db, id: number, userId: number) {
  const [row] = await db
    .select()
    .from(warrantyApplications)
    .where(and(eq(warrantyApplications.id, id), eq(warrantyApplications.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** PUT /api/applications/{id}: saves a draft or a returned application (its new data, new files, removed files). */
export async function updateApplication(
  id: number,
  userId: number,
  input: ApplicationInput,
  attachments: readonly CheckedAttachment[],
  locale: Locale,
): Promise<'ok' | 'not_found' | 'not_editable'> {
  const db = getDb();
  const before = await ownRow(db, id, userId);
  if (!before) return 'not_found';
  if (!EDITABLE_APPLICATION_STATUSES.includes(before.status)) return 'not_editable';
  const stored = await storeFiles(attachments);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const data = dataOf(input);
    const changed = await tx
      .update(warrantyApplications)
      .set({ data, investmentName: data.investment_name, locale, updatedAt: new Date(), version: sql`${warrantyApplications.version} + 1` })
      .where(and(eq(warrantyApplications.id, id), inArray(warrantyApplications.status, [...EDITABLE_APPLICATION_STATUSES])))
      .returning({ id: warrantyApplications.id });
    if (!changed.length) return 'not_editable' as const;
    if (input.remove_attachments.length) {
      await tx
        .delete(applicationAttachments)
        .where(and(eq(applicationAttachments.applicationId, id), inArray(applicationAttachments.id, input.remove_attachments)));
    }
    await addAttachments(tx, id, stored);
    return 'ok' as const;
  });
}

/**
 * POST /api/applications/{id}/submit: checks the saved application for completeness (422 with the
 * fields) and moves it from draft or returned to submitted.
 */
export async function submitApplication(id: number, userId: number, locale: Locale): Promise<'ok' | 'not_found' | { errors: Record<string, string[]> }> {
  const db = getDb();
  const row = await ownRow(db, id, userId);
  if (!row) return 'not_found';
  if (!EDITABLE_APPLICATION_STATUSES.includes(row.status)) {
    throw new HttpError(409, translator(formsMessages, locale)('app.notEditable'));
  }
  const kinds = await db.select({ kind: applicationAttachments.kind }).from(applicationAttachments).where(eq(applicationAttachments.applicationId, id));
  const errors = submissionErrors(row.data as ApplicationData, new Set(kinds.map((k) => k.kind)), locale);
  if (Object.keys(errors).length) return { errors };
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await moveStatus(tx, applicationWorkflow, {
      entityId: id,
      from: row.status,
      to: 'submitted',
      actor: { id: userId, email: '', isStaff: false, isOwner: true },
      locale,
      update: async (t) =>
        (
          await t
            .update(warrantyApplications)
            .set({ status: 'submitted', submittedAt: new Date(), returnReason: null, updatedAt: new Date() })
            .where(and(eq(warrantyApplications.id, id), eq(warrantyApplications.status, row.status)))
            .returning({ id: warrantyApplications.id })
        ).length,
    });
  });
  return 'ok';
}

async function attachmentsOf(db: Db, id: number) {
  return db
    .select({
      id: applicationAttachments.id,
      kind: applicationAttachments.kind,
      fileId: applicationAttachments.fileId,
      filename: applicationAttachments.filename,
      size: files.size,
    })
    .from(applicationAttachments)
    .innerJoin(files, eq(files.id, applicationAttachments.fileId))
    .where(eq(applicationAttachments.applicationId, id))
    .orderBy(asc(applicationAttachments.position), asc(applicationAttachments.id));
}

function view(row: typeof warrantyApplications.$inferSelect) {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status,
    data: row.data,
    investmentName: row.investmentName,
    returnReason: row.returnReason,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    certificate: row.certificateNumber ? { number: row.certificateNumber, issuedOn: row.certificateIssuedOn, validUntil: row.certificateValidUntil } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One application with its attachments and status history; `userId` limits it to its owner. */
export async function getApplication(id: number, opts: { userId?: number; actor: ApplicationActor }) {
  const db = getDb();
  const where =
    opts.userId === undefined ? eq(warrantyApplications.id, id) : and(eq(warrantyApplications.id, id), eq(warrantyApplications.userId, opts.userId));
  const [row] = await db.select().from(warrantyApplications).where(where).limit(1);
  if (!row) return null;
  const history = await listStatusHistory(db, applicationWorkflow, id);
  return {
    ...view(row),
    attachments: await attachmentsOf(db, id),
    history: history.map((h) => ({ id: h.id, from: h.fromStatus, to: h.toStatus, comment: h.comment, createdAt: h.createdAt.toISOString() })),
    next: applicationWorkflow.allowedNext(row.status, opts.actor ? { ...opts.actor, isOwner: row.userId === opts.actor.id } : null),
  };
}

/** GET /api/applications (own) and /api/admin/applications (all, by status). */
export async function listApplications(filters: { userId?: number; status?: string; page?: number }) {
  const db = getDb();
  const where: SQL[] = [];
  if (filters.userId !== undefined) where.push(eq(warrantyApplications.userId, filters.userId));
  if (filters.status && (APPLICATION_STATUSES as readonly string[]).includes(filters.status))
    where.push(eq(warrantyApplications.status, filters.status as ApplicationStatus));
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(warrantyApplications).where(cond);
  const shown = pageWithin(filters.page, total, APPLICATIONS_PER_PAGE);
  const rows = await db
    .select()
    .from(warrantyApplications)
    .where(cond)
    .orderBy(desc(warrantyApplications.updatedAt), desc(warrantyApplications.id))
    .limit(APPLICATIONS_PER_PAGE)
    .offset(shown.offset);
  return { items: rows.map(view), pages: shown.pages, page: shown.page };
}

/** The day `years` after a day (29 February becomes 28 February when the year has none). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  const target = new Date(Date.UTC(y + years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** The certificate as a PDF (A4, letterhead, Polish characters). */
export async function certificatePdf(a: { number: string; issuedOn: string; validUntil: string; data: ApplicationData; locale: Locale }): Promise<Uint8Array> {
  const t = translator(formsMessages, a.locale);
  const d = a.data;
  const doc = await createDocument({
    locale: a.locale,
    title: t('cert.title'),
    subtitle: t('cert.subtitle'),
    reference: a.number,
    date: new Date(`${a.issuedOn}T12:00:00Z`),
  });
  doc.paragraph(t('cert.intro', { company: COMPANY.name }));
  doc.space(8);
  doc.keyValues([
    { label: t('cert.number'), value: a.number },
    { label: t('cert.investment'), value: d.investment_name },
    { label: t('cert.address'), value: [d.investment_address_1, d.investment_address_2].filter(Boolean).join(', ') },
    { label: t('cert.installer'), value: [d.installer_company_name, d.installer_address_1, d.installer_address_2].filter(Boolean).join(', ') },
    { label: t('cert.installerName'), value: d.installer_name },
    { label: t('cert.installerCertificate'), value: d.installer_certificate_number },
    { label: t('cert.measured'), value: day(d.measurements_completed_at) },
    { label: t('cert.issued'), value: day(a.issuedOn) },
    { label: t('cert.validUntil'), value: day(a.validUntil) },
  ]);
  doc.space(24);
  doc.signatures([t('cert.signature', { company: COMPANY.name })]);
  return doc.save();
}

/**
 * PUT /api/admin/applications/{id}: a staff member moves the status (in_review, returned with the
 * reason, approved, rejected). Approving issues the certificate (the year's next number, valid
 * until the measurements' completion + 25 years, the PDF stored) in the same transaction; every
 * change after submission mails the applicant.
 */
export async function reviewApplication(
  id: number,
  input: { status: string; comment: string; from?: string },
  actor: Actor,
  locale: Locale,
): Promise<ApplicationStatus | null> {
  const db = getDb();
  const [before] = await db.select().from(warrantyApplications).where(eq(warrantyApplications.id, id)).limit(1);
  if (!before) return null;
  const to = input.status as ApplicationStatus;
  const from = (input.from ?? before.status) as ApplicationStatus;
  const t = translator(formsMessages, locale);
  if (to === 'returned' && input.comment.trim() === '') throw new HttpError(422, t('v.required'), { comment: [t('v.required')] });
  const wfActor = { id: actor.userId, email: actor.userEmail, isStaff: true, isOwner: false };
  const data = before.data as ApplicationData;
  const issuedOn = toIsoDate(new Date());
  const validUntil = data.measurements_completed_at ? addYears(data.measurements_completed_at, WARRANTY_YEARS) : null;
  let certificateNumber: string | null = null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await moveStatus(tx, applicationWorkflow, {
      entityId: id,
      from,
      to,
      actor: wfActor,
      comment: input.comment,
      locale,
      update: async (db2) => {
        // The guarded move first: of two approvals at once only the one that moved the status
        // goes on (the other changes nothing, 409, and takes no certificate number).
        const moved = (
          await db2
            .update(warrantyApplications)
            .set({ status: to, ...(to === 'returned' ? { returnReason: input.comment.trim() } : {}), updatedAt: new Date() })
            .where(and(eq(warrantyApplications.id, id), eq(warrantyApplications.status, from)))
            .returning({ id: warrantyApplications.id })
        ).length;
        if (moved === 0 || to !== 'approved') return moved;
        // Approving: the year's next number (an atomic upsert in this transaction, so a refused or
        // failed approval leaves no gap), the PDF and its file row, all through the transaction
        // (PGlite has one connection: nothing may wait for getDb() in here).
        const year = Number(issuedOn.slice(0, 4));
        const [counter] = await db2
          .insert(certificateCounters)
          .values({ year, last: 1 })
          .onConflictDoUpdate({ target: certificateCounters.year, set: { last: sql`${certificateCounters.last} + 1` } })
          .returning({ last: certificateCounters.last });
        const number = `GS/${year}/${String(counter.last).padStart(4, '0')}`;
        const until = validUntil ?? addYears(issuedOn, WARRANTY_YEARS);
        const pdfLocale = before.locale === 'en' ? 'en' : 'pl';
        const pdf = await certificatePdf({ number, issuedOn, validUntil: until, data, locale: pdfLocale });
        const file = await saveFile({ data: Buffer.from(pdf), filename: certificateFilename(number, pdfLocale), contentType: 'application/pdf' }, db2);
        await db2
          .update(warrantyApplications)
          .set({ certificateNumber: number, certificateIssuedOn: issuedOn, certificateValidUntil: until, certificateFileId: file.id })
          .where(eq(warrantyApplications.id, id));
        certificateNumber = number;
        return moved;
      },
    });
    await recordChange(tx, {
      userId: actor.userId,
      userEmail: actor.userEmail,
      entity: 'warranty_application',
      entityId: id,
      action: 'update',
      before: { status: from },
      after: { status: to, ...(certificateNumber ? { certificate: certificateNumber } : {}) },
    });
    return to;
  });
}

/** The certificate file of an approved application of the user (or of any when userId is undefined). */
export async function certificateFileOf(id: number, userId?: number): Promise<string | null> {
  const where = userId === undefined ? eq(warrantyApplications.id, id) : and(eq(warrantyApplications.id, id), eq(warrantyApplications.userId, userId));
  const [row] = await getDb()
    .select({ fileId: warrantyApplications.certificateFileId, status: warrantyApplications.status })
    .from(warrantyApplications)
    .where(where)
    .limit(1);
  return row?.status === 'approved' ? row.fileId : null;
}

/** The owner of an application's attachment or certificate file (file access), or null when it is none of them. */
export async function applicationFileOwner(fileId: string): Promise<number | null> {
  const [att] = await getDb()
    .select({ userId: warrantyApplications.userId })
    .from(applicationAttachments)
    .innerJoin(warrantyApplications, eq(warrantyApplications.id, applicationAttachments.applicationId))
    .where(eq(applicationAttachments.fileId, fileId))
    .limit(1);
  if (att) return att.userId;
  const [cert] = await getDb()
    .select({ userId: warrantyApplications.userId })
    .from(warrantyApplications)
    .where(eq(warrantyApplications.certificateFileId, fileId))
    .limit(1);
  return cert?.userId ?? null;
}

/** Every file id applications use (attachments and certificates). */
export async function applicationFileIds(db: Db): Promise<string[]> {
  const a = await db.select({ id: applicationAttachments.fileId }).from(applicationAttachments);
  const c = await db.select({ id: warrantyApplications.certificateFileId }).from(warrantyApplications);
  return [...a.map((r) => r.id), ...c.map((r) => r.id).filter((v): v is string => Boolean(v))];
}

/** The admin dashboard's count: warranty applications awaiting review (submitted or in review). */
export async function countApplicationsAwaitingReview(db: Db = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(warrantyApplications)
    .where(inArray(warrantyApplications.status, ['submitted', 'in_review']));
  return row?.n ?? 0;
}
