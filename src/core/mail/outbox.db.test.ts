import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '~/core/db/client.server';
import { setDatabase } from '~/core/db/db.server';
import { openTestDatabase } from '~tests/helpers/test-app';
import { brandedMail } from './layout.server';
import { mailOutbox } from './mail.schema';
import {
  CLAIM_LEASE_MS,
  countOutboxByStatus,
  enqueueMail,
  getOutboxMail,
  listOutbox,
  MAX_ATTEMPTS,
  type MailWorker,
  type OutgoingMail,
  RETRY_DELAYS_MS,
  retryMail,
  setOutboxClock,
  startMailWorker,
} from './outbox.server';

const parseMail = (raw: Buffer) => PostalMime.parse(raw);
const header = (mail: { headers: { key: string; value: string }[] }, key: string) => mail.headers.find((h) => h.key === key)?.value;
const address = (a: unknown) => (a as { address?: string } | undefined)?.address;

interface Received {
  from: string | undefined;
  rcpt: string[];
  user: string | undefined;
  raw: Buffer;
}

/** A real SMTP server in-process (plain, with AUTH); `reject` answers RCPT TO with a 550. */
async function startSmtp(opts: { port?: number; reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 's3cret pass') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, cb) {
      if (opts.reject) {
        const err = new Error('Mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        cb(err);
      } else cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          rcpt: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks),
        });
        cb();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      const addr = server.server.address();
      resolve(typeof addr === 'object' && addr ? addr.port : 0);
    });
  });
  return {
    port,
    received,
    url: `smtp://mailer:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const addr = srv.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function sample(over: Partial<OutgoingMail> = {}): OutgoingMail {
  const body = brandedMail({
    locale: 'pl',
    heading: 'Potwierdź adres e-mail',
    paragraphs: ['Kliknij przycisk, aby potwierdzić konto.'],
    action: { label: 'Potwierdź', url: 'https://example.com/pl/verify/tok-123' },
  });
  return { to: 'jan.kowalski@example.com', subject: 'Zażółć gęślą jaźń — potwierdzenie', ...body, locale: 'pl', kind: 'account.verify', ...over };
}

let database: Database;
let drop: () => Promise<void>;
let dataDir: string;
const workers: MailWorker[] = [];
const cleanups: (() => Promise<void>)[] = [];
// The workers' clock: real time plus what a test skips ahead.
let skipped = 0;
const now = () => new Date(Date.now() + skipped);

// Workers are not nudged by enqueues unless a test asks: the counts of drainNow() are then exact.
function worker(opts: { smtpUrl?: string; intervalMs?: number; wakeOnEnqueue?: boolean } = {}) {
  const w = startMailWorker({
    smtpUrl: opts.smtpUrl,
    dataDir,
    intervalMs: opts.intervalMs ?? 3_600_000,
    wakeOnEnqueue: opts.wakeOnEnqueue ?? false,
    log: () => {},
    from: 'COBI NET <sklep@cobi.example>',
    db: database.db,
  });
  workers.push(w);
  return w;
}

async function rows() {
  return database.db.select().from(mailOutbox);
}

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  setDatabase(database);
  setOutboxClock(now);
});

afterAll(async () => {
  setOutboxClock();
  setDatabase(undefined);
  await drop();
});

beforeEach(async () => {
  skipped = 0;
  dataDir = mkdtempSync(path.join(tmpdir(), 'mail-test-'));
  await database.db.delete(mailOutbox);
});

afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  for (const c of cleanups.splice(0)) await c();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mail outbox over SMTP', () => {
  it('delivers through a real SMTP server with the credentials of SMTP_URL', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const w = worker({ smtpUrl: smtp.url });
    await enqueueMail(database.db, sample());
    expect((await rows())[0]?.status).toBe('pending');

    expect(await w.drainNow()).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const got = smtp.received[0] as Received;
    expect(got.user).toBe('mailer');
    expect(got.rcpt).toEqual(['jan.kowalski@example.com']);
    expect(got.from).toBe('sklep@cobi.example');
    const parsed = await parseMail(got.raw);
    expect(parsed.subject).toBe('Zażółć gęślą jaźń — potwierdzenie');
    expect(parsed.html).toContain('Kliknij przycisk, aby potwierdzić konto.');
    expect(parsed.html).toContain('href="https://example.com/pl/verify/tok-123"');
    expect(parsed.text).toContain('https://example.com/pl/verify/tok-123');
    expect(header(parsed, 'x-mail-kind')).toBe('account.verify');
    expect(header(parsed, 'content-language')).toBe('pl');

    const [row] = await rows();
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(1);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.lastError).toBeNull();
    expect(row?.messageId).toBe(`<${row?.id}@cobi.example>`);
    expect(parsed.messageId).toBe(row?.messageId);

    // nothing is sent twice
    expect(await w.drainNow()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a mail through an SMTP outage and delivers it once the server is back', async () => {
    const port = await freePort();
    const url = `smtp://mailer:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}`;
    const w = worker({ smtpUrl: url });
    await enqueueMail(database.db, sample());

    const before = now().getTime();
    expect(await w.drainNow()).toBe(0);
    const after = now().getTime();
    let [row] = await rows();
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    const next = row?.nextAttemptAt.getTime() ?? 0;
    expect(next).toBeGreaterThanOrEqual(before + RETRY_DELAYS_MS[0]);
    expect(next).toBeLessThanOrEqual(after + RETRY_DELAYS_MS[0]);

    const smtp = await startSmtp({ port });
    cleanups.push(smtp.close);
    // not due yet: the worker waits for the backoff
    expect(await w.drainNow()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await rows())[0]?.attempts).toBe(1);

    skipped += RETRY_DELAYS_MS[0] + 1;
    expect(await w.drainNow()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    [row] = await rows();
    expect(row?.status).toBe('sent');
    expect(row?.attempts).toBe(2);
    expect(row?.lastError).toBeNull();
    expect((await parseMail((smtp.received[0] as Received).raw)).subject).toBe(sample().subject);
  });

  it('backs off exponentially and marks the mail failed after the last attempt', async () => {
    const url = `smtp://127.0.0.1:${await freePort()}`;
    const w = worker({ smtpUrl: url });
    await enqueueMail(database.db, sample());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const before = now().getTime();
      expect(await w.drainNow()).toBe(0);
      const after = now().getTime();
      const [row] = await rows();
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe('pending');
        const next = row?.nextAttemptAt.getTime() ?? 0;
        const wait = RETRY_DELAYS_MS[attempt - 1] as number;
        expect(next).toBeGreaterThanOrEqual(before + wait);
        expect(next).toBeLessThanOrEqual(after + wait);
        waits.push(wait);
        // not due a moment before the wait is over
        skipped = next - Date.now() - 1000;
        expect(await w.drainNow()).toBe(0);
        expect((await rows())[0]?.attempts).toBe(attempt);
        skipped = next - Date.now() + 1;
      } else {
        expect(row?.status).toBe('failed');
        expect(row?.lastError).toBeTruthy();
      }
    }
    expect(waits).toHaveLength(MAX_ATTEMPTS - 1);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1] as number);
    // a failed mail is not picked up again, however late
    skipped += 365 * 86_400_000;
    expect(await w.drainNow()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(MAX_ATTEMPTS);
    expect(await countOutboxByStatus()).toEqual({ pending: 0, sent: 0, failed: 1 });
  });

  it('fails at once when the server rejects the recipient permanently (5xx)', async () => {
    const smtp = await startSmtp({ reject: true });
    cleanups.push(smtp.close);
    const w = worker({ smtpUrl: smtp.url });
    await enqueueMail(database.db, sample());
    expect(await w.drainNow()).toBe(0);
    const [row] = await rows();
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(1);
    expect(row?.lastError).toContain('550');
  });

  it('retryMail gives a failed mail a fresh set of attempts and it is delivered', async () => {
    const port = await freePort();
    const w = worker({ smtpUrl: `smtp://mailer:${encodeURIComponent('s3cret pass')}@127.0.0.1:${port}` });
    await enqueueMail(database.db, sample());
    await database.db.update(mailOutbox).set({ attempts: MAX_ATTEMPTS - 1 });
    expect(await w.drainNow()).toBe(0);
    const [failed] = await rows();
    expect(failed?.status).toBe('failed');

    const smtp = await startSmtp({ port });
    cleanups.push(smtp.close);
    expect(await w.drainNow()).toBe(0);
    expect(await retryMail(failed?.id as string)).toBe(true);
    const [queued] = await rows();
    expect(queued?.status).toBe('pending');
    expect(queued?.attempts).toBe(0);
    expect(await w.drainNow()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect((await rows())[0]?.status).toBe('sent');
    // a sent mail, an unknown id and garbage are refused
    expect(await retryMail(failed?.id as string)).toBe(false);
    expect(await retryMail('00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await retryMail('not-a-uuid')).toBe(false);
  });
});

describe('one clock for the outbox', () => {
  it('a mail queued in the same millisecond the worker looks is due (the clock is frozen)', async () => {
    // A frozen clock is the worst case of "same millisecond": with the database stamping the
    // queued row and the worker asking with this clock, the row would never be due.
    const frozen = new Date(Date.now() - 5_000);
    setOutboxClock(() => frozen);
    try {
      const w = worker();
      for (let i = 0; i < 3; i++) {
        await enqueueMail(database.db, sample({ subject: `frozen ${i}` }));
        expect(await w.drainNow()).toBe(1);
      }
      const sent = await rows();
      expect(sent.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
      for (const r of sent) expect(r.nextAttemptAt.getTime()).toBe(frozen.getTime() + CLAIM_LEASE_MS);
    } finally {
      setOutboxClock(now);
    }
  });

  it('the database clock is the default on both sides', async () => {
    setOutboxClock();
    try {
      const w = worker();
      for (let i = 0; i < 5; i++) {
        await enqueueMail(database.db, sample({ subject: `db clock ${i}` }));
        expect(await w.drainNow()).toBe(1);
      }
    } finally {
      setOutboxClock(now);
    }
  });
});

describe('transactional outbox', () => {
  it('never sends a mail whose transaction rolled back, and sends one whose transaction committed', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const w = worker({ smtpUrl: smtp.url });
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, sample({ subject: 'rolled back' }));
        throw new Error('registration failed');
      }),
    ).rejects.toThrow('registration failed');
    await database.db.transaction(async (tx) => {
      await enqueueMail(tx, sample({ subject: 'committed' }));
    });

    expect(await w.drainNow()).toBe(1);
    const all = await rows();
    expect(all.map((r) => r.subject)).toEqual(['committed']);
    expect(smtp.received).toHaveLength(1);
    expect((await parseMail((smtp.received[0] as Received).raw)).subject).toBe('committed');
  });

  it('refuses an invalid recipient and writes nothing', async () => {
    await expect(enqueueMail(database.db, sample({ to: 'not an address' }))).rejects.toThrow();
    await expect(enqueueMail(database.db, sample({ subject: 'a\r\nBcc: x@example.com' }))).rejects.toThrow();
    expect(await rows()).toHaveLength(0);
  });

  it('two workers draining the same outbox deliver every mail exactly once', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    // enqueued before the workers start, so only the two drains below deliver
    for (let i = 0; i < 12; i++) await enqueueMail(database.db, sample({ subject: `mail ${i}` }));
    const a = worker({ smtpUrl: smtp.url });
    const b = worker({ smtpUrl: smtp.url });
    const [na, nb] = await Promise.all([a.drainNow(), b.drainNow()]);
    expect(na + nb).toBe(12);
    expect(smtp.received).toHaveLength(12);
    const subjects = await Promise.all(smtp.received.map(async (r) => (await parseMail(r.raw)).subject));
    expect(subjects.sort()).toEqual(Array.from({ length: 12 }, (_, i) => `mail ${i}`).sort());
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('sends soon after an enqueue without waiting for the poll interval', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    worker({ smtpUrl: smtp.url, intervalMs: 3_600_000, wakeOnEnqueue: true });
    await enqueueMail(database.db, sample());
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 50 });
    await vi.waitFor(async () => expect((await rows())[0]?.status).toBe('sent'), { timeout: 5000, interval: 50 });
  });

  it('polls on its interval', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    // inserted directly, so no enqueue nudge: only the interval can deliver it
    const { html, text } = sample();
    await database.db.insert(mailOutbox).values({ to: 'a@example.com', subject: 'polled', html, text });
    worker({ smtpUrl: smtp.url, intervalMs: 50 });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 50 });
  });

  it('after stop() nothing more is sent', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const w = worker({ smtpUrl: smtp.url, intervalMs: 20 });
    await w.stop();
    await enqueueMail(database.db, sample());
    expect(await w.drainNow()).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(0);
    expect((await rows())[0]?.status).toBe('pending');
  });
});

