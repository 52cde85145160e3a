import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useMemo } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireGuest } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { notify } from '~/core/ui/notify';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { requestPasswordReset } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { TextField, useScrollToFirstError } from '~/core/ui/form/conform';
import { Notice } from '~/core/ui/form/notice';
import { AccountCard } from '../components/account-card';
import { accountMessages } from '../messages';
import { forgotAllowed } from '../throttle.server';
import { forgotPasswordSchema } from '../validation';
import type { Route } from './+types/forgot-password';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/forgot-password', title: translator(accountMessages, layout.locale)('forgot.title'), robots: 'noindex' });
}

// An anonymous page with the session's XSRF token: the hook leaves anonymous pages alone.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return { token: args.context.xsrfToken };
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args);
  const locale = guardLocale(args.params);
  const submission = parseWithZod(await args.request.formData(), { schema: forgotPasswordSchema(locale), disableAutoCoercion: true });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: null, throttled: false }, { status: 422 });
  const { email } = submission.value;
  if (!(await forgotAllowed(email, args.context.clientIp))) {
    const message = translator(coreMessages, locale)('error.429');
    return data({ result: submission.reply({ formErrors: [message] }), sent: null, throttled: true }, { status: 429 });
  }
  await requestPasswordReset(email, { appUrl: args.context.config.APP_URL, secret: args.context.config.sessionSecret });
  // The same answer whether or not the address has an account.
  return { result: submission.reply({ resetForm: true }), sent: translator(accountMessages, locale)('msg.forgotSent'), throttled: false };
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const schema = useMemo(() => forgotPasswordSchema(locale), [locale]);
  const [form, fields] = useForm({
    id: 'forgot-password',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  useScrollToFirstError(form.id, form.status, actionData?.result);
  useEffect(() => {
    if (actionData?.sent) notify.success(actionData.sent);
    if (actionData?.throttled) notify.warning(translator(coreMessages, locale)('error.429'));
  }, [actionData, locale]);
  const pending = navigation.state === 'submitting';
  return (
    <AccountCard title={t('forgot.title')} lead={t('forgot.lead')}>
      <div className="space-y-3">
        {actionData?.sent && <Notice kind="success">{actionData.sent}</Notice>}
        {form.errors?.[0] && (
          <Notice kind="error" id={form.errorId}>
            {form.errors[0]}
          </Notice>
        )}
      </div>
      <Form method="post" id={form.id} onSubmit={form.onSubmit} onSubmitCapture={refreshToken} noValidate className="mt-4 space-y-4">
        <TokenField token={loaderData.token} />
        <TextField meta={fields.email} label={t('field.email')} type="email" autoComplete="email" required />
        <SubmitButton pending={pending}>{t('forgot.submit')}</SubmitButton>
      </Form>
      <p className="mt-6 border-t border-slate-100 pt-4 text-sm">
        <Link to={`/${locale}/login`} className="font-semibold text-brand-700 underline hover:text-brand-900">
          {t('forgot.back')}
        </Link>
      </p>
    </AccountCard>
  );
}
