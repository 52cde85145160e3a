// The statuses of a tester rental and its transitions, shared by the screens (badges, which buttons
// to show) and the workflow on the server (rental-workflow.server.ts).
export const RENTAL_STATUSES = ['new', 'confirmed', 'contract_signed', 'sent', 'returned', 'settled', 'cancelled'] as const;
export type RentalStatus = (typeof RENTAL_STATUSES)[number];

/** from -> the statuses it may move to; a cancellation is possible until the meter has left. */
export const RENTAL_TRANSITIONS: { readonly [K in RentalStatus]?: readonly RentalStatus[] } = {
  new: ['confirmed', 'cancelled'],
  confirmed: ['contract_signed', 'cancelled'],
  contract_signed: ['sent', 'cancelled'],
  sent: ['returned'],
  returned: ['settled'],
};

export function isRentalStatus(value: unknown): value is RentalStatus {
  return typeof value === 'string' && (RENTAL_STATUSES as readonly string[]).includes(value);
}

/** The statuses in which the meter is taken for the rental's dates (a cancellation frees them). */
export const BLOCKING_STATUSES: readonly RentalStatus[] = RENTAL_STATUSES.filter((s) => s !== 'cancelled');

/** The tenant may upload the signed contract while the rental is confirmed (or replace it before dispatch). */
export const SIGNED_CONTRACT_STATUSES: readonly RentalStatus[] = ['confirmed', 'contract_signed'];

/** The carriers a meter may travel with; `other` is a carrier without a known tracking page (no link). */
export const CARRIERS = ['dpd', 'inpost', 'dhl', 'gls', 'ups', 'poczta_polska', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && (CARRIERS as readonly string[]).includes(value);
}

/** Each carrier's public tracking page; `{n}` is the waybill number (URL-encoded). */
export const TRACKING_URL_TEMPLATES: { readonly [K in Carrier]: string | null } = {
  dpd: 'https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1={n}',
  inpost: 'https://inpost.pl/sledzenie-przesylek?number={n}',
  dhl: 'https://www.dhl.com/pl-pl/home/sledzenie-przesylek.html?tracking-id={n}',
  gls: 'https://gls-group.com/PL/pl/sledzenie-paczek?match={n}',
  ups: 'https://www.ups.com/track?loc=pl_PL&tracknum={n}',
  poczta_polska: 'https://emonitoring.poczta-polska.pl/?numer={n}',
  other: null,
};

/** The tracking page of a waybill with the rental's carrier, or null (no number, or a carrier without one). */
export function trackingUrl(carrier: string, waybill: string): string | null {
  const template = isCarrier(carrier) ? TRACKING_URL_TEMPLATES[carrier] : null;
  const number = waybill.trim();
  return template && number ? template.replace('{n}', encodeURIComponent(number)) : null;
}
