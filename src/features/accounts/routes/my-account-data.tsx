import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { type ReactNode, useEffect, useMemo } from 'react';
import { data, useActionData, useFetcher } from 'react-router';
import type { z } from 'zod';
import { COMPANY } from '~/core/company';
import { formatDate } from '~/core/time/format';
import { type Locale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { notify } from '~/core/ui/notify';
import { refreshToken, TokenField } from '~/core/ui/token-field';
import { accountJson, changePassword, findUserById, updateBasicData, updateConsents, updateProfile, updateSettings } from '../accounts.server';
import { SubmitButton } from '~/core/ui/form/button';
import { CheckboxField, SelectField, TextField, useScrollToFirstError } from '~/core/ui/form/conform';
import { Notice } from '~/core/ui/form/notice';
import { accountMessages } from '../messages';
import { sessionHeaders } from '../page-actions.server';
import { isCommonPassword } from '../password.server';
import { startLoggedInSession } from '../session-login.server';
import { basicDataSchema, changePasswordSchema, consentsSchema, profileSchema, settingsSchema } from '../validation';
import type { Route } from './+types/my-account-data';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/data', title: translator(accountMessages, layout.locale)('account.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const row = await findUserById(user.id);
  if (!row) throw new Response('Not found', { status: 404 });
  const date = (d: Date | null) => (d ? d.toISOString() : null);
  const b2bAsked = new URL(args.request.url).searchParams.get('b2b');
  return {
    token: args.context.xsrfToken,
    // Sent here from a shop page: why the shop did not open.
    shopRefused: b2bAsked === 'required' || b2bAsked === 'no-customer' ? b2bAsked : null,
    account: accountJson(row, user),
    consentDates: {
      terms: date(row.termsAcceptedAt),
      privacy: date(row.privacyAcceptedAt),
      rodo: date(row.rodoAcceptedAt),
      marketing: date(row.marketingAcceptedAt),
    },
  };
}

const INTENTS = ['basic', 'settings', 'password', 'profile', 'consents'] as const;
type Intent = (typeof INTENTS)[number];

/** Each part of the screen is saved on its own: the form's `intent` names the part. */
export async function action(args: Route.ActionArgs) {
  const user = await requireActiveUser(args);
  const { context } = args;
  const locale = guardLocale(args.params);
  const t = translator(accountMessages, locale);
  const links = { appUrl: context.config.APP_URL, secret: context.config.sessionSecret };
  const formData = await args.request.formData();
  const intent = INTENTS.find((i) => i === formData.get('intent'));
  if (!intent) throw new Response('Bad request', { status: 400 });
  const parse = <S extends z.ZodType>(schema: S) => parseWithZod(formData, { schema, disableAutoCoercion: true });
  const invalid = (result: unknown) => data({ intent, result, message: null as string | null }, { status: 422 });
  const saved = (result: unknown, message: string, init?: ResponseInit) => data({ intent, result, message }, init);

  switch (intent) {
    case 'basic': {
      const s = parse(basicDataSchema(locale));
      if (s.status !== 'success') return invalid(s.reply());
      const r = await updateBasicData(user.id, s.value, locale, links);
      if (!r.ok) return invalid(s.reply({ fieldErrors: r.errors }));
      return saved(s.reply(), t(r.value.emailChanged ? 'msg.emailChanged' : 'msg.saved'));
    }
    case 'settings': {
      const s = parse(settingsSchema(locale));
      if (s.status !== 'success') return invalid(s.reply());
      await updateSettings(user.id, s.value);
      return saved(s.reply(), t('msg.saved'));
    }
    case 'password': {
      const hideFields = ['current_password', 'password', 'password_confirmation'];
      const s = parse(changePasswordSchema(locale, { isCommonPassword, email: user.email }));
      if (s.status !== 'success') return invalid(s.reply({ hideFields }));
      const r = await changePassword(user.id, s.value, locale, context.sid);
      if (!r.ok) return invalid(s.reply({ fieldErrors: r.errors, hideFields }));
      // The other sessions are gone; this one continues under a new id.
      const session = await context.session();
      const next = await startLoggedInSession(context.sid, session, user.id, session.data.remember === true);
      return saved(s.reply({ resetForm: true }), t('msg.passwordChanged'), { headers: sessionHeaders(context, next.sid, next.maxAgeSeconds) });
    }
    case 'profile': {
      const s = parse(profileSchema(locale));
      if (s.status !== 'success') return invalid(s.reply());
      await updateProfile(user.id, s.value);
      return saved(s.reply(), t('msg.saved'));
    }
    case 'consents': {
      const s = parse(consentsSchema(locale));
      if (s.status !== 'success') return invalid(s.reply());
      await updateConsents(user.id, s.value);
      return saved(s.reply(), t('msg.saved'));
    }
  }
}

