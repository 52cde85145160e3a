import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionKey } from '~/core/session/session.server';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session and anti-forgery cookies', () => {
  it('sets the session and XSRF-TOKEN cookies on the first visit', async () => {
    const res = await t.app.inject({ url: '/healthz' });
    const names = res.cookies.map((c) => c.name);
    expect(names).toContain('sid');
    expect(names).toContain('XSRF-TOKEN');
    const sid = res.cookies.find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
  });

  it('refuses a state-changing call without the echoed token with 419 and changes nothing', async () => {
    const client = new TestClient(t.app);
    const refused = await client.post('/api/static-sites/en', undefined, { xsrf: false });
    expect(refused.statusCode).toBe(419);
    const { sessions } = await import('~/core/session/session.schema');
    const rows = await t.database.db.select().from(sessions);
    expect(rows).toHaveLength(0);
  });

  it('refuses a token of another session', async () => {
    const a = new TestClient(t.app);
    const b = new TestClient(t.app);
    await a.get('/healthz');
    await b.get('/healthz');
    const res = await a.post('/api/static-sites/en', undefined, { xsrf: false, headers: { 'x-xsrf-token': b.xsrf ?? '' } });
    expect(res.statusCode).toBe(419);
  });

  it('sets the session locale with the echoed token', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/static-sites/en');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Language changed.' });
    const { sessions } = await import('~/core/session/session.schema');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => r.idHash === sessionKey(client.cookies.get('sid') as string) && r.data.locale === 'en')).toBe(true);
  });

  it('answers 422 for a locale other than pl or en', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/api/static-sites/de');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.locale[0]).toMatch(/pl or en/);
  });
});

describe('health and holidays', () => {
  it('reports readiness with the database', async () => {
    const res = await t.app.inject({ url: '/readyz' });
    expect(res.json().status).toBe('ok');
  });

  it('lists Polish public holidays of this and the next two years', async () => {
    const res = await t.app.inject({ url: '/api/open-holidays-api' });
    const list = res.json() as { startDate: string }[];
    const year = new Date().getFullYear();
    const dates = list.map((h) => h.startDate);
    expect(dates).toContain(`${year}-11-11`);
    expect(dates).toContain(`${year + 2}-05-03`);
    expect(dates).not.toContain(`${year + 3}-01-01`);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}$/.test(d))).toBe(true);
  });

  it('sends security headers and no stack trace on errors', async () => {
    const res = await t.app.inject({ url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
