import { useState } from 'react';
import { data, Link, redirect, useRevalidator } from 'react-router';
import { COMPANY } from '~/core/company';
import { ResponsiveImage } from '~/core/files/responsive-image';
import { api, downloadFile } from '~/core/http/api-client';
import { HttpError } from '~/core/http/errors';
import { formatDate } from '~/core/time/format';
import { isLocale, translator } from '~/core/i18n/locale';
import { useLocale, useT } from '~/core/i18n/use-locale';
import { requireActiveUser } from '~/core/permissions/guards.server';
import { layoutFromMatches, seoMeta } from '~/core/seo/meta';
import { PageHeader } from '~/core/ui/page-header';
import { ExpiredScreen, idOfSlug, modulePath, ProgressBar, StartButton, TrainingBadge, trainingPath } from '../components/bits';
import { PointList } from '../components/point-list';
import { trainingMessages } from '../messages';
import { QUESTIONNAIRE_KEYS } from '../rules';
import { getLearnerTraining } from '../trainings.server';
import type { Route } from './+types/training';
import { Button } from '~/core/ui/form/button';
import { Notice } from '~/core/ui/form/notice';

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const layout = layoutFromMatches(matches);
  const title = loaderData?.training.title ?? translator(trainingMessages, layout.locale)('list.title');
  return seoMeta({ ...layout, path: loaderData ? `/training/${loaderData.training.id}-${loaderData.training.slug}` : '/trainings', title, robots: 'noindex' });
}

/** /{locale}/training/{id}-{slug}: modules and points with locks, progress, start, certificate, questionnaire. */
export async function loader(args: Route.LoaderArgs) {
  const user = await requireActiveUser(args);
  const locale = isLocale(args.params.locale) ? args.params.locale : 'pl';
  const id = idOfSlug(args.params.idSlug);
  if (!id) throw data(null, { status: 404 });
  let training: Awaited<ReturnType<typeof getLearnerTraining>>;
  try {
    training = await getLearnerTraining(id, user.id, locale);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw data(null, { status: 404 });
    throw e;
  }
  if (args.params.idSlug !== `${id}-${training.slug}`) throw redirect(trainingPath(locale, id, training.slug), 301);
  return { training };
}

export default function Training({ loaderData }: Route.ComponentProps) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  const tr = loaderData.training;
  // A learner who finished keeps the certificate after access ends (issue 41 point 15).
  if (tr.access === 'expired') {
    return (
      <ExpiredScreen trainingId={tr.id} title={tr.title} expiresAt={tr.expires_at}>
        {tr.is_done && tr.certificate_number ? <CertificateBox trainingId={tr.id} number={tr.certificate_number} verifyKey={tr.certificate_key} /> : null}
      </ExpiredScreen>
    );
  }
  return (
    <>
      <PageHeader title={tr.title} crumbs={[{ to: `/${locale}/trainings`, label: t('list.title') }]}>
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <TrainingBadge badge={tr.badge} />
          {tr.expires_at ? <span className="text-sm text-brand-100">{t('tr.access', { date: formatDate(tr.expires_at) })}</span> : null}
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {tr.access === 'none' ? (
            <Notice kind="info" role="note" className="mb-6">
              <p>{t('tr.startNotice', { days: tr.access_days })}</p>
              <div className="mt-4">
                <StartButton trainingId={tr.id}>{t('tr.start')}</StartButton>
              </div>
            </Notice>
          ) : tr.access === 'pending' ? (
            <Notice kind="info" className="mb-6" data-pending-notice>
              {t('tr.pendingNotice')}
            </Notice>
          ) : tr.access === 'refused' ? (
            <Notice kind="error" role="status" className="mb-6">
              {t('tr.refusedNotice', { email: COMPANY.email })}
            </Notice>
          ) : null}
          {tr.image_file_id ? (
            <ResponsiveImage
              image={{ fileId: tr.image_file_id, width: null, height: null, alt: '' }}
              sizes="(min-width: 1280px) 820px, (min-width: 1024px) 66vw, 100vw"
              displayWidth={1024}
              priority
              className="mb-8 aspect-video w-full rounded-lg border border-slate-200 object-cover"
            />
          ) : null}
          {tr.description ? (
            <div
              className="prose-content mb-8 text-slate-700"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised when stored
              dangerouslySetInnerHTML={{ __html: tr.description }}
            />
          ) : null}
          <h2 className="text-xl font-semibold text-slate-900">{t('tr.modules')}</h2>
          <ol className="mt-4 space-y-5">
            {tr.modules.map((m, mi) => (
              <li key={m.id} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <h3 className="font-semibold text-brand-900">
                    <Link to={modulePath(locale, m.id, m.title)} className="hover:underline">
                      {t('tr.module')} {mi + 1}: {m.title}
                    </Link>
                  </h3>
                  <span className="text-sm text-slate-600">{t('tr.progress', { percent: m.progress })}</span>
                </div>
                <PointList points={m.points} />
              </li>
            ))}
          </ol>
        </div>
        <aside className="space-y-6">
          <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <ProgressBar percent={tr.progress} label={t('tr.progress', { percent: tr.progress })} />
          </div>
          {tr.is_done && tr.certificate_number ? <CertificateBox trainingId={tr.id} number={tr.certificate_number} verifyKey={tr.certificate_key} /> : null}
          {tr.is_done && tr.questionnaire_enabled ? <Questionnaire trainingId={tr.id} done={tr.questionnaire_done} /> : null}
        </aside>
      </div>
    </>
  );
}

