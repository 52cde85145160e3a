import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { contentAdminMessages } from '../messages';

/**
 * The pl and en versions of a form's texts as tabs. Both panels stay in the page (the hidden one
 * inert), so the form submits both languages; a tab whose fields have errors is marked.
 */
export function LanguageTabs({
  selected,
  onSelect,
  invalid,
  children,
}: {
  selected: Locale;
  onSelect: (l: Locale) => void;
  invalid: Record<Locale, boolean>;
  children: (lang: Locale) => ReactNode;
}) {
  const t = useT(contentAdminMessages);
  const langs: Locale[] = ['pl', 'en'];
  return (
    <Tabs selectedKey={selected} onSelectionChange={(k) => onSelect(k === 'en' ? 'en' : 'pl')}>
      <TabList aria-label={t('lang.tabs')} className="flex gap-1 border-b border-slate-200">
        {langs.map((l) => (
          <Tab
            key={l}
            id={l}
            className="-mb-px cursor-pointer rounded-t-md border border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-brand-800 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300 data-[selected]:border-slate-200 data-[selected]:border-b-white data-[selected]:bg-white data-[selected]:text-brand-800"
          >
            {t(`lang.${l}`)} ({l.toUpperCase()}){invalid[l] && <span className="ml-2 inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />}
          </Tab>
        ))}
      </TabList>
      {langs.map((l) => (
        <TabPanel key={l} id={l} shouldForceMount className="space-y-4 pt-4 outline-none data-[inert]:hidden">
          {children(l)}
        </TabPanel>
      ))}
    </Tabs>
  );
}

/** The tab to show after a 422: the first language (pl before en) with an invalid field. */
export function tabWithErrors(errors: Record<string, unknown> | undefined, current: Locale): Locale {
  const keys = Object.keys(errors ?? {});
  if (keys.some((k) => k.endsWith('_pl'))) return 'pl';
  if (keys.some((k) => k.endsWith('_en'))) return 'en';
  return current;
}
