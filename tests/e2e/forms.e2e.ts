// Issue 12 in Chromium: a guest files a complaint with two attachments and a different delivery
// address (the attachment adder's messages exactly as SPEC section 5, 422 under the fields with the
// scroll to the first one, the confirmation mail), in Polish and in English; the contact form.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';
import { login } from './rentals-helpers';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

/** The text parts of the mails to `to` (.eml files written by the mail worker without SMTP_URL). */
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

async function consentGiven(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/forms-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: `${SHOTS}/forms-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The field sits 5 px below the sticky navigation (SPEC section 5) and has the focus. */
async function expectScrolledTo(page: Page, id: string) {
  await expect(page.locator(`#${id}`)).toBeFocused();
  await expect
    .poll(() =>
      page.evaluate((fieldId) => {
        const nav = document.getElementById('nav')?.getBoundingClientRect().height ?? 0;
        const top = document.getElementById(fieldId)?.getBoundingClientRect().top ?? -1;
        return Math.abs(top - (nav + 5));
      }, id),
    )
    .toBeLessThanOrEqual(2);
}

test('complaint form (pl): the attachment adder, field errors with the scroll, then a complaint with two attachments and a delivery address', async ({ page }) => {
  await consentGiven(page);
  await page.goto('/pl/complaint-form');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Formularz reklamacyjny');
  await expect(page.getByText('do 20 MB każdy, razem do 100 MB')).toBeVisible();

  // SPEC section 5, exactly: no file -> 'Pole jest wymagane.'; a repeated name -> refused.
  const adder = page.getByRole('group', { name: 'Załącznik (zdjęcia, dokument zakupu, protokół)' });
  await adder.getByRole('button', { name: 'Dodaj załącznik' }).click();
  await expect(adder.getByText('Pole jest wymagane.', { exact: true })).toBeVisible();
  const input = adder.locator('input[type=file]');
  await input.setInputFiles({ name: 'faktura.pdf', mimeType: 'application/pdf', buffer: PDF });
  await adder.getByRole('button', { name: 'Dodaj załącznik' }).click();
  await expect(adder.getByText('Pole jest wymagane.', { exact: true })).toHaveCount(0);
  await expect(input).toHaveValue('');
  await expect(adder.getByRole('listitem')).toHaveText(['faktura.pdfUsuń']);
  await input.setInputFiles({ name: 'faktura.pdf', mimeType: 'application/pdf', buffer: PDF });
  await adder.getByRole('button', { name: 'Dodaj załącznik' }).click();
  await expect(adder.getByText('Istnieje już załącznik o tej nazwie.', { exact: true })).toBeVisible();
  await expect(adder.getByRole('listitem')).toHaveCount(1);
  await input.setInputFiles({ name: 'zdjęcie.png', mimeType: 'image/png', buffer: PNG });
  await adder.getByRole('button', { name: 'Dodaj załącznik' }).click();
  await expect(adder.getByRole('listitem')).toHaveCount(2);

  // Sending with the required fields empty: each shows its first message, the page scrolls to the first.
  await page.getByRole('button', { name: 'Wyślij reklamację' }).click();
  await expect(page.locator('#complaint-company_name-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#complaint-company_name')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#complaint-accepted_rodo-error')).toHaveText('Zgoda jest wymagana.');
  await expectScrolledTo(page, 'complaint-company_name');
  await expectNoSeriousA11yViolations(page);

  const email = `reklamacja.${Date.now().toString(36)}@example.com`;
  await page.getByLabel('Nazwa firmy').fill('Instal-Net Sp. z o.o.');
  await page.getByLabel('NIP').fill('526-104-08-28');
  await page.getByLabel('Ulica i numer').first().fill('ul. Kablowa 5');
  await page.getByLabel('Kod pocztowy').first().fill('60-101');
  await page.getByLabel('Poczta').first().fill('Poznań');
  await page.getByLabel('Osoba kontaktowa').fill('Anna Nowak');
  await page.getByLabel('Telefon').fill('+48 600 100 200');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Data zakupu').fill('2026-01-15');
  await page.getByLabel('Numer dokumentu zakupu (zamówienia lub faktury)').fill('FV/2026/01/123');
  await page.getByLabel('Nazwa produktu').fill('Kabel U/UTP kat. 6A');
  await page.getByLabel('Opis wady').fill('Uszkodzona izolacja na odcinku 2 m.');
  await page.getByLabel('Data zauważenia wady').fill('2026-02-01');
  await page.getByLabel('Wymiana').check();
  await page.getByLabel('Inny adres dostawy (odesłania produktu)').check();
  await page.getByLabel('Nazwa / odbiorca').fill('Magazyn Instal-Net');
  await page.getByLabel('Ulica i numer').nth(1).fill('ul. Składowa 3');
  await page.getByLabel('Kod pocztowy').nth(1).fill('61-001');
  await page.getByLabel('Poczta').nth(1).fill('Poznań');
  await page.getByLabel(/Zapoznałem\(-am\) się z/).check();
  await page.getByLabel(/Wyrażam zgodę na przetwarzanie/).check();
  await shots(page, 'complaint-filled');
  await page.getByRole('button', { name: 'Wyślij reklamację' }).click();

  const status = page.getByRole('status').filter({ hasText: 'Dziękujemy, reklamacja została wysłana' });
  await expect(status).toContainText(/Reklamacja RK\/\d{4}\/\d{4} została przyjęta\. Rozpatrzymy ją do \d\d\.\d\d\.\d{4}\./);
  const number = (await status.textContent())?.match(/RK\/\d{4}\/\d{4}/)?.[0] ?? '';
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => mailsTo(email).find((m) => m.includes(number)) ?? '', { timeout: 20_000 }).toContain('21 dni roboczych');
});

