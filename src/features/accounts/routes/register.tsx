import { type SubmissionResult, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { translator } from '~/core/i18n/locale';
import { coreMessages } from '~/core/i18n/messages';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireGuest } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { registerUser } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { CheckboxField, SelectField, TextField, useScrollToFirstError } from '~/core/ui/form/conform';
import { Notice } from '~/core/ui/form/notice';
import { AccountCard } from '../components/account-card';
import { accountMessages } from '../messages';
import { sessionHeaders } from '../page-actions.server';
import { isCommonPassword } from '../password.server';
import { endSession } from '../session-login.server';
import { registerAllowed } from '../throttle.server';
import { registerSchema } from '../validation';
import type { Route } from './+types/register';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/register', title: translator(accountMessages, layout.locale)('register.title'), robots: 'noindex' });
}

// An anonymous page with the session's XSRF token: the hook leaves anonymous pages alone.
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export async function loader(args: Route.LoaderArgs) {
  await requireGuest(args);
  return { token: args.context.xsrfToken };
}

const SECRET_FIELDS = ['password', 'password_confirmation'];

export async function action(args: Route.ActionArgs) {
  await requireGuest(args);
  const { context, request } = args;
  const locale = guardLocale(args.params);
  const submission = parseWithZod(await request.formData(), {
    schema: registerSchema(locale, { isCommonPassword }),
    disableAutoCoercion: true,
  });
  // Every submission counts against the IP, as on POST /api/register.
  if (!(await registerAllowed(context.clientIp))) {
    const message = translator(coreMessages, locale)('error.429');
    return data({ result: submission.reply({ formErrors: [message], hideFields: SECRET_FIELDS }) }, { status: 429 });
  }
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: SECRET_FIELDS }) }, { status: 422 });
  const result = await registerUser(submission.value, locale, { appUrl: context.config.APP_URL, secret: context.config.sessionSecret });
  if (!result.ok) return data({ result: submission.reply({ fieldErrors: result.errors, hideFields: SECRET_FIELDS }) }, { status: 422 });
  // A new address and one that has an account (its owner got a mail) get the same answer: a new
  // anonymous session and "check your mailbox". Nobody is logged in: the mailed link does that
  // (issue 37: a login only for new addresses told them apart).
  const next = await endSession(context.sid, await context.session());
  return data({ sent: submission.value.email }, { headers: sessionHeaders(context, next.sid) });
}

function ConsentLink({ to, text, newTab }: { to: string; text: string; newTab: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className="font-medium text-brand-700 underline hover:text-brand-900">
      {text}
      <span className="sr-only"> {newTab}</span>
    </a>
  );
}

/** After a registration: the same for a new address and a known one (nothing tells them apart). */
function CheckMailbox({ email }: { email: string }) {
  const t = useT(accountMessages);
  const locale = useLocale();
  return (
    <AccountCard title={t('register.sent.title')}>
      <div className="space-y-4">
        <Notice kind="success">{t('msg.registered')}</Notice>
        <p className="text-sm text-slate-700">{t('register.sent.text', { email })}</p>
        <p className="text-sm text-slate-700">
          {t('register.sent.notReceived')}{' '}
          <Link to={`/${locale}/login`} className="font-semibold text-brand-700 underline hover:text-brand-900">
            {t('register.login')}
          </Link>
        </p>
      </div>
    </AccountCard>
  );
}

export default function Register({ loaderData, actionData }: Route.ComponentProps) {
  const sent = actionData && 'sent' in actionData ? actionData.sent : null;
  return sent === null ? (
    <RegisterForm token={loaderData.token} result={actionData && 'result' in actionData ? actionData.result : undefined} />
  ) : (
    <CheckMailbox email={sent} />
  );
}

