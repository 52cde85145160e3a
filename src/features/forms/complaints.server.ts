// Complaints: filing (number, due date, attachments, mails in one transaction), the admin list and
// detail, status changes through the workflow, internal notes, the change log.
import { registerValueLabels } from '~/core/audit/value-labels';
import { pageWithin } from '~/core/http/pagination';
import { and, asc, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import type { CheckedAttachment } from '~/core/files/attachments.server';
import { files } from '~/core/files/files.schema';
import { type StoredFile, saveFile } from '~/core/files/storage.server';
import { addWorkingDays, toIsoDate, workingDaysBetween } from '~/core/holidays/working-days.server';
import type { Locale } from '~/core/i18n/locale';
import { translator } from '~/core/i18n/locale';
import { moveStatus, recordStart, listStatusHistory } from '~/core/workflow/status-history.server';
import { defineWorkflow } from '~/core/workflow/workflow';
import { enqueueWebhook } from '~/core/webhooks/webhooks.server';
import { users } from '~/features/accounts/accounts.schema';
import { complaintNoticeMail, complaintReceivedMail, complaintStatusMail } from './complaint-mails.server';
import { COMPLAINT_DUE_SOON_DAYS } from './constants';
import {
  COMPLAINT_STATUSES,
  COMPLAINT_WORKING_DAYS,
  type ComplaintStatus,
  complaintAttachments,
  complaintCounters,
  complaintNotes,
  complaints,
  OPEN_COMPLAINT_STATUSES,
} from './forms.schema';
import { formsMessages } from './messages';
import type { ComplaintInput } from './validation';

export const COMPLAINTS_PER_PAGE = 20;

/** Who changes a complaint's status: staff with admin access (the area needs nothing more, SPEC section 6). */
export type ComplaintActor = { id: number; email: string; isAdmin: boolean } | null;
const staff = (a: ComplaintActor) => Boolean(a?.isAdmin);

const label = (status: ComplaintStatus) => ({ pl: formsMessages.pl[`status.${status}`], en: formsMessages.en[`status.${status}`] });

/** new -> in_progress -> accepted / rejected -> closed; every change mails the sender with the comment. */
export const complaintWorkflow = defineWorkflow<(typeof COMPLAINT_STATUSES)[number], ComplaintActor>({
  name: 'complaint',
  states: COMPLAINT_STATUSES,
  initial: 'new',
  transitions: { new: ['in_progress'], in_progress: ['accepted', 'rejected'], accepted: ['closed'], rejected: ['closed'] },
  who: { '*->in_progress': staff, '*->accepted': staff, '*->rejected': staff, '*->closed': staff },
  labels: {
    new: label('new'),
    in_progress: label('in_progress'),
    accepted: label('accepted'),
    rejected: label('rejected'),
    closed: label('closed'),
  },
  onChange: async (tx, change) => {
    if (change.from === null) return; // the filing mails are sent by fileComplaint
    const [c] = await tx
      .select()
      .from(complaints)
      .where(eq(complaints.id, Number(change.entityId)))
      .limit(1);
    if (!c) return;
    const locale: Locale = c.locale === 'en' ? 'en' : 'pl';
    await complaintStatusMail(
      tx,
      { email: c.email, locale },
      { number: c.number, status: complaintWorkflow.label(change.to, locale), comment: change.comment, dueDate: c.dueDate },
    );
  },
});
// The change log shows this workflow's statuses by name (issue 41 point 10).
registerValueLabels('complaint', 'status', complaintWorkflow.labels ?? {});

/** "RK/2026/0001". */
export function complaintNumber(year: number, seq: number): string {
  return `RK/${year}/${String(seq).padStart(4, '0')}`;
}

/** The day a complaint filed on `filed` is due: 21 working days later (no weekends, no Polish holidays). */
export function complaintDueDate(filed: Date | string): string {
  return addWorkingDays(toIsoDate(filed), COMPLAINT_WORKING_DAYS);
}

export interface FileComplaintOptions {
  userId: number | null;
  locale: Locale;
  complaintsEmail: string;
  appUrl: string;
  now?: Date;
}

/**
 * Files a complaint: stores the checked attachments, takes the next number of the year (one
 * atomic upsert of complaint_counters, guarded by the unique number), computes the due date,
 * writes the complaint, its attachments and its first status and queues both mails — the rows and
 * the mails in one transaction.
 */
export async function fileComplaint(
  input: ComplaintInput,
  attachments: readonly CheckedAttachment[],
  opts: FileComplaintOptions,
): Promise<{ id: number; number: string; dueDate: string }> {
  const now = opts.now ?? new Date();
  const today = toIsoDate(now);
  const year = Number(today.slice(0, 4));
  const dueDate = complaintDueDate(today);
  // Bytes first (outside the transaction); a failed filing leaves unreferenced files for the collector.
  const stored: StoredFile[] = [];
  for (const a of attachments) stored.push(await saveFile({ data: a.data, filename: a.filename, contentType: a.contentType, owner: 'forms' }));

  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [counter] = await tx
      .insert(complaintCounters)
      .values({ year, last: 1 })
      .onConflictDoUpdate({ target: complaintCounters.year, set: { last: sql`${complaintCounters.last} + 1` } })
      .returning({ last: complaintCounters.last });
    const seq = counter.last;
    const number = complaintNumber(year, seq);
    const [row] = await tx
      .insert(complaints)
      .values({
        number,
        year,
        seq,
        userId: opts.userId,
        locale: opts.locale,
        companyName: input.company_name,
        taxIdentificationNr: input.tax_identification_nr,
        street: input.street,
        postcode: input.postcode,
        post: input.post,
        contactPerson: input.contact_person,
        phone: input.phone,
        email: input.email,
        purchaseDate: input.purchase_date,
        purchaseDocumentNumber: input.purchase_document_number,
        productName: input.product_name,
        description: input.description,
        defectNoticedDate: input.defect_noticed_date,
        preferredAction: input.preferred_action,
        preferredActionOther: input.preferred_action_other,
        isDifferentDeliveryAddress: input.is_different_delivery_address,
        deliveryName: input.delivery_name,
        deliveryStreet: input.delivery_street,
        deliveryPostcode: input.delivery_postcode,
        deliveryPost: input.delivery_post,
        acceptedPrivacyAt: now,
        acceptedRodoAt: now,
        status: complaintWorkflow.initial,
        dueDate,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: complaints.id });
    if (stored.length) {
      await tx.insert(complaintAttachments).values(stored.map((f, i) => ({ complaintId: row.id, fileId: f.id, filename: f.originalName, position: i })));
    }
    await recordStart(tx, complaintWorkflow, { entityId: row.id, actor: opts.userId ? { id: opts.userId, email: input.email, isAdmin: false } : null });
    const params = {
      number,
      dueDate,
      companyName: input.company_name,
      contactPerson: input.contact_person,
      email: input.email,
      phone: input.phone,
      productName: input.product_name,
      attachments: stored.length,
    };
    await enqueueWebhook(tx, 'complaint.created', {
      id: row.id,
      number,
      status: complaintWorkflow.initial,
      created_at: now.toISOString(),
      due_date: dueDate,
      locale: opts.locale,
      user_id: opts.userId,
      company_name: input.company_name,
      tax_identification_nr: input.tax_identification_nr,
      address: { street: input.street, postcode: input.postcode, post: input.post },
      contact_person: input.contact_person,
      phone: input.phone,
      email: input.email,
      purchase_date: input.purchase_date,
      purchase_document_number: input.purchase_document_number,
      product_name: input.product_name,
      description: input.description,
      defect_noticed_date: input.defect_noticed_date,
      preferred_action: input.preferred_action,
      preferred_action_other: input.preferred_action_other,
      delivery_address: input.is_different_delivery_address
        ? { name: input.delivery_name, street: input.delivery_street, postcode: input.delivery_postcode, post: input.delivery_post }
        : null,
      attachments: stored.map((f) => ({ filename: f.originalName })),
    });
    await complaintReceivedMail(tx, { email: input.email, locale: opts.locale }, params);
    await complaintNoticeMail(
      tx,
      { email: opts.complaintsEmail, locale: 'pl' },
      { ...params, url: `${opts.appUrl.replace(/\/$/, '')}/pl/admin/complaint/${row.id}` },
    );
    return { id: row.id, number, dueDate };
  });
}

