// Issue 41 point 14's routes, GET /api/complaints and /api/complaints/{id} (a user's own complaints),
// against this suite's cases: unauthenticated, an account not yet active, another
// user's record (scope), malformed, oversized and NUL ids and page numbers. Both are reads: no
// anti-forgery token applies, and POST /api/complaints keeps its own cases (forms.db.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { complaint, form, guest, send } from '~/features/forms/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';

let t: TestApp;
let owner: TestClient;
let ownerId: number;
let id: number;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser();
  ownerId = u.id;
  owner = await loggedIn(t.app, u.email);
  const res = await send(owner, 'POST', '/api/complaints', form(complaint({ email: u.email })));
  expect(res.statusCode, res.body).toBe(200);
  id = res.json().id;
});
afterAll(async () => {
  await t?.close();
});

describe('my complaints: attacks', () => {
  it('unauthenticated: 401', async () => {
    for (const url of ['/api/complaints', `/api/complaints/${id}`]) expect((await guest(t).get(url)).statusCode, url).toBe(401);
  });

  it('an account not yet active (pending approval): 406 on the API', async () => {
    const pending = await loggedIn(t.app, (await createUser({ state: 'inactive' })).email);
    for (const url of ['/api/complaints', `/api/complaints/${id}`]) expect((await pending.get(url)).statusCode, url).toBe(406);
  });

  it("another user's complaint: 404 (nothing tells it exists)", async () => {
    const stranger = await loggedIn(t.app, (await createUser()).email);
    const res = await stranger.get(`/api/complaints/${id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(String(ownerId));
    expect((await stranger.get('/api/complaints')).json()).toMatchObject({ total: 0, items: [] });
  });

  it('malformed and oversized ids: 404 without a stack trace; a NUL: 422', async () => {
    for (const bad of ['abc', '1e3', '-1', '0', '1.5', '99999999999999999999', 'x'.repeat(5000)]) {
      const res = await owner.get(`/api/complaints/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      // Past the router's parameter length (100) no route matches at all.
      expect(res.json(), bad).toEqual({ message: bad.length > 100 ? 'Nie ma takiego adresu API.' : 'Nie znaleziono reklamacji.' });
    }
    for (const bad of ['%00', `${id}%00`]) {
      const res = await owner.get(`/api/complaints/${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.body, bad).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('malformed and oversized page numbers answer the first page; a NUL: 422', async () => {
    for (const bad of ['abc', '-3', '0', '1e9', '9'.repeat(400)]) {
      const res = await owner.get(`/api/complaints?page=${bad}`);
      expect(res.statusCode, bad).toBe(200);
      expect(res.json(), bad).toMatchObject({ page: 1, total: 1 });
    }
    expect((await owner.get('/api/complaints?page=%00')).statusCode).toBe(422);
  });
});
