import { downloadFile } from '~/core/http/api-client';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useT } from '~/core/i18n/use-locale';
import { requireAdmin } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { AdminCard, AdminPageHeader, primaryButton } from '~/core/ui/admin/page-header';
import { trainingMessages } from '../../messages';
import { QUESTIONNAIRE_KEYS } from '../../rules';
import { adminTrainingMessages } from '../messages';
import { questionnaireResults } from '../trainings-admin.server';
import type { Route } from './+types/admin-training-questionnaires';

export function meta({ matches }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  return seoMeta({
    ...layout,
    path: '/admin/training-questionnaires',
    title: translator(adminTrainingMessages, layout.locale)('a.questionnaires'),
    robots: 'noindex',
  });
}

/** /{locale}/admin/training-questionnaires: anonymous results per training, XLSX export. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args, 'training_questionnaires');
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  return { items: await questionnaireResults(locale) };
}

export default function AdminTrainingQuestionnaires({ loaderData }: Route.ComponentProps) {
  const t = useT(adminTrainingMessages);
  const m = useT(trainingMessages);
  return (
    <div>
      <AdminPageHeader
        title={t('a.questionnaires')}
        lead={t('a.questionnairesLead')}
        actions={
          <button type="button" className={primaryButton} onClick={() => void downloadFile('/api/admin/training-questionnaires.xlsx')}>
            {t('a.export')}
          </button>
        }
      />
      <div className="space-y-6">
        {loaderData.items.map((r) => (
          <AdminCard key={r.training_id} title={r.title}>
            <p className="text-sm text-slate-600">{t('a.responses', { n: r.responses })}</p>
            {r.responses === 0 ? null : (
              <>
                <table className="mt-3 w-full max-w-xl text-sm">
                  <caption className="sr-only">
                    {t('a.average')}: {r.title}
                  </caption>
                  <tbody className="divide-y divide-slate-100">
                    {QUESTIONNAIRE_KEYS.map((k) => (
                      <tr key={k}>
                        <th scope="row" className="py-1.5 text-left font-normal text-slate-700">
                          {m(`q.${k}`)}
                        </th>
                        <td className="py-1.5 text-right font-semibold tabular-nums">{r.averages[k]?.toFixed(2) ?? '–'}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {r.comments.length ? (
                  <>
                    <h3 className="mt-4 text-sm font-semibold text-slate-800">{t('a.freeText')}</h3>
                    <ul className="mt-2 space-y-2">
                      {r.comments.map((c) => (
                        <li key={`${c.created_at}-${c.text.slice(0, 20)}`} className="rounded-md bg-slate-50 p-2 text-sm text-slate-800">
                          <span className="text-xs text-slate-500">{formatDate(c.created_at)} · </span>
                          {c.text}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </>
            )}
          </AdminCard>
        ))}
      </div>
    </div>
  );
}
