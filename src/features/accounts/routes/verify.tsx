import { useEffect } from 'react';
import { data, Form, Link, redirect, useLocation, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { getCurrentUser, guardLocale, requireUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { notify } from '~/core/ui/notify';
import { getRateLimiter } from '~/core/http/rate-limit.server';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { checkVerificationLink, resendVerification, verifyEmail } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';
import { AccountCard } from '../components/account-card';
import { AccountSteps } from '../components/steps';
import { accountMessages } from '../messages';
import { homeFor, sessionHeaders } from '../page-actions.server';
import { startLoggedInSession } from '../session-login.server';
import { resendAllowed } from '../throttle.server';
import type { Route } from './+types/verify';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/verify', title: translator(accountMessages, layout.locale)('verify.title'), robots: 'noindex' });
}

// A public path with a token in the address, opened by anonymous visitors too: not covered by the hook.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

/**
 * /{locale}/verify: while the e-mail is unverified (SPEC section 4), with a resend button.
 * /{locale}/verify/{token}?expires=…&signature=…: the signed link of the mail. Opening it only asks:
 * mail scanners open links (issue 41), so the page's button confirms (a POST), once. It proves the
 * mailbox, so a guest confirming is logged in (registration logs nobody in, issue 37) and led on as
 * SPEC section 4 says; someone else's session on this browser is left as it is. A link used
 * before says the address is already verified.
 */
export async function loader(args: Route.LoaderArgs) {
  const { params, context, request } = args;
  const locale = guardLocale(params);
  if (params.token) {
    const url = new URL(request.url);
    const link = await checkVerificationLink(params.token, url.searchParams.get('expires'), url.searchParams.get('signature'), context.config.sessionSecret);
    const user = await getCurrentUser(context);
    if (link.status === 'ask') return { mode: 'confirm' as const, token: context.xsrfToken, email: link.email, loggedIn: Boolean(user), isActive: false };
    if (link.status === 'already') return { mode: 'already' as const, token: context.xsrfToken, email: null, loggedIn: Boolean(user), isActive: false };
    if (user?.isVerified) throw redirect(`/${locale}`);
    return { mode: 'invalid' as const, token: context.xsrfToken, email: user?.email ?? null, loggedIn: Boolean(user), isActive: user?.isActive ?? false };
  }
  const user = await requireUser(args);
  if (user.isVerified) throw redirect(`/${locale}`);
  return { mode: 'resend' as const, token: context.xsrfToken, email: user.email, loggedIn: true, isActive: user.isActive };
}

export async function action(args: Route.ActionArgs) {
  const { params, context, request } = args;
  const locale = guardLocale(params);
  if (params.token) {
    const url = new URL(request.url);
    const result = await verifyEmail(params.token, url.searchParams.get('expires'), url.searchParams.get('signature'), context.config.sessionSecret);
    if (result.status !== 'verified') return data({ ok: false, message: translator(accountMessages, locale)('verify.invalid') }, { status: 410 });
    const user = await getCurrentUser(context);
    const target = homeFor({ isVerified: true, isActive: result.isActive }, locale);
    if (!user) {
      const next = await startLoggedInSession(context.sid, await context.session(), result.userId, false);
      throw redirect(target, { headers: sessionHeaders(context, next.sid) });
    }
    if (user.id !== result.userId) throw redirect(`/${locale}`);
    throw redirect(target);
  }
  const user = await requireUser(args);
  if (user.isVerified) throw redirect(`/${locale}`);
  if (!(await resendAllowed(getRateLimiter(), user.id))) {
    return data({ ok: false, message: translator(coreMessages, locale)('error.429') }, { status: 429 });
  }
  await resendVerification(user.id, { appUrl: context.config.APP_URL, secret: context.config.sessionSecret });
  return { ok: true, message: translator(accountMessages, locale)('msg.verificationSent', { email: user.email }) };
}

export default function Verify({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) notify.success(actionData.message);
    else notify.warning(actionData.message);
  }, [actionData]);
  const pending = navigation.state === 'submitting';
  const location = useLocation();

  const mode = actionData && !actionData.ok && loaderData.mode === 'confirm' ? 'invalid' : loaderData.mode;

  return (
    <AccountCard title={t('verify.title')}>
      <div className="space-y-4">
        {mode === 'invalid' && <Notice kind="error">{t('verify.invalid')}</Notice>}
        {mode === 'already' && <Notice kind="info">{t('verify.already')}</Notice>}
        {actionData && mode !== 'invalid' && (
          <Notice kind={actionData.ok ? 'success' : 'warning'} role={actionData.ok ? 'status' : 'alert'}>
            {actionData.message}
          </Notice>
        )}
        {mode === 'confirm' ? (
          <>
            <p className="text-sm text-slate-700">{t('verify.confirmText', { email: loaderData.email ?? '' })}</p>
            <Form method="post" onSubmitCapture={refreshToken} action={`${location.pathname}${location.search}`}>
              <TokenField token={loaderData.token} />
              <SubmitButton pending={pending}>{t('verify.confirm')}</SubmitButton>
            </Form>
          </>
        ) : mode === 'already' ? (
          <p className="text-sm text-slate-700">
            <Link to={loaderData.loggedIn ? `/${locale}` : `/${locale}/login`} className="font-semibold text-brand-700 underline">
              {loaderData.loggedIn ? t('verify.toHome') : t('login.submit')}
            </Link>
          </p>
        ) : loaderData.loggedIn ? (
          <>
            <AccountSteps verified={false} active={loaderData.isActive} />
            <p className="text-sm text-slate-700">{t('verify.text', { email: loaderData.email ?? '' })}</p>
            <p className="text-sm text-slate-700">{t('verify.notReceived')}</p>
            <Form method="post" onSubmitCapture={refreshToken} action={`/${locale}/verify`}>
              <TokenField token={loaderData.token} />
              <SubmitButton pending={pending}>{t('verify.resend')}</SubmitButton>
            </Form>
          </>
        ) : (
          <p className="text-sm text-slate-700">
            {t('verify.invalidGuest')}{' '}
            <Link to={`/${locale}/login`} className="font-semibold text-brand-700 underline">
              {t('login.submit')}
            </Link>
          </p>
        )}
      </div>
    </AccountCard>
  );
}