describe('development mailbox (no SMTP_URL)', () => {
  it('writes each mail as a parseable .eml file under DATA_DIR/mail and marks it sent', async () => {
    const w = worker();
    await enqueueMail(database.db, sample({ to: 'anna@example.com', locale: 'en', kind: 'account.reset' }));
    expect(await w.drainNow()).toBe(1);

    const files = readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const raw = readFileSync(path.join(dataDir, 'mail', files[0] as string));
    const parsed = await parseMail(raw);
    expect(parsed.subject).toBe('Zażółć gęślą jaźń — potwierdzenie');
    expect(parsed.html).toContain('Kliknij przycisk, aby potwierdzić konto.');
    expect(parsed.text).toContain('https://example.com/pl/verify/tok-123');
    expect(parsed.to?.map(address)).toEqual(['anna@example.com']);
    expect(address(parsed.from)).toBe('sklep@cobi.example');

    const [row] = await rows();
    expect(row?.status).toBe('sent');
    expect(files[0]).toContain(row?.id as string);
    // the row stays for the admin's mail screen, with its bodies
    const stored = await getOutboxMail(row?.id as string);
    expect(stored?.html).toContain('Kliknij przycisk');
    expect(stored?.locale).toBe('en');
    expect(stored?.kind).toBe('account.reset');
  });

  it('carries the allowed extra headers (List-Unsubscribe) and refuses others or multi-line values', async () => {
    const w = worker();
    const headers = {
      'List-Unsubscribe': '<https://example.com/api/newsletter/unsubscribe/abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    } as const;
    await enqueueMail(database.db, sample({ to: 'news@example.com', headers }));
    await expect(enqueueMail(database.db, sample({ headers: { Bcc: 'x@example.com' } as never }))).rejects.toThrow();
    await expect(enqueueMail(database.db, sample({ headers: { 'List-Unsubscribe': '<a>\r\nBcc: x@example.com' } }))).rejects.toThrow();
    expect(await w.drainNow()).toBe(1);
    const files = readdirSync(path.join(dataDir, 'mail'));
    const parsed = await parseMail(readFileSync(path.join(dataDir, 'mail', files.find((f) => f.endsWith('.eml')) as string)));
    expect(header(parsed, 'list-unsubscribe')).toBe(headers['List-Unsubscribe']);
    expect(header(parsed, 'list-unsubscribe-post')).toBe(headers['List-Unsubscribe-Post']);
    expect(header(parsed, 'bcc')).toBeUndefined();
    // RFC 3834: every mail of the site is automatic (auto-responders do not answer it).
    expect(header(parsed, 'auto-submitted')).toBe('auto-generated');
  });

  it('sets Reply-To to one address (a visitor message answered from the inbox) and refuses a list or a header injection', async () => {
    const w = worker();
    await enqueueMail(database.db, sample({ to: 'inbox@example.com', headers: { 'Reply-To': 'jan.kowalski@example.com' } }));
    await expect(enqueueMail(database.db, sample({ headers: { 'Reply-To': 'a@example.com, b@example.com' } }))).rejects.toThrow();
    await expect(enqueueMail(database.db, sample({ headers: { 'Reply-To': 'a@example.com\r\nBcc: x@example.com' } }))).rejects.toThrow();
    expect(await w.drainNow()).toBe(1);
    const file = readdirSync(path.join(dataDir, 'mail')).filter((f) => f.endsWith('.eml'));
    const parsed = await Promise.all(file.map((f) => parseMail(readFileSync(path.join(dataDir, 'mail', f)))));
    const mail = parsed.find((m) => m.to?.[0]?.address === 'inbox@example.com');
    expect(mail?.replyTo?.map((a) => a.address)).toEqual(['jan.kowalski@example.com']);
    expect(header(mail as never, 'auto-submitted')).toBe('auto-generated');
  });
});

describe('attachments', () => {
  it('stores the files with the mail, delivers them in the .eml, and refuses unsafe names or too many', async () => {
    const w = worker();
    const pdf = new Uint8Array(Buffer.from('%PDF-1.7 zamówienie'));
    await enqueueMail(
      database.db,
      sample({ to: 'buyer@example.com', attachments: [{ filename: 'zamowienie-ZS-2026-000001.pdf', contentType: 'application/pdf', content: pdf }] }),
    );
    await expect(enqueueMail(database.db, sample({ attachments: [{ filename: '../etc/passwd', contentType: 'text/plain', content: pdf }] }))).rejects.toThrow();
    await expect(
      enqueueMail(database.db, sample({ attachments: [{ filename: 'a.pdf', contentType: 'application/pdf', content: new Uint8Array(0) }] })),
    ).rejects.toThrow();
    const six = Array.from({ length: 6 }, (_, i) => ({ filename: `f${i}.pdf`, contentType: 'application/pdf', content: pdf }));
    await expect(enqueueMail(database.db, sample({ attachments: six }))).rejects.toThrow();
    expect(await w.drainNow()).toBe(1);
    const files = readdirSync(path.join(dataDir, 'mail'));
    const parsed = await parseMail(readFileSync(path.join(dataDir, 'mail', files.find((f) => f.endsWith('.eml')) as string)));
    expect(parsed.attachments.map((a) => [a.filename, a.mimeType])).toEqual([['zamowienie-ZS-2026-000001.pdf', 'application/pdf']]);
    expect(Buffer.from(parsed.attachments[0]?.content as ArrayBuffer).toString()).toBe('%PDF-1.7 zamówienie');
  });
});

describe('admin listing', () => {
  it('pages newest first, filters by status and search, and counts by status', async () => {
    for (let i = 0; i < 5; i++) await enqueueMail(database.db, sample({ to: `user${i}@example.com`, subject: `S${i}` }));
    const all = await rows();
    const byTo = (to: string) => all.find((r) => r.to === to)?.id as string;
    // distinct creation times, user4 newest
    for (let i = 0; i < 5; i++) {
      await database.db
        .update(mailOutbox)
        .set({ createdAt: new Date(Date.UTC(2025, 0, 1 + i)) })
        .where(eq(mailOutbox.id, byTo(`user${i}@example.com`)));
    }
    await database.db
      .update(mailOutbox)
      .set({ status: 'sent' })
      .where(eq(mailOutbox.id, byTo('user1@example.com')));
    await database.db
      .update(mailOutbox)
      .set({ status: 'failed' })
      .where(eq(mailOutbox.id, byTo('user3@example.com')));

    const p1 = await listOutbox({ page: 1, perPage: 2 });
    expect(p1.pages).toBe(3);
    expect(p1.total).toBe(5);
    expect(p1.items.map((i) => i.to)).toEqual(['user4@example.com', 'user3@example.com']);
    expect(p1.items[0]).not.toHaveProperty('html');
    const p3 = await listOutbox({ page: 3, perPage: 2 });
    expect(p3.items.map((i) => i.to)).toEqual(['user0@example.com']);

    const pending = await listOutbox({ status: 'pending' });
    expect(pending.items.map((i) => i.to)).toEqual(['user4@example.com', 'user2@example.com', 'user0@example.com']);
    expect(pending.pages).toBe(1);
    expect((await listOutbox({ status: 'failed' })).items.map((i) => i.to)).toEqual(['user3@example.com']);
    expect((await listOutbox({ q: 'USER1@' })).items.map((i) => i.to)).toEqual(['user1@example.com']);
    expect((await listOutbox({ q: 's2' })).items.map((i) => i.subject)).toEqual(['S2']);
    expect((await listOutbox({ q: '%' })).total).toBe(0);

    expect(await countOutboxByStatus()).toEqual({ pending: 3, sent: 1, failed: 1 });
    expect(await getOutboxMail('nope')).toBeNull();
  });
});
