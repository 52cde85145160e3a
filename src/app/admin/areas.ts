import type { AdminArea } from '~/core/permissions/permissions';

/** The sidebar's groups (issue 41 point 17), in menu order. */
export const ADMIN_AREA_GROUPS = [
  { id: 'catalogue', areas: ['categories', 'products', 'attributes', 'warehouses', 'price_lists'] },
  { id: 'sales', areas: ['orders', 'invoices', 'complaints', 'transport_types', 'calculator_purchases'] },
  { id: 'content', areas: ['posts', 'videos', 'realizations', 'static_sites', 'home_sections', 'contact_messages'] },
  {
    id: 'learning',
    areas: ['courses', 'course_registrations', 'trainings', 'trainings_users', 'training_questionnaires', 'training_certificates', 'applications'],
  },
  { id: 'rentals', areas: ['testers', 'tester_rentals'] },
  { id: 'people', areas: ['users', 'roles', 'customers', 'newsletter'] },
  { id: 'system', areas: ['change_infos', 'service', 'integrations'] },
] as const satisfies readonly { id: string; areas: readonly AdminArea[] }[];
export type AdminAreaGroup = (typeof ADMIN_AREA_GROUPS)[number]['id'];

/**
 * Admin areas whose screens exist, in menu order (group by group). An area joins a group when its
 * routes are registered under /{locale}/admin in src/routes.ts; the menu shows the ones the user may open.
 */
export const BUILT_ADMIN_AREAS: AdminArea[] = ADMIN_AREA_GROUPS.flatMap((g) => [...g.areas]);
