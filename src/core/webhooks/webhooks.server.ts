// Webhooks: events sent to the endpoints an administrator registers, through an outbox like mail's.
//
// A feature calls enqueueWebhook(tx, event, payload) inside the transaction of the change, so a
// delivery exists exactly when the change does (one row per active endpoint subscribed to the
// event). The worker claims due rows one at a time per lane (an atomic UPDATE over a FOR UPDATE
// SKIP LOCKED pick: several processes never take the same row), POSTs them signed, and retries
// failures with exponential backoff. A claimed row is hidden for a lease; when the process dies
// mid-delivery the lease runs out and the row is taken again (at least once; the receiver dedupes on
// X-Cobi-Delivery). All times are core/time's clock, so a test moves them with setClock().
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { and, arrayContains, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Actor } from '~/core/audit/audit.server';
import { recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { isOneLine } from '~/core/http/one-line';
import { type Paged, pageCount } from '~/core/http/pagination';
import { now } from '~/core/time/clock';
import { startDrainLoop } from '~/core/workers/drain-loop';
import { postOnce } from './outbound.server';
import { openSecret, sealSecret } from './secret-box';
import {
  WEBHOOK_EVENTS,
  type WebhookDeliveryRow,
  type WebhookDeliveryStatus,
  type WebhookEndpointRow,
  type WebhookEvent,
  webhookDeliveries,
  webhookEndpoints,
} from './webhooks.schema';

export { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENTS, type WebhookDeliveryStatus, type WebhookEvent } from './webhooks.schema';

/** Tries before a delivery is marked failed. */
export const MAX_ATTEMPTS = 10;
/** Wait after the n-th failed try (index n-1): 1 min growing about threefold to 12 h. */
export const RETRY_DELAYS_MS = [60_000, 180_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000, 43_200_000] as const;
/** How long a claimed delivery is hidden from other workers; after a crash it is due again. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Deliveries a worker sends at once (one slow receiver does not hold up the others). */
export const LANES = 4;

/** The wait before the next try after `attempts` failed ones, or null when none is left. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
}

/** A new signing secret: `whsec_` + 32 random bytes, base64url. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The X-Cobi-Signature header of a body: `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{body}"}`. */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The JSON body of a delivery: the same bytes on every try. */
export function deliveryBody(row: Pick<WebhookDeliveryRow, 'id' | 'event' | 'payload' | 'createdAt'>): string {
  return JSON.stringify({ id: row.id, event: row.event, created_at: row.createdAt.toISOString(), data: row.payload });
}

// Workers of this process, nudged after an enqueue so a delivery goes out without waiting for the tick.
const activeWorkers = new Set<{ kick(): void }>();

function kickWorkers() {
  for (const w of activeWorkers) w.kick();
}

/**
 * Queues `event` for every active endpoint subscribed to it, in the caller's transaction (`tx`): if
 * it rolls back, nothing is sent. The payload is stored as JSON (dates become ISO strings); it must
 * hold no secret or token. Returns how many deliveries were queued.
 */
export async function enqueueWebhook(tx: Db, event: WebhookEvent, payload: Record<string, unknown>): Promise<number> {
  if (!(WEBHOOK_EVENTS as readonly string[]).includes(event)) throw new Error(`unknown webhook event ${event}`);
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [event])));
  if (endpoints.length === 0) return 0;
  const data = JSON.parse(JSON.stringify(payload)) as Record<string, unknown>;
  const at = now();
  await tx
    .insert(webhookDeliveries)
    .values(endpoints.map((e) => ({ id: randomUUID(), endpointId: e.id, event, payload: data, nextAttemptAt: at, createdAt: at, updatedAt: at })));
  kickWorkers();
  return endpoints.length;
}

type Claimed = WebhookDeliveryRow & { url: string; secret: string };

/** Takes one due delivery of an active endpoint: bumps attempts and hides it for the lease, atomically. */
export async function claimDelivery(db: Db): Promise<Claimed | undefined> {
  const at = now();
  // A CTE runs once; an IN (subquery) may be re-run per row and then claim more than one.
  const due = db.$with('due').as(
    db
      .select({ dueId: sql<string>`${webhookDeliveries.id}`.as('due_id') })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at), eq(webhookEndpoints.active, true)))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(1)
      .for('update', { of: webhookDeliveries, skipLocked: true }),
  );
  const [row] = await db
    .with(due)
    .update(webhookDeliveries)
    .set({
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(at.getTime() + CLAIM_LEASE_MS),
      lastAttemptAt: at,
      updatedAt: at,
    })
    .from(due)
    .where(and(eq(webhookDeliveries.id, due.dueId), eq(webhookDeliveries.status, 'pending')))
    .returning();
  if (!row) return undefined;
  const [endpoint] = await db
    .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (!endpoint) return undefined;
  return { ...row, url: endpoint.url, secret: openSecret(endpoint.secret) };
}

function describeError(e: unknown): string {
  const err = (e ?? {}) as { code?: string; message?: string };
  return [err.code, err.message ?? String(e)].filter(Boolean).join(' ').slice(0, 1000);
}

