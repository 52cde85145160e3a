// Issue 12, warranty certification applications through the API: authorisation (guest, unverified,
// inactive, other user, admin without the applications permission, admin), drafts that may be
// incomplete, the submission rules (copper or fibre, the attachments each needs), the review
// (returned with the reason and mailed, corrected, resubmitted, approved) and the 25-year
// certificate (number, validity, PDF text, download by the applicant only).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailAttachmentsOf } from '~/core/mail/outbox.server';
import { createUser, latestMail, linkIn, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { createRole } from '~/features/catalog/admin/tests/helpers';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { addYears } from '../applications.server';
import { warrantyApplications } from '../forms.schema';
import { file, form, guest, PDF, send } from './helpers';

let t: TestApp;
let installer: TestClient;
let installerEmail: string;
let other: TestClient;
let admin: TestClient;
let postsAdmin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  const u = await createUser();
  installerEmail = u.email;
  installer = await loggedIn(t.app, u.email);
  other = await loggedIn(t.app, (await createUser()).email);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  const role = await createRole(41, 'admin-posts-only', ['admin.access', 'posts.update']);
  postsAdmin = await loggedIn(t.app, (await createUser({ roleIds: [role] })).email);
});
afterAll(async () => {
  await t?.close();
});

function application(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    investment_name: 'Biurowiec Łąkowa',
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
    lan: [
      { class: 'EA', shielding_method: 'U/FTP', tracks_count: '120', standard: 'ISO/IEC 11801' },
      { class: '', shielding_method: '', tracks_count: '', standard: '' },
    ],
    fibre: {
      class: 'OM4',
      connectors_type: 'LC',
      fibres_count_cable_1: '12',
      fibres_count_cable_2: '24',
      tracks_count: '4',
      standard: 'EN 50173-1',
      tests_method: 'Tier 1 (OLTS)',
    },
    additional_informations: '',
    is_measuring_device_borrowed: false,
    are_all_components_provider: true,
    ...overrides,
  };
}

const att = (kind: string, name: string) => ({ id: crypto.randomUUID(), kind, file: file(PDF, name), filename: name });
const ALL_ATTACHMENTS = [
  att('lan_measurements_1', 'lan1.pdf'),
  att('lan_calibration_certificate', 'kalibracja-lan.pdf'),
  att('fibre_measurements', 'swiatlowod.pdf'),
  att('fibre_calibration_certificate', 'kalibracja-swiatlowod.pdf'),
];

describe('who may use the applications API', () => {
  it('guest 401, unverified and inactive 406; another user gets 404 for an application', async () => {
    expect((await send(guest(t), 'POST', '/api/applications', form(application()))).statusCode).toBe(401);
    const unverified = await loggedIn(t.app, (await createUser({ state: 'unverified' })).email);
    expect((await unverified.get('/api/applications')).statusCode).toBe(406);
    const inactive = await loggedIn(t.app, (await createUser({ state: 'inactive' })).email);
    expect((await send(inactive, 'POST', '/api/applications', form(application()))).statusCode).toBe(406);

    const res = await send(installer, 'POST', '/api/applications', form(application()));
    const id = res.json().id as number;
    expect((await other.get(`/api/applications/${id}`)).statusCode).toBe(404);
    expect((await send(other, 'PUT', `/api/applications/${id}`, form(application()))).statusCode).toBe(404);
    expect((await send(other, 'POST', `/api/applications/${id}/submit`)).statusCode).toBe(404);
    expect(((await other.get('/api/applications')).json() as { items: { id: number }[] }).items.map((i) => i.id)).not.toContain(id);
    expect(((await installer.get('/api/applications')).json() as { items: { id: number }[] }).items.map((i) => i.id)).toContain(id);
  });

  it('admin routes: 403 for a user and for an admin without the applications permission, 200 for an admin', async () => {
    for (const client of [installer, postsAdmin]) {
      expect((await client.get('/api/admin/applications')).statusCode).toBe(403);
      expect((await send(client, 'PUT', '/api/admin/applications/1', { status: 'in_review' })).statusCode).toBe(403);
    }
    const list = await admin.get('/api/admin/applications');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(expect.objectContaining({ items: expect.any(Array), pages: expect.any(Number) }));
  });
});

