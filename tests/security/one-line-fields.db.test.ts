// Issue 37, hole 4: a line break in a one-line field (a warranty application's investment name, a
// learner's first name) made every later mail of that record fail ("subject must be one line"), so
// staff could never approve or reject it. One-line fields refuse CR/LF and other control characters
// at input (422 under the field, core/http/one-line.ts); text areas keep their line breaks; and a
// mail subject built from parameters is one line whatever was stored before the check existed.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { users } from '~/features/accounts/accounts.schema';
import { createUser, latestMail, loggedIn } from '~/features/accounts/tests/helpers';
import { warrantyApplications } from '~/features/forms/forms.schema';
import { file, form, PDF, send } from '~/features/forms/tests/helpers';
import { acceptanceRequestMail } from '~/features/trainings/training-mail.server';
import { createTestApp, type TestApp, type TestClient, TestClient as Client } from '~tests/helpers/test-app';

const ONE_LINE = 'Pole musi mieścić się w jednym wierszu (bez znaków nowego wiersza i znaków sterujących).';
const BREAKS = [
  'Biurowiec\nŁąkowa',
  'Biurowiec\r\nBcc: x@example.com',
  'Jan\rKowalski',
  'Jan\tKowalski',
  'Jan\u2028Kowalski',
  'Jan\u0085Kowalski',
  'Jan\u0007',
];

let t: TestApp;
let admin: TestClient;
let installer: TestClient;
let installerId: number;
let installerEmail: string;
beforeAll(async () => {
  t = await createTestApp({ env: { TRAININGS_EMAIL: 'szkolenia@example.com' } });
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  const u = await createUser({ roleIds: [2] });
  installerId = u.id;
  installerEmail = u.email;
  installer = await loggedIn(t.app, u.email);
});
afterAll(async () => {
  await t?.close();
});

/** A 422 whose errors name `field` with the one-line message. */
function expectOneLine(res: { statusCode: number; body: string; json(): unknown }, field: string, message = ONE_LINE) {
  expect(res.statusCode, res.body).toBe(422);
  expect((res.json() as { errors: Record<string, string[]> }).errors[field], res.body).toContain(message);
}

describe('one-line fields refuse line breaks and control characters (422 under the field)', () => {
  it('the warranty application: every kind of break in the investment name, and no draft is made', async () => {
    for (const name of BREAKS) {
      expectOneLine(await installer.request({ method: 'POST', url: '/api/applications', payload: { investment_name: name } }), 'investment_name');
      expectOneLine(await send(installer, 'POST', '/api/applications', form({ investment_name: name })), 'investment_name');
    }
    expect(await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.userId, installerId))).toEqual([]);
  });

  it("a learner's names (registration, basic data) and the profile, with the profile unchanged", async () => {
    expectOneLine(await new Client(t.app).post('/api/register', { first_name: 'Jan\nBcc: x@example.com', surname: 'Kowalski' }), 'first_name');
    expectOneLine(
      await installer.request({
        method: 'PUT',
        url: '/api/my-account/basic-data',
        payload: { first_name: 'Jan', surname: 'Kowal\r\nski', email: installerEmail },
      }),
      'surname',
    );
    expectOneLine(await installer.request({ method: 'PUT', url: '/api/my-account/profile', payload: { company: 'Instal\nNet', city: 'Leszno' } }), 'company');
    const [row] = await getDb().select().from(users).where(eq(users.id, installerId));
    expect({ firstName: row?.firstName, surname: row?.surname, company: row?.company }).toEqual({ firstName: 'Jan', surname: 'Kowalski', company: '' });
  });

  it('public forms: course registration, contact, complaint, newsletter', async () => {
    expectOneLine(await new Client(t.app).post('/api/course-registrations', { course_id: '1', first_name: 'Jan\nX', surname: 'K' }), 'first_name');
    expectOneLine(await new Client(t.app).post('/api/contact', { name: 'Anna\tNowak', message: 'x' }), 'name');
    expectOneLine(await new Client(t.app).post('/api/complaints', { company_name: 'Instal\nNet' }), 'company_name');
    expectOneLine(await new Client(t.app).post('/api/newsletter', { name: 'Anna\r\nNowak', email: 'a@example.com', consent: true }), 'name');
  });

  it('admin forms: customer, course, post, category, transport type, training', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/admin/customers', { name: 'Firma\nSp. z o.o.' }, 'name'],
      ['/api/admin/courses', { title_pl: 'Kurs\nmontażu' }, 'title_pl'],
      ['/api/admin/posts', { title_pl: 'Nowość\n' + 'x' }, 'title_pl'],
      ['/api/admin/categories', { name_pl: 'Kable\nmiedziane', name_en: 'Cables' }, 'name_pl'],
      ['/api/admin/transport-types', { name_pl: 'Kurier\nDPD', name_en: 'Courier' }, 'name_pl'],
      ['/api/admin/trainings', { title_pl: 'Szkolenie\nonline' }, 'title_pl'],
    ];
    for (const [url, payload, field] of cases) expectOneLine(await admin.request({ method: 'POST', url, payload }), field);
  });

  it('in English', async () => {
    const res = await installer.request({ method: 'POST', url: '/api/applications', payload: { investment_name: 'A\nB' }, headers: { 'x-locale': 'en' } });
    expectOneLine(res, 'investment_name', 'This field must fit on one line (no line breaks or control characters).');
  });

  it('a break at either end is trimmed away, as any surrounding space', async () => {
    const res = await installer.request({ method: 'POST', url: '/api/applications', payload: { investment_name: '\r\nBiurowiec\n' } });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await getDb()
      .select()
      .from(warrantyApplications)
      .where(eq(warrantyApplications.id, res.json().id as number));
    expect(row?.investmentName).toBe('Biurowiec');
    await getDb()
      .delete(warrantyApplications)
      .where(eq(warrantyApplications.id, res.json().id as number));
  });

  it('text areas keep their line breaks (contact message, application notes)', async () => {
    const contact = await new Client(t.app).post('/api/contact', {
      name: 'Anna Nowak',
      email: 'anna@example.com',
      subject: 'general',
      message: 'Dzień dobry,\r\nproszę o ofertę.\n\nPozdrawiam',
      accepted_privacy: true,
    });
    expect(contact.statusCode, contact.body).toBe(200);
    const draft = await installer.request({
      method: 'POST',
      url: '/api/applications',
      payload: { investment_name: 'Biurowiec', additional_informations: 'Tor 5:\npomiar powtórzony.' },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    await getDb()
      .delete(warrantyApplications)
      .where(eq(warrantyApplications.id, draft.json().id as number));
  });
});

