// The company of a B2B customer (issue 40): its users with their company roles and approval limits.
// Owners manage colleagues (role, own limit, removal) and the customer's approval limit, within the
// administrator's maximum; company-roles.ts holds the one rule every decision here asks.
import { and, asc, eq } from 'drizzle-orm';
import { type Actor, recordChange } from '~/core/audit/audit.server';
import type { Db } from '~/core/db/client.server';
import { getDb } from '~/core/db/db.server';
import { HttpError } from '~/core/http/errors';
import { type Locale, translator } from '~/core/i18n/locale';
import { formatMoney, toDecimal } from '~/core/money/money';
import { users } from '~/features/accounts/accounts.schema';
import {
  approvalLimitAllowed,
  type CompanyAction,
  type CompanyRole,
  canChangeColleague,
  canDecideOrder,
  companyRoleCan,
  effectiveApprovalLimit,
  orderNeedsApproval,
} from './company-roles';
import { customers, customerUsers } from './customers.schema';
import { customerMessages } from './messages';

export { canDecideOrder, companyRoleCan, type CompanyRole, orderNeedsApproval };

/** A user of a customer as the company rules see them. */
export interface CompanyMember {
  userId: number;
  customerId: number;
  role: CompanyRole;
  /** The limit (grosze) this user's orders may reach without approval; null: none. */
  approvalLimit: number | null;
}

/** The user's place in their (active) customer's company, or null. */
export async function companyMemberOf(userId: number, db: Db = getDb()): Promise<CompanyMember | null> {
  const [row] = await db
    .select({
      customerId: customerUsers.customerId,
      role: customerUsers.companyRole,
      own: customerUsers.approvalLimit,
      limit: customers.approvalLimit,
      max: customers.approvalLimitMax,
    })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.userId, userId), eq(customers.isActive, true)))
    .limit(1);
  if (!row) return null;
  return { userId, customerId: row.customerId, role: row.role, approvalLimit: effectiveApprovalLimit(row.own, row.limit, row.max) };
}

const tr = (locale: Locale) => translator(customerMessages, locale);

/** 403 unless the member's role allows the action. */
export function requireCompanyAction(member: CompanyMember, action: CompanyAction, locale: Locale): void {
  if (!companyRoleCan(member.role, action)) throw new HttpError(403, tr(locale)('company.err.forbidden'));
}

export interface Colleague {
  id: number;
  email: string;
  name: string;
  company_role: CompanyRole;
  /** The colleague's own approval limit (decimal string), or null: the customer's. */
  approval_limit: string | null;
}

export interface CompanyJson {
  customer: { id: number; name: string; tax_identification_nr: string; approval_limit: string | null; approval_limit_max: string | null };
  colleagues: Colleague[];
  me: { id: number; company_role: CompanyRole; can_manage: boolean; can_approve: boolean };
}

/** GET /api/company: the member's customer and its users (only the member's own customer). */
export async function getCompany(member: CompanyMember, db: Db = getDb()): Promise<CompanyJson> {
  const [c] = await db.select().from(customers).where(eq(customers.id, member.customerId)).limit(1);
  if (!c) throw new HttpError(404, tr('pl')('msg.notFound'));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first: users.firstName,
      surname: users.surname,
      role: customerUsers.companyRole,
      limit: customerUsers.approvalLimit,
    })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(eq(customerUsers.customerId, member.customerId))
    .orderBy(asc(users.surname), asc(users.firstName), asc(users.id));
  const money = (g: number | null) => (g === null ? null : toDecimal(g));
  return {
    customer: {
      id: c.id,
      name: c.name,
      tax_identification_nr: c.taxIdentificationNr,
      approval_limit: money(c.approvalLimit),
      approval_limit_max: money(c.approvalLimitMax),
    },
    colleagues: rows.map((r) => ({
      id: r.id,
      email: r.email,
      name: `${r.first} ${r.surname}`.trim(),
      company_role: r.role,
      approval_limit: money(r.limit),
    })),
    me: {
      id: member.userId,
      company_role: member.role,
      can_manage: companyRoleCan(member.role, 'manage_colleagues'),
      can_approve: companyRoleCan(member.role, 'approve'),
    },
  };
}

/** Locks the customer's row: changes of its colleagues run one after another (the last owner stays). */
async function lockCustomer(tx: Db, customerId: number) {
  const [c] = await tx.select({ max: customers.approvalLimitMax }).from(customers).where(eq(customers.id, customerId)).for('update');
  return c;
}

async function ownerCount(tx: Db, customerId: number): Promise<number> {
  const rows = await tx
    .select({ id: customerUsers.userId })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.companyRole, 'owner')));
  return rows.length;
}

function limitError(locale: Locale, max: number, field = 'approval_limit'): HttpError {
  const message = tr(locale)('company.err.limitMax', { max: formatMoney(max, locale) });
  return new HttpError(422, message, { [field]: [message] });
}

