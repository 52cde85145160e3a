// Issue 12, the warranty certification application in Chromium, in Polish and in English (texts
// from the feature's messages): an installer (registered, verified, activated) fills the application
// with all attachments, saves a draft, finds it in my applications, submits it incomplete (the errors
// under the fields), completes and submits it; the admin finds it in the list, returns it with a
// reason (mailed in the application's language); the installer corrects and submits again; the admin
// approves; the installer downloads the certificate PDF and its text is checked.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, request, test } from '@playwright/test';
import { MY_ACCOUNT_SECTIONS } from '../../src/app/layout/my-account-nav';
import { attachmentMessages } from '../../src/core/files/attachments';
import { translator } from '../../src/core/i18n/locale';
import { formsMessages } from '../../src/features/forms/messages';
import { pdfText } from '../helpers/pdf-text';
import { expectNoSeriousA11yViolations, hydrated, messagePattern, shot } from './fixtures';
import { ADMIN, loginViaApi } from './rentals-helpers';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'tmp/screenshots';
const PASSWORD = 'Kabel-Miedz-Cat6A-inst';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

/** The attachment adder's own button texts (private to src/core/ui/attachment-adder.tsx). */
const ADDER = {
  pl: { add: 'Dodaj załącznik', remove: 'Usuń' },
  en: { add: 'Add attachment', remove: 'Remove' },
} as const;
const APPLICATIONS_NAV = MY_ACCOUNT_SECTIONS.find((s) => s.path === 'applications')?.label ?? { pl: '', en: '' };

