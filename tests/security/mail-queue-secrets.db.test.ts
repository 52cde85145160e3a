// Issue 37: the admin's mail queue never shows a live secret. Links with tokens (password reset,
// e-mail verification, newsletter confirmation and unsubscribe, calculator access) are masked in the
// list and detail API answers and on the service page, while the outbox keeps the real mail (a retry
// sends it unchanged).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { maskMailSecrets } from '~/core/mail/mask-secrets';
import { startMailWorker } from '~/core/mail/outbox.server';
import { newSessionId } from '~/core/session/session.server';
import * as servicePage from '~/app/admin/service/routes/admin-service';
import { createUser, latestMail, loggedIn, registration } from '~/features/accounts/tests/helpers';
import { confirmSubscription } from '~/features/newsletter/newsletter.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ roleIds: [1] });
  adminId = a.id;
  admin = await loggedIn(t.app, a.email);
});
afterAll(async () => {
  await t?.close();
});

/** Every secret a mail's text carries: the token path segments and the verification signature. */
function secretsIn(text: string): string[] {
  const found = [
    ...text.matchAll(/\/(?:verify|reset-password|newsletter\/confirm|newsletter\/unsubscribe|calculator\/access)\/([\w-]{20,})/g),
    ...text.matchAll(/[?&]signature=([\w-]{20,})/g),
  ];
  return found.map((m) => m[1]);
}

/** Every 10-character piece of the secrets: none may appear in what the admin sees. */
function pieces(secrets: string[]): string[] {
  return secrets.flatMap((s) => Array.from({ length: s.length - 9 }, (_, i) => s.slice(i, i + 10)));
}

