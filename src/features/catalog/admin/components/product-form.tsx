import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { fileUrl } from '~/core/files/urls';
import { api } from '~/core/http/api-client';
import { formatFileSize } from '~/core/i18n/file-size';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { Field, NameAndSlugFields, type Option, Select, Textarea, useNameAndSlug } from '~/core/ui/admin/fields';
import { AdminCard, dangerButton, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { RichTextEditor } from '~/core/ui/admin/rich-text-editor';
import { catalogAdminMessages } from '../messages';
import type { AdminProduct } from '../products-admin.server';
import type { AttributeDef } from '../../attributes.server';
import { CHOICE_OF_VERSION, DOC_LOCALES, DOC_TYPES, MULTIPLE_UNITS } from '../validation';
import { RelationList } from './product-relations';

const LANGS = ['pl', 'en'] as const;
const fileInputClass = 'block w-full text-sm file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-800';
const smallButton = 'rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-300';

interface NumberRow {
  key: number;
  number: string;
  namePl: string;
  nameEn: string;
  multiple: string;
  unit: string;
  position: string;
  weightKg: string;
  volumeCm: string;
}

interface DocumentRow {
  key: number;
  id?: number;
  type: string;
  locale: string;
  namePl: string;
  nameEn: string;
  file?: AdminProduct['documents'][number]['file'];
}

/** The outcome of the form's last save, shown next to both save buttons. */
export type SaveStatus = 'idle' | 'saved' | 'invalid' | 'error';

/**
 * Create and edit form of a product: category, publication, version choice, names, leads and
 * descriptions in both languages, catalogue numbers, specifications, related products and
 * accessories, datasheet and documents. Sent as multipart (files included); the edit form sends the
 * version it loaded. One save action, at the top and at the bottom (both send this form).
 */
export function ProductForm({
  product,
  categories,
  today,
  attributeDefs = [],
  status = 'idle',
  onStatus,
}: {
  product: AdminProduct | null;
  categories: Option[];
  today: string;
  /** Every attribute (the Specifications section). */
  attributeDefs?: AttributeDef[];
  /** The last save's outcome (kept by the page: the form is made anew after a save). */
  status?: SaveStatus;
  /** Hears the outcome of a save (with the saved product's id) and edits after it ('idle'). */
  onStatus?: (status: SaveStatus, productId?: number) => void;
}) {
  const t = useT(catalogAdminMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'product' });
  const [busy, setBusy] = useState(false);
  const keySeq = useRef(1000);
  const nextKey = () => ++keySeq.current;
  const names = useNameAndSlug({
    name: { pl: product?.namePl ?? '', en: product?.nameEn ?? '' },
    slug: { pl: product?.slugPl ?? '', en: product?.slugEn ?? '' },
  });
  const [numbers, setNumbers] = useState<NumberRow[]>(
    (product?.numbers ?? []).map((n, i) => ({
      key: i,
      number: n.number,
      namePl: n.namePl,
      nameEn: n.nameEn,
      multiple: String(n.multiple),
      unit: n.multipleUnit,
      position: String(n.position),
      weightKg: n.weightKg ? String(n.weightKg) : '',
      volumeCm: n.volumeCm ? String(n.volumeCm) : '',
    })),
  );
  const [documents, setDocuments] = useState<DocumentRow[]>(
    (product?.documents ?? []).map((d, i) => ({ key: i, id: d.id, type: d.type, locale: d.locale, namePl: d.namePl, nameEn: d.nameEn, file: d.file })),
  );
  const listUrl = `/${locale}/admin/products`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    for (const flag of ['is_active', 'is_featured', 'datasheet_remove']) if (!body.has(flag)) body.set(flag, '0');
    setBusy(true);
    onStatus?.('idle');
    const res = await api<{ id: number }>(product ? `/api/admin/products/${product.id}` : '/api/admin/products', {
      method: product ? 'PUT' : 'POST',
      body,
    });
    if (res.ok) {
      f.clear();
      onStatus?.('saved', res.data.id);
      // Still busy until the saved data is back: the form is then rendered anew (its key is the
      // version), which would close a dialog opened meanwhile, so its delete waits too.
      if (product) await revalidator.revalidate();
      else navigate(`/${locale}/admin/product/${res.data.id}`);
    } else {
      onStatus?.(res.status === 422 ? 'invalid' : 'error', product?.id);
      if (res.status === 422) f.showFieldErrors(res.errors);
    }
    setBusy(false);
  };
  const edited = () => {
    if (status === 'saved') onStatus?.('idle');
  };
  const statusText =
    status === 'saved' ? t('product.saved') : status === 'invalid' ? t('product.saveFailed') : status === 'error' ? t('product.saveError') : '';
  const statusClass = status === 'saved' ? 'text-emerald-800' : 'text-red-700';
  const saveButton = (
    <button type="submit" className={primaryButton} disabled={busy}>
      {busy ? t('common.saving') : t('common.save')}
    </button>
  );

  return (
    <form ref={f.formRef} onSubmit={onSubmit} onChange={edited} noValidate className="space-y-5" encType="multipart/form-data">
      {product && <input type="hidden" name="version" value={product.version} />}

      <div className="flex flex-wrap items-center gap-3" data-testid="save-top">
        {saveButton}
        {/* The same status is announced once, by the bottom bar. */}
        {statusText && (
          <p aria-hidden="true" className={`text-sm font-medium ${statusClass}`}>
            {statusText}
          </p>
        )}
      </div>

      <AdminCard title={t('product.sectionMain')}>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <div className="md:col-span-2">
            <Field label={t('product.category')} htmlFor={f.field('category_id').id}>
              <Select
                {...f.field('category_id')}
                required
                options={categories}
                label={t('product.category')}
                defaultValue={product ? String(product.categoryId) : ''}
              />
              <FieldError {...f.error('category_id')} />
            </Field>
          </div>
          <Field label={t('product.publishedAt')} htmlFor={f.field('published_at').id} hint={t('product.publishedHint')}>
            <input {...f.field('published_at')} type="date" required defaultValue={product?.publishedAt ?? today} className={`${inputClass} max-w-52`} />
            <FieldError {...f.error('published_at')} />
          </Field>
          <Field label={t('product.choice')} htmlFor={f.field('choice_of_version').id}>
            <select {...f.field('choice_of_version')} defaultValue={product?.choiceOfVersion ?? ''} className={inputClass}>
              <option value="">{t('product.choiceNone')}</option>
              <option value={CHOICE_OF_VERSION}>{CHOICE_OF_VERSION}</option>
            </select>
            <FieldError {...f.error('choice_of_version')} />
          </Field>
        </div>
        <label className="mt-4 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="is_active"
            value="1"
            defaultChecked={product ? product.isActive : true}
            className="h-4 w-4 rounded border-slate-300 text-brand-700"
          />
          {t('product.active')}
        </label>
        <label className="mt-3 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="is_featured"
            value="1"
            defaultChecked={product ? product.isFeatured : false}
            className="h-4 w-4 rounded border-slate-300 text-brand-700"
          />
          {t('product.featured')}
        </label>
      </AdminCard>

      <AdminCard title={t('product.sectionTexts')}>
        <div className="grid gap-6 xl:grid-cols-2">
          {LANGS.map((l) => {
            const S = l === 'pl' ? 'Pl' : 'En';
            return (
              <fieldset key={l} className="min-w-0 space-y-4">
                <legend className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{t(l === 'pl' ? 'common.pl' : 'common.en')}</legend>
                <NameAndSlugFields
                  lang={l}
                  state={names}
                  fields={f}
                  nameLabel={t(`product.name${S}`)}
                  nameMaxLength={300}
                  slugLabel={t(`product.slug${S}`)}
                  slugHint={t('common.slugHint')}
                />
                <Field label={t(`product.lead${S}`)} htmlFor={f.field(`lead_${l}`).id}>
                  <Textarea {...f.field(`lead_${l}`)} maxLength={1000} defaultValue={product?.[`lead${S}`] ?? ''} />
                  <FieldError {...f.error(`lead_${l}`)} />
                </Field>
                <div>
                  <span className="mb-1 block text-sm font-medium text-slate-800">{t(`product.description${S}`)}</span>
                  <RichTextEditor
                    name={`description_${l}`}
                    id={f.field(`description_${l}`).id}
                    defaultValue={product?.[`description${S}`] ?? ''}
                    media
                    label={t(`product.description${S}`)}
                    invalid={`description_${l}` in f.errors}
                    describedBy={`description_${l}` in f.errors ? f.error(`description_${l}`).id : undefined}
                  />
                  <FieldError {...f.error(`description_${l}`)} />
                </div>
              </fieldset>
            );
          })}
        </div>
      </AdminCard>

      <AdminCard title={t('product.sectionNumbers')}>
        {numbers.length === 0 && <p className="mb-3 text-sm text-slate-600">{t('product.noNumbers')}</p>}
        <ol className="space-y-3">
          {numbers.map((n, i) => (
            <li key={n.key} className="rounded-md border border-slate-200 p-3">
              <fieldset>
                <legend className="sr-only">{t('product.numberRow', { n: i + 1 })}</legend>
                {/* The number on a row with the names, as wide as its text (issue 41 point 18: squeezed between
                    eight columns it showed "CN-PG-SCA-"); the figures on a second row. */}
                <div className="grid gap-3 md:grid-cols-[minmax(12rem,max-content)_minmax(0,1fr)_minmax(0,1fr)] md:items-start">
                  <Field label={t('product.number')} htmlFor={f.field(`numbers.${i}.number`).id}>
                    <input
                      {...f.field(`numbers.${i}.number`)}
                      required
                      maxLength={64}
                      defaultValue={n.number}
                      className={`${inputClass} font-mono [field-sizing:content]`}
                      spellCheck={false}
                      autoCapitalize="characters"
                    />
                    <FieldError {...f.error(`numbers.${i}.number`)} />
                  </Field>
                  <Field label={t('product.numberNamePl')} htmlFor={f.field(`numbers.${i}.name_pl`).id}>
                    <input {...f.field(`numbers.${i}.name_pl`)} maxLength={300} defaultValue={n.namePl} className={inputClass} />
                    <FieldError {...f.error(`numbers.${i}.name_pl`)} />
                  </Field>
                  <Field label={t('product.numberNameEn')} htmlFor={f.field(`numbers.${i}.name_en`).id}>
                    <input {...f.field(`numbers.${i}.name_en`)} maxLength={300} defaultValue={n.nameEn} className={inputClass} />
                    <FieldError {...f.error(`numbers.${i}.name_en`)} />
                  </Field>
                </div>
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,9rem))_auto] lg:items-start">
                  <Field label={t('product.multiple')} htmlFor={f.field(`numbers.${i}.multiple`).id}>
                    <input {...f.field(`numbers.${i}.multiple`)} inputMode="decimal" maxLength={14} defaultValue={n.multiple} className={inputClass} />
                    <FieldError {...f.error(`numbers.${i}.multiple`)} />
                  </Field>
                  <Field label={t('product.unit')} htmlFor={f.field(`numbers.${i}.multiple_unit`).id}>
                    <select {...f.field(`numbers.${i}.multiple_unit`)} defaultValue={n.unit} className={inputClass}>
                      {MULTIPLE_UNITS.map((u) => (
                        <option key={u} value={u}>
                          {u}
                        </option>
                      ))}
                    </select>
                    <FieldError {...f.error(`numbers.${i}.multiple_unit`)} />
                  </Field>
                  <Field label={t('product.weight')} htmlFor={f.field(`numbers.${i}.weight_kg`).id}>
                    <input
                      {...f.field(`numbers.${i}.weight_kg`)}
                      inputMode="decimal"
                      maxLength={12}
                      defaultValue={n.weightKg}
                      placeholder="0"
                      className={inputClass}
                    />
                    <FieldError {...f.error(`numbers.${i}.weight_kg`)} />
                  </Field>
                  <Field label={t('product.volume')} htmlFor={f.field(`numbers.${i}.volume_cm`).id}>
                    <input
                      {...f.field(`numbers.${i}.volume_cm`)}
                      inputMode="numeric"
                      maxLength={9}
                      defaultValue={n.volumeCm}
                      placeholder="0"
                      className={inputClass}
                    />
                    <FieldError {...f.error(`numbers.${i}.volume_cm`)} />
                  </Field>
                  <Field label={t('product.order')} htmlFor={f.field(`numbers.${i}.position`).id}>
                    <input
                      {...f.field(`numbers.${i}.position`)}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={100000}
                      defaultValue={n.position}
                      className={inputClass}
                    />
                    <FieldError {...f.error(`numbers.${i}.position`)} />
                  </Field>
                  <button
                    type="button"
                    className={`${smallButton} justify-self-start lg:mt-7`}
                    onClick={() => setNumbers((rows) => rows.filter((r) => r.key !== n.key))}
                  >
                    {t('common.remove')}
                    <span className="sr-only">: {t('product.numberRow', { n: i + 1 })}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <FieldError {...f.error('numbers')} />
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          onClick={() =>
            setNumbers((rows) => [
              ...rows,
              { key: nextKey(), number: '', namePl: '', nameEn: '', multiple: '1', unit: 'szt.', position: String(rows.length), weightKg: '', volumeCm: '' },
            ])
          }
        >
          + {t('product.addNumber')}
        </button>
      </AdminCard>

      <AdminCard title={t('product.sectionAttributes')}>
        <p className="mb-3 text-sm text-slate-600">{attributeDefs.length ? t('product.attributesHint') : t('product.noAttributes')}</p>
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {attributeDefs.map((d, i) => {
            const current = product?.attributes.find((a) => a.attributeId === d.id);
            const name = locale === 'pl' ? d.namePl : d.nameEn;
            const numbersText = (current?.numbers ?? []).map((n) => (locale === 'pl' ? String(n).replace('.', ',') : String(n))).join('; ');
            return (
              <fieldset key={d.id} className="min-w-0 rounded-md border border-slate-200 p-3" data-attribute={d.code}>
                <legend className="px-1 text-sm font-semibold text-slate-800">
                  {name}
                  {d.unit ? ` (${d.unit})` : ''}
                </legend>
                <input type="hidden" name={`attributes[${i}][id]`} value={d.id} />
                {d.type === 'enum' && (
                  <div className="flex flex-wrap gap-x-4 gap-y-1" id={f.field(`attributes.${i}.options`).id}>
                    {d.options.map((o) => (
                      <label key={o.id} className="flex min-h-8 items-center gap-1.5 text-sm text-slate-800">
                        <input
                          type="checkbox"
                          name={`attributes[${i}][options][]`}
                          value={o.id}
                          defaultChecked={current?.optionIds?.includes(o.id) ?? false}
                          className="h-4 w-4 rounded border-slate-300"
                        />
                        {locale === 'pl' ? o.valuePl : o.valueEn}
                      </label>
                    ))}
                  </div>
                )}
                {d.type === 'number' && (
                  <>
                    <input
                      {...f.field(`attributes.${i}.numbers`)}
                      aria-label={name}
                      inputMode="decimal"
                      maxLength={300}
                      defaultValue={numbersText}
                      className={inputClass}
                    />
                    <p className="mt-1 text-xs text-slate-600">{t('product.attrNumbersHint')}</p>
                  </>
                )}
                {d.type === 'text' && (
                  <div className="grid gap-2">
                    <Field label={t('product.attrTextPl')} htmlFor={f.field(`attributes.${i}.text_pl`).id}>
                      <input {...f.field(`attributes.${i}.text_pl`)} maxLength={300} defaultValue={current?.textPl ?? ''} className={inputClass} />
                    </Field>
                    <Field label={t('product.attrTextEn')} htmlFor={f.field(`attributes.${i}.text_en`).id}>
                      <input {...f.field(`attributes.${i}.text_en`)} maxLength={300} defaultValue={current?.textEn ?? ''} className={inputClass} />
                    </Field>
                  </div>
                )}
                <FieldError {...f.error(`attributes.${i}.options`)} />
                <FieldError {...f.error(`attributes.${i}.numbers`)} />
                <FieldError {...f.error(`attributes.${i}.id`)} />
              </fieldset>
            );
          })}
        </div>
      </AdminCard>

      <AdminCard title={t('product.sectionRelations')} id="relations">
        <p className="mb-3 text-sm text-slate-600">{t('product.relationsHint')}</p>
        <div className="grid gap-4 xl:grid-cols-2">
          <RelationList
            field="related"
            title={t('product.related')}
            hint={t('product.relatedHint')}
            initial={product?.related ?? []}
            productId={product?.id ?? null}
            fields={f}
            onChange={edited}
          />
          <RelationList
            field="accessories"
            title={t('product.accessories')}
            hint={t('product.accessoriesHint')}
            initial={product?.accessories ?? []}
            productId={product?.id ?? null}
            fields={f}
            onChange={edited}
          />
        </div>
      </AdminCard>

      <AdminCard title={t('product.sectionFiles')}>
        <p className="mb-3 text-sm text-slate-600">{t('product.filesWithForm')}</p>
        <div className="space-y-2">
          <Field label={t('product.datasheet')} htmlFor={f.field('datasheet').id}>
            {product?.datasheet && (
              <p className="mb-2 text-sm text-slate-700">
                {t('common.current')}{' '}
                <a
                  href={fileUrl(product.datasheet.fileId, product.datasheet.filename, { inline: true })}
                  target="_blank"
                  rel="noopener"
                  className="font-medium text-brand-700 underline"
                >
                  {product.datasheet.filename}
                </a>{' '}
                ({formatFileSize(product.datasheet.size, locale)})
              </p>
            )}
            <input {...f.field('datasheet')} type="file" accept="application/pdf,.pdf" className={fileInputClass} />
            <FieldError {...f.error('datasheet')} />
          </Field>
          {product?.datasheet && (
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="datasheet_remove" value="1" className="h-4 w-4 rounded border-slate-300" />
              {t('product.datasheetRemove')}
            </label>
          )}
        </div>

        <h3 className="mt-6 text-base font-semibold text-slate-900">{t('product.documents')}</h3>
        {documents.length === 0 && <p className="mt-2 text-sm text-slate-600">{t('product.noDocuments')}</p>}
        <ol className="mt-3 space-y-3">
          {documents.map((d, i) => (
            <li key={d.key} className="rounded-md border border-slate-200 p-3">
              <fieldset>
                <legend className="sr-only">{t('product.documentRow', { n: i + 1 })}</legend>
                {d.id !== undefined && <input type="hidden" name={`documents[${i}][id]`} value={d.id} />}
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,1.5fr)_minmax(0,1.5fr)_9rem]">
                  <Field label={t('product.documentType')} htmlFor={f.field(`documents.${i}.type`).id}>
                    <select {...f.field(`documents.${i}.type`)} defaultValue={d.type} className={inputClass}>
                      {DOC_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`doc.${type}`)}
                        </option>
                      ))}
                    </select>
                    <FieldError {...f.error(`documents.${i}.type`)} />
                  </Field>
                  <Field label={t('product.documentNamePl')} htmlFor={f.field(`documents.${i}.name_pl`).id}>
                    <input {...f.field(`documents.${i}.name_pl`)} required maxLength={300} defaultValue={d.namePl} className={inputClass} />
                    <FieldError {...f.error(`documents.${i}.name_pl`)} />
                  </Field>
                  <Field label={t('product.documentNameEn')} htmlFor={f.field(`documents.${i}.name_en`).id}>
                    <input {...f.field(`documents.${i}.name_en`)} required maxLength={300} defaultValue={d.nameEn} className={inputClass} />
                    <FieldError {...f.error(`documents.${i}.name_en`)} />
                  </Field>
                  <Field label={t('product.documentLocale')} htmlFor={f.field(`documents.${i}.locale`).id}>
                    <select {...f.field(`documents.${i}.locale`)} defaultValue={d.locale} className={inputClass}>
                      {DOC_LOCALES.map((l) => (
                        <option key={l} value={l}>
                          {t(`common.${l}`)}
                        </option>
                      ))}
                    </select>
                    <FieldError {...f.error(`documents.${i}.locale`)} />
                  </Field>
                </div>
                <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <Field label={d.file ? t('product.documentReplace') : t('product.documentFile')} htmlFor={f.field(`documents.${i}.file`).id}>
                      {d.file && (
                        <p className="mb-2 text-sm text-slate-700">
                          {t('common.current')}{' '}
                          <a href={fileUrl(d.file.fileId, d.file.filename)} className="font-medium text-brand-700 underline">
                            {d.file.filename}
                          </a>{' '}
                          ({formatFileSize(d.file.size, locale)})
                        </p>
                      )}
                      <input {...f.field(`documents.${i}.file`)} type="file" className={fileInputClass} />
                      <FieldError {...f.error(`documents.${i}.file`)} />
                      <FieldError {...f.error(`documents.${i}.id`)} />
                    </Field>
                  </div>
                  <button type="button" className={smallButton} onClick={() => setDocuments((rows) => rows.filter((r) => r.key !== d.key))}>
                    {t('common.remove')}
                    <span className="sr-only">: {t('product.documentRow', { n: i + 1 })}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <FieldError {...f.error('documents')} />
        <button
          type="button"
          className={`${secondaryButton} mt-3`}
          onClick={() => setDocuments((rows) => [...rows, { key: nextKey(), type: 'declaration_of_conformity', locale: 'both', namePl: '', nameEn: '' }])}
        >
          + {t('product.addDocument')}
        </button>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3" data-testid="save-bottom">
        {saveButton}
        <Link to={listUrl} className={secondaryButton}>
          {t('common.back')}
        </Link>
        <p role="status" className={`text-sm font-medium ${statusClass}`}>
          {statusText}
        </p>
        {product && (
          <div className="ml-auto">
            <ConfirmDialog
              isDisabled={busy}
              triggerClassName={dangerButton}
              trigger={t('common.delete')}
              message={t('products.deleteConfirm', { name: product.namePl })}
              submitUrl="/api/admin/products"
              id={product.id}
              onConfirm={() => navigate(listUrl)}
            />
          </div>
        )}
      </div>
    </form>
  );
}
