// The courses API on a real database: the public list, registration (validation, consent, the seat
// rule under concurrency, the waiting list, duplicates), the participant's own registrations (own
// only, cancellation 7 days before), the admin APIs per permission group, status changes with mails,
// certificates (PDF read back) and the XLSX participant list.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '~/core/db/db.server';
import { mailAttachmentsOf } from '~/core/mail/outbox.server';
import { newSessionId } from '~/core/session/session.server';
import { statusHistory } from '~/core/workflow/workflow.schema';
import { rolePermissions, roles } from '~/features/accounts/accounts.schema';
import { createUser, latestMail, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { pdfText } from '~tests/helpers/pdf-text';
import { createTestApp, type TestApp, TestClient } from '~tests/helpers/test-app';
import { courseRegistrations, courses } from '../courses.schema';
import * as registrationPage from '../routes/my-course-registration';
import { courseTookPlace, createCourse, registration } from './helpers';

let t: TestApp;
let admin: TestClient;
let coursesOnly: TestClient;
let registrationsOnly: TestClient;
let anna: TestClient;
let annaId: number;
let piotr: TestClient;

const COURSES_ROLE = 20;
const REGISTRATIONS_ROLE = 21;

beforeAll(async () => {
  t = await createTestApp();
  await getDb()
    .insert(roles)
    .values([
      { id: COURSES_ROLE, key: 'course-editor', namePl: 'Szkolenia', nameEn: 'Courses' },
      { id: REGISTRATIONS_ROLE, key: 'course-registrar', namePl: 'Zapisy', nameEn: 'Registrations' },
    ]);
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: COURSES_ROLE, permissionKey: 'admin.access' },
      { roleId: COURSES_ROLE, permissionKey: 'courses.update' },
      { roleId: REGISTRATIONS_ROLE, permissionKey: 'admin.access' },
      { roleId: REGISTRATIONS_ROLE, permissionKey: 'course_registrations.update' },
    ]);
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
  coursesOnly = await loggedIn(t.app, (await createUser({ roleIds: [COURSES_ROLE] })).email);
  registrationsOnly = await loggedIn(t.app, (await createUser({ roleIds: [REGISTRATIONS_ROLE] })).email);
  const a = await createUser({ roleIds: [2] });
  annaId = a.id;
  anna = await loggedIn(t.app, a.email);
  piotr = await loggedIn(t.app, (await createUser({ roleIds: [2] })).email);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  // Every request here comes from 127.0.0.1: the public form's limit is tested in tests/security.
  await t.app.rateLimiter.reset('course-registration:127.0.0.1');
});

const post = (client: TestClient, url: string, payload: unknown) => client.post(url, payload);
const put = (client: TestClient, url: string, payload: unknown) => client.request({ method: 'PUT', url, payload: payload as Record<string, unknown> });

describe('GET /api/courses', () => {
  it('lists the active upcoming dates with the seats left, not past or hidden ones', async () => {
    const open = await createCourse({ inDays: 40, seats: 3, city: 'Lublin' });
    const past = await createCourse({ inDays: -3, city: 'Opole' });
    const hidden = await createCourse({ inDays: 50, isActive: false, city: 'Rzeszów' });
    await post(new TestClient(t.app), '/api/course-registrations', registration(open.id));
    const res = await new TestClient(t.app).get('/api/courses');
    expect(res.statusCode).toBe(200);
    const items = res.json() as Record<string, unknown>[];
    const ids = items.map((i) => i.id);
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(past.id);
    expect(ids).not.toContain(hidden.id);
    const item = items.find((i) => i.id === open.id);
    expect(item).toMatchObject({
      city: 'Lublin',
      seats: 3,
      seats_left: 2,
      price: '1450.00',
      date_from: open.dateFrom,
      date_to: open.dateTo,
      title: open.titlePl,
    });
    expect(item?.venue).toContain('Poznań');
    const en = (await new TestClient(t.app).get('/api/courses', { 'x-locale': 'en' })).json() as Record<string, unknown>[];
    expect(en.find((i) => i.id === open.id)?.title).toBe('Certified cabling installer');
  });
});

