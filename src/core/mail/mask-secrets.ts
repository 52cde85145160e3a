// What the admin's mail queue shows instead of a live secret. Mails carry links that act for their
// recipient (verification, password reset, newsletter confirmation and unsubscribe, calculator
// access); whoever reads the queue must not be able to follow them. The display is always masked;
// the stored bodies keep their links only until the mail is sent (a pending or failed mail may be
// retried), then they are masked too, so a backup holds no usable link of a delivered mail.

/** What stands in for a masked secret. */
export const MASK = '…';

// The path words after which the apps' links carry a token (accounts: /verify/, /reset-password/;
// newsletter: /newsletter/confirm/, /newsletter/unsubscribe/, /api/newsletter/unsubscribe/;
// calculator: /calculator/access/).
const TOKEN_PATH = /(\/(?:verify|reset-password|confirm|unsubscribe|access)\/)[^/?#&"'\s<>]+/gi;
// Query values that are secrets or prove one (the verification link's signature).
const SECRET_QUERY = /([?&](?:amp;)?(?:token|signature|sig|key|code|access_token|auth)=)[^&#"'\s<>]+/gi;
// Any other path segment or query value that looks random: base64url or hex of 20+ characters
// with a capital and a digit (a slug is lower-case words), or 32+ hex digits.
const RANDOM_PART = /(?<=[/=])(?=[\w-]*[A-Z])(?=[\w-]*\d)[\w-]{20,}(?![\w-])|(?<=[/=])[0-9a-f]{32,}(?![\w-])/g;

/** `text` (a body, a header, a subject) with every token-bearing part of its URLs replaced by MASK. */
export function maskMailSecrets(text: string): string {
  return text.replace(TOKEN_PATH, `$1${MASK}`).replace(SECRET_QUERY, `$1${MASK}`).replace(RANDOM_PART, MASK);
}

/** A mail's header values masked likewise (List-Unsubscribe carries the unsubscribe token). */
export function maskMailHeaders(headers: Record<string, string> | null): Record<string, string> | null {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, maskMailSecrets(v)]));
}
