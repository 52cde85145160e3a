import type { Locale } from '~/core/i18n/locale';
import { formatDate } from '~/core/time/format';
import type { Availability } from '../availability';
import { availabilityText } from '../messages';

const TONE: Record<Availability['state'], string> = {
  in_stock: 'bg-green-600',
  next_delivery: 'bg-amber-500',
  to_order: 'bg-slate-500',
  unknown: 'bg-slate-300',
};

/** One catalogue number's availability (issue 39): a coloured dot (decoration) and the sentence. */
export function AvailabilityLabel({ availability, locale }: { availability: Availability; locale: Locale }) {
  return (
    <span className="inline-flex items-center gap-2 text-sm text-slate-800">
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 shrink-0 rounded-full ${TONE[availability.state]}`} />
      <span>{availabilityText(availability, locale, formatDate)}</span>
    </span>
  );
}
