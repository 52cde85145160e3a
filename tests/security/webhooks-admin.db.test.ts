// Issue 39: the webhook admin API (/api/admin/integrations/webhooks) attacked: every route refuses a
// visitor (401), an admin without integrations.update (403) and a missing anti-forgery token (419);
// malformed, oversized and NUL input answer 400/422, never 500; a non-https URL, a URL with
// credentials and an internal host (other than localhost/127.0.0.1) are refused under the field.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { webhookEndpoints } from '~/core/webhooks/webhooks.schema';
import { createWebhookEndpoint } from '~/core/webhooks/webhooks.server';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const ORDERS_ONLY = 62;
const NUL = '\u0000';
const PATH = '/api/admin/integrations/webhooks';

let t: TestApp;
let admin: TestClient;
let ordersOnly: TestClient;
let endpointId = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  await getDb().insert(roles).values({ id: ORDERS_ONLY, key: 'sec-orders', namePl: 'Zamówienia', nameEn: 'Orders', position: ORDERS_ONLY });
  await getDb()
    .insert(rolePermissions)
    .values(['admin.access', 'orders.update', 'service.update'].map((permissionKey) => ({ roleId: ORDERS_ONLY, permissionKey })));
  ordersOnly = await loggedIn(t.app, (await createUser({ roleIds: [ORDERS_ONLY] })).email);
  ({ id: endpointId } = await createWebhookEndpoint(
    { url: 'https://erp.example.com/hook', events: ['order.placed'], active: true },
    { userId: 1, userEmail: 'a@example.com' },
  ));
});
afterAll(async () => {
  await t?.close();
});

const VALID = { url: 'https://crm.example.com/hooks', events: ['order.placed', 'complaint.created'], active: true };
const DELIVERY = '00000000-0000-4000-8000-000000000000';
const routes = (): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[] => [
  { method: 'GET', url: PATH },
  { method: 'POST', url: PATH, body: VALID },
  { method: 'GET', url: `${PATH}/${endpointId}` },
  { method: 'PUT', url: `${PATH}/${endpointId}`, body: { active: false } },
  { method: 'DELETE', url: `${PATH}/${endpointId}` },
  { method: 'GET', url: `${PATH}/${endpointId}/deliveries` },
  { method: 'GET', url: `${PATH}/deliveries/${DELIVERY}` },
  { method: 'POST', url: `${PATH}/deliveries/${DELIVERY}/retry` },
];
const call = (client: TestClient, r: ReturnType<typeof routes>[number], xsrf = true) =>
  client.request({ method: r.method, url: r.url, payload: r.body as never, xsrf });
const json = (res: LightMyRequestResponse) => JSON.parse(res.body);
const count = async () => (await getDb().select({ id: webhookEndpoints.id }).from(webhookEndpoints)).length;

describe('who may call the webhook API', () => {
  it('a visitor gets 401 from every route', async () => {
    const visitor = new TestClient(t.app);
    for (const r of routes()) expect((await call(visitor, r)).statusCode, `${r.method} ${r.url}`).toBe(401);
  });

  it('an admin without integrations.update gets 403 from every route and changes nothing', async () => {
    for (const r of routes()) expect((await call(ordersOnly, r)).statusCode, `${r.method} ${r.url}`).toBe(403);
    expect(await count()).toBe(1);
  });

  it('a role with admin access and integrations.update alone may list and create', async () => {
    await getDb().insert(roles).values({ id: 63, key: 'sec-integrations', namePl: 'Integracje', nameEn: 'Integrations', position: 63 });
    await getDb()
      .insert(rolePermissions)
      .values(['admin.access', 'integrations.update'].map((permissionKey) => ({ roleId: 63, permissionKey })));
    const integrator = await loggedIn(t.app, (await createUser({ roleIds: [63] })).email);
    expect((await integrator.get(PATH)).statusCode).toBe(200);
    const created = await integrator.post(PATH, { ...VALID, url: 'https://integrator.example.com/hook' });
    expect(created.statusCode, created.body).toBe(200);
    expect((await integrator.request({ method: 'DELETE', url: `${PATH}/${created.json().id}` })).statusCode).toBe(200);
    expect(await count()).toBe(1);
  });

  it('an administrator without the anti-forgery token gets 419 from every write', async () => {
    for (const r of routes().filter((x) => x.method !== 'GET')) expect((await call(admin, r, false)).statusCode, `${r.method} ${r.url}`).toBe(419);
    expect(await count()).toBe(1);
    const [row] = await getDb().select().from(webhookEndpoints);
    expect(row?.active).toBe(true);
  });
});