function CertificateBox({ trainingId, number, verifyKey }: { trainingId: number; number: string; verifyKey: string | null }) {
  const t = useT(trainingMessages);
  const locale = useLocale();
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-5" data-certificate>
      <p className="font-semibold text-green-900">{t('tr.completedAll')}</p>
      <p className="mt-2 text-sm text-slate-800">{t('tr.certificateNumber', { number })}</p>
      <div className="mt-4 flex flex-col gap-2">
        <Button onClick={() => void downloadFile(`/api/trainings/${trainingId}/certificate`)}>{t('tr.certificate')}</Button>
        {verifyKey && (
          <Link to={`/${locale}/certificate/${verifyKey}`} className="text-sm font-medium text-brand-800 underline hover:text-brand-900">
            {t('tr.verify')}
          </Link>
        )}
      </div>
    </div>
  );
}

function Questionnaire({ trainingId, done }: { trainingId: number; done: boolean }) {
  const t = useT(trainingMessages);
  const revalidator = useRevalidator();
  const [ratings, setRatings] = useState<Record<string, string>>({});
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  if (done) return <p className="rounded-lg border border-slate-200 bg-white p-5 text-slate-700">{t('tr.questionnaireDone')}</p>;
  return (
    <form
      className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="questionnaire-title"
      onSubmit={async (e) => {
        e.preventDefault();
        const res = await api(`/api/trainings/${trainingId}/questionnaire`, { method: 'POST', body: { ratings, comment } });
        if (res.ok) await revalidator.revalidate();
        else if (res.errors) setErrors(res.errors);
      }}
    >
      <h2 id="questionnaire-title" className="text-lg font-semibold text-slate-900">
        {t('tr.questionnaire')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('tr.questionnaireLead')}</p>
      {QUESTIONNAIRE_KEYS.map((k) => (
        <fieldset key={k} className="mt-4" aria-invalid={errors[`ratings.${k}`] ? true : undefined}>
          <legend className="text-sm font-medium text-slate-800">{t(`q.${k}`)}</legend>
          <div className="mt-1 flex gap-2">
            {[1, 2, 3, 4, 5].map((v) => (
              <label
                key={v}
                className="flex cursor-pointer items-center gap-1 rounded border border-slate-300 px-2 py-1 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name={`ratings[${k}]`}
                  value={v}
                  checked={ratings[k] === String(v)}
                  onChange={() => setRatings({ ...ratings, [k]: String(v) })}
                />
                {v}
              </label>
            ))}
          </div>
          {errors[`ratings.${k}`] ? <p className="mt-1 text-sm text-red-700">{errors[`ratings.${k}`]?.[0]}</p> : null}
        </fieldset>
      ))}
      <label htmlFor="questionnaire-comment" className="mt-4 block text-sm font-medium text-slate-800">
        {t('tr.comment')}
      </label>
      <textarea
        id="questionnaire-comment"
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        className="mt-1 w-full rounded-md border border-slate-300 p-2 text-sm"
      />
      <Button type="submit" className="mt-4 w-full">
        {t('tr.questionnaireSend')}
      </Button>
    </form>
  );
}
