import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { formatMoney, fromDecimal } from '~/core/money/money';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { dangerButton, primaryButton, secondaryButton } from '~/core/ui/form/button';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { PageHeader } from '~/core/ui/page-header';
import { requireB2bCustomerPage } from '../b2b-access.server';
import { COMPANY_ROLES, type CompanyRole, companyRoleCan } from '../company-roles';
import { type Colleague, companyMemberOf, getCompany } from '../company.server';
import { customerMessages } from '../messages';
import type { Route } from './+types/my-company';

// /{locale}/my-account/company (issue 40): the customer's colleagues with roles and approval limits;
// the owner changes them, removes colleagues and sets the company's limit (companyRoleCan decides
// what is offered, the API the same).
export async function loader(args: Route.LoaderArgs) {
  const buyer = await requireB2bCustomerPage(args);
  const member = await companyMemberOf(buyer.userId);
  if (!member) throw new Response(null, { status: 403 });
  return getCompany(member);
}

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/my-account/company', title: translator(customerMessages, layout.locale)('company.title'), robots: 'noindex' });
}

type T = ReturnType<typeof useT<keyof typeof customerMessages.pl & string>>;

/** A decimal string ("1500.00") as the field shows it in the language ("1500,00"); '' for none. */
const amountText = (v: string | null, locale: string) => (v === null ? '' : locale === 'pl' ? v.replace('.', ',') : v);

export default function MyCompany({ loaderData }: Route.ComponentProps) {
  const t = useT(customerMessages);
  const locale = useLocale();
  const { customer, colleagues, me } = loaderData;
  const canManage = companyRoleCan(me.company_role, 'manage_colleagues');
  return (
    <>
      <PageHeader title={t('company.title')} />
      <div className="mx-auto max-w-7xl space-y-8 px-4 py-10">
        <p className="text-slate-700">{t('company.lead', { name: customer.name })}</p>
        {!canManage && <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">{t('company.readOnly')}</p>}
        <LimitCard customer={customer} canSet={companyRoleCan(me.company_role, 'set_approval_limit')} t={t} locale={locale} />
        <section aria-labelledby="colleagues-heading">
          <h2 id="colleagues-heading" className="text-lg font-semibold text-slate-900">
            {t('company.colleagues')} <span className="text-sm font-normal text-slate-600">({t('company.count', { count: colleagues.length })})</span>
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white" data-testid="company-colleagues">
            {colleagues.map((c) => (
              <ColleagueRow key={`${c.id}-${c.company_role}-${c.approval_limit}`} c={c} isMe={c.id === me.id} canManage={canManage} t={t} locale={locale} />
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

function LimitCard({
  customer,
  canSet,
  t,
  locale,
}: {
  customer: { approval_limit: string | null; approval_limit_max: string | null };
  canSet: boolean;
  t: T;
  locale: 'pl' | 'en';
}) {
  const revalidator = useRevalidator();
  const [value, setValue] = useState(amountText(customer.approval_limit, locale));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    const res = await api('/api/company', { method: 'PUT', body: { approval_limit: value } });
    setBusy(false);
    if (res.ok) {
      setError(undefined);
      void revalidator.revalidate();
    } else if (res.status === 422) setError(res.errors?.approval_limit?.[0] ?? res.message);
  };
  const shown = customer.approval_limit === null ? t('company.limitNone') : formatMoney(fromDecimal(customer.approval_limit), locale);
  return (
    <section aria-labelledby="limit-heading" className="rounded-lg border border-slate-200 p-5">
      <h2 id="limit-heading" className="text-lg font-semibold text-slate-900">
        {t('company.limitTitle')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('company.limitHelp')}</p>
      {customer.approval_limit_max !== null && (
        <p className="mt-1 text-sm text-slate-700">{t('company.limitMax', { max: formatMoney(fromDecimal(customer.approval_limit_max), locale) })}</p>
      )}
      {canSet ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="w-full sm:w-60">
            <label htmlFor="company-limit" className="mb-1 block text-sm font-medium text-slate-800">
              {t('company.col.limit')}
            </label>
            <input
              id="company-limit"
              name="approval_limit"
              inputMode="decimal"
              maxLength={20}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              className={inputClass}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'company-limit-error' : undefined}
            />
            <FieldError id="company-limit-error" message={error} />
          </div>
          <button type="submit" className={secondaryButton} disabled={busy}>
            {t('company.limitSave')}
          </button>
        </form>
      ) : (
        <p className="mt-3 font-medium text-slate-900">{shown}</p>
      )}
    </section>
  );
}

function ColleagueRow({ c, isMe, canManage, t, locale }: { c: Colleague; isMe: boolean; canManage: boolean; t: T; locale: 'pl' | 'en' }) {
  const revalidator = useRevalidator();
  const [role, setRole] = useState<CompanyRole>(c.company_role);
  const [limit, setLimit] = useState(amountText(c.approval_limit, locale));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const refresh = () => void revalidator.revalidate();
  const save = async () => {
    setBusy(true);
    const res = await api(`/api/company/users/${c.id}`, { method: 'PUT', body: { company_role: role, approval_limit: limit } });
    setBusy(false);
    if (res.ok) {
      setErrors({});
      refresh();
    } else if (res.status === 422) setErrors(res.errors ?? {});
  };
  const name = c.name || c.email;
  const ids = { role: `colleague-${c.id}-role`, limit: `colleague-${c.id}-limit` };
  return (
    <li className="grid gap-3 p-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:items-center" data-testid={`colleague-${c.id}`}>
      <div className="min-w-0">
        <p className="font-semibold break-words text-slate-900">
          {name} {isMe && <span className="font-normal text-slate-600">{t('company.you')}</span>}
        </p>
        <p className="text-sm break-all text-slate-700">{c.email}</p>
        {!canManage && (
          <p className="mt-1 text-sm text-slate-700">
            {t(`company.role.${c.company_role}`)}
            {c.approval_limit !== null && ` · ${formatMoney(fromDecimal(c.approval_limit), locale)}`}
          </p>
        )}
      </div>
      {canManage && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="w-full sm:w-64">
            <label htmlFor={ids.role} className="mb-1 block text-sm font-medium text-slate-800">
              {t('company.col.role')}
            </label>
            <select id={ids.role} name="company_role" value={role} onChange={(e) => setRole(e.currentTarget.value as CompanyRole)} className={inputClass}>
              {COMPANY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`company.role.${r}`)}
                </option>
              ))}
            </select>
            <FieldError id={`${ids.role}-error`} message={errors.company_role?.[0]} />
          </div>
          <div className="w-full sm:w-44">
            <label htmlFor={ids.limit} className="mb-1 block text-sm font-medium text-slate-800">
              {t('company.col.limit')}
            </label>
            <input
              id={ids.limit}
              name="approval_limit"
              inputMode="decimal"
              maxLength={20}
              value={limit}
              onChange={(e) => setLimit(e.currentTarget.value)}
              className={inputClass}
              aria-invalid={errors.approval_limit ? true : undefined}
              aria-describedby={errors.approval_limit ? `${ids.limit}-error` : undefined}
            />
            <FieldError id={`${ids.limit}-error`} message={errors.approval_limit?.[0]} />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {t('company.save')}
              <span className="sr-only"> {name}</span>
            </button>
            <ConfirmDialog
              trigger={t('company.remove')}
              triggerClassName={dangerButton}
              title={t('company.removeTitle')}
              message={t('company.removeConfirm', { name })}
              submitUrl="/api/company/users"
              id={c.id}
              onConfirm={refresh}
            />
          </div>
        </form>
      )}
    </li>
  );
}
