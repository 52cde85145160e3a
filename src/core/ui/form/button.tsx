// The buttons (and button-looking links) of every form: primary, secondary, outline and danger, in the
// admin screens' size (md) or the public forms' larger size (lg).
import type { ButtonHTMLAttributes, ReactNode } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'danger';
export type ButtonSize = 'md' | 'lg';

const BASE = 'inline-flex items-center justify-center gap-2 rounded-md text-sm focus:outline-none focus-visible:ring-2';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:opacity-60',
  secondary: 'border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:ring-brand-300 disabled:opacity-60',
  outline: 'border border-brand-700 bg-white text-brand-800 hover:bg-brand-50 focus-visible:ring-brand-300 disabled:opacity-60',
  danger: 'border border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:ring-red-300',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'px-4 py-2 font-medium',
  lg: 'px-5 py-2.5 font-semibold shadow-sm disabled:cursor-not-allowed',
};

/** The classes of a button or of a link that looks like one. */
export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md'): string {
  const ring = variant === 'primary' ? (size === 'lg' ? 'focus-visible:ring-brand-400 focus-visible:ring-offset-2' : 'focus-visible:ring-brand-300') : '';
  return [BASE, VARIANTS[variant], SIZES[size], ring].filter(Boolean).join(' ');
}

/** Classes of the primary, secondary and danger buttons/links of admin screens. */
export const primaryButton = buttonClass('primary');
export const secondaryButton = buttonClass('secondary');
export const dangerButton = buttonClass('danger');

export function Button({
  variant = 'primary',
  size = 'md',
  type = 'button',
  className,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} {...rest} className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)} />;
}

/** A form's submit button; while the form is sent it is disabled, marked busy and may say so. */
export function SubmitButton({
  pending,
  children,
  pendingText,
  variant = 'primary',
  size = 'lg',
}: {
  pending: boolean;
  children: ReactNode;
  pendingText?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  return (
    <Button type="submit" variant={variant} size={size} disabled={pending} aria-busy={pending || undefined}>
      {pending && pendingText ? pendingText : children}
    </Button>
  );
}
