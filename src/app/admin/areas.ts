import type { AdminArea } from '~/core/permissions/permissions';

/**
 * Admin areas whose screens exist, in menu order. An area joins this list when its routes are
 * registered under /{locale}/admin in src/routes.ts; the menu shows the ones the user may open.
 */
export const BUILT_ADMIN_AREAS: AdminArea[] = ['categories', 'posts', 'products', 'static_sites', 'change_infos', 'service', 'users', 'customers', 'complaints', 'contact_messages', 'applications', 'courses', 'course_registrations', 'testers', 'tester_rentals'];