describe('odd input', () => {
  it('malformed JSON and a truncated multipart body answer 400', async () => {
    const broken = await admin.request({
      method: 'POST',
      url: PATH,
      payload: '{"url": "https://a.example.com", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const truncated = await admin.request({
      method: 'POST',
      url: PATH,
      payload: '--b\r\ncontent-disposition: form-data; name="url"\r\n\r\nhttps://a.exa',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(truncated.statusCode).toBe(400);
    expect(await count()).toBe(1);
  });

  it('NUL in the URL or an event answers 422, in JSON and multipart', async () => {
    expect((await admin.post(PATH, { ...VALID, url: `https://crm.example.com/${NUL}x` })).statusCode).toBe(422);
    expect((await admin.post(PATH, { ...VALID, events: [`order.placed${NUL}`] })).statusCode).toBe(422);
    const form = new FormData();
    form.append('url', `https://crm.example.com/a${NUL}`);
    form.append('events[0]', 'order.placed');
    const req = new Request('http://x/', { method: 'POST', body: form });
    const res = await admin.request({
      method: 'POST',
      url: PATH,
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') as string },
    });
    expect(res.statusCode).toBe(422);
    expect(await count()).toBe(1);
  });

  it('oversized URLs, unknown or too many events, odd shapes and ids answer 4xx, never 500', async () => {
    const long = await admin.post(PATH, { ...VALID, url: `https://crm.example.com/${'x'.repeat(100_000)}` });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(json(long).errors)).toEqual(['url']);
    for (const events of [[], ['order.deleted'], ['__proto__'], Array(50).fill('order.placed'), 'order.placed', [{ e: 1 }]]) {
      const res = await admin.post(PATH, { ...VALID, events });
      expect(res.statusCode, JSON.stringify(events).slice(0, 60)).toBe(422);
    }
    const odd = await admin.post(PATH, [1, 2, 3]);
    expect([400, 422]).toContain(odd.statusCode);
    for (const id of ['-1', '1e3', '0x10', '%00', '99999999999']) {
      // NUL anywhere in a request is 422 (core); an id that cannot exist is 404.
      expect([404, 422]).toContain((await admin.get(`${PATH}/${id}`)).statusCode);
      expect([404, 422]).toContain((await admin.request({ method: 'PUT', url: `${PATH}/${id}`, payload: { active: false } })).statusCode);
    }
    for (const id of ['x', '%00', `${DELIVERY}x`, DELIVERY]) {
      expect([404, 422]).toContain((await admin.post(`${PATH}/deliveries/${id}/retry`)).statusCode);
    }
    expect(await count()).toBe(1);
  });
});

describe('the URL rules', () => {
  it('refuses http (but to localhost), credentials and internal hosts under the field', async () => {
    const refused: [string, RegExp][] = [
      ['http://crm.example.com/hook', /https/],
      ['ftp://crm.example.com/hook', /https/],
      ['javascript:alert(1)', /https/],
      ['https://user:pass@crm.example.com/hook', /użytkownika|user name/],
      ['https://10.0.0.5/hook', /wewnętrzn|internal/],
      ['https://192.168.0.10/hook', /wewnętrzn|internal/],
      ['https://169.254.169.254/latest/meta-data', /wewnętrzn|internal/],
      ['https://[::1]/hook', /wewnętrzn|internal/],
      ['https://erp.internal/hook', /wewnętrzn|internal/],
      ['https://intranet/hook', /wewnętrzn|internal/],
      ['not a url', /URL/],
    ];
    for (const [url, message] of refused) {
      const res = await admin.post(PATH, { ...VALID, url });
      expect(res.statusCode, url).toBe(422);
      expect(json(res).errors.url?.[0], url).toMatch(message);
    }
    // The same rule on update.
    const upd = await admin.request({ method: 'PUT', url: `${PATH}/${endpointId}`, payload: { url: 'http://crm.example.com/' } });
    expect(upd.statusCode).toBe(422);
    expect(await count()).toBe(1);
    // Development: http to localhost and 127.0.0.1 is accepted.
    for (const url of ['http://localhost:4000/hook', 'http://127.0.0.1:4000/hook'])
      expect((await admin.post(PATH, { ...VALID, url })).statusCode, url).toBe(200);
  });
});
