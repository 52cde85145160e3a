import { type BadgeTone, StatusBadge as KitStatusBadge } from '~/core/ui/form/status-badge';

// The page band itself is core/ui/page-header.tsx (PageHeader).

/** "01.12.2026" from "2026-12-01" (SPEC section 5: DD.MM.YYYY). */
export function dayLabel(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

const STATUS_TONE: Record<string, BadgeTone> = {
  new: 'amber',
  confirmed: 'blue',
  contract_signed: 'indigo',
  sent: 'sky',
  returned: 'teal',
  settled: 'green',
  cancelled: 'grey',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <KitStatusBadge tone={STATUS_TONE[status] ?? 'amber'}>{label}</KitStatusBadge>;
}
