import type { ReactNode } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { allowsEmbed, type Consent, type EmbedKind, grantFor } from './consent';
import { saveConsent, useConsent } from './consent-store';
import { consentMessages } from './messages';

/** A still image shown under the consent notice while the embed is blocked (a video's thumbnail, a map picture). */
export interface ConsentPoster {
  src: string;
  srcSet?: string;
  sizes?: string;
  /** What the picture shows (the poster is content: the visitor sees what the embed would be). */
  alt: string;
  width?: number;
  height?: number;
}

/**
 * Shows an embedded frame (video, map) only with the consent it needs (SPEC section 6): marketing
 * for maps, marketing or statistics for the video provider. Otherwise a notice asks to allow
 * cookies, over the embed's `poster` when there is one (dimmed, so the white notice stays readable).
 * `serverConsent` is the loader's reading of the `consent` cookie, so the server renders
 * the same thing the browser will (no flash of a frame or of the notice).
 */
export function ConsentGate({
  kind,
  serverConsent,
  className = 'aspect-video',
  poster,
  children,
}: {
  kind: EmbedKind;
  serverConsent: Consent | null;
  className?: string;
  poster?: ConsentPoster;
  children: ReactNode;
}) {
  const consent = useConsent(serverConsent);
  const t = useT();
  const m = useT(consentMessages);
  if (allowsEmbed(consent ?? null, kind)) return <>{children}</>;
  const icon = (
    <svg width="32" height="32" viewBox="0 0 24 24" aria-hidden="true" className={poster ? 'text-white' : 'text-slate-500'}>
      {kind === 'map' ? (
        <path fill="currentColor" d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
      ) : (
        <path fill="currentColor" d="M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zm6 4v6l5-3-5-3z" />
      )}
    </svg>
  );
  const notice = (
    <>
      {icon}
      <p className={`max-w-sm text-sm ${poster ? 'font-medium text-white' : 'text-slate-700'}`}>
        <span className="sr-only">{kind === 'map' ? m('mapTitle') : m('videoTitle')}: </span>
        {t('consent.blocked', { kind: kind === 'map' ? m('kindMap') : m('kindVideo') })}
      </p>
      <button
        type="button"
        className={`rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 ${
          poster ? 'focus-visible:outline-white' : 'focus-visible:outline-brand-700'
        }`}
        onClick={() => saveConsent(grantFor(consent ?? null, kind))}
      >
        {t('consent.allow')}
      </button>
    </>
  );
  if (!poster) {
    return (
      <div
        className={`${className} flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-center`}
        data-consent-blocked={kind}
      >
        {notice}
      </div>
    );
  }
  return (
    <div className={`${className} relative isolate overflow-hidden rounded-lg bg-slate-900`} data-consent-blocked={kind}>
      <img
        src={poster.src}
        srcSet={poster.srcSet}
        sizes={poster.sizes}
        alt={poster.alt}
        width={poster.width}
        height={poster.height}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 -z-10 h-full w-full object-cover"
        data-consent-poster={kind}
      />
      <div className="flex h-full min-h-[inherit] w-full flex-col items-center justify-center gap-3 bg-slate-950/70 p-4 text-center">{notice}</div>
    </div>
  );
}
