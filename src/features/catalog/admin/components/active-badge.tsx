import { useT } from '~/core/i18n/use-locale';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { catalogAdminMessages } from '../messages';

/** "Aktywna" / "Nieaktywna" (or the product forms) as a small coloured label. */
export function ActiveBadge({ active, product = false }: { active: boolean; product?: boolean }) {
  const t = useT(catalogAdminMessages);
  const text = active ? t(product ? 'common.activeProduct' : 'common.active') : t(product ? 'common.inactiveProduct' : 'common.inactive');
  return <StatusBadge tone={active ? 'green' : 'grey'}>{text}</StatusBadge>;
}