function RegisterForm({ token, result }: { token: string; result: SubmissionResult<string[]> | undefined }) {
  const t = useT(accountMessages);
  const locale = useLocale();
  const navigation = useNavigation();
  const schema = useMemo(() => registerSchema(locale), [locale]);
  const [form, fields] = useForm({
    id: 'register',
    lastResult: navigation.state === 'idle' ? result : undefined,
    defaultValue: { default_locale: locale, country: locale === 'pl' ? 'Polska' : '' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }),
  });
  useScrollToFirstError(form.id, form.status, result);
  const pending = navigation.state !== 'idle' && navigation.formAction?.endsWith('/register') === true;
  const optional = t('field.optional');
  const sectionTitle = 'text-base font-semibold text-brand-900';

  return (
    <AccountCard title={t('register.title')} lead={t('register.lead')} wide>
      <p className="text-xs text-slate-600">{t('register.requiredNote')}</p>
      {form.errors?.[0] && (
        <div className="mt-3">
          <Notice kind="error" id={form.errorId}>
            {form.errors[0]}
          </Notice>
        </div>
      )}
      <Form method="post" id={form.id} onSubmit={form.onSubmit} onSubmitCapture={refreshToken} noValidate className="mt-4 space-y-8">
        <TokenField token={token} />
        <fieldset className="space-y-4">
          <legend className={sectionTitle}>{t('register.section.account')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.first_name} label={t('field.first_name')} autoComplete="given-name" required />
            <TextField meta={fields.surname} label={t('field.surname')} autoComplete="family-name" required />
            <TextField meta={fields.email} label={t('field.email')} type="email" autoComplete="email" required />
            <TextField meta={fields.phone} label={t('field.phone')} type="tel" autoComplete="tel" optional={optional} />
            <TextField
              meta={fields.password}
              label={t('field.password')}
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
            <SelectField
              meta={fields.default_locale}
              label={t('field.default_locale')}
              required
              options={[
                { value: 'pl', label: t('locale.pl') },
                { value: 'en', label: t('locale.en') },
              ]}
            />
          </div>
        </fieldset>

        <fieldset className="space-y-4">
          <legend className={sectionTitle}>{t('register.section.company')}</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField meta={fields.company} label={t('field.company')} autoComplete="organization" optional={optional} />
            <TextField meta={fields.position} label={t('field.position')} autoComplete="organization-title" optional={optional} />
            <TextField meta={fields.tax_identification_nr} label={t('field.tax_identification_nr')} optional={optional} />
            <TextField meta={fields.address} label={t('field.address')} autoComplete="address-line1" optional={optional} />
            <TextField meta={fields.postcode} label={t('field.postcode')} autoComplete="postal-code" optional={optional} />
            <TextField meta={fields.city} label={t('field.city')} autoComplete="address-level2" optional={optional} />
            <TextField meta={fields.province} label={t('field.province')} autoComplete="address-level1" optional={optional} />
            <TextField meta={fields.country} label={t('field.country')} autoComplete="country-name" optional={optional} />
          </div>
          <CheckboxField meta={fields.is_b2b_request} label={t('consent.b2b')} hint={t('consent.b2b.hint')} />
        </fieldset>

        <fieldset className="space-y-3">
          <legend className={sectionTitle}>{t('register.section.consents')}</legend>
          <CheckboxField
            meta={fields.accepted_terms}
            required
            requiredText={t('consent.required')}
            label={
              <>
                {t('consent.terms.before')}
                <ConsentLink to={`/${locale}/static/regulamin`} text={t('consent.terms.link')} newTab={t('consent.newTab')} />
                {t('consent.terms.after')}
              </>
            }
          />
          <CheckboxField
            meta={fields.accepted_privacy}
            required
            requiredText={t('consent.required')}
            label={
              <>
                {t('consent.privacy.before')}
                <ConsentLink to={`/${locale}/static/polityka-prywatnosci`} text={t('consent.privacy.link')} newTab={t('consent.newTab')} />
                {t('consent.privacy.after')}
              </>
            }
          />
          <CheckboxField meta={fields.accepted_rodo} required requiredText={t('consent.required')} label={t('consent.rodo')} />
          <CheckboxField meta={fields.accepted_marketing} label={t('consent.marketing')} />
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-slate-100 pt-6">
          <p className="text-sm text-slate-700">
            {t('register.haveAccount')}{' '}
            <Link to={`/${locale}/login`} className="font-semibold text-brand-700 underline hover:text-brand-900">
              {t('register.login')}
            </Link>
          </p>
          <SubmitButton pending={pending}>{t('register.submit')}</SubmitButton>
        </div>
      </Form>
    </AccountCard>
  );
}
