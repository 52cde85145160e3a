import { randomString } from '~/core/session/random-pool.server';

export function newNonce(): string {
  return randomString(16, 'base64');
}

/** Content-Security-Policy for an HTML page; scripts only from us or carrying the page's nonce. */
export function contentSecurityPolicy(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ''}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https://i.ytimg.com",
    "font-src 'self'",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    'frame-src https://www.youtube-nocookie.com https://www.google.com https://maps.google.com',
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

/** HSTS for a site served over https (APP_URL https://…): browsers refuse plain http for a year. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every answer carries; HSTS only when the site's address is https. */
export function securityHeaders(secure: boolean): Record<string, string> {
  return secure ? { ...STATIC_SECURITY_HEADERS, 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : STATIC_SECURITY_HEADERS;
}