type ActionResult = { intent: Intent; result: unknown; message: string | null };

/** One independently saved part: a fetcher form (no page change) that is a plain form without JS. */
function useSection(intent: Intent, schema: z.ZodType, defaultValue: Record<string, string>) {
  const fetcher = useFetcher<ActionResult>({ key: `account-${intent}` });
  const actionData = useActionData<ActionResult>();
  const fromPage = actionData?.intent === intent ? actionData : undefined;
  const answer = fetcher.data ?? fromPage;
  const [form, fields] = useForm({
    id: `account-${intent}`,
    lastResult: fetcher.state === 'idle' ? (answer?.result as Parameters<typeof useForm>[0]['lastResult']) : undefined,
    defaultValue,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema, disableAutoCoercion: true }) as never,
  });
  useScrollToFirstError(form.id, form.status, answer?.result);
  // A green toast for every successful save (SPEC section 8).
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.message) notify.success(fetcher.data.message);
  }, [fetcher.state, fetcher.data]);
  return { fetcher, form, fields, message: answer?.message ?? null, pending: fetcher.state !== 'idle' };
}

function Section({ id, title, lead, children }: { id: string; title: string; lead: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{lead}</p>
      <div className="mt-5">{children}</div>
    </section>
  );
}

function SectionForm({ section, intent, token, children }: { section: ReturnType<typeof useSection>; intent: Intent; token: string; children: ReactNode }) {
  const t = useT(accountMessages);
  const { fetcher, form, message, pending } = section;
  return (
    <fetcher.Form method="post" id={form.id} onSubmit={form.onSubmit} onSubmitCapture={refreshToken} noValidate className="space-y-4">
      <TokenField token={token} />
      <input type="hidden" name="intent" value={intent} />
      {children}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton pending={pending} pendingText={t('account.saving')}>
          {t('account.save')}
        </SubmitButton>
        {message && !pending && form.status !== 'error' && <Notice kind="success">{message}</Notice>}
      </div>
    </fetcher.Form>
  );
}