/** One line of an answer for the log: control characters out, at most 300 characters. */
function answerSnippet(answer: string): string {
  return answer
    .split('')
    .map((c) => (isOneLine(c) ? c : ' '))
    .join('')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, 300);
}

/** POSTs one claimed delivery and records the outcome; true when the receiver answered 2xx. */
export async function sendDelivery(db: Db, row: Claimed, log: (m: string) => void = () => {}): Promise<boolean> {
  const body = deliveryBody(row);
  const t = Math.floor(now().getTime() / 1000);
  let status: number | null = null;
  let error: string | null = null;
  try {
    const res = await postOnce(row.url, body, {
      'content-type': 'application/json',
      'user-agent': 'COBI-Webhooks/1',
      'x-cobi-event': row.event,
      'x-cobi-delivery': row.id,
      'x-cobi-signature': signatureHeader(row.secret, body, t),
    });
    status = res.status;
    if (status < 200 || status > 299) error = `HTTP ${status}${res.answer ? `: ${answerSnippet(res.answer)}` : ''}`;
  } catch (e) {
    error = describeError(e);
  }
  const at = now();
  // Only the claim that is still current records its outcome (a delivery taken again after its
  // lease ran out belongs to the newer claim).
  const mine = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.attempts, row.attempts), eq(webhookDeliveries.status, 'pending'));
  if (error === null) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'succeeded', lastStatusCode: status, lastError: null, deliveredAt: at, updatedAt: at })
      .where(eq(webhookDeliveries.id, row.id));
    return true;
  }
  const delay = retryDelayMs(row.attempts);
  if (delay === null) {
    await db.update(webhookDeliveries).set({ status: 'failed', lastStatusCode: status, lastError: error, updatedAt: at }).where(mine);
    log(`webhook ${row.id} (${row.event}) to endpoint ${row.endpointId} failed for good after ${row.attempts} tries: ${error}`);
  } else {
    await db
      .update(webhookDeliveries)
      .set({ lastStatusCode: status, lastError: error, nextAttemptAt: new Date(at.getTime() + delay), updatedAt: at })
      .where(mine);
    log(`webhook ${row.id} (${row.event}) to endpoint ${row.endpointId} not delivered (try ${row.attempts}), next in ${Math.round(delay / 1000)} s: ${error}`);
  }
  return false;
}

export interface WebhookWorkerOptions {
  /** Default: the process database (getDb()) at each drain. */
  db?: Db;
  /** Poll interval; default 5000 ms. */
  intervalMs?: number;
  log?: (m: string) => void;
  /** Drain ~100 ms after an enqueue in this process (default true); tests counting drainNow() turn it off. */
  wakeOnEnqueue?: boolean;
}

export interface WebhookWorker {
  /** Stops polling and waits for the deliveries in progress. */
  stop(): Promise<void>;
  /** Sends every due delivery now; resolves with how many succeeded in this call. */
  drainNow(): Promise<number>;
}

/** Starts the worker that sends webhook deliveries; call stop() on shutdown before closing the database. */
export function startWebhookWorker(opts: WebhookWorkerOptions = {}): WebhookWorker {
  const intervalMs = opts.intervalMs ?? 5000;
  const log = opts.log ?? ((m: string) => console.warn(m));
  const dbOf = () => opts.db ?? getDb();
  // The loop (interval, kicks, one drain at a time, stop): core/workers/drain-loop.ts.
  // (Read by a drain, which runs only after the loop below has started.)
  const stopped = () => loop.stopped;

  async function lane(db: Db): Promise<number> {
    let ok = 0;
    while (!stopped()) {
      const row = await claimDelivery(db);
      if (!row) break;
      if (await sendDelivery(db, row, log)) ok++;
    }
    return ok;
  }

  async function drain(): Promise<number> {
    const db = dbOf();
    const done = await Promise.all(Array.from({ length: LANES }, () => lane(db)));
    return done.reduce((a, b) => a + b, 0);
  }

  const loop = startDrainLoop({
    name: 'webhook worker',
    intervalMs,
    drain,
    log,
    describeError,
    wakers: opts.wakeOnEnqueue !== false ? activeWorkers : undefined,
  });
  return {
    drainNow: () => loop.drainNow(),
    async stop() {
      await loop.stop();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Administration: endpoints and the delivery log.

/** An endpoint as the admin sees it: never its secret. */
export type WebhookEndpoint = Omit<WebhookEndpointRow, 'secret'>;

export interface WebhookEndpointInput {
  url: string;
  events: WebhookEvent[];
  active: boolean;
}

/** The change log's kind of record for an endpoint. */
export const WEBHOOK_ENTITY = 'webhook_endpoint';

const publicColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  events: webhookEndpoints.events,
  active: webhookEndpoints.active,
  createdBy: webhookEndpoints.createdBy,
  createdAt: webhookEndpoints.createdAt,
  updatedAt: webhookEndpoints.updatedAt,
  version: webhookEndpoints.version,
};

/** Creates an endpoint with a new secret; the only place the secret is returned. */
export async function createWebhookEndpoint(input: WebhookEndpointInput, actor: Actor, db: Db = getDb()): Promise<{ id: number; secret: string }> {
  const secret = newWebhookSecret();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const at = now();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: input.url,
        events: [...new Set(input.events)],
        active: input.active,
        secret: sealSecret(secret),
        createdBy: actor.userId,
        createdAt: at,
        updatedAt: at,
      })
      .returning(publicColumns);
    if (!row) throw new Error('webhook_endpoints: no row');
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: WEBHOOK_ENTITY, entityId: row.id, action: 'create', after: row });
    return { id: row.id, secret };
  });
}

