import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { type Consent, NO_CONSENT } from './consent';
import { ConsentButtons, ConsentChoices } from './consent-choices';
import { openConsentSettings, useConsent, useConsentSettingsOpen } from './consent-store';
import { consentMessages } from './messages';

// The settings dialog (react-aria's Modal) is downloaded only when a visitor opens it.
const ConsentSettingsDialog = lazy(() => import('./consent-settings-dialog').then((m) => ({ default: m.ConsentSettingsDialog })));

/**
 * The first-visit banner (no choice recorded yet) and the settings dialog opened from the footer.
 * The server renders the banner from the request's consent cookie (`serverConsent`), so it is in
 * the first paint instead of appearing after hydration.
 */
export function ConsentBanner({ serverConsent }: { serverConsent: Consent | null }) {
  const t = useT();
  const m = useT(consentMessages);
  const locale = useLocale();
  const consent = useConsent(serverConsent);
  const settingsOpen = useConsentSettingsOpen();
  const [draft, setDraft] = useState<Consent>(consent ?? NO_CONSENT);
  const titleId = useId();
  const textId = useId();

  // The dialog starts from the saved choice each time it opens.
  useEffect(() => {
    if (settingsOpen) setDraft(consent ?? NO_CONSENT);
  }, [settingsOpen, consent]);

  const [settingsLoaded, setSettingsLoaded] = useState(settingsOpen);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);

  const showBanner = consent === null && !settingsOpen;

  return (
    <>
      {showBanner && (
        <div
          role="dialog"
          aria-modal="false"
          aria-labelledby={titleId}
          aria-describedby={textId}
          className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white p-4 shadow-[0_-8px_24px_rgba(15,23,42,0.15)] sm:inset-x-auto sm:bottom-4 sm:left-4 sm:max-w-md sm:rounded-lg sm:border"
        >
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {t('consent.title')}
          </h2>
          <p id={textId} className="mt-1 text-sm text-slate-700">
            {t('consent.text')}{' '}
            <Link to={`/${locale}/static/polityka-cookies`} className="text-brand-700 underline">
              {m('policy')}
            </Link>
          </p>
          <ConsentChoices value={draft} onChange={setDraft} detailed={false} />
          <ConsentButtons value={draft} />
        </div>
      )}
      {settingsLoaded && (
        <Suspense fallback={null}>
          <ConsentSettingsDialog open={settingsOpen} draft={draft} onDraftChange={setDraft} />
        </Suspense>
      )}
    </>
  );
}

/** The footer's "Cookie settings" link: reopens the choice at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  const t = useT();
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      {t('footer.cookieSettings')}
    </button>
  );
}
