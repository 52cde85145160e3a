import { useT } from '~/core/i18n/use-locale';
import { catalogAdminMessages } from '../messages';

/** "Aktywna" / "Nieaktywna" (or the product forms) as a small coloured label. */
export function ActiveBadge({ active, product = false }: { active: boolean; product?: boolean }) {
  const t = useT(catalogAdminMessages);
  const text = active ? t(product ? 'common.activeProduct' : 'common.active') : t(product ? 'common.inactiveProduct' : 'common.inactive');
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${active ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-100 text-slate-700 ring-1 ring-slate-300'}`}
    >
      {text}
    </span>
  );
}
