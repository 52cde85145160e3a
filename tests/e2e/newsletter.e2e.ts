// Issue 16 in Chromium: the home popup's newsletter signup (after 30 s, on a fake clock), the
// confirmation link from the mailbox (.eml files the mail worker writes without SMTP_URL), the
// calculator page reachable after confirming, the offer with the price for a visitor without access
// and the bank transfer order, the unsubscribe page, the footer signup, and the admin screens
// (subscribers, purchases marked paid after the confirm dialog). Axe on every new screen; screenshots
// at 1280 and 360 px go to tmp/screens-newsletter.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial' });

const port = Number(process.env.E2E_PORT ?? 3210);
const mailDir = path.join(process.env.E2E_DATA_DIR ?? `tmp/e2e-data-${port}`, 'mail');
const baseURL = `http://localhost:${port}`;
const ADMIN = { email: 'admin@e2e.test', password: 'E2e-Administrator-Haslo-1' };
const SHOTS = 'tmp/screens-newsletter';
const stamp = Date.now().toString(36);
const subscriber = `nl.${stamp}@example.com`;
const buyer = `buyer.${stamp}@example.com`;

/** Decodes the parts of an .eml file (quoted-printable or base64) into one text. */
function decodeEml(raw: string): string {
  const unfolded = Buffer.from(raw.replace(/=\r?\n/g, ''), 'latin1').toString('latin1');
  const qp = Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
  const b64 = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)]
    .map((m) => Buffer.from(m[1].replace(/\s+/g, ''), 'base64').toString('utf8'))
    .join('\n');
  return `${qp}\n${b64}`;
}

