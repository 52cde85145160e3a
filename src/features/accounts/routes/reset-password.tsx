import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { data, Form, Link, redirect, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireGuest } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { resetLinkAddress, resetPassword } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { TextField, useScrollToFirstError } from '~/core/ui/form/conform';
import { Notice } from '~/core/ui/form/notice';
import { AccountCard } from '../components/account-card';
import { accountMessages } from '../messages';
import { isCommonPassword } from '../password.server';
import { resetPasswordSchema } from '../validation';
import type { Route } from './+types/reset-password';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/reset-password', title: translator(accountMessages, layout.locale)('reset.title'), robots: 'noindex' });
}

export function headers() {
  // The token is in the address: keep it out of caches and out of Referer headers to other sites.
  // same-origin, not no-referrer: under no-referrer a form posted before the script runs carries
  // `Origin: null`, which React Router refuses as a forged action.
  return { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'same-origin' };
}

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  const email = await resetLinkAddress(args.params.token);
  // A used or expired link says so at once, before anyone types a new password.
  return { token: args.context.xsrfToken, resetToken: args.params.token, email: email ?? '', linkUsable: email !== null };
}

export async function action(args: Route.ActionArgs) {
  await requireGuest(args);
  const locale = guardLocale(args.params);
  const form = await args.request.formData();
  form.set('token', args.params.token);
  const submission = parseWithZod(form, { schema: resetPasswordSchema(locale, { isCommonPassword }), disableAutoCoercion: true });
  const hideFields = ['password', 'password_confirmation', 'token'];
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields }) }, { status: 422 });
  const result = await resetPassword(submission.value, locale);
  if (!result.ok) return data({ result: submission.reply({ fieldErrors: result.errors, hideFields }) }, { status: 422 });
  throw redirect(`/${locale}/login?reset=1`);
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const schema = useMemo(() => resetPasswordSchema(locale), [locale]);
  const [form, fields] = useForm({
    id: 'reset-password',
    lastResult: navigation.state === 'idle' ? actionData?.result : undefined,
    defaultValue: { email: loaderData.email },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => {
      formData.set('token', loaderData.resetToken);
      return parseWithZod(formData, { schema, disableAutoCoercion: true });
    },
  });
  useScrollToFirstError(form.id, form.status, actionData?.result);
  const pending = navigation.state === 'submitting';
  const tokenRefused = !loaderData.linkUsable || Boolean(fields.email.errors?.includes(t('v.resetInvalid')));
  return (
    <AccountCard title={t('reset.title')} lead={t('reset.lead')}>
      {!loaderData.linkUsable && !actionData && (
        <Notice kind="error" className="mb-2">
          {t('v.resetInvalid')}
        </Notice>
      )}
      {form.errors?.[0] && (
        <Notice kind="error" id={form.errorId}>
          {form.errors[0]}
        </Notice>
      )}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} onSubmitCapture={refreshToken} noValidate className="mt-2 space-y-4">
        <TokenField token={loaderData.token} />
        <TextField meta={fields.email} label={t('field.email')} type="email" autoComplete="email" required />
        <TextField
          meta={fields.password}
          label={t('field.new_password')}
          type="password"
          autoComplete="new-password"
          required
          keepValue={false}
          hint={t('register.passwordHint')}
        />
        <TextField
          meta={fields.password_confirmation}
          label={t('field.password_confirmation')}
          type="password"
          autoComplete="new-password"
          required
          keepValue={false}
        />
        <SubmitButton pending={pending}>{t('reset.submit')}</SubmitButton>
      </Form>
      {tokenRefused && (
        <p className="mt-4 text-sm">
          <Link to={`/${locale}/forgot-password`} className="font-semibold text-brand-700 underline">
            {t('reset.requestNew')}
          </Link>
        </p>
      )}
    </AccountCard>
  );
}
