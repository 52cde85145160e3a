// Issue 39, webhooks: each of the six events is queued by its real action through HTTP, in the
// action's transaction, and reaches a receiver that verifies the signature as a customer would.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { resetClock, setClock } from '~/core/time/clock';
import { webhookDeliveries, webhookEndpoints } from '~/core/webhooks/webhooks.schema';
import { createWebhookEndpoint, startWebhookWorker, WEBHOOK_EVENTS, type WebhookEvent } from '~/core/webhooks/webhooks.server';
import { createUser, loggedIn, registration as accountRegistration } from '~/features/accounts/tests/helpers';
import { createCourse, registration as courseRegistration } from '~/features/courses/tests/helpers';
import { complaint, form, guest, send as sendForm } from '~/features/forms/tests/helpers';
import { rentalSettings, testers } from '~/features/rentals/rentals.schema';
import { adminUser, b2bUser, clientOf, send, shopFixture } from '~/features/shop/tests/fixtures';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { type Receiver, startReceiver } from '~tests/helpers/webhook-receiver';

let t: TestApp;
let receiver: Receiver;
let secret = '';

beforeAll(async () => {
  t = await createTestApp();
  receiver = await startReceiver(() => secret);
  ({ secret } = await createWebhookEndpoint({ url: receiver.url, events: [...WEBHOOK_EVENTS], active: true }, { userId: 1, userEmail: 'admin@example.com' }));
  // A second endpoint, inactive: it gets nothing.
  await createWebhookEndpoint(
    { url: 'https://erp.example.com/hook', events: [...WEBHOOK_EVENTS], active: false },
    { userId: 1, userEmail: 'admin@example.com' },
  );
});

afterAll(async () => {
  resetClock();
  await receiver?.close();
  await t?.close();
});

async function queued(event: WebhookEvent) {
  const rows = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.event, event));
  return rows;
}

