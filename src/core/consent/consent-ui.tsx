import { useEffect, useId, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { ALL_CONSENT, type Consent, NO_CONSENT } from './consent';
import { openConsentSettings, saveConsent, setConsentSettingsOpen, useConsent, useConsentSettingsOpen } from './consent-store';
import { consentMessages } from './messages';

const primaryBtn =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const secondaryBtn =
  'rounded-md border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The three categories: necessary (always on, disabled), statistics and marketing. */
function ConsentChoices({ value, onChange, detailed }: { value: Consent; onChange: (c: Consent) => void; detailed: boolean }) {
  const t = useT();
  const m = useT(consentMessages);
  const id = useId();
  const rows = [
    { key: 'necessary' as const, label: t('consent.necessary'), hint: m('necessaryHint'), checked: true, disabled: true },
    { key: 'statistics' as const, label: t('consent.statistics'), hint: m('statisticsHint'), checked: value.statistics, disabled: false },
    { key: 'marketing' as const, label: t('consent.marketing'), hint: m('marketingHint'), checked: value.marketing, disabled: false },
  ];
  return (
    <fieldset className="mt-3 space-y-2">
      <legend className="sr-only">{m('settingsTitle')}</legend>
      {rows.map((r) => (
        <div key={r.key} className="flex items-start gap-2.5">
          <input
            id={`${id}-${r.key}`}
            type="checkbox"
            name={r.key}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
            checked={r.checked}
            disabled={r.disabled}
            aria-describedby={detailed ? `${id}-${r.key}-hint` : undefined}
            onChange={(e) => {
              if (r.key !== 'necessary') onChange({ ...value, [r.key]: e.target.checked });
            }}
          />
          <div className="text-sm">
            <label htmlFor={`${id}-${r.key}`} className="font-medium text-slate-900">
              {r.label}
              {r.disabled && <span className="ml-1 font-normal text-slate-600">({m('alwaysOn')})</span>}
            </label>
            {detailed && (
              <p id={`${id}-${r.key}-hint`} className="text-slate-600">
                {r.hint}
              </p>
            )}
          </div>
        </div>
      ))}
    </fieldset>
  );
}

function ConsentButtons({ value }: { value: Consent }) {
  const t = useT();
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button className={primaryBtn} onPress={() => saveConsent(ALL_CONSENT)}>
        {t('consent.acceptAll')}
      </Button>
      <Button className={secondaryBtn} onPress={() => saveConsent(NO_CONSENT)}>
        {t('consent.rejectAll')}
      </Button>
      <Button className={secondaryBtn} onPress={() => saveConsent(value)}>
        {t('consent.save')}
      </Button>
    </div>
  );
}

/**
 * The first-visit banner (no choice recorded yet) and the settings dialog opened from the footer.
 * Rendered only in the browser: the server cannot know whether the visitor already chose.
 */
export function ConsentBanner() {
  const t = useT();
  const m = useT(consentMessages);
  const locale = useLocale();
  const consent = useConsent();
  const settingsOpen = useConsentSettingsOpen();
  const [draft, setDraft] = useState<Consent>(consent ?? NO_CONSENT);
  const titleId = useId();
  const textId = useId();

  // The dialog starts from the saved choice each time it opens.
  useEffect(() => {
    if (settingsOpen) setDraft(consent ?? NO_CONSENT);
  }, [settingsOpen, consent]);

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
      <ModalOverlay
        isOpen={settingsOpen}
        onOpenChange={setConsentSettingsOpen}
        isDismissable
        className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4"
      >
        <Modal className="max-h-[90vh] w-full max-w-lg overflow-y-auto rounded-lg bg-white shadow-xl">
          <Dialog className="p-6 outline-none">
            <div className="flex items-start justify-between gap-4">
              <Heading slot="title" className="text-lg font-semibold text-slate-900">
                {m('settingsTitle')}
              </Heading>
              <Button
                slot="close"
                aria-label={m('close')}
                className="rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" />
                </svg>
              </Button>
            </div>
            <p className="mt-2 text-sm text-slate-700">
              {m('settingsIntro')}{' '}
              <Link to={`/${locale}/static/polityka-cookies`} className="text-brand-700 underline" onClick={() => setConsentSettingsOpen(false)}>
                {m('policy')}
              </Link>
            </p>
            <ConsentChoices value={draft} onChange={setDraft} detailed />
            <ConsentButtons value={draft} />
          </Dialog>
        </Modal>
      </ModalOverlay>
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
