// The page band itself is core/ui/page-header.tsx (PageHeader).

/** "01.12.2026" from "2026-12-01" (SPEC section 5: DD.MM.YYYY). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

const STATUS_STYLE: Record<string, string> = {
  new: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  contract_signed: 'bg-indigo-100 text-indigo-900',
  sent: 'bg-sky-100 text-sky-900',
  returned: 'bg-teal-100 text-teal-900',
  settled: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[status] ?? STATUS_STYLE.new}`}>{label}</span>;
}