describe('POST /api/course-registrations', () => {
  it('refuses missing fields, a bad e-mail and phone, and no privacy consent with 422 per field', async () => {
    const c = await createCourse();
    const res = await post(new TestClient(t.app), '/api/course-registrations', { course_id: String(c.id), email: 'not-mail', phone: 'abc' });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    for (const f of ['first_name', 'surname', 'company_name', 'city', 'accepted_privacy']) expect(errors[f]?.[0]).toBeTruthy();
    expect(errors.email[0]).toBe('Podaj poprawny adres e-mail.');
    expect(errors.phone[0]).toContain('numer telefonu');
    expect(errors.accepted_privacy[0]).toBe('Zgoda na przetwarzanie danych osobowych jest wymagana.');
    const noConsent = await post(new TestClient(t.app), '/api/course-registrations', registration(c.id, { accepted_privacy: '0' }));
    expect(noConsent.statusCode).toBe(422);
    expect(Object.keys(noConsent.json().errors)).toEqual(['accepted_privacy']);
    const [n] = await getDb().select({ id: courseRegistrations.id }).from(courseRegistrations).where(eq(courseRegistrations.courseId, c.id));
    expect(n).toBeUndefined();
  });

  it('registers a visitor, answers {message, id} and mails the date, venue and what to bring', async () => {
    const c = await createCourse({ city: 'Gdynia' });
    const payload = registration(c.id);
    const res = await post(new TestClient(t.app), '/api/course-registrations', payload);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toContain(String(payload.email));
    expect(body.id).toBeGreaterThan(0);
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, body.id));
    expect(row).toMatchObject({ status: 'registered', userId: null, companyName: payload.company_name, email: payload.email });
    const mail = await latestMail(String(payload.email), 'courses.registered');
    expect(mail?.subject).toContain('Potwierdzenie zapisu');
    expect(mail?.text).toContain(c.venue);
    expect(mail?.text).toContain('Co zabrać');
    expect(mail?.text).toContain(`${c.dateTo.slice(8, 10)}.${c.dateTo.slice(5, 7)}.${c.dateTo.slice(0, 4)}`);
    const history = await getDb()
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.entityId, String(body.id)));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual([[null, 'registered']]);
  });

  it('links a logged-in user’s registration to the account and writes the mail in English for /en', async () => {
    const c = await createCourse();
    const res = await anna.request({
      method: 'POST',
      url: '/api/course-registrations',
      payload: registration(c.id, { email: 'anna.kurs@example.com' }),
      headers: { 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, res.json().id));
    expect(row?.userId).toBe(annaId);
    expect((await latestMail('anna.kurs@example.com', 'courses.registered'))?.subject).toContain('Course registration confirmed');
  });

  it('refuses a second live registration of the same e-mail for the date', async () => {
    const c = await createCourse();
    const p = registration(c.id);
    expect((await post(new TestClient(t.app), '/api/course-registrations', p)).statusCode).toBe(200);
    const again = await post(new TestClient(t.app), '/api/course-registrations', { ...p, email: String(p.email).toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email[0]).toBe('Ten adres e-mail jest już zapisany na ten termin.');
  });

  it('refuses a date past its registration deadline, a started one and an unknown one', async () => {
    const closed = await createCourse({ inDays: 10, deadline: '2000-01-01' });
    const started = await createCourse({ inDays: 0 });
    for (const id of [closed.id, started.id]) {
      const res = await post(new TestClient(t.app), '/api/course-registrations', registration(id));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.course_id[0]).toBe('Zapisy na ten termin są zamknięte.');
    }
    const unknown = await post(new TestClient(t.app), '/api/course-registrations', registration(999999));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.course_id).toBeTruthy();
  });

  it('gives the last seat to exactly one of simultaneous registrations; the others get 422 with the waiting-list offer', async () => {
    const c = await createCourse({ seats: 1 });
    const results = await Promise.all(Array.from({ length: 6 }, () => post(new TestClient(t.app), '/api/course-registrations', registration(c.id))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 422, 422, 422, 422, 422]);
    for (const r of results.filter((x) => x.statusCode === 422)) {
      expect(r.json()).toMatchObject({ waiting_list: true });
      expect(r.json().errors.course_id[0]).toContain('listę rezerwową');
      expect(r.json().message).toContain('Brak wolnych miejsc');
    }
    const rows = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.courseId, c.id));
    expect(rows.filter((r) => r.status === 'registered')).toHaveLength(1);
    expect(rows).toHaveLength(1);
  });

  it('with two seats left and four simultaneous registrations exactly two are registered', async () => {
    const c = await createCourse({ seats: 2 });
    const results = await Promise.all(Array.from({ length: 4 }, () => post(new TestClient(t.app), '/api/course-registrations', registration(c.id))));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    const rows = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.courseId, c.id));
    expect(rows).toHaveLength(2);
  });

  it('puts a registration for a full date on the waiting list when asked, with its own mail', async () => {
    const c = await createCourse({ seats: 1 });
    expect((await post(new TestClient(t.app), '/api/course-registrations', registration(c.id))).statusCode).toBe(200);
    const p = registration(c.id, { waiting_list: '1' });
    const res = await post(new TestClient(t.app), '/api/course-registrations', p);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('waiting');
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, res.json().id));
    expect(row?.status).toBe('waiting');
    expect((await latestMail(String(p.email), 'courses.waiting'))?.subject).toContain('Lista rezerwowa');
    expect(await mailCount(String(p.email), 'courses.registered')).toBe(0);
    // The seats left stay at zero: the waiting list holds no seat.
    const list = (await new TestClient(t.app).get('/api/courses')).json() as { id: number; seats_left: number }[];
    expect(list.find((i) => i.id === c.id)?.seats_left).toBe(0);
  });
});

