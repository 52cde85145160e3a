import { describe, expect, it } from 'vitest';
import { ADMIN_AREAS, ALL_PERMISSION_KEYS, buildCan, canAccessAdmin, hasPermission, openAdminAreas } from './permissions';

describe('permissions', () => {
  it('builds nested can flags from granted keys', () => {
    const can = buildCan(['admin.access', 'products.update', 'unknown.key']);
    expect(can.admin.access).toBe(true);
    expect(can.products.update).toBe(true);
    expect(can.users.update).toBe(false);
    expect(Object.keys(can).sort()).toEqual(
      [...new Set(ALL_PERMISSION_KEYS.map((k) => k.split('.')[0]))].sort(),
    );
  });

  it('a role with every permission opens every area', () => {
    const can = buildCan([], true);
    expect(ALL_PERMISSION_KEYS.every((k) => hasPermission(can, k))).toBe(true);
    expect(openAdminAreas(can)).toEqual(Object.keys(ADMIN_AREAS));
  });

  it('an admin area needs admin access and its update permission; some need admin access only', () => {
    const editor = buildCan(['admin.access', 'posts.update']);
    expect(canAccessAdmin(editor)).toBe(true);
    expect(canAccessAdmin(editor, 'posts')).toBe(true);
    expect(canAccessAdmin(editor, 'products')).toBe(false);
    expect(canAccessAdmin(editor, 'orders')).toBe(true);
    const noAccess = buildCan(['posts.update']);
    expect(canAccessAdmin(noAccess, 'posts')).toBe(false);
    expect(canAccessAdmin(noAccess, 'orders')).toBe(false);
  });
});
