// Values shared by the newsletter's pages, API and tests (no server imports).

export const SUBSCRIBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** Where a consent was given or withdrawn. */
export const SIGNUP_FORMS = ['popup', 'page', 'footer'] as const;
export type SignupForm = (typeof SIGNUP_FORMS)[number];
export const CONSENT_SOURCES = [...SIGNUP_FORMS, 'mail-link', 'list-unsubscribe', 'admin'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_ACTIONS = ['subscribe', 'confirm', 'unsubscribe'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/** The version of the newsletter terms (static page `regulamin-newslettera`) a consent refers to. */
export const NEWSLETTER_TERMS_VERSION = '2026-01';
/** The static page with the newsletter terms (/{locale}/static/{slug}). */
export const NEWSLETTER_TERMS_SLUG = 'regulamin-newslettera';

export const PURCHASE_METHODS = ['p24', 'transfer', 'order'] as const;
export type PurchaseMethod = (typeof PURCHASE_METHODS)[number];
export const PURCHASE_STATUSES = ['pending', 'paid', 'cancelled'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** SPEC section 9: the calculator costs 9.90 PLN net, plus VAT at the money kit's rate. Grosze. */
export const CALCULATOR_PRICE_NET = 990;

/**
 * The calculator's catalogue number in the catalogue (demo: catalog/demo/catalog.data.ts, priced
 * 9.90 PLN in the base list): a B2B order with it grants access when the order is confirmed.
 */
export const CALCULATOR_CATALOG_NUMBER = 'CN-KALK-KORYTA';

/** A confirmation link is valid this long (a pending signup is replaced by a new one after it). */
export const CONFIRM_TOKEN_TTL_MS = 1000 * 60 * 60 * 24 * 7;
