import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { trainingMessages } from '../messages';
import { pointPath } from './bits';

/** The points of a module: done, open or locked (a locked one is not a link). */
export function PointList({
  points,
}: {
  points: { id: number; kind: 'lesson' | 'quiz'; title: string; slug: string; is_done: boolean; is_locked: boolean }[];
}) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  return (
    <ul className="mt-3 divide-y divide-slate-100">
      {points.map((p) => (
        <li
          key={p.id}
          data-point-id={p.id}
          data-locked={p.is_locked ? '1' : '0'}
          data-done={p.is_done ? '1' : '0'}
          className="flex items-center justify-between gap-3 py-2.5"
        >
          <span className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className={`inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs ${p.is_done ? 'bg-green-600 text-white' : p.is_locked ? 'bg-slate-200 text-slate-600' : 'border border-brand-600 text-brand-700'}`}
            >
              {p.is_done ? (
                '✓'
              ) : p.is_locked ? (
                <svg width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    fill="currentColor"
                    d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"
                  />
                </svg>
              ) : (
                ''
              )}
            </span>
            {p.is_locked ? (
              <span className="truncate text-slate-500">{p.title}</span>
            ) : (
              <Link to={pointPath(locale, p.id, p.slug)} className="truncate font-medium text-brand-800 hover:underline">
                {p.title}
              </Link>
            )}
          </span>
          <span className="shrink-0 text-xs text-slate-600">
            {p.kind === 'quiz' ? t('tr.quiz') : t('tr.lesson')}
            {p.is_done ? ` · ${t('tr.done')}` : p.is_locked ? ` · ${t('tr.locked')}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
