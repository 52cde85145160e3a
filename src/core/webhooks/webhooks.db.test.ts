// The webhook outbox against a receiver written as a customer would write one: it recomputes the
// HMAC, checks that t is within 5 minutes and dedupes on X-Cobi-Delivery. Time moves on core/time's
// clock (setClock), never by sleeping.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { now, resetClock, setClock } from '~/core/time/clock';
import { openTestDatabase } from '~tests/helpers/test-app';
import { type Receiver, startReceiver } from '~tests/helpers/webhook-receiver';
import { isPrivateAddress, postOnce, publicOnlyLookup, webhookUrlProblem } from './outbound.server';
import { openSecret, setWebhookSecretKey } from './secret-box';
import { webhookDeliveries, webhookEndpoints } from './webhooks.schema';
import {
  CLAIM_LEASE_MS,
  DELIVERY_RETENTION_MS,
  claimDelivery,
  createWebhookEndpoint,
  deliveryBody,
  enqueueWebhook,
  listWebhookEndpoints,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  retryWebhookDelivery,
  sendDelivery,
  signatureHeader,
  startWebhookWorker,
  sweepWebhookDeliveries,
  type WebhookWorker,
} from './webhooks.server';

let database: Database;
let drop: () => Promise<void>;
let db: Db;
let receiver: Receiver;
let secret = '';
const workers: WebhookWorker[] = [];
let skipped = 0;
const actor = { userId: 1, userEmail: 'admin@example.com' };

function worker() {
  const w = startWebhookWorker({ db, intervalMs: 3_600_000, wakeOnEnqueue: false, log: () => {} });
  workers.push(w);
  return w;
}
const skip = (ms: number) => {
  skipped += ms;
};

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  setDatabase(database);
  setWebhookSecretKey('x'.repeat(40));
  db = database.db;
  receiver = await startReceiver(() => secret);
});

afterAll(async () => {
  resetClock();
  await receiver.close();
  await drop();
});