/** Changes an endpoint's URL, events and active flag; false when there is none. */
export async function updateWebhookEndpoint(id: number, input: Partial<WebhookEndpointInput>, actor: Actor, db: Db = getDb()): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select(publicColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
    if (!before) return false;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        updatedAt: now(),
        version: sql`${webhookEndpoints.version} + 1`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning(publicColumns);
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: WEBHOOK_ENTITY, entityId: id, action: 'update', before, after });
    if (after?.active && !before.active) kickWorkers();
    return true;
  });
}

/** Deletes an endpoint with its delivery log; false when there is none. */
export async function deleteWebhookEndpoint(id: number, actor: Actor, db: Db = getDb()): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning(publicColumns);
    if (!before) return false;
    await recordChange(tx, { userId: actor.userId, userEmail: actor.userEmail, entity: WEBHOOK_ENTITY, entityId: id, action: 'delete', before });
    return true;
  });
}

/** One endpoint without its secret, or null. */
export async function getWebhookEndpoint(id: number, db: Db = getDb()): Promise<WebhookEndpoint | null> {
  const [row] = await db.select(publicColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row ?? null;
}

/** A delivery as the delivery log shows it (the payload is left to the detail). */
export type WebhookDeliveryItem = Omit<WebhookDeliveryRow, 'payload'>;

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  event: webhookDeliveries.event,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
  updatedAt: webhookDeliveries.updatedAt,
};

/** The number of deliveries of the latest ones listed with each endpoint. */
export const RECENT_DELIVERIES = 5;

export type WebhookEndpointListItem = WebhookEndpoint & { recent: WebhookDeliveryItem[]; counts: Record<WebhookDeliveryStatus, number> };

/** Endpoints, newest first, each with its latest deliveries and counts per status. */
export async function listWebhookEndpoints(opts: { page?: number; perPage?: number } = {}, db: Db = getDb()): Promise<Paged<WebhookEndpointListItem>> {
  const perPage = opts.perPage ?? 20;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(webhookEndpoints);
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(opts.page ?? 1)), pages);
  const endpoints = await db
    .select(publicColumns)
    .from(webhookEndpoints)
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const ids = endpoints.map((e) => e.id);
  const counts = ids.length
    ? await db
        .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, ids))
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status)
    : [];
  const items: WebhookEndpointListItem[] = [];
  for (const e of endpoints) {
    const recent = await db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, e.id))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(RECENT_DELIVERIES);
    const c = { pending: 0, succeeded: 0, failed: 0 } as Record<WebhookDeliveryStatus, number>;
    for (const r of counts) if (r.endpointId === e.id) c[r.status] = Number(r.n);
    items.push({ ...e, recent, counts: c });
  }
  return { items, pages, page, total };
}

/** One endpoint's deliveries, newest first, optionally of one status. */
export async function listWebhookDeliveries(
  endpointId: number,
  opts: { page?: number; perPage?: number; status?: WebhookDeliveryStatus } = {},
  db: Db = getDb(),
): Promise<Paged<WebhookDeliveryItem>> {
  const perPage = opts.perPage ?? 25;
  const where = and(eq(webhookDeliveries.endpointId, endpointId), opts.status ? eq(webhookDeliveries.status, opts.status) : undefined);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(webhookDeliveries).where(where);
  const pages = pageCount(total, perPage);
  const page = Math.min(Math.max(1, Math.trunc(opts.page ?? 1)), pages);
  const items = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(where)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, pages, page, total };
}

/** One delivery with its payload, or null. */
export async function getWebhookDelivery(id: string, db: Db = getDb()): Promise<WebhookDeliveryRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  return row ?? null;
}

/**
 * "Send again": the delivery is due now with a fresh set of tries (the same id, so a receiver that
 * already has it recognises it). False when there is no such delivery.
 */
export async function retryWebhookDelivery(id: string, db: Db = getDb()): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const at = now();
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: at, updatedAt: at })
    .where(eq(webhookDeliveries.id, id))
    .returning({ id: webhookDeliveries.id });
  if (rows.length > 0) kickWorkers();
  return rows.length > 0;
}

/** How long a finished (succeeded or failed) delivery stays in the log. */
export const DELIVERY_RETENTION_MS = 90 * 86_400_000;

/** The sweeper of finished deliveries older than DELIVERY_RETENTION_MS (pending ones stay). */
export async function sweepWebhookDeliveries(at: Date, db: Db = getDb()): Promise<number> {
  const rows = await db
    .delete(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.status, ['succeeded', 'failed']), lte(webhookDeliveries.updatedAt, new Date(at.getTime() - DELIVERY_RETENTION_MS))))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}
