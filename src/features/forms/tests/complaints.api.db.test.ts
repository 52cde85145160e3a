// Issue 12, complaints: POST /api/complaints (multipart and JSON, one schema, attachments checked by
// content and size, numbering guarded by the database, due date in 21 working days, both mails),
// the attachment downloads (owner and admins only), and the admin API (list, detail, statuses
// through the workflow with mails, notes, change log).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeInfos } from '~/core/audit/audit.schema';
import { COMPANY } from '~/core/company';
import { getDb } from '~/core/db/db.server';
import { addWorkingDays, toIsoDate } from '~/core/holidays/working-days.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { statusHistory } from '~/core/workflow/workflow.schema';
import { createUser, latestMail, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { users } from '~/features/accounts/accounts.schema';
import { complaintPrefill } from '../complaints.server';
import { complaintAttachments, complaints } from '../forms.schema';
import { makeZip } from '~tests/helpers/zip';
import { attachment, complaint, file, form, guest, PDF, PNG, send } from './helpers';

let t: TestApp;
let admin: TestClient;
let adminEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await createUser({ roleIds: [1] });
  adminEmail = a.email;
  admin = await loggedIn(t.app, a.email);
});
afterAll(async () => {
  await t?.close();
});

const today = () => toIsoDate(new Date());
const plDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

async function file422(body: Record<string, unknown> | FormData, client = guest(t)) {
  const res = await send(client, 'POST', '/api/complaints', body);
  expect(res.statusCode, res.body).toBe(422);
  return res.json() as { message: string; errors: Record<string, string[]> };
}

