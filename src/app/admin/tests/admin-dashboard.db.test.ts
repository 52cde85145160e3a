// Issue 17, the admin shell and dashboard: the sidebar and the dashboard cards follow the user's
// permissions (loader level), and each count moves with the data it counts (users, complaints
// through the API, applications, new orders, course registrations, tester rentals, the mail outbox,
// the change log).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as layoutPage from '~/app/admin/admin-layout';
import * as dashboardPage from '~/app/admin/admin-dashboard';
import { BUILT_ADMIN_AREAS } from '~/app/admin/areas';
import { type Dashboard, loadDashboard, mailHealth, recentChanges } from '~/app/admin/dashboard.server';
import { recordChange } from '~/core/audit/audit.server';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { enqueueMail } from '~/core/mail/outbox.server';
import { ADMIN_AREAS, type AdminArea } from '~/core/permissions/permissions';
import { rolePermissions, roles, users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { courseRegistrations } from '~/features/courses/courses.schema';
import { createCourse } from '~/features/courses/tests/helpers';
import { customers } from '~/features/customers/customers.schema';
import { complaint, form, guest, send } from '~/features/forms/tests/helpers';
import { warrantyApplications } from '~/features/forms/forms.schema';
import { testerRentals, testers } from '~/features/rentals/rentals.schema';
import { type AddressJson, orders } from '~/features/shop/shop.schema';
import { createTestApp, type TestApp, type TestClient } from '~tests/helpers/test-app';
import { loaderArgs } from '~tests/helpers/loader-args';

/** A role with admin access and one area permission (meter rentals). */
const RENTALS_ROLE_ID = 11;

let t: TestApp;
let admin: TestClient;
let adminId: number;
let rentalsAdminId: number;

beforeAll(async () => {
  t = await createTestApp();
  await getDb().insert(roles).values({ id: RENTALS_ROLE_ID, key: 'rentals-desk', namePl: 'Wypożyczalnia', nameEn: 'Rentals desk' });
  await getDb()
    .insert(rolePermissions)
    .values([
      { roleId: RENTALS_ROLE_ID, permissionKey: 'admin.access' },
      { roleId: RENTALS_ROLE_ID, permissionKey: 'tester_rentals.update' },
    ]);
  const a = await createUser({ state: 'active', roleIds: [1] });
  adminId = a.id;
  admin = await loggedIn(t.app, a.email);
  rentalsAdminId = (await createUser({ state: 'active', roleIds: [RENTALS_ROLE_ID] })).id;
});
afterAll(async () => {
  await t?.close();
});

const allBuilt = () => Object.keys(ADMIN_AREAS).filter((a) => (BUILT_ADMIN_AREAS as string[]).includes(a)) as AdminArea[];
const countOf = (d: Dashboard, key: string) => d.counts.find((c) => c.key === key)?.count;

describe('the shell and the dashboard follow the permissions', () => {
  it('the sidebar of an admin with one area permission lists that area and the admin-access-only areas, nothing else', async () => {
    const limited = (await layoutPage.loader(loaderArgs(t.app, rentalsAdminId, '/pl/admin'))) as { areas: string[]; userName: string };
    const openWithoutPermission = (Object.keys(ADMIN_AREAS) as AdminArea[]).filter((a) => ADMIN_AREAS[a] === null);
    expect(limited.areas).toEqual(BUILT_ADMIN_AREAS.filter((a) => a === 'tester_rentals' || openWithoutPermission.includes(a)));
    expect(limited.areas).toContain('tester_rentals');
    expect(limited.areas).not.toContain('testers');
    expect(limited.areas).not.toContain('users');
    expect(limited.userName).toBe('Jan Kowalski');
    const full = (await layoutPage.loader(loaderArgs(t.app, adminId, '/pl/admin'))) as { areas: string[] };
    expect(full.areas).toEqual(BUILT_ADMIN_AREAS.filter((a) => allBuilt().includes(a)));
  });

  it('the dashboard shows only the cards of the areas the user may open', async () => {
    const limited = (await dashboardPage.loader(loaderArgs(t.app, rentalsAdminId, '/pl/admin'))) as Dashboard;
    // Issue 37: orders and complaints need their own permissions; the change log too. Service's
    // overview (mail health) stays open with admin access.
    expect(limited.counts.map((c) => c.key).sort()).toEqual(['tester_rentals']);
    expect(limited.changes).toBeNull();
    expect(limited.mail).not.toBeNull();
    const full = (await dashboardPage.loader(loaderArgs(t.app, adminId, '/pl/admin'))) as Dashboard;
    expect(full.counts.map((c) => c.key)).toEqual([
      'awaiting_activation',
      'b2b_requests',
      'orders',
      'complaints',
      'applications',
      'course_registrations',
      'tester_rentals',
    ]);
    for (const c of full.counts) expect(c.path).toMatch(/^[a-z-]+(\?|$)/);
    // Without the change-log and service areas, no changes and no mail health.
    const none = await loadDashboard(['tester_rentals']);
    expect(none.changes).toBeNull();
    expect(none.mail).toBeNull();
  });
});

describe('the counts move with the data', () => {
  it('users waiting for activation (verified, not active) and pending B2B requests', async () => {
    const before = await loadDashboard(['users']);
    await createUser({ state: 'unverified' });
    const waiting = await createUser({ state: 'inactive' });
    const requester = await createUser({ state: 'active' });
    await getDb().update(users).set({ isB2bRequest: true }).where(eq(users.id, requester.id));
    const after = await loadDashboard(['users']);
    expect(countOf(after, 'awaiting_activation')).toBe((countOf(before, 'awaiting_activation') ?? 0) + 1);
    expect(countOf(after, 'b2b_requests')).toBe((countOf(before, 'b2b_requests') ?? 0) + 1);
    // Activation and granted access take them off the dashboard.
    await getDb().update(users).set({ isActive: true }).where(eq(users.id, waiting.id));
    await getDb().update(users).set({ b2bGrantedAt: new Date() }).where(eq(users.id, requester.id));
    const done = await loadDashboard(['users']);
    expect(countOf(done, 'awaiting_activation')).toBe(countOf(before, 'awaiting_activation'));
    expect(countOf(done, 'b2b_requests')).toBe(countOf(before, 'b2b_requests'));
  });

  it('complaints filed through the API count while new or in progress', async () => {
    const before = countOf(await loadDashboard(['complaints']), 'complaints') ?? 0;
    const res = await send(guest(t), 'POST', '/api/complaints', complaint());
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    expect(countOf(await loadDashboard(['complaints']), 'complaints')).toBe(before + 1);
    const put = (status: string) => send(admin, 'PUT', `/api/admin/complaints/${id}`, form({ status, comment: 'OK' }));
    expect((await put('in_progress')).statusCode).toBe(200);
    expect(countOf(await loadDashboard(['complaints']), 'complaints')).toBe(before + 1);
    expect((await put('rejected')).statusCode).toBe(200);
    expect(countOf(await loadDashboard(['complaints']), 'complaints')).toBe(before);
  });

  it('warranty applications count when submitted or in review, not as drafts', async () => {
    const owner = await createUser({ state: 'active' });
    const before = countOf(await loadDashboard(['applications']), 'applications') ?? 0;
    const [draft] = await getDb().insert(warrantyApplications).values({ userId: owner.id, data: {}, status: 'draft' }).returning();
    expect(countOf(await loadDashboard(['applications']), 'applications')).toBe(before);
    await getDb().update(warrantyApplications).set({ status: 'submitted' }).where(eq(warrantyApplications.id, draft.id));
    expect(countOf(await loadDashboard(['applications']), 'applications')).toBe(before + 1);
    await getDb().update(warrantyApplications).set({ status: 'in_review' }).where(eq(warrantyApplications.id, draft.id));
    expect(countOf(await loadDashboard(['applications']), 'applications')).toBe(before + 1);
    await getDb().update(warrantyApplications).set({ status: 'approved' }).where(eq(warrantyApplications.id, draft.id));
    expect(countOf(await loadDashboard(['applications']), 'applications')).toBe(before);
  });

  it('new orders count while new; a confirmed or cancelled order leaves the card', async () => {
    const db = getDb();
    const before = countOf(await loadDashboard(['orders']), 'orders') ?? 0;
    const [customer] = await db.insert(customers).values({ name: 'Dashboard Sp. z o.o.' }).returning();
    const address: AddressJson = {
      name: 'Dashboard Sp. z o.o.',
      email: '',
      phone_number: '+48 600 100 200',
      town: 'Poznań',
      street: 'ul. Kablowa',
      home: '5',
      flat: '',
      full_street: 'ul. Kablowa 5',
      postcode: '60-101',
      post: 'Poznań',
    };
    const order = (n: number, status: string) => ({
      number: `ZS/2099/${String(900_000 + n)}`,
      customerId: customer.id,
      status,
      transportKind: 'pickup' as const,
      valueNetto: 1000,
      net: 1000,
      vat: 230,
      gross: 1230,
      invoiceAddress: address,
      deliveryAddress: address,
      customerName: 'Dashboard Sp. z o.o.',
    });
    const placed = await db
      .insert(orders)
      .values([order(1, 'new'), order(2, 'new'), order(3, 'shipped')])
      .returning();
    expect(countOf(await loadDashboard(['orders']), 'orders')).toBe(before + 2);
    await db.update(orders).set({ status: 'confirmed' }).where(eq(orders.id, placed[0].id));
    expect(countOf(await loadDashboard(['orders']), 'orders')).toBe(before + 1);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, placed[1].id));
    const after = await loadDashboard(['orders']);
    expect(countOf(after, 'orders')).toBe(before);
    expect(after.counts.find((c) => c.key === 'orders')?.path).toBe('orders?status=new');
  });

  it('course registrations count while registered (not waiting, confirmed or cancelled)', async () => {
    const db = getDb();
    const before = countOf(await loadDashboard(['course_registrations']), 'course_registrations') ?? 0;
    const course = await createCourse({ inDays: 40 });
    const person = (n: number, status: 'registered' | 'waiting' | 'confirmed') => ({
      courseId: course.id,
      firstName: 'Ewa',
      surname: `Kursantka ${n}`,
      phone: '+48 601 234 567',
      email: `kurs.${n}.${course.id}@example.com`,
      companyName: 'Teletechnika',
      city: 'Poznań',
      status,
      privacyAcceptedAt: new Date(),
    });
    const rows = await db
      .insert(courseRegistrations)
      .values([person(1, 'registered'), person(2, 'registered'), person(3, 'waiting')])
      .returning();
    expect(countOf(await loadDashboard(['course_registrations']), 'course_registrations')).toBe(before + 2);
    await db.update(courseRegistrations).set({ status: 'confirmed' }).where(eq(courseRegistrations.id, rows[0].id));
    expect(countOf(await loadDashboard(['course_registrations']), 'course_registrations')).toBe(before + 1);
    await db.update(courseRegistrations).set({ status: 'cancelled' }).where(eq(courseRegistrations.id, rows[1].id));
    expect(countOf(await loadDashboard(['course_registrations']), 'course_registrations')).toBe(before);
  });

  it('tester rentals count while new; a confirmed one leaves the card', async () => {
    const db = getDb();
    const before = countOf(await loadDashboard(['tester_rentals']), 'tester_rentals') ?? 0;
    const [tester] = await db
      .insert(testers)
      .values({ name: 'Reflektometr dashboard', pricePerDay: 10_000, thresholdDays: 7, extraDayPrice: 5000 })
      .returning();
    const rental = (from: string, to: string) => ({
      testerId: tester.id,
      dateFrom: from,
      dateTo: to,
      blockedFrom: from,
      blockedTo: to,
      days: 2,
      pricePerDay: 10_000,
      thresholdDays: 7,
      extraDayPrice: 5000,
      price: 20_000,
      cost: 20_000,
      tenantName: 'Najemca Sp. z o.o.',
      tenantStreet: 'ul. Miernicza 1',
      tenantPostcode: '60-101',
      tenantPost: 'Poznań',
      tenantPhone: '+48 600 100 200',
      tenantPerson: 'Adam Najemca',
      tenantEmail: 'najemca@example.com',
      termsAcceptedAt: new Date(),
    });
    const rows = await db
      .insert(testerRentals)
      .values([rental('2099-03-02', '2099-03-03'), rental('2099-03-09', '2099-03-10')])
      .returning();
    expect(countOf(await loadDashboard(['tester_rentals']), 'tester_rentals')).toBe(before + 2);
    await db.update(testerRentals).set({ status: 'confirmed' }).where(eq(testerRentals.id, rows[0].id));
    expect(countOf(await loadDashboard(['tester_rentals']), 'tester_rentals')).toBe(before + 1);
  });

  it('mail health: pending, failed and the age of the oldest pending mail', async () => {
    const before = await mailHealth();
    await enqueueMail(getDb(), { to: 'a@example.com', subject: 'A', html: '<p>A</p>', text: 'A', kind: 'test.dashboard' });
    const [row] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.status, 'pending')).orderBy(mailOutbox.createdAt).limit(1);
    const pending = await mailHealth(getDb(), new Date(row.createdAt.getTime() + 90_000));
    expect(pending.pending).toBe(before.pending + 1);
    expect(pending.oldest_pending_seconds).toBe(90);
    await getDb().update(mailOutbox).set({ status: 'failed' }).where(eq(mailOutbox.kind, 'test.dashboard'));
    const failed = await mailHealth();
    expect(failed.failed).toBe(before.failed + 1);
    expect(failed.pending).toBe(before.pending);
  });

  it('recent changes: the newest entries first, at most ten, with who, what and which fields', async () => {
    for (let i = 0; i < 12; i++) {
      await recordChange(getDb(), {
        entity: 'post',
        entityId: String(1000 + i),
        action: 'update',
        before: { titlePl: 'A' },
        after: { titlePl: `B${i}` },
        userId: adminId,
        userEmail: 'boss@example.com',
      });
    }
    const changes = await recentChanges();
    expect(changes).toHaveLength(10);
    expect(changes[0]).toMatchObject({ entity: 'post', entity_id: '1011', action: 'update', user_email: 'boss@example.com', fields: ['titlePl'] });
    expect(changes[9]?.entity_id).toBe('1002');
  });
});
