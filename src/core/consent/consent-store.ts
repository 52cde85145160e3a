import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_STORAGE_DATE_KEY as STORAGE_DATE_KEY,
  CONSENT_STORAGE_KEY as STORAGE_KEY,
  type Consent,
  consentCookieString,
  cookieValue,
  parseConsent,
  serializeConsent,
} from './consent';

// The visitor's consent in the browser: one small store shared by the banner, the settings
// dialog and every ConsentGate, so a choice made anywhere applies everywhere at once.

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Consent | null | undefined;
let settingsOpen = false;

function emit() {
  for (const l of listeners) l();
}

function writeCookie(consent: Consent) {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox
  document.cookie = consentCookieString(consent, window.location.protocol === 'https:');
}

/** Reads the cookie; when the browser dropped it early (e.g. Safari's limit on script cookies),
 * restores a choice from localStorage made less than a year ago. */
function readBrowserConsent(): Consent | null {
  const fromCookie = parseConsent(cookieValue(document.cookie, CONSENT_COOKIE));
  if (fromCookie) return fromCookie;
  try {
    const stored = parseConsent(window.localStorage.getItem(STORAGE_KEY));
    const savedAt = Number(window.localStorage.getItem(STORAGE_DATE_KEY));
    if (stored && Number.isFinite(savedAt) && Date.now() - savedAt < CONSENT_MAX_AGE_SECONDS * 1000) {
      writeCookie(stored);
      return stored;
    }
  } catch {
    // localStorage can be unavailable (privacy mode); the cookie alone is enough.
  }
  return null;
}

function snapshot(): Consent | null {
  if (current === undefined) current = readBrowserConsent();
  return current;
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    // Another tab saved a choice: follow it.
    if (e.key !== STORAGE_KEY) return;
    current = readBrowserConsent();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Records a choice: cookie `consent` for a year (SameSite=Lax) and the same value in localStorage. */
export function saveConsent(consent: Consent) {
  writeCookie(consent);
  try {
    window.localStorage.setItem(STORAGE_KEY, serializeConsent(consent));
    window.localStorage.setItem(STORAGE_DATE_KEY, String(Date.now()));
  } catch {
    // Not fatal: the cookie holds the choice.
  }
  current = { ...consent };
  settingsOpen = false;
  emit();
}

/**
 * The visitor's choice. On the server and during hydration it is `serverValue` (read by the loader
 * from the request's cookie), so the first paint matches; `undefined` means "not known here".
 */
export function useConsent(serverValue?: Consent | null): Consent | null | undefined {
  return useSyncExternalStore(subscribe, snapshot, () => serverValue);
}

export function openConsentSettings() {
  settingsOpen = true;
  emit();
}

export function setConsentSettingsOpen(open: boolean) {
  settingsOpen = open;
  emit();
}

export function useConsentSettingsOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settingsOpen,
    () => false,
  );
}
