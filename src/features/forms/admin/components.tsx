import { formatDate } from '~/core/time/format';
import type { ComplaintStatus } from '../constants';

const STATUS_STYLE: Record<ComplaintStatus, string> = {
  new: 'bg-sky-50 text-sky-800 ring-sky-200',
  in_progress: 'bg-amber-50 text-amber-900 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export function StatusBadge({ status, label }: { status: ComplaintStatus; label: string }) {
  return <span className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATUS_STYLE[status]}`}>{label}</span>;
}

export function DueDate({ dueDate, overdue, soon, t }: { dueDate: string; overdue: boolean; soon: boolean; t: (k: 'admin.due.overdue' | 'admin.due.soon') => string }) {
  const day = formatDate(`${dueDate}T12:00:00Z`);
  if (overdue) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded bg-red-100 px-1.5 py-0.5 font-semibold text-red-800">
        {day} <span className="text-xs">({t('admin.due.overdue')})</span>
      </span>
    );
  }
  if (soon) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900">
        {day} <span className="text-xs">({t('admin.due.soon')})</span>
      </span>
    );
  }
  return <span className="whitespace-nowrap tabular-nums">{day}</span>;
}

