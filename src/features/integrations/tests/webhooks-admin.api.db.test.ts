// The webhook admin API (issue 39): create answers the secret once; the list, the endpoint, the
// delivery log and the change log never hold it; update, delete and "send again".
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { getDb } from '~/core/db/db.server';
import { webhookDeliveries } from '~/core/webhooks/webhooks.schema';
import { enqueueWebhook, startWebhookWorker } from '~/core/webhooks/webhooks.server';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { type Receiver, startReceiver } from '~tests/helpers/webhook-receiver';

const PATH = '/api/admin/integrations/webhooks';
let t: TestApp;
let admin: TestClient;
let receiver: Receiver;
let secret = '';

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  receiver = await startReceiver(() => secret);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('webhook endpoints', () => {
  it('create, list, update, deliver, send again, delete', async () => {
    const created = await admin.post(PATH, { url: receiver.url, events: ['complaint.created'], active: true });
    expect(created.statusCode, created.body).toBe(200);
    const answer = created.json() as { message: string; id: number; secret: string };
    expect(answer.message).toBe('Utworzono webhook.');
    expect(answer.secret).toMatch(/^whsec_/);
    secret = answer.secret;

    const list = await admin.get(PATH);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json()).toMatchObject({ items: [{ id: answer.id, url: receiver.url, events: ['complaint.created'], active: true }], total: 1 });
    expect((await admin.get(`${PATH}/${answer.id}`)).body).not.toContain(secret);

    const upd = await admin.request({ method: 'PUT', url: `${PATH}/${answer.id}`, payload: { events: ['complaint.created', 'order.placed'] } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect((await admin.get(`${PATH}/${answer.id}`)).json()).toMatchObject({ events: ['complaint.created', 'order.placed'], active: true });

    // A delivery refused by the receiver, then sent again after it recovers.
    await enqueueWebhook(getDb(), 'order.placed', { id: 1, number: 'ZS/2026/000001' });
    receiver.answer = () => 500;
    const worker = startWebhookWorker({ db: getDb(), intervalMs: 3_600_000, wakeOnEnqueue: false, log: () => {} });
    try {
      await worker.drainNow();
      const log = (await admin.get(`${PATH}/${answer.id}/deliveries`)).json() as {
        items: { id: string; status: string; last_status_code: number; next_attempt_at: string | null }[];
      };
      expect(log.items).toHaveLength(1);
      expect(log.items[0]).toMatchObject({ status: 'pending', last_status_code: 500 });
      expect(log.items[0]?.next_attempt_at).toBeTruthy();
      const deliveryId = log.items[0]?.id ?? '';
      const one = (await admin.get(`${PATH}/deliveries/${deliveryId}`)).json();
      expect(one.payload).toEqual({ id: 1, number: 'ZS/2026/000001' });
      receiver.answer = () => 200;
      const again = await admin.post(`${PATH}/deliveries/${deliveryId}/retry`);
      expect(again.statusCode).toBe(200);
      expect(again.json().message).toBe('Wysyłka zostanie ponowiona.');
      expect(await worker.drainNow()).toBe(1);
      expect(receiver.accepted.has(deliveryId)).toBe(true);
    } finally {
      await worker.stop();
    }
    const listed = (await admin.get(PATH)).json();
    expect(listed.items[0].recent[0]).toMatchObject({ status: 'succeeded', last_status_code: 200 });
    expect(listed.items[0].counts).toEqual({ pending: 0, succeeded: 1, failed: 0 });

    const del = await admin.request({ method: 'DELETE', url: `${PATH}/${answer.id}` });
    expect(del.statusCode).toBe(200);
    expect((await admin.get(`${PATH}/${answer.id}`)).statusCode).toBe(404);
    expect(await getDb().select().from(webhookDeliveries)).toEqual([]);

    // The change log: create, update, delete, without the secret.
    const changes = await getDb().select().from(changeInfos).where(eq(changeInfos.entity, 'webhook_endpoint'));
    expect(changes.map((c) => c.action).sort()).toEqual(['create', 'delete', 'update']);
    expect(JSON.stringify(changes)).not.toContain(secret);
    expect(changes.find((c) => c.action === 'update')?.changes).toMatchObject({
      events: { before: ['complaint.created'], after: ['complaint.created', 'order.placed'] },
    });
  });

  it('a multipart form with event checkboxes works like JSON', async () => {
    const form = new FormData();
    form.append('url', 'https://erp.example.com/cobi');
    form.append('events[0]', 'rental.booked');
    form.append('events[1]', 'course_registration.created');
    form.append('active', '0');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await admin.request({
      method: 'POST',
      url: PATH,
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string, 'x-locale': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Webhook created.');
    const got = (await admin.get(`${PATH}/${res.json().id}`)).json();
    expect(got).toMatchObject({ url: 'https://erp.example.com/cobi', events: ['rental.booked', 'course_registration.created'], active: false });
  });
});
