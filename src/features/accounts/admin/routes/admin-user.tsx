import { type FormEvent, useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, type Option, Select } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { COMPANY_ROLES } from '../../accounts.schema';
import { customerOptions } from '../../customer-link.server';
import { ADMINISTRATOR_ROLE_ID } from '../../roles.server';
import { usersAdminMessages } from '../messages';
import { type AdminUser, getAdminUser, roleOptions } from '../users-admin.server';
import type { Route } from './+types/admin-user';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const t = translator(usersAdminMessages, layout.locale);
  const title = loaderData ? `${loaderData.user.first_name} ${loaderData.user.surname}`.trim() || loaderData.user.email : t('list.title');
  return seoMeta({ ...layout, path: `/admin/user/${loaderData?.user.id ?? ''}`, title, robots: 'noindex' });
}

/** /{locale}/admin/user/{id}: one account: data, state, roles, customer and B2B access. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireAdmin(args, 'users');
  const id = Number(args.params.id);
  const user = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await getAdminUser(id) : null;
  if (!user) throw data(null, { status: 404 });
  const [roles, customers] = await Promise.all([roleOptions(guardLocale(args.params)), customerOptions('', 20)]);
  return { user, roles, customers, meId: me.id, adminRoleId: ADMINISTRATOR_ROLE_ID };
}

type T = ReturnType<typeof useT<keyof typeof usersAdminMessages.pl & string>>;

export default function AdminUserPage({ loaderData }: Route.ComponentProps) {
  const t = useT(usersAdminMessages);
  const locale = useLocale();
  const { user, roles, customers, meId, adminRoleId } = loaderData;
  const name = `${user.first_name} ${user.surname}`.trim() || user.email;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/users`} className="text-brand-700 hover:underline">
          ← {t('user.back')}
        </Link>
      </p>
      <AdminPageHeader
        title={name}
        lead={
          <>
            <span className="break-all">{user.email}</span> · {t('user.registered', { date: formatDate(user.created_at) })} ·{' '}
            {t('user.lastLogin', { date: user.last_login_at ? formatDate(user.last_login_at) : t('user.never') })}
          </>
        }
        actions={
          <div className="flex flex-wrap gap-1">
            <StatusBadge tone={user.is_active ? 'green' : 'amber'}>{user.is_active ? t('badge.active') : t('badge.inactive')}</StatusBadge>
            <StatusBadge tone={user.has_verified_email ? 'green' : 'grey'}>{user.has_verified_email ? t('badge.verified') : t('badge.unverified')}</StatusBadge>
            {user.has_b2b_access ? (
              <StatusBadge tone="blue">{t('badge.b2b')}</StatusBadge>
            ) : user.is_b2b_request ? (
              <StatusBadge tone="amber">{t('badge.b2bRequest')}</StatusBadge>
            ) : null}
          </div>
        }
      />
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-5">
          <DataCard key={user.version} user={user} t={t} />
          <ConsentsCard user={user} t={t} />
        </div>
        <div className="space-y-5">
          <StateCard user={user} meId={meId} t={t} />
          <RolesCard key={user.role_ids.join(',')} user={user} roles={roles} meId={meId} adminRoleId={adminRoleId} t={t} />
          <CustomerCard key={user.customer?.id ?? 0} user={user} initialOptions={customers} t={t} />
        </div>
      </div>
    </div>
  );
}

const TEXT_FIELDS = [
  ['first_name', 100, 'given-name'],
  ['surname', 100, 'family-name'],
  ['phone', 20, 'tel'],
  ['company', 200, 'organization'],
  ['position', 100, 'organization-title'],
  ['tax_identification_nr', 30, 'off'],
  ['address', 200, 'address-line1'],
  ['city', 100, 'address-level2'],
  ['postcode', 12, 'postal-code'],
  ['province', 100, 'address-level1'],
  ['country', 100, 'country-name'],
] as const;

function DataCard({ user, t }: { user: AdminUser; t: T }) {
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'user' });
  const [busy, setBusy] = useState(false);
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    if (!body.has('is_b2b_request')) body.set('is_b2b_request', '0');
    setBusy(true);
    const res = await api(`/api/admin/users/${user.id}`, { method: 'PUT', body });
    setBusy(false);
    if (res.ok) {
      f.clear();
      await revalidator.revalidate();
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };
  return (
    <AdminCard title={t('user.data')}>
      <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        <input type="hidden" name="version" value={user.version} />
        <Field label={t('user.email')} htmlFor="user-email" hint={t('user.emailHint')}>
          <input id="user-email" value={user.email} readOnly className={`${inputClass} bg-slate-50 text-slate-700`} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          {TEXT_FIELDS.map(([name, max, autoComplete]) => (
            <Field key={name} label={t(`field.${name}`)} htmlFor={f.field(name).id}>
              <input {...f.field(name)} defaultValue={user[name]} maxLength={max} autoComplete={autoComplete} className={inputClass} />
              <FieldError {...f.error(name)} />
            </Field>
          ))}
          <Field label={t('field.default_locale')} htmlFor={f.field('default_locale').id}>
            <Select
              {...f.field('default_locale')}
              label={t('field.default_locale')}
              defaultValue={user.default_locale}
              options={[
                { id: 'pl', name: t('locale.pl') },
                { id: 'en', name: t('locale.en') },
              ]}
            />
            <FieldError {...f.error('default_locale')} />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="is_b2b_request" value="1" defaultChecked={user.is_b2b_request} className="h-4 w-4 rounded border-slate-300" />
          {t('field.is_b2b_request')}
        </label>
        <FieldError {...f.error('is_b2b_request')} />
        <div className="flex justify-end">
          <button type="submit" disabled={busy} className={primaryButton}>
            {t('user.saveData')}
          </button>
        </div>
      </form>
    </AdminCard>
  );
}

function ConsentsCard({ user, t }: { user: AdminUser; t: T }) {
  const rows = [
    ['user.consent.terms', user.accepted_terms_at],
    ['user.consent.privacy', user.accepted_privacy_at],
    ['user.consent.rodo', user.accepted_rodo_at],
    ['user.consent.marketing', user.accepted_marketing_at],
  ] as const;
  return (
    <AdminCard title={t('user.consents')}>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        {rows.map(([key, at]) => (
          <div key={key} className="flex justify-between gap-3 border-b border-slate-100 pb-2">
            <dt className="text-slate-600">{t(key)}</dt>
            <dd className="font-medium text-slate-900">{at ? t('user.consent.given', { date: formatDate(at) }) : t('user.consent.none')}</dd>
          </div>
        ))}
      </dl>
    </AdminCard>
  );
}

function StateCard({ user, meId, t }: { user: AdminUser; meId: number; t: T }) {
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const url = `/api/admin/users/${user.id}`;
  const self = user.id === meId;
  return (
    <AdminCard title={t('user.state')}>
      <ul className="space-y-1 text-sm text-slate-800">
        <li>
          {user.has_verified_email ? t('user.emailVerified', { date: formatDate(user.email_verified_at ?? user.created_at) }) : t('user.emailNotVerified')}
        </li>
        <li>
          {user.is_active ? (user.activated_at ? t('user.isActive', { date: formatDate(user.activated_at) }) : t('user.isActiveNoDate')) : t('user.isInactive')}
        </li>
      </ul>
      <div className="mt-4 flex flex-wrap gap-2">
        {user.is_active ? (
          self ? (
            <p className="text-sm text-slate-600">{t('user.deactivateSelf')}</p>
          ) : (
            <ConfirmDialog
              trigger={t('user.deactivate')}
              triggerClassName={dangerButton}
              destructive
              title={t('user.confirmTitle')}
              message={t('user.deactivateConfirm', { email: user.email })}
              submitUrl={url}
              id="deactivate"
              method="POST"
              onConfirm={refresh}
            />
          )
        ) : (
          <ConfirmDialog
            trigger={t('user.activate')}
            triggerClassName={primaryButton}
            title={t('user.confirmTitle')}
            message={t('user.activateConfirm', { email: user.email })}
            submitUrl={url}
            id="activate"
            method="POST"
            onConfirm={refresh}
          />
        )}
        {!user.has_verified_email && (
          <ConfirmDialog
            trigger={t('user.markVerified')}
            triggerClassName={secondaryButton}
            title={t('user.confirmTitle')}
            message={t('user.markVerifiedConfirm', { email: user.email })}
            submitUrl={url}
            id="verify-email"
            method="POST"
            onConfirm={refresh}
          />
        )}
        <ConfirmDialog
          trigger={t('user.sendReset')}
          triggerClassName={secondaryButton}
          title={t('user.confirmTitle')}
          message={t('user.sendResetConfirm', { email: user.email })}
          submitUrl={url}
          id="password-reset"
          method="POST"
        />
      </div>
      <DeleteUser user={user} self={self} t={t} />
    </AdminCard>
  );
}

/** Delete (or anonymise, when records must be kept): confirmed in a dialog, then back to the list (the answer is a toast). */
function DeleteUser({ user, self, t }: { user: AdminUser; self: boolean; t: T }) {
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      {self ? (
        <p className="text-sm text-slate-600">{t('user.deleteSelf')}</p>
      ) : (
        <ConfirmDialog
          trigger={t('user.delete')}
          triggerClassName={dangerButton}
          title={t('user.deleteTitle')}
          message={t('user.deleteConfirm', { email: user.email })}
          submitUrl="/api/admin/users"
          id={user.id}
          onConfirm={() => navigate(`/${locale}/admin/users`)}
        />
      )}
    </div>
  );
}

