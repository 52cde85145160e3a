// Server-side guards of pages (SPEC sections 4 and 6), for loaders and actions. Each throws a
// React Router redirect when its condition fails and otherwise returns the logged user.
//
//   export async function loader(args: Route.LoaderArgs) {
//     const user = await requireActiveUser(args);
//     ...
//   }
//
// GET (loaders):
//   requireGuest       logged in                      -> /{locale}
//   requireUser        visitor                        -> /{locale}/login
//   requireActiveUser  visitor                        -> /{locale}/login
//                      e-mail not verified            -> /{locale}/verify
//                      verified, not active           -> /{locale}/wait-for-activation
//   requireAdmin(area) as requireActiveUser, then without can.admin.access or the area's
//                      view (loaders) or update (actions) permission -> /{locale}
// Other methods (actions), where the user acted on a page shown to a logged-in user, follow the
// API reactions of SPEC section 8: a visitor (session expired, 401) goes to
// /{locale}/login?reason=session-expired; a verified user whose account is not active (406) is
// logged out and goes to /{locale}/login?reason=inactive. The other redirects are the same.
import { redirect } from 'react-router';
import { isLocale, type Locale } from '~/core/i18n/locale';
import type { PageContext } from '~/core/server/load-context';
import { rotateSession, sessionCookieHeaders } from '~/core/session/session.server';
import { type CurrentUser, forgetCurrentUser, getCurrentUser } from './current-user.server';
import { type AdminArea, canAccessAdmin } from './permissions';
import { loginPath } from './login-path';
export { loginPath, safeReturnPath } from './login-path';

export { getCurrentUser, type CurrentUser } from './current-user.server';

export interface GuardArgs {
  context: Pick<PageContext, 'session' | 'sid' | 'config'>;
  params: { locale?: string };
  request: Request;
}

/** Why the login page was reached from an action (shown as the SPEC section 8 message). */
export type LoginReason = 'session-expired' | 'inactive';

export function guardLocale(params: { locale?: string }): Locale {
  return isLocale(params.locale) ? params.locale : 'pl';
}

const isRead = (request: Request) => request.method === 'GET' || request.method === 'HEAD';

/** Guest-only pages (login, register, forgot-password, reset-password): a logged-in user goes home. */
export async function requireGuest(args: GuardArgs): Promise<void> {
  if (await getCurrentUser(args.context)) throw redirect(`/${guardLocale(args.params)}`);
}

/** Login-only pages: a visitor goes to the login page, which leads back here after logging in. */
export async function requireUser(args: GuardArgs): Promise<CurrentUser> {
  const user = await getCurrentUser(args.context);
  if (user) return user;
  const locale = guardLocale(args.params);
  const url = new URL(args.request.url);
  const page = url.pathname.replace(/\.data$/, ''); // a client navigation's data request
  throw redirect(isRead(args.request) ? loginPath(locale, `${page}${url.search}`) : loginPath(locale, page, 'session-expired'));
}

/** Pages for verified and active users (my account, trainings, application form …). */
export async function requireActiveUser(args: GuardArgs): Promise<CurrentUser> {
  const user = await requireUser(args);
  const locale = guardLocale(args.params);
  if (!user.isVerified) throw redirect(`/${locale}/verify`);
  if (!user.isActive) {
    if (isRead(args.request)) throw redirect(`/${locale}/wait-for-activation`);
    // SPEC 406: the account is not active: log out and go to login with the message.
    const sid = await rotateSession(args.context.sid, { userId: null });
    forgetCurrentUser(args.context);
    const secure = args.context.config.APP_URL.startsWith('https://');
    const headers = new Headers();
    for (const c of sessionCookieHeaders(sid, args.context.config.sessionSecret, secure)) headers.append('set-cookie', c);
    throw redirect(`/${locale}/login?reason=inactive`, { headers });
  }
  return user;
}

/**
 * Admin pages: can.admin.access and, for an area, its view permission to load the page and its update
 * permission for an action; else home.
 */
export async function requireAdmin(args: GuardArgs, area?: AdminArea): Promise<CurrentUser> {
  const user = await requireActiveUser(args);
  if (!canAccessAdmin(user.can, area, isRead(args.request) ? 'view' : 'update')) throw redirect(`/${guardLocale(args.params)}`);
  return user;
}
