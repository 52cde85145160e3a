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
