// The B2B shop's calls under attack (issue 11): NUL characters, oversized fields and files,
// malformed bodies, an XLSX bomb in the quick order, the quick order's rate limit per user, a
// forged Idempotency-Key, the anti-forgery token on every write, and prototype keys in the cart's
// delivery address.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { b2bUser, clientOf, send, type ShopFixture, shopFixture } from '~/features/shop/tests/fixtures';
import { QUICK_ORDER_LIMIT } from '~/features/shop/shop.api.server';
import { orders } from '~/features/shop/shop.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { deflatedZeros, makeZip, readZip } from '~tests/helpers/zip';

const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';
const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';
const MB = 1024 * 1024;

let t: TestApp;
let f: ShopFixture;
let buyer: TestClient;

beforeAll(async () => {
  t = await createTestApp();
  f = await shopFixture();
  buyer = await clientOf(t.app, (await b2bUser(f.customers.a)).email);
});
afterAll(async () => {
  await t?.close();
});

async function multipart(fields: Record<string, string | Blob>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v as string);
  const req = new Request('http://x/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type') as string } };
}

describe('shop calls under attack', () => {
  it('refuses a NUL character in JSON and multipart fields with 422', async () => {
    const json = await send(buyer, 'PUT', '/api/cart', { additional_informations: `Uwagi${NUL}` });
    expect(json.statusCode).toBe(422);
    expect(JSON.stringify(json.json())).toContain(NUL_MESSAGE);
    const mp = await multipart({ product_catalog_number_id: String(f.numbers.patch), quantity: '1', additional_informations: `x${NUL}` });
    const r = await buyer.request({ method: 'POST', url: '/api/cart/positions', ...mp });
    expect(r.statusCode).toBe(422);
    const q = await buyer.request({ method: 'POST', url: '/api/cart/quick-order', ...(await multipart({ lines: `PC-1M 1${NUL}` })) });
    expect(q.statusCode).toBe(422);
    expect(JSON.parse((await buyer.get('/api/cart')).body).positions).toEqual([]);
  });

  it('refuses oversized fields and an oversized quick-order file', async () => {
    const long = await send(buyer, 'PUT', '/api/cart', { additional_informations: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['additional_informations']);
    const big = await buyer.request({ method: 'POST', url: '/api/cart/quick-order', ...(await multipart({ file: new Blob([Buffer.alloc(3 * MB, 0x41)]) })) });
    expect([413, 422]).toContain(big.statusCode);
    const many = await send(buyer, 'POST', '/api/cart/quick-order', { lines: Array.from({ length: 501 }, () => 'PC-1M 1').join('\n') });
    expect(many.statusCode).toBe(422);
    expect(JSON.parse((await buyer.get('/api/cart')).body).positions).toEqual([]);
  });

  it('answers malformed bodies with 400, never 500', async () => {
    const bad = await buyer.request({
      method: 'POST',
      url: '/api/cart/positions',
      payload: '{"product_catalog_number_id": 1,',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    const truncated = await buyer.request({
      method: 'POST',
      url: '/api/cart/quick-order',
      payload: '--x\r\nContent-Disposition: form-data; name="lines"\r\n\r\nPC-1M 1',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(truncated.statusCode).toBe(400);
    for (const url of ['/api/orders/abc', '/api/orders/99999999999', `/api/orders/${NUL}`, '/api/cart/positions/-1']) {
      const r = await buyer.request({
        method: url.includes('positions') ? 'PUT' : 'GET',
        url,
        payload: url.includes('positions') ? { quantity: 1 } : undefined,
      });
      expect(r.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(r.statusCode, url).toBeLessThan(500);
    }
  });

  it('refuses an XLSX bomb in the quick order before unpacking it', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Zamówienie').addRow(['PC-1M', 1]);
    const real = readZip(Buffer.from(await wb.xlsx.writeBuffer()));
    const bomb = makeZip([
      ...real.map((e) => ({ name: e.name, data: e.data })),
      { name: 'xl/media/x.png', deflated: deflatedZeros(60 * MB), declaredSize: 1024 },
    ]);
    const r = await buyer.request({ method: 'POST', url: '/api/cart/quick-order', ...(await multipart({ file: new Blob([new Uint8Array(bomb)]) })) });
    expect(r.statusCode).toBe(422);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('refuses a forged Idempotency-Key and writes without the anti-forgery token', async () => {
    await send(buyer, 'POST', '/api/cart/positions', { product_catalog_number_id: f.numbers.patch, quantity: 1 });
    await send(buyer, 'PUT', '/api/cart', { transport_type_id: f.transport.pickup });
    const position = JSON.parse((await buyer.get('/api/cart')).body).positions[0];
    for (const key of ['x'.repeat(201), 'a b', 'ą']) {
      const r = await send(buyer, 'POST', '/api/orders', undefined, { 'idempotency-key': key });
      expect(r.statusCode, key).toBe(422);
    }
    const noToken = await buyer.request({ method: 'POST', url: '/api/orders', xsrf: false });
    expect(noToken.statusCode).toBe(419);
    for (const [method, url] of [
      ['PUT', '/api/cart'],
      ['POST', '/api/cart/positions'],
      ['PUT', `/api/cart/positions/${position.id}`],
      ['DELETE', '/api/cart/positions/1'],
      ['POST', '/api/cart/quick-order'],
      ['POST', '/api/orders/1/reorder'],
    ] as const) {
      expect((await buyer.request({ method, url, payload: {}, xsrf: false })).statusCode, url).toBe(419);
    }
    expect(await getDb().select().from(orders)).toHaveLength(0);
    // A quantity change without the token is refused and changes nothing.
    const tokenless = await buyer.request({ method: 'PUT', url: `/api/cart/positions/${position.id}`, payload: { quantity: 5 }, xsrf: false });
    expect(tokenless.statusCode).toBe(419);
    expect(JSON.parse((await buyer.get('/api/cart')).body).positions[0].quantity).toBe(1);
  });

  it('refuses a prototype key in the delivery address of PUT /api/cart (multipart 422, JSON 400/422) and pollutes nothing', async () => {
    const before = JSON.parse((await buyer.get('/api/cart')).body);
    const proto = Object.prototype as Record<string, unknown>;
    try {
      const mp = await buyer.request({
        method: 'PUT',
        url: '/api/cart',
        ...(await multipart({
          is_different_delivery_address: '1',
          'delivery_address[name]': 'Budowa',
          'delivery_address[__proto__][x]': '1',
          'delivery_address[constructor][prototype][x]': '1',
        })),
      });
      expect(mp.statusCode, mp.body).toBe(422);
      expect(mp.json().message).toBe('Niedozwolona nazwa pola.');
      const js = await buyer.request({
        method: 'PUT',
        url: '/api/cart',
        payload: '{"is_different_delivery_address":true,"delivery_address":{"name":"Budowa","__proto__":{"x":1}}}',
        headers: { 'content-type': 'application/json' },
      });
      expect([400, 422], js.body).toContain(js.statusCode);
      expect(proto.x).toBeUndefined();
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      const after = JSON.parse((await buyer.get('/api/cart')).body);
      expect(after.is_different_delivery_address).toBe(before.is_different_delivery_address);
      expect(after.different_delivery_address).toEqual(before.different_delivery_address);
      // The anti-forgery check still holds after the attempts.
      expect((await buyer.request({ method: 'PUT', url: '/api/cart', payload: {}, xsrf: false })).statusCode).toBe(419);
    } finally {
      delete proto.x;
    }
  });

  it(`limits the quick order to ${QUICK_ORDER_LIMIT.max} a minute per user, whatever the IP or X-Forwarded-For`, async () => {
    const fresh = await clientOf(t.app, (await b2bUser(f.customers.a)).email);
    for (let i = 0; i < QUICK_ORDER_LIMIT.max; i++) {
      const r = await fresh.request({
        method: 'POST',
        url: '/api/cart/quick-order',
        payload: { lines: 'NIEMA 1' },
        remoteAddress: `198.51.100.${i}`,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      expect(r.statusCode).toBe(200);
    }
    const blocked = await fresh.request({ method: 'POST', url: '/api/cart/quick-order', payload: { lines: 'PC-1M 1' }, remoteAddress: '198.51.100.200' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(TOO_MANY);
    // Another buyer is not limited by this one.
    const other = await clientOf(t.app, (await b2bUser(f.customers.b)).email);
    expect((await send(other, 'POST', '/api/cart/quick-order', { lines: 'PC-1M 1' })).statusCode).toBe(200);
  });
});
