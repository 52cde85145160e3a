import { type BadgeTone, StatusBadge } from '~/core/ui/form/status-badge';

const TONES: Record<string, BadgeTone> = {
  new: 'sky',
  confirmed: 'indigo',
  in_progress: 'amber',
  shipped: 'teal',
  completed: 'green',
  cancelled: 'grey',
};

/** An order status as a coloured badge (the text carries the meaning, the colour only helps). */
export function OrderStatusBadge({ status, label }: { status: string; label: string }) {
  return <StatusBadge tone={TONES[status] ?? 'sky'}>{label}</StatusBadge>;
}