describe('my registrations', () => {
  it('lists only the user’s own registrations, paged', async () => {
    const c = await createCourse();
    const mine = await anna.post('/api/course-registrations', registration(c.id));
    await piotr.post('/api/course-registrations', registration(c.id));
    const res = await anna.get('/api/course-registrations');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pages).toBeGreaterThanOrEqual(1);
    const ids = (body.items as { id: number }[]).map((i) => i.id);
    expect(ids).toContain(mine.json().id);
    const rows = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.userId, annaId));
    expect(ids.every((id) => rows.some((r) => r.id === id))).toBe(true);
  });

  it('shows one registration only to its owner (404 to others) and needs a login (401)', async () => {
    const c = await createCourse();
    const id = (await anna.post('/api/course-registrations', registration(c.id))).json().id;
    const own = await anna.get(`/api/course-registrations/${id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, status: 'registered', can_cancel: true });
    expect((await piotr.get(`/api/course-registrations/${id}`)).statusCode).toBe(404);
    expect((await piotr.post(`/api/course-registrations/${id}/cancel`)).statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/course-registrations/${id}`)).statusCode).toBe(401);
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, id));
    expect(row?.status).toBe('registered');
  });

  it('cancels while the course is more than 7 days away, with a mail; refuses with 423 closer to it', async () => {
    const far = await createCourse({ inDays: 8 });
    const near = await createCourse({ inDays: 7 });
    const farId = (await anna.post('/api/course-registrations', registration(far.id, { email: 'anna.far@example.com' }))).json().id;
    const nearId = (await anna.post('/api/course-registrations', registration(near.id))).json().id;
    const ok = await anna.post(`/api/course-registrations/${farId}/cancel`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Zgłoszenie zostało anulowane.');
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, farId));
    expect(row?.status).toBe('cancelled');
    expect((await latestMail('anna.far@example.com', 'courses.status'))?.subject).toContain('Anulowane');
    const late = await anna.post(`/api/course-registrations/${nearId}/cancel`);
    expect(late.statusCode).toBe(423);
    expect(late.json().message).toContain('7 dni');
    // The freed seat is available again and the e-mail may register anew.
    expect((await post(new TestClient(t.app), '/api/course-registrations', registration(far.id, { email: 'anna.far@example.com' }))).statusCode).toBe(200);
  });

  it('the registration page cancels through its own form action too (the page works without JavaScript)', async () => {
    const far = await createCourse({ inDays: 30 });
    const near = await createCourse({ inDays: 5 });
    const farId = (await anna.post('/api/course-registrations', registration(far.id, { email: 'anna.form@example.com' }))).json().id as number;
    const nearId = (await anna.post('/api/course-registrations', registration(near.id))).json().id as number;
    // The page's action with a session of the given user (the anti-forgery check runs before, in pages.server).
    const pageArgs = (userId: number, id: number, locale = 'pl') => {
      const sid = newSessionId();
      const body = new FormData();
      body.set('_token', 'token');
      return {
        context: {
          nonce: 'n',
          config: t.app.config,
          sid,
          xsrfToken: 'token',
          clientIp: '127.0.0.1',
          session: async () => ({ id: sid, isNew: false, userId, data: {} }),
        },
        request: new Request(`http://localhost/${locale}/my-account/course-registation/${id}`, { method: 'POST', body }),
        params: { locale, id: String(id) },
      } as never;
    };
    const piotrId = (await piotr.get('/api/my-account')).json().id as number;
    // Someone else's registration: 404, nothing changes.
    const foreign = await registrationPage.action(pageArgs(piotrId, farId)).catch((e: unknown) => e);
    expect((foreign as { init: { status: number } }).init.status).toBe(404);
    // Too close to the course: the rule as the page's message (423), nothing changes.
    const late = (await registrationPage.action(pageArgs(annaId, nearId, 'en'))) as unknown as {
      data: { ok: boolean; message: string };
      init: { status: number };
    };
    expect(late.init.status).toBe(423);
    expect(late.data).toMatchObject({ ok: false });
    expect(late.data.message).toContain('7 days');
    const status = async (id: number) => (await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, id)))[0]?.status;
    expect(await status(farId)).toBe('registered');
    expect(await status(nearId)).toBe('registered');
    // The owner cancels: the same service as the API (status, mail).
    expect(await registrationPage.action(pageArgs(annaId, farId))).toEqual({ ok: true, message: 'Zgłoszenie zostało anulowane.' });
    expect(await status(farId)).toBe('cancelled');
    expect((await latestMail('anna.form@example.com', 'courses.status'))?.subject).toContain('Anulowane');
    // The page then offers no cancel, and says so.
    const page = (await registrationPage.loader(pageArgs(annaId, farId))) as { reg: { status: string; can_cancel: boolean } };
    expect(page.reg).toMatchObject({ status: 'cancelled', can_cancel: false });
  });
});