describe('a record stored with a line break before the check can still be mailed, approved and rejected', () => {
  const full = (investment: string): Record<string, unknown> => ({
    investment_name: investment,
    investment_address_1: 'ul. Łąkowa 7',
    investment_address_2: '61-001 Poznań',
    contact_person: 'Zofia Żak',
    contact_phone: '+48 600 111 222',
    contact_email: 'zofia@example.com',
    activity_type: 'Nowa instalacja',
    measurements_completed_at: '2026-03-10',
    installer_company_name: 'Instal-Net Sp. z o.o.',
    installer_address_1: 'ul. Kablowa 5',
    installer_address_2: '60-101 Poznań',
    installer_name: 'Grzegorz Świątek',
    installer_phone: '+48 600 333 444',
    installer_email: 'grzegorz@example.com',
    installer_certificate_number: 'CI-2025-017',
    lan: [{ class: 'EA', shielding_method: 'U/FTP', tracks_count: '120', standard: 'ISO/IEC 11801' }],
    fibre: { class: '', connectors_type: '', fibres_count_cable_1: '', fibres_count_cable_2: '', tracks_count: '', standard: '', tests_method: '' },
    additional_informations: '',
    is_measuring_device_borrowed: false,
    are_all_components_provider: true,
  });
  const att = (kind: string, name: string) => ({ id: crypto.randomUUID(), kind, file: file(PDF, name), filename: name });

  /** A submitted application whose investment name then gets a line break straight in the database. */
  async function submittedWithBreak(stored: string): Promise<number> {
    const created = await send(
      installer,
      'POST',
      '/api/applications',
      form({ ...full('Biurowiec'), attachments: [att('lan_measurements_1', 'lan.pdf'), att('lan_calibration_certificate', 'kal.pdf')] }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    const submitted = await send(installer, 'POST', `/api/applications/${id}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [row] = await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.id, id));
    await getDb()
      .update(warrantyApplications)
      .set({ investmentName: stored, data: { ...(row?.data ?? {}), investment_name: stored } })
      .where(eq(warrantyApplications.id, id));
    return id;
  }

  const review = (id: number, status: string, comment = '', from?: string) =>
    send(admin, 'PUT', `/api/admin/applications/${id}`, { status, comment, ...(from ? { from } : {}) });
  const statusMails = async () =>
    getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, installerEmail), eq(mailOutbox.kind, 'forms.application-status')));

  it('approved: every status change answers 200 and its mail has a one-line subject', async () => {
    const id = await submittedWithBreak('Biurowiec\r\nŁąkowa\t 7');
    const inReview = await review(id, 'in_review');
    expect(inReview.statusCode, inReview.body).toBe(200);
    const approved = await review(id, 'approved', 'Gratulujemy.', 'in_review');
    expect(approved.statusCode, approved.body).toBe(200);
    const [row] = await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.id, id));
    expect(row?.status).toBe('approved');
    expect(row?.certificateNumber).toMatch(/^GS\/\d{4}\/\d{4}$/);
    const mail = await latestMail(installerEmail, 'forms.application-status');
    expect(mail.subject).toBe('Wniosek o certyfikat „Biurowiec Łąkowa 7”: Zatwierdzony');
  });

  it('rejected: the same', async () => {
    const id = await submittedWithBreak('Hala\nmagazynowa');
    expect((await review(id, 'in_review')).statusCode).toBe(200);
    const rejected = await review(id, 'rejected', 'Pomiary niekompletne.\nProszę złożyć nowy wniosek.', 'in_review');
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [row] = await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.id, id));
    expect(row?.status).toBe('rejected');
    const mails = await statusMails();
    for (const m of mails) expect(m.subject).not.toMatch(/[\r\n\t]/);
    expect(mails.map((m) => m.subject)).toContain('Wniosek o certyfikat „Hala magazynowa”: Odrzucony');
  });

  it("a learner's stored first name with a line break: the acceptance request's subject is one line", async () => {
    const mail = acceptanceRequestMail.compose(
      { email: 'szkolenia@example.com', locale: 'pl' },
      { name: 'Jan\r\nKowalski', email: 'jan@example.com', title: 'Okablowanie\nstrukturalne', url: 'http://localhost/x' },
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Okablowanie strukturalne');
    await getDb().transaction(async (tx) => {
      await acceptanceRequestMail(
        tx,
        { email: 'szkolenia@example.com', locale: 'pl' },
        { name: 'Jan\nKowalski', email: 'jan@example.com', title: 'Kurs\r\nA', url: 'http://localhost/x' },
      );
    });
    const [queued] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.kind, 'trainings.acceptance-request'));
    expect(queued?.subject).not.toMatch(/[\r\n]/);
  });
});
