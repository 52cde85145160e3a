// Issue 12 in Chromium, in Polish and in English (texts from the feature's messages): a guest files a
// complaint with two attachments and a different delivery address (the attachment adder's messages
// exactly as SPEC section 5, errors under the fields with the scroll to the first one, a file the
// server refuses by its content, the confirmation mail in the sender's language); the contact form.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { attachmentMessages } from '../../src/core/files/attachments';
import { translator } from '../../src/core/i18n/locale';
import { formsMessages } from '../../src/features/forms/messages';
import { expectNoSeriousA11yViolations, hydrated, messagePattern, paceUploads, shot } from './fixtures';
import { login } from './rentals-helpers';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

/** The text parts of the mails to `to` (.eml files written by the mail worker without SMTP_URL). */
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

async function consentGiven(page: Page) {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
}

async function shots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, { path: `${SHOTS}/forms-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/forms-${name}-360.png`, fullPage: true });
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

/** The attachment adder's own button texts (private to src/core/ui/attachment-adder.tsx). */
const ADDER = {
  pl: { add: 'Dodaj załącznik', remove: 'Usuń', removeLabel: (name: string) => `Usuń załącznik ${name}` },
  en: { add: 'Add attachment', remove: 'Remove', removeLabel: (name: string) => `Remove attachment ${name}` },
} as const;

const COMPLAINT = {
  pl: {
    company: 'Instal-Net Sp. z o.o.',
    nip: '526-104-08-28',
    street: 'ul. Kablowa 5',
    postcode: '60-101',
    post: 'Poznań',
    person: 'Anna Nowak',
    phone: '+48 600 100 200',
    document: 'FV/2026/01/123',
    product: 'Kabel U/UTP kat. 6A',
    description: 'Uszkodzona izolacja na odcinku 2 m.',
    action: 'replacement' as const,
    delivery: { name: 'Magazyn Instal-Net', street: 'ul. Składowa 3', postcode: '61-001', post: 'Poznań' },
    files: ['faktura.pdf', 'zdjęcie.png', 'pomiar.pdf'],
  },
  en: {
    company: 'Cable Works Ltd',
    nip: '',
    street: '1 High Street',
    postcode: 'SW1A 1AA',
    post: 'London',
    person: 'John Smith',
    phone: '+44 20 7946 0000',
    document: 'INV-1',
    product: 'Patch cord',
    description: 'Broken latch.',
    action: 'other' as const,
    delivery: { name: 'Cable Works warehouse', street: '2 Dock Road', postcode: 'E16 2QD', post: 'London' },
    files: ['invoice.pdf', 'photo.png', 'report.pdf'],
  },
};

