// The admin dashboard (issue 17): what waits for the administrator, per area the user may open.
// Counts come from the features' own *.server.ts functions; the mail health from core/mail.
import { and, eq, min } from 'drizzle-orm';
import { listChanges } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { mailOutbox } from '~/core/mail/mail.schema';
import { countOutboxByStatus } from '~/core/mail/outbox.server';
import type { AdminArea } from '~/core/permissions/permissions';
import { countUsersAwaitingAction } from '~/features/accounts/admin/users-admin.server';
import { countNewRegistrations } from '~/features/courses/courses.server';
import { countApplicationsAwaitingReview } from '~/features/forms/applications.server';
import { countOpenComplaints } from '~/features/forms/complaints.server';
import { countNewRentals } from '~/features/rentals/rentals.server';
import { countNewOrders } from '~/features/shop/orders.server';

/** How many recent change-log entries the dashboard lists. */
export const DASHBOARD_CHANGES = 10;

/** One count card: the area it belongs to, what it counts, and the filtered list it links to. */
export interface DashboardCount {
  key: 'awaiting_activation' | 'b2b_requests' | 'complaints' | 'applications' | 'course_registrations' | 'tester_rentals' | 'orders';
  area: AdminArea;
  count: number;
  /** The admin list with the matching filter, relative to /{locale}/admin/. */
  path: string;
}

export interface DashboardChange {
  id: number;
  created_at: string;
  user_email: string | null;
  entity: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  fields: string[];
}

export interface MailHealth {
  pending: number;
  failed: number;
  sent: number;
  /** Age in seconds of the oldest pending mail (null: none pending). */
  oldest_pending_seconds: number | null;
}

export interface Dashboard {
  counts: DashboardCount[];
  /** Recent changes (only with the change_infos area). */
  changes: DashboardChange[] | null;
  /** The outbox (only with the service area). */
  mail: MailHealth | null;
}

/** The mail outbox at a glance: pending, failed and how long the oldest pending mail has waited. */
export async function mailHealth(db: Db = getDb(), now: Date = new Date()): Promise<MailHealth> {
  const [counts, [oldest]] = await Promise.all([
    countOutboxByStatus(db),
    db
      .select({ at: min(mailOutbox.createdAt) })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'))),
  ]);
  const at = oldest?.at ? new Date(oldest.at) : null;
  return {
    pending: counts.pending ?? 0,
    failed: counts.failed ?? 0,
    sent: counts.sent ?? 0,
    oldest_pending_seconds: at ? Math.max(0, Math.round((now.getTime() - at.getTime()) / 1000)) : null,
  };
}

/** The last changes of the change log, newest first (who, when, what, which fields). */
export async function recentChanges(db: Db = getDb(), limit = DASHBOARD_CHANGES): Promise<DashboardChange[]> {
  const { items } = await listChanges({ page: 1, perPage: limit }, db);
  return items.map((c) => ({
    id: c.id,
    created_at: c.createdAt.toISOString(),
    user_email: c.userEmail,
    entity: c.entity,
    entity_id: c.entityId,
    action: c.action,
    fields: Object.keys(c.changes ?? {}),
  }));
}

/** Everything the dashboard shows, limited to the areas the user may open (`areas`). */
export async function loadDashboard(areas: readonly AdminArea[], db: Db = getDb()): Promise<Dashboard> {
  const open = new Set(areas);
  const counts: Promise<DashboardCount[]>[] = [];
  if (open.has('users')) {
    counts.push(
      countUsersAwaitingAction(db).then((c) => [
        { key: 'awaiting_activation', area: 'users', count: c.awaitingActivation, path: 'users?verified=1&active=0' },
        { key: 'b2b_requests', area: 'users', count: c.b2bRequests, path: 'users?b2b=request' },
      ]),
    );
  }
  if (open.has('orders')) {
    counts.push(countNewOrders(db).then((n) => [{ key: 'orders', area: 'orders', count: n, path: 'orders?status=new' }]));
  }
  if (open.has('complaints')) {
    counts.push(countOpenComplaints(db).then((n) => [{ key: 'complaints', area: 'complaints', count: n, path: 'complaints' }]));
  }
  if (open.has('applications')) {
    counts.push(countApplicationsAwaitingReview(db).then((n) => [{ key: 'applications', area: 'applications', count: n, path: 'applications' }]));
  }
  if (open.has('course_registrations')) {
    counts.push(
      countNewRegistrations(db).then((n) => [
        { key: 'course_registrations', area: 'course_registrations', count: n, path: 'course-registations?status=registered' },
      ]),
    );
  }
  if (open.has('tester_rentals')) {
    counts.push(countNewRentals(db).then((n) => [{ key: 'tester_rentals', area: 'tester_rentals', count: n, path: 'tester-rentals?status=new' }]));
  }
  const [groups, changes, mail] = await Promise.all([
    Promise.all(counts),
    open.has('change_infos') ? recentChanges(db) : null,
    open.has('service') ? mailHealth(db) : null,
  ]);
  return { counts: groups.flat(), changes, mail };
}
