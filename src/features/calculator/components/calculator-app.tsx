// The interactive cable-tray fill and cable-separation calculator (issue 16). The page that shows it
// to visitors with access is src/app/pages/calculator.tsx; the rules are ../rules.ts.
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { type Locale, translator } from '~/core/i18n/locale';
import { useLocale } from '~/core/i18n/use-locale';
import { calculatorMessages } from '../messages';
import { type WorkbookInput, workbookQuery } from '../validation';
import { type SeparationInputs, SeparationPanel } from './separation';
import { type FillInputs, TrayFillPanel } from './tray-fill';

const TABS = ['fill', 'separation'] as const;
type Tab = (typeof TABS)[number];

/** `locale` defaults to the page's (the route's :locale). */
export function CalculatorApp(props: { locale?: Locale; workbookHref?: string }) {
  const routeLocale = useLocale();
  const locale = props.locale ?? routeLocale;
  const t = translator(calculatorMessages, locale);
  const id = useId();
  const [tab, setTab] = useState<Tab>('fill');
  const refs = useRef<Record<Tab, HTMLButtonElement | null>>({ fill: null, separation: null });
  // The workbook opens with the inputs on the page (the last valid ones of each panel).
  const [fillInputs, setFillInputs] = useState<FillInputs | null>(null);
  const [sepInputs, setSepInputs] = useState<SeparationInputs | null>(null);
  const onFill = useCallback((v: FillInputs) => setFillInputs(v), []);
  const onSep = useCallback((v: SeparationInputs) => setSepInputs(v), []);
  const base = `/api/calculator/workbook?locale=${locale}`;
  const inputs: WorkbookInput | null = fillInputs && sepInputs ? { ...fillInputs, separation: sepInputs } : null;
  const workbookHref = props.workbookHref ?? (inputs ? `${base}&${workbookQuery(inputs)}` : base);

  // Tabs pattern (WAI-ARIA): arrows, Home and End move between the tabs.
  function onKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.indexOf(tab);
    let next: Tab | null = null;
    if (e.key === 'ArrowRight') next = TABS[(i + 1) % TABS.length];
    else if (e.key === 'ArrowLeft') next = TABS[(i + TABS.length - 1) % TABS.length];
    else if (e.key === 'Home') next = TABS[0];
    else if (e.key === 'End') next = TABS[TABS.length - 1];
    if (!next) return;
    e.preventDefault();
    setTab(next);
    refs.current[next]?.focus();
  }

  return (
    <div data-testid="calculator-app">
      <div className="flex flex-col gap-4 border-b border-slate-200 sm:flex-row sm:items-end sm:justify-between">
        <div role="tablist" aria-label={t('tabs.label')} className="-mb-px flex gap-1 overflow-x-auto">
          {TABS.map((name) => {
            const selected = tab === name;
            return (
              <button
                key={name}
                ref={(el) => {
                  refs.current[name] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${name}`}
                aria-selected={selected}
                aria-controls={`${id}-panel-${name}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setTab(name)}
                onKeyDown={onKeyDown}
                className={`whitespace-nowrap rounded-t-md border-b-2 px-4 py-2.5 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 sm:text-base ${
                  selected ? 'border-brand-700 text-brand-800' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
                }`}
              >
                {t(name === 'fill' ? 'tabs.fill' : 'tabs.separation')}
              </button>
            );
          })}
        </div>
        <div className="pb-3 sm:text-right">
          <a
            href={workbookHref}
            download
            className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-offset-2"
            data-testid="workbook-link"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" aria-hidden="true" fill="currentColor">
              <path d="M10 2a1 1 0 0 1 1 1v8.59l2.3-2.3a1 1 0 1 1 1.4 1.42l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.42L9 11.6V3a1 1 0 0 1 1-1ZM3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
            </svg>
            {t('workbook.link')}
          </a>
          <p className="mt-1 max-w-sm text-xs text-slate-600 sm:ml-auto">{t('workbook.hint')}</p>
        </div>
      </div>
      {TABS.map((name) => (
        <div key={name} role="tabpanel" id={`${id}-panel-${name}`} aria-labelledby={`${id}-tab-${name}`} hidden={tab !== name} className="pt-6">
          {name === 'fill' ? <TrayFillPanel locale={locale} onInputs={onFill} /> : <SeparationPanel locale={locale} onInputs={onSep} />}
        </div>
      ))}
    </div>
  );
}
