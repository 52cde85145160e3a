// A small coloured label of a state (an order's status, an account's state, a post's state): the
// text carries the meaning, the colour only helps.
import type { HTMLAttributes } from 'react';

export type BadgeTone = 'grey' | 'green' | 'amber' | 'blue' | 'sky' | 'indigo' | 'teal' | 'red';

const TONES: Record<BadgeTone, string> = {
  grey: 'bg-slate-100 text-slate-700 ring-slate-300',
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  blue: 'bg-brand-50 text-brand-800 ring-brand-200',
  sky: 'bg-sky-50 text-sky-800 ring-sky-200',
  indigo: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  teal: 'bg-teal-50 text-teal-900 ring-teal-200',
  red: 'bg-red-50 text-red-800 ring-red-200',
};

/** `status` is set as data-status (tests and styles find a badge by it). */
export function StatusBadge({ tone, status, className, ...rest }: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone; status?: string }) {
  return (
    <span
      data-status={status}
      {...rest}
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[tone]}${className ? ` ${className}` : ''}`}
    />
  );
}
