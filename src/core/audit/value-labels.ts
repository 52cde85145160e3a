// Readable values for the change log (issue 41 point 10: "Status: potwierdzone → w realizacji", not
// "confirmed → in_progress"). The feature that logs a coded field registers its labels once; the
// log keeps the stored value and the list answers the label beside it.
import type { Locale } from '~/core/i18n/locale';

export type ValueLabels = Readonly<Record<string, Readonly<Record<Locale, string>>>>;

const registry = new Map<string, ValueLabels>();

/** The labels of a logged field's values, e.g. ('order', 'status', ORDER_STATUS_LABELS). */
export function registerValueLabels(entity: string, field: string, labels: ValueLabels): void {
  registry.set(`${entity}.${field}`, labels);
}

/** A logged value as people read it in `locale`, or null when its field has no labels (or the value none). */
export function valueLabel(entity: string, field: string, value: unknown, locale: Locale): string | null {
  if (typeof value !== 'string') return null;
  return registry.get(`${entity}.${field}`)?.[value]?.[locale] ?? null;
}