for (const locale of ['pl', 'en'] as const) {
  test(`complaint form (${locale}): the attachment adder, field errors with the scroll, a file refused by its content, then a complaint with two attachments and a delivery address`, async ({
    page,
  }) => {
    const t = translator(formsMessages, locale);
    const ta = translator(attachmentMessages, locale);
    const adderText = ADDER[locale];
    const data = COMPLAINT[locale];
    const [invoice, photo, fake] = data.files;
    await consentGiven(page);
    await page.goto(`/${locale}/complaint-form`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('complaint.title'));
    await expect(page.getByText(ta('attachments.limits', { file: 20, form: 100 }))).toBeVisible();

    // SPEC section 5, exactly: no file -> 'Pole jest wymagane.'; a repeated name -> refused.
    const adder = page.getByRole('group', { name: t('complaint.attachments') });
    const add = adder.getByRole('button', { name: adderText.add });
    await add.click();
    await expect(adder.getByText(ta('attachments.required'), { exact: true })).toBeVisible();
    const input = adder.locator('input[type=file]');
    await input.setInputFiles({ name: invoice, mimeType: 'application/pdf', buffer: PDF });
    await add.click();
    await expect(adder.getByText(ta('attachments.required'), { exact: true })).toHaveCount(0);
    await expect(input).toHaveValue('');
    await expect(adder.getByRole('listitem')).toHaveText([`${invoice}${adderText.remove}`]);
    await input.setInputFiles({ name: invoice, mimeType: 'application/pdf', buffer: PDF });
    await add.click();
    await expect(adder.getByText(ta('attachments.duplicate'), { exact: true })).toBeVisible();
    await expect(adder.getByRole('listitem')).toHaveCount(1);
    await input.setInputFiles({ name: photo, mimeType: 'image/png', buffer: PNG });
    await add.click();
    // A third file named .pdf that is not one: the browser takes it, the server refuses it by its bytes.
    await input.setInputFiles({ name: fake, mimeType: 'application/pdf', buffer: Buffer.from('<html><body>not a pdf</body></html>') });
    await add.click();
    await expect(adder.getByRole('listitem')).toHaveCount(3);

    // Sending with the required fields empty: each shows its first message, the page scrolls to the first.
    const send = page.getByRole('button', { name: t('complaint.submit') });
    await send.click();
    await expect(page.locator('#complaint-company_name-error')).toHaveText(t('v.required'));
    await expect(page.locator('#complaint-company_name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#complaint-accepted_rodo-error')).toHaveText(t('v.consent'));
    await expectScrolledTo(page, 'complaint-company_name');
    await expectNoSeriousA11yViolations(page);

    const email = `reklamacja.${locale}.${Date.now().toString(36)}@example.com`;
    await page.getByLabel(t('complaint.company_name')).fill(data.company);
    await page.getByLabel(t('complaint.tax_identification_nr')).fill(data.nip);
    await page.getByLabel(t('complaint.street')).first().fill(data.street);
    await page.getByLabel(t('complaint.postcode')).first().fill(data.postcode);
    await page.getByLabel(t('complaint.post')).first().fill(data.post);
    await page.getByLabel(t('complaint.contact_person')).fill(data.person);
    await page.getByLabel(t('complaint.phone')).fill(data.phone);
    await page.getByLabel(t('complaint.email')).fill(email);
    await page.getByLabel(t('complaint.purchase_date')).fill('2026-01-15');
    await page.getByLabel(t('complaint.purchase_document_number')).fill(data.document);
    await page.getByLabel(t('complaint.product_name')).fill(data.product);
    await page.getByLabel(t('complaint.description')).fill(data.description);
    await page.getByLabel(t('complaint.defect_noticed_date')).fill('2026-02-01');
    await page.getByLabel(t(`complaint.action.${data.action}`), { exact: true }).check();
    if (data.action === 'other') await page.getByLabel(t('complaint.preferred_action_other')).fill('Credit note');
    await page.getByLabel(t('complaint.is_different_delivery_address')).check();
    await page.getByLabel(t('complaint.delivery_name')).fill(data.delivery.name);
    await page.getByLabel(t('complaint.delivery_street')).nth(1).fill(data.delivery.street);
    await page.getByLabel(t('complaint.delivery_postcode')).nth(1).fill(data.delivery.postcode);
    await page.getByLabel(t('complaint.delivery_post')).nth(1).fill(data.delivery.post);
    await page.getByLabel(t('consent.privacy.before').trim()).check();
    await page.getByLabel(t('consent.rodo')).check();
    await send.click();

    // The server refuses the fake PDF: the filename plus the first message, the input marked invalid.
    await expect(adder.getByText(`${fake}: ${ta('attachments.badType')}`)).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('status').filter({ hasText: t('complaint.sentTitle') })).toHaveCount(0);
    await adder.getByRole('button', { name: adderText.removeLabel(fake) }).click();
    await expect(adder.getByRole('listitem')).toHaveText([`${invoice}${adderText.remove}`, `${photo}${adderText.remove}`]);
    await expect(adder.getByText(`${fake}: ${ta('attachments.badType')}`)).toHaveCount(0);
    await shots(page, `complaint-filled-${locale}`);
    // The upload is paced in the page (25, 50, 75 %, 2 s apart): the bar shows its value meanwhile.
    await page.evaluate(paceUploads);
    await page.evaluate(() => {
      (window as unknown as { __paceUpload: boolean }).__paceUpload = true;
    });
    await send.click();
    const bar = adder.getByRole('progressbar');
    const progress50 = locale === 'pl' ? 'Wysyłanie: 50%' : 'Uploading: 50%';
    await expect(bar).toHaveAttribute('aria-valuenow', '50');
    await expect(bar).toHaveAttribute('aria-label', progress50);
    await expect(adder.getByText(progress50, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t('form.sending') })).toBeDisabled();

    const status = page.getByRole('status').filter({ hasText: t('complaint.sentTitle') });
    await expect(status).toContainText(messagePattern(t('complaint.sent'), { number: 'RK/\\d{4}/\\d{4}', due: '\\d\\d\\.\\d\\d\\.\\d{4}' }));
    const text = (await status.textContent()) ?? '';
    const number = text.match(/RK\/\d{4}\/\d{4}/)?.[0] ?? '';
    const due = text.match(/\d\d\.\d\d\.\d{4}/)?.[0] ?? '';
    await expectNoSeriousA11yViolations(page);
    // The confirmation mail, in the sender's language, states the 21 working days and the due date.
    let mail = '';
    await expect
      .poll(
        () => {
          mail = mailsTo(email).find((m) => m.includes(number)) ?? '';
          return mail;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    expect(mail).toContain(`Content-Language: ${locale}`);
    expect(mail).toContain(t('mail.complaint.p1', { number }));
    expect(mail).toContain(t('mail.complaint.p2', { due }));
  });
}

