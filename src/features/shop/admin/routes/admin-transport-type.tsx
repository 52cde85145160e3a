import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { shopMessages } from '../../messages';
import { TRANSPORT_KIND_LIST } from '../../rules';
import { getTransportType, transportTypeAdminJson } from '../../transport.server';
import type { Route } from './+types/admin-transport-type';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/transport-type', title: translator(shopMessages, layout.locale)('admin.tt.title'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'transport_types');
  if (!args.params.id) return { type: null };
  const id = Number(args.params.id);
  const row = Number.isSafeInteger(id) && id > 0 && id < 2_147_483_648 ? await getTransportType(id) : null;
  if (!row) throw new Response('Not found', { status: 404 });
  return { type: transportTypeAdminJson(row) };
}

const NUMBERS = ['unit_price', 'max_kg_per_unit', 'max_m3_per_unit', 'max_units', 'max_total_kg', 'position'] as const;

export default function AdminTransportType({ loaderData }: Route.ComponentProps) {
  const t = useT(shopMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const fe = useFieldErrors({ prefix: 'tt' });
  const initial = loaderData.type;
  const text = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : locale === 'pl' ? String(v).replace('.', ',') : String(v));
  const [values, setValues] = useState<Record<string, string>>({
    name_pl: initial?.name_pl ?? '',
    name_en: initial?.name_en ?? '',
    kind: initial?.kind ?? 'courier',
    unit_price: text(initial?.unit_price ?? '0.00'),
    max_kg_per_unit: text(initial?.max_kg_per_unit),
    max_m3_per_unit: text(initial?.max_m3_per_unit),
    max_units: text(initial?.max_units),
    max_total_kg: text(initial?.max_total_kg),
    position: String(initial?.position ?? 0),
  });
  const [active, setActive] = useState(initial?.is_active ?? true);
  const [saving, setSaving] = useState(false);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const labels: Record<(typeof NUMBERS)[number], string> = {
    unit_price: t('admin.tt.unitPrice'),
    max_kg_per_unit: t('admin.tt.maxKgPerUnit'),
    max_m3_per_unit: t('admin.tt.maxM3PerUnit'),
    max_units: t('admin.tt.maxUnits'),
    max_total_kg: t('admin.tt.maxTotalKg'),
    position: t('admin.tt.position'),
  };
  const numeric = (v: string) => v.replace(',', '.');

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const body: Record<string, unknown> = { ...values, is_active: active, ...(initial ? { version: String(initial.version) } : {}) };
    for (const k of ['max_kg_per_unit', 'max_m3_per_unit', 'max_total_kg'] as const) body[k] = numeric(values[k] ?? '');
    const res = await api<{ id: number }>(initial ? `/api/admin/transport-types/${initial.id}` : '/api/admin/transport-types', {
      method: initial ? 'PUT' : 'POST',
      body,
    });
    setSaving(false);
    if (res.ok) navigate(`/${locale}/admin/transport-types`);
    else if (res.errors) fe.showFieldErrors(res.errors);
  }

  const name = initial ? (locale === 'en' ? initial.name_en : initial.name_pl) : '';
  return (
    <div>
      <AdminPageHeader
        title={initial ? t('admin.tt.edit', { name }) : t('admin.tt.new')}
        actions={
          initial && (
            <ConfirmDialog
              trigger={t('admin.tt.delete')}
              message={t('admin.tt.confirmDelete', { name })}
              submitUrl="/api/admin/transport-types"
              id={initial.id}
              onConfirm={() => navigate(`/${locale}/admin/transport-types`)}
            />
          )
        }
      />
      <form onSubmit={save} noValidate ref={fe.formRef} className="space-y-6">
        <AdminCard>
          <div className="grid gap-4 sm:grid-cols-3">
            {(['name_pl', 'name_en'] as const).map((k) => (
              <Field
                key={k}
                label={t(k === 'name_pl' ? 'admin.tt.namePl' : 'admin.tt.nameEn')}
                htmlFor={fe.field(k).id}
                error={fe.message(k)}
                errorId={fe.error(k).id}
              >
                <input {...fe.field(k)} value={values[k]} onChange={set(k)} className={inputClass} />
              </Field>
            ))}
            <Field label={t('admin.tt.kind')} htmlFor={fe.field('kind').id} error={fe.message('kind')} errorId={fe.error('kind').id}>
              <select {...fe.field('kind')} value={values.kind} onChange={set('kind')} className={inputClass}>
                {TRANSPORT_KIND_LIST.map((k) => (
                  <option key={k} value={k}>
                    {t(`kind.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
        </AdminCard>
        <AdminCard title={t('admin.tt.limits')}>
          <p className="mb-4 text-sm text-slate-600">{t('admin.tt.limitsHint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {NUMBERS.map((k) => (
              <Field key={k} label={labels[k]} htmlFor={fe.field(k).id} error={fe.message(k)} errorId={fe.error(k).id}>
                <input {...fe.field(k)} inputMode="decimal" value={values[k]} onChange={set(k)} className={inputClass} />
              </Field>
            ))}
          </div>
          <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-brand-700" />
            {t('admin.tt.isActive')}
          </label>
        </AdminCard>
        <button type="submit" disabled={saving} className={primaryButton}>
          {t('admin.tt.save')}
        </button>
      </form>
    </div>
  );
}
