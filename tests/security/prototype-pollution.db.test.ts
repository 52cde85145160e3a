// Issue 10, item 2: one admin form post with `__proto__[pageHandler]=1` used to reach
// Object.prototype through the bracket-key parser and switch off the anti-forgery check for
// every route. Every form parser now refuses prototype keys (422).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { multipart } from '~/features/catalog/admin/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
});
afterAll(async () => {
  // Should the attack ever succeed again, do not leave the worker polluted.
  for (const k of ['pageHandler', 'formToken', 'polluted']) delete (Object.prototype as Record<string, unknown>)[k];
  await t?.close();
});

async function post(client: TestClient, url: string, fields: [string, string][], method: 'POST' | 'PUT' = 'POST') {
  const fd = new FormData();
  for (const [k, v] of fields) fd.append(k, v);
  const m = await multipart(fd);
  return client.request({ method, url, payload: m.payload, headers: m.headers });
}

/** A state-changing call without the X-XSRF-TOKEN header, from a logged-in administrator. */
const withoutToken = () => admin.request({ method: 'POST', url: '/api/admin/categories', payload: { name_pl: 'X' }, xsrf: false });

describe('prototype keys in admin forms (issue 10, item 2)', () => {
  it('a multipart admin form with __proto__[pageHandler]=1 answers 422, and the anti-forgery check still holds', async () => {
    const res = await post(admin, '/api/admin/categories', [
      ['name_pl', 'Kable'],
      ['__proto__[pageHandler]', '1'],
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Niedozwolona nazwa pola.',
      errors: { '__proto__.pageHandler': ['Niedozwolona nazwa pola.'] },
    });
    expect(({} as Record<string, unknown>).pageHandler).toBeUndefined();
    expect((await withoutToken()).statusCode).toBe(419);
  });

  const attacks: [string, string][] = [
    ['constructor[prototype][pageHandler]', '1'],
    ['x[__proto__][formToken]', '1'],
    ['prototype[polluted]', '1'],
    ['documents[0][constructor][prototype][polluted]', '1'],
  ];
  const forms = [
    ['POST', '/api/admin/categories'],
    ['POST', '/api/admin/products'],
    ['POST', '/api/admin/customers'],
    ['POST', '/api/admin/posts'],
    ['POST', '/api/admin/static-sites'],
    ['PUT', '/api/admin/users/1'],
  ] as const;
  for (const [method, url] of forms) {
    it(`${method} ${url}: every prototype key is refused (422) and nothing leaks into Object.prototype`, async () => {
      for (const field of attacks) {
        const res = await post(admin, url, [field], method);
        expect(res.statusCode, `${field[0]}: ${res.body}`).toBe(422);
        expect(res.json().message).toBe('Niedozwolona nazwa pola.');
      }
      const proto = Object.prototype as Record<string, unknown>;
      expect([proto.pageHandler, proto.formToken, proto.polluted]).toEqual([undefined, undefined, undefined]);
      expect((await withoutToken()).statusCode).toBe(419);
    });
  }

  it('the same in JSON and urlencoded bodies, and in the query', async () => {
    const json = await admin.request({
      method: 'POST',
      url: '/api/admin/categories',
      payload: '{"name_pl":"Kable","constructor":{"pageHandler":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual({ constructor: ['Niedozwolona nazwa pola.'] });
    const form = await admin.request({
      method: 'POST',
      url: '/api/login',
      payload: '__proto__[pageHandler]=1&email=a%40b.pl&password=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(422);
    expect((await admin.get('/api/admin/categories?constructor[prototype][x]=1')).statusCode).toBe(422);
    expect((await withoutToken()).statusCode).toBe(419);
  });
});