export interface ComplaintListFilters {
  status?: string;
  overdue?: string;
  search?: string;
  page?: number;
  today?: string;
}

/** An open complaint (new, in progress) past its due date. */
export function isOverdue(c: { status: string; dueDate: string }, today: string): boolean {
  return (OPEN_COMPLAINT_STATUSES as readonly string[]).includes(c.status) && c.dueDate < today;
}

/** Still open, not overdue, and due within COMPLAINT_DUE_SOON_DAYS working days: the list highlights it. */
export function isDueSoon(c: { status: string; dueDate: string }, today: string): boolean {
  return (
    (OPEN_COMPLAINT_STATUSES as readonly string[]).includes(c.status) && c.dueDate >= today && workingDaysBetween(today, c.dueDate) <= COMPLAINT_DUE_SOON_DAYS
  );
}

/** GET /api/admin/complaints: newest first, by status, overdue, or a search of number/company/e-mail/product. */
export async function listComplaints(filters: ComplaintListFilters = {}) {
  const db = getDb();
  const today = filters.today ?? toIsoDate(new Date());
  const where: SQL[] = [];
  if (filters.status && (COMPLAINT_STATUSES as readonly string[]).includes(filters.status))
    where.push(eq(complaints.status, filters.status as ComplaintStatus));
  if (filters.overdue === '1') {
    where.push(inArray(complaints.status, [...OPEN_COMPLAINT_STATUSES]));
    where.push(lt(complaints.dueDate, today));
  }
  const search = filters.search?.trim().slice(0, 100);
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const cond = or(ilike(complaints.number, like), ilike(complaints.companyName, like), ilike(complaints.email, like), ilike(complaints.productName, like));
    if (cond) where.push(cond);
  }
  const cond = where.length ? and(...where) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(complaints).where(cond);
  const shown = pageWithin(filters.page, total, COMPLAINTS_PER_PAGE);
  const rows = await db
    .select({
      id: complaints.id,
      number: complaints.number,
      companyName: complaints.companyName,
      productName: complaints.productName,
      email: complaints.email,
      status: complaints.status,
      dueDate: complaints.dueDate,
      createdAt: complaints.createdAt,
    })
    .from(complaints)
    .where(cond)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(COMPLAINTS_PER_PAGE)
    .offset(shown.offset);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), overdue: isOverdue(r, today), soon: isDueSoon(r, today) })),
    pages: shown.pages,
    page: shown.page,
    today,
  };
}

