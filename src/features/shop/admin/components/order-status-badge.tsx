const TONES: Record<string, string> = {
  new: 'bg-sky-50 text-sky-900 ring-sky-200',
  confirmed: 'bg-indigo-50 text-indigo-900 ring-indigo-200',
  in_progress: 'bg-amber-50 text-amber-900 ring-amber-200',
  shipped: 'bg-teal-50 text-teal-900 ring-teal-200',
  completed: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  cancelled: 'bg-slate-100 text-slate-700 ring-slate-300',
};

/** An order status as a coloured badge (the text carries the meaning, the colour only helps). */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${TONES[status] ?? TONES.new}`}>{label}</span>;
}
