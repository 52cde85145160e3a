import type { ReactNode } from 'react';

const TONES = {
  green: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  amber: 'bg-amber-50 text-amber-900 ring-amber-200',
  blue: 'bg-brand-50 text-brand-800 ring-brand-200',
  grey: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;

/** A small coloured label (state of an account, a role). */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONES[tone]}`}>{children}</span>;
}
