// Issue 41 point 14: My account lists the complaints a user sent (status, dates, attachments):
// GET /api/complaints and /api/complaints/{id} and the pages /{locale}/my-account/complaints and
// /{locale}/my-account/complaint/{id} (their loaders; tests/e2e/my-complaints.e2e.ts renders them). Only the sender's own complaints; staff notes and staff
// addresses never reach the sender.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { loaderArgs } from '~tests/helpers/loader-args';
import * as detailPage from '../routes/my-complaint';
import * as listPage from '../routes/my-complaints';
import { attachment, complaint, file, form, guest, PDF, PNG, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
let owner: TestClient;
let ownerEmail: string;
let ownerId: number;
let otherId: number;
let other: TestClient;
const filed: { id: number; number: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ roleIds: [1] });
  adminEmail = a.email;
  admin = await loggedIn(t.app, a.email);
  const o = await createUser();
  ownerEmail = o.email;
  ownerId = o.id;
  owner = await loggedIn(t.app, ownerEmail);
  const x = await createUser();
  otherId = x.id;
  other = await loggedIn(t.app, x.email);
  // The owner sends two (the second with two files), another user one, a guest one with the owner's address.
  for (const [client, body] of [
    [owner, complaint({ email: ownerEmail, product_name: 'Patchcord kat. 6' })],
    [owner, complaint({ email: ownerEmail, attachments: [attachment(file(PDF, 'faktura.pdf')), attachment(file(PNG, 'wada.png'))] })],
    [other, complaint()],
    [guest(t), complaint({ email: ownerEmail, product_name: 'Wysłane bez logowania' })],
  ] as const) {
    const res = await send(client, 'POST', '/api/complaints', form(body));
    expect(res.statusCode, res.body).toBe(200);
    if (client === owner) filed.push(res.json());
  }
});
afterAll(async () => {
  await t?.close();
});

type ListAnswer = {
  items: { id: number; number: string; productName: string; status: string; dueDate: string; createdAt: string; attachments: number }[];
  total: number;
  page: number;
  pages: number;
};

describe('GET /api/complaints', () => {
  it("lists only the user's own complaints sent while logged in, newest first, with status, dates and the number of files", async () => {
    const res = await owner.get('/api/complaints');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ListAnswer;
    expect(body.total).toBe(2);
    expect(body.items.map((c) => c.number)).toEqual([filed[1].number, filed[0].number]);
    expect(body.items[0]).toMatchObject({ productName: 'Kabel U/UTP kat. 6A', status: 'new', attachments: 2 });
    expect(body.items[1]).toMatchObject({ productName: 'Patchcord kat. 6', attachments: 0 });
    expect(body.items[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a page past the last answers the last page', async () => {
    const body = (await owner.get('/api/complaints?page=99')).json() as ListAnswer;
    expect(body).toMatchObject({ page: 1, pages: 1, total: 2 });
    expect(body.items).toHaveLength(2);
  });

  it('a user with none gets an empty list', async () => {
    const none = await loggedIn(t.app, (await createUser()).email);
    expect((await none.get('/api/complaints')).json()).toMatchObject({ items: [], total: 0 });
  });
});

describe('GET /api/complaints/{id}', () => {
  it('shows what was sent, the files and the status history with the comments mailed, never notes or staff addresses', async () => {
    const id = filed[1].id;
    expect((await send(admin, 'POST', `/api/admin/complaints/${id}/notes`, form({ body: 'Notatka wewnętrzna: klient trudny.' }))).statusCode).toBe(200);
    const put = await send(admin, 'PUT', `/api/admin/complaints/${id}`, form({ status: 'in_progress', comment: 'Przekazano do działu technicznego.' }));
    expect(put.statusCode, put.body).toBe(200);

    const res = await owner.get(`/api/complaints/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json();
    expect(c).toMatchObject({
      id,
      number: filed[1].number,
      status: 'in_progress',
      productName: 'Kabel U/UTP kat. 6A',
      preferredAction: 'replacement',
      delivery: null,
    });
    expect(c.attachments.map((a: { filename: string }) => a.filename)).toEqual(['faktura.pdf', 'wada.png']);
    expect(c.history.at(-1)).toMatchObject({ from: 'new', to: 'in_progress', comment: 'Przekazano do działu technicznego.' });
    expect(res.body).not.toContain('Notatka wewnętrzna');
    expect(res.body).not.toContain(adminEmail);
    expect(c).not.toHaveProperty('notes');

    // The files it lists download for the sender.
    const download = await owner.get(`/files/${c.attachments[0].fileId}/faktura.pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
  });

  it("another user's complaint and an unknown id are not found", async () => {
    for (const client of [other, admin]) {
      const res = await client.get(`/api/complaints/${filed[0].id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Nie znaleziono reklamacji.' });
    }
    expect((await owner.get('/api/complaints/2147483647')).statusCode).toBe(404);
  });
});

async function refusal(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  try {
    await run();
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get('location') };
    throw e;
  }
  throw new Error('the loader answered');
}

describe('the My account pages (their loaders)', () => {
  it("list and detail load the user's own complaints; another user's detail is 404, a guest goes to log in", async () => {
    const list = await listPage.loader(loaderArgs(t.app, ownerId, '/pl/my-account/complaints'));
    expect(list.items.map((c) => c.number)).toEqual([filed[1].number, filed[0].number]);
    const detail = await detailPage.loader(loaderArgs(t.app, ownerId, `/pl/my-account/complaint/${filed[1].id}`, { id: String(filed[1].id) }));
    expect(detail.complaint.attachments.map((a) => a.filename)).toEqual(['faktura.pdf', 'wada.png']);
    expect(detail.complaint.history.at(-1)?.comment).toBe('Przekazano do działu technicznego.');

    expect(
      await refusal(() => detailPage.loader(loaderArgs(t.app, otherId, `/pl/my-account/complaint/${filed[1].id}`, { id: String(filed[1].id) }))),
    ).toMatchObject({
      status: 404,
    });
    for (const bad of ['abc', '0', '-1', '99999999999']) {
      expect(await refusal(() => detailPage.loader(loaderArgs(t.app, ownerId, `/pl/my-account/complaint/${bad}`, { id: bad }))), bad).toMatchObject({
        status: 404,
      });
    }
    const guestList = await refusal(() => listPage.loader(loaderArgs(t.app, null, '/pl/my-account/complaints')));
    expect(guestList.status).toBe(302);
    expect(guestList.location).toMatch(/^\/pl\/login/);
  });
});