const actorOfMember = (m: CompanyMember, email: string): Actor => ({ userId: m.userId, userEmail: email });

/** PUT /api/company: the customer's approval limit (owners), at most the administrator's maximum. */
export async function setCompanyApprovalLimit(member: CompanyMember, email: string, limit: number | null, locale: Locale, db: Db = getDb()): Promise<void> {
  requireCompanyAction(member, 'set_approval_limit', locale);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await tx.select().from(customers).where(eq(customers.id, member.customerId)).for('update');
    if (!before) throw new HttpError(404, tr(locale)('msg.notFound'));
    if (!approvalLimitAllowed(limit, before.approvalLimitMax)) throw limitError(locale, before.approvalLimitMax ?? 0);
    await tx.update(customers).set({ approvalLimit: limit, updatedAt: new Date() }).where(eq(customers.id, member.customerId));
    await recordChange(tx, {
      ...actorOfMember(member, email),
      entity: 'customer',
      entityId: member.customerId,
      action: 'update',
      before: { approvalLimit: before.approvalLimit },
      after: { approvalLimit: limit },
    });
  });
}

/** PUT /api/company/users/{id}: a colleague's role and own limit (owners, own customer only). */
export async function updateColleague(
  member: CompanyMember,
  email: string,
  targetId: number,
  input: { company_role: CompanyRole; approval_limit: number | null },
  locale: Locale,
  db: Db = getDb(),
): Promise<void> {
  requireCompanyAction(member, 'manage_colleagues', locale);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const c = await lockCustomer(tx, member.customerId);
    const [target] = await tx
      .select()
      .from(customerUsers)
      .where(and(eq(customerUsers.userId, targetId), eq(customerUsers.customerId, member.customerId)));
    if (!c || !target) throw new HttpError(404, tr(locale)('company.err.notFound'));
    const verdict = canChangeColleague({
      actorUserId: member.userId,
      actorRole: member.role,
      targetUserId: targetId,
      targetRole: target.companyRole,
      newRole: input.company_role,
      owners: await ownerCount(tx, member.customerId),
    });
    if (verdict === 'last_owner') throw new HttpError(409, tr(locale)('company.err.lastOwner'));
    if (verdict !== 'ok') throw new HttpError(403, tr(locale)('company.err.forbidden'));
    if (!approvalLimitAllowed(input.approval_limit, c.max)) throw limitError(locale, c.max ?? 0);
    await tx.update(customerUsers).set({ companyRole: input.company_role, approvalLimit: input.approval_limit }).where(eq(customerUsers.userId, targetId));
    await recordChange(tx, {
      ...actorOfMember(member, email),
      entity: 'user',
      entityId: targetId,
      action: 'update',
      before: { companyRole: target.companyRole, approvalLimit: target.approvalLimit },
      after: { companyRole: input.company_role, approvalLimit: input.approval_limit },
    });
  });
}

/** DELETE /api/company/users/{id}: unlinks a colleague from the customer (owners; never the last owner). */
export async function removeColleague(member: CompanyMember, email: string, targetId: number, locale: Locale, db: Db = getDb()): Promise<void> {
  requireCompanyAction(member, 'manage_colleagues', locale);
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await lockCustomer(tx, member.customerId);
    const [target] = await tx
      .select()
      .from(customerUsers)
      .where(and(eq(customerUsers.userId, targetId), eq(customerUsers.customerId, member.customerId)));
    if (!target) throw new HttpError(404, tr(locale)('company.err.notFound'));
    const verdict = canChangeColleague({
      actorUserId: member.userId,
      actorRole: member.role,
      targetUserId: targetId,
      targetRole: target.companyRole,
      newRole: null,
      owners: await ownerCount(tx, member.customerId),
    });
    if (verdict === 'last_owner') throw new HttpError(409, tr(locale)('company.err.lastOwner'));
    if (verdict !== 'ok') throw new HttpError(403, tr(locale)('company.err.forbidden'));
    await tx.delete(customerUsers).where(eq(customerUsers.userId, targetId));
    await recordChange(tx, {
      ...actorOfMember(member, email),
      entity: 'user',
      entityId: targetId,
      action: 'update',
      before: { customerId: member.customerId, companyRole: target.companyRole },
      after: { customerId: null },
    });
  });
}

/** The e-mail addresses of the customer's users who may approve orders (approvers and owners), but `except`. */
export async function approverEmails(customerId: number, except: number | null, db: Db = getDb()): Promise<{ email: string; locale: string }[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, locale: users.defaultLocale, role: customerUsers.companyRole })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(eq(customerUsers.customerId, customerId));
  return rows.filter((r) => r.id !== except && companyRoleCan(r.role, 'approve')).map((r) => ({ email: r.email, locale: r.locale }));
}
