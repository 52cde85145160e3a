// Permissions are data (tables roles, permissions, role_permissions, user_roles); this module is
// the catalogue of permission keys and the `can` shape the client sees. Shared by server and client.

/**
 * Every permission, grouped by area: the key of a permission is `${area}.${action}`. `view` opens an
 * area's screens and reads; `update` also its changes (and implies `view`). Service has no `view`:
 * its overview is readable with admin access alone, its dangerous parts need `service.update`.
 */
export const PERMISSION_CATALOG = {
  admin: ['access'],
  applications: ['view', 'update'],
  categories: ['view', 'update'],
  courses: ['view', 'update'],
  course_registrations: ['view', 'update'],
  posts: ['view', 'update'],
  products: ['view', 'update'],
  price_lists: ['view', 'update'],
  static_sites: ['view', 'update'],
  testers: ['view', 'update'],
  tester_rentals: ['view', 'update'],
  trainings: ['view', 'update'],
  users: ['view', 'update'],
  customers: ['view', 'update'],
  complaints: ['view', 'update'],
  contact_messages: ['view', 'update'],
  invoices: ['view', 'update'],
  orders: ['view', 'update'],
  transport_types: ['view', 'update'],
  newsletter: ['view', 'update'],
  calculator_purchases: ['view', 'update'],
  change_infos: ['view'],
  service: ['update'],
  roles: ['update'],
  /** API keys, webhooks and the integration API reference (issue 39): secrets, so no separate `view`. */
  integrations: ['update'],
} as const;

/**
 * Areas SPEC section 6 opened with admin access alone. Their permissions are new: a role that held
 * admin access when they were added is given them once (accounts' ensureRolesAndPermissions), so
 * nobody loses what they had.
 */
export const FORMERLY_ADMIN_ACCESS_AREAS = [
  'customers',
  'complaints',
  'contact_messages',
  'invoices',
  'orders',
  'transport_types',
  'newsletter',
  'calculator_purchases',
  'change_infos',
] as const satisfies readonly PermissionArea[];

export type PermissionArea = keyof typeof PERMISSION_CATALOG;
export type PermissionKey = {
  [A in PermissionArea]: `${A}.${(typeof PERMISSION_CATALOG)[A][number]}`;
}[PermissionArea];

/** `can.admin.access`, `can.products.update`, …: nested per-area flags (SPEC section 3). */
export type Can = { [A in PermissionArea]: { [P in (typeof PERMISSION_CATALOG)[A][number]]: boolean } };

export const ALL_PERMISSION_KEYS: PermissionKey[] = Object.entries(PERMISSION_CATALOG).flatMap(([area, actions]) =>
  (actions as readonly string[]).map((a) => `${area}.${a}` as PermissionKey),
);

export function isPermissionKey(value: unknown): value is PermissionKey {
  return typeof value === 'string' && (ALL_PERMISSION_KEYS as string[]).includes(value);
}

/** The nested flags for a set of granted keys (`all`: a role such as administrator that has every permission). */
export function buildCan(granted: Iterable<string>, all = false): Can {
  const set = new Set(granted);
  const can = {} as Record<string, Record<string, boolean>>;
  for (const [area, actions] of Object.entries(PERMISSION_CATALOG)) {
    can[area] = {};
    for (const action of actions) can[area][action] = all || set.has(`${area}.${action}`);
    // Changing an area includes reading it.
    if ('view' in can[area] && can[area].update) can[area].view = true;
  }
  return can as Can;
}

export function hasPermission(can: Can, key: PermissionKey): boolean {
  const [area, action] = key.split('.') as [PermissionArea, string];
  return Boolean((can[area] as Record<string, boolean> | undefined)?.[action]);
}

/**
 * The admin areas of SPEC section 6: each reads and writes with the permissions of a group (several
 * areas share one: videos and realizations are posts'). `null`: service, whose reads need admin access
 * alone and whose writes need `service.update`.
 */
