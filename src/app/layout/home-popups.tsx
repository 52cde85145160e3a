import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Locale } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { B2B_POPUP_CLOSED_FLAG, getFlag, NEWSLETTER_CLOSED_FLAG, setFlag } from '~/core/ui/flags';
import { LazyNewsletterForm } from '~/features/newsletter/components/lazy-newsletter-form';

/** SPEC section 9: popup delays after the home page loads. */
export const NEWSLETTER_POPUP_DELAY_MS = 30_000;
export const B2B_POPUP_DELAY_MS = 15_000;

type PopupId = 'newsletter' | 'b2b';

const FLAGS: Record<PopupId, string> = { newsletter: NEWSLETTER_CLOSED_FLAG, b2b: B2B_POPUP_CLOSED_FLAG };
const DELAYS: Record<PopupId, number> = { newsletter: NEWSLETTER_POPUP_DELAY_MS, b2b: B2B_POPUP_DELAY_MS };

/**
 * Whether the visitor is somewhere on the page: a focused link, field or dialog. A popup takes focus
 * only from nobody (the page's body): a keyboard user walking the menu, or typing, keeps their place.
 */
function focusInUse(el: Element | null): boolean {
  return !!el && el !== document.body && el !== document.documentElement;
}

interface PopupProps {
  id: PopupId;
  title: string;
  text: string;
  cta: { to: string; label: string };
  /** Shown instead of the call-to-action link (the newsletter popup's signup form). */
  body?: ReactNode;
  icon: ReactNode;
  onClose: () => void;
  onHoverChange: (hovered: boolean) => void;
  popupRef: (el: HTMLDivElement | null) => void;
}

/**
 * A non-modal dialog: it takes focus when it appears unless focus is already somewhere on the page
 * (a link, a field, another dialog), Escape or the close button dismisses it, and focus returns to where it was.
 */
function Popup({ id, title, text, cta, body, icon, onClose, onHoverChange, popupRef }: PopupProps) {
  const t = useT();
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDivElement | null>(null);
  const previous = useRef<Element | null>(null);

  useEffect(() => {
    const active = document.activeElement;
    if (!focusInUse(active)) {
      previous.current = active;
      ref.current?.focus({ preventScroll: true });
    }
    return () => {
      // Give focus back only when it was inside the popup being removed.
      const prev = previous.current;
      if (prev instanceof HTMLElement && prev !== document.body && (!document.activeElement || document.activeElement === document.body)) {
        prev.focus({ preventScroll: true });
      }
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      ref={(el) => {
        ref.current = el;
        popupRef(el);
      }}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      aria-describedby={textId}
      tabIndex={-1}
      data-popup={id}
      onKeyDown={onKeyDown}
      onPointerEnter={() => onHoverChange(true)}
      onPointerLeave={() => onHoverChange(false)}
      className="pointer-events-auto relative w-full rounded-xl border border-slate-200 bg-white p-4 pr-12 shadow-2xl outline-none ring-brand-500 focus-visible:ring-2 motion-safe:transition motion-safe:duration-200 motion-safe:starting:translate-y-2 motion-safe:starting:opacity-0 sm:w-96 sm:p-5"
    >
      <button
        type="button"
        onClick={onClose}
        aria-label={t('popup.close')}
        className="absolute right-2 top-2 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M3 3l10 10M13 3L3 13" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div className="flex gap-4">
        <div className="mt-0.5 hidden size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">{icon}</div>
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p id={textId} className="mt-1 text-sm leading-relaxed text-slate-600">
            {text}
          </p>
          {body ? (
            <div className="mt-3">{body}</div>
          ) : (
            <Link
              to={cta.to}
              onClick={onClose}
              className="mt-3 inline-flex rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {cta.label}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * Home-only popups (SPEC section 4): the B2B shop popup 15 s and the newsletter popup 30 s after the
 * home page loads, each only until it has been closed once. Closing it, its link, Escape or a click
 * outside stores its local-storage flag; while the pointer is over either popup, clicks outside
 * dismiss neither.
 */
export function HomePopups({ locale, loggedIn }: { locale: Locale; loggedIn: boolean }) {
  const t = useT();
  const [open, setOpen] = useState<Record<PopupId, boolean>>({ newsletter: false, b2b: false });
  const hovered = useRef(new Set<PopupId>());
  const elements = useRef<Partial<Record<PopupId, HTMLDivElement | null>>>({});

  useEffect(() => {
    const timers = (Object.keys(DELAYS) as PopupId[])
      .filter((id) => !getFlag(FLAGS[id]))
      .map((id) => window.setTimeout(() => setOpen((o) => ({ ...o, [id]: true })), DELAYS[id]));
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
    };
  }, []);

  const close = useCallback((id: PopupId) => {
    setFlag(FLAGS[id], true);
    hovered.current.delete(id);
    setOpen((o) => ({ ...o, [id]: false }));
  }, []);

  const anyOpen = open.newsletter || open.b2b;
  useEffect(() => {
    if (!anyOpen) return;
    const onPointerDown = (e: globalThis.PointerEvent) => {
      if (hovered.current.size > 0) return;
      const target = e.target as Node;
      for (const id of Object.keys(open) as PopupId[]) {
        if (open[id] && !elements.current[id]?.contains(target)) close(id);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [anyOpen, open, close]);

  if (!anyOpen) return null;

  const hover = (id: PopupId) => (on: boolean) => {
    if (on) hovered.current.add(id);
    else hovered.current.delete(id);
  };

  return (
    <div className="pointer-events-none fixed inset-x-3 bottom-3 z-50 flex flex-col items-end gap-3 sm:inset-x-auto sm:bottom-6 sm:right-6">
      {open.b2b && (
        <Popup
          id="b2b"
          title={t('popup.b2b.title')}
          text={t('popup.b2b.text')}
          cta={{ to: loggedIn ? `/${locale}/cart` : `/${locale}/login`, label: t('popup.b2b.cta') }}
          icon={
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" strokeLinecap="round" strokeLinejoin="round" />
              <circle cx="10" cy="20" r="1.4" />
              <circle cx="17" cy="20" r="1.4" />
            </svg>
          }
          onClose={() => close('b2b')}
          onHoverChange={hover('b2b')}
          popupRef={(el) => {
            elements.current.b2b = el;
          }}
        />
      )}
      {open.newsletter && (
        <Popup
          id="newsletter"
          title={t('popup.newsletter.title')}
          text={t('popup.newsletter.text')}
          cta={{ to: `/${locale}/newsletter`, label: t('popup.newsletter.cta') }}
          icon={
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <rect x="3" y="5" width="18" height="14" rx="2" />
              <path d="M3 7l9 6 9-6" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          }
          onClose={() => close('newsletter')}
          onHoverChange={hover('newsletter')}
          // Signed up: the popup does not come back (the flag), the confirmation stays until closed.
          body={<LazyNewsletterForm variant="popup" onSubscribed={() => setFlag(FLAGS.newsletter, true)} />}
          popupRef={(el) => {
            elements.current.newsletter = el;
          }}
        />
      )}
    </div>
  );
}