beforeEach(async () => {
  skipped = 0;
  setClock(() => new Date(Date.now() + skipped));
  receiver.answer = () => 200;
  receiver.accepted.clear();
  receiver.hits = 0;
  receiver.refusedSignatures = 0;
  await db.delete(webhookEndpoints);
  ({ secret } = await createWebhookEndpoint({ url: receiver.url, events: ['order.placed', 'complaint.created'], active: true }, actor, db));
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

async function deliveries() {
  return db.select().from(webhookDeliveries);
}

describe('enqueue', () => {
  it('queues one delivery per active endpoint subscribed to the event, in the caller transaction', async () => {
    await createWebhookEndpoint({ url: 'https://erp.example.com/hook', events: ['order.placed'], active: true }, actor, db);
    await createWebhookEndpoint({ url: 'https://crm.example.com/hook', events: ['order.placed'], active: false }, actor, db);
    await createWebhookEndpoint({ url: 'https://other.example.com/hook', events: ['rental.booked'], active: true }, actor, db);
    await db.transaction(async (tx) => {
      expect(await enqueueWebhook(tx as unknown as Db, 'order.placed', { id: 1, number: 'ZS/2026/000001' })).toBe(2);
    });
    expect(await deliveries()).toHaveLength(2);
    // A rolled-back change queues nothing.
    await expect(
      db.transaction(async (tx) => {
        await enqueueWebhook(tx as unknown as Db, 'order.placed', { id: 2 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await deliveries()).toHaveLength(2);
  });
});

describe('delivery', () => {
  it('POSTs signed JSON the receiver verifies, once per delivery id', async () => {
    await enqueueWebhook(db, 'order.placed', { id: 7, number: 'ZS/2026/000007', created_at: new Date('2026-11-29T10:00:00Z') });
    expect(await worker().drainNow()).toBe(1);
    expect(receiver.refusedSignatures).toBe(0);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200, lastError: null });
    const got = receiver.accepted.get(row?.id ?? '');
    expect(got?.event).toBe('order.placed');
    expect(got?.body).toMatchObject({ id: row?.id, event: 'order.placed', data: { id: 7, number: 'ZS/2026/000007', created_at: '2026-11-29T10:00:00.000Z' } });
  });

  it('a receiver with another secret or an old timestamp refuses it (and it is retried)', async () => {
    const real = secret;
    secret = 'whsec_wrong';
    await enqueueWebhook(db, 'order.placed', { id: 1 });
    expect(await worker().drainNow()).toBe(0);
    expect(receiver.refusedSignatures).toBe(1);
    secret = real;
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'pending', lastStatusCode: 400 });
    expect(row?.lastError).toMatch(/^HTTP 400: bad signature/);
  });

  it('retries with backoff from 1 min, then marks it failed after 10 tries', async () => {
    // A still clock: the waits are read as nextAttemptAt - now(), which a moving clock shortened by
    // the time the try took (59 s instead of 60 in a loaded CI run).
    const still = Date.now();
    setClock(() => new Date(still + skipped));
    receiver.answer = () => 503;
    await enqueueWebhook(db, 'complaint.created', { id: 3 });
    const w = worker();
    const waits: number[] = [];
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await w.drainNow()).toBe(0);
      const [row] = await deliveries();
      expect(row?.attempts).toBe(i);
      expect(row?.lastStatusCode).toBe(503);
      // The answer is read only in part (the receiver sent 10 kB).
      expect((row?.lastError ?? '').length).toBeLessThan(400);
      if (i < MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        const wait = (row?.nextAttemptAt.getTime() ?? 0) - now().getTime();
        waits.push(Math.round(wait / 1000));
        // Not due a moment before its time.
        skip(wait - 1000);
        expect(await w.drainNow()).toBe(0);
        expect((await deliveries())[0]?.attempts).toBe(i);
        skip(1000);
      } else expect(row?.status).toBe('failed');
    }
    expect(waits).toEqual(RETRY_DELAYS_MS.map((ms) => ms / 1000));
    expect(waits[0]).toBe(60);
    expect(waits.at(-1)).toBe(12 * 3600);
    expect(receiver.hits).toBe(MAX_ATTEMPTS);
    // Nothing more is tried.
    skip(86_400_000);
    await w.drainNow();
    expect(receiver.hits).toBe(MAX_ATTEMPTS);
    // "Send again" gives it a fresh set of tries; the receiver now accepts.
    receiver.answer = () => 200;
    const [row] = await deliveries();
    expect(await retryWebhookDelivery(row?.id ?? '', db)).toBe(true);
    expect(await w.drainNow()).toBe(1);
    expect((await deliveries())[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('a receiver that does not answer within 10 s is a failed try', async () => {
    receiver.answer = () => 'hang';
    await expect(postOnce(receiver.url, '{}', { 'content-type': 'application/json' }, 300)).rejects.toThrow(/no answer/);
  });

  it('a redirect is not followed', async () => {
    receiver.answer = () => 302;
    await enqueueWebhook(db, 'order.placed', { id: 1 });
    expect(await worker().drainNow()).toBe(0);
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', lastStatusCode: 302 });
    expect(receiver.hits).toBe(1);
  });

  it('an inactive endpoint keeps its deliveries until it is active again', async () => {
    await enqueueWebhook(db, 'order.placed', { id: 1 });
    await db.update(webhookEndpoints).set({ active: false });
    expect(await worker().drainNow()).toBe(0);
    expect((await deliveries())[0]?.status).toBe('pending');
    await db.update(webhookEndpoints).set({ active: true });
    expect(await worker().drainNow()).toBe(1);
  });
});

describe('a killed process', () => {
  it('a delivery claimed by a process that died is taken again after the lease, delivered once', async () => {
    await enqueueWebhook(db, 'order.placed', { id: 9 });
    // Process A claims it, POSTs it (the receiver stores it) and dies before recording the outcome.
    const claimed = await claimDelivery(db);
    expect(claimed).toBeDefined();
    // The POST of process A reached the receiver; its outcome was never written.
    const body = deliveryBody(claimed as NonNullable<typeof claimed>);
    const t = Math.floor(now().getTime() / 1000);
    await postOnce(claimed?.url ?? '', body, {
      'content-type': 'application/json',
      'x-cobi-event': 'order.placed',
      'x-cobi-delivery': claimed?.id ?? '',
      'x-cobi-signature': signatureHeader(claimed?.secret ?? '', body, t),
    });
    expect(receiver.accepted.size).toBe(1);
    // Within the lease nobody takes it.
    const w = worker();
    expect(await w.drainNow()).toBe(0);
    skip(CLAIM_LEASE_MS - 1000);
    expect(await w.drainNow()).toBe(0);
    // After the lease another process takes it again; the receiver dedupes on X-Cobi-Delivery.
    skip(2000);
    expect(await w.drainNow()).toBe(1);
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(receiver.accepted.size).toBe(1);
    // The claim that died cannot overwrite the outcome afterwards.
    await sendDelivery(db, { ...(claimed as NonNullable<typeof claimed>), url: 'http://127.0.0.1:1/' });
    expect((await deliveries())[0]?.status).toBe('succeeded');
  });

  it('parallel workers claim every delivery exactly once', async () => {
    for (let i = 0; i < 40; i++) await enqueueWebhook(db, 'order.placed', { id: i });
    const claims = await Promise.all(Array.from({ length: 60 }, () => claimDelivery(db)));
    const ids = claims.filter(Boolean).map((c) => c?.id);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });

  it('several workers drain together and each delivery reaches the receiver once', async () => {
    for (let i = 0; i < 20; i++) await enqueueWebhook(db, 'order.placed', { id: i });
    const sent = await Promise.all([worker().drainNow(), worker().drainNow(), worker().drainNow()]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(20);
    expect(receiver.hits).toBe(20);
    expect(receiver.accepted.size).toBe(20);
  });
});

describe('a name that resolves to an internal address (DNS rebinding)', () => {
  it('is refused by the lookup the delivery socket uses', async () => {
    const result = await new Promise<{ err: NodeJS.ErrnoException | null }>((resolve) =>
      publicOnlyLookup('localhost', { all: true }, (err: NodeJS.ErrnoException | null) => resolve({ err })),
    );
    expect(result.err?.code).toBe('EADDRNOTALLOWED');
  });
});

describe('retention', () => {
  it('the sweeper deletes finished deliveries after 90 days and keeps pending ones', async () => {
    await enqueueWebhook(db, 'order.placed', { id: 1 });
    await enqueueWebhook(db, 'order.placed', { id: 2 });
    receiver.answer = () => 200;
    await claimDelivery(db).then((c) => sendDelivery(db, c as NonNullable<typeof c>));
    expect(await sweepWebhookDeliveries(new Date(now().getTime() + DELIVERY_RETENTION_MS - 60_000), db)).toBe(0);
    expect(await sweepWebhookDeliveries(new Date(now().getTime() + DELIVERY_RETENTION_MS + 60_000), db)).toBe(1);
    expect((await deliveries()).map((d) => d.status)).toEqual(['pending']);
  });
});

describe('endpoints', () => {
  it('the list never holds the secret', async () => {
    const list = await listWebhookEndpoints({}, db);
    expect(list.items).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(secret);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it('the database holds the secret sealed (a backup has no usable secret); the server key opens it, another does not', async () => {
    const [row] = await db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    expect(row.secret).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
    expect(row.secret).not.toContain(secret.slice(6));
    expect(openSecret(row.secret)).toBe(secret);
    setWebhookSecretKey('y'.repeat(40));
    try {
      expect(() => openSecret(row.secret)).toThrow();
    } finally {
      setWebhookSecretKey('x'.repeat(40));
    }
  });

  it('URL rules: https, or http to localhost; no credentials, no internal hosts', () => {
    expect(webhookUrlProblem('https://erp.example.com/hook')).toBeNull();
    expect(webhookUrlProblem('http://localhost:8080/hook')).toBeNull();
    expect(webhookUrlProblem('http://127.0.0.1:8080/hook')).toBeNull();
    expect(webhookUrlProblem('http://erp.example.com/hook')).toBe('https');
    expect(webhookUrlProblem('ftp://erp.example.com/hook')).toBe('https');
    expect(webhookUrlProblem('https://user:pass@erp.example.com/hook')).toBe('credentials');
    for (const u of [
      'https://10.0.0.5/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://127.0.0.2/',
      'https://intranet/',
      'https://erp.internal/',
      'https://printer.local/',
      'https://0x0a000001/',
    ])
      expect(webhookUrlProblem(u), u).toBe('internal');
    expect(webhookUrlProblem('not a url')).toBe('invalid');
    expect(webhookUrlProblem(`https://a.example.com/${'x'.repeat(2100)}`)).toBe('invalid');
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    expect(isPrivateAddress('::ffff:7f00:1')).toBe(true);
    expect(isPrivateAddress('2a00:1450::1')).toBe(false);
  });
});
