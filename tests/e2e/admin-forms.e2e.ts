// Issue 12, admin side in Chromium: a complaint filed through the API (with an attachment) is found
// in the list, opened, moved new -> in progress -> accepted -> closed with comments (the sender's
// mail arrives each time), gets an internal note; contact messages are marked read.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

const sender = `admin-forms.${Date.now().toString(36)}@example.com`;
let complaint = { id: 0, number: '' };

function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`To: ${to}`))
      .map((raw) => {
        const unfolded = raw.replace(/=\r?\n/g, '');
        const qp = Buffer.from(unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');
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
  await page.screenshot({ path: `${SHOTS}/admin-forms-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${SHOTS}/admin-forms-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function loginAsAdmin(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);
}

test.beforeAll(async () => {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await ctx.post('/api/complaints', {
    headers: { 'x-xsrf-token': xsrf },
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
      product_name: 'Panel krosowy 24 porty',
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
  complaint = (await res.json()) as { id: number; number: string };
  await ctx.dispose();
});

test('complaints: list with filters, detail, status changes with comments mailed to the sender, a note', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/pl/admin/complaints');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reklamacje');
  const row = page.getByRole('row').filter({ hasText: complaint.number });
  await expect(row).toContainText('Admin-Test Sp. z o.o.');
  await expect(row).toContainText('Nowa');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'list');

  await row.getByRole('link', { name: complaint.number }).click();
  await expect(page).toHaveURL(new RegExp(`/pl/admin/complaint/${complaint.id}$`));
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reklamacja ${complaint.number}`);
  await expect(page.getByRole('link', { name: 'Pobierz pomiar.pdf' })).toHaveAttribute('href', /\/files\/[0-9a-f-]{36}\/pomiar\.pdf$/);
  const download = await page.request.get((await page.getByRole('link', { name: 'Pobierz pomiar.pdf' }).getAttribute('href')) ?? '');
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toContain('pomiar.pdf');
  await expectNoSeriousA11yViolations(page);

  const move = async (label: string, comment: string) => {
    await page.getByLabel('Nowy status').selectOption({ label });
    await page.getByLabel('Komentarz (wysyłany do zgłaszającego)').fill(comment);
    await page.getByRole('button', { name: 'Zmień status' }).click();
    await expect(page.getByText(`Status zmieniony na: ${label}. Zgłaszający otrzyma e-mail.`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
    await expect.poll(() => mailsTo(sender).filter((m) => m.includes(comment)).length, { timeout: 20_000 }).toBe(1);
  };
  await move('W trakcie', 'Sprawdzamy pomiary portów.');
  await move('Uznana', 'Wymienimy panel na nowy.');
  await expect(mailsTo(sender).find((m) => m.includes('Wymienimy panel na nowy.'))).toContain(`Reklamacja ${complaint.number}: Uznana`);

  await page.getByLabel('Notatka').fill('Wysłać kuriera w poniedziałek.');
  await page.getByRole('button', { name: 'Dodaj notatkę' }).click();
  await expect(page.getByText('Wysłać kuriera w poniedziałek.', { exact: true })).toBeVisible();
  await shots(page, 'detail');

  await move('Zamknięta', 'Sprawa zakończona.');
  await expect(page.getByText('Reklamacja jest zamknięta; statusu nie można już zmienić.')).toBeVisible();

  await page.goto('/pl/admin/complaints?status=closed');
  await expect(page.getByRole('row').filter({ hasText: complaint.number })).toContainText('Zamknięta');
});

test('contact messages: a new message is unread, then marked read', async ({ page }) => {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const xsrf = (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const stamp = Date.now().toString(36);
  const res = await ctx.post('/api/contact', {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { name: 'Marek Kontakt', email: `marek.${stamp}@example.com`, phone: '', subject: 'sales', message: `Oferta ${stamp}`, accepted_privacy: '1' },
  });
  expect(res.status()).toBe(200);
  await ctx.dispose();

  await loginAsAdmin(page);
  await page.goto('/pl/admin/contact-messages?unread=1');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wiadomości kontaktowe');
  const row = page.getByRole('row').filter({ hasText: `Oferta ${stamp}` });
  await expect(row).toContainText('Nieprzeczytana');
  await expect(row).toContainText('Sprzedaż');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'contact-messages');
  await row.getByRole('button', { name: /Oznacz jako przeczytaną/ }).click();
  // The list shows unread messages only: the message leaves it, and the full list shows it read.
  await expect(page.getByRole('row').filter({ hasText: `Oferta ${stamp}` })).toHaveCount(0);
  await page.goto('/pl/admin/contact-messages');
  await expect(page.getByRole('row').filter({ hasText: `Oferta ${stamp}` })).toContainText('Przeczytana');
});
