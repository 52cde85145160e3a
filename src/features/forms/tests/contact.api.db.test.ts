// Issue 12, contact form: POST /api/contact (validation, store, mail to the inbox of the subject,
// honeypot) and the admin list of messages with read/unread.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY } from '~/core/company';
import { getDb } from '~/core/db/db.server';
import { createUser, latestMail, loggedIn, mailCount } from '~/features/accounts/tests/helpers';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { contactInbox } from '../contact.server';
import { contactMessages } from '../forms.schema';
import { form, guest, send } from './helpers';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loggedIn(t.app, (await createUser({ roleIds: [1] })).email);
});
afterAll(async () => {
  await t?.close();
});

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Jan Nowak',
  email: 'Jan.Nowak@Example.com',
  phone: '+48 600 700 800',
  subject: 'technical_support',
  message: `Proszę o kontakt w sprawie pomiarów ${Math.random().toString(36).slice(2, 8)}.`,
  accepted_privacy: true,
  ...overrides,
});

describe('POST /api/contact', () => {
  it('stores the message and mails it to the inbox of its subject (CONTACT_EMAIL by default)', async () => {
    const body = message();
    const res = await send(guest(t), 'POST', '/api/contact', form(body));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Dziękujemy, wiadomość została wysłana. Odpowiemy najszybciej, jak to możliwe.');
    const [row] = await getDb().select().from(contactMessages).where(eq(contactMessages.id, res.json().id));
    expect(row).toMatchObject({ name: 'Jan Nowak', email: 'jan.nowak@example.com', subject: 'technical_support', readAt: null, userId: null });
    const mail = await latestMail(COMPANY.email, 'forms.contact-message');
    expect(mail.subject).toBe('Formularz kontaktowy: Wsparcie techniczne');
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain('jan.nowak@example.com');
    // Answering the notice reaches the sender (issue 41).
    expect(mail.headers).toEqual({ 'Reply-To': 'jan.nowak@example.com' });
  });

  it('the inbox of a subject is configurable; others go to CONTACT_EMAIL', () => {
    const config = { CONTACT_EMAIL: 'kontakt@example.com', CONTACT_EMAILS: 'sales=sprzedaz@example.com, training=szkolenia@example.com' };
    expect(contactInbox('sales', config, 'x@example.com')).toBe('sprzedaz@example.com');
    expect(contactInbox('training', config, 'x@example.com')).toBe('szkolenia@example.com');
    expect(contactInbox('rentals', config, 'x@example.com')).toBe('kontakt@example.com');
    expect(contactInbox('general', {}, 'x@example.com')).toBe('x@example.com');
  });

  it('422: name, e-mail, subject, message and the privacy consent; phone optional but checked', async () => {
    const res = await send(
      guest(t),
      'POST',
      '/api/contact',
      form({ name: '', email: 'x', phone: 'abc', subject: 'spam', message: '', accepted_privacy: false }),
      {
        headers: { 'x-locale': 'en' },
      },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      name: ['This field is required.'],
      email: ['Enter a valid e-mail address.'],
      phone: ['Enter a valid phone number.'],
      subject: ['Choose one of the options.'],
      message: ['This field is required.'],
      accepted_privacy: ['This consent is required.'],
    });
  });

  it('the honeypot: a success answer, nothing stored or mailed', async () => {
    const before = await getDb().$count(contactMessages);
    const mails = await mailCount(COMPANY.email, 'forms.contact-message');
    const res = await send(guest(t), 'POST', '/api/contact', message({ website: 'spam' }));
    expect(res.statusCode).toBe(200);
    expect(await getDb().$count(contactMessages)).toBe(before);
    expect(await mailCount(COMPANY.email, 'forms.contact-message')).toBe(mails);
  });
});

describe('admin contact messages', () => {
  it('lists {items, pages, unread}, filters unread, marks read and unread', async () => {
    const res = await send(guest(t), 'POST', '/api/contact', message({ subject: 'rentals' }));
    const id = res.json().id as number;
    const list = (await admin.get('/api/admin/contact-messages?unread=1')).json() as { items: { id: number; read: boolean }[]; pages: number; unread: number };
    expect(list.items.find((i) => i.id === id)).toMatchObject({ read: false });
    expect(list.unread).toBeGreaterThanOrEqual(1);
    expect((await send(admin, 'PUT', `/api/admin/contact-messages/${id}`, form({ read: true }))).statusCode).toBe(200);
    const unread = (await admin.get('/api/admin/contact-messages?unread=1')).json() as { items: { id: number }[] };
    expect(unread.items.map((i) => i.id)).not.toContain(id);
    const read = (await admin.get('/api/admin/contact-messages?unread=0')).json() as { items: { id: number }[] };
    expect(read.items.map((i) => i.id)).toContain(id);
    expect((await send(admin, 'PUT', `/api/admin/contact-messages/${id}`, { read: false })).statusCode).toBe(200);
    expect(((await admin.get('/api/admin/contact-messages?unread=1')).json() as { items: { id: number }[] }).items.map((i) => i.id)).toContain(id);
    expect((await send(admin, 'PUT', '/api/admin/contact-messages/999999', { read: true })).statusCode).toBe(404);
  });

  it('guests 401, users without admin access 403', async () => {
    expect((await guest(t).get('/api/admin/contact-messages')).statusCode).toBe(401);
    const user = await loggedIn(t.app, (await createUser()).email);
    expect((await user.get('/api/admin/contact-messages')).statusCode).toBe(403);
  });
});
