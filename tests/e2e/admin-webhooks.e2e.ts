// Webhooks in the integrations area (issue 39) in Chromium: the administrator adds an endpoint with
// two events (the secret shown once), a course registration queues a delivery that the receiver
// (started here, on 127.0.0.1) first refuses with 500; the delivery log shows the answer code and the
// next try, "send again" delivers it once the receiver answers 200. Screenshots at 1366 and 360 px.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, apiContext, loginInBrowser, upcomingCourses } from './course-helpers';
import { expectNoSeriousA11yViolations, hydrated, shot } from './fixtures';

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const SHOTS = 'tmp/shots';
let server: Server;
let answer = 500;
const received: string[] = [];
let receiverUrl = '';

test.beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['x-cobi-delivery']));
      res.writeHead(answer).end(answer === 200 ? 'ok' : 'busy');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const a = server.address();
  receiverUrl = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/cobi-hooks`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});

async function shots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize({ width: 1366, height: 900 });
  await shot(page, { path: `${SHOTS}/admin-webhooks-${name}-1366.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await shot(page, { path: `${SHOTS}/admin-webhooks-${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('an endpoint is added, a refused delivery is logged and sent again', async ({ page }) => {
  await loginInBrowser(page, ADMIN.email, ADMIN.password);
  await page.goto('/pl/admin/integrations/webhooks');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Webhooki', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Webhooki' })).toHaveAttribute('aria-current', 'page');

  // A non-https address is refused under the field.
  await page.getByLabel('Adres (URL)').fill('http://crm.example.com/hook');
  await page.getByLabel(/Zapis na szkolenie/).check();
  await page.getByRole('button', { name: 'Utwórz webhook' }).click();
  await expect(page.getByText('Adres musi zaczynać się od https://')).toBeVisible();

  await page.getByLabel('Adres (URL)').fill(receiverUrl);
  await page.getByLabel(/Nowa reklamacja/).check();
  await page.getByRole('button', { name: 'Utwórz webhook' }).click();
  const secret = page.getByTestId('webhook-secret');
  await expect(secret).toHaveValue(/^whsec_/);
  await expect(page.getByText(receiverUrl)).toBeVisible();
  await shots(page, 'created');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Skopiowałem sekret' }).click();
  await expect(secret).toHaveCount(0);

  // A course registration queues course_registration.created; the receiver answers 500.
  const [course] = (await upcomingCourses()).filter((c) => c.seats_left > 0);
  expect(course).toBeDefined();
  const guest = await apiContext();
  const res = await guest.call('post', '/api/course-registrations', {
    course_id: String(course?.id),
    first_name: 'Ewa',
    surname: 'Webhookowa',
    phone: '+48 603 444 555',
    email: `ewa.${Date.now().toString(36)}@example.com`,
    company_name: 'Hook Sp. z o.o.',
    city: 'Poznań',
    accepted_privacy: '1',
  });
  expect(res.status(), await res.text()).toBe(200);
  await guest.ctx.dispose();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(0);

  await page.reload();
  const card = page.locator('li', { hasText: receiverUrl });
  await card.getByRole('link', { name: 'Dziennik wysyłek' }).click();
  await expect(page).toHaveURL(/\?log=\d+/);
  const row = page.locator('tbody tr').first();
  await expect(row).toContainText('course_registration.created');
  await expect(row).toContainText('500');
  await expect(row).toContainText('Oczekuje');
  await shots(page, 'log');

  answer = 200;
  await row.getByRole('button', { name: 'Wyślij ponownie' }).click();
  await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(1);
  await expect(async () => {
    await page.reload();
    await expect(page.locator('tbody tr').first()).toContainText('Dostarczony', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('tbody tr').first()).toContainText('200');
  expect(new Set(received).size).toBe(1);
});
