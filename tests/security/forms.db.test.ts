// Issue 12: the public forms (POST /api/complaints, POST /api/contact) against the four attacks of
// this suite's rule: the per-IP rate limit (429 with the SPEC text, X-Forwarded-For ignored), a NUL
// character in a field (422), oversized fields and files (422), malformed bodies (400); and the
// total size of a form's files (100 MB), refused while reading.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { complaints, contactMessages } from '~/features/forms/forms.schema';
import { attachment, complaint, file, form, multipart, PDF, send } from '~/features/forms/tests/helpers';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';

const TOO_MANY = 'Wykryto zbyt dużą ilość żądań. Proszę odczekać 1 minutę i spróbować ponownie.';
const NUL = '\u0000';
const NUL_MESSAGE = 'Pole zawiera niedozwolony znak (NUL).';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const contact = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jan Nowak',
  email: 'jan@example.com',
  phone: '',
  subject: 'general',
  message: 'Dzień dobry',
  accepted_privacy: '1',
  ...overrides,
});

describe.each([
  ['/api/complaints', () => complaint()],
  ['/api/contact', () => contact()],
] as const)('%s', (url, body) => {
  it('20 submissions an hour per IP; the 21st answers 429 whatever X-Forwarded-For says, another IP still passes', async () => {
    const ip = url === '/api/complaints' ? '203.0.113.10' : '203.0.113.11';
    for (let i = 0; i < 20; i++) {
      const res = await send(new TestClient(t.app), 'POST', url, body(), { ip, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
      expect(res.statusCode, `submission ${i + 1}: ${res.body}`).toBe(200);
    }
    const blocked = await send(new TestClient(t.app), 'POST', url, body(), { ip, headers: { 'x-forwarded-for': '198.51.100.200' } });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    expect((await send(new TestClient(t.app), 'POST', url, body(), { ip: '203.0.113.99' })).statusCode).toBe(200);
  });

  it('a NUL character in a field: 422 on that field, in multipart and JSON, nothing stored', async () => {
    const before = await getDb().$count(url === '/api/complaints' ? complaints : contactMessages);
    const field = url === '/api/complaints' ? 'company_name' : 'name';
    for (const payload of [form({ ...body(), [field]: `Firma${NUL}` }), { ...body(), [field]: `Firma${NUL}` }]) {
      const res = await send(new TestClient(t.app), 'POST', url, payload);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]).toEqual([NUL_MESSAGE]);
    }
    expect(await getDb().$count(url === '/api/complaints' ? complaints : contactMessages)).toBe(before);
  });

  it("an oversized field: 422 with the limit (or 413 past the parser's field size), never stored", async () => {
    const field = url === '/api/complaints' ? 'description' : 'message';
    const long = await send(new TestClient(t.app), 'POST', url, { ...body(), [field]: 'x'.repeat(5001) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors[field]).toEqual(['Najwyżej 5000 znaków.']);
    const huge = await send(new TestClient(t.app), 'POST', url, form({ ...body(), [field]: 'x'.repeat(70 * 1024) }));
    expect([413, 422]).toContain(huge.statusCode);
  });

  it('malformed bodies: truncated multipart and invalid JSON answer 400, never 500', async () => {
    const m = await multipart(form(body()));
    const truncated = await new TestClient(t.app).request({
      method: 'POST',
      url,
      payload: m.payload.subarray(0, Math.floor(m.payload.length / 2)),
      headers: m.headers,
      remoteAddress: '192.0.2.77',
    });
    expect(truncated.statusCode).toBe(400);
    const badJson = await new TestClient(t.app).request({
      method: 'POST',
      url,
      payload: '{"name": "x",',
      headers: { 'content-type': 'application/json' },
      remoteAddress: '192.0.2.78',
    });
    expect(badJson.statusCode).toBe(400);
    const noBoundary = await new TestClient(t.app).request({
      method: 'POST',
      url,
      payload: 'garbage',
      headers: { 'content-type': 'multipart/form-data' },
      remoteAddress: '192.0.2.79',
    });
    expect(noBoundary.statusCode).toBe(400);
  });
});

describe('complaint attachments: sizes', () => {
  it('files over 100 MB together are refused on `attachments` while reading, each file under 20 MB', async () => {
    const chunk = Buffer.concat([PDF, Buffer.alloc(19 * 1024 * 1024)]);
    const attachments = Array.from({ length: 6 }, (_, i) => attachment(file(chunk, `pomiar-${i}.pdf`)));
    const before = await getDb().$count(complaints);
    const res = await send(new TestClient(t.app), 'POST', '/api/complaints', form(complaint({ attachments })));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json().errors).toEqual({ attachments: ['Załączniki razem przekraczają 100 MB.'] });
    expect(await getDb().$count(complaints)).toBe(before);
  });
});