describe('drafts and submission', () => {
  it('a draft may be incomplete but what is given must be valid', async () => {
    const draft = await send(installer, 'POST', '/api/applications', form({ investment_name: 'Szkic', lan: [{ class: 'EA' }] }));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().message).toBe('Wniosek został zapisany jako szkic.');
    const bad = await send(
      installer,
      'POST',
      '/api/applications',
      form({ contact_email: 'x', lan: [{ class: 'Cat9' }], fibre: { fibres_count_cable_1: '-3' } }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      contact_email: ['Podaj poprawny adres e-mail.'],
      'lan.0.class': ['Wybierz jedną z opcji.'],
      'fibre.fibres_count_cable_1': ['Podaj liczbę całkowitą od 1 do 100000.'],
    });
  });

  it('submitting checks everything: required fields, at least one network part, complete parts, the attachments each part needs', async () => {
    const empty = (await send(installer, 'POST', '/api/applications', form({ investment_name: 'Pusty' }))).json().id;
    const r1 = await send(installer, 'POST', `/api/applications/${empty}/submit`);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors).toMatchObject({
      investment_address_1: ['Pole jest wymagane.'],
      'lan.0.class': ['Podaj okablowanie miedziane (LAN) lub światłowodowe.'],
    });

    const partial = application({ fibre: { class: 'OS2' } });
    const id = (await send(installer, 'POST', '/api/applications', form({ ...partial, attachments: [att('lan_measurements_1', 'a.pdf')] }))).json().id;
    const r2 = await send(installer, 'POST', `/api/applications/${id}/submit`);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors['fibre.connectors_type']).toEqual(['Pole jest wymagane.']);
    expect(r2.json().errors.attachments).toEqual([
      'Dodaj załącznik: Świadectwo kalibracji miernika (LAN).',
      'Dodaj załącznik: Pomiary okablowania światłowodowego.',
      'Dodaj załącznik: Świadectwo kalibracji miernika (światłowód).',
    ]);

    // Copper only is a whole network too.
    const copper = application({ fibre: {} });
    const cid = (
      await send(
        installer,
        'POST',
        '/api/applications',
        form({ ...copper, attachments: [att('lan_measurements_1', 'a.pdf'), att('lan_calibration_certificate', 'b.pdf')] }),
      )
    ).json().id;
    expect((await send(installer, 'POST', `/api/applications/${cid}/submit`)).statusCode).toBe(200);
  });

  it('attachments are refused by content and need a known kind', async () => {
    const res = await send(
      installer,
      'POST',
      '/api/applications',
      form({ ...application(), attachments: [{ id: crypto.randomUUID(), kind: 'photos', file: file(PDF, 'a.pdf'), filename: 'a.pdf' }] }),
    );
    expect(res.json().errors['attachments.0.kind']).toEqual(['Nieprawidłowy rodzaj załącznika.']);
    const html = await send(
      installer,
      'POST',
      '/api/applications',
      form({ ...application(), attachments: [{ ...att('fibre_measurements', 'x.pdf'), file: file('<html>', 'x.pdf') }] }),
    );
    expect(html.json().errors['attachments.0.file']).toEqual(['Niedozwolony rodzaj pliku. Dozwolone: PDF, obrazy, ZIP, XLSX, .flw.']);
  });
});

