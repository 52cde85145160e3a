// What the account page actions share: the session cookies of a rotated session as response
// headers, and the redirect that follows a login.
import type { CurrentUser } from '~/core/permissions/current-user.server';
import type { PageContext } from '~/core/server/load-context';
import { sessionCookieHeaders } from '~/core/session/session.server';

export function sessionHeaders(context: Pick<PageContext, 'config'>, sid: string, maxAgeSeconds?: number): Headers {
  const secure = context.config.APP_URL.startsWith('https://');
  const headers = new Headers();
  for (const c of sessionCookieHeaders(sid, context.config.sessionSecret, secure, maxAgeSeconds)) headers.append('set-cookie', c);
  return headers;
}

/** Where a user goes after logging in or registering (SPEC section 4). */
export function homeFor(user: Pick<CurrentUser, 'isVerified' | 'isActive'>, locale: string): string {
  if (!user.isVerified) return `/${locale}/verify`;
  if (!user.isActive) return `/${locale}/wait-for-activation`;
  return `/${locale}`;
}
