import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useMemo } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { COMPANY } from '~/core/company';
import { tooManyMessage } from '~/core/http/rate-limit.server';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireGuest, safeReturnPath } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { LOGGED_IN_FLAG, setFlag } from '~/core/ui/flags';
import { notify } from '~/core/ui/notify';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { authenticate } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { CheckboxField, TextField, useScrollToFirstError } from '~/core/ui/form/conform';
import { Notice } from '~/core/ui/form/notice';
import { AccountCard } from '../components/account-card';
import { accountMessages } from '../messages';
import { homeFor, sessionHeaders } from '../page-actions.server';
import { startLoggedInSession } from '../session-login.server';
import { beginLogin } from '../throttle.server';
import { loginSchema } from '../validation';
import type { Route } from './+types/login';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/login', title: translator(accountMessages, layout.locale)('login.title'), robots: 'noindex' });
}

// An anonymous page with the session's XSRF token: the hook leaves anonymous pages alone.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

const REASONS = ['session-expired', 'inactive'] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  const url = new URL(args.request.url);
  const reason = url.searchParams.get('reason');
  return {
    token: args.context.xsrfToken,
    reason: REASONS.find((r) => r === reason) ?? null,
    verified: url.searchParams.has('verified'),
    next: safeReturnPath(url.searchParams.get('next')),
    passwordReset: url.searchParams.has('reset'),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args);
  const { context, request } = args;
  const locale = guardLocale(args.params);
  const submission = parseWithZod(await request.formData(), { schema: loginSchema(locale), disableAutoCoercion: true });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }), throttled: null }, { status: 422 });
  }
  const { email, password, remember } = submission.value;
  const attempt = await beginLogin(email, context.clientIp);
  if (!attempt.allowed) {
    const message = tooManyMessage(locale, attempt.retryAfterMs);
    const headers = { 'Retry-After': String(Math.ceil(attempt.retryAfterMs / 1000)) };
    return data({ result: submission.reply({ formErrors: [message], hideFields: ['password'] }), throttled: message }, { status: 429, headers });
  }
  const user = await authenticate(email, password);
  if (!user) {
    const message = translator(accountMessages, locale)('v.credentials');
    return data({ result: submission.reply({ fieldErrors: { email: [message] }, hideFields: ['password'] }), throttled: null }, { status: 422 });
  }
  await attempt.succeeded();
  const next = await startLoggedInSession(context.sid, await context.session(), user.id, remember);
  const home = homeFor({ isVerified: user.emailVerifiedAt !== null, isActive: user.isActive }, locale);
  // Back to the page that asked for the login (?next=), once the account may use it.
  const back = safeReturnPath(new URL(request.url).searchParams.get('next'));
  const target = back && home === `/${locale}` ? back : home;
  throw redirect(target, { headers: sessionHeaders(context, next.sid, next.maxAgeSeconds) });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const core = useT();
  const locale = useLocale();
  const navigation = useNavigation();
  const schema = useMemo(() => loginSchema(locale), [locale]);
  const [form, fields] = useForm({
    id: 'login',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  useScrollToFirstError(form.id, form.status, actionData?.result);

  // SPEC section 8 reactions that end on this page: 401 (session expired), 406 (not active), 429.
  useEffect(() => {
    const tc = translator(coreMessages, locale);
    if (loaderData.reason) setFlag(LOGGED_IN_FLAG, false);
    if (loaderData.reason === 'session-expired') notify.warning(tc('error.401'));
    if (loaderData.reason === 'inactive') notify.danger(tc('error.406', { email: COMPANY.adminEmail }));
  }, [loaderData.reason, locale]);
  useEffect(() => {
    if (actionData?.throttled) notify.warning(actionData.throttled);
  }, [actionData]);

  const pending = navigation.state !== 'idle' && navigation.formAction?.endsWith('/login') === true;
  return (
    <AccountCard title={t('login.title')} lead={t('login.lead')}>
      <div className="space-y-3">
        {loaderData.reason === 'session-expired' && (
          <Notice kind="warning" role="alert">
            {core('error.401')}
          </Notice>
        )}
        {loaderData.reason === 'inactive' && <Notice kind="error">{core('error.406', { email: COMPANY.adminEmail })}</Notice>}
        {loaderData.verified && <Notice kind="success">{t('login.verified')}</Notice>}
        {loaderData.passwordReset && <Notice kind="success">{t('login.passwordReset')}</Notice>}
        {form.errors?.[0] && (
          <Notice kind="error" id={form.errorId}>
            {form.errors[0]}
          </Notice>
        )}
      </div>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} onSubmitCapture={refreshToken} noValidate className="mt-4 space-y-4">
        <TokenField token={loaderData.token} />
        <TextField meta={fields.email} label={t('field.email')} type="email" autoComplete="email" required />
        <TextField meta={fields.password} label={t('field.password')} type="password" autoComplete="current-password" required keepValue={false} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField meta={fields.remember} label={t('field.remember')} />
          <Link to={`/${locale}/forgot-password`} className="text-sm font-medium text-brand-700 underline hover:text-brand-900">
            {t('login.forgot')}
          </Link>
        </div>
        <SubmitButton pending={pending}>{t('login.submit')}</SubmitButton>
      </Form>
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-700">
        {t('login.noAccount')}{' '}
        <Link to={`/${locale}/register`} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('login.register')}
        </Link>
      </p>
    </AccountCard>
  );
}
