// Issue 40 in the browser, in Polish: the administrator links a requester and an approver to the demo
// B2B customer; the requester's order waits for approval; the approver approves it on the order page
// and it becomes "Nowe"; the demo buyer (the company's owner) sees both colleagues with their roles
// on My account → Firma. Screenshots of the Company screen at 360 and 1366 px (COMPANY_SHOTS=<folder>).
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, hydrated } from './fixtures';
import { ADMIN, activeUser, apiAs, loginViaApi, PASSWORD } from './rentals-helpers';

const OWNER = { email: 'sklep@example.com', password: 'Kabel-Sklep-B2B-2026' };
const shots = process.env.COMPANY_SHOTS;

test('a requester’s order is approved by the approver; the owner sees the colleagues', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await apiAs(ADMIN.email, ADMIN.password);
  const h = { 'x-xsrf-token': admin.xsrf };
  const customer = (await (await admin.ctx.get('/api/admin/customers?search=Instal')).json()).items[0];
  expect(customer).toBeTruthy();
  const link = async (prefix: string, role: string) => {
    const email = await activeUser(prefix);
    const id = (await (await admin.ctx.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json()).items[0].id;
    const linked = await admin.ctx.put(`/api/admin/users/${id}/customer`, { headers: h, data: { customer_id: String(customer.id), company_role: role } });
    expect(linked.status(), await linked.text()).toBe(200);
    const b2b = await admin.ctx.post(`/api/admin/users/${id}/b2b-access`, { headers: h });
    expect(b2b.status(), await b2b.text()).toBe(200);
    return email;
  };
  const requester = await link('zglaszajacy', 'requester');
  const approver = await link('zatwierdzajacy', 'approver');
  await admin.ctx.dispose();

  // The requester places an order (the cart screens have their own suite): it waits.
  const r = await apiAs(requester, PASSWORD);
  const rh = { 'x-xsrf-token': r.xsrf };
  const list = (await (await r.ctx.get('/api/products?search=patchcord')).json()) as { items: { id: number }[] };
  let added = false;
  for (const item of list.items) {
    const p = (await (await r.ctx.get(`/api/products/${item.id}`)).json()) as { catalog_numbers: { id: number; multiple: number }[] };
    const n = p.catalog_numbers[0];
    if (!n) continue;
    const res = await r.ctx.post('/api/cart/positions', { headers: rh, data: { product_catalog_number_id: n.id, quantity: n.multiple || 1 } });
    if (res.status() === 200) {
      added = true;
      break;
    }
  }
  expect(added).toBe(true);
  const pickup = ((await (await r.ctx.get('/api/transport-types')).json()) as { id: number; kind: string }[]).find((tt) => tt.kind === 'pickup');
  expect((await r.ctx.put('/api/cart', { headers: rh, data: { transport_type_id: pickup?.id } })).status()).toBe(200);
  const placed = await r.ctx.post('/api/orders', { headers: rh });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = (await placed.json()) as { id: number; number: string; status: string; message: string };
  expect(order.status).toBe('awaiting_approval');
  expect(order.message).toContain('czeka na zatwierdzenie');
  await r.ctx.dispose();

  // The approver approves it on the order page.
  await loginViaApi(page, approver, PASSWORD);
  await page.goto(`/pl/my-account/order/${order.id}`);
  await hydrated(page);
  const card = page.getByTestId('order-approval');
  await expect(card).toContainText(requester);
  await expectNoSeriousA11yViolations(page);
  await card.getByRole('button', { name: 'Zatwierdź' }).click();
  await expect(page.getByText(`Zatwierdzono zamówienie ${order.number}.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('order-history')).toContainText('Nowe');

  // The owner's Company screen lists both with their roles.
  await page.context().clearCookies();
  await loginViaApi(page, OWNER.email, OWNER.password);
  await page.goto('/pl/my-account/company');
  await hydrated(page);
  await expect(page.getByRole('heading', { name: 'Firma', level: 1 })).toBeVisible();
  const colleagues = page.getByTestId('company-colleagues');
  await expect(colleagues.getByRole('listitem').filter({ hasText: requester }).getByLabel('Rola')).toHaveValue('requester');
  await expect(colleagues.getByRole('listitem').filter({ hasText: approver }).getByLabel('Rola')).toHaveValue('approver');
  await expectNoSeriousA11yViolations(page);
  if (shots) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: `${shots}/company-1366.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    await page.screenshot({ path: `${shots}/company-360.png`, fullPage: true });
  }
});
