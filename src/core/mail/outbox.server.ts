// Reliable mail: a transactional outbox drained by a retrying worker.
//
// A feature calls enqueueMail(tx, mail) inside the transaction of the change that causes the mail,
// so the mail exists exactly when the change does. The worker claims due rows one at a time (an
// atomic UPDATE over a FOR UPDATE SKIP LOCKED pick, so several processes on one PostgreSQL never
// take the same row), delivers them through SMTP_URL or, without it, writes them as .eml files under
// DATA_DIR/mail/ (the development mailbox), and retries failures with exponential backoff.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { type Paged, pageWithin } from '~/core/http/pagination';
import { MAIL_STATUSES, type MailStatus, mailAttachments, mailOutbox, type OutboxRow } from './mail.schema';
import { maskMailHeaders, maskMailSecrets } from './mask-secrets';
import { startDrainLoop } from '~/core/workers/drain-loop';

export { MAIL_STATUSES, type MailStatus, type OutboxRow } from './mail.schema';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  locale?: 'pl' | 'en';
  /** What the mail is for, e.g. 'account.verify'; shown and filterable on the admin screen. */
  kind?: string;
  /** Extra headers, only names of MAIL_EXTRA_HEADERS (e.g. List-Unsubscribe of a newsletter). */
  headers?: Partial<Record<MailExtraHeader, string>>;
  /** Files sent with the mail (stored with it in the outbox, so the mail is exactly what was decided). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

/** Limits of a mail's attachments: mail servers commonly refuse messages above 10-25 MB. */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;

/**
 * The headers a feature may add to a mail: RFC 2369 / RFC 8058 one-click unsubscribe, and Reply-To
 * (one address) on staff notices of a visitor's message so that answering reaches the visitor.
 */
export const MAIL_EXTRA_HEADERS = ['List-Unsubscribe', 'List-Unsubscribe-Post', 'Reply-To'] as const;
export type MailExtraHeader = (typeof MAIL_EXTRA_HEADERS)[number];

/** Sender used when MAIL_FROM is not configured and no `from` is given to the worker. */
export const DEFAULT_MAIL_FROM = 'COBI NET <no-reply@localhost>';

/** Attempts before a mail is marked failed. */
export const MAX_ATTEMPTS = 8;

/** Wait after the n-th failed attempt (index n-1): 30 s, 2 min, 10 min, 1 h, 3 h, 6 h, 12 h. */
export const RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000] as const;

/** How long a claimed row is hidden from other workers; after a crash it becomes due again. */
export const CLAIM_LEASE_MS = 5 * 60_000;

/** The wait before the next attempt after `attempts` failed ones, or null when none is left. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
}

const MailInput = z.object({
  to: z.email(),
  subject: z
    .string()
    .trim()
    .min(1)
    .max(998)
    .refine((s) => !/[\r\n]/.test(s), 'subject must be one line'),
  html: z.string().min(1),
  text: z.string().min(1),
  locale: z.enum(['pl', 'en']).default('pl'),
  kind: z.string().trim().min(1).max(100).default('generic'),
  headers: z
    .partialRecord(
      z.enum(MAIL_EXTRA_HEADERS),
      z
        .string()
        .min(1)
        .max(998)
        .refine((s) => !/[\r\n\0]/.test(s), 'a header must be one line'),
    )
    .refine((h) => h['Reply-To'] === undefined || z.email().safeParse(h['Reply-To']).success, 'Reply-To must be one address')
    .optional(),
  attachments: z
    .array(
      z.object({
        filename: z
          .string()
          .trim()
          .min(1)
          .max(200)
          .refine((s) => !/[\r\n\0/\\"]/.test(s), 'a plain file name'),
        contentType: z.string().regex(/^[a-z]+\/[a-z0-9.+-]+$/i),
        content: z.instanceof(Uint8Array).refine((b) => b.byteLength > 0 && b.byteLength <= MAX_ATTACHMENT_BYTES, 'attachment size'),
      }),
    )
    .max(MAX_ATTACHMENTS)
    .optional(),
});

// Workers of this process, nudged after an enqueue so a mail goes out without waiting for the tick.
const activeWorkers = new Set<{ kick(): void }>();

/** A point in time `offsetMs` from now, on the outbox's one clock. */
type Clock = (offsetMs?: number) => Date | SQL;

