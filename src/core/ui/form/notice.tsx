// A message over or under a form: the form's own errors (role=alert) or a note, a success or a
// warning (role=status unless the caller asks for an alert or a note).
import type { HTMLAttributes } from 'react';

export type NoticeKind = 'error' | 'warning' | 'success' | 'info';

const STYLES: Record<NoticeKind, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
  success: 'border-green-200 bg-green-50 text-green-800',
  info: 'border-brand-100 bg-brand-50 text-brand-900',
};

export function Notice({ kind, role, className, ...rest }: HTMLAttributes<HTMLDivElement> & { kind: NoticeKind; role?: 'alert' | 'status' | 'note' }) {
  return (
    <div
      role={role ?? (kind === 'error' ? 'alert' : 'status')}
      {...rest}
      className={`rounded-md border px-4 py-3 text-sm ${STYLES[kind]}${className ? ` ${className}` : ''}`}
    />
  );
}