describe('the whole way: draft, submit, returned, corrected, approved, certificate', () => {
  it('issues the 25-year certificate as a PDF the applicant downloads', async () => {
    const created = await send(
      installer,
      'POST',
      '/api/applications',
      form({ ...application({ installer_certificate_number: '' }), attachments: ALL_ATTACHMENTS }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as number;
    // Submitting the draft without the installer's certificate number: refused on that field.
    expect((await send(installer, 'POST', `/api/applications/${id}/submit`)).json().errors).toEqual({ installer_certificate_number: ['Pole jest wymagane.'] });
    expect((await send(installer, 'PUT', `/api/applications/${id}`, form(application()))).statusCode).toBe(200);
    expect((await send(installer, 'POST', `/api/applications/${id}/submit`)).json().message).toBe('Wniosek został wysłany do weryfikacji.');
    // Submitted: no more edits.
    expect((await send(installer, 'PUT', `/api/applications/${id}`, form(application()))).statusCode).toBe(409);
    expect((await installer.get(`/api/applications/${id}/certificate`)).statusCode).toBe(404);

    const review = (status: string, comment = '', from?: string) =>
      send(admin, 'PUT', `/api/admin/applications/${id}`, { status, comment, ...(from ? { from } : {}) });
    expect((await review('approved')).statusCode).toBe(422); // submitted -> approved is not a transition
    expect((await review('in_review')).statusCode).toBe(200);
    expect((await review('returned')).json().errors).toEqual({ comment: ['Pole jest wymagane.'] });
    expect((await review('returned', 'Brak pomiarów toru 5.')).statusCode).toBe(200);
    const returned = await latestMail(installerEmail, 'forms.application-status');
    expect(returned.subject).toBe('Wniosek o certyfikat „Biurowiec Łąkowa”: Zwrócony do poprawy');
    expect(returned.text).toContain('Brak pomiarów toru 5.');
    expect((await installer.get(`/api/applications/${id}`)).json()).toMatchObject({ status: 'returned', returnReason: 'Brak pomiarów toru 5.' });

    // The installer corrects (a new file, one removed) and submits again.
    const detail = (await installer.get(`/api/applications/${id}`)).json() as { attachments: { id: number; kind: string }[] };
    const oldLan = detail.attachments.find((a) => a.kind === 'lan_measurements_1')?.id;
    const fix = await send(
      installer,
      'PUT',
      `/api/applications/${id}`,
      form({ ...application(), attachments: [att('lan_measurements_1', 'lan1-poprawione.pdf')], remove_attachments: [oldLan] }),
    );
    expect(fix.statusCode, fix.body).toBe(200);
    const after = (await installer.get(`/api/applications/${id}`)).json() as { attachments: { filename: string }[] };
    expect(after.attachments.map((a) => a.filename).sort()).toEqual([
      'kalibracja-lan.pdf',
      'kalibracja-swiatlowod.pdf',
      'lan1-poprawione.pdf',
      'swiatlowod.pdf',
    ]);
    // The attachments: the applicant and staff with the applications permission only.
    const fileUrl = `/files/${(after.attachments[0] as unknown as { fileId: string }).fileId}/x`;
    expect((await installer.get(fileUrl)).statusCode).toBe(200);
    expect((await admin.get(fileUrl)).statusCode).toBe(200);
    expect((await other.get(fileUrl)).statusCode).toBe(404);
    expect((await postsAdmin.get(fileUrl)).statusCode).toBe(404);
    expect((await guest(t).get(fileUrl)).statusCode).toBe(404);
    expect((await send(installer, 'POST', `/api/applications/${id}/submit`)).statusCode).toBe(200);
    expect((await review('in_review')).statusCode).toBe(200);
    const approved = await review('approved', 'Gratulujemy.', 'in_review');
    expect(approved.statusCode, approved.body).toBe(200);

    const [row] = await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.id, id));
    expect(row.certificateNumber).toMatch(/^GS\/\d{4}\/\d{4}$/);
    expect(row.certificateValidUntil).toBe('2051-03-10');
    const mail = await latestMail(installerEmail, 'forms.application-status');
    expect(mail.text).toContain(`nr ${row.certificateNumber}, ważny do 10.03.2051`);
    // The link is the application's page (log in and back), not the download API's raw 401.
    expect(linkIn(mail.text, '/my-account/application/')).toBe(`http://localhost:3000/pl/my-account/application/${id}`);
    expect(mail.text).not.toContain('/api/applications/');

    const pdf = await installer.get(`/api/applications/${id}/certificate`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('.pdf');
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    for (const part of [
      'Certyfikat 25-letniej gwarancji systemowej',
      row.certificateNumber as string,
      'Biurowiec Łąkowa',
      'ul. Łąkowa 7',
      'Instal-Net Sp. z o.o.',
      'Grzegorz Świątek',
      'CI-2025-017',
      '10.03.2051',
      'COBI NET',
    ]) {
      expect(text, part).toContain(part);
    }
    // The approval mail carries the same certificate PDF as an attachment.
    const attached = await mailAttachmentsOf(getDb(), mail.id);
    expect(attached.map((a) => [a.filename, a.contentType])).toEqual([
      [`certyfikat-${(row.certificateNumber as string).replaceAll('/', '-')}.pdf`, 'application/pdf'],
    ]);
    expect(Buffer.from(attached[0].content).equals(pdf.rawPayload)).toBe(true);
    expect((await other.get(`/api/applications/${id}/certificate`)).statusCode).toBe(404);
    expect((await admin.get(`/api/applications/${id}/certificate`)).statusCode).toBe(200);
    expect(await mailCount(installerEmail, 'forms.application-status')).toBe(2);
  });

  it('an English application gets its certificate named in English (file, download and mail attachment)', async () => {
    const en = { headers: { 'x-locale': 'en' } };
    const id = (await send(installer, 'POST', '/api/applications', form({ ...application(), attachments: ALL_ATTACHMENTS }), en)).json().id as number;
    expect((await send(installer, 'POST', `/api/applications/${id}/submit`, undefined, en)).statusCode).toBe(200);
    expect((await send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'in_review' })).statusCode).toBe(200);
    expect((await send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'approved' })).statusCode).toBe(200);
    const [row] = await getDb().select().from(warrantyApplications).where(eq(warrantyApplications.id, id));
    const name = `certificate-${(row.certificateNumber as string).replaceAll('/', '-')}.pdf`;
    expect((await installer.get(`/api/applications/${id}/certificate`)).headers['content-disposition']).toContain(name);
    const mail = await latestMail(installerEmail, 'forms.application-status');
    expect((await mailAttachmentsOf(getDb(), mail.id)).map((a) => a.filename)).toEqual([name]);
  });

  it('certificates are numbered one after another even when approved at once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = (await send(installer, 'POST', '/api/applications', form({ ...application(), attachments: ALL_ATTACHMENTS }))).json().id as number;
      expect((await send(installer, 'POST', `/api/applications/${id}/submit`)).statusCode).toBe(200);
      expect((await send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'in_review' })).statusCode).toBe(200);
      ids.push(id);
    }
    const results = await Promise.all(ids.map((id) => send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'approved', from: 'in_review' })));
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const numbers = (await getDb().select({ n: warrantyApplications.certificateNumber }).from(warrantyApplications)).map((r) => r.n).filter(Boolean);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('two approvals of one application at once: one succeeds, the other 409 takes no number (the next certificate follows with no gap)', async () => {
    const inReview = async () => {
      const id = (await send(installer, 'POST', '/api/applications', form({ ...application(), attachments: ALL_ATTACHMENTS }))).json().id as number;
      expect((await send(installer, 'POST', `/api/applications/${id}/submit`)).statusCode).toBe(200);
      expect((await send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'in_review' })).statusCode).toBe(200);
      return id;
    };
    const first = await inReview();
    const second = await inReview();
    const approve = (id: number) => send(admin, 'PUT', `/api/admin/applications/${id}`, { status: 'approved', from: 'in_review' });
    const mailsBefore = await mailCount(installerEmail, 'forms.application-status');
    const race = await Promise.all([approve(first), approve(first)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await mailCount(installerEmail, 'forms.application-status')).toBe(mailsBefore + 1);
    const numberOf = async (id: number) => {
      const [row] = await getDb().select({ n: warrantyApplications.certificateNumber }).from(warrantyApplications).where(eq(warrantyApplications.id, id));
      return row.n as string;
    };
    const a = await numberOf(first);
    expect(a).toMatch(/^GS\/\d{4}\/\d{4}$/);
    expect((await approve(second)).statusCode).toBe(200);
    const b = await numberOf(second);
    expect(b.slice(0, 8)).toBe(a.slice(0, 8));
    expect(Number(b.slice(8))).toBe(Number(a.slice(8)) + 1);
  });
});

describe('validity', () => {
  it('completion date + 25 years; 29 February becomes 28 February', () => {
    expect(addYears('2026-03-10', 25)).toBe('2051-03-10');
    expect(addYears('2024-02-29', 25)).toBe('2049-02-28');
  });
});