describe('POST /api/complaints', () => {
  it('files a guest complaint with two attachments and a different delivery address: number, due date, both mails', async () => {
    const body = complaint({
      is_different_delivery_address: true,
      delivery_name: 'Magazyn Instal-Net',
      delivery_street: 'ul. Składowa 3',
      delivery_postcode: '61-001',
      delivery_post: 'Poznań',
      attachments: [attachment(file(PDF, 'faktura.pdf')), attachment(file(PNG, 'zdjęcie wady.png'))],
    });
    const res = await send(guest(t), 'POST', '/api/complaints', form(body));
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { message: string; id: number; number: string; due_date: string };
    const year = today().slice(0, 4);
    expect(answer.number).toMatch(new RegExp(`^RK/${year}/\\d{4}$`));
    const due = addWorkingDays(today(), 21);
    expect(answer.due_date).toBe(due);
    expect(answer.message).toBe(`Reklamacja ${answer.number} została przyjęta. Rozpatrzymy ją do ${plDate(due)}.`);

    const [row] = await getDb().select().from(complaints).where(eq(complaints.id, answer.id));
    expect(row).toMatchObject({
      number: answer.number,
      status: 'new',
      dueDate: due,
      taxIdentificationNr: '5261040828',
      isDifferentDeliveryAddress: true,
      deliveryName: 'Magazyn Instal-Net',
      deliveryPostcode: '61-001',
      preferredAction: 'replacement',
      userId: null,
    });
    const files = await getDb().select().from(complaintAttachments).where(eq(complaintAttachments.complaintId, answer.id));
    expect(files.map((f) => f.filename)).toEqual(['faktura.pdf', 'zdjęcie wady.png']);

    const toSender = await latestMail(body.email as string, 'forms.complaint-received');
    expect(toSender.subject).toBe(`Reklamacja ${answer.number} została przyjęta`);
    expect(toSender.text).toContain('21 dni roboczych');
    expect(toSender.text).toContain(plDate(due));
    const notice = await latestMail(COMPANY.email, 'forms.complaint-notice');
    expect(notice.subject).toBe(`Nowa reklamacja ${answer.number}`);
    expect(notice.text).toContain('21 dni roboczych');
    expect(notice.text).toContain(plDate(due));
    expect(notice.text).toContain(`/pl/admin/complaint/${answer.id}`);
    expect(notice.headers).toEqual({ 'Reply-To': body.email });
    // The first status is in the history.
    const history = await getDb()
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.workflow, 'complaint'), eq(statusHistory.entityId, String(answer.id))));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'new']]);
  });

  it('accepts the same form as JSON, in English', async () => {
    const body = complaint({ preferred_action: 'other', preferred_action_other: 'Credit note', is_different_delivery_address: '0' });
    const res = await send(guest(t), 'POST', '/api/complaints', body, { headers: { 'x-locale': 'en' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/^Complaint RK\/\d{4}\/\d{4} has been received\. We will handle it by \d\d\.\d\d\.\d{4}\.$/);
    const mail = await latestMail(body.email as string, 'forms.complaint-received');
    expect(mail.subject).toMatch(/^Complaint RK\/\d{4}\/\d{4} has been received$/);
    expect(mail.text).toContain('21 working days');
    const [row] = await getDb().select().from(complaints).where(eq(complaints.id, res.json().id));
    expect(row.preferredActionOther).toBe('Credit note');
    expect(row.locale).toBe('en');
  });

  it('422 with a message per field: required fields, NIP, postcode, e-mail, dates, consents', async () => {
    const { errors } = await file422(
      form({
        ...complaint(),
        company_name: '',
        tax_identification_nr: '1234567890',
        postcode: '!!',
        email: 'not-an-email',
        purchase_date: '2026-02-30',
        defect_noticed_date: '2999-01-01',
        preferred_action: 'burn',
        accepted_privacy: false,
        accepted_rodo: '',
      }),
    );
    expect(errors.company_name).toEqual(['Pole jest wymagane.']);
    expect(errors.tax_identification_nr).toEqual(['Podaj poprawny NIP (10 cyfr) lub numer VAT UE z prefiksem kraju.']);
    expect(errors.postcode).toEqual(['Podaj poprawny kod pocztowy.']);
    expect(errors.email).toEqual(['Podaj poprawny adres e-mail.']);
    expect(errors.purchase_date).toEqual(['Podaj datę w formacie RRRR-MM-DD.']);
    expect(errors.defect_noticed_date).toEqual(['Data nie może być z przyszłości.']);
    expect(errors.preferred_action).toEqual(['Wybierz jedną z opcji.']);
    expect(errors.accepted_privacy).toEqual(['Zgoda jest wymagana.']);
    expect(errors.accepted_rodo).toEqual(['Zgoda jest wymagana.']);
    expect(await getDb().$count(complaints, eq(complaints.companyName, ''))).toBe(0);
  });

  it('"other" needs its text, a different delivery address needs its fields, the defect comes after the purchase', async () => {
    const { errors } = await file422(
      complaint({ preferred_action: 'other', is_different_delivery_address: '1', purchase_date: '2026-03-01', defect_noticed_date: '2026-02-01' }),
    );
    expect(errors.preferred_action_other).toEqual(['Pole jest wymagane.']);
    for (const k of ['delivery_name', 'delivery_street', 'delivery_postcode', 'delivery_post']) expect(errors[k], k).toEqual(['Pole jest wymagane.']);
    expect(errors.defect_noticed_date).toEqual(['Wada nie mogła zostać zauważona przed zakupem.']);
  });

  it('attachment errors: a missing file, a repeated name, a type refused by content, each on attachments.N.file', async () => {
    const missing = await file422(form(complaint({ attachments: [{ id: crypto.randomUUID(), filename: 'a.pdf' }] })));
    expect(missing.errors['attachments.0.file']).toEqual(['Pole jest wymagane.']);

    const duplicate = await file422(form(complaint({ attachments: [attachment(file(PDF, 'a.pdf')), attachment(file(PDF, 'a.pdf'))] })));
    expect(duplicate.errors['attachments.1.file']).toEqual(['Istnieje już załącznik o tej nazwie.']);

    const before = await getDb().$count(complaints);
    const html = await file422(
      form(
        complaint({
          attachments: [attachment(file(PDF, 'ok.pdf')), attachment(file('<html><script>alert(1)</script></html>', 'faktura.pdf', 'application/pdf'))],
        }),
      ),
    );
    expect(html.errors).toEqual({ 'attachments.1.file': ['Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.'] });
    const exe = await file422(form(complaint({ attachments: [attachment(file(Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'pomiar.flw'))] })));
    expect(exe.errors['attachments.0.file']).toEqual(['Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.']);
    const text = await file422(form(complaint({ attachments: [attachment(file('just text', 'notes.txt'))] })));
    expect(text.errors['attachments.0.file']).toBeDefined();
    expect(await getDb().$count(complaints)).toBe(before);
  });

  it('accepts ZIP, XLSX and LinkWare .flw by content and stores their types', async () => {
    const zip = makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
    ]);
    const archive = makeZip([{ name: 'pomiar.txt', data: Buffer.from('PASS') }]);
    const flw = Buffer.concat([Buffer.from([0x00, 0x01, 0x02, 0x03]), Buffer.from('LinkWare measurement data')]);
    const res = await send(
      guest(t),
      'POST',
      '/api/complaints',
      form(
        complaint({ attachments: [attachment(file(zip, 'pomiary.xlsx')), attachment(file(archive, 'archiwum.zip')), attachment(file(flw, 'kanał 12.flw'))] }),
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = await admin.get(`/api/admin/complaints/${res.json().id}`);
    const types = (detail.json() as { attachments: { filename: string; contentType: string }[] }).attachments.map((a) => [a.filename, a.contentType]);
    expect(types).toEqual([
      ['pomiary.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['archiwum.zip', 'application/zip'],
      ['kanał 12.flw', 'application/octet-stream'],
    ]);
  });

  it('a file over 20 MB is refused on its field', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(20 * 1024 * 1024)]);
    const { errors } = await file422(form(complaint({ attachments: [attachment(file(PDF, 'small.pdf')), attachment(file(big, 'big.pdf'))] })));
    expect(errors['attachments.1.file']).toEqual(['Plik jest większy niż 20 MB.']);
  });

  it('numbers are unique and consecutive when complaints come at once (guarded by the database)', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => send(guest(t), 'POST', '/api/complaints', complaint())));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = results.map((r) => r.json().number as string).sort();
    expect(new Set(numbers).size).toBe(8);
    const seqs = numbers.map((n) => Number(n.slice(-4)));
    for (let i = 1; i < seqs.length; i++) expect(seqs[i]).toBe(seqs[0] + i);
  });

  it('the hidden honeypot field: answered like a success, nothing stored or mailed', async () => {
    const body = complaint({ website: 'http://spam.example' });
    const before = await getDb().$count(complaints);
    const res = await send(guest(t), 'POST', '/api/complaints', body);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBeNull();
    expect(await getDb().$count(complaints)).toBe(before);
    expect(await mailCount(body.email as string, 'forms.complaint-received')).toBe(0);
  });
});

