// Issue 17, the admin shell and dashboard: the sidebar and the dashboard cards follow the user's
// permissions (loader level), and each count moves with the data it counts (users, complaints
// through the API, applications, course registrations, rentals, the mail outbox, the change log).
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
import { newSessionId } from '~/core/session/session.server';
import { rolePermissions, roles, users } from '~/features/accounts/accounts.schema';
import { createUser, loggedIn } from '~/features/accounts/tests/helpers';
import { complaint, form, guest, send } from '~/features/forms/tests/helpers';
import { warrantyApplications } from '~/features/forms/forms.schema';
import { createTestApp, type TestApp, type TestClient } from '../../../../tests/helpers/test-app';

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

function args(userId: number, path: string) {
  const sid = newSessionId();
  const context = {
    nonce: 'n',
    config: t.app.config,
    sid,
    xsrfToken: 'token',
    clientIp: '127.0.0.1',
    session: async () => ({ id: sid, isNew: false, userId, data: {} }),
  };
  return { context, request: new Request(`http://localhost${path}`), params: { locale: 'pl' } } as never;
}

const allBuilt = () => Object.keys(ADMIN_AREAS).filter((a) => (BUILT_ADMIN_AREAS as string[]).includes(a)) as AdminArea[];
const countOf = (d: Dashboard, key: string) => d.counts.find((c) => c.key === key)?.count;

describe('the shell and the dashboard follow the permissions', () => {
  it('the sidebar of an admin with one area permission lists that area and the admin-access-only areas, nothing else', async () => {
    const limited = (await layoutPage.loader(args(rentalsAdminId, '/pl/admin'))) as { areas: string[]; userName: string };
    const openWithoutPermission = (Object.keys(ADMIN_AREAS) as AdminArea[]).filter((a) => ADMIN_AREAS[a] === null);
    expect(limited.areas).toEqual(BUILT_ADMIN_AREAS.filter((a) => a === 'tester_rentals' || openWithoutPermission.includes(a)));
    expect(limited.areas).toContain('tester_rentals');
    expect(limited.areas).not.toContain('testers');
    expect(limited.areas).not.toContain('users');
    expect(limited.userName).toBe('Jan Kowalski');
    const full = (await layoutPage.loader(args(adminId, '/pl/admin'))) as { areas: string[] };
    expect(full.areas).toEqual(BUILT_ADMIN_AREAS.filter((a) => allBuilt().includes(a)));
  });

  it('the dashboard shows only the cards of the areas the user may open', async () => {
    const limited = (await dashboardPage.loader(args(rentalsAdminId, '/pl/admin'))) as Dashboard;
    expect(limited.counts.map((c) => c.key).sort()).toEqual(['complaints', 'orders', 'tester_rentals']);
    expect(limited.changes).not.toBeNull();
    expect(limited.mail).not.toBeNull();
    const full = (await dashboardPage.loader(args(adminId, '/pl/admin'))) as Dashboard;
    expect(full.counts.map((c) => c.key)).toEqual(['awaiting_activation', 'b2b_requests', 'orders', 'complaints', 'applications', 'course_registrations', 'tester_rentals']);
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
