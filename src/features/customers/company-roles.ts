// The one rule of what a company role may do (issue 40): the Company screen, the orders screens and
// the server all ask companyRoleCan(), and the approval rules below decide when an order waits.
import { COMPANY_ROLES, type CompanyRole } from '~/features/accounts/accounts.schema';

export { COMPANY_ROLES, type CompanyRole };

export const COMPANY_ACTIONS = ['view', 'order', 'manage_colleagues', 'set_approval_limit', 'approve'] as const;
export type CompanyAction = (typeof COMPANY_ACTIONS)[number];

const ALLOWED: Readonly<Record<CompanyRole, readonly CompanyAction[]>> = {
  // The owner manages colleagues and limits and may approve others' orders.
  owner: ['view', 'order', 'manage_colleagues', 'set_approval_limit', 'approve'],
  buyer: ['view', 'order'],
  // A requester fills carts and places orders that always wait for approval.
  requester: ['view', 'order'],
  approver: ['view', 'order', 'approve'],
};

export function isCompanyRole(value: unknown): value is CompanyRole {
  return typeof value === 'string' && (COMPANY_ROLES as readonly string[]).includes(value);
}

/** May a user with this company role do this? */
export function companyRoleCan(role: CompanyRole, action: CompanyAction): boolean {
  return ALLOWED[role]?.includes(action) ?? false;
}

/**
 * The limit (grosze) an order of this user may reach without approval: the smallest of the user's
 * own limit, the customer's limit and the administrator's maximum; null when none is set (no limit).
 */
export function effectiveApprovalLimit(userLimit: number | null, customerLimit: number | null, adminMax: number | null): number | null {
  const set = [userLimit, customerLimit, adminMax].filter((v): v is number => v !== null);
  return set.length ? Math.min(...set) : null;
}

/** Does an order of `gross` grosze by a user with this role and effective limit wait for approval? */
export function orderNeedsApproval(role: CompanyRole, gross: number, limit: number | null): boolean {
  if (role === 'requester') return true;
  return limit !== null && gross > limit;
}

/** May `approver` approve or reject an order placed by `placedBy`? Nobody decides on their own order. */
export function canDecideOrder(approver: { userId: number; role: CompanyRole }, placedBy: number | null): boolean {
  return companyRoleCan(approver.role, 'approve') && approver.userId !== placedBy;
}

/**
 * May an owner change or remove a colleague? Only a colleague of the same customer; an owner
 * may not demote or remove themselves when they are the last owner.
 */
export function canChangeColleague(input: {
  actorUserId: number;
  actorRole: CompanyRole;
  targetUserId: number;
  targetRole: CompanyRole;
  newRole: CompanyRole | null;
  owners: number;
}): 'ok' | 'forbidden' | 'last_owner' {
  if (!companyRoleCan(input.actorRole, 'manage_colleagues')) return 'forbidden';
  const losesOwner = input.targetRole === 'owner' && input.newRole !== 'owner';
  if (losesOwner && input.owners <= 1) return 'last_owner';
  return 'ok';
}

/**
 * The approval limit an owner may set: at most the administrator's maximum. Null (no limit of its
 * own) is always allowed: the maximum then applies (effectiveApprovalLimit).
 */
export function approvalLimitAllowed(limit: number | null, adminMax: number | null): boolean {
  if (limit === null) return true;
  return limit >= 0 && (adminMax === null || limit <= adminMax);
}
