import type { MouseEvent } from 'react';
import { allowsEmbed, type Consent, grantFor } from '~/core/consent/consent';
import { saveConsent, useConsent } from '~/core/consent/consent-store';
import { consentMessages } from '~/core/consent/messages';
import { useT } from '~/core/i18n/use-locale';
import { escapeHtml } from '~/core/html/escape';


/** Video frames of the editor (and their wrapper) in stored rich text. */
const FRAME = /(?:<div data-youtube-video[^>]*>\s*)?<iframe\b[^>]*>\s*<\/iframe>(?:\s*<\/div>)?/gi;

/** The rich text with each video frame replaced by the consent notice (SPEC section 6). */
export function blockFrames(html: string, notice: string, allow: string): string {
  return html.replace(
    FRAME,
    `<div data-consent-blocked="video" class="not-prose my-4 flex aspect-video flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center"><p class="max-w-sm text-sm text-slate-700">${escapeHtml(notice)}</p><button type="button" data-consent-allow class="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">${escapeHtml(allow)}</button></div>`,
  );
}

/**
 * HTML written in the admin panel's editor (sanitized when it was stored). Embedded videos show
 * only with the visitor's consent; the server renders the same choice from the `consent` cookie.
 */
export function RichText({ html, serverConsent, className = '' }: { html: string; serverConsent: Consent | null; className?: string }) {
  const consent = useConsent(serverConsent) ?? null;
  const t = useT();
  const m = useT(consentMessages);
  const hasFrames = html.includes('<iframe');
  const out =
    hasFrames && !allowsEmbed(consent, 'video') ? blockFrames(html, t('consent.blocked', { kind: m('kindVideo') }), t('consent.allow')) : html;
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('[data-consent-allow]')) saveConsent(grantFor(consent, 'video'));
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: delegates clicks of the real <button> inside the notice
    // biome-ignore lint/a11y/noStaticElementInteractions: see above
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML was sanitised on write (core/html/sanitize.server.ts)
    <div className={`prose-content ${className}`} onClick={hasFrames ? onClick : undefined} dangerouslySetInnerHTML={{ __html: out }} />
  );
}