describe('prefill', () => {
  it("a logged-in user's data fills the complaint form (the page's loader)", async () => {
    const u = await createUser();
    await getDb()
      .update(users)
      .set({
        company: 'Sieci Sp. z o.o.',
        taxIdentificationNr: '5261040828',
        address: 'ul. Miedziana 2',
        postcode: '00-950',
        city: 'Warszawa',
        phone: '+48 22 100 00 00',
      })
      .where(eq(users.id, u.id));
    expect(await complaintPrefill(u.id)).toEqual({
      company_name: 'Sieci Sp. z o.o.',
      tax_identification_nr: '5261040828',
      street: 'ul. Miedziana 2',
      postcode: '00-950',
      post: 'Warszawa',
      contact_person: 'Jan Kowalski',
      phone: '+48 22 100 00 00',
      email: u.email,
    });
    expect(await complaintPrefill(999999)).toEqual({});
  });
});

describe('attachment downloads: the sender and administrators only', () => {
  it('serves a logged-in sender and an admin with the original filename; others get 404', async () => {
    const owner = await createUser();
    const ownerClient = await loggedIn(t.app, owner.email);
    const res = await send(
      ownerClient,
      'POST',
      '/api/complaints',
      form(complaint({ email: owner.email, attachments: [attachment(file(PDF, 'Protokół łącza.pdf'))] })),
    );
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await getDb().select().from(complaints).where(eq(complaints.id, res.json().id));
    expect(row.userId).toBe(owner.id);
    const [att] = await getDb().select().from(complaintAttachments).where(eq(complaintAttachments.complaintId, row.id));
    const url = `/files/${att.fileId}/x`;

    const mine = await ownerClient.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('Protokół łącza.pdf')}`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await admin.get(url)).statusCode).toBe(200);
    expect((await guest(t).get(url)).statusCode).toBe(404);
    const other = await loggedIn(t.app, (await createUser()).email);
    expect((await other.get(url)).statusCode).toBe(404);
  });

  it("a guest complaint's files are for administrators only", async () => {
    const res = await send(guest(t), 'POST', '/api/complaints', form(complaint({ attachments: [attachment(file(PNG, 'a.png'))] })));
    const [att] = await getDb().select().from(complaintAttachments).where(eq(complaintAttachments.complaintId, res.json().id));
    expect((await guest(t).get(`/files/${att.fileId}/a.png`)).statusCode).toBe(404);
    expect((await admin.get(`/files/${att.fileId}/a.png`)).statusCode).toBe(200);
  });
});

describe('admin complaints API', () => {
  async function newComplaint(overrides: Record<string, unknown> = {}) {
    const body = complaint(overrides);
    const res = await send(guest(t), 'POST', '/api/complaints', body);
    expect(res.statusCode, res.body).toBe(200);
    return { id: res.json().id as number, number: res.json().number as string, email: body.email as string };
  }

  it('lists {items, pages}, filters by status, overdue and search', async () => {
    const a = await newComplaint({ company_name: 'Zaległa Firma' });
    await getDb().update(complaints).set({ dueDate: '2020-01-02' }).where(eq(complaints.id, a.id));
    const list = await admin.get('/api/admin/complaints');
    expect(list.statusCode).toBe(200);
    const page = list.json() as { items: { id: number; overdue: boolean; number: string }[]; pages: number };
    expect(page.pages).toBeGreaterThanOrEqual(1);
    expect(page.items.find((i) => i.id === a.id)?.overdue).toBe(true);
    // Due today: not overdue yet, highlighted as due soon; a new one (21 working days ahead) is neither.
    const b = await newComplaint({ company_name: 'Pilna Firma' });
    const fresh = await newComplaint();
    await getDb()
      .update(complaints)
      .set({ dueDate: toIsoDate(new Date()) })
      .where(eq(complaints.id, b.id));
    const flags = new Map(
      ((await admin.get('/api/admin/complaints')).json() as { items: { id: number; overdue: boolean; soon: boolean }[] }).items.map((i) => [i.id, i]),
    );
    expect([flags.get(a.id)?.soon, flags.get(b.id)?.overdue, flags.get(b.id)?.soon, flags.get(fresh.id)?.soon]).toEqual([false, false, true, false]);
    const overdue = (await admin.get('/api/admin/complaints?overdue=1')).json() as { items: { id: number }[] };
    expect(overdue.items.map((i) => i.id)).toEqual([a.id]);
    const search = (await admin.get(`/api/admin/complaints?search=${encodeURIComponent('Zaległa')}`)).json() as { items: { id: number }[] };
    expect(search.items.map((i) => i.id)).toEqual([a.id]);
    // A page past the last shows the last one (issue 41 point 11): its rows, and its number.
    const past = (await admin.get(`/api/admin/complaints?search=${encodeURIComponent('Zaległa')}&page=99`)).json() as {
      items: { id: number }[];
      page: number;
      pages: number;
    };
    expect([past.page, past.pages, past.items.map((i) => i.id)]).toEqual([1, 1, [a.id]]);
    const byStatus = (await admin.get('/api/admin/complaints?status=closed')).json() as { items: unknown[] };
    expect(byStatus.items).toEqual([]);
  });

  it('moves new -> in_progress -> rejected -> closed, each with its comment mailed to the sender; history and change log kept', async () => {
    const c = await newComplaint();
    const put = (status: string, comment = '') => send(admin, 'PUT', `/api/admin/complaints/${c.id}`, form({ status, comment }));

    const bad = await put('closed');
    expect(bad.statusCode).toBe(422);
    const first = await put('in_progress', 'Przekazano do działu technicznego.');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('Status zmieniony na: W trakcie. Zgłaszający otrzyma e-mail.');
    const mail = await latestMail(c.email, 'forms.complaint-status');
    expect(mail.subject).toBe(`Reklamacja ${c.number}: W trakcie`);
    expect(mail.text).toContain('Przekazano do działu technicznego.');

    expect((await put('rejected', 'Uszkodzenie mechaniczne.')).statusCode).toBe(200);
    expect((await latestMail(c.email, 'forms.complaint-status')).text).toContain('Uszkodzenie mechaniczne.');
    expect((await put('closed')).statusCode).toBe(200);
    expect((await put('in_progress')).statusCode).toBe(422);

    const detail = (await admin.get(`/api/admin/complaints/${c.id}`)).json() as {
      status: string;
      history: { from: string | null; to: string; comment: string | null; actorEmail: string | null }[];
      next: string[];
    };
    expect(detail.status).toBe('closed');
    expect(detail.next).toEqual([]);
    expect(detail.history.map((h) => `${h.from}->${h.to}`)).toEqual(['null->new', 'new->in_progress', 'in_progress->rejected', 'rejected->closed']);
    expect(detail.history[1]).toMatchObject({ comment: 'Przekazano do działu technicznego.', actorEmail: adminEmail });
    expect(await mailCount(c.email, 'forms.complaint-status')).toBe(3);
    const log = await getDb()
      .select()
      .from(changeInfos)
      .where(and(eq(changeInfos.entity, 'complaint'), eq(changeInfos.entityId, String(c.id))));
    expect(log).toHaveLength(3);
    // Issue 41 point 10: the change log answers the statuses by name beside the stored values, in the reader's language.
    type Entry = { changes: { status?: { before: string; after: string; before_label?: string; after_label?: string } } };
    const entries = async (locale: 'pl' | 'en') =>
      (
        (await admin.request({ method: 'GET', url: `/api/admin/change-infos?entity=complaint&entity_id=${c.id}`, headers: { 'x-locale': locale } })).json() as {
          items: Entry[];
        }
      ).items.map((i) => i.changes.status);
    expect((await entries('pl')).at(-1)).toEqual({ before: 'new', after: 'in_progress', before_label: 'Nowa', after_label: 'W trakcie' });
    expect((await entries('en')).at(-1)).toMatchObject({ before_label: 'New', after_label: 'In progress' });
  });

  it('two admins moving the same status at once: one wins, the other gets 409 and nothing is mailed twice', async () => {
    const c = await newComplaint();
    const other = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
    const [r1, r2] = await Promise.all([
      send(admin, 'PUT', `/api/admin/complaints/${c.id}`, { status: 'in_progress', from: 'new', comment: 'A' }),
      send(other, 'PUT', `/api/admin/complaints/${c.id}`, { status: 'in_progress', from: 'new', comment: 'B' }),
    ]);
    expect([r1.statusCode, r2.statusCode].sort()).toEqual([200, 409]);
    expect(await mailCount(c.email, 'forms.complaint-status')).toBe(1);
  });

  it('internal notes are stored with their author and not mailed', async () => {
    const c = await newComplaint();
    const before = await getDb().$count(mailOutbox);
    const res = await send(admin, 'POST', `/api/admin/complaints/${c.id}/notes`, form({ body: 'Klient dzwonił, prosi o szybki kontakt.' }));
    expect(res.statusCode, res.body).toBe(200);
    expect((await send(admin, 'POST', `/api/admin/complaints/${c.id}/notes`, form({ body: '' }))).json().errors.body).toEqual(['Pole jest wymagane.']);
    const detail = (await admin.get(`/api/admin/complaints/${c.id}`)).json() as { notes: { body: string; authorEmail: string }[] };
    expect(detail.notes).toEqual([expect.objectContaining({ body: 'Klient dzwonił, prosi o szybki kontakt.', authorEmail: adminEmail })]);
    expect(await getDb().$count(mailOutbox)).toBe(before);
  });

  it('404 for an unknown complaint; guests 401, users without admin access 403', async () => {
    expect((await admin.get('/api/admin/complaints/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/complaints/abc')).statusCode).toBe(404);
    expect((await guest(t).get('/api/admin/complaints')).statusCode).toBe(401);
    const user = await loggedIn(t.app, (await createUser()).email);
    expect((await user.get('/api/admin/complaints')).statusCode).toBe(403);
    const c = await newComplaint();
    expect((await send(user, 'PUT', `/api/admin/complaints/${c.id}`, { status: 'in_progress' })).statusCode).toBe(403);
  });
});
