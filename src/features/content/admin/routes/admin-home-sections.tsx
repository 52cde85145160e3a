import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { api } from '~/core/http/api-client';
import { translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { Field } from '~/core/ui/admin/fields';
import { AdminCard, AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { inputClass } from '~/core/ui/form/field';
import { useFieldErrors } from '~/core/ui/form/field-errors';
import {
  HOME_LEAD_MAX,
  HOME_POINT_DEFAULTS,
  HOME_POINTS_MAX_LINES,
  HOME_POSITION_MAX,
  HOME_SECTION_DEFAULTS,
  HOME_SECTION_POINTS,
  HOME_TITLE_MAX,
  pointsAsText,
} from '../../home-sections';
import { type AdminHomeSection, adminHomeSectionsWithVersion } from '../../home-sections.server';
import { homeSectionsMessages } from '../messages';
import type { Route } from './+types/admin-home-sections';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/home-sections', title: translator(homeSectionsMessages, layout.locale)('title'), robots: 'noindex' });
}

/** /{locale}/admin/home-sections: every section of the home page on one form. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'home_sections');
  const { items, updated_at } = await adminHomeSectionsWithVersion();
  return { sections: items, updatedAt: updated_at };
}

type TextKey = 'title_pl' | 'title_en' | 'lead_pl' | 'lead_en';
const TEXTS: { key: TextKey; label: 'field.titlePl' | 'field.titleEn' | 'field.leadPl' | 'field.leadEn' }[] = [
  { key: 'title_pl', label: 'field.titlePl' },
  { key: 'title_en', label: 'field.titleEn' },
  { key: 'lead_pl', label: 'field.leadPl' },
  { key: 'lead_en', label: 'field.leadEn' },
];

export default function AdminHomeSections({ loaderData }: Route.ComponentProps) {
  const t = useT(homeSectionsMessages);
  const revalidator = useRevalidator();
  const fe = useFieldErrors({ prefix: 'home' });
  const [sections, setSections] = useState<AdminHomeSection[]>(loaderData.sections);
  // The version the form was loaded at: a save from an older one is refused (409) with its message.
  const [updatedAt, setUpdatedAt] = useState(loaderData.updatedAt);
  const [conflict, setConflict] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const change = (i: number, patch: Partial<AdminHomeSection>) => setSections((list) => list.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaving(true);
    const res = await api<{ items: AdminHomeSection[]; updated_at: string }>('/api/admin/home-sections', {
      method: 'PUT',
      body: { updated_at: updatedAt, sections },
    });
    setSaving(false);
    if (res.ok) {
      fe.clear();
      setConflict(null);
      setSections(res.data.items);
      setUpdatedAt(res.data.updated_at);
      void revalidator.revalidate();
    } else if (res.status === 409) setConflict(res.message ?? null);
    else if (res.errors) fe.showFieldErrors(res.errors);
  }

  return (
    <div>
      <AdminPageHeader title={t('title')} lead={t('lead')} />
      <form onSubmit={save} noValidate ref={fe.formRef} className="space-y-5">
        {conflict && (
          <p
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
            data-testid="home-sections-conflict"
          >
            {conflict}
          </p>
        )}
        <div className="flex justify-end">
          <button type="submit" disabled={saving} className={primaryButton}>
            {t('save')}
          </button>
        </div>
        {sections.map((s, i) => {
          const path = (k: string) => `sections.${i}.${k}`;
          const defaults = { pl: HOME_SECTION_DEFAULTS.pl[s.key], en: HOME_SECTION_DEFAULTS.en[s.key] };
          const heading = `${t(`section.${s.key}`)}${s.is_visible ? '' : ` (${t('hidden')})`}`;
          return (
            <AdminCard key={s.key} title={heading} id={`home-section-${s.key}`}>
              <div className="grid gap-4 sm:grid-cols-[auto_8rem] sm:items-end">
                {s.key === 'hero' ? (
                  <p className="text-sm text-slate-600">{t('field.heroAlways')}</p>
                ) : (
                  <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
                    <input
                      type="checkbox"
                      {...fe.field(path('is_visible'))}
                      checked={s.is_visible}
                      onChange={(ev) => change(i, { is_visible: ev.target.checked })}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {t('field.visible')}
                  </label>
                )}
                {s.key !== 'hero' && (
                  <Field
                    label={t('field.position')}
                    htmlFor={fe.field(path('position')).id}
                    error={fe.message(path('position'))}
                    errorId={fe.error(path('position')).id}
                  >
                    <input
                      {...fe.field(path('position'))}
                      type="number"
                      min={0}
                      max={HOME_POSITION_MAX}
                      value={s.position}
                      onChange={(ev) => change(i, { position: ev.target.value === '' ? 0 : Number(ev.target.value) })}
                      className={inputClass}
                    />
                  </Field>
                )}
              </div>
              <div className="mt-4 grid gap-4 md:grid-cols-2">
                {TEXTS.map(({ key, label }) => {
                  const lang = key.endsWith('_pl') ? 'pl' : 'en';
                  const isTitle = key.startsWith('title');
                  const placeholder = isTitle ? defaults[lang].title : defaults[lang].lead;
                  const props = {
                    ...fe.field(path(key)),
                    value: s[key],
                    placeholder,
                    lang,
                    maxLength: isTitle ? HOME_TITLE_MAX : HOME_LEAD_MAX,
                    className: inputClass,
                  };
                  return (
                    <Field key={key} label={t(label)} htmlFor={props.id} error={fe.message(path(key))} errorId={fe.error(path(key)).id}>
                      {isTitle ? (
                        <input {...props} onChange={(ev) => change(i, { [key]: ev.target.value })} />
                      ) : (
                        <textarea {...props} rows={2} onChange={(ev) => change(i, { [key]: ev.target.value })} />
                      )}
                    </Field>
                  );
                })}
              </div>
              {HOME_SECTION_POINTS[s.key] && (
                <PointsFields
                  section={s}
                  pairs={HOME_SECTION_POINTS[s.key]?.pairs ?? false}
                  fe={fe}
                  path={path}
                  onChange={(key, value) => change(i, { [key]: value })}
                  t={t}
                />
              )}
            </AdminCard>
          );
        })}
        <div className="flex justify-end">
          <button type="submit" disabled={saving} className={primaryButton}>
            {t('save')}
          </button>
        </div>
      </form>
    </div>
  );
}

/** The points of a section (one a line) in both languages, with the built-in ones as the placeholder. */
function PointsFields({
  section,
  pairs,
  fe,
  path,
  onChange,
  t,
}: {
  section: AdminHomeSection;
  pairs: boolean;
  fe: ReturnType<typeof useFieldErrors>;
  path: (k: string) => string;
  onChange: (key: 'points_pl' | 'points_en', value: string) => void;
  t: ReturnType<typeof translator<keyof typeof homeSectionsMessages.pl & string>>;
}) {
  const hintId = `home-points-hint-${section.key}`;
  const extra = section.key === 'warranty' ? t('points.hint.warranty') : section.key === 'contact' ? t('points.hint.contact') : '';
  return (
    <div className="mt-4">
      <p id={hintId} className="text-sm text-slate-600">
        {t(pairs ? 'points.hintPairs' : 'points.hint', { lines: HOME_POINTS_MAX_LINES })} {extra}
      </p>
      <div className="mt-2 grid gap-4 md:grid-cols-2">
        {(['points_pl', 'points_en'] as const).map((key) => {
          const lang = key === 'points_pl' ? 'pl' : 'en';
          const field = fe.field(path(key));
          return (
            <Field
              key={key}
              label={t(key === 'points_pl' ? 'field.pointsPl' : 'field.pointsEn')}
              htmlFor={field.id}
              error={fe.message(path(key))}
              errorId={fe.error(path(key)).id}
            >
              <textarea
                {...field}
                aria-describedby={[field['aria-describedby'], hintId].filter(Boolean).join(' ')}
                lang={lang}
                rows={Math.min(HOME_POINTS_MAX_LINES, Math.max(3, (HOME_POINT_DEFAULTS[lang][section.key] ?? []).length))}
                value={section[key]}
                placeholder={pointsAsText(HOME_POINT_DEFAULTS[lang][section.key] ?? [])}
                onChange={(ev) => onChange(key, ev.target.value)}
                className={inputClass}
              />
            </Field>
          );
        })}
      </div>
    </div>
  );
}
