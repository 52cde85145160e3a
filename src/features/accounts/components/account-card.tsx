import type { ReactNode } from 'react';

/** The page frame of the account screens. */
export function AccountCard({ title, lead, children, wide }: { title: string; lead?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-slate-50 px-4 py-10 sm:py-14">
      <div className={`mx-auto ${wide ? 'max-w-3xl' : 'max-w-md'} rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8`}>
        <h1 className="text-2xl font-bold text-brand-900">{title}</h1>
        {lead && <p className="mt-2 text-sm text-slate-600">{lead}</p>}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}
