// Issue 12, admin side in Chromium, in Polish and in English (texts from the feature's messages): a
// complaint filed through the API in that language (with an attachment) is found in the list, opened,
// moved new -> in progress -> accepted -> closed with comments (the sender's mail arrives each time,
// in the complaint's language), gets an internal note; contact messages are marked read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { translator } from '../../src/core/i18n/locale';
import { formsMessages } from '../../src/features/forms/messages';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';
import { ADMIN, loginViaApi } from './rentals-helpers';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`\nTo: ${to}`))
      .map((raw) => {
        const unfolded = raw.replace(/=\r?\n/g, '');
        const qp = Buffer.from(
          unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
        const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
          .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
          .join('\n');
        return `${qp}\n${b64}`;
      });
  } catch {
    return [];
  }
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-forms-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-forms-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

const COMPLAINT_TEXTS = {
  pl: {
    product: 'Panel krosowy 24 porty',
    comments: ['Sprawdzamy pomiary portów.', 'Wymienimy panel na nowy.', 'Sprawa zakończona.'],
    note: 'Wysłać kuriera w poniedziałek.',
    message: 'Oferta',
  },
  en: {
    product: '24-port patch panel',
    comments: ['We are checking the port measurements.', 'We will replace the panel.', 'The case is closed.'],
    note: 'Send a courier on Monday.',
    message: 'An offer',
  },
} as const;

/** A guest's complaint with one attachment, filed through the API in the given language. */
async function fileComplaint(locale: 'pl' | 'en', sender: string) {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/complaints', {
    headers: { 'x-xsrf-token': xsrf, 'x-locale': locale },
    multipart: {
      company_name: 'Admin-Test Sp. z o.o.',
      tax_identification_nr: '',
      street: 'ul. Testowa 1',
      postcode: '64-100',
      post: 'Leszno',
      contact_person: 'Ewa Test',
      phone: '+48 600 000 000',
      email: sender,
      purchase_date: '2026-01-10',
      purchase_document_number: 'ZAM/1/2026',
      product_name: COMPLAINT_TEXTS[locale].product,
      description: 'Porty 3 i 4 nie przechodzą pomiaru.',
      defect_noticed_date: '2026-01-20',
      preferred_action: 'repair',
      is_different_delivery_address: '0',
      'attachments[0][id]': crypto.randomUUID(),
      'attachments[0][filename]': 'pomiar.pdf',
      'attachments[0][file]': { name: 'pomiar.pdf', mimeType: 'application/pdf', buffer: PDF },
      accepted_privacy: '1',
      accepted_rodo: '1',
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const complaint = (await res.json()) as { id: number; number: string };
  await ctx.dispose();
  return complaint;
}

for (const locale of ['pl', 'en'] as const) {
  test(`complaints (${locale}): list with filters, detail, status changes with comments mailed to the sender in their language, a note`, async ({ page }) => {
    const t = translator(formsMessages, locale);
    const texts = COMPLAINT_TEXTS[locale];
    const sender = `admin-forms.${locale}.${Date.now().toString(36)}@example.com`;
    const complaint = await fileComplaint(locale, sender);
    await loginViaApi(page, ADMIN.email, ADMIN.password);
    await page.goto(`/${locale}/admin/complaints`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('admin.complaints.title'));
    const row = page.getByRole('row').filter({ hasText: complaint.number });
    await expect(row).toContainText('Admin-Test Sp. z o.o.');
    await expect(row).toContainText(t('status.new'));
    await expectNoSeriousA11yViolations(page);
    if (locale === 'pl') await shots(page, 'list');

    await row.getByRole('link', { name: complaint.number }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/admin/complaint/${complaint.id}$`));
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('admin.complaint.title', { number: complaint.number }));
    const attachment = page.getByRole('link', { name: t('admin.download', { name: 'pomiar.pdf' }) });
    await expect(attachment).toHaveAttribute('href', /\/files\/[0-9a-f-]{36}\/pomiar\.pdf$/);
    const download = await page.request.get((await attachment.getAttribute('href')) ?? '');
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toContain('pomiar.pdf');
    await expectNoSeriousA11yViolations(page);

    const move = async (status: 'in_progress' | 'accepted' | 'closed', comment: string) => {
      const label = t(`status.${status}`);
      await page.getByLabel(t('admin.newStatus')).selectOption({ label });
      await page.getByLabel(t('admin.comment')).fill(comment);
      await page.getByRole('button', { name: t('admin.changeStatus') }).click();
      await expect(page.getByText(t('admin.statusChanged', { status: label }))).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
      await expect.poll(() => mailsTo(sender).filter((m) => m.includes(comment)).length, { timeout: 20_000 }).toBe(1);
    };
    const [inProgress, accepted, closed] = texts.comments;
    await move('in_progress', inProgress);
    await move('accepted', accepted);
    // The sender's mail speaks the language the complaint was filed in.
    const mail = mailsTo(sender).find((m) => m.includes(accepted)) ?? '';
    expect(mail).toContain(`Content-Language: ${locale}`);
    expect(mail).toContain(t('mail.status.subject', { number: complaint.number, status: t('status.accepted') }));
    expect(mail).toContain(t('mail.status.p1', { status: t('status.accepted') }));

    await page.getByLabel(t('admin.note'), { exact: true }).fill(texts.note);
    await page.getByRole('button', { name: t('admin.addNote') }).click();
    await expect(page.getByText(texts.note, { exact: true })).toBeVisible();
    if (locale === 'pl') await shots(page, 'detail');

    await move('closed', closed);
    await expect(page.getByText(t('admin.finalStatus'))).toBeVisible();

    await page.goto(`/${locale}/admin/complaints?status=closed`);
    await expect(page.getByRole('row').filter({ hasText: complaint.number })).toContainText(t('status.closed'));
  });
}

for (const locale of ['pl', 'en'] as const) {
  test(`contact messages (${locale}): a new message is unread, then marked read`, async ({ page }) => {
    const t = translator(formsMessages, locale);
    const ctx = await request.newContext({ baseURL });
    await ctx.get('/healthz');
    const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const text = `${COMPLAINT_TEXTS[locale].message} ${locale}-${Date.now().toString(36)}`;
    const res = await ctx.post('/api/contact', {
      headers: { 'x-xsrf-token': xsrf, 'x-locale': locale },
      multipart: {
        name: 'Marek Kontakt',
        email: `marek.${locale}.${Date.now().toString(36)}@example.com`,
        phone: '',
        subject: 'sales',
        message: text,
        accepted_privacy: '1',
      },
    });
    expect(res.status()).toBe(200);
    await ctx.dispose();

    await loginViaApi(page, ADMIN.email, ADMIN.password);
    await page.goto(`/${locale}/admin/contact-messages?unread=1`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('admin.contact.title'));
    const row = page.getByRole('row').filter({ hasText: text });
    await expect(row).toContainText(t('admin.contact.unread'));
    await expect(row).toContainText(t('contact.subject.sales'));
    await expectNoSeriousA11yViolations(page);
    if (locale === 'pl') await shots(page, 'contact-messages');
    await row.getByRole('button', { name: t('admin.contact.markRead') }).click();
    // The list shows unread messages only: the message leaves it, and the full list shows it read.
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);
    await page.goto(`/${locale}/admin/contact-messages`);
    const read = page.getByRole('row').filter({ hasText: text });
    await expect(read).toContainText(t('admin.contact.read'));
    await expect(read).not.toContainText(t('admin.contact.unread'));
  });
}
