import { defineMessages, type Locale, translator } from '~/core/i18n/locale';
import { ALL_PERMISSION_KEYS, type PermissionArea, type PermissionKey } from './permissions';

/** The names of the permission groups and actions, as the roles editor and the change log show them. */
export const permissionMessages = defineMessages({
  pl: {
    'group.admin': 'Panel administracyjny',
    'group.applications': 'Wnioski gwarancyjne',
    'group.categories': 'Kategorie',
    'group.courses': 'Szkolenia stacjonarne',
    'group.course_registrations': 'Zapisy na szkolenia',
    'group.posts': 'Aktualności, filmy i realizacje',
    'group.products': 'Produkty i atrybuty',
    'group.price_lists': 'Cenniki',
    'group.static_sites': 'Strony statyczne i sekcje strony głównej',
    'group.testers': 'Mierniki',
    'group.tester_rentals': 'Wypożyczenia miernika',
    'group.trainings': 'Szkolenia online (uczestnicy, ankiety)',
    'group.users': 'Użytkownicy',
    'group.customers': 'Klienci',
    'group.complaints': 'Reklamacje',
    'group.contact_messages': 'Wiadomości kontaktowe',
    'group.invoices': 'Faktury',
    'group.orders': 'Zamówienia',
    'group.transport_types': 'Rodzaje transportu',
    'group.newsletter': 'Newsletter',
    'group.calculator_purchases': 'Zakupy kalkulatora',
    'group.change_infos': 'Historia zmian',
    'group.service': 'Serwis (kopia zapasowa, treść poczty, czynności serwisowe)',
    'group.roles': 'Role i uprawnienia',
    'group.integrations': 'Integracje (klucze API, webhooki)',
    'action.access': 'dostęp do panelu',
    'action.view': 'podgląd',
    'action.update': 'zmiany',
  },
  en: {
    'group.admin': 'Administration panel',
    'group.applications': 'Warranty applications',
    'group.categories': 'Categories',
    'group.courses': 'Classroom courses',
    'group.course_registrations': 'Course registrations',
    'group.posts': 'News, videos and realizations',
    'group.products': 'Products and attributes',
    'group.price_lists': 'Price lists',
    'group.static_sites': 'Static pages and home page sections',
    'group.testers': 'Meters',
    'group.tester_rentals': 'Meter rentals',
    'group.trainings': 'Online trainings (participants, questionnaires)',
    'group.users': 'Users',
    'group.customers': 'Customers',
    'group.complaints': 'Complaints',
    'group.contact_messages': 'Contact messages',
    'group.invoices': 'Invoices',
    'group.orders': 'Orders',
    'group.transport_types': 'Transport types',
    'group.newsletter': 'Newsletter',
    'group.calculator_purchases': 'Calculator purchases',
    'group.change_infos': 'Change history',
    'group.service': 'Service (backup, mail bodies, maintenance actions)',
    'group.roles': 'Roles and permissions',
    'group.integrations': 'Integrations (API keys, webhooks)',
    'action.access': 'access to the panel',
    'action.view': 'view',
    'action.update': 'changes',
  },
});

export interface PermissionInfo {
  key: PermissionKey;
  area: PermissionArea;
  action: string;
  /** "Orders: changes" */
  label: string;
  area_label: string;
  action_label: string;
}

/** The permission catalogue with its labels in a language (GET /api/admin/permissions). */
export function permissionCatalog(locale: Locale): PermissionInfo[] {
  const t = translator(permissionMessages, locale);
  return ALL_PERMISSION_KEYS.map((key) => {
    const [area, action] = key.split('.') as [PermissionArea, 'access' | 'view' | 'update'];
    const areaLabel = t(`group.${area}`);
    const actionLabel = t(`action.${action}`);
    return { key, area, action, label: `${areaLabel}: ${actionLabel}`, area_label: areaLabel, action_label: actionLabel };
  });
}

/** "Orders: changes" for a key (the key itself when it is not in the catalogue any more). */
export function permissionLabel(key: string, locale: Locale): string {
  return permissionCatalog(locale).find((p) => p.key === key)?.label ?? key;
}