/** The mails to `to` (decoded, oldest first), raw headers included. */
function mailsTo(to: string): { raw: string; text: string }[] {
  let files: string[] = [];
  try {
    files = readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((f) => readFileSync(path.join(mailDir, f), 'utf8'))
    .filter((raw) => raw.includes(`\nTo: ${to}`))
    .map((raw) => ({ raw, text: decodeEml(raw) }));
}

/** The path of the newest link containing `part` in a mail to `to` whose text matches `subject`. */
async function mailLink(to: string, subject: RegExp, part: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(to)
          .filter((m) => subject.test(m.text))
          .at(-1);
        link = (mail?.text.match(/https?:\/\/[^\s"<>]+/g) ?? []).find((u) => u.includes(part)) ?? '';
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

async function shoot(page: Page, name: string) {
  await shot(page, { path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, { path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.use({ viewport: { width: 1280, height: 900 } });

test.beforeEach(async ({ page }) => {
  await page.context().addCookies([{ name: 'consent', value: 'necessary', url: baseURL }]);
});

test('signup from the home popup, confirmation from the mail, then the calculator opens', async ({ page }) => {
  await page.clock.install();
  await page.goto('/pl');
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem('is-b2b-popup-closed', '1'));
  await page.reload();
  await hydrated(page);
  await page.clock.fastForward(30_000);
  const popup = page.getByRole('dialog', { name: 'Zapisz się do newslettera' });
  await expect(popup).toBeVisible();

  // The consent is required: the form says so under the checkbox and sends nothing.
  await popup.getByLabel('Imię').fill('Ewa');
  await popup.getByRole('textbox', { name: 'Adres e-mail' }).fill(subscriber);
  await popup.getByRole('button', { name: 'Zapisz się' }).click();
  await expect(popup.getByText('Zgoda jest wymagana.')).toBeVisible();
  await expect(popup.getByRole('link', { name: /regulaminem newslettera/ })).toHaveAttribute('href', '/pl/static/regulamin-newslettera');
  await expectNoSeriousA11yViolations(page);
  await shot(page, { path: `${SHOTS}/home-popup-1280.png` });
  await popup.getByRole('checkbox').check();
  await popup.getByRole('button', { name: 'Zapisz się' }).click();
  await expect(popup.getByRole('status')).toContainText('wysłaliśmy na niego wiadomość z linkiem potwierdzającym');
  expect(await page.evaluate(() => localStorage.getItem('is-newsletter-closed'))).toBe('1');

  // The mail carries List-Unsubscribe and the confirmation link.
  const confirm = await mailLink(subscriber, /Potwierdź zapis/, '/newsletter/confirm/');
  expect(mailsTo(subscriber)[0]?.raw).toMatch(/List-Unsubscribe:\s+<http:\/\/[^>]+\/api\/newsletter\/unsubscribe\/[A-Za-z0-9_-]{43}>/);
  await page.goto(confirm);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Potwierdzenie zapisu');
  // Opening the link only asks (mail scanners open links); the button confirms.
  await expect(page.getByRole('status')).toContainText(`Potwierdź zapis adresu ${subscriber}`);
  await page.getByRole('button', { name: 'Potwierdzam zapis' }).click();
  await expect(page.getByRole('status')).toContainText('Twój zapis na newsletter został potwierdzony');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'confirm');
  await page.getByRole('link', { name: 'Przejdź do kalkulatora' }).click();
  await expect(page).toHaveURL(/\/pl\/calculator$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kalkulator wypełnienia koryt kablowych i separacji kabli');
  // With access: no offer.
  await expect(page.getByTestId('calculator-price')).toHaveCount(0);
  await expect(page.getByTestId('calculator-buy')).toHaveCount(0);

  // The welcome mail's access link works in another browser (a fresh context) too.
  const access = await mailLink(subscriber, /Witamy w newsletterze/, '/calculator/access/');
  const other = await page.context().browser()?.newContext({ baseURL });
  const p2 = await other?.newPage();
  if (!p2 || !other) throw new Error('no browser');
  await p2.goto('/pl/calculator');
  await expect(p2.getByTestId('calculator-price')).toBeVisible();
  await p2.goto(access);
  await expect(p2).toHaveURL(/\/pl\/calculator$/);
  await expect(p2.getByTestId('calculator-price')).toHaveCount(0);
  await other.close();
});

test('the offer without access: price with VAT, order by bank transfer, pro-forma mail', async ({ page }) => {
  await page.goto('/pl/calculator');
  await hydrated(page);
  await expect(page.getByTestId('calculator-price')).toHaveText(/^9,90\s?zł netto \(\+23% VAT = 12,18\s?zł brutto\)$/);
  await expect(page.getByRole('link', { name: 'Zapisz się' })).toHaveAttribute('href', '/pl/newsletter');
  await expect(page.getByRole('img', { name: /Podgląd kalkulatora/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'calculator-offer');
  const buy = page.getByTestId('calculator-buy');
  await buy.getByRole('button', { name: 'Zamów z płatnością przelewem' }).click();
  await expect(buy.getByText('Pole jest wymagane.').first()).toBeVisible();
  await buy.getByLabel('Imię i nazwisko lub firma').fill('Instal-Kabel');
  await buy.getByRole('textbox', { name: 'Adres e-mail' }).fill(buyer);
  await buy.getByRole('button', { name: 'Zamów z płatnością przelewem' }).click();
  await expect(page.getByRole('status')).toContainText('Wysłaliśmy e-mail z danymi do przelewu');
  await expect.poll(() => mailsTo(buyer).some((m) => /Faktura pro forma/.test(m.text) && /KALK-[A-Z0-9]{8}/.test(m.text) && /12,18/.test(m.text))).toBe(true);

  await page.goto('/en/calculator');
  await expect(page.getByTestId('calculator-price')).toHaveText(/^PLN\s?9\.90 net \(\+23% VAT = PLN\s?12\.18 gross\)$/);
});

test('the newsletter page, the footer signup and the unsubscribe link', async ({ page }) => {
  await page.goto('/pl/newsletter');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
  await shoot(page, 'newsletter');
  await page.getByRole('button', { name: 'Zapisz się' }).click();
  await expect(page.getByText('Pole jest wymagane.').first()).toBeVisible();
  await expect(page.getByText('Zgoda jest wymagana.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The footer: a button opens the form in place, the focus goes to its first field.
  await page.goto('/en/posts');
  await hydrated(page);
  await page.getByRole('button', { name: 'Join the newsletter' }).click();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByLabel('First name')).toBeFocused();
  const footerEmail = `footer.${stamp}@example.com`;
  await footer.getByLabel('First name').fill('John');
  await footer.getByRole('textbox', { name: 'E-mail address' }).fill(footerEmail);
  await footer.getByRole('checkbox').check();
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('status')).toContainText('we have sent it a message');
  await expectNoSeriousA11yViolations(page);
  await expect.poll(() => mailsTo(footerEmail).some((m) => /Confirm your subscription/.test(m.text))).toBe(true);

  // Unsubscribe: the page asks, one click does it.
  const unsubscribe = await mailLink(subscriber, /Witamy w newsletterze/, '/pl/newsletter/unsubscribe/');
  await page.goto(unsubscribe);
  await hydrated(page);
  await expect(page.getByRole('status')).toContainText(subscriber);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'unsubscribe');
  await page.getByRole('button', { name: 'Wypisz mnie' }).click();
  await expect(page.getByRole('status')).toHaveText('Adres został wypisany z newslettera. Nie będziemy już wysyłać do niego wiadomości.');
  // The access cookie of this browser no longer opens the calculator.
  await page.goto('/pl/calculator');
  await expect(page.getByTestId('calculator-price')).toBeVisible();
});

test('admin: subscribers and the calculator purchase marked paid (confirm dialog) gives access by mail', async ({ page }) => {
  await page.goto('/pl/login');
  await page.getByLabel('Adres e-mail').fill(ADMIN.email);
  await page.getByLabel('Hasło').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page).toHaveURL(/\/pl$/);

  await page.goto(`/pl/admin/newsletter?q=${stamp}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newsletter');
  const table = page.getByRole('table');
  await expect(table.getByText(subscriber)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(subscriber.replace(/\./g, '\\.')) })).toContainText('Wypisany');
  await expect(page.getByRole('link', { name: 'Eksport CSV (potwierdzeni)' })).toHaveAttribute('href', /format=csv/);
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-newsletter');

  await page.goto('/pl/admin/calculator-purchases?status=pending');
  const row = page.getByRole('row', { name: /Instal-Kabel/ });
  await expect(row).toContainText('Przelew');
  await expectNoSeriousA11yViolations(page);
  await shoot(page, 'admin-purchases');
  await row.getByRole('button', { name: /Oznacz jako opłacony/ }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Kupujący otrzyma link dostępu e-mailem.');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Tak' }).click();
  await expect(page.getByRole('row', { name: /Instal-Kabel/ })).toHaveCount(0);

  const access = await mailLink(buyer, /Dziękujemy za zakup/, '/calculator/access/');
  await page.context().clearCookies();
  await page.goto(access);
  await expect(page).toHaveURL(/\/pl\/calculator$/);
  await expect(page.getByTestId('calculator-price')).toHaveCount(0);
});
