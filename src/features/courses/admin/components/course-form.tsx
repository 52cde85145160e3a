import { type FormEvent, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import type { Locale } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, primaryButton, secondaryButton } from '~/core/ui/admin/page-header';
import { RichTextEditor } from '~/core/ui/admin/rich-text-editor';
import { FieldError, inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import { courseMessages } from '../../messages';
import { NAME_MAX, SEATS_MAX, TITLE_MAX, VENUE_MAX } from '../../validation';
import type { AdminCourse } from '../courses-admin.server';

const LANGS: Locale[] = ['pl', 'en'];

/** The create and edit form of a course date: programme per language in tabs, venue, days, seats, price. */
export function CourseForm({ course }: { course: AdminCourse | null }) {
  const t = useT(courseMessages);
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const f = useFieldErrors({ prefix: 'course' });
  const [tab, setTab] = useState<Locale>('pl');
  const [busy, setBusy] = useState(false);
  const listUrl = `/${locale}/admin/courses`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const body = new FormData(e.currentTarget);
    if (!body.has('is_active')) body.set('is_active', '0');
    setBusy(true);
    const res = await api<{ id: number }>(course ? `/api/admin/courses/${course.id}` : '/api/admin/courses', { method: course ? 'PUT' : 'POST', body });
    setBusy(false);
    if (res.ok) {
      f.clear();
      if (course) await revalidator.revalidate();
      else navigate(`/${locale}/admin/course/${res.data.id}`);
    } else if (res.status === 422) {
      const keys = Object.keys(res.errors ?? {});
      if (keys.some((k) => k.endsWith('_pl'))) setTab('pl');
      else if (keys.some((k) => k.endsWith('_en'))) setTab('en');
      f.showFieldErrors(res.errors);
    }
  };

  const invalid = (l: Locale) => Object.keys(f.errors).some((k) => k.endsWith(`_${l}`));
  const text = (
    name: string,
    label: string,
    opts: { type?: string; max?: number; required?: boolean; value?: string | number | null; hint?: string; className?: string } = {},
  ) => (
    <Field label={label} htmlFor={f.field(name).id} hint={opts.hint}>
      <input
        {...f.field(name)}
        type={opts.type ?? 'text'}
        maxLength={opts.max}
        required={opts.required}
        defaultValue={opts.value ?? ''}
        className={`${inputClass} ${opts.className ?? ''}`}
      />
      <FieldError {...f.error(name)} />
    </Field>
  );

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
      {course && <input type="hidden" name="version" value={course.version} />}
      <AdminCard>
        <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k === 'en' ? 'en' : 'pl')}>
          <TabList aria-label={t('admin.lang.tabs')} className="flex gap-1 border-b border-slate-200">
            {LANGS.map((l) => (
              <Tab
                key={l}
                id={l}
                className="-mb-px cursor-pointer rounded-t-md border border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-brand-800 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-300 data-[selected]:border-slate-200 data-[selected]:border-b-white data-[selected]:bg-white data-[selected]:text-brand-800"
              >
                {t(`admin.lang.${l}`)} ({l.toUpperCase()})
                {invalid(l) && <span className="ml-2 inline-block h-2 w-2 rounded-full bg-red-600" aria-hidden="true" />}
              </Tab>
            ))}
          </TabList>
          {LANGS.map((l) => (
            <TabPanel key={l} id={l} shouldForceMount className="space-y-4 pt-4 outline-none data-[inert]:hidden">
              {text(`title_${l}`, t('admin.field.title'), { max: TITLE_MAX, required: l === 'pl', value: course?.[`title_${l}`] })}
              <div>
                <span className="mb-1 block text-sm font-medium text-slate-800">{t('admin.field.description')}</span>
                <RichTextEditor
                  name={`description_${l}`}
                  id={f.field(`description_${l}`).id}
                  defaultValue={course?.[`description_${l}`] ?? ''}
                  media
                  label={`${t('admin.field.description')} (${l.toUpperCase()})`}
                  invalid={`description_${l}` in f.errors}
                  describedBy={`description_${l}` in f.errors ? f.error(`description_${l}`).id : undefined}
                />
                <FieldError {...f.error(`description_${l}`)} />
              </div>
            </TabPanel>
          ))}
        </Tabs>
      </AdminCard>

      <AdminCard title={t('admin.card.common')}>
        <div className="grid gap-4 md:grid-cols-2">
          {text('city', t('admin.field.city'), { max: NAME_MAX, required: true, value: course?.city })}
          {text('venue', t('admin.field.venue'), { max: VENUE_MAX, required: true, value: course?.venue })}
          {text('date_from', t('admin.field.date_from'), { type: 'date', required: true, value: course?.date_from })}
          {text('date_to', t('admin.field.date_to'), { type: 'date', required: true, value: course?.date_to })}
          {text('time_from', t('admin.field.time_from'), { type: 'time', required: true, value: course?.time_from ?? '09:00' })}
          {text('time_to', t('admin.field.time_to'), { type: 'time', required: true, value: course?.time_to ?? '16:00' })}
          {text('seats', t('admin.field.seats'), {
            type: 'number',
            required: true,
            value: course?.seats ?? 12,
            hint: course ? t('admin.participants.lead', { taken: course.seats_taken, seats: course.seats, waiting: course.waiting }) : `1–${SEATS_MAX}`,
          })}
          {text('price', t('admin.field.price'), { required: true, value: course ? course.price.replace('.', locale === 'pl' ? ',' : '.') : '' })}
          {text('registration_deadline', t('admin.field.registration_deadline'), {
            type: 'date',
            value: course?.registration_deadline,
            hint: t('admin.field.deadlineHint'),
          })}
          <div className="self-end pb-2">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="is_active"
                value="1"
                defaultChecked={course ? course.is_active : true}
                className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-700"
              />
              <span className="font-medium">{t('admin.field.is_active')}</span>
            </label>
          </div>
        </div>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? t('admin.saving') : t('admin.save')}
        </button>
        <Link to={listUrl} className={secondaryButton}>
          {t('admin.back')}
        </Link>
      </div>
    </form>
  );
}
