// Starting and ending a logged-in session, shared by the API routes and the page actions.
import { isLocale, type Locale } from '~/core/i18n/locale';
import { REMEMBER_MAX_AGE_S, rotateSession } from '~/core/session/session.server';

export interface SessionSnapshot {
  userId: number | null;
  data: Record<string, unknown>;
}

/**
 * Login (and registration): a new session id holding the user replaces the old session, whose row
 * is deleted. The chosen locale survives. Returns the new id and the cookie lifetime.
 */
export async function startLoggedInSession(
  oldSid: string,
  old: SessionSnapshot,
  userId: number,
  remember: boolean,
): Promise<{ sid: string; state: SessionSnapshot; maxAgeSeconds?: number }> {
  const data: Record<string, unknown> = { ...(isLocale(old.data.locale) ? { locale: old.data.locale } : {}), remember };
  const sid = await rotateSession(oldSid, { userId, data });
  return { sid, state: { userId, data }, maxAgeSeconds: remember ? REMEMBER_MAX_AGE_S : undefined };
}

/** Logout: the session row is deleted and a new anonymous id replaces it (keeping the locale). */
export async function endSession(oldSid: string, old: SessionSnapshot): Promise<{ sid: string; state: SessionSnapshot }> {
  const data: Record<string, unknown> = isLocale(old.data.locale) ? { locale: old.data.locale as Locale } : {};
  const sid = await rotateSession(oldSid, { userId: null, data });
  return { sid, state: { userId: null, data } };
}