describe('the six events, each from its real action', () => {
  it('order.placed and order.status_changed (shop)', async () => {
    const f = await shopFixture();
    const buyer = await b2bUser(f.customers.a);
    const client = await clientOf(t.app, buyer.email);
    await send(client, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 2 });
    await send(client, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup });
    const placed = await send(client, 'POST', '/api/orders');
    expect(placed.statusCode, placed.body).toBe(200);
    const { id, number } = placed.json() as { id: number; number: string };
    const [d] = await queued('order.placed');
    expect(await queued('order.placed')).toHaveLength(1);
    expect(d?.payload).toMatchObject({
      id,
      number,
      status: 'new',
      customer: { name: 'Firma A', enova_definicja_ceny: 'HURT-20', tax_identification_nr: '7791011327' },
      buyer_email: buyer.email,
      positions: [{ catalog_number: 'PC-1M', quantity: 2, unit: 'szt.' }],
      totals: { net: expect.any(String), gross: expect.any(String) },
    });
    const admin = await clientOf(t.app, (await adminUser()).email);
    const moved = await send(admin, 'POST', `/api/admin/orders/${id}/status`, { from: 'new', status: 'confirmed', comment: 'Termin: piątek' });
    expect(moved.statusCode, moved.body).toBe(200);
    const [s] = await queued('order.status_changed');
    expect(s?.payload).toMatchObject({ id, number, from: 'new', to: 'confirmed', comment: 'Termin: piątek', order: { status: 'confirmed' } });
  });

  it('customer.b2b_access_requested (accounts: registration and profile)', async () => {
    const data = accountRegistration({ is_b2b_request: '1' });
    const res = await new TestClient(t.app).post('/api/register', data);
    expect(res.statusCode, res.body).toBe(200);
    // A registration without the request sends nothing.
    await new TestClient(t.app).request({ method: 'POST', url: '/api/register', payload: accountRegistration(), remoteAddress: '10.9.9.9' });
    let rows = await queued('customer.b2b_access_requested');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({
      source: 'registration',
      email: String(data.email).toLowerCase(),
      company: 'Instal-Net Sp. z o.o.',
      email_verified: false,
    });
    expect(JSON.stringify(rows[0]?.payload)).not.toMatch(/password|argon|token/i);
    // Asked later in the profile: once, not again on the next save.
    const u = await createUser();
    const client = await loggedIn(t.app, u.email);
    const profile = {
      company: 'Kable Sp. j.',
      position: 'Projektant',
      address: 'ul. Długa 1',
      city: 'Gdańsk',
      country: 'Polska',
      province: '',
      postcode: '80-001',
      tax_identification_nr: '7791011327',
      is_b2b_request: '1',
    };
    const saved = await client.request({ method: 'PUT', url: '/api/my-account/profile', payload: profile });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await client.request({ method: 'PUT', url: '/api/my-account/profile', payload: profile })).statusCode).toBe(200);
    rows = await queued('customer.b2b_access_requested');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.payload.source === 'profile')?.payload).toMatchObject({ user_id: u.id, company: 'Kable Sp. j.' });
  });

  it('complaint.created (forms)', async () => {
    const res = await sendForm(guest(t), 'POST', '/api/complaints', form(complaint({ product_name: 'Szafa 42U' })));
    expect(res.statusCode, res.body).toBe(200);
    const { id, number } = res.json() as { id: number; number: string };
    const [d] = await queued('complaint.created');
    expect(d?.payload).toMatchObject({ id, number, status: 'new', product_name: 'Szafa 42U', company_name: 'Instal-Net Sp. z o.o.' });
  });

  it('course_registration.created (courses)', async () => {
    const c = await createCourse({ seats: 5 });
    const res = await new TestClient(t.app).post('/api/course-registrations', courseRegistration(c.id, { email: 'kursant@example.com' }));
    expect(res.statusCode, res.body).toBe(200);
    const [d] = await queued('course_registration.created');
    expect(d?.payload).toMatchObject({
      status: 'registered',
      course: { id: c.id, city: 'Poznań', price: '1450.00' },
      participant: { email: 'kursant@example.com' },
    });
  });

  it('rental.booked (rentals)', async () => {
    // The booking rules count days from today: a fixed Tuesday.
    setClock(() => new Date('2026-11-24T10:00:00Z'));
    try {
      const [tester] = await getDb()
        .insert(testers)
        .values({
          name: 'DSX-8000',
          model: 'DSX2-8000',
          serialNumber: 'SN-1',
          pricePerDay: 35_000,
          thresholdDays: 3,
          extraDayPrice: 25_000,
          deposit: 500_000,
          calibrationValidUntil: '2027-11-30',
        })
        .returning();
      await getDb().insert(rentalSettings).values({ id: 1, courierFee: 4_500 }).onConflictDoNothing();
      const u = await createUser();
      const client = await loggedIn(t.app, u.email);
      const fd = new FormData();
      const fields: Record<string, string> = {
        tester_id: String(tester?.id),
        datetime_from: '2026-12-01',
        datetime_to: '2026-12-04',
        is_personal_pickup: '1',
        tenant_name: 'Instal-Net Sp. z o.o.',
        tenant_tax_id: '526-104-08-28',
        tenant_street: 'ul. Kablowa 5',
        tenant_postcode: '60-101',
        tenant_post: 'Poznań',
        tenant_phone: '+48 600 100 200',
        tenant_person: 'Jan Kowalski',
        accepted_terms: '1',
      };
      for (const [k, v] of Object.entries(fields)) fd.append(k, v);
      const res = await sendForm(client, 'POST', '/api/tester-rentals', fd);
      expect(res.statusCode, res.body).toBe(200);
      const [d] = await queued('rental.booked');
      expect(d?.payload).toMatchObject({
        status: 'new',
        tester: { id: tester?.id, serial_number: 'SN-1' },
        date_from: '2026-12-01',
        date_to: '2026-12-04',
        tenant: { name: 'Instal-Net Sp. z o.o.', email: u.email },
      });
    } finally {
      resetClock();
    }
  });

  it('every queued event reaches the receiver signed; the inactive endpoint got none', async () => {
    const inactive = (await getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.active, false)))[0];
    expect(
      await getDb()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, inactive?.id ?? 0)),
    ).toEqual([]);
    const worker = startWebhookWorker({ db: getDb(), intervalMs: 3_600_000, wakeOnEnqueue: false, log: () => {} });
    try {
      const all = await getDb().select().from(webhookDeliveries);
      expect(await worker.drainNow()).toBe(all.length);
    } finally {
      await worker.stop();
    }
    expect(receiver.refusedSignatures).toBe(0);
    expect(new Set([...receiver.accepted.values()].map((a) => a.event))).toEqual(new Set(WEBHOOK_EVENTS));
  });
});
