import { useSyncExternalStore } from 'react';

/** SPEC section 9: every notification stays 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type NotifyKind = 'success' | 'warning' | 'danger' | 'info';

// The toast library is downloaded with the first notification, not with every page: <AppToaster />
// mounts its region then, and sonner shows the toasts raised before the region subscribed.
const loadSonner = () => import('sonner');
let toasterWanted = false;
const listeners = new Set<() => void>();

/** True once a notification was raised: the root layout then mounts the toast region. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}

function show(kind: NotifyKind, message: string): void {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  void loadSonner().then(({ toast }) => {
    const options = { duration: TOAST_DURATION_MS };
    if (kind === 'danger') toast.error(message, options);
    else toast[kind](message, options);
  });
}

/**
 * Client notifications (toasts) usable from any module: success is green, warning amber,
 * danger red, info blue. Rendered by the one <AppToaster /> mounted in the root layout.
 */
export const notify = {
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  danger: (message: string) => show('danger', message),
  info: (message: string) => show('info', message),
  show,
};
