import type { Locale } from '~/core/i18n/locale';

/**
 * The sections of "my account", in menu order: the secondary navigation of every
 * /{locale}/my-account/* page (my-account-layout.tsx). A feature with a my-account screen adds its
 * entry here; `b2b` entries show only to users with B2B shop access.
 */
export interface MyAccountSection {
  /** The path under /{locale}/my-account/ (the list screen; detail screens below it mark it active). */
  path: string;
  /** Further path prefixes under /my-account/ that belong to this section (detail screens). */
  alsoActive?: string[];
  label: Record<Locale, string>;
  b2b?: boolean;
}

export const MY_ACCOUNT_SECTIONS: MyAccountSection[] = [
  { path: 'data', label: { pl: 'Moje dane', en: 'My data' } },
  { path: 'applications', alsoActive: ['application/'], label: { pl: 'Wnioski o certyfikat', en: 'Certificate applications' } },
  { path: 'complaints', alsoActive: ['complaint/'], label: { pl: 'Reklamacje', en: 'Complaints' } },
  { path: 'tester-rentals', label: { pl: 'Wypożyczenia miernika', en: 'Meter rentals' } },
  { path: 'course-registations', alsoActive: ['course-registation/'], label: { pl: 'Szkolenia stacjonarne', en: 'Classroom courses' } },
  { path: 'trainings-users', label: { pl: 'Szkolenia online', en: 'Online trainings' } },
  { path: 'orders', alsoActive: ['order/'], label: { pl: 'Zamówienia', en: 'Orders' }, b2b: true },
  { path: 'invoices', label: { pl: 'Faktury', en: 'Invoices' }, b2b: true },
  { path: 'company', label: { pl: 'Firma', en: 'Company' }, b2b: true },
];

/** The section a my-account path belongs to (the longest matching prefix), or null. */
export function activeMyAccountSection(pathname: string): MyAccountSection | null {
  const rest = pathname.replace(/^\/(pl|en)\/my-account\//, '');
  let best: MyAccountSection | null = null;
  let bestLength = -1;
  for (const s of MY_ACCOUNT_SECTIONS) {
    for (const prefix of [s.path, ...(s.alsoActive ?? [])]) {
      const matches = rest === prefix || rest.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
      if (matches && prefix.length > bestLength) {
        best = s;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}