describe('the mail queue masks token links (issue 37)', () => {
  let mailIds: string[] = [];
  let secrets: string[] = [];

  beforeAll(async () => {
    const client = new TestClient(t.app);
    const user = await createUser();
    expect((await client.post('/api/forgot-password', { email: user.email })).statusCode).toBe(200);
    const fresh = registration();
    expect((await new TestClient(t.app).post('/api/register', fresh)).statusCode).toBe(200);
    const subscriber = `sub.${Date.now()}@example.com`;
    expect((await client.post('/api/newsletter', { name: 'Ewa', email: subscriber, consent: '1', form: 'popup' })).statusCode).toBe(200);
    const confirm = await latestMail(subscriber, 'newsletter.confirm');
    const confirmToken = secretsIn(confirm.text).find((s) => confirm.text.includes(`/newsletter/confirm/${s}`)) as string;
    expect((await confirmSubscription(confirmToken, { appUrl: t.app.config.APP_URL })).status).toBe('confirmed');

    const mails = [
      await latestMail(user.email, 'account.reset'),
      await latestMail(String(fresh.email), 'account.verify'),
      confirm,
      await latestMail(subscriber, 'newsletter.welcome'),
    ];
    mailIds = mails.map((m) => m.id);
    secrets = mails.flatMap((m) => [...secretsIn(m.text), ...secretsIn(JSON.stringify(m.headers ?? {}))]);
    // The four kinds of link are there: reset, verification (token and signature), confirmation,
    // unsubscribe (body and List-Unsubscribe) and calculator access.
    expect(mails.map((m) => m.text).join('\n')).toMatch(/\/calculator\/access\/[\w-]{20,}/);
    expect(secrets.length).toBeGreaterThanOrEqual(7);
  });

  it('the list and detail API answers hold no piece of any token; the outbox still holds them all', async () => {
    const list = await admin.get('/api/admin/service/mails');
    expect(list.statusCode).toBe(200);
    const answers = [list.body];
    for (const id of mailIds) {
      const detail = await admin.get(`/api/admin/service/mails/${id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json().html).toContain('…');
      answers.push(detail.body);
    }
    const seen = answers.join('\n');
    for (const piece of pieces(secrets)) expect(seen.includes(piece), `"${piece}" shown`).toBe(false);
    // The links stay readable apart from the secret.
    expect(seen).toContain('/reset-password/…');
    expect(seen).toContain('/newsletter/confirm/…');
    expect(seen).toContain('/calculator/access/…');

    const stored = await getDb().select().from(mailOutbox).where(inArray(mailOutbox.id, mailIds));
    const raw = stored.map((m) => `${m.html}${m.text}${JSON.stringify(m.headers)}`).join('\n');
    for (const s of secrets) expect(raw).toContain(s);
  });

  it('the service page (loader) shows the masked bodies too', async () => {
    const sid = newSessionId();
    const context = {
      nonce: 'n',
      config: t.app.config,
      sid,
      xsrfToken: 'token',
      clientIp: '127.0.0.1',
      session: async () => ({ id: sid, isNew: false, userId: adminId, data: {} }),
    };
    for (const id of mailIds) {
      const data = await servicePage.loader({
        context,
        request: new Request(`http://localhost/pl/admin/service?mail=${id}`),
        params: { locale: 'pl' },
      } as never);
      const seen = JSON.stringify(data);
      expect(data.mail?.id).toBe(id);
      for (const piece of pieces(secrets)) expect(seen.includes(piece), `"${piece}" shown`).toBe(false);
    }
  });

  it('a retried mail is sent with its real, unmasked body', async () => {
    const id = mailIds[0];
    const [before] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    await getDb().update(mailOutbox).set({ status: 'failed', lastError: 'smtp down' }).where(eq(mailOutbox.id, id));
    expect((await admin.post(`/api/admin/service/retry-mail/${id}`)).statusCode).toBe(200);
    const [after] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(after.status).toBe('pending');
    expect(after.html).toBe(before.html);
    expect(after.text).toBe(before.text);
    expect(secretsIn(after.text).length).toBeGreaterThan(0);
  });

  it('once sent, the stored copy keeps no live link (backups hold the outbox); the recipient got the real one', async () => {
    const id = mailIds[0];
    const [before] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    const sent = secretsIn(before.text);
    expect(sent.length).toBeGreaterThan(0);
    const worker = startMailWorker({ dataDir: t.dataDir, intervalMs: 3_600_000, wakeOnEnqueue: false, log: () => {}, db: getDb() });
    try {
      expect(await worker.drainNow()).toBeGreaterThan(0);
    } finally {
      await worker.stop();
    }
    const [after] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(after.status).toBe('sent');
    const stored = `${after.html}${after.text}${JSON.stringify(after.headers)}`;
    for (const piece of pieces(sent)) expect(stored.includes(piece), `"${piece}" kept`).toBe(false);
    const mailDir = path.join(t.dataDir, 'mail');
    const delivered = readdirSync(mailDir)
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .join('\n');
    // Quoted-printable: soft line breaks joined again.
    expect(delivered.replace(/=\r?\n/g, '')).toContain(sent[0]);
  });
});

describe('maskMailSecrets', () => {
  it('masks token segments, secret query values and random-looking parts; keeps ordinary links', () => {
    const token = 'Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7dEf0hIj3';
    expect(maskMailSecrets(`https://x.pl/pl/verify/${token}?expires=1700000000&signature=${token}`)).toBe(
      'https://x.pl/pl/verify/…?expires=1700000000&signature=…',
    );
    expect(maskMailSecrets(`<a href="https://x.pl/pl/reset-password/${token}?email=a%40b.pl">`)).toBe(
      '<a href="https://x.pl/pl/reset-password/…?email=a%40b.pl">',
    );
    expect(maskMailSecrets(`https://x.pl/pl/files/${token}/x.pdf and ?a=1&amp;token=abc`)).toBe('https://x.pl/pl/files/…/x.pdf and ?a=1&amp;token=…');
    const plain = 'https://x.pl/pl/produkty/kabel-instalacyjny-u-utp-kat-6a-lszh-500m and /pl/orders/ZAM-2026-00012';
    expect(maskMailSecrets(plain)).toBe(plain);
  });
});
