import { describe, expect, it } from 'vitest';
import { allowsEmbed, consentCookieString, consentFromRequest, grantFor, parseConsent, serializeConsent } from './consent';

describe('consent cookie', () => {
  it('reads a recorded choice', () => {
    expect(parseConsent('necessary,statistics,marketing')).toEqual({ statistics: true, marketing: true });
    expect(parseConsent('necessary')).toEqual({ statistics: false, marketing: false });
    expect(parseConsent('necessary%2Cmarketing')).toEqual({ statistics: false, marketing: true });
  });

  it('treats a missing or foreign value as no choice', () => {
    expect(parseConsent(undefined)).toBeNull();
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('marketing')).toBeNull();
    expect(parseConsent('%E0%A4%A')).toBeNull();
  });

  it('writes necessary first and only the allowed categories', () => {
    expect(serializeConsent({ statistics: false, marketing: true })).toBe('necessary,marketing');
    expect(serializeConsent({ statistics: true, marketing: true })).toBe('necessary,statistics,marketing');
  });

  it('is stored for a year with SameSite=Lax (Secure on https)', () => {
    expect(consentCookieString({ statistics: true, marketing: false }, false)).toBe('consent=necessary,statistics; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(consentCookieString({ statistics: false, marketing: false }, true)).toMatch(/; Secure$/);
  });

  it('is read from the request by loaders', () => {
    const req = new Request('http://x/pl/videos', { headers: { cookie: 'sid=abc; consent=necessary,marketing; XSRF-TOKEN=t' } });
    expect(consentFromRequest(req)).toEqual({ statistics: false, marketing: true });
    expect(consentFromRequest(new Request('http://x/'))).toBeNull();
  });
});

describe('embeds need consent (SPEC section 6)', () => {
  it('maps need marketing', () => {
    expect(allowsEmbed({ statistics: true, marketing: false }, 'map')).toBe(false);
    expect(allowsEmbed({ statistics: false, marketing: true }, 'map')).toBe(true);
    expect(allowsEmbed(null, 'map')).toBe(false);
  });

  it('videos need marketing or statistics', () => {
    expect(allowsEmbed({ statistics: true, marketing: false }, 'video')).toBe(true);
    expect(allowsEmbed({ statistics: false, marketing: true }, 'video')).toBe(true);
    expect(allowsEmbed({ statistics: false, marketing: false }, 'video')).toBe(false);
  });

  it('allowing from a blocked frame adds only what that frame needs', () => {
    expect(grantFor(null, 'map')).toEqual({ statistics: false, marketing: true });
    expect(grantFor({ statistics: false, marketing: true }, 'video')).toEqual({ statistics: true, marketing: true });
    expect(allowsEmbed(grantFor(null, 'video'), 'video')).toBe(true);
  });
});