for (const locale of ['pl', 'en'] as const) {
  test(`contact form (${locale}): errors under the fields, then the message is sent (green toast text) and mailed to the inbox`, async ({ page }) => {
    const t = translator(formsMessages, locale);
    await consentGiven(page);
    await page.goto(`/${locale}/contact`);
    await hydrated(page);
    const form = page.getByRole('region', { name: t('contact.formTitle') });
    await form.getByRole('button', { name: t('contact.submit') }).click();
    await expect(page.locator('#contact-name-error')).toHaveText(t('v.required'));
    await expect(page.locator('#contact-subject-error')).toHaveText(t('v.choice'));
    await expectScrolledTo(page, 'contact-name');
    await expect(
      form
        .getByRole('combobox', { name: t('contact.subject') })
        .locator('option')
        .first(),
    ).toHaveText(t('select.empty'));

    const stamp = `${locale}-${Date.now().toString(36)}`;
    await form.getByLabel(t('contact.name')).fill('Piotr Zieliński');
    await form.getByLabel(t('contact.email')).fill(`piotr.${stamp}@example.com`);
    await form.getByLabel(t('contact.subject')).selectOption('technical_support');
    await form.getByLabel(t('contact.message')).fill(`${locale === 'pl' ? 'Pytanie o certyfikację' : 'A question about certification'} ${stamp}`);
    await form.getByLabel(t('consent.privacy.before').trim()).check();
    await form.getByRole('button', { name: t('contact.submit') }).click();
    await expect(form.getByRole('status')).toHaveText(t('contact.sent'));
    await expect(form.getByLabel(t('contact.message'))).toHaveValue('');
    await expectNoSeriousA11yViolations(page);
    if (locale === 'pl') await shots(page, 'contact');
    // The inbox's notice (in Polish, the staff's language) carries the message.
    await expect.poll(() => mailsTo('biuro@cobinet.pl').some((m) => m.includes(stamp)), { timeout: 20_000 }).toBe(true);
  });
}

test('contact form asked about a training (the quiz link after the last attempt): the subject is chosen and the message names it', async ({ page }) => {
  await consentGiven(page);
  await page.goto(`/pl/contact?subject=training&about=${encodeURIComponent('Instalator systemu COBI NET – moduł światłowodowy')}`);
  await hydrated(page);
  const form = page.getByRole('region', { name: 'Napisz do nas' });
  await expect(form.getByLabel('Temat')).toHaveValue('training');
  await expect(form.getByLabel('Wiadomość')).toHaveValue('Dotyczy: Instalator systemu COBI NET – moduł światłowodowy\n\n');
  // An unknown subject asks for nothing.
  await page.goto('/pl/contact?subject=x&about=y');
  await hydrated(page);
  await expect(form.getByLabel('Wiadomość')).toHaveValue('');
});

test('contact form: a logged-in user finds their name and e-mail filled in', async ({ page }) => {
  await login(page, 'sklep@example.com', 'Kabel-Sklep-B2B-2026');
  await page.goto('/pl/contact');
  await hydrated(page);
  const form = page.getByRole('region', { name: 'Napisz do nas' });
  await expect(form.getByLabel('E-mail')).toHaveValue('sklep@example.com');
  await expect(form.getByLabel('Imię i nazwisko')).toHaveValue('Piotr Zieliński');
});

test('contact form: a guest whose session was lost meanwhile still sends the message (the call is retried with the new session)', async ({ page }) => {
  const t = translator(formsMessages, 'en');
  await consentGiven(page);
  await page.goto('/en/contact');
  await hydrated(page);
  await page.context().clearCookies({ name: 'sid' });
  const form = page.getByRole('region', { name: t('contact.formTitle') });
  const stamp = `lost-${Date.now().toString(36)}`;
  await form.getByLabel(t('contact.name')).fill('Piotr Zieliński');
  await form.getByLabel(t('contact.email')).fill(`piotr.${stamp}@example.com`);
  await form.getByLabel(t('contact.subject')).selectOption('technical_support');
  await form.getByLabel(t('contact.message')).fill(`A question ${stamp}`);
  await form.getByLabel(t('consent.privacy.before').trim()).check();
  await form.getByRole('button', { name: t('contact.submit') }).click();
  await expect(form.getByRole('status')).toHaveText(t('contact.sent'));
  await expect(page).toHaveURL(/\/en\/contact$/);
});
