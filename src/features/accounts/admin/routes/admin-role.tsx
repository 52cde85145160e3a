import { type FormEvent, useMemo, useState } from 'react';
import { data, Link, useNavigate, useRevalidator } from 'react-router';
import { baseHeaders, type FieldErrors, handleFailure } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { guardLocale, requireAdmin } from '~/core/permissions/guards.server';
import { type PermissionInfo, permissionCatalog, permissionLabel } from '~/core/permissions/labels';
import { heldPermissions, permissionsBeyond } from '~/core/permissions/permissions';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { notify } from '~/core/ui/notify';
import { StatusBadge } from '~/core/ui/form/status-badge';
import { rolesAdminMessages } from '../messages';
import { type AdminRole, getAdminRole } from '../roles-admin.server';
import { ROLE_NAME_MAX } from '../roles-validation';
import type { Route } from './+types/admin-role';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData?.role?.name ?? translator(rolesAdminMessages, layout.locale)('form.newTitle');
  return seoMeta({ ...layout, path: `/admin/role${loaderData?.role ? `/${loaderData.role.id}` : ''}`, title, robots: 'noindex' });
}

/** /{locale}/admin/role (a new role) and /{locale}/admin/role/{id}: names and the permission grid. */
export async function loader(args: Route.LoaderArgs) {
  const me = await requireAdmin(args, 'roles');
  const locale = guardLocale(args.params);
  let role: AdminRole | null = null;
  if (args.params.id !== undefined) {
    const id = Number(args.params.id);
    role = Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? await getAdminRole(id, locale) : null;
    if (!role) throw data(null, { status: 404 });
  }
  // The server's rule (no escalation): a role holding more than the viewer is shown read-only.
  const beyond = role && !role.all_permissions ? permissionsBeyond(me.can, role.permissions).map((k) => permissionLabel(k, locale)) : [];
  return { role, catalog: permissionCatalog(locale), held: heldPermissions(me.can) as string[], beyond };
}

type T = ReturnType<typeof useT<keyof typeof rolesAdminMessages.pl & string>>;
type Result = { ok: true; data: { message?: string; id?: number } } | { ok: false; status: number; errors?: FieldErrors; message?: string };

/** A JSON call whose 403 (no escalation) is shown on the screen; other failures react as everywhere (api-client). */
async function send(url: string, method: 'POST' | 'PUT', body: object): Promise<Result> {
  let res: Response;
  try {
    res = await fetch(url, { method, headers: baseHeaders({ 'Content-Type': 'application/json' }), body: JSON.stringify(body), credentials: 'include' });
  } catch {
    return handleFailure(0, null);
  }
  const payload = (await res.json().catch(() => null)) as { message?: string; id?: number } | null;
  if (res.ok) {
    if (payload?.message) notify.success(payload.message);
    return { ok: true, data: payload ?? {} };
  }
  if (res.status === 403 && payload?.message) return { ok: false, status: 403, message: payload.message };
  return handleFailure(res.status, payload);
}

export default function AdminRolePage({ loaderData }: Route.ComponentProps) {
  const t = useT(rolesAdminMessages);
  const locale = useLocale();
  const { role, catalog, held, beyond } = loaderData;
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link to={`/${locale}/admin/roles`} className="text-brand-700 hover:underline">
          ← {t('form.back')}
        </Link>
      </p>
      <AdminPageHeader
        title={role ? role.name : t('form.newTitle')}
        lead={role ? t('form.editLead', { id: role.id, count: role.users_count }) : t('form.newLead')}
        actions={role?.built_in ? <StatusBadge tone="grey">{t('badge.builtIn')}</StatusBadge> : undefined}
      />
      <RoleForm key={role ? role.permissions.join(',') + role.name_pl + role.name_en : 'new'} role={role} catalog={catalog} held={held} beyond={beyond} t={t} />
    </div>
  );
}

interface Group {
  area: string;
  label: string;
  actions: PermissionInfo[];
}

function groupsOf(catalog: PermissionInfo[]): Group[] {
  const groups: Group[] = [];
  for (const p of catalog) {
    const last = groups.at(-1);
    if (last?.area === p.area) last.actions.push(p);
    else groups.push({ area: p.area, label: p.area_label, actions: [p] });
  }
  return groups;
}

