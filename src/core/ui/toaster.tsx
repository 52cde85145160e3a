import { lazy, Suspense } from 'react';
import { useT } from '~/core/i18n/use-locale';
import { TOAST_DURATION_MS, useToasterWanted } from './notify';

const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));

/** The single toast region of the site (mounted once, in the root layout, with the first toast). */
export function AppToaster() {
  const t = useT();
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        richColors
        closeButton
        duration={TOAST_DURATION_MS}
        containerAriaLabel={t('toast.region')}
        toastOptions={{ closeButtonAriaLabel: t('toast.close'), className: 'font-sans text-sm' }}
        offset={{ top: 80, right: 16 }}
        mobileOffset={{ top: 72, left: 12, right: 12 }}
      />
    </Suspense>
  );
}