/** GET /api/admin/complaints/{id}: every field, attachments, history, notes, next statuses. */
export async function getComplaint(id: number, actor: ComplaintActor) {
  const db = getDb();
  const [c] = await db.select().from(complaints).where(eq(complaints.id, id)).limit(1);
  if (!c) return null;
  const attachments = await db
    .select({
      id: complaintAttachments.id,
      fileId: complaintAttachments.fileId,
      filename: complaintAttachments.filename,
      size: files.size,
      contentType: files.contentType,
    })
    .from(complaintAttachments)
    .innerJoin(files, eq(files.id, complaintAttachments.fileId))
    .where(eq(complaintAttachments.complaintId, id))
    .orderBy(asc(complaintAttachments.position), asc(complaintAttachments.id));
  const history = await listStatusHistory(db, complaintWorkflow, id);
  const actorIds = [...new Set(history.map((h) => h.actorId).filter((v): v is number => v !== null))];
  const actors = actorIds.length ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, actorIds)) : [];
  const emailOf = new Map(actors.map((a) => [a.id, a.email]));
  const notes = await db.select().from(complaintNotes).where(eq(complaintNotes.complaintId, id)).orderBy(asc(complaintNotes.createdAt), asc(complaintNotes.id));
  const today = toIsoDate(new Date());
  return {
    ...c,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    acceptedPrivacyAt: c.acceptedPrivacyAt.toISOString(),
    acceptedRodoAt: c.acceptedRodoAt.toISOString(),
    overdue: isOverdue(c, today),
    attachments,
    history: history.map((h) => ({
      id: h.id,
      from: h.fromStatus,
      to: h.toStatus,
      comment: h.comment,
      actorEmail: h.actorId ? (emailOf.get(h.actorId) ?? null) : null,
      createdAt: h.createdAt.toISOString(),
    })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, authorEmail: n.authorEmail, createdAt: n.createdAt.toISOString() })),
    next: complaintWorkflow.allowedNext(c.status, actor),
  };
}
export type ComplaintDetail = NonNullable<Awaited<ReturnType<typeof getComplaint>>>;

