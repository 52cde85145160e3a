import { describe, expect, it } from 'vitest';
import {
  approvalLimitAllowed,
  COMPANY_ACTIONS,
  COMPANY_ROLES,
  canChangeColleague,
  canDecideOrder,
  companyRoleCan,
  effectiveApprovalLimit,
  isCompanyRole,
  orderNeedsApproval,
} from './company-roles';

describe('companyRoleCan', () => {
  it('gives every role exactly its actions', () => {
    const table = Object.fromEntries(COMPANY_ROLES.map((r) => [r, COMPANY_ACTIONS.filter((a) => companyRoleCan(r, a))]));
    expect(table).toEqual({
      owner: ['view', 'order', 'manage_colleagues', 'set_approval_limit', 'approve'],
      buyer: ['view', 'order'],
      requester: ['view', 'order'],
      approver: ['view', 'order', 'approve'],
    });
  });

  it('knows its roles', () => {
    expect(isCompanyRole('owner')).toBe(true);
    expect(isCompanyRole('admin')).toBe(false);
    expect(isCompanyRole(undefined)).toBe(false);
  });
});

describe('approval', () => {
  it('takes the smallest limit set, none when none is', () => {
    expect(effectiveApprovalLimit(null, null, null)).toBeNull();
    expect(effectiveApprovalLimit(null, 100_00, null)).toBe(100_00);
    expect(effectiveApprovalLimit(50_00, 100_00, null)).toBe(50_00);
    expect(effectiveApprovalLimit(500_00, 100_00, 80_00)).toBe(80_00);
    expect(effectiveApprovalLimit(null, null, 80_00)).toBe(80_00);
  });

  it('makes every order of a requester and any order above the limit wait', () => {
    expect(orderNeedsApproval('requester', 1, null)).toBe(true);
    expect(orderNeedsApproval('buyer', 1_000_000_00, null)).toBe(false);
    expect(orderNeedsApproval('buyer', 100_00, 100_00)).toBe(false);
    expect(orderNeedsApproval('buyer', 100_01, 100_00)).toBe(true);
    expect(orderNeedsApproval('owner', 100_01, 100_00)).toBe(true);
    expect(orderNeedsApproval('approver', 100_01, 100_00)).toBe(true);
  });

  it('lets approvers and owners decide on others’ orders only', () => {
    expect(canDecideOrder({ userId: 1, role: 'approver' }, 2)).toBe(true);
    expect(canDecideOrder({ userId: 1, role: 'owner' }, 2)).toBe(true);
    expect(canDecideOrder({ userId: 1, role: 'approver' }, 1)).toBe(false);
    expect(canDecideOrder({ userId: 1, role: 'owner' }, 1)).toBe(false);
    expect(canDecideOrder({ userId: 1, role: 'buyer' }, 2)).toBe(false);
    expect(canDecideOrder({ userId: 1, role: 'requester' }, 2)).toBe(false);
  });

  it('keeps an owner’s limit within the administrator’s maximum', () => {
    expect(approvalLimitAllowed(null, 100_00)).toBe(true);
    expect(approvalLimitAllowed(100_00, 100_00)).toBe(true);
    expect(approvalLimitAllowed(100_01, 100_00)).toBe(false);
    expect(approvalLimitAllowed(1_000_000_00, null)).toBe(true);
    expect(approvalLimitAllowed(-1, null)).toBe(false);
  });
});

describe('canChangeColleague', () => {
  const base = { actorUserId: 1, actorRole: 'owner' as const, targetUserId: 2, targetRole: 'buyer' as const, newRole: 'approver' as const, owners: 1 };
  it('lets only owners manage', () => {
    expect(canChangeColleague(base)).toBe('ok');
    for (const role of ['buyer', 'requester', 'approver'] as const) expect(canChangeColleague({ ...base, actorRole: role })).toBe('forbidden');
  });
  it('keeps the last owner', () => {
    expect(canChangeColleague({ ...base, targetUserId: 1, targetRole: 'owner', newRole: 'buyer' })).toBe('last_owner');
    expect(canChangeColleague({ ...base, targetUserId: 1, targetRole: 'owner', newRole: null })).toBe('last_owner');
    expect(canChangeColleague({ ...base, targetUserId: 1, targetRole: 'owner', newRole: 'owner' })).toBe('ok');
    expect(canChangeColleague({ ...base, targetUserId: 3, targetRole: 'owner', newRole: null, owners: 2 })).toBe('ok');
  });
});
