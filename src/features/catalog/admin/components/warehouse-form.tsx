import type { FormEvent } from 'react';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { catalogAdminMessages } from '../messages';
import { WAREHOUSE_NAME_MAX } from '../warehouse-validation';
import type { AdminWarehouse } from '../warehouses-admin.server';

/** The create and edit form of a warehouse: ERP code, Polish and English names, order. */
export function WarehouseForm({ warehouse }: { warehouse: AdminWarehouse | null }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'warehouse' });
  const [busy, setBusy] = useState(false);
  const listUrl = `/${locale}/admin/warehouses`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    setBusy(true);
    const res = await api<{ id: number; version?: number }>(warehouse ? `/api/admin/warehouses/${warehouse.id}` : '/api/admin/warehouses', {
      method: warehouse ? 'PUT' : 'POST',
      body,
    });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (warehouse) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) f.showFieldErrors(res.errors);
  };

  return (
    <form
      ref={f.formRef}
      onSubmit={onSubmit}
      onChange={(e) => {
        const name = (e.target as { name?: string }).name;
        if (name && name in f.errors) f.clear(name);
      }}
      noValidate
      className="space-y-5"
    >
      {warehouse && <input type="hidden" name="version" value={warehouse.version} />}
      <AdminCard>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('wh.field.code')} htmlFor={f.field('code').id} hint={t('wh.field.codeHint')}>
            <input {...f.field('code')} required maxLength={16} defaultValue={warehouse?.code ?? ''} className={`${inputClass} font-mono uppercase`} />
            <FieldError {...f.error('code')} />
          </Field>
          <Field label={t('wh.field.sort')} htmlFor={f.field('sort').id}>
            <input {...f.field('sort')} type="number" inputMode="numeric" min={0} max={100000} defaultValue={warehouse?.sort ?? 0} className={inputClass} />
            <FieldError {...f.error('sort')} />
          </Field>
          <Field label={t('wh.field.namePl')} htmlFor={f.field('name_pl').id}>
            <input {...f.field('name_pl')} required maxLength={WAREHOUSE_NAME_MAX} defaultValue={warehouse?.name_pl ?? ''} className={inputClass} />
            <FieldError {...f.error('name_pl')} />
          </Field>
          <Field label={t('wh.field.nameEn')} htmlFor={f.field('name_en').id}>
            <input {...f.field('name_en')} required maxLength={WAREHOUSE_NAME_MAX} defaultValue={warehouse?.name_en ?? ''} className={inputClass} />
            <FieldError {...f.error('name_en')} />
          </Field>
        </div>
      </AdminCard>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('common.back')}
        </Link>
        {warehouse && (
          <div className="ml-auto">
            <ConfirmDialog
              triggerClassName={dangerButton}
              trigger={t('common.delete')}
              message={t('wh.deleteConfirm', { code: warehouse.code })}
              submitUrl="/api/admin/warehouses"
              id={warehouse.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}