/** GET /api/complaints: the complaints a user sent while logged in, newest first (guests' complaints have no owner). */
export async function listMyComplaints(userId: number, page?: number) {
  const db = getDb();
  const mine = eq(complaints.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(complaints).where(mine);
  const shown = pageWithin(page, total, COMPLAINTS_PER_PAGE);
  const rows = await db
    .select({
      id: complaints.id,
      number: complaints.number,
      productName: complaints.productName,
      status: complaints.status,
      dueDate: complaints.dueDate,
      createdAt: complaints.createdAt,
      updatedAt: complaints.updatedAt,
    })
    .from(complaints)
    .where(mine)
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(COMPLAINTS_PER_PAGE)
    .offset(shown.offset);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ id: complaintAttachments.complaintId, n: count() })
        .from(complaintAttachments)
        .where(inArray(complaintAttachments.complaintId, ids))
        .groupBy(complaintAttachments.complaintId)
    : [];
  const filesOf = new Map(counts.map((c) => [c.id, c.n]));
  return {
    items: rows.map((r) => ({ ...r, attachments: filesOf.get(r.id) ?? 0, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
    total,
    page: shown.page,
    pages: shown.pages,
  };
}

/**
 * GET /api/complaints/{id}: one of the user's own complaints as the sender sees it: what was filed,
 * the attachments, and the status history with the comments the sender was mailed. Staff notes and
 * who on the staff changed the status stay internal. Another user's complaint is not found.
 */
export async function getMyComplaint(userId: number, id: number) {
  const c = await getComplaint(id, null);
  if (!c || c.userId !== userId) return null;
  return {
    id: c.id,
    number: c.number,
    status: c.status,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    dueDate: c.dueDate,
    companyName: c.companyName,
    taxIdentificationNr: c.taxIdentificationNr,
    contactPerson: c.contactPerson,
    email: c.email,
    phone: c.phone,
    purchaseDate: c.purchaseDate,
    purchaseDocumentNumber: c.purchaseDocumentNumber,
    productName: c.productName,
    description: c.description,
    defectNoticedDate: c.defectNoticedDate,
    preferredAction: c.preferredAction,
    preferredActionOther: c.preferredActionOther,
    delivery: c.isDifferentDeliveryAddress ? { name: c.deliveryName, street: c.deliveryStreet, postcode: c.deliveryPostcode, post: c.deliveryPost } : null,
    attachments: c.attachments.map((a) => ({ fileId: a.fileId, filename: a.filename, size: a.size, contentType: a.contentType })),
    history: c.history.map((h) => ({ id: h.id, from: h.from, to: h.to, comment: h.comment, createdAt: h.createdAt })),
  };
}
export type MyComplaint = NonNullable<Awaited<ReturnType<typeof getMyComplaint>>>;

/**
 * PUT /api/admin/complaints/{id}: moves the status (the workflow's rules; 409 when another change
 * came first), writes the change log and mails the sender with the comment, in one transaction.
 */
export async function changeComplaintStatus(
  id: number,
  input: { status: string; comment: string; from?: string },
  actor: NonNullable<ComplaintActor>,
  locale: Locale,
): Promise<ComplaintStatus | null> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(complaints).where(eq(complaints.id, id)).limit(1);
    if (!before) return null;
    const to = input.status as ComplaintStatus;
    // The status the admin saw (if sent): a change made meanwhile by someone else answers 409.
    const from = (input.from ?? before.status) as ComplaintStatus;
    await moveStatus(tx, complaintWorkflow, {
      entityId: id,
      from,
      to,
      actor,
      comment: input.comment,
      locale,
      update: async (db) =>
        (
          await db
            .update(complaints)
            .set({ status: to, updatedAt: new Date(), version: sql`${complaints.version} + 1` })
            .where(and(eq(complaints.id, id), eq(complaints.status, from)))
            .returning({ id: complaints.id })
        ).length,
    });
    await recordChange(tx, {
      userId: actor.id,
      userEmail: actor.email,
      entity: 'complaint',
      entityId: id,
      action: 'update',
      before: { status: from },
      after: { status: to },
    });
    return to;
  });
}

