// The footer's newsletter band (app/layout/site-footer.tsx): a button opens the signup form in place.
import { useId, useState } from 'react';
import { defineMessages } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { LazyNewsletterForm } from './lazy-newsletter-form';

// Its own few texts: the layout chunk of every page does not carry the newsletter's whole table.
const footerMessages = defineMessages({
  pl: {
    title: 'Newsletter',
    lead: 'Nowości, porady i bezpłatny kalkulator wypełnienia koryt kablowych.',
    open: 'Dołącz do newslettera',
  },
  en: {
    title: 'Newsletter',
    lead: 'News, tips and a free cable-tray fill calculator.',
    open: 'Join the newsletter',
  },
});

export function FooterNewsletter() {
  const t = useT(footerMessages);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <section aria-labelledby="footer-newsletter-title" className="border-b border-brand-800">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[1fr_1.4fr] lg:items-center">
        <div>
          <h2 id="footer-newsletter-title" className="text-lg font-semibold text-white">
            {t('title')}
          </h2>
          <p className="mt-2 max-w-md text-sm leading-relaxed text-brand-100">{t('lead')}</p>
        </div>
        <div>
          {!open ? (
            <button
              type="button"
              aria-expanded={false}
              aria-controls={panelId}
              onClick={() => setOpen(true)}
              className="rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-brand-900"
            >
              {t('open')}
            </button>
          ) : (
            <div id={panelId} className="rounded-lg bg-white p-4 text-slate-900 shadow-sm sm:p-5">
              <LazyNewsletterForm variant="footer" autoFocus />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
