import { Link, useRevalidator } from 'react-router';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { ConfirmDialog } from '~/core/ui/admin/confirm-dialog';
import { AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { adminTrainingMessages } from '../messages';
import { listAdminTrainings } from '../trainings-admin.server';
import type { Route } from './+types/admin-trainings';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({ ...layout, path: '/admin/trainings', title: translator(adminTrainingMessages, layout.locale)('a.trainings'), robots: 'noindex' });
}

/** /{locale}/admin/trainings: the online trainings with their questions and participants. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'trainings');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  return { items: await listAdminTrainings(locale) };
}

export default function AdminTrainings({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const locale = useLocale();
  const revalidator = useRevalidator();
  return (
    <div>
      <AdminPageHeader
        title={t('a.trainings')}
        lead={t('a.trainingsLead')}
        actions={
          <Link to={`/${locale}/admin/training`} className={primaryButton}>
            {t('a.add')}
          </Link>
        }
      />
      {loaderData.items.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">Brak elementów spełniających kryteria.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t('a.trainings')}</caption>
            <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-4 py-3">
                  {t('a.col.title')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('a.col.active')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('a.col.questions')}
                </th>
                <th scope="col" className="px-4 py-3">
                  {t('a.col.participants')}
                </th>
                <th scope="col" className="px-4 py-3">
                  <span className="sr-only">{t('a.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {loaderData.items.map((r) => (
                <tr key={r.id} data-training-id={r.id}>
                  <td className="px-4 py-3">
                    <Link to={`/${locale}/admin/training/${r.id}`} className="font-medium text-brand-800 hover:underline">
                      {r.title}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{r.is_active ? t('a.yes') : t('a.no')}</td>
                  <td className="px-4 py-3 tabular-nums">
                    <Link to={`/${locale}/admin/trainings-questions/${r.id}`} className="text-brand-800 hover:underline">
                      {r.questions}
                      <span className="sr-only">
                        {' '}
                        {t('a.col.questions')}: {r.title}
                      </span>
                    </Link>
                  </td>
                  <td className="px-4 py-3 tabular-nums">
                    <Link to={`/${locale}/admin/trainings-users?training_id=${r.id}`} className="text-brand-800 hover:underline">
                      {r.participants}
                      <span className="sr-only">
                        {' '}
                        {t('a.col.participants')}: {r.title}
                      </span>
                    </Link>
                  </td>
                  <td className="px-4 py-3 text-right">
                    <ConfirmDialog
                      trigger={
                        <>
                          {t('a.delete')}
                          <span className="sr-only">: {r.title}</span>
                        </>
                      }
                      message={t('a.deleteConfirm', { title: r.title })}
                      submitUrl="/api/admin/trainings"
                      id={r.id}
                      onConfirm={() => void revalidator.revalidate()}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