test('complaint form (en): the server refuses an attachment by its content, shown as the filename plus the message', async ({ page }) => {
  await consentGiven(page);
  await page.goto('/en/complaint-form');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complaint form');
  const adder = page.getByRole('group', { name: 'Attachment (photos, purchase document, test report)' });
  await adder.locator('input[type=file]').setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<html><body>not a pdf</body></html>') });
  await adder.getByRole('button', { name: 'Add attachment' }).click();

  await page.getByLabel('Company name').fill('Cable Works Ltd');
  await page.getByLabel('Street and number').fill('1 High Street');
  await page.getByLabel('Postcode').fill('SW1A 1AA');
  await page.getByLabel('Post office').fill('London');
  await page.getByLabel('Contact person').fill('John Smith');
  await page.getByLabel('Phone').fill('+44 20 7946 0000');
  await page.getByLabel('E-mail').fill('john.smith@example.com');
  await page.getByLabel('Purchase date').fill('2026-01-15');
  await page.getByLabel('Purchase document number (order or invoice)').fill('INV-1');
  await page.getByLabel('Product name').fill('Patch cord');
  await page.getByLabel('Description of the defect').fill('Broken latch.');
  await page.getByLabel('Date the defect was noticed').fill('2026-02-01');
  await page.getByLabel('Other', { exact: true }).check();
  await page.getByLabel('What?').fill('Credit note');
  await page.getByLabel(/I have read and accept the/).check();
  await page.getByLabel(/I consent to the processing/).check();
  await page.getByRole('button', { name: 'Send the complaint' }).click();

  await expect(adder.getByText('invoice.pdf: This type of file is not allowed. Allowed: PDF, images, ZIP, XLSX, .flw.')).toBeVisible();
  await expect(adder.locator('input[type=file]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Thank you' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'complaint-en-error');
});

test('contact form: errors under the fields, then the message is sent (green toast text) and mailed to the inbox', async ({ page }) => {
  await consentGiven(page);
  await page.goto('/pl/contact');
  await hydrated(page);
  const form = page.getByRole('region', { name: 'Napisz do nas' });
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(page.locator('#contact-name-error')).toHaveText('Pole jest wymagane.');
  await expect(page.locator('#contact-subject-error')).toHaveText('Wybierz jedną z opcji.');
  await expectScrolledTo(page, 'contact-name');
  await expect(form.getByRole('combobox', { name: /Temat/ }).locator('option').first()).toHaveText('-- wybierz --');

  const stamp = Date.now().toString(36);
  await form.getByLabel('Imię i nazwisko').fill('Piotr Zieliński');
  await form.getByLabel('E-mail').fill(`piotr.${stamp}@example.com`);
  await form.getByLabel(/Temat/).selectOption('technical_support');
  await form.getByLabel('Wiadomość').fill(`Pytanie o certyfikację ${stamp}`);
  await form.getByLabel(/Zapoznałem\(-am\) się z/).check();
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByRole('status')).toHaveText('Dziękujemy, wiadomość została wysłana. Odpowiemy najszybciej, jak to możliwe.');
  await expect(form.getByLabel('Wiadomość')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);
  await shots(page, 'contact');
  await expect.poll(() => mailsTo('biuro@cobinet.pl').some((m) => m.includes(`Pytanie o certyfikację ${stamp}`)), { timeout: 20_000 }).toBe(true);
});

test('contact form: a logged-in user finds their name and e-mail filled in', async ({ page }) => {
  await login(page, 'sklep@example.com', 'Kabel-Sklep-B2B-2026');
  await page.goto('/pl/contact');
  await hydrated(page);
  const form = page.getByRole('region', { name: 'Napisz do nas' });
  await expect(form.getByLabel('E-mail')).toHaveValue('sklep@example.com');
  await expect(form.getByLabel('Imię i nazwisko')).toHaveValue('Piotr Zieliński');
});
