import { Link } from 'react-router';
import { useT } from '~/core/i18n/use-locale';
import { catalogMessages } from '../messages';

export interface Crumb {
  label: string;
  to?: string;
}

/** Breadcrumbs: a labelled list, the current page last and marked as such. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const t = useT(catalogMessages);
  return (
    <nav aria-label={t('breadcrumbs')} className="text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a trail is fixed for the page; its position is its identity
          <li key={`${c.label}-${i}`} className="flex items-center gap-1.5">
            {i > 0 && (
              <span aria-hidden="true" className="text-slate-400">
                /
              </span>
            )}
            {c.to && i < items.length - 1 ? (
              <Link to={c.to} className="hover:text-brand-700 hover:underline">
                {c.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-slate-800">
                {c.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
