import { describe, expect, it } from 'vitest';
import {
  ADMIN_AREAS,
  ALL_PERMISSION_KEYS,
  areaPermission,
  buildCan,
  heldPermissions,
  permissionsBeyond,
  canAccessAdmin,
  hasPermission,
  openAdminAreas,
} from './permissions';

describe('permissions', () => {
  it('builds nested can flags from granted keys', () => {
    const can = buildCan(['admin.access', 'products.update', 'unknown.key']);
    expect(can.admin.access).toBe(true);
    expect(can.products.update).toBe(true);
    expect(can.users.update).toBe(false);
    expect(Object.keys(can).sort()).toEqual([...new Set(ALL_PERMISSION_KEYS.map((k) => k.split('.')[0]))].sort());
  });

  it('a role with every permission opens every area', () => {
    const can = buildCan([], true);
    expect(ALL_PERMISSION_KEYS.every((k) => hasPermission(can, k))).toBe(true);
    expect(openAdminAreas(can)).toEqual(Object.keys(ADMIN_AREAS));
  });

  it('an admin area needs admin access and its own permission; only service reads with admin access alone', () => {
    const editor = buildCan(['admin.access', 'posts.update']);
    expect(canAccessAdmin(editor)).toBe(true);
    expect(canAccessAdmin(editor, 'posts')).toBe(true);
    expect(canAccessAdmin(editor, 'posts', 'update')).toBe(true);
    expect(canAccessAdmin(editor, 'videos', 'update')).toBe(true);
    expect(canAccessAdmin(editor, 'products')).toBe(false);
    expect(canAccessAdmin(editor, 'orders')).toBe(false);
    expect(canAccessAdmin(editor, 'service')).toBe(true);
    expect(canAccessAdmin(editor, 'service', 'update')).toBe(false);
    expect(canAccessAdmin(editor, 'roles')).toBe(false);
    const noAccess = buildCan(['posts.update']);
    expect(canAccessAdmin(noAccess, 'posts')).toBe(false);
    expect(canAccessAdmin(noAccess, 'service')).toBe(false);
  });

  it('view opens an area for reading, not for changes; update implies view', () => {
    const reader = buildCan(['admin.access', 'orders.view']);
    expect(canAccessAdmin(reader, 'orders', 'view')).toBe(true);
    expect(canAccessAdmin(reader, 'orders', 'update')).toBe(false);
    const writer = buildCan(['admin.access', 'orders.update']);
    expect(writer.orders.view).toBe(true);
    expect(canAccessAdmin(writer, 'orders', 'view')).toBe(true);
    expect(areaPermission('service', 'view')).toBe(null);
    expect(areaPermission('service', 'update')).toBe('service.update');
    expect(areaPermission('roles', 'view')).toBe('roles.update');
    expect(areaPermission('change_infos', 'update')).toBe('change_infos.view');
    expect(areaPermission('attributes', 'update')).toBe('products.update');
  });
});

describe('no escalation', () => {
  it('permissionsBeyond lists what the actor does not hold, unknown keys included', () => {
    const usersAdmin = buildCan(['admin.access', 'users.update']);
    expect(permissionsBeyond(usersAdmin, ['admin.access', 'users.update', 'users.view'])).toEqual([]);
    expect(permissionsBeyond(usersAdmin, ['roles.update', 'users.update', 'bogus.key'])).toEqual(['roles.update', 'bogus.key']);
    expect(permissionsBeyond(buildCan([], true), ALL_PERMISSION_KEYS)).toEqual([]);
    expect(heldPermissions(usersAdmin)).toEqual(['admin.access', 'users.view', 'users.update']);
  });
});
