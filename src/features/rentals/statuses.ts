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

/** A tracking page of the waybill (the provider ships with DPD). */
export function trackingUrl(waybill: string): string {
  return `https://tracktrace.dpd.com.pl/parcelDetails?typ=1&p1=${encodeURIComponent(waybill)}`;
}
