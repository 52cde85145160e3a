import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, Select } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import type { AttributeType } from '../../attributes.schema';
import { ATTRIBUTE_TYPES } from '../attribute-validation';
import type { AdminAttribute } from '../attribute-definitions-admin.server';
import { catalogAdminMessages } from '../messages';

interface OptionRow {
  key: number;
  id?: number;
  code: string;
  valuePl: string;
  valueEn: string;
  products: number;
}

const smallButton =
  'rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * Create and edit form of a product attribute: code (locked while products hold values), type,
 * unit, order, the facet and card flags, names in both languages and, for a list attribute, its
 * values (code, Polish and English name) in order.
 */
export function AttributeForm({ attribute }: { attribute: AdminAttribute | null }) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'attribute' });
  const [busy, setBusy] = useState(false);
  const [type, setType] = useState<AttributeType | ''>(attribute?.type ?? 'enum');
  const nextKey = useRef(0);
  const row = (o?: Omit<OptionRow, 'key'>): OptionRow => ({ key: nextKey.current++, code: '', valuePl: '', valueEn: '', products: 0, ...o });
  const [options, setOptions] = useState<OptionRow[]>(() => (attribute?.options ?? []).map((o) => row(o)));
  const locked = (attribute?.products ?? 0) > 0;
  const listUrl = `/${locale}/admin/attributes`;
  const name = attribute ? (locale === 'pl' ? attribute.namePl : attribute.nameEn) : '';

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    for (const flag of ['is_facet', 'on_card']) if (!body.has(flag)) body.set(flag, '0');
    setBusy(true);
    const res = await api<{ id: number }>(attribute ? `/api/admin/attributes/${attribute.id}` : '/api/admin/attributes', {
      method: attribute ? 'PUT' : 'POST',
      body,
    });
    if (res.ok) {
      f.clear();
      // Still busy until the saved data is back: the form is then rendered anew (its key is the
      // version), which would close a dialog opened meanwhile, so its delete waits too.
      if (attribute) await revalidator.revalidate();
      else navigate(listUrl);
    } else if (res.status === 422) f.showFieldErrors(res.errors);
    setBusy(false);
  };

  const change = (key: number, patch: Partial<OptionRow>) => setOptions((list) => list.map((o) => (o.key === key ? { ...o, ...patch } : o)));
  const move = (i: number, by: number) =>
    setOptions((list) => {
      const next = [...list];
      const [item] = next.splice(i, 1);
      next.splice(i + by, 0, item as OptionRow);
      return next;
    });

  return (
    <form ref={f.formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      {attribute && <input type="hidden" name="version" value={attribute.version} />}
      <AdminCard title={t('attribute.sectionMain')}>
        {locked && (
          <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('attribute.codeLocked', { n: attribute?.products ?? 0 })}
          </p>
        )}
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <Field label={t('attribute.code')} htmlFor={f.field('code').id} hint={t('attribute.codeHint')}>
            <input
              {...f.field('code')}
              required
              maxLength={40}
              defaultValue={attribute?.code ?? ''}
              readOnly={locked}
              spellCheck={false}
              autoCapitalize="off"
              className={`${inputClass} font-mono read-only:bg-slate-100 read-only:text-slate-600`}
            />
            <FieldError {...f.error('code')} />
          </Field>
          <Field label={t('attribute.type')} htmlFor={f.field('type').id} hint={t('attribute.typeHint')}>
            {locked ? (
              <>
                <input type="hidden" name="type" value={attribute?.type} />
                <input
                  id={f.field('type').id}
                  readOnly
                  value={t(`attr.type.${attribute?.type ?? 'text'}`)}
                  className={`${inputClass} bg-slate-100 text-slate-600`}
                />
              </>
            ) : (
              <Select
                {...f.field('type')}
                label={t('attribute.type')}
                value={type}
                onChange={(e) => setType(e.currentTarget.value as AttributeType | '')}
                options={ATTRIBUTE_TYPES.map((ty) => ({ id: ty, name: t(`attr.type.${ty}`) }))}
              />
            )}
            <FieldError {...f.error('type')} />
          </Field>
          <Field label={t('attribute.unit')} htmlFor={f.field('unit').id} hint={t('attribute.unitHint')}>
            <input
              {...f.field('unit')}
              maxLength={20}
              defaultValue={attribute?.unit ?? ''}
              disabled={type === 'text'}
              className={`${inputClass} max-w-40 disabled:bg-slate-100`}
            />
            <FieldError {...f.error('unit')} />
          </Field>
          <Field label={t('attribute.position')} htmlFor={f.field('position').id} hint={t('attribute.positionHint')}>
            <input
              {...f.field('position')}
              type="number"
              inputMode="numeric"
              min={0}
              max={100000}
              step={1}
              defaultValue={attribute?.position ?? 0}
              className={`${inputClass} max-w-32`}
            />
            <FieldError {...f.error('position')} />
          </Field>
        </div>
        <div className="mt-4 space-y-2">
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="is_facet"
              value="1"
              defaultChecked={attribute ? attribute.isFacet : true}
              disabled={type === 'text'}
              className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-700"
            />
            {t('attribute.facet')}
          </label>
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input
              type="checkbox"
              name="on_card"
              value="1"
              defaultChecked={attribute?.onCard ?? false}
              className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 text-brand-700"
            />
            {t('attribute.card')}
          </label>
        </div>
      </AdminCard>

      <AdminCard title={t('attribute.sectionNames')}>
        <div className="grid gap-4 md:grid-cols-2">
          <Field label={t('attribute.namePl')} htmlFor={f.field('name_pl').id}>
            <input {...f.field('name_pl')} required maxLength={200} defaultValue={attribute?.namePl ?? ''} className={inputClass} />
            <FieldError {...f.error('name_pl')} />
          </Field>
          <Field label={t('attribute.nameEn')} htmlFor={f.field('name_en').id}>
            <input {...f.field('name_en')} required maxLength={200} defaultValue={attribute?.nameEn ?? ''} className={inputClass} />
            <FieldError {...f.error('name_en')} />
          </Field>
        </div>
      </AdminCard>

      {type === 'enum' && (
        <AdminCard title={t('attribute.sectionOptions')} id="attribute-options">
          <p className="mb-3 text-sm text-slate-600">{t('attribute.optionsHint')}</p>
          <FieldError {...f.error('options')} />
          {options.length === 0 && <p className="mb-3 text-sm text-slate-600">{t('attribute.noOptions')}</p>}
          <ol className="space-y-3">
            {options.map((o, i) => (
              <li key={o.key} className="rounded-md border border-slate-200 p-3" data-option={o.code || undefined}>
                <fieldset>
                  <legend className="mb-2 text-sm font-semibold text-slate-700">{t('attribute.optionRow', { n: i + 1 })}</legend>
                  {o.id !== undefined && <input type="hidden" name={`options[${i}][id]`} value={o.id} />}
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-start">
                    <Field label={t('attribute.optionCode')} htmlFor={f.field(`options.${i}.code`).id}>
                      <input
                        {...f.field(`options.${i}.code`)}
                        maxLength={40}
                        value={o.code}
                        onChange={(e) => change(o.key, { code: e.currentTarget.value })}
                        spellCheck={false}
                        autoCapitalize="off"
                        className={`${inputClass} font-mono`}
                      />
                      <FieldError {...f.error(`options.${i}.code`)} />
                    </Field>
                    <Field label={t('attribute.optionValuePl')} htmlFor={f.field(`options.${i}.value_pl`).id}>
                      <input
                        {...f.field(`options.${i}.value_pl`)}
                        required
                        maxLength={200}
                        value={o.valuePl}
                        onChange={(e) => change(o.key, { valuePl: e.currentTarget.value })}
                        className={inputClass}
                      />
                      <FieldError {...f.error(`options.${i}.value_pl`)} />
                    </Field>
                    <Field label={t('attribute.optionValueEn')} htmlFor={f.field(`options.${i}.value_en`).id}>
                      <input
                        {...f.field(`options.${i}.value_en`)}
                        required
                        maxLength={200}
                        value={o.valueEn}
                        onChange={(e) => change(o.key, { valueEn: e.currentTarget.value })}
                        className={inputClass}
                      />
                      <FieldError {...f.error(`options.${i}.value_en`)} />
                    </Field>
                    <div className="flex flex-wrap items-center gap-1 sm:col-span-2 lg:col-span-1 lg:pt-6">
                      <button type="button" className={smallButton} disabled={i === 0} onClick={() => move(i, -1)}>
                        <span aria-hidden="true">↑</span>
                        <span className="sr-only">
                          {t('common.moveUp')}: {t('attribute.optionRow', { n: i + 1 })}
                        </span>
                      </button>
                      <button type="button" className={smallButton} disabled={i === options.length - 1} onClick={() => move(i, 1)}>
                        <span aria-hidden="true">↓</span>
                        <span className="sr-only">
                          {t('common.moveDown')}: {t('attribute.optionRow', { n: i + 1 })}
                        </span>
                      </button>
                      <button
                        type="button"
                        className={`${smallButton} text-red-700`}
                        disabled={o.products > 0}
                        title={o.products > 0 ? t('attribute.optionProducts', { n: o.products }) : undefined}
                        onClick={() => setOptions((list) => list.filter((x) => x.key !== o.key))}
                      >
                        {t('attribute.removeOption', { n: i + 1 })}
                      </button>
                    </div>
                  </div>
                  {o.products > 0 && <p className="mt-2 text-xs text-slate-600">{t('attribute.optionProducts', { n: o.products })}</p>}
                </fieldset>
              </li>
            ))}
          </ol>
          <button type="button" className={`${secondaryButton} mt-3`} onClick={() => setOptions((list) => [...list, row()])}>
            {t('attribute.addOption')}
          </button>
        </AdminCard>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('common.back')}
        </Link>
        {attribute && (
          <div className="ml-auto">
            <ConfirmDialog
              isDisabled={busy}
              triggerClassName={dangerButton}
              trigger={t('common.delete')}
              message={attribute.products > 0 ? t('attributes.deleteInUse', { name, n: attribute.products }) : t('attributes.deleteConfirm', { name })}
              submitUrl="/api/admin/attributes"
              id={attribute.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}