/** POST /api/admin/complaints/{id}/notes: an internal note (never mailed). */
export async function addComplaintNote(id: number, body: string, actor: NonNullable<ComplaintActor>): Promise<boolean> {
  return getDb().transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [c] = await tx.select({ id: complaints.id }).from(complaints).where(eq(complaints.id, id)).limit(1);
    if (!c) return false;
    const [note] = await tx.insert(complaintNotes).values({ complaintId: id, authorId: actor.id, authorEmail: actor.email, body }).returning();
    await recordChange(tx, {
      userId: actor.id,
      userEmail: actor.email,
      entity: 'complaint_note',
      entityId: note.id,
      action: 'create',
      after: { complaintId: id, body },
    });
    return true;
  });
}

/** The message in the user's language for a status. */
export function statusLabel(status: ComplaintStatus, locale: Locale): string {
  return translator(formsMessages, locale)(`status.${status}`);
}

/** The owner of a complaint's attachment file (the file access rule): the sender's user id, or null. */
export async function complaintFileOwner(fileId: string): Promise<{ found: boolean; userId: number | null }> {
  const [row] = await getDb()
    .select({ userId: complaints.userId })
    .from(complaintAttachments)
    .innerJoin(complaints, eq(complaints.id, complaintAttachments.complaintId))
    .where(eq(complaintAttachments.fileId, fileId))
    .limit(1);
  return row ? { found: true, userId: row.userId } : { found: false, userId: null };
}

/** Every file id complaints use (file references for the unused-file collector). */
export async function complaintFileIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: complaintAttachments.fileId }).from(complaintAttachments);
  return rows.map((r) => r.id);
}

/** A logged-in user's data for the complaint form (SPEC: a logged-in user's data prefills it). */
export async function complaintPrefill(userId: number): Promise<Record<string, string>> {
  const [u] = await getDb().select().from(users).where(eq(users.id, userId)).limit(1);
  if (!u) return {};
  return {
    company_name: u.company,
    tax_identification_nr: u.taxIdentificationNr,
    street: u.address,
    postcode: u.postcode,
    post: u.city,
    contact_person: `${u.firstName} ${u.surname}`.trim(),
    phone: u.phone,
    email: u.email,
  };
}

/** The admin dashboard's count: complaints awaiting action (new or in progress). */
export async function countOpenComplaints(db: Db = getDb()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(complaints)
    .where(inArray(complaints.status, [...OPEN_COMPLAINT_STATUSES]));
  return row?.n ?? 0;
}
