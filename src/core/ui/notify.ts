import { toast } from 'sonner';

/** SPEC section 9: every notification stays 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type NotifyKind = 'success' | 'warning' | 'danger' | 'info';

/**
 * Client notifications (toasts) usable from any module: success is green, warning amber,
 * danger red, info blue. Rendered by the one <AppToaster /> mounted in the root layout.
 */
export const notify = {
  success: (message: string) => toast.success(message, { duration: TOAST_DURATION_MS }),
  warning: (message: string) => toast.warning(message, { duration: TOAST_DURATION_MS }),
  danger: (message: string) => toast.error(message, { duration: TOAST_DURATION_MS }),
  info: (message: string) => toast.info(message, { duration: TOAST_DURATION_MS }),
  show(kind: NotifyKind, message: string) {
    return notify[kind](message);
  },
};