function RolesCard({ user, roles, meId, adminRoleId, t }: { user: AdminUser; roles: Option[]; meId: number; adminRoleId: number; t: T }) {
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<Set<number>>(() => new Set(user.role_ids));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const ownAdmin = user.id === meId && user.role_ids.includes(adminRoleId);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const res = await api(`/api/admin/users/${user.id}/roles`, { method: 'PUT', body: { role_ids: [...selected].sort((a, b) => a - b) } });
    setBusy(false);
    if (res.ok) {
      setError(undefined);
      await revalidator.revalidate();
    } else if (res.status === 422) setError(res.errors?.role_ids?.[0] ?? res.message);
  };
  return (
    <AdminCard title={t('user.roles')}>
      <form onSubmit={save}>
        <fieldset aria-describedby="user-roles-hint">
          <legend className="sr-only">{t('user.roles')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {roles.map((r) => {
              const id = Number(r.id);
              const locked = ownAdmin && id === adminRoleId;
              return (
                <label key={r.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    name="role_ids"
                    value={r.id}
                    checked={selected.has(id)}
                    disabled={locked}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      setSelected((s) => {
                        const next = new Set(s);
                        if (on) next.add(id);
                        else next.delete(id);
                        return next;
                      });
                    }}
                    className="h-4 w-4 rounded border-slate-300"
                  />
                  {r.name}
                </label>
              );
            })}
          </div>
        </fieldset>
        <p id="user-roles-hint" className="mt-3 text-xs text-slate-600">
          {ownAdmin ? t('user.ownAdminHint') : t('user.rolesHint')}
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {error}
          </p>
        )}
        <div className="mt-4 flex justify-end">
          <button type="submit" disabled={busy} className={primaryButton}>
            {t('user.saveRoles')}
          </button>
        </div>
      </form>
    </AdminCard>
  );
}

