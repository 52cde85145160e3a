import { formatDate } from '~/core/time/format';
export { ComplaintStatusBadge as StatusBadge } from '../components/complaint-status-badge';

export function DueDate({
  dueDate,
  overdue,
  soon,
  t,
}: {
  dueDate: string;
  overdue: boolean;
  soon: boolean;
  t: (k: 'admin.due.overdue' | 'admin.due.soon') => string;
}) {
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