describe('admin courses (permission group courses)', () => {
  const valid = {
    title_pl: 'Pomiary sieci światłowodowych',
    title_en: 'Fibre network measurements',
    description_pl: '<p>OTDR <script>alert(1)</script>i reflektometria</p>',
    description_en: '<p>OTDR</p>',
    city: 'Łódź',
    venue: 'Hotel Andel’s, ul. Ogrodowa 17, 91-065 Łódź',
    date_from: '2099-05-12',
    date_to: '2099-05-13',
    seats: '2',
    price: '1 290,00',
    is_active: '1',
  };

  it('answers 403 to a user of the other group and to a non-admin, 401 to a visitor', async () => {
    expect((await coursesOnly.get('/api/admin/courses')).statusCode).toBe(200);
    expect((await registrationsOnly.get('/api/admin/courses')).statusCode).toBe(403);
    expect((await registrationsOnly.post('/api/admin/courses', valid)).statusCode).toBe(403);
    expect((await coursesOnly.get('/api/admin/course-registrations')).statusCode).toBe(403);
    expect((await registrationsOnly.get('/api/admin/course-registrations')).statusCode).toBe(200);
    expect((await anna.get('/api/admin/courses')).statusCode).toBe(403);
    expect((await admin.get('/api/admin/courses')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/course-registrations')).statusCode).toBe(200);
    expect((await new TestClient(t.app).get('/api/admin/courses')).statusCode).toBe(401);
  });

  it('creates, reads, updates and deletes a course date; the list shows seats taken', async () => {
    const bad = await coursesOnly.post('/api/admin/courses', { ...valid, seats: '0', price: 'abc', date_from: '12.05.2099', title_pl: '' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['date_from', 'price', 'seats', 'title_pl']);
    const order = await coursesOnly.post('/api/admin/courses', { ...valid, date_to: '2099-05-01', registration_deadline: '2099-06-01' });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.date_to[0]).toBe('Data zakończenia nie może być wcześniejsza niż data rozpoczęcia.');
    expect(order.json().errors.registration_deadline[0]).toContain('Termin zapisów');
    const created = await coursesOnly.post('/api/admin/courses', valid);
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const got = (await coursesOnly.get(`/api/admin/courses/${id}`)).json();
    expect(got).toMatchObject({ title_pl: valid.title_pl, city: 'Łódź', seats: 2, price: '1290.00', date_from: '2099-05-12', is_active: true, seats_taken: 0 });
    expect(got.description_pl).not.toContain('script');
    await post(new TestClient(t.app), '/api/course-registrations', registration(id));
    await post(new TestClient(t.app), '/api/course-registrations', registration(id));
    const list = (await coursesOnly.get('/api/admin/courses?search=Pomiary')).json();
    expect(list.items.find((i: { id: number }) => i.id === id)).toMatchObject({ seats_taken: 2, seats: 2 });
    // Fewer seats than taken: refused.
    const fewer = await put(coursesOnly, `/api/admin/courses/${id}`, { ...valid, seats: '1', version: String(got.version) });
    expect(fewer.statusCode).toBe(422);
    expect(fewer.json().errors.seats[0]).toContain('2');
    const saved = await put(coursesOnly, `/api/admin/courses/${id}`, { ...valid, seats: '3', version: String(got.version) });
    expect(saved.statusCode).toBe(200);
    const stale = await put(coursesOnly, `/api/admin/courses/${id}`, { ...valid, seats: '4', version: String(got.version) });
    expect(stale.statusCode).toBe(409);
    // With registrations the date cannot be deleted; without it can.
    expect((await coursesOnly.request({ method: 'DELETE', url: `/api/admin/courses/${id}` })).statusCode).toBe(422);
    const empty = (await coursesOnly.post('/api/admin/courses', valid)).json().id;
    expect((await coursesOnly.request({ method: 'DELETE', url: `/api/admin/courses/${empty}` })).statusCode).toBe(200);
    expect((await coursesOnly.get(`/api/admin/courses/${empty}`)).statusCode).toBe(404);
  });
});

describe('admin registrations (permission group course_registrations)', () => {
  it('filters by course and status, changes status with a mail, marks attendance, issues a certificate the user downloads', async () => {
    const c = await createCourse({ city: 'Bydgoszcz' });
    const id = (
      await anna.post(
        '/api/course-registrations',
        registration(c.id, { email: 'anna.cert@example.com', first_name: 'Anna', surname: 'Zawadzka', company_name: 'ZAW-NET Anna Zawadzka' }),
      )
    ).json().id;
    await post(new TestClient(t.app), '/api/course-registrations', registration(c.id));
    const filtered = (await registrationsOnly.get(`/api/admin/course-registrations?course=${c.id}&status=registered`)).json();
    expect(filtered.items).toHaveLength(2);
    expect((await registrationsOnly.get(`/api/admin/course-registrations?course=${c.id}&status=confirmed`)).json().items).toHaveLength(0);

    const badStatus = await put(registrationsOnly, `/api/admin/course-registrations/${id}`, { status: 'lost' });
    expect(badStatus.statusCode).toBe(422);
    const confirmed = await put(registrationsOnly, `/api/admin/course-registrations/${id}`, { status: 'confirmed' });
    expect(confirmed.statusCode).toBe(200);
    expect((await latestMail('anna.cert@example.com', 'courses.status'))?.subject).toContain('Potwierdzone');
    // No certificate before attendance.
    expect((await registrationsOnly.post(`/api/admin/course-registrations/${id}/certificate`)).statusCode).toBe(422);
    // Attendance only from the course's last day (issue 41 point 25): before it, refused with the date.
    const early = await put(registrationsOnly, `/api/admin/course-registrations/${id}`, { status: 'attended' });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe(
      `Obecność można oznaczyć od ostatniego dnia szkolenia (${c.dateTo.slice(8, 10)}.${c.dateTo.slice(5, 7)}.${c.dateTo.slice(0, 4)}).`,
    );
    expect((await registrationsOnly.get(`/api/admin/course-registrations/${id}`)).json().status).toBe('confirmed');
    await courseTookPlace(c.id);
    expect((await put(registrationsOnly, `/api/admin/course-registrations/${id}`, { status: 'attended' })).statusCode).toBe(200);
    expect((await anna.get(`/api/course-registrations/${id}/certificate`)).statusCode).toBe(404);

    const issued = await registrationsOnly.post(`/api/admin/courses/${c.id}/certificates`);
    expect(issued.statusCode).toBe(200);
    const number = `COBI/SZK/${c.dateTo.slice(0, 4)}/${String(id).padStart(5, '0')}`;
    expect(issued.json().numbers).toEqual([number]);
    expect((await latestMail('anna.cert@example.com', 'courses.certificate'))?.text).toContain(number);
    // Issuing again issues nothing new.
    expect((await registrationsOnly.post(`/api/admin/courses/${c.id}/certificates`)).json().numbers).toEqual([]);
    // Attendance stays once a certificate exists.
    expect((await put(registrationsOnly, `/api/admin/course-registrations/${id}`, { status: 'confirmed' })).statusCode).toBe(422);

    const pdf = await anna.get(`/api/course-registrations/${id}/certificate`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).pages.join('\n');
    for (const s of ['Anna Zawadzka', 'ZAW-NET Anna Zawadzka', number, 'Certyfikowany instalator okablowania', 'Bydgoszcz']) expect(text).toContain(s);
    expect((await piotr.get(`/api/course-registrations/${id}/certificate`)).statusCode).toBe(404);
    expect((await registrationsOnly.get(`/api/admin/course-registrations/${id}/certificate`)).statusCode).toBe(200);

    const detail = (await registrationsOnly.get(`/api/admin/course-registrations/${id}`)).json();
    expect(detail.history.map((h: { to: string }) => h.to)).toEqual(['registered', 'confirmed', 'attended']);
    expect(detail.user?.id).toBe(annaId);
  });

  it('mails the certificate PDF to every attendee, also to a guest registered without an account (in their language)', async () => {
    const c = await createCourse({ city: 'Olsztyn' });
    const guest = new TestClient(t.app);
    const guestMail = 'gosc.cert@example.com';
    const res = await guest.request({
      method: 'POST',
      url: '/api/course-registrations',
      payload: registration(c.id, { email: guestMail, first_name: 'Tomasz', surname: 'Gość', company_name: 'GOSC-TEL Tomasz Gość' }),
      headers: { 'x-locale': 'en' },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    const withAccount = (await anna.post('/api/course-registrations', registration(c.id, { email: 'anna.cert2@example.com' }))).json().id as number;
    await courseTookPlace(c.id);
    for (const r of [id, withAccount])
      expect((await put(registrationsOnly, `/api/admin/course-registrations/${r}`, { status: 'attended' })).statusCode).toBe(200);
    const numbers = (await registrationsOnly.post(`/api/admin/courses/${c.id}/certificates`)).json().numbers as string[];
    const number = `COBI/SZK/${c.dateTo.slice(0, 4)}/${String(id).padStart(5, '0')}`;
    expect(numbers).toContain(number);

    const mail = await latestMail(guestMail, 'courses.certificate');
    expect(mail?.subject).toBe('Course certificate: Certified cabling installer');
    expect(mail?.text).toContain('attached to this e-mail as a PDF');
    // No account: no link to a registration in an account.
    expect(mail?.html).not.toContain('/my-account/');
    const files = await mailAttachmentsOf(getDb(), mail?.id as string);
    expect(files.map((a) => [a.filename, a.contentType])).toEqual([[`certificate-${number.replaceAll('/', '-')}.pdf`, 'application/pdf']]);
    const text = (await pdfText(Buffer.from(files[0]?.content ?? []))).pages.join('\n');
    for (const s of ['Tomasz Gość', 'GOSC-TEL Tomasz Gość', number, 'Certified cabling installer', 'Olsztyn']) expect(text).toContain(s);

    // The participant with an account gets the PDF as well (Polish), besides the link to the account.
    const annaMail = await latestMail('anna.cert2@example.com', 'courses.certificate');
    expect(annaMail?.text).toContain('w załączniku');
    const annaNumber = `COBI/SZK/${c.dateTo.slice(0, 4)}/${String(withAccount).padStart(5, '0')}`;
    expect((await mailAttachmentsOf(getDb(), annaMail?.id as string)).map((a) => a.filename)).toEqual([`certyfikat-${annaNumber.replaceAll('/', '-')}.pdf`]);
  });

  it('takes a registration off the waiting list only when a seat is free; a freed seat goes to the oldest waiting one with a mail', async () => {
    const c = await createCourse({ seats: 1 });
    const first = (await post(new TestClient(t.app), '/api/course-registrations', registration(c.id))).json().id;
    const w1 = registration(c.id, { waiting_list: '1' });
    const waiting = (await post(new TestClient(t.app), '/api/course-registrations', w1)).json().id;
    const w2 = (await post(new TestClient(t.app), '/api/course-registrations', registration(c.id, { waiting_list: '1' }))).json().id;
    const refused = await put(registrationsOnly, `/api/admin/course-registrations/${waiting}`, { status: 'registered' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('Brak wolnych miejsc');
    // The organiser cancels the seat holder: the oldest waiting registration gets the seat.
    expect((await put(registrationsOnly, `/api/admin/course-registrations/${first}`, { status: 'cancelled' })).statusCode).toBe(200);
    const status = async (id: number) => (await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, id)))[0]?.status;
    expect(await status(waiting)).toBe('registered');
    expect(await status(w2)).toBe('waiting');
    expect((await latestMail(String(w1.email), 'courses.status'))?.text).toContain('Zwolniło się miejsce');
    const history = await getDb()
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.entityId, String(waiting)));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorId])).toEqual([
      [null, 'waiting', null],
      ['waiting', 'registered', null],
    ]);
    // More seats move the waiting list up too.
    const course = (await coursesOnly.get(`/api/admin/courses/${c.id}`)).json();
    const more = await put(coursesOnly, `/api/admin/courses/${c.id}`, {
      title_pl: course.title_pl,
      city: course.city,
      venue: course.venue,
      date_from: course.date_from,
      date_to: course.date_to,
      seats: '2',
      price: '1450.00',
      is_active: '1',
      version: String(course.version),
    });
    expect(more.statusCode).toBe(200);
    expect(await status(w2)).toBe('registered');
  });

  it('a participant’s own cancellation gives the seat to the waiting list', async () => {
    const c = await createCourse({ seats: 1, inDays: 20 });
    const mine = (await piotr.post('/api/course-registrations', registration(c.id))).json().id;
    const waiting = (await post(new TestClient(t.app), '/api/course-registrations', registration(c.id, { waiting_list: '1' }))).json().id;
    expect((await piotr.post(`/api/course-registrations/${mine}/cancel`)).statusCode).toBe(200);
    const [row] = await getDb().select().from(courseRegistrations).where(eq(courseRegistrations.id, waiting));
    expect(row?.status).toBe('registered');
  });

  it('exports the participant list of a date as XLSX', async () => {
    const c = await createCourse({ city: 'Toruń' });
    await post(new TestClient(t.app), '/api/course-registrations', registration(c.id, { surname: 'Kowalczyk', company_name: 'KOW-TEL' }));
    await post(new TestClient(t.app), '/api/course-registrations', registration(c.id, { surname: 'Malinowski', company_name: 'MAL-NET' }));
    expect((await coursesOnly.get(`/api/admin/courses/${c.id}/participants.xlsx`)).statusCode).toBe(403);
    const res = await registrationsOnly.get(`/api/admin/courses/${c.id}/participants.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const values = ws?.getSheetValues().map((r) => (Array.isArray(r) ? r.slice(1).map(String) : [])) ?? [];
    const flat = values.flat().join('|');
    expect(flat).toContain('Kowalczyk');
    expect(flat).toContain('MAL-NET');
    expect(flat).toContain('Toruń');
    expect(values.filter((r) => r.includes('Zgłoszone'))).toHaveLength(2);
  });

  it('keeps one course per registration id space: unknown ids answer 404', async () => {
    expect((await registrationsOnly.get('/api/admin/course-registrations/999999')).statusCode).toBe(404);
    expect((await put(registrationsOnly, '/api/admin/course-registrations/999999', { status: 'confirmed' })).statusCode).toBe(404);
    expect((await registrationsOnly.get('/api/admin/courses/999999/participants.xlsx')).statusCode).toBe(404);
    const [any] = await getDb().select().from(courses).limit(1);
    expect(any).toBeTruthy();
  });
});
