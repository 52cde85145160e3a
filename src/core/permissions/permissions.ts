// Permissions are data (tables roles, permissions, role_permissions, user_roles); this module is
// the catalogue of permission keys and the `can` shape the client sees. Shared by server and client.

/** Every permission, grouped by area: the key of a permission is `${area}.${action}`. */
export const PERMISSION_CATALOG = {
  admin: ['access'],
  applications: ['update'],
  categories: ['update'],
  courses: ['update'],
  course_registrations: ['update'],
  posts: ['update'],
  products: ['update'],
  price_lists: ['update'],
  static_sites: ['update'],
  testers: ['update'],
  tester_rentals: ['update'],
  trainings: ['update'],
  users: ['update'],
} as const;

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
  }
  return can as Can;
}

export function hasPermission(can: Can, key: PermissionKey): boolean {
  const [area, action] = key.split('.') as [PermissionArea, string];
  return Boolean((can[area] as Record<string, boolean> | undefined)?.[action]);
}

/**
 * The admin areas of SPEC section 6: the path segment under /{locale}/admin/ and the permission
 * each needs besides can.admin.access (null: admin access alone is enough).
 */
export const ADMIN_AREAS = {
  applications: 'applications.update',
  categories: 'categories.update',
  courses: 'courses.update',
  course_registrations: 'course_registrations.update',
  posts: 'posts.update',
  videos: 'posts.update',
  realizations: 'posts.update',
  products: 'products.update',
  /** Product attribute definitions: part of the catalogue, the products' permission. */
  attributes: 'products.update',
  price_lists: 'price_lists.update',
  static_sites: 'static_sites.update',
  home_sections: 'static_sites.update',
  testers: 'testers.update',
  tester_rentals: 'tester_rentals.update',
  trainings: 'trainings.update',
  trainings_users: 'trainings.update',
  training_questionnaires: 'trainings.update',
  users: 'users.update',
  customers: null,
  change_infos: null,
  complaints: null,
  contact_messages: null,
  invoices: null,
  orders: null,
  transport_types: null,
  service: null,
  newsletter: null,
  calculator_purchases: null,
} as const satisfies Record<string, PermissionKey | null>;

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
  price_lists: 'price-lists',
  static_sites: 'static-sites',
  home_sections: 'home-sections',
  testers: 'testers',
  tester_rentals: 'tester-rentals',
  trainings: 'trainings',
  trainings_users: 'trainings-users',
  training_questionnaires: 'training-questionnaires',
  users: 'users',
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
};

/** True when `can` opens the admin panel and, for an area, also holds that area's update permission. */
export function canAccessAdmin(can: Can, area?: AdminArea): boolean {
  if (!can.admin.access) return false;
  if (!area) return true;
  const needed = ADMIN_AREAS[area];
  return needed === null || hasPermission(can, needed);
}

/** The admin areas a user's permissions open, in menu order. */
export function openAdminAreas(can: Can): AdminArea[] {
  return (Object.keys(ADMIN_AREAS) as AdminArea[]).filter((a) => canAccessAdmin(can, a));
}
