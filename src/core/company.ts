/** The provider's public contact details, used by the footer, the error catalogue and mails. */
export const COMPANY = {
  name: 'COBI NET',
  street: 'ul. Usługowa 10B',
  postcode: '64-100',
  town: 'Leszno',
  /** SPEC section 8 (406): the administrator contact shown to users whose account is not active. */
  adminEmail: 'biuro@cobinet.pl',
  email: 'biuro@cobinet.pl',
  social: [
    { id: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/cobinet' },
    { id: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/cobi-net' },
    { id: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@cobinet' },
  ],
} as const;

export type SocialId = (typeof COMPANY.social)[number]['id'];

/**
 * SPEC section 3: the personal pickup address (the provider's warehouse in Leszno), in the shape of
 * the customers' Address; the one source for the shop's customers feature and the rentals.
 */
export const PERSONAL_PICKUP_ADDRESS = Object.freeze({
  name: 'Odbiór osobisty w magazynie',
  email: '',
  phone_number: '',
  town: 'Leszno',
  street: 'Usługowa 10B',
  home: '',
  flat: '',
  full_street: 'Usługowa 10B',
  postcode: '64-100',
  post: 'Leszno',
});

/** The pickup address on one line: "Usługowa 10B, 64-100 Leszno". */
export const PERSONAL_PICKUP_LINE = `${PERSONAL_PICKUP_ADDRESS.full_street}, ${PERSONAL_PICKUP_ADDRESS.postcode} ${PERSONAL_PICKUP_ADDRESS.post}`;

/** How long the contact form's "about" prefill may be (a training's or product's name). */
export const CONTACT_ABOUT_MAX = 200;

/**
 * The contact form asked about something: `/{locale}/contact?subject=training&about=…` opens the form
 * with that subject chosen and the message starting with what it is about (the forms feature reads both).
 */
export function contactPath(locale: string, about?: { subject: string; about: string }): string {
  if (!about) return `/${locale}/contact`;
  const q = new URLSearchParams({ subject: about.subject, about: about.about.slice(0, CONTACT_ABOUT_MAX) });
  return `/${locale}/contact?${q}`;
}
