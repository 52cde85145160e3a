import { type BadgeTone, StatusBadge } from '~/core/ui/form/status-badge';
import type { ComplaintStatus } from '../constants';

const STATUS_TONE: Record<ComplaintStatus, BadgeTone> = {
  new: 'sky',
  in_progress: 'amber',
  accepted: 'green',
  rejected: 'red',
  closed: 'grey',
};

/** A complaint's status (admin list and detail, My account). */
export function ComplaintStatusBadge({ status, label }: { status: ComplaintStatus; label: string }) {
  return (
    <StatusBadge tone={STATUS_TONE[status]} status={status}>
      {label}
    </StatusBadge>
  );
}