const databaseClock: Clock = (offsetMs = 0) => (offsetMs ? sql`(now() + ${`${offsetMs} milliseconds`}::interval)` : sql`now()`);

// The outbox has one clock, used alike when a mail is queued, claimed, retried and sent. By default
// it is the database's now() (one clock for every process); a test may replace it, and then every
// side of the comparison `next_attempt_at <= now` moves with it, so two clocks never meet
// (a row stamped by the database's microseconds is never "not yet due" for a JavaScript millisecond).
let at: Clock = databaseClock;

/**
 * Replaces the outbox's clock (tests: simulate the passing of time); call without an argument to
 * return to the database's now().
 */
export function setOutboxClock(now?: () => Date): void {
  at = now ? (offsetMs = 0) => new Date(now().getTime() + offsetMs) : databaseClock;
}

/**
 * Puts a mail into the outbox. Pass the transaction handle of the change that causes the mail:
 * if that transaction rolls back, the mail never existed. Throws on an invalid address or empty
 * content (a programming error: validate user input before).
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<void> {
  const m = MailInput.parse(mail);
  const id = randomUUID();
  await db.insert(mailOutbox).values({
    id,
    to: m.to,
    subject: m.subject,
    html: m.html,
    text: m.text,
    locale: m.locale,
    kind: m.kind,
    headers: m.headers && Object.keys(m.headers).length ? m.headers : null,
    nextAttemptAt: at(),
  });
  if (m.attachments?.length) {
    await db
      .insert(mailAttachments)
      .values(m.attachments.map((a, position) => ({ mailId: id, position, filename: a.filename, contentType: a.contentType, content: a.content })));
  }
  for (const w of activeWorkers) w.kick();
}

export interface MailWorkerOptions {
  /** smtp:// or smtps:// with credentials in the URL; without it mail goes to DATA_DIR/mail/*.eml. */
  smtpUrl?: string;
  dataDir: string;
  /** Poll interval; default 2000 ms. */
  intervalMs?: number;
  log?: (m: string) => void;
  /** The From header; default DEFAULT_MAIL_FROM. */
  from?: string;
  /** Default: the process database (getDb()) at each drain. */
  db?: Db;
  /**
   * Drain ~100 ms after any enqueue in this process (default true). A test that counts what its own
   * drainNow() delivers turns it off, so that no nudged drain takes the mail first.
   */
  wakeOnEnqueue?: boolean;
}

export interface MailWorker {
  /** Stops polling, waits for the delivery in progress and closes the transport. */
  stop(): Promise<void>;
  /** Delivers every due mail now; resolves with how many were sent by this call. */
  drainNow(): Promise<number>;
}

type Deliver = (row: OutboxRow, attachments: MailAttachment[]) => Promise<string | undefined>;

function smtpDeliverer(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const deliver: Deliver = async (row, attachments) => {
    const info = await transport.sendMail(message(row, from, attachments));
    return info.messageId;
  };
  return { deliver, close: () => transport.close() };
}

