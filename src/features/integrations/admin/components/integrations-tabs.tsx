import { NavLink } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { integrationsMessages } from '../../messages';

/**
 * The sections of the integrations area, one admin area with one permission (`integrations.update`).
 * A new section adds its route under /{locale}/admin/integrations/… in src/routes.ts and a line here.
 */
const TABS = [
  { path: '', label: 'tab.keys' },
  { path: '/webhooks', label: 'tab.webhooks' },
  { path: '/ksef', label: 'tab.ksef' },
  { path: '/reference', label: 'tab.reference' },
] as const;

export function IntegrationsTabs() {
  const t = useT(integrationsMessages);
  const locale = useLocale();
  return (
    <nav aria-label={t('tabs.label')} className="mb-5 flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((tab) => (
        <NavLink
          key={tab.path}
          to={`/${locale}/admin/integrations${tab.path}`}
          end
          className={({ isActive }) =>
            `-mb-px border-b-2 px-3 py-2 text-sm font-medium ${isActive ? 'border-brand-700 text-brand-900' : 'border-transparent text-slate-600 hover:text-brand-800'}`
          }
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
