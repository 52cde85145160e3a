import type { MouseEvent } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { escapeHtml } from '~/core/html/escape';
import { allowsEmbed, type Consent, grantFor } from './consent';
import type { ConsentPoster } from './consent-gate';
import { saveConsent, useConsent } from './consent-store';
import { consentMessages } from './messages';
import { type VideoPosters, videoPoster, videoPosterMessages, youtubeIdOfEmbed } from './video-posters';

/** Video frames of the editor (and their wrapper) in stored rich text. */
const FRAME = /(?:<div data-youtube-video[^>]*>\s*)?<iframe\b[^>]*>\s*<\/iframe>(?:\s*<\/div>)?/gi;
const SRC = /\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i;

const PLAY_ICON =
  '<svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" class="text-white"><path fill="currentColor" d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm6 4v6l5-3-5-3z"/></svg>';

const attr = (name: string, value: string | number | undefined) => (value === undefined ? '' : ` ${name}="${escapeHtml(String(value))}"`);

/** The texts of a blocked frame: what it is (for screen readers), the notice, the button. */
export interface FrameTexts {
  label: string;
  notice: string;
  allow: string;
}

/** The notice over the poster, as ConsentGate draws it, written as HTML for stored rich text. */
function posterNotice(poster: ConsentPoster, texts: FrameTexts): string {
  const img = `<img${attr('src', poster.src)}${attr('srcset', poster.srcSet)}${attr('sizes', poster.sizes)}${attr('alt', poster.alt)}${attr('width', poster.width)}${attr('height', poster.height)} loading="lazy" decoding="async" class="absolute inset-0 -z-10 m-0 h-full w-full object-cover" data-consent-poster="video">`;
  return (
    '<div data-consent-blocked="video" class="not-prose relative isolate my-4 aspect-video overflow-hidden rounded-lg bg-slate-900">' +
    img +
    '<div class="flex h-full w-full flex-col items-center justify-center gap-3 bg-slate-950/70 p-4 text-center">' +
    PLAY_ICON +
    `<p class="max-w-sm text-sm font-medium text-white"><span class="sr-only">${escapeHtml(texts.label)}: </span>${escapeHtml(texts.notice)}</p>` +
    `<button type="button" data-consent-allow class="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">${escapeHtml(texts.allow)}</button>` +
    '</div></div>'
  );
}

/**
 * The rich text with each video frame replaced by the consent notice over the video's poster
 * (`posterOf` gets the frame's YouTube id, null for another provider).
 */
export function blockFrames(html: string, texts: FrameTexts, posterOf: (youtubeId: string | null) => ConsentPoster): string {
  return html.replace(FRAME, (frame) => {
    const m = SRC.exec(frame);
    return posterNotice(posterOf(youtubeIdOfEmbed(m?.[1] ?? m?.[2])), texts);
  });
}

/**
 * HTML written in the admin panel's editor (sanitized when it was stored): news, static pages,
 * lessons. Embedded videos show only with the visitor's consent (SPEC section 6); until then each
 * is the notice over its poster (`posters`: the stored stills the loader found for the frames'
 * YouTube ids, see youtubeIdsInHtml). The server renders the same choice from the `consent` cookie.
 */
export function EmbedHtml({
  html,
  serverConsent,
  posters,
  className = '',
}: {
  html: string;
  serverConsent: Consent | null;
  posters?: VideoPosters;
  className?: string;
}) {
  const consent = useConsent(serverConsent) ?? null;
  const t = useT();
  const m = useT(consentMessages);
  const p = useT(videoPosterMessages);
  const hasFrames = html.includes('<iframe');
  const out =
    hasFrames && !allowsEmbed(consent, 'video')
      ? blockFrames(html, { label: m('videoTitle'), notice: t('consent.blocked', { kind: m('kindVideo') }), allow: t('consent.allow') }, (id) =>
          videoPoster(id, posters, (title) => p('alt', { title })),
        )
      : html;
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
