import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link } from 'react-router';
import { useLocale, useT } from '~/core/i18n/use-locale';
import type { Consent } from './consent';
import { ConsentButtons, ConsentChoices } from './consent-choices';
import { setConsentSettingsOpen } from './consent-store';
import { consentMessages } from './messages';

/** The cookie settings dialog, opened from the footer (loaded on first opening). */
export function ConsentSettingsDialog({ open, draft, onDraftChange }: { open: boolean; draft: Consent; onDraftChange: (c: Consent) => void }) {
  const m = useT(consentMessages);
  const locale = useLocale();
  return (
    <ModalOverlay
      isOpen={open}
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
          <ConsentChoices value={draft} onChange={onDraftChange} detailed />
          <ConsentButtons value={draft} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
