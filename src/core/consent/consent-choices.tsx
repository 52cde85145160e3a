import { useId } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { ALL_CONSENT, type Consent, NO_CONSENT } from './consent';
import { saveConsent } from './consent-store';
import { consentMessages } from './messages';

const primaryBtn =
  'rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';
const secondaryBtn =
  'rounded-md border border-brand-700 bg-white px-4 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The three categories: necessary (always on, disabled), statistics and marketing. */
export function ConsentChoices({ value, onChange, detailed }: { value: Consent; onChange: (c: Consent) => void; detailed: boolean }) {
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

/** `data-consent-choice` lets consent-early.ts record a click made before hydration. */
export function ConsentButtons({ value }: { value: Consent }) {
  const t = useT();
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button type="button" className={primaryBtn} onClick={() => saveConsent(ALL_CONSENT)} data-consent-choice="all">
        {t('consent.acceptAll')}
      </button>
      <button type="button" className={secondaryBtn} onClick={() => saveConsent(NO_CONSENT)} data-consent-choice="necessary">
        {t('consent.rejectAll')}
      </button>
      <button type="button" className={secondaryBtn} onClick={() => saveConsent(value)} data-consent-choice="custom">
        {t('consent.save')}
      </button>
    </div>
  );
}
