import { useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '~/core/http/api-client';
import { imageUrl } from '~/core/files/urls';
import { translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, Textarea } from '~/core/ui/admin/fields';
import { FileUpload } from '~/core/ui/admin/file-upload';
import { AdminCard, AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { adminTesterJson, getTester } from '../../rentals.server';
import { rentalUi } from '../../messages';
import { MAX_TURNAROUND_DAYS } from '../../rules';
import type { Route } from './+types/admin-tester';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/tester', title: translator(rentalUi, layout.locale)('admin.testers'), robots: 'noindex' });
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'testers');
  if (!args.params.id) return { tester: null };
  const id = Number(args.params.id);
  const row = Number.isSafeInteger(id) && id > 0 ? await getTester(id) : undefined;
  if (!row) throw new Response('Not found', { status: 404 });
  return { tester: adminTesterJson(row) };
}

const TEXT = ['name', 'model', 'serial_number'] as const;
const MONEY = ['price_per_day', 'extra_day_price', 'deposit'] as const;

export default function AdminTester({ loaderData }: Route.ComponentProps) {
  const t = useT(rentalUi);
  const locale = useLocale();
  const navigate = useNavigate();
  const fe = useFieldErrors({ prefix: 'tester' });
  const initial = loaderData.tester;
  const comma = (v: string) => (locale === 'pl' ? v.replace('.', ',') : v);
  const [values, setValues] = useState<Record<string, string>>({
    name: initial?.name ?? '',
    model: initial?.model ?? '',
    serial_number: initial?.serial_number ?? '',
    description_pl: initial?.description_pl ?? '',
    description_en: initial?.description_en ?? '',
    accessories_pl: initial?.accessories_pl ?? '',
    accessories_en: initial?.accessories_en ?? '',
    price_per_day: initial ? comma(initial.price_per_day) : '',
    threshold_days: initial ? String(initial.threshold_days) : '3',
    extra_day_price: initial ? comma(initial.extra_day_price) : '',
    deposit: initial ? comma(initial.deposit) : '0',
    calibration_valid_until: initial?.calibration_valid_until ?? '',
    turnaround_before_days: initial ? String(initial.turnaround_before_days) : '0',
    turnaround_after_days: initial ? String(initial.turnaround_after_days) : '0',
  });
  const [active, setActive] = useState(initial?.is_active ?? true);
  const [images, setImages] = useState<string[]>(initial?.image_ids ?? []);
  const [saving, setSaving] = useState(false);
  const set = (k: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [k]: e.target.value }));
  const labels: Record<string, string> = {
    name: t('admin.name'),
    model: t('admin.model'),
    serial_number: t('admin.serial'),
    price_per_day: t('admin.pricePerDay'),
    extra_day_price: t('admin.extra'),
    deposit: t('admin.deposit'),
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const body = { ...values, is_active: active, image_ids: images, ...(initial ? { version: String(initial.version) } : {}) };
    const res = await api<{ id: number }>(initial ? `/api/admin/testers/${initial.id}` : '/api/admin/testers', { method: initial ? 'PUT' : 'POST', body });
    setSaving(false);
    if (res.ok) navigate(`/${locale}/admin/testers`);
    else if (res.errors) fe.showFieldErrors(res.errors);
  }

  return (
    <div>
      <AdminPageHeader
        title={initial ? t('admin.editTester', { name: initial.name }) : t('admin.newTester')}
        actions={
          initial && (
            <ConfirmDialog
              trigger={t('admin.delete')}
              message={t('admin.deleteConfirm', { name: initial.name })}
              submitUrl="/api/admin/testers"
              id={initial.id}
              onConfirm={() => navigate(`/${locale}/admin/testers`)}
            />
          )
        }
      />
      <form onSubmit={save} noValidate ref={fe.formRef} className="space-y-6">
        <AdminCard>
          <div className="grid gap-4 sm:grid-cols-3">
            {TEXT.map((k) => (
              <Field key={k} label={labels[k]} htmlFor={fe.field(k).id} error={fe.message(k)} errorId={fe.error(k).id}>
                <input {...fe.field(k)} value={values[k]} onChange={set(k)} className={inputClass} />
              </Field>
            ))}
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-2">
            {(['description_pl', 'description_en', 'accessories_pl', 'accessories_en'] as const).map((k) => (
              <Field
                key={k}
                label={t(
                  k === 'description_pl' ? 'admin.descPl' : k === 'description_en' ? 'admin.descEn' : k === 'accessories_pl' ? 'admin.accPl' : 'admin.accEn',
                )}
                htmlFor={fe.field(k).id}
                error={fe.message(k)}
                errorId={fe.error(k).id}
              >
                <Textarea {...fe.field(k)} rows={5} value={values[k]} onChange={set(k)} />
              </Field>
            ))}
          </div>
        </AdminCard>
        <AdminCard title={t('price.title')}>
          <div className="grid gap-4 sm:grid-cols-4">
            {MONEY.map((k) => (
              <Field key={k} label={labels[k]} htmlFor={fe.field(k).id} error={fe.message(k)} errorId={fe.error(k).id}>
                <input {...fe.field(k)} inputMode="decimal" value={values[k]} onChange={set(k)} className={inputClass} />
              </Field>
            ))}
            <Field
              label={t('admin.threshold')}
              htmlFor={fe.field('threshold_days').id}
              error={fe.message('threshold_days')}
              errorId={fe.error('threshold_days').id}
            >
              <input
                {...fe.field('threshold_days')}
                inputMode="numeric"
                value={values.threshold_days}
                onChange={set('threshold_days')}
                className={inputClass}
              />
            </Field>
          </div>
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <Field
              label={t('admin.calibration')}
              htmlFor={fe.field('calibration_valid_until').id}
              error={fe.message('calibration_valid_until')}
              errorId={fe.error('calibration_valid_until').id}
              hint={t('admin.calibrationHint')}
            >
              <input
                {...fe.field('calibration_valid_until')}
                type="date"
                value={values.calibration_valid_until}
                onChange={set('calibration_valid_until')}
                className={`${inputClass} max-w-52`}
              />
            </Field>
            {(
              [
                ['turnaround_before_days', 'admin.turnaroundBefore', 'admin.turnaroundBeforeHint'],
                ['turnaround_after_days', 'admin.turnaroundAfter', 'admin.turnaroundAfterHint'],
              ] as const
            ).map(([k, label, hint]) => (
              <Field key={k} label={t(label)} htmlFor={fe.field(k).id} error={fe.message(k)} errorId={fe.error(k).id} hint={t(hint)}>
                <input
                  {...fe.field(k)}
                  type="number"
                  min={0}
                  max={MAX_TURNAROUND_DAYS}
                  inputMode="numeric"
                  value={values[k]}
                  onChange={set(k)}
                  className={`${inputClass} max-w-32`}
                />
              </Field>
            ))}
          </div>
          <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} className="h-4 w-4 accent-brand-700" />
            {t('admin.active')}
          </label>
        </AdminCard>
        <AdminCard title={t('admin.images')}>
          {images.length > 0 && (
            <ul className="mb-4 flex flex-wrap gap-3">
              {images.map((id) => (
                <li key={id} className="relative">
                  <img src={imageUrl(id, 160)} alt="" width={160} height={120} className="h-28 w-40 rounded border border-slate-200 object-cover" />
                  <button
                    type="button"
                    onClick={() => setImages((l) => l.filter((x) => x !== id))}
                    className="mt-1 text-xs font-medium text-red-700 hover:underline"
                  >
                    {t('admin.removeImage')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <FileUpload
            url="/api/admin/testers-images"
            accept="image/jpeg,image/png,image/webp"
            label={t('admin.images')}
            onUploaded={(r) => typeof r.id === 'string' && setImages((l) => [...l, r.id as string])}
            onErrors={(errs) => fe.showFieldErrors(errs)}
          />
        </AdminCard>
        <button type="submit" disabled={saving} className={primaryButton}>
          {t('admin.save')}
        </button>
      </form>
    </div>
  );
}