function decode(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const qp = Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

function mailsTo(to: string): string[] {
  try {
    return readdirSync(mailDir)
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
      .filter((raw) => raw.includes(`\nTo: ${to}`))
      .map(decode);
  } catch {
    return [];
  }
}

async function xsrf(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function adminContext() {
  const ctx = await request.newContext({ baseURL });
  await ctx.get('/healthz');
  const token = async () => (await ctx.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  expect((await ctx.post('/api/login', { data: ADMIN, headers: { 'x-xsrf-token': await token() } })).status()).toBe(200);
  return { ctx, token };
}

/** An installer registered, verified from the mailed link and activated by the administrator; the page is logged in. */
async function registerInstaller(page: Page, email: string, locale: 'pl' | 'en') {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
  await page.goto(`/${locale}`);
  const reg = await page.request.post('/api/register', {
    headers: { 'x-xsrf-token': await xsrf(page) },
    data: {
      first_name: 'Grzegorz',
      surname: 'Świątek',
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      default_locale: locale,
      accepted_terms: '1',
      accepted_privacy: '1',
      accepted_rodo: '1',
    },
  });
  expect(reg.status(), await reg.text()).toBe(200);
  let verify = '';
  await expect
    .poll(
      () => {
        verify =
          mailsTo(email)
            .flatMap((m) => m.match(/https?:\/\/[^\s"<>]+/g) ?? [])
            .find((u) => u.includes('/verify/')) ?? '';
        return verify;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  const verifyUrl = new URL(verify.replaceAll('&amp;', '&'));
  await page.goto(`${verifyUrl.pathname}${verifyUrl.search}`);
  await page.getByRole('button', { name: /Potwierdzam adres e-mail|Confirm my e-mail address/ }).click();
  await expect(page).toHaveURL(/\/wait-for-activation$/);
  const userId = (await (await page.request.get('/api/my-account')).json()).id as number;
  const admin = await adminContext();
  expect((await admin.ctx.post(`/api/admin/users/${userId}/activate`, { headers: { 'x-xsrf-token': await admin.token() } })).status()).toBe(200);
  return admin;
}

const APPLICATION = {
  pl: {
    investment: 'Biurowiec Łąkowa',
    address: ['ul. Łąkowa 7', '61-001 Poznań'],
    activity: 'Nowa instalacja',
    contact: 'Zofia Żak',
    company: 'Instal-Net Sp. z o.o.',
    companyAddress: 'ul. Kablowa 5, Poznań',
    installer: 'Grzegorz Świątek',
    tests: 'Tier 1 (OLTS)',
    files: ['lan1.pdf', 'kalibracja-lan.pdf', 'swiatlowod.pdf', 'kalibracja-swiatlowod.pdf'],
    reason: 'Brak pomiarów toru 5.',
    correction: 'Dołączono pomiary toru 5.',
    approval: 'Gratulujemy.',
  },
  en: {
    investment: 'Riverside Business Centre',
    address: ['12 River Lane', 'Leeds LS1 4AB'],
    activity: 'New installation',
    contact: 'Emma Clark',
    company: 'Northern Cabling Ltd',
    companyAddress: 'Unit 3, Mill Road, Leeds',
    installer: 'Oliver Wright',
    tests: 'Tier 1 (OLTS)',
    files: ['lan1.pdf', 'calibration-lan.pdf', 'fibre.pdf', 'calibration-fibre.pdf'],
    reason: 'The measurements of link 5 are missing.',
    correction: 'The measurements of link 5 are attached.',
    approval: 'Congratulations.',
  },
} as const;

for (const locale of ['pl', 'en'] as const) {
  test(`an installer applies (${locale}): a draft, an incomplete submission, the admin returns it, the installer corrects it, the admin approves, the certificate PDF is downloaded`, async ({
    page,
    browser,
  }) => {
    // The longest flow of the suite (two people, six screens, a PDF): under CPU contention it passes the default 120 s.
    test.setTimeout(240_000);
    const t = translator(formsMessages, locale);
    const ta = translator(attachmentMessages, locale);
    const data = APPLICATION[locale];
    const email = `instalator.${locale}.${Date.now().toString(36)}@example.com`;
    const admin = await registerInstaller(page, email, locale);
    await admin.ctx.dispose();
    // The administrator works in a browser context of their own, next to the installer's page.
    const adminBrowser = await browser.newContext({ baseURL });
    const adminPage = await adminBrowser.newPage();
    await loginViaApi(adminPage, ADMIN.email, ADMIN.password);

    // The application with every attachment, saved as a draft before the cabling is entered.
    await page.goto(`/${locale}/application-form`);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('app.form.title'));
    await expect(page.getByText(ta('attachments.limits', { file: 20, form: 100 })).first()).toBeVisible();
    const inv = page.getByRole('group', { name: t('app.section.investment'), exact: true });
    await inv.getByLabel(t('app.f.investment_name')).fill(data.investment);
    await inv.getByLabel(t('app.f.investment_address_1')).fill(data.address[0]);
    await inv.getByLabel(t('app.f.investment_address_2')).fill(data.address[1]);
    await inv.getByLabel(t('app.f.activity_type')).fill(data.activity);
    await inv.getByLabel(t('app.f.measurements_completed_at')).fill('2026-03-10');
    const contact = page.getByRole('group', { name: t('app.section.contact'), exact: true });
    await contact.getByLabel(t('app.f.contact_person')).fill(data.contact);
    await contact.getByLabel(t('app.f.contact_phone')).fill('+48 600 111 222');
    await contact.getByLabel(t('app.f.contact_email')).fill('zofia@example.com');
    const inst = page.getByRole('group', { name: t('app.section.installer'), exact: true });
    await inst.getByLabel(t('app.f.installer_company_name')).fill(data.company);
    await inst.getByLabel(t('app.f.installer_address_1')).fill(data.companyAddress);
    await inst.getByLabel(t('app.f.installer_name')).fill(data.installer);
    await inst.getByLabel(t('app.f.installer_phone')).fill('+48 600 333 444');
    await inst.getByLabel(t('app.f.installer_email')).fill('grzegorz@example.com');
    const kinds = ['lan_measurements_1', 'lan_calibration_certificate', 'fibre_measurements', 'fibre_calibration_certificate'] as const;
    for (const [i, kind] of kinds.entries()) {
      const name = data.files[i];
      const adder = page.getByRole('group', { name: t(`app.kind.${kind}`) });
      await adder.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
      await adder.getByRole('button', { name: ADDER[locale].add }).click();
      await expect(adder.getByRole('listitem')).toHaveText([`${name}${ADDER[locale].remove}`]);
    }
    // Issue 41 point 3: a name already used in another box is accepted there and by the save (the
    // box took it, then the draft could not be saved); within one box it is refused as it is added.
    const fibreBox = page.getByRole('group', { name: t('app.kind.fibre_measurements') });
    await fibreBox.locator('input[type=file]').setInputFiles({ name: data.files[0], mimeType: 'application/pdf', buffer: PDF });
    await fibreBox.getByRole('button', { name: ADDER[locale].add }).click();
    await expect(fibreBox.getByRole('listitem')).toHaveCount(2);
    await fibreBox.locator('input[type=file]').setInputFiles({ name: data.files[0], mimeType: 'application/pdf', buffer: PDF });
    await fibreBox.getByRole('button', { name: ADDER[locale].add }).click();
    await expect(fibreBox.getByText(ta('attachments.duplicate'), { exact: true })).toBeVisible();
    await expect(fibreBox.getByRole('listitem')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: t('app.form.saveDraft') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my-account/application/\\d+$`));
    const id = Number(page.url().split('/').pop());
    await expect(page.getByText(t('app.status.draft'), { exact: true })).toBeVisible();

    // My applications, reached from the my-account bar, list the draft.
    const nav = page.getByTestId('my-account-nav').getByRole('link', { name: APPLICATIONS_NAV[locale] });
    await nav.click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my-account/applications$`));
    await expect(nav).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('app.my.title'));
    const item = page.getByRole('listitem').filter({ hasText: data.investment });
    await expect(item).toContainText(t('app.status.draft'));
    await expectNoSeriousA11yViolations(page);

    // Submitting checks everything: no cabling and no installer's certificate number, the errors under the fields.
    await item.getByRole('link', { name: data.investment }).click();
    await page.getByRole('link', { name: t('app.my.edit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/application-form/${id}$`));
    await hydrated(page);
    await page.getByRole('button', { name: t('app.form.submit') }).click();
    await expect(page.locator('#application-installer_certificate_number-error')).toHaveText(t('v.required'));
    await expect(page.getByText(t('app.v.network')).first()).toBeVisible();
    await page.getByLabel(t('app.f.installer_certificate_number')).fill('CI-2025-017');
    const lan1 = page.getByRole('group', { name: t('app.section.lan', { n: 1 }) });
    await lan1.getByLabel(t('app.f.class')).selectOption('EA');
    await lan1.getByLabel(t('app.f.shielding_method')).selectOption('U/FTP');
    await lan1.getByLabel(t('app.f.tracks_count')).fill('120');
    await lan1.getByLabel(t('app.f.standard')).selectOption('ISO/IEC 11801');
    const fibre = page.getByRole('group', { name: t('app.section.fibre') });
    // A described part needs all its fields, and says so (issue 41 point 11: fibres in cable 2).
    await expect(fibre.getByLabel(t('app.f.fibres_count_cable_2'))).not.toHaveAttribute('aria-required', 'true');
    await fibre.getByLabel(t('app.f.fibre_class')).selectOption('OM4');
    await expect(fibre.getByLabel(t('app.f.fibres_count_cable_2'))).toHaveAttribute('aria-required', 'true');
    await expect(lan1.getByLabel(t('app.f.tracks_count'))).toHaveAttribute('aria-required', 'true');
    await fibre.getByLabel(t('app.f.connectors_type')).fill('LC');
    await fibre.getByLabel(t('app.f.fibres_count_cable_1')).fill('12');
    await fibre.getByLabel(t('app.f.fibres_count_cable_2')).fill('24');
    await fibre.getByLabel(t('app.f.tracks_count')).fill('4');
    await fibre.getByLabel(t('app.f.standard')).selectOption('EN 50173-1');
    await fibre.getByLabel(t('app.f.tests_method')).fill(data.tests);
    await page.getByRole('button', { name: t('app.form.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my-account/application/${id}$`));
    await expect(page.getByText(t('app.status.submitted'), { exact: true })).toBeVisible();

    // The admin finds it in the list, takes it into review and returns it with the reason (mailed).
    await adminPage.goto(`/${locale}/admin/applications`);
    await hydrated(adminPage);
    await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(t('app.admin.title'));
    const row = adminPage.getByRole('row').filter({ hasText: data.investment });
    await expect(row).toContainText(data.company);
    await expect(row).toContainText(t('app.status.submitted'));
    await expectNoSeriousA11yViolations(adminPage);
    await row.getByRole('link', { name: data.investment }).click();
    await expect(adminPage).toHaveURL(new RegExp(`/${locale}/admin/application/${id}$`));
    await expect(adminPage.getByRole('heading', { level: 1 })).toHaveText(t('app.admin.detail', { investment: data.investment }));
    await hydrated(adminPage);
    const move = async (status: 'in_review' | 'returned' | 'approved', comment = '') => {
      const label = t(`app.status.${status}`);
      await adminPage.getByLabel(t('admin.newStatus')).selectOption({ label });
      await adminPage.getByLabel(t('app.comment')).fill(comment);
      await adminPage.getByRole('button', { name: t('admin.changeStatus') }).click();
      await expect(adminPage.getByText(t('app.statusChanged', { status: label }))).toBeVisible();
    };
    await move('in_review');
    await move('returned', data.reason);
    await expectNoSeriousA11yViolations(adminPage);
    // The mail speaks the application's language.
    let returned = '';
    await expect
      .poll(
        () => {
          returned = mailsTo(email).find((m) => m.includes(data.reason)) ?? '';
          return returned;
        },
        { timeout: 20_000 },
      )
      .not.toBe('');
    expect(returned).toContain(`Content-Language: ${locale}`);
    expect(returned).toContain(t('mail.app.status.p1', { investment: data.investment, status: t('app.status.returned') }));

    // The installer sees the reason, corrects and submits again.
    await page.goto(`/${locale}/application-form/${id}`);
    await hydrated(page);
    await expect(page.getByRole('note')).toContainText(`${t('app.returnReason')}: ${data.reason}`);
    await page.getByLabel(t('app.f.additional_informations')).fill(data.correction);
    await page.getByRole('button', { name: t('app.form.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${locale}/my-account/application/${id}$`));
    await expect(page.getByText(t('app.status.submitted'), { exact: true })).toBeVisible();

    // The admin approves: the certificate is issued and the list shows its number.
    await adminPage.reload();
    await hydrated(adminPage);
    await move('in_review');
    await move('approved', data.approval);
    await adminPage.goto(`/${locale}/admin/applications?status=approved`);
    const approvedRow = adminPage.getByRole('row').filter({ hasText: data.investment });
    await expect(approvedRow).toContainText(t('app.status.approved'));
    await expect(approvedRow).toContainText(/GS\/\d{4}\/\d{4}/);
    await adminBrowser.close();

    await page.goto(`/${locale}/my-account/application/${id}`);
    await expectNoSeriousA11yViolations(page);
    await shot(page, { path: `${SHOTS}/admin-applications-approved-${locale}-1280.png`, fullPage: true });
    const link = page.getByRole('link', { name: messagePattern(`${t('app.downloadCertificate')} ({number})`, { number: 'GS/\\d{4}/\\d{4}' }) });
    const number = ((await link.textContent()) ?? '').match(/GS\/\d{4}\/\d{4}/)?.[0] ?? '';
    const res = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    // The certificate in the application's language, with the investment, the installer and the dates.
    const text = (await pdfText(await res.body())).pages.join('\n');
    for (const part of [t('cert.title'), t('cert.validUntil'), number, data.investment, data.company, data.installer, 'CI-2025-017', '10.03.2051']) {
      expect(text, part).toContain(part);
    }
    expect(text).not.toContain(translator(formsMessages, locale === 'pl' ? 'en' : 'pl')('cert.title'));
    await expect.poll(() => mailsTo(email).some((m) => m.includes(t('mail.app.approved.p1', { number, until: '10.03.2051' }))), { timeout: 20_000 }).toBe(true);
  });
}