function RoleForm({ role, catalog, held, beyond, t }: { role: AdminRole | null; catalog: PermissionInfo[]; held: string[]; beyond: string[]; t: T }) {
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'role' });
  const [names, setNames] = useState({ name_pl: role?.name_pl ?? '', name_en: role?.name_en ?? '' });
  const [selected, setSelected] = useState<Set<string>>(() => new Set(role?.permissions ?? []));
  const [refusal, setRefusal] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const groups = useMemo(() => groupsOf(catalog), [catalog]);
  const heldSet = useMemo(() => new Set(held), [held]);
  const readOnly = Boolean(role?.all_permissions) || beyond.length > 0;
  const listUrl = `/${locale}/admin/roles`;

  const toggle = (p: PermissionInfo, on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      const group = catalog.filter((c) => c.area === p.area);
      if (on) {
        next.add(p.key);
        // Changing an area includes reading it.
        if (p.action === 'update') for (const c of group) if (c.action === 'view') next.add(c.key);
      } else {
        next.delete(p.key);
        if (p.action === 'view') for (const c of group) if (c.action === 'update') next.delete(c.key);
      }
      return next;
    });
    f.clear('permissions');
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const body = { ...names, permissions: catalog.map((c) => c.key).filter((k) => selected.has(k)) };
    const res = await send(role ? `/api/admin/roles/${role.id}` : '/api/admin/roles', role ? 'PUT' : 'POST', body);
    setBusy(false);
    if (res.ok) {
      f.clear();
      setRefusal(undefined);
      if (role) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) {
      setRefusal(undefined);
      f.showFieldErrors(res.errors);
    } else if (res.status === 403) {
      setRefusal(res.message);
      window.scrollTo({ top: 0 });
    }
  };

  const note = role?.all_permissions ? t('form.administratorNote') : beyond.length ? t('msg.roleBeyond', { permissions: beyond.join(', ') }) : refusal;
  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      {note && (
        <p
          role={refusal ? 'alert' : undefined}
          className={`rounded-md border px-4 py-3 text-sm ${refusal ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900'}`}
        >
          {note}
        </p>
      )}
      <AdminCard title={t('form.names')}>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['name_pl', 'name_en'] as const).map((name) => (
            <Field key={name} label={t(`field.${name}`)} htmlFor={f.field(name).id}>
              <input
                {...f.field(name)}
                value={names[name]}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setNames((n) => ({ ...n, [name]: value }));
                  f.clear(name);
                }}
                readOnly={readOnly}
                maxLength={ROLE_NAME_MAX}
                autoComplete="off"
                className={`${inputClass} ${readOnly ? 'bg-slate-50 text-slate-700' : ''}`}
              />
              <FieldError {...f.error(name)} />
            </Field>
          ))}
        </div>
      </AdminCard>
      <AdminCard title={t('form.permissions')}>
        <fieldset
          aria-describedby={[!readOnly && 'role-permissions-hint', f.message('permissions') && 'role-permissions-error'].filter(Boolean).join(' ') || undefined}
        >
          <legend className="sr-only">{t('form.permissions')}</legend>
          {!readOnly && (
            <p id="role-permissions-hint" className="mb-3 text-sm text-slate-600">
              {t('form.permissionsHint')}
            </p>
          )}
          <ul className="divide-y divide-slate-100 border-y border-slate-100">
            {groups.map((g) => (
              <li key={g.area} className="grid grid-cols-2 gap-x-4 gap-y-1.5 py-2.5 sm:grid-cols-[minmax(0,1fr)_9rem_9rem] sm:items-center">
                <span id={`role-group-${g.area}`} className="col-span-2 text-sm font-medium text-slate-900 sm:col-span-1">
                  {g.label}
                </span>
                {/* Reading and changing sit in their own columns; a group without one leaves it empty. */}
                {(g.actions.length === 1 && g.actions[0]?.action === 'update' ? [null, ...g.actions] : g.actions).map((p) =>
                  p ? (
                    <PermissionBox
                      key={p.key}
                      p={p}
                      checked={selected.has(p.key)}
                      disabled={readOnly || (!heldSet.has(p.key) && !selected.has(p.key))}
                      onChange={(on) => toggle(p, on)}
                      t={t}
                    />
                  ) : (
                    <span key={`${g.area}-none`} aria-hidden="true" />
                  ),
                )}
              </li>
            ))}
          </ul>
          <FieldError {...f.error('permissions')} />
        </fieldset>
      </AdminCard>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>{role && !readOnly && <DeleteRole role={role} t={t} onDeleted={() => navigate(listUrl)} />}</div>
        <div className="flex flex-wrap gap-2">
          <Link to={listUrl} className={secondaryButton}>
            {t('form.cancel')}
          </Link>
          {!readOnly && (
            <button type="submit" disabled={busy} className={primaryButton}>
              {role ? t('form.save') : t('form.create')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}

function PermissionBox({
  p,
  checked,
  disabled,
  onChange,
  t,
}: {
  p: PermissionInfo;
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  t: T;
}) {
  const id = `perm-${p.key.replace('.', '-')}`;
  return (
    <label
      htmlFor={id}
      className={`flex items-center gap-2 text-sm ${disabled ? 'text-slate-500' : 'text-slate-800'}`}
      title={disabled && !checked ? t('form.notHeld') : undefined}
    >
      <input
        id={id}
        type="checkbox"
        name="permissions"
        value={p.key}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.currentTarget.checked)}
        className="h-4 w-4 shrink-0 rounded border-slate-300"
      />
      <span>
        <span className="sr-only">{p.area_label}: </span>
        {p.action_label}
      </span>
    </label>
  );
}

function DeleteRole({ role, t, onDeleted }: { role: AdminRole; t: T; onDeleted: () => void }) {
  const reason = role.built_in ? t('delete.builtIn') : role.users_count > 0 ? t('delete.inUse', { count: role.users_count }) : null;
  if (reason) {
    return (
      <p className="text-sm text-slate-600">
        <button type="button" disabled aria-describedby="role-delete-reason" className={`${dangerButton} opacity-60`}>
          {t('delete')}
        </button>{' '}
        <span id="role-delete-reason">{reason}</span>
      </p>
    );
  }
  return (
    <ConfirmDialog
      trigger={t('delete')}
      triggerClassName={dangerButton}
      title={t('delete.title')}
      message={t('delete.confirm', { name: role.name })}
      submitUrl="/api/admin/roles"
      id={role.id}
      onConfirm={onDeleted}
    />
  );
}
