import { type ReactNode, useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { api } from '~/core/http/api-client';
import { useT } from '~/core/i18n/use-locale';
import { adminMessages } from './messages';

export interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  triggerClassName?: string;
  /** The trigger cannot be pressed (e.g. while the form around it saves and is rendered anew). */
  isDisabled?: boolean;
  title?: string;
  message?: ReactNode;
  /** With a submit URL the dialog sends `{submitUrl}/{id}`; without one it only calls onConfirm. */
  submitUrl?: string;
  id?: string | number;
  /** SPEC section 7: POST when the method is POST, DELETE otherwise. */
  method?: 'POST' | 'DELETE';
  /** Whether the action destroys something: its "Tak" is red. Default: a DELETE is, a POST is not. */
  destructive?: boolean;
  /** The body sent with the call (e.g. a reason typed into `message`); none by default. */
  body?: () => object;
  /** Called with the returned message after a successful call (or with no message without a URL). */
  onConfirm?: (message?: string) => void;
}

/** The confirm dialog of SPEC section 7 with 'Tak' and 'Nie'. */
export function ConfirmDialog({
  trigger,
  triggerClassName,
  isDisabled,
  title,
  message,
  submitUrl,
  id,
  method = 'DELETE',
  destructive = method === 'DELETE',
  body,
  onConfirm,
}: ConfirmDialogProps) {
  const t = useT(adminMessages);
  const [loading, setLoading] = useState(false);
  return (
    <DialogTrigger>
      <Button isDisabled={isDisabled} className={triggerClassName ?? 'rounded px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50'}>
        {trigger}
      </Button>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
        <Modal className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl">
          <Dialog role="alertdialog" className="outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="text-lg font-semibold text-slate-900">
                  {title ?? t('confirm.title')}
                </Heading>
                <div className="mt-2 text-slate-700">{message ?? t('confirm.delete')}</div>
                <div className="mt-6 flex justify-end gap-3">
                  <Button
                    onPress={close}
                    isDisabled={loading}
                    className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                  >
                    {t('confirm.no')}
                  </Button>
                  <Button
                    autoFocus
                    isDisabled={loading}
                    onPress={async () => {
                      if (!submitUrl) {
                        close();
                        onConfirm?.();
                        return;
                      }
                      setLoading(true);
                      const res = await api<{ message?: string }>(`${submitUrl}/${id}`, { method: method === 'POST' ? 'POST' : 'DELETE', body: body?.() });
                      // A failed call went through the shared error handler; loading resets either way.
                      setLoading(false);
                      if (res.ok) {
                        close();
                        onConfirm?.(res.data?.message);
                      }
                    }}
                    className={`rounded-md px-4 py-2 text-sm font-medium text-white disabled:opacity-60 ${destructive ? 'bg-red-700 hover:bg-red-800' : 'bg-brand-700 hover:bg-brand-800'}`}
                  >
                    {t('confirm.yes')}
                  </Button>
                </div>
              </>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