function CustomerCard({ user, initialOptions, t }: { user: AdminUser; initialOptions: Option[]; t: T }) {
  const locale = useLocale();
  const revalidator = useRevalidator();
  const refresh = () => void revalidator.revalidate();
  const current = user.customer;
  const withCurrent = (list: Option[]) =>
    current && !list.some((o) => o.id === String(current.id)) ? [{ id: String(current.id), name: current.name }, ...list] : list;
  const [options, setOptions] = useState<Option[]>(() => withCurrent(initialOptions));
  const [search, setSearch] = useState('');
  const [choice, setChoice] = useState(current ? String(current.id) : '');
  const [role, setRole] = useState<string>(current?.company_role ?? 'buyer');
  const roleOptions = COMPANY_ROLES.map((r) => ({ id: r, name: t(`companyRole.${r}`) }));
  const [searched, setSearched] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const find = async () => {
    const res = await api<Option[]>('/api/admin/customers/options', { query: { search: search.trim() } });
    if (res.ok) {
      setOptions(withCurrent(res.data));
      setSearched(true);
      if (res.data[0] && !res.data.some((o) => o.id === choice)) setChoice(res.data[0].id);
    }
  };
  const link = async (customerId: string) => {
    setBusy(true);
    const res = await api(`/api/admin/users/${user.id}/customer`, { method: 'PUT', body: { customer_id: customerId, company_role: role } });
    setBusy(false);
    if (res.ok) {
      setError(undefined);
      refresh();
    } else if (res.status === 422) setError(res.errors?.customer_id?.[0] ?? res.errors?.company_role?.[0] ?? res.message);
  };

  return (
    <AdminCard title={t('user.customerB2b')}>
      <p className="text-sm text-slate-800">
        {current ? (
          <>
            {t('user.customerCurrent', { name: current.name })} ({t(`companyRole.${current.company_role}`)}){' '}
            <Link to={`/${locale}/admin/customer/${current.id}`} className="font-medium text-brand-700 hover:underline">
              {t('user.customerOpen')}
            </Link>
          </>
        ) : (
          t('user.customerNone')
        )}
      </p>
      <form
        className="mt-4 space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void link(choice);
        }}
      >
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor="customer-search" className="mb-1 block text-sm font-medium text-slate-800">
              {t('user.customerSearch')}
            </label>
            <input
              id="customer-search"
              type="search"
              value={search}
              maxLength={100}
              onChange={(e) => setSearch(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void find();
                }
              }}
              className={inputClass}
            />
          </div>
          <button type="button" onClick={() => void find()} className={secondaryButton}>
            {t('user.customerSearchButton')}
          </button>
        </div>
        {searched && options.length === 0 && <p className="text-sm text-slate-600">{t('user.customerNoneFound')}</p>}
        <Field label={t('user.customer')} htmlFor="user-customer" error={error} errorId="user-customer-error">
          <Select
            id="user-customer"
            name="customer_id"
            label={t('user.customer')}
            options={options}
            value={choice}
            onChange={(e) => setChoice(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'user-customer-error' : undefined}
          />
        </Field>
        <Field label={t('user.companyRole')} htmlFor="user-company-role">
          <Select
            id="user-company-role"
            name="company_role"
            label={t('user.companyRole')}
            options={roleOptions}
            value={role}
            onChange={(e) => setRole(e.currentTarget.value)}
          />
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          {current && (
            <ConfirmDialog
              trigger={t('user.customerUnlink')}
              triggerClassName={dangerButton}
              title={t('user.confirmTitle')}
              message={t('user.customerUnlinkConfirm', { name: current.name })}
              onConfirm={() => void link('')}
            />
          )}
          <button
            type="submit"
            disabled={busy || choice === '' || (choice === String(current?.id ?? '') && role === current?.company_role)}
            className={primaryButton}
          >
            {t('user.customerSave')}
          </button>
        </div>
      </form>

      <div className="mt-5 border-t border-slate-100 pt-4 text-sm text-slate-800">
        <p>{t('user.b2bRequest', { value: user.is_b2b_request ? t('list.yes') : t('list.no') })}</p>
        <p className="mt-1">
          {user.has_b2b_access && user.b2b_granted_at ? t('user.b2bGranted', { date: formatDate(user.b2b_granted_at) }) : t('user.b2bNotGranted')}
        </p>
        {!user.has_b2b_access && !current && <p className="mt-2 text-amber-900">{t('user.b2bNoCustomer')}</p>}
        <div className="mt-3 flex flex-wrap gap-2">
          {user.has_b2b_access ? (
            <ConfirmDialog
              trigger={t('user.revokeB2b')}
              triggerClassName={dangerButton}
              title={t('user.confirmTitle')}
              message={t('user.revokeB2bConfirm', { email: user.email })}
              submitUrl={`/api/admin/users/${user.id}`}
              id="b2b-access"
              method="DELETE"
              onConfirm={refresh}
            />
          ) : (
            <ConfirmDialog
              trigger={t('user.grantB2b')}
              triggerClassName={primaryButton}
              title={t('user.confirmTitle')}
              message={t('user.grantB2bConfirm', { email: user.email })}
              submitUrl={`/api/admin/users/${user.id}`}
              id="b2b-access"
              method="POST"
              onConfirm={refresh}
            />
          )}
        </div>
      </div>
    </AdminCard>
  );
}