export const ADMIN_AREAS = {
  applications: 'applications',
  categories: 'categories',
  courses: 'courses',
  course_registrations: 'course_registrations',
  posts: 'posts',
  videos: 'posts',
  realizations: 'posts',
  products: 'products',
  /** Product attribute definitions: part of the catalogue, the products' permission. */
  attributes: 'products',
  /** Warehouses of the stock (issue 39): part of the catalogue, the products' permission. */
  warehouses: 'products',
  price_lists: 'price_lists',
  static_sites: 'static_sites',
  home_sections: 'static_sites',
  testers: 'testers',
  tester_rentals: 'tester_rentals',
  trainings: 'trainings',
  trainings_users: 'trainings',
  training_questionnaires: 'trainings',
  /** Certificates of the online trainings (issue 42): list, revoke; the trainers' permission. */
  training_certificates: 'trainings',
  users: 'users',
  roles: 'roles',
  customers: 'customers',
  change_infos: 'change_infos',
  complaints: 'complaints',
  contact_messages: 'contact_messages',
  invoices: 'invoices',
  orders: 'orders',
  transport_types: 'transport_types',
  service: null,
  newsletter: 'newsletter',
  calculator_purchases: 'calculator_purchases',
  integrations: 'integrations',
} as const satisfies Record<string, PermissionArea | null>;

export type AdminArea = keyof typeof ADMIN_AREAS;

/** The admin list path of each area (SPEC section 2: admin routes). */
export const ADMIN_AREA_PATHS: Record<AdminArea, string> = {
  applications: 'applications',
  categories: 'categories',
  courses: 'courses',
  course_registrations: 'course-registations',
  posts: 'posts',
  videos: 'videos',
  realizations: 'realizations',
  products: 'products',
  attributes: 'attributes',
  warehouses: 'warehouses',
  price_lists: 'price-lists',
  static_sites: 'static-sites',
  home_sections: 'home-sections',
  testers: 'testers',
  tester_rentals: 'tester-rentals',
  trainings: 'trainings',
  trainings_users: 'trainings-users',
  training_questionnaires: 'training-questionnaires',
  training_certificates: 'training-certificates',
  users: 'users',
  roles: 'roles',
  customers: 'customers',
  change_infos: 'change-infos',
  complaints: 'complaints',
  contact_messages: 'contact-messages',
  invoices: 'invoices',
  orders: 'orders',
  transport_types: 'transport-types',
  service: 'service',
  newsletter: 'newsletter',
  calculator_purchases: 'calculator-purchases',
  integrations: 'integrations',
};

/** Reading an area's screens and data, or changing it. */
export type AccessMode = 'view' | 'update';

/** The permission an area needs for a mode (null: admin access alone). */
export function areaPermission(area: AdminArea, mode: AccessMode): PermissionKey | null {
  const group = ADMIN_AREAS[area];
  if (group === null) return mode === 'view' ? null : 'service.update';
  const actions = PERMISSION_CATALOG[group] as readonly string[];
  return (mode === 'view' && actions.includes('view') ? `${group}.view` : `${group}.${actions.at(-1)}`) as PermissionKey;
}

/**
 * True when `can` opens the admin panel and, for an area, allows the mode there: `update` needs the
 * group's update permission; `view` its view or update permission.
 */
export function canAccessAdmin(can: Can, area?: AdminArea, mode: AccessMode = 'view'): boolean {
  if (!can.admin.access) return false;
  if (!area) return true;
  const needed = areaPermission(area, mode);
  if (needed === null) return true;
  if (hasPermission(can, needed)) return true;
  return mode === 'view' && hasPermission(can, areaPermission(area, 'update') as PermissionKey);
}

/** The admin areas a user's permissions open, in menu order. */
export function openAdminAreas(can: Can): AdminArea[] {
  return (Object.keys(ADMIN_AREAS) as AdminArea[]).filter((a) => canAccessAdmin(can, a));
}

/** The keys `can` holds. */
export function heldPermissions(can: Can): PermissionKey[] {
  return ALL_PERMISSION_KEYS.filter((k) => hasPermission(can, k));
}

/**
 * No escalation (issue 37): the keys of `keys` that `actor` does not hold. A user may grant (to a
 * role or a user) only what they hold, and may not act on a user or role holding more than they do.
 */
export function permissionsBeyond(actor: Can, keys: Iterable<string>): string[] {
  return [...new Set(keys)].filter((k) => !isPermissionKey(k) || !hasPermission(actor, k));
}
