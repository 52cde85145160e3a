import { data, redirect } from 'react-router';
import { HttpError } from '~/core/http/errors';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { ExpiredScreen, idOfSlug, modulePath, ProgressBar, trainingPath } from '../components/bits';
import { trainingMessages } from '../messages';
import { getLearnerTraining, trainingOfModule } from '../trainings.server';
import { PointList } from '../components/point-list';
import type { Route } from './+types/training-module';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData?.module?.title ?? translator(trainingMessages, layout.locale)('list.title');
  return seoMeta({ ...layout, path: '/trainings', title, robots: 'noindex' });
}

/** /{locale}/training-module/{id}-{slug}: one module's points and progress. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const id = idOfSlug(args.params.idSlug);
  const trainingId = id ? await trainingOfModule(id) : null;
  if (!id || !trainingId) throw data(null, { status: 404 });
  let training: Awaited<ReturnType<typeof getLearnerTraining>>;
  try {
    training = await getLearnerTraining(trainingId, user.id, locale);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
  const index = training.modules.findIndex((m) => m.id === id);
  const module = training.modules[index] ?? null;
  // The canonical address is {id}-{slug of the title in this language}: an old or missing slug redirects.
  if (module) {
    const canonical = modulePath(locale, id, module.title);
    if (`/${locale}/training-module/${args.params.idSlug}` !== canonical) throw redirect(canonical, 301);
  }
  return { training, module, index };
}

export default function TrainingModule({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  const { training, module, index } = loaderData;
  if (training.access === 'expired') return <ExpiredScreen trainingId={training.id} title={training.title} expiresAt={training.expires_at} />;
  if (!module) return null;
  return (
    <>
      <PageHeader
        title={`${t('tr.module')} ${index + 1}: ${module.title}`}
        crumbs={[
          { to: `/${locale}/trainings`, label: t('list.title') },
          { to: trainingPath(locale, training.id, training.slug), label: training.title },
        ]}
      />
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
          <ProgressBar percent={module.progress} label={t('tr.progress', { percent: module.progress })} />
          <PointList points={module.points} />
        </div>
      </div>
    </>
  );
}