export default function MyAccountData({ loaderData }: Route.ComponentProps) {
  const t = useT(accountMessages);
  const locale: Locale = useLocale();
  const { account, consentDates, token } = loaderData;
  const optional = t('field.optional');

  const basic = useSection(
    'basic',
    useMemo(() => basicDataSchema(locale), [locale]),
    {
      first_name: account.first_name,
      surname: account.surname,
      email: account.email,
      phone: account.phone,
    },
  );
  const settings = useSection(
    'settings',
    useMemo(() => settingsSchema(locale), [locale]),
    { default_locale: account.default_locale },
  );
  const password = useSection(
    'password',
    useMemo(() => changePasswordSchema(locale, { email: account.email }), [locale, account.email]),
    {},
  );
  const profile = useSection(
    'profile',
    useMemo(() => profileSchema(locale), [locale]),
    {
      company: account.company,
      position: account.position,
      address: account.address,
      city: account.city,
      country: account.country,
      province: account.province,
      postcode: account.postcode,
      tax_identification_nr: account.tax_identification_nr,
      is_b2b_request: account.is_b2b_request ? '1' : '',
    },
  );
  const consents = useSection(
    'consents',
    useMemo(() => consentsSchema(locale), [locale]),
    {
      accepted_marketing: account.accepted_marketing ? '1' : '',
    },
  );

  const given = (iso: string | null) => (iso ? t('account.consents.givenAt', { date: formatDate(iso) }) : '');

  return (
    <div className="bg-slate-50 px-4 py-10">
      <div className="mx-auto max-w-3xl space-y-6">
        <header>
          <h1 className="text-2xl font-bold text-brand-900">{t('account.title')}</h1>
          <p className="mt-1 text-sm text-slate-600">
            {account.first_name} {account.surname} · {account.email}
          </p>
        </header>

        <Section id="basic" title={t('account.basic')} lead={t('account.basic.lead')}>
          <SectionForm section={basic} intent="basic" token={token}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField meta={basic.fields.first_name} label={t('field.first_name')} autoComplete="given-name" required />
              <TextField meta={basic.fields.surname} label={t('field.surname')} autoComplete="family-name" required />
              <TextField meta={basic.fields.email} label={t('field.email')} type="email" autoComplete="email" required />
              <TextField meta={basic.fields.phone} label={t('field.phone')} type="tel" autoComplete="tel" optional={optional} />
            </div>
          </SectionForm>
        </Section>

        <Section id="settings" title={t('account.settings')} lead={t('account.settings.lead')}>
          <SectionForm section={settings} intent="settings" token={token}>
            <SelectField
              meta={settings.fields.default_locale}
              label={t('field.default_locale')}
              required
              className="max-w-xs"
              options={[
                { value: 'pl', label: t('locale.pl') },
                { value: 'en', label: t('locale.en') },
              ]}
            />
          </SectionForm>
          <div className="mt-8 border-t border-slate-100 pt-6">
            <h3 className="text-base font-semibold text-brand-900">{t('account.password')}</h3>
            <p className="mb-4 mt-1 text-sm text-slate-600">{t('account.password.lead')}</p>
            <SectionForm section={password} intent="password" token={token}>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  meta={password.fields.current_password}
                  label={t('field.current_password')}
                  type="password"
                  autoComplete="current-password"
                  required
                  keepValue={false}
                  className="sm:col-span-2 sm:max-w-[calc(50%-0.5rem)]"
                />
                <TextField
                  meta={password.fields.password}
                  label={t('field.new_password')}
                  type="password"
                  autoComplete="new-password"
                  required
                  keepValue={false}
                  hint={t('register.passwordHint')}
                />
                <TextField
                  meta={password.fields.password_confirmation}
                  label={t('field.password_confirmation')}
                  type="password"
                  autoComplete="new-password"
                  required
                  keepValue={false}
                />
              </div>
            </SectionForm>
          </div>
        </Section>

        <Section id="profile" title={t('account.profile')} lead={t('account.profile.lead')}>
          <SectionForm section={profile} intent="profile" token={token}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField meta={profile.fields.company} label={t('field.company')} autoComplete="organization" optional={optional} />
              <TextField meta={profile.fields.position} label={t('field.position')} autoComplete="organization-title" optional={optional} />
              <TextField meta={profile.fields.tax_identification_nr} label={t('field.tax_identification_nr')} optional={optional} />
              <TextField meta={profile.fields.address} label={t('field.address')} autoComplete="address-line1" optional={optional} />
              <TextField meta={profile.fields.postcode} label={t('field.postcode')} autoComplete="postal-code" optional={optional} />
              <TextField meta={profile.fields.city} label={t('field.city')} autoComplete="address-level2" optional={optional} />
              <TextField meta={profile.fields.province} label={t('field.province')} autoComplete="address-level1" optional={optional} />
              <TextField meta={profile.fields.country} label={t('field.country')} autoComplete="country-name" optional={optional} />
            </div>
            {loaderData.shopRefused && (
              <Notice kind="warning" role="alert">
                {t(loaderData.shopRefused === 'required' && !account.has_b2b_access ? 'account.b2b.required' : 'account.b2b.noCustomer')}
              </Notice>
            )}
            {account.has_b2b_access ? (
              <Notice kind="info">{t('account.b2b.granted')}</Notice>
            ) : (
              <CheckboxField
                meta={profile.fields.is_b2b_request}
                label={t('consent.b2b')}
                hint={account.is_b2b_request ? t('account.b2b.pending') : t('consent.b2b.hint')}
              />
            )}
          </SectionForm>
        </Section>

        <Section id="consents" title={t('account.consents')} lead={t('account.consents.lead')}>
          <ul className="mb-4 space-y-2 text-sm text-slate-800">
            <li className="flex gap-2">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>
              <span>
                {t('consent.terms.before')}
                <a href={`/${locale}/static/regulamin`} className="text-brand-700 underline">
                  {t('consent.terms.link')}
                </a>
                {t('consent.terms.after')} <span className="text-slate-500">{given(consentDates.terms)}</span>
              </span>
            </li>
            <li className="flex gap-2">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>
              <span>
                {t('consent.privacy.before')}
                <a href={`/${locale}/static/polityka-prywatnosci`} className="text-brand-700 underline">
                  {t('consent.privacy.link')}
                </a>
                {t('consent.privacy.after')} <span className="text-slate-500">{given(consentDates.privacy)}</span>
              </span>
            </li>
            <li className="flex gap-2">
              <span aria-hidden="true" className="text-green-700">
                ✓
              </span>
              <span>
                {t('consent.rodo')} <span className="text-slate-500">{given(consentDates.rodo)}</span>
              </span>
            </li>
          </ul>
          <p className="mb-5 rounded-md bg-slate-50 p-3 text-xs text-slate-700">{t('account.consents.requiredInfo', { email: COMPANY.adminEmail })}</p>
          <SectionForm section={consents} intent="consents" token={token}>
            <CheckboxField meta={consents.fields.accepted_marketing} label={t('consent.marketing')} hint={given(consentDates.marketing) || undefined} />
          </SectionForm>
        </Section>
      </div>
    </div>
  );
}
