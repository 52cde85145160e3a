import type { AdminArea } from '~/core/permissions/permissions';

/**
 * Admin areas whose screens exist, in menu order. An area joins this list when its routes are
 * registered under /{locale}/admin in src/routes.ts; the menu shows the ones the user may open.
 */
export const BUILT_ADMIN_AREAS: AdminArea[] = [
  'categories',
  'posts',
  'videos',
  'realizations',
  'products',
  'attributes',
  'warehouses',
  'price_lists',
  'static_sites',
  'home_sections',
  'change_infos',
  'service',
  'users',
  'roles',
  'customers',
  'invoices',
  'orders',
  'complaints',
  'contact_messages',
  'applications',
  'courses',
  'course_registrations',
  'trainings',
  'trainings_users',
  'training_questionnaires',
  'training_certificates',
  'testers',
  'tester_rentals',
  'transport_types',
  'newsletter',
  'calculator_purchases',
  'integrations',
];
