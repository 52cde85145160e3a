import type { ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { trainingMessages } from '../messages';
import { BADGE_COLOURS, type Badge } from '../rules';
import { Button, buttonClass } from '~/core/ui/form/button';

const COLOUR_TONE = { green: 'green', yellow: 'amber', blue: 'sky' } as const;

/** The badge of SPEC section 4: its colour, the human label and the code. */
export function TrainingBadge({ badge }: { badge: Badge }) {
  const t = useT(trainingMessages);
  return (
    <StatusBadge tone={COLOUR_TONE[BADGE_COLOURS[badge]]} data-badge={badge}>
      {t(`badge.${badge}`)}
    </StatusBadge>
  );
}

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label={label}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

export const trainingPath = (locale: string, id: number, slug: string) => `/${locale}/training/${id}-${slug}`;
export const modulePath = (locale: string, id: number, title: string) => `/${locale}/training-module/${id}-${slugify(title)}`;
export const pointPath = (locale: string, id: number, slug: string) => `/${locale}/training-point/${id}-${slug}`;

function slugify(s: string) {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[łŁ]/g, 'l')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** "12-some-title" -> 12; anything else -> null. */
export function idOfSlug(value: string | undefined): number | null {
  const m = /^(\d{1,9})(?:-[a-z0-9-]*)?$/.exec(value ?? '');
  return m ? Number(m[1]) : null;
}

/** The training-expired screen (every training route once access has ended). */
/** Access has ended; `children` (the certificate of a learner who finished) stay below the notice. */
export function ExpiredScreen({
  trainingId,
  title,
  expiresAt,
  children,
}: {
  trainingId: number;
  title: string;
  expiresAt: string | null;
  children?: ReactNode;
}) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-6 shadow-sm" data-expired>
        <h1 className="text-2xl font-bold text-amber-900">{t('expired.title')}</h1>
        <p className="mt-3 text-slate-800">{t('expired.lead', { title, date: expiresAt ? formatDate(expiresAt) : '' })}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button onClick={() => void api(`/api/trainings/${trainingId}/extension`, { method: 'POST' })}>{t('expired.ask')}</Button>
          <Link to={`/${locale}/trainings`} className={buttonClass('secondary')}>
            {t('list.title')}
          </Link>
        </div>
      </div>
      {children ? <div className="mt-6">{children}</div> : null}
    </div>
  );
}

/** A start button (POST /api/trainings/{id}/start) that reloads the page's data. */
export function StartButton({ trainingId, children }: { trainingId: number; children: ReactNode }) {
  const revalidator = useRevalidator();
  return (
    <Button
      onClick={async () => {
        const res = await api(`/api/trainings/${trainingId}/start`, { method: 'POST' });
        if (res.ok) await revalidator.revalidate();
      }}
    >
      {children}
    </Button>
  );
}