function mailboxDeliverer(dir: string, from: string) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const deliver: Deliver = async (row, attachments) => {
    const info = await transport.sendMail(message(row, from, attachments));
    const bytes = info.message;
    if (!Buffer.isBuffer(bytes)) throw new Error('mail composer returned no message bytes');
    await mkdir(dir, { recursive: true });
    const stamp = row.createdAt.toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${stamp}-${row.id}.eml`);
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    return info.messageId;
  };
  return { deliver, close: () => transport.close() };
}

function senderDomain(from: string): string {
  const m = /@([^\s>]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'localhost';
}

function message(row: OutboxRow, from: string, attachments: MailAttachment[]) {
  const { 'Reply-To': replyTo, ...extra } = row.headers ?? {};
  return {
    from,
    to: row.to,
    subject: row.subject,
    html: row.html,
    text: row.text,
    // One stable id per outbox row: a mail delivered twice (crash after sending) is recognisable.
    messageId: `<${row.id}@${senderDomain(from)}>`,
    date: row.createdAt,
    // Reply-To goes through nodemailer's address handling; RFC 3834: every mail here is automatic.
    ...(replyTo ? { replyTo } : {}),
    headers: { ...extra, 'Auto-Submitted': 'auto-generated', 'Content-Language': row.locale, 'X-Mail-Kind': row.kind },
    attachments: attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
  };
}

interface SendError {
  message?: string;
  code?: string;
  responseCode?: number;
  permanent?: boolean;
}

function describeError(e: unknown): string {
  const err = (e ?? {}) as SendError;
  const parts = [err.code, err.responseCode ? String(err.responseCode) : undefined, err.message ?? String(e)];
  return parts.filter(Boolean).join(' ').slice(0, 2000);
}

/** The files of one outbox mail, in their order. */
export async function mailAttachmentsOf(db: Db, mailId: string): Promise<MailAttachment[]> {
  return db
    .select({ filename: mailAttachments.filename, contentType: mailAttachments.contentType, content: mailAttachments.content })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, mailId))
    .orderBy(asc(mailAttachments.position));
}

/** Takes one due mail for this worker: bumps attempts and hides it for the lease, atomically. */
async function claimOne(db: Db): Promise<OutboxRow | undefined> {
  // A CTE runs once; an IN (subquery) may be re-run per row and then claim more than one.
  const due = db.$with('due').as(
    db
      .select({ dueId: sql<string>`${mailOutbox.id}`.as('due_id') })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(1)
      .for('update', { skipLocked: true }),
  );
  const [row] = await db
    .with(due)
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: at(CLAIM_LEASE_MS) })
    .from(due)
    .where(and(eq(mailOutbox.id, due.dueId), eq(mailOutbox.status, 'pending')))
    .returning();
  return row;
}

/** Starts the worker that delivers the outbox; call stop() on shutdown before closing the database. */
export function startMailWorker(opts: MailWorkerOptions): MailWorker {
  const intervalMs = opts.intervalMs ?? 2000;
  const log = opts.log ?? ((m: string) => console.warn(m));
  const from = opts.from ?? DEFAULT_MAIL_FROM;
  const dbOf = () => opts.db ?? getDb();
  const transport = opts.smtpUrl ? smtpDeliverer(opts.smtpUrl, from) : mailboxDeliverer(path.join(opts.dataDir, 'mail'), from);

  // The loop (interval, kicks, one drain at a time, stop): core/workers/drain-loop.ts.
  // (Read by a drain, which runs only after the loop below has started.)
  const stopped = () => loop.stopped;

  async function deliverOne(db: Db, row: OutboxRow): Promise<boolean> {
    try {
      const messageId = await transport.deliver(row, await mailAttachmentsOf(db, row.id));
      await db
        .update(mailOutbox)
        // A sent mail is never sent again: its stored copy keeps no live link (a reset or
        // verification link in a backup or the admin's view would act for its recipient).
        .set({
          status: 'sent',
          sentAt: at(),
          messageId: messageId ?? null,
          lastError: null,
          html: maskMailSecrets(row.html),
          text: maskMailSecrets(row.text),
          headers: maskMailHeaders(row.headers),
        })
        .where(eq(mailOutbox.id, row.id));
      return true;
    } catch (e) {
      const error = describeError(e);
      const permanent = (e as SendError | undefined)?.permanent === true;
      const delay = permanent ? null : retryDelayMs(row.attempts);
      if (delay === null) {
        await db.update(mailOutbox).set({ status: 'failed', lastError: error }).where(eq(mailOutbox.id, row.id));
        log(`mail ${row.id} to ${row.to} failed for good after ${row.attempts} attempt(s): ${error}`);
      } else {
        await db
          .update(mailOutbox)
          .set({ lastError: error, nextAttemptAt: at(delay) })
          .where(eq(mailOutbox.id, row.id));
        log(`mail ${row.id} to ${row.to} not delivered (attempt ${row.attempts}), retry in ${Math.round(delay / 1000)} s: ${error}`);
      }
      return false;
    }
  }

  async function drain(): Promise<number> {
    let sent = 0;
    const db = dbOf();
    while (!stopped()) {
      const row = await claimOne(db);
      if (!row) break;
      if (await deliverOne(db, row)) sent++;
    }
    return sent;
  }

  const loop = startDrainLoop({ name: 'mail worker', intervalMs, drain, log, describeError, wakers: opts.wakeOnEnqueue !== false ? activeWorkers : undefined });
  return {
    drainNow: () => loop.drainNow(),
    async stop() {
      await loop.stop();
      transport.close();
    },
  };
}

/**
 * Sends a pending or failed mail again as soon as a worker runs; a failed mail gets a fresh set of
 * attempts. Returns false when there is no such mail or it was already sent.
 */
export async function retryMail(id: string, db: Db = getDb()): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const rows = await db
    .update(mailOutbox)
    .set({
      status: 'pending',
      nextAttemptAt: at(),
      attempts: sql`case when ${mailOutbox.status} = 'failed' then 0 else ${mailOutbox.attempts} end`,
    })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['pending', 'failed'])))
    .returning({ id: mailOutbox.id });
  if (rows.length > 0) for (const w of activeWorkers) w.kick();
  return rows.length > 0;
}

/** One row of the admin's mail list (without the bodies). */
export type OutboxListItem = Omit<OutboxRow, 'html' | 'text'>;

export const OUTBOX_PER_PAGE = 50;

/** The outbox newest first, optionally of one status and matching `q` in recipient or subject. */
export async function listOutbox(opts: { status?: MailStatus; page?: number; perPage?: number; q?: string; db?: Db } = {}): Promise<Paged<OutboxListItem>> {
  const db = opts.db ?? getDb();
  const perPage = opts.perPage ?? OUTBOX_PER_PAGE;
  const filters: SQL[] = [];
  if (opts.status) filters.push(eq(mailOutbox.status, opts.status));
  const q = opts.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern));
    if (match) filters.push(match);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mailOutbox).where(where);
  const shown = pageWithin(opts.page, total, perPage);
  const { html: _html, text: _text, ...columns } = getTableColumns(mailOutbox);
  const items = await db
    .select(columns)
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(perPage)
    .offset(shown.offset);
  return { items, pages: shown.pages, page: shown.page, total };
}

/** One mail with its bodies (the admin's preview), or null. */
export async function getOutboxMail(
  id: string,
  db: Db = getDb(),
): Promise<(OutboxRow & { attachments: { filename: string; contentType: string; size: number }[] }) | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row) return null;
  const attachments = await db
    .select({
      filename: mailAttachments.filename,
      contentType: mailAttachments.contentType,
      size: sql<number>`octet_length(${mailAttachments.content})`.mapWith(Number),
    })
    .from(mailAttachments)
    .where(eq(mailAttachments.mailId, id))
    .orderBy(asc(mailAttachments.position));
  return { ...row, attachments };
}

/** How many mails are pending, sent and failed. */
export async function countOutboxByStatus(db: Db = getDb()): Promise<Record<MailStatus, number>> {
  const rows = await db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status);
  const counts = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
  for (const r of rows) counts[r.status] = r.n;
  return counts;
}
